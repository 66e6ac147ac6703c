/**
 * The delivery worker: sends the outbox's pending messages to the merchant's
 * endpoint, signed (Standard Webhooks, by the `standardwebhooks` package), at
 * least once: a failed attempt (no answer within the timeout, or a status
 * outside 2xx) is retried with the same `webhook-id` on the backoff schedule,
 * up to the bounded attempts, the messages of one key (a plan) one at a time
 * in order. Every attempt is written to the store before the next is
 * planned, so a restarted sandbox resumes where it stopped; an attempt cut
 * short by a stop or a crash is not recorded and is made again.
 *
 * Fair across merchants. Each merchant has at most `concurrency` attempts in
 * flight. Across merchants at most `concurrency` attempts are sent at once,
 * the merchants taking turns; an attempt whose receiver has not answered
 * within `slowAnswerMs` no longer counts against those (it waits on the
 * receiver, not on the sandbox). So an endpoint that hangs or answers slowly
 * holds only its own merchant's slots, another merchant's due message goes
 * within `slowAnswerMs`, and while receivers answer, deliveries take the
 * sandbox's event loop no more than before. The worker looks merchant by
 * merchant, and only at the merchants that may have something to send:
 * those that were written to, whose delivery ended, or whose next attempt
 * fell due.
 *
 * @module
 */
import type { StoredMessage, WebhookStore } from "../webhook-store.ts"
import { type AttemptOutcome, describeFailure, type Send, sendAttempt, signers } from "./attempt.ts"
import { DEFAULT_DELIVERY_POLICY, type DeliveryPolicy } from "./schedule.ts"

export { MAX_ANSWER_BYTES, MAX_ERROR_LENGTH } from "./attempt.ts"

/** Where a merchant's messages go now, or `undefined` when it has no endpoint. */
export type EndpointLookup = (merchantId: string) => { readonly url: string; readonly secret: string } | undefined

/** What the worker needs. */
export interface WorkerOptions {
  readonly store: WebhookStore
  readonly endpointOf: EndpointLookup
  readonly policy?: Partial<DeliveryPolicy> | undefined
  /** the real clock, epoch milliseconds (default `Date.now`) */
  readonly now?: (() => number) | undefined
  /** in [0, 1), for the jitter (default `Math.random`) */
  readonly random?: (() => number) | undefined
  readonly fetch?: typeof globalThis.fetch | undefined
  /**
   * deliveries in flight at once per merchant, one per key at most, and
   * across merchants while their answers are not slow (default 8)
   */
  readonly concurrency?: number | undefined
  /** an attempt still unanswered after this long leaves the shared count (default {@link SLOW_ANSWER_MS}) */
  readonly slowAnswerMs?: number | undefined
  /** one line per attempt; never a secret */
  readonly log?: ((line: string) => void) | undefined
}

/** The running worker. */
export interface DeliveryWorker {
  /**
   * Messages of `merchantId` were written or changed (every merchant's when
   * it is not given): look for its due ones once the transaction is over.
   */
  readonly notify: (merchantId?: string) => void
  /** Resolves once nothing is in flight and nothing is due now (tests). */
  readonly idle: () => Promise<void>
  /** Stops: no new attempt starts, attempts in flight are aborted and not recorded. */
  readonly stop: () => Promise<void>
}

/**
 * An attempt whose receiver has not answered within this (0.5 s) is waiting on
 * the receiver: it stops counting against the attempts sent at once across
 * merchants (it still counts against its merchant's own).
 */
export const SLOW_ANSWER_MS = 500

/** Reads a merchant's due messages: at most `limit`, none of `mine` (in flight). */
type ReadDue = (merchantId: string, limit: number, mine: ReadonlySet<string>) => ReadonlyArray<StoredMessage>

/** A merchant's due messages read in one look, and whether more may be due. */
interface Fetched {
  readonly rows: Array<StoredMessage>
  readonly more: boolean
}

/**
 * The worker's state and its steps: sending an attempt and recording it,
 * taking turns across merchants within the shared count, and waking up when
 * the next message falls due.
 */
class Deliveries {
  readonly policy: DeliveryPolicy
  readonly now: () => number
  readonly random: () => number
  readonly concurrency: number
  readonly slowAnswerMs: number
  readonly log: (line: string) => void
  readonly store: WebhookStore
  readonly send: Send
  readonly inFlight = new Map<string, { readonly done: Promise<void>; readonly abort: AbortController }>()
  // per merchant: the ids of its messages in flight (its slots)
  readonly slots = new Map<string, Set<string>>()
  // attempts in flight whose answer is not slow yet: at most `concurrency` across merchants
  sending = 0
  // per merchant: when it may next have something to send (0: now); a merchant not here has nothing pending
  readonly wake = new Map<string, number>()
  // the merchants in the order they take turns, and whose turn was last
  readonly turns: Array<string> = []
  readonly inTurns = new Set<string>()
  lastTurn = -1
  // every merchant with pending messages is looked at (at start: a restart resumes; a resend)
  everyMerchant = true
  stopped = false
  timer: ReturnType<typeof setTimeout> | undefined
  scheduled = false
  idleWaiters: Array<() => void> = []

