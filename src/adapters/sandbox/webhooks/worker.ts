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
import { Webhook as StandardWebhook } from "standardwebhooks"
import { HEADERS } from "../../../core/webhook/index.ts"
import { DEFAULT_DELIVERY_POLICY, type DeliveryPolicy } from "./schedule.ts"
import type { StoredMessage, WebhookStore } from "./store.ts"

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
 * How much of a receiver's answer is read (64 KiB): the status decides, the
 * body is not kept, and reading stops there, so an endless or huge answer
 * costs the sandbox no more than this.
 */
export const MAX_ANSWER_BYTES = 64 * 1024

/**
 * An attempt whose receiver has not answered within this (0.5 s) is waiting on
 * the receiver: it stops counting against the attempts sent at once across
 * merchants (it still counts against its merchant's own).
 */
export const SLOW_ANSWER_MS = 500

/** The longest failure text an attempt records (the deliveries log stays bounded). */
export const MAX_ERROR_LENGTH = 200

const describeFailure = (error: unknown): string => {
  const e = error as { name?: string; message?: string; cause?: { code?: string; message?: string } }
  if (e?.name === "TimeoutError" || e?.name === "AbortError") return "timeout"
  const code = e?.cause?.code
  if (code === "ECONNREFUSED") return "connection refused"
  if (code === "ECONNRESET" || code === "UND_ERR_SOCKET") return "connection reset"
  const text = typeof code === "string" ? code : String(e?.cause?.message ?? e?.message ?? "failed")
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text
}

/**
 * Reads an answer's body to its end or to `cap` bytes, whichever comes
 * first; past the cap the rest is not read (the connection is closed).
 */
const readCapped = async (body: ReadableStream<Uint8Array> | null, cap: number): Promise<void> => {
  if (body === null) return
  const reader = body.getReader()
  let read = 0
  for (;;) {
    const chunk = await reader.read()
    if (chunk.done) return
    read += chunk.value.byteLength
    if (read >= cap) {
      await reader.cancel()
      return
    }
  }
}

