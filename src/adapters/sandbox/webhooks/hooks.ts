/**
 * Webhooks in the sandbox: what the operations call where a plan or a
 * checkout is written, and the sandbox's webhook machinery (outbox, worker,
 * expiry sweep) started with it.
 *
 * - `recordTransition` remembers each core transition of a record (by object
 *   identity, in a `WeakMap`), so that when the record is saved the events of
 *   exactly the transitions that led to it are emitted, in order, each with
 *   its own instant; a transition only tried (a dry run) leads to no saved
 *   record and emits nothing.
 * - `planSaved` and `checkoutSaved` write the events to the outbox inside the
 *   operation's transaction.
 *
 * @module
 */
import type { Issue } from "../../../core/foundation/issues.ts"
import type * as Plan from "../../../core/plan/index.ts"
import type { WebhookEndpoint, WebhookEvent } from "../../../core/webhook/index.ts"
import { eventOfCheckout, eventsOfTransition } from "../../../core/webhook/index.ts"
import type { MerchantDirectory } from "../merchants.ts"
import type { SandboxStore, StoredCheckout, StoredPlan } from "../store.ts"
import type { WebhookStore } from "../webhook-store.ts"
import { endpointLookup, makeOutbox, type WebhookOutbox } from "./outbox.ts"
import { DEFAULT_DELIVERY_POLICY, type DeliveryPolicy } from "./schedule.ts"
import { guardedFetch, type WebhookTargets, webhookTargets } from "./targets.ts"
import { type DeliveryWorker, type EndpointLookup, startDeliveryWorker } from "./worker.ts"

// ---------------------------------------------------------------------------
// Transitions

const lineage = new WeakMap<Plan.Plan, { readonly before: Plan.Plan; readonly event: Plan.PlanEvent }>()

/** Remembers that `after` came from `before` by `event` (the sandbox's one place of core transitions). */
export const recordTransition = (before: Plan.Plan, event: Plan.PlanEvent, after: Plan.Plan): void => {
  lineage.set(after, { before, event })
}

/** The transitions that led to `record`, oldest first. */
const transitionsTo = (record: Plan.Plan) => {
  const steps: Array<{ readonly before: Plan.Plan; readonly event: Plan.PlanEvent; readonly after: Plan.Plan }> = []
  let current = record
  for (let step = lineage.get(current); step !== undefined; step = lineage.get(current)) {
    steps.push({ ...step, after: current })
    current = step.before
  }
  return steps.reverse()
}

// ---------------------------------------------------------------------------
// The sandbox's webhooks

/** The webhook machinery of a sandbox. */
export interface SandboxWebhooks {
  readonly store: WebhookStore
  readonly outbox: WebhookOutbox
  readonly worker: DeliveryWorker
  /** the merchant's endpoint now (run-time setting, else the merchants file) */
  readonly endpointOf: EndpointLookup
  /** the merchants file's endpoint */
  readonly configured: (merchantId: string) => WebhookEndpoint | undefined
  /** the real clock of deliveries */
  readonly now: () => number
  readonly policy: DeliveryPolicy
  /** The issue of a URL the sandbox may not deliver to (webhookAllow), at `path`, or none. */
  readonly targetIssues: (url: string, path: string) => ReadonlyArray<Issue>
  /** Stops the worker and the expiry sweep (attempts in flight are aborted and made again after a restart). */
  readonly stop: () => Promise<void>
}

/**
 * Options of the sandbox's webhooks: the delivery schedule and clock can be
 * replaced (tests run the schedule in milliseconds).
 *
 * @category Sandbox
 * @since 0.1.0
 */
export interface WebhookOptions {
  readonly policy?: Partial<DeliveryPolicy> | undefined
  /** the real clock of deliveries, epoch milliseconds (default `Date.now`) */
  readonly now?: (() => number) | undefined
  /** The jitter's random source (tests fix it); default `Math.random`. */
  readonly random?: (() => number) | undefined
  /** The `fetch` deliveries go out with (tests inject one); default the global `fetch`. */
  readonly fetch?: typeof globalThis.fetch | undefined
  /**
   * deliveries in flight at once per merchant, and sent at once across
   * merchants while their answers are not slow (default 8; docs/webhooks.md,
   * "Fair across merchants")
   */
  readonly concurrency?: number | undefined
  /** how often open checkouts are checked for their expiry in real time (default 30 s) */
  readonly expirySweepMs?: number | undefined
  /** one line per delivery attempt (default: none); never a secret */
  readonly log?: ((line: string) => void) | undefined
}