  readonly endpointOf: EndpointLookup

  constructor(options: WorkerOptions) {
    this.endpointOf = options.endpointOf
    this.policy = { ...DEFAULT_DELIVERY_POLICY, ...options.policy }
    this.now = options.now ?? Date.now
    this.random = options.random ?? Math.random
    this.concurrency = options.concurrency ?? 8
    this.slowAnswerMs = options.slowAnswerMs ?? SLOW_ANSWER_MS
    this.log = options.log ?? (() => {})
    this.store = options.store
    this.send = { fetch: options.fetch ?? globalThis.fetch, signerOf: signers(), timeoutMs: this.policy.timeoutMs }
  }

  /** One attempt of `message`, recorded, unless a stop cut it short. */
  async deliver(message: StoredMessage, abort: AbortController): Promise<void> {
    const endpoint = this.endpointOf(message.merchantId)
    const started = this.now()
    const outcome: AttemptOutcome = endpoint === undefined
      ? { status: null, error: "no endpoint configured" }
      : await sendAttempt(this.send, message, endpoint, started, abort)
    // a stop (or a crash) cuts the attempt short: nothing is recorded, it is made again after a restart
    if (abort.signal.aborted) return
    this.record(message, endpoint?.url ?? null, started, outcome)
  }

  /** Records an attempt and the message's state after it: delivered, failed after the last, or its next retry. */
  record(message: StoredMessage, url: string | null, started: number, { status, error }: AttemptOutcome): void {
    const attempt = message.attempts + 1
    const durationMs = Math.max(0, this.now() - started)
    const delivered = status !== null && status >= 200 && status < 300
    const last = attempt >= message.maxAttempts
    const nextRetryAt = delivered || last ? null : this.now() + this.policy.retryDelayMs(attempt, this.random())
    this.store.recordAttempt(
      { messageId: message.id, attempt, at: started, url, status, error, durationMs, nextRetryAt },
      { state: delivered ? "delivered" : last ? "failed" : "pending", nextAttemptAt: nextRetryAt }
    )
    const outcome = status !== null ? String(status) : error
    const next = delivered
      ? "delivered"
      : last
      ? `abandoned after ${attempt} attempts`
      : `retry in ${nextRetryAt! - this.now()} ms`
    this.log(`webhook ${message.id} ${message.type} attempt ${attempt} → ${outcome} (${durationMs} ms), ${next}`)
  }

  readonly pump = (): void => {
    this.scheduled = false
    if (this.stopped) return
    try {
      this.look()
    } catch (e) {
      // the store closed under a worker that was not stopped: nothing more can be delivered
      this.stopped = true
      this.log(`webhooks: delivery stopped: ${describeFailure(e)}`)
    }
  }

  slotsOf(merchantId: string): Set<string> {
    let mine = this.slots.get(merchantId)
    if (mine === undefined) this.slots.set(merchantId, mine = new Set())
    return mine
  }

  /** Starts an attempt in one of the merchant's slots, counted against the shared count until its answer is slow. */
  start(message: StoredMessage, mine: Set<string>): void {
    const abort = new AbortController()
    this.sending++
    let counted = true
    const uncount = () => {
      if (counted) this.sending--
      counted = false
    }
    // a receiver that is slow to answer keeps its merchant's slot, not the shared one
    const slow = setTimeout(() => {
      uncount()
      this.pump()
    }, this.slowAnswerMs)
    slow.unref?.()
    const done = this.deliver(message, abort)
      .catch((e) => this.log(`webhook ${message.id}: ${describeFailure(e)}`))
      .finally(() => {
        clearTimeout(slow)
        uncount()
        this.inFlight.delete(message.id)
        mine.delete(message.id)
        if (mine.size === 0 && this.slots.get(message.merchantId) === mine) this.slots.delete(message.merchantId)
        // a slot is free, and the key's next message may be first of its key now
        this.wake.set(message.merchantId, 0)
        this.pump()
      })
    this.inFlight.set(message.id, { done, abort })
    mine.add(message.id)
  }

  takeTurnsOf(merchantId: string): void {
    if (!this.inTurns.has(merchantId)) {
      this.inTurns.add(merchantId)
      this.turns.push(merchantId)
    }
  }

  /** When the merchant's next message is due, or nothing of it is pending. */
  settle(merchantId: string, mine: ReadonlySet<string>, at: number): void {
    const next = this.store.nextDueAt(merchantId, mine)
    // due by now only if it was written meanwhile: the next look takes it
    if (next === undefined) this.wake.delete(merchantId)
    else this.wake.set(merchantId, Math.max(next, at + 1))
  }