/** Starts a worker over the outbox. It looks for due messages at once (a restart resumes). */
export const startDeliveryWorker = (options: WorkerOptions): DeliveryWorker => {
  const policy: DeliveryPolicy = { ...DEFAULT_DELIVERY_POLICY, ...options.policy }
  const now = options.now ?? Date.now
  const random = options.random ?? Math.random
  const send = options.fetch ?? globalThis.fetch
  const concurrency = options.concurrency ?? 8
  const slowAnswerMs = options.slowAnswerMs ?? SLOW_ANSWER_MS
  const log = options.log ?? (() => {})
  const store = options.store
  const inFlight = new Map<string, { readonly done: Promise<void>; readonly abort: AbortController }>()
  // per merchant: the ids of its messages in flight (its slots)
  const slots = new Map<string, Set<string>>()
  // attempts in flight whose answer is not slow yet: at most `concurrency` across merchants
  let sending = 0
  // per merchant: when it may next have something to send (0: now); a merchant not here has nothing pending
  const wake = new Map<string, number>()
  // the merchants in the order they take turns, and whose turn was last
  const turns: Array<string> = []
  const inTurns = new Set<string>()
  let lastTurn = -1
  // every merchant with pending messages is looked at (at start: a restart resumes; a resend)
  let everyMerchant = true
  const signers = new Map<string, StandardWebhook>()
  let stopped = false
  let timer: ReturnType<typeof setTimeout> | undefined
  let scheduled = false
  let idleWaiters: Array<() => void> = []

  const signerOf = (secret: string): StandardWebhook => {
    let signer = signers.get(secret)
    if (signer === undefined) {
      if (signers.size > 64) signers.clear()
      signer = new StandardWebhook(secret)
      signers.set(secret, signer)
    }
    return signer
  }

  const deliver = async (message: StoredMessage, abort: AbortController): Promise<void> => {
    const attempt = message.attempts + 1
    const endpoint = options.endpointOf(message.merchantId)
    const started = now()
    let status: number | null = null
    let error: string | null = null
    if (endpoint === undefined) error = "no endpoint configured"
    else {
      const timestamp = Math.floor(started / 1000)
      const timeout = AbortSignal.timeout(policy.timeoutMs)
      try {
        const response = await send(endpoint.url, {
          method: "POST",
          body: message.body,
          headers: {
            "content-type": "application/json",
            "user-agent": "payment-plan-engine-sandbox (webhooks)",
            [HEADERS.id]: message.id,
            [HEADERS.timestamp]: String(timestamp),
            [HEADERS.signature]: signerOf(endpoint.secret).sign(
              message.id,
              new Date(timestamp * 1000),
              message.body
            )
          },
          // only the configured URL: a redirect is a failed attempt, never followed
          redirect: "manual",
          signal: AbortSignal.any([timeout, abort.signal])
        })
        // the answer counts once it is complete (or read to the cap), within the same timeout
        await readCapped(response.body, MAX_ANSWER_BYTES)
        status = response.status
      } catch (e) {
        error = describeFailure(e)
      }
    }
    // a stop (or a crash) cuts the attempt short: nothing is recorded, it is made again after a restart
    if (abort.signal.aborted) return
    const durationMs = Math.max(0, now() - started)
    const delivered = status !== null && status >= 200 && status < 300
    const last = attempt >= message.maxAttempts
    const nextRetryAt = delivered || last ? null : now() + policy.retryDelayMs(attempt, random())
    store.recordAttempt(
      {
        messageId: message.id,
        attempt,
        at: started,
        url: endpoint?.url ?? null,
        status,
        error,
        durationMs,
        nextRetryAt
      },
      { state: delivered ? "delivered" : last ? "failed" : "pending", nextAttemptAt: nextRetryAt }
    )
    const outcome = status !== null ? String(status) : error
    const next = delivered
      ? "delivered"
      : last
      ? `abandoned after ${attempt} attempts`
      : `retry in ${nextRetryAt! - now()} ms`
    log(`webhook ${message.id} ${message.type} attempt ${attempt} → ${outcome} (${durationMs} ms), ${next}`)
  }

  const pump = (): void => {
    scheduled = false
    if (stopped) return
    try {
      look()
    } catch (e) {
      // the store closed under a worker that was not stopped: nothing more can be delivered
      stopped = true
      log(`webhooks: delivery stopped: ${describeFailure(e)}`)
    }
  }

  const slotsOf = (merchantId: string): Set<string> => {
    let mine = slots.get(merchantId)
    if (mine === undefined) slots.set(merchantId, mine = new Set())
    return mine
  }

  const start = (message: StoredMessage, mine: Set<string>): void => {
    const abort = new AbortController()
    sending++
    let counted = true
    const uncount = () => {
      if (counted) sending--
      counted = false
    }
    // a receiver that is slow to answer keeps its merchant's slot, not the shared one
    const slow = setTimeout(() => {
      uncount()
      pump()
    }, slowAnswerMs)
    slow.unref?.()
    const done = deliver(message, abort)
      .catch((e) => log(`webhook ${message.id}: ${describeFailure(e)}`))
      .finally(() => {
        clearTimeout(slow)
        uncount()
        inFlight.delete(message.id)
        mine.delete(message.id)
        if (mine.size === 0 && slots.get(message.merchantId) === mine) slots.delete(message.merchantId)
        // a slot is free, and the key's next message may be first of its key now
        wake.set(message.merchantId, 0)
        pump()
      })
    inFlight.set(message.id, { done, abort })
    mine.add(message.id)
  }

  const look = (): void => {
    const at = now()
    if (everyMerchant) {
      everyMerchant = false
      for (const merchantId of store.pendingMerchants()) wake.set(merchantId, 0)
    }
    const takeTurnsOf = (merchantId: string) => {
      if (!inTurns.has(merchantId)) {
        inTurns.add(merchantId)
        turns.push(merchantId)
      }
    }
    for (const merchantId of wake.keys()) takeTurnsOf(merchantId)
    // when the merchant's next message is due, or nothing of it is pending
    const settle = (merchantId: string, mine: ReadonlySet<string>) => {
      const next = store.nextDueAt(merchantId, mine)
      // due by now only if it was written meanwhile: the next look takes it
      if (next === undefined) wake.delete(merchantId)
      else wake.set(merchantId, Math.max(next, at + 1))
    }
    // Merchants take turns, one attempt each per round, while the shared count allows; a merchant's due
    // messages are read once per look, as many as it may start.
    const takeTurns = (
      order: ReadonlyArray<string>,
      read: (merchantId: string, limit: number, mine: ReadonlySet<string>) => ReadonlyArray<StoredMessage>,
      exhausted: (merchantId: string, mine: ReadonlySet<string>) => void
    ) => {
      const fetched = new Map<string, { readonly rows: Array<StoredMessage>; readonly more: boolean }>()
      let started = true
      while (started && sending < concurrency) {
        started = false
        for (const merchantId of order) {
          if (sending >= concurrency) break
          const wakeAt = wake.get(merchantId)
          if (wakeAt === undefined || wakeAt > at) continue
          const mine = slots.get(merchantId) ?? new Set<string>()
          // its own slots are taken: looked at again when one of its deliveries ends
          if (mine.size >= concurrency) continue
          let due = fetched.get(merchantId)
          if (due === undefined || (due.rows.length === 0 && due.more)) {
            const limit = Math.min(concurrency - mine.size, concurrency - sending)
            const rows = [...read(merchantId, limit, mine)]
            fetched.set(merchantId, due = { rows, more: rows.length === limit })
          }
          const message = due.rows.shift()
          if (message === undefined) {
            if (!due.more) exhausted(merchantId, mine)
            continue
          }
          start(message, slotsOf(merchantId))
          lastTurn = turns.indexOf(merchantId)
          started = true
        }
      }
    }
    if (sending < concurrency) {
      // due retries first, across merchants (the longest waiting first), so a backlog of new events
      // never holds a retry past its promise (the first retry within 10 s)
      const retrying = store.retryingMerchants(at)
      for (const merchantId of retrying) {
        takeTurnsOf(merchantId)
        wake.set(merchantId, Math.min(wake.get(merchantId) ?? at, at))
      }
      takeTurns(retrying, (merchantId, limit, mine) => store.dueRetries(merchantId, at, limit, mine), () => {})
    }
    // then every merchant with something due, from the one after the last served
    const order = [...turns.slice(lastTurn + 1), ...turns.slice(0, lastTurn + 1)]
    takeTurns(order, (merchantId, limit, mine) => store.due(merchantId, at, limit, mine), settle)
    let next = Number.POSITIVE_INFINITY
    for (const wakeAt of wake.values()) if (wakeAt > at) next = Math.min(next, wakeAt)
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
    // a merchant waiting only for a slot is looked at when a delivery ends or turns slow
    if (next !== Number.POSITIVE_INFINITY) {
      timer = setTimeout(pump, Math.min(Math.max(next - now(), 1), 2 ** 31 - 1))
      timer.unref?.()
    }
    if (inFlight.size === 0 && next > now()) {
      const waiters = idleWaiters
      idleWaiters = []
      for (const resolve of waiters) resolve()
    }
  }

  const notify = (merchantId?: string) => {
    if (stopped) return
    if (merchantId === undefined) everyMerchant = true
    else wake.set(merchantId, 0)
    if (scheduled) return
    scheduled = true
    // after the current synchronous transaction has committed (or rolled back)
    setImmediate(pump)
  }

  notify()
  return {
    notify,
    idle: () =>
      new Promise<void>((resolve) => {
        idleWaiters.push(resolve)
        notify()
      }),
    stop: async () => {
      stopped = true
      if (timer !== undefined) clearTimeout(timer)
      for (const { abort } of inFlight.values()) abort.abort()
      await Promise.all([...inFlight.values()].map((f) => f.done))
      for (const resolve of idleWaiters) resolve()
      idleWaiters = []
    }
  }
}