/** Starts a sandbox's webhooks over its store, or `undefined` when the store keeps no outbox. */
export const startWebhooks = (
  store: SandboxStore,
  merchants: MerchantDirectory,
  newId: (prefix: string) => string,
  sandboxNow: (merchantId: string) => number,
  options: WebhookOptions = {},
  targets: WebhookTargets = webhookTargets().targets
): SandboxWebhooks | undefined => {
  const webhookStore = store.webhooks
  if (webhookStore === undefined) return undefined
  const policy: DeliveryPolicy = { ...DEFAULT_DELIVERY_POLICY, ...options.policy }
  const now = options.now ?? Date.now
  const configured = (merchantId: string) => merchants.byId(merchantId)?.config.webhook
  const endpointOf = endpointLookup(webhookStore, configured)
  const worker = startDeliveryWorker({
    store: webhookStore,
    endpointOf,
    policy,
    now,
    random: options.random,
    // only to allowed targets, whatever endpoint is stored
    fetch: guardedFetch(targets, options.fetch ?? globalThis.fetch),
    concurrency: options.concurrency,
    log: options.log
  })
  const outbox = makeOutbox({
    store: webhookStore,
    endpointOf,
    newId,
    now,
    maxAttempts: policy.maxAttempts,
    notify: worker.notify
  })
  // checkouts expire as real time passes too, not only when the test clock moves
  const sweep = setInterval(() => {
    try {
      for (const merchantId of webhookStore.watchingMerchants()) {
        store.transaction(() => outbox.sweepExpiries(merchantId, sandboxNow(merchantId)))
      }
    } catch {
      // a closed store: the sandbox is stopping
    }
  }, options.expirySweepMs ?? 30_000)
  sweep.unref?.()
  return {
    store: webhookStore,
    outbox,
    worker,
    endpointOf,
    configured,
    now,
    policy,
    targetIssues: targets.issuesOf,
    stop: () => {
      clearInterval(sweep)
      return worker.stop()
    }
  }
}

// ---------------------------------------------------------------------------
// What the operations call

/**
 * A plan was written: the events of the transitions that led to its record.
 * A plan whose first transition accepted the deposit is a checkout that
 * completed: `checkout.completed` comes first.
 */
export const planSaved = (webhooks: SandboxWebhooks | undefined, plan: StoredPlan): void => {
  if (webhooks === undefined || webhooks.endpointOf(plan.merchantId) === undefined) return
  const steps = transitionsTo(plan.record)
  if (steps.length === 0) return
  const events: Array<WebhookEvent> = []
  const first = steps[0]!
  if (first.event._tag === "DepositAccepted" && first.before.status === "PendingDeposit") {
    events.push(
      eventOfCheckout({ _tag: "Completed", checkoutId: plan.checkoutId, plan: first.after, at: first.after.updatedAt })
    )
  }
  for (const step of steps) events.push(...eventsOfTransition(step.before, step.event, step.after))
  webhooks.outbox.emit(plan.merchantId, events)
}

/**
 * A checkout was written (`previous`: as it was before). An open checkout is
 * watched for its expiry; one that finishes stops being watched; one that
 * ends without a plan before its expiry is `checkout.declined` (the card was
 * declined once terms were chosen, else the customer cancelled). A completed
 * checkout's event comes with its plan ({@link planSaved}).
 */
export const checkoutSaved = (
  webhooks: SandboxWebhooks | undefined,
  previous: StoredCheckout | undefined,
  checkout: StoredCheckout
): void => {
  if (webhooks === undefined) return
  if (checkout.state === "Open") {
    if (previous === undefined) {
      webhooks.outbox.watchExpiry({
        id: checkout.id,
        merchantId: checkout.merchantId,
        merchantOrderId: checkout.request.merchantOrderId,
        expiresAt: checkout.expiresAt
      })
    }
    return
  }
  if (previous?.state !== "Open") return
  const finishedAt = checkout.finishedAt ?? checkout.createdAt
  // a checkout left open past its expiry expired: the sweep says so, once
  if (finishedAt >= checkout.expiresAt) return
  webhooks.outbox.unwatchExpiry(checkout.id)
  if (checkout.state !== "Rejected") return
  webhooks.outbox.emit(checkout.merchantId, [
    eventOfCheckout({
      _tag: "Declined",
      checkoutId: checkout.id,
      merchantOrderId: checkout.request.merchantOrderId,
      currencyCode: checkout.request.currencyCode,
      depositAmount: checkout.deposit?.amount ?? checkout.response.totalMinimumDeposit,
      reason: checkout.terms !== undefined ? "card_declined" : "customer_cancelled",
      at: finishedAt
    })
  ])
}

/** Runs a clock advance: its events written in date order, and the checkouts that expired on the way. */
export const advancing = <A>(
  webhooks: SandboxWebhooks | undefined,
  merchantId: string,
  until: number,
  settle: () => A
): A => {
  if (webhooks === undefined) return settle()
  return webhooks.outbox.inDateOrder(() => {
    const result = settle()
    webhooks.outbox.sweepExpiries(merchantId, until)
    return result
  })
}