  /**
   * Merchants take turns, one attempt each per round, while the shared count
   * allows; a merchant's due messages are read once per look, as many as it may start.
   */
  takeTurns(
    at: number,
    order: ReadonlyArray<string>,
    read: ReadDue,
    exhausted: (merchantId: string, mine: ReadonlySet<string>) => void
  ): void {
    const fetched = new Map<string, Fetched>()
    let started = true
    while (started && this.sending < this.concurrency) {
      started = false
      for (const merchantId of order) {
        if (this.sending >= this.concurrency) break
        if (this.takeTurn(at, merchantId, fetched, read, exhausted)) started = true
      }
    }
  }

  /** The merchant's turn: starts its next due message, if it has a free slot and one is due. */
  takeTurn(
    at: number,
    merchantId: string,
    fetched: Map<string, Fetched>,
    read: ReadDue,
    exhausted: (merchantId: string, mine: ReadonlySet<string>) => void
  ): boolean {
    const wakeAt = this.wake.get(merchantId)
    if (wakeAt === undefined || wakeAt > at) return false
    const mine = this.slots.get(merchantId) ?? new Set<string>()
    // its own slots are taken: looked at again when one of its deliveries ends
    if (mine.size >= this.concurrency) return false
    let due = fetched.get(merchantId)
    if (due === undefined || (due.rows.length === 0 && due.more)) {
      const limit = Math.min(this.concurrency - mine.size, this.concurrency - this.sending)
      const rows = [...read(merchantId, limit, mine)]
      fetched.set(merchantId, due = { rows, more: rows.length === limit })
    }
    const message = due.rows.shift()
    if (message === undefined) {
      if (!due.more) exhausted(merchantId, mine)
      return false
    }
    this.start(message, this.slotsOf(merchantId))
    this.lastTurn = this.turns.indexOf(merchantId)
    return true
  }

  /** Starts what is due: due retries first across merchants, then every merchant's turn. */
  look(): void {
    const at = this.now()
    const { store } = this
    if (this.everyMerchant) {
      this.everyMerchant = false
      for (const merchantId of store.pendingMerchants()) this.wake.set(merchantId, 0)
    }
    for (const merchantId of this.wake.keys()) this.takeTurnsOf(merchantId)
    if (this.sending < this.concurrency) {
      // due retries first, across merchants (the longest waiting first), so a backlog of new events
      // never holds a retry past its promise (the first retry within 10 s)
      const retrying = store.retryingMerchants(at)
      for (const merchantId of retrying) {
        this.takeTurnsOf(merchantId)
        this.wake.set(merchantId, Math.min(this.wake.get(merchantId) ?? at, at))
      }
      this.takeTurns(at, retrying, (merchantId, limit, mine) => store.dueRetries(merchantId, at, limit, mine), () => {})
    }
    // then every merchant with something due, from the one after the last served
    const { turns, lastTurn } = this
    const order = [...turns.slice(lastTurn + 1), ...turns.slice(0, lastTurn + 1)]
    this.takeTurns(
      at,
      order,
      (merchantId, limit, mine) => store.due(merchantId, at, limit, mine),
      (merchantId, mine) => this.settle(merchantId, mine, at)
    )
    this.sleep(at)
  }

  /** Looks again when the next message falls due; resolves the idle waiters when nothing is in flight or due. */
  sleep(at: number): void {
    let next = Number.POSITIVE_INFINITY
    for (const wakeAt of this.wake.values()) if (wakeAt > at) next = Math.min(next, wakeAt)
    if (this.timer !== undefined) clearTimeout(this.timer)
    this.timer = undefined
    // a merchant waiting only for a slot is looked at when a delivery ends or turns slow
    if (next !== Number.POSITIVE_INFINITY) {
      this.timer = setTimeout(this.pump, Math.min(Math.max(next - this.now(), 1), 2 ** 31 - 1))
      this.timer.unref?.()
    }
    if (this.inFlight.size === 0 && next > this.now()) {
      const waiters = this.idleWaiters
      this.idleWaiters = []
      for (const resolve of waiters) resolve()
    }
  }

  readonly notify = (merchantId?: string): void => {
    if (this.stopped) return
    if (merchantId === undefined) this.everyMerchant = true
    else this.wake.set(merchantId, 0)
    if (this.scheduled) return
    this.scheduled = true
    // after the current synchronous transaction has committed (or rolled back)
    setImmediate(this.pump)
  }

  async stop(): Promise<void> {
    this.stopped = true
    if (this.timer !== undefined) clearTimeout(this.timer)
    for (const { abort } of this.inFlight.values()) abort.abort()
    await Promise.all([...this.inFlight.values()].map((f) => f.done))
    for (const resolve of this.idleWaiters) resolve()
    this.idleWaiters = []
  }
}

/** Starts a worker over the outbox. It looks for due messages at once (a restart resumes). */
export const startDeliveryWorker = (options: WorkerOptions): DeliveryWorker => {
  const worker = new Deliveries(options)
  worker.notify()
  return {
    notify: worker.notify,
    idle: () =>
      new Promise<void>((resolve) => {
        worker.idleWaiters.push(resolve)
        worker.notify()
      }),
    stop: () => worker.stop()
  }
}
