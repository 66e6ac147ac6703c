/**
 * Webhooks under load: many flows — create a checkout, complete it
 * through the widget's API, advance the merchant's test clock, cancel the
 * plan — against a sandbox whose merchants deliver to a real receiver on
 * 127.0.0.1, and the check of what the receiver got: every event delivered,
 * none duplicated beyond the retries (the same `webhook-id` again only after
 * a failed attempt), none out of order per plan, each verified with the
 * `standardwebhooks` package directly.
 *
 * Shared by the 1,000-flow benchmark (benchmarks/webhooks.bench.ts: the
 * sandbox in its own process, over HTTP, on the real retry schedule) and the
 * 50-flow test beside this file (in process, the schedule in milliseconds).
 *
 * Each merchant's flows run one after another (one client per merchant,
 * clients in parallel), so a clock advance settles only the instalments of
 * the plan of its own flow, and the events each flow must produce are known
 * from its card and what its advance settled:
 *
 * - the paying card: `checkout.completed`, `plan.installment_paid` #1,
 *   `plan.status_changed` (PendingDeposit → OnSchedule), one
 *   `plan.installment_paid` per settled instalment, `plan.cancelled`,
 *   `plan.status_changed` (→ Cancelled);
 * - the card whose later instalments fail: the same start, then
 *   `plan.installment_failed` per settled instalment with
 *   `plan.status_changed` (OnSchedule → Late) after the first, then the
 *   cancellation (Late → Cancelled).
 */
import { randomBytes } from "node:crypto"
import { Webhook } from "standardwebhooks"
import type { WebhookStore } from "../../../../src/adapters/sandbox/webhook-store.ts"
import { exampleRequest } from "../../../fixtures.ts"
import { waitFor } from "../../../wait.ts"
import type { Answer, Received, Receiver } from "./receiver.ts"

/** One request to the sandbox: over HTTP or in process. */
export type Call = (
  method: string,
  path: string,
  options?: { readonly body?: unknown; readonly auth?: string | null; readonly headers?: Record<string, string> }
) => Promise<{ readonly status: number; readonly body: any }>

export interface LoadMerchant {
  readonly id: string
  readonly apiKey: string
  readonly secret: string
  readonly authorization: string
}

/** `count` merchants, each with its own secret; the merchants file delivers each to `<receiver>/<id>`. */
export const loadMerchantsFor = (count: number, receiverUrl: string) => {
  const merchants: Array<LoadMerchant> = Array.from({ length: count }, (_, i) => {
    const id = `merchant-load-${String(i).padStart(3, "0")}`
    const apiKey = `sk_load_${i}_0123456789`
    return {
      id,
      apiKey,
      secret: `whsec_${randomBytes(32).toString("base64")}`,
      authorization: `Basic ${Buffer.from(`${id}:${apiKey}`).toString("base64")}`
    }
  })
  const file = {
    merchants: merchants.map((m) => ({
      id: m.id,
      apiKey: m.apiKey,
      timeZone: "Australia/Sydney",
      currencies: [{ currencyCode: "AUD", minimumPaymentAmount: 1, maximumPaymentAmount: 50_000 }],
      webhook: { url: `${receiverUrl}/${m.id}`, secret: m.secret }
    }))
  }
  return { merchants, file }
}

const DAY = 86_400_000
/** How far each flow's advance moves its merchant's clock: two fortnightly instalments fall due. */
export const ADVANCE_DAYS = 33
const CARDS = { succeeds: "4242424242424242", failsLater: "4000000000000341" } as const

/**
 * The description's example checkout (test/fixtures.ts) for `merchantId`, its redemption dates 200
 * and 197 days after the sandbox's `now`.
 */
export const checkoutBody = (merchantId: string, orderId: string, now: number) => {
  const example = exampleRequest()
  const ahead = (days: number) => new Date(now + days * DAY).toISOString()
  return {
    ...example,
    merchantId,
    merchantOrderId: orderId,
    items: example.items.map((item, i) => ({ ...item, redemptionDate: i === 0 ? ahead(200).slice(0, 10) : ahead(197) }))
  }
}

const termsBody = (checkoutId: string) => ({
  checkoutId,
  type: "plan",
  timeZone: "Australia/Sydney",
  installments: { cadence: { frequency: "Fortnightly", on: { dayOfWeek: "Friday" } } }
})

/** What one flow did: its plan, its card, and what its clock advance settled. */
export interface Flow {
  readonly merchantId: string
  readonly planId: string
  readonly card: keyof typeof CARDS
  readonly settled: number
}

export interface FlowsRun {
  readonly flows: ReadonlyArray<Flow>
  readonly failures: ReadonlyArray<string>
  /** requests made */
  readonly requests: number
  readonly ms: number
}

/**
 * Runs `flowsPerMerchant` flows for each merchant, one client per merchant,
 * the clients in parallel; cards alternate between paying and failing later.
 */
export const runFlows = async (
  call: Call,
  merchants: ReadonlyArray<LoadMerchant>,
  flowsPerMerchant: number
): Promise<FlowsRun> => {
  const flows: Array<Flow> = []
  const failures: Array<string> = []
  let requests = 0
  const request: Call = (method, path, options) => {
    requests++
    return call(method, path, options)
  }
  const started = performance.now()
  const client = async (merchant: LoadMerchant) => {
    const auth = merchant.authorization
    const clock = await request("GET", "/sandbox/clock", { auth })
    let now = Date.parse(clock.body.now as string)
    for (let n = 0; n < flowsPerMerchant; n++) {
      const name = `${merchant.id}/${n}`
      const card = n % 2 === 0 ? "succeeds" : "failsLater"
      const created = await request("POST", "/api/v2/checkout", {
        auth,
        body: checkoutBody(merchant.id, `order-${n}`, now),
        headers: { "idempotency-key": `create-${n}` }
      })
      if (created.status !== 201) {
        failures.push(`create ${name}: ${created.status} ${JSON.stringify(created.body)}`)
        continue
      }
      const checkoutId = created.body.id as string
      const completed = await request("POST", `/widget/api/checkouts/${checkoutId}/complete`, {
        auth: null,
        body: { card: CARDS[card], planTerms: termsBody(checkoutId) }
      })
      if (completed.status !== 200) {
        failures.push(`complete ${name}: ${completed.status}`)
        continue
      }
      const planId = completed.body.planId as string
      const advanced = await request("POST", "/sandbox/clock/advance", { auth, body: { days: ADVANCE_DAYS } })
      if (advanced.status !== 200) {
        failures.push(`advance ${name}: ${advanced.status}`)
        continue
      }
      now = Date.parse(advanced.body.now as string)
      const settled = advanced.body.settledInstallments as number
      const calculation = await request("GET", `/api/v2/plans/${planId}/cancellation-summary`, { auth })
      const cancelled = await request("POST", `/api/v2/plans/${planId}/cancel`, {
        auth,
        body: { planId, refundableAmount: calculation.body?.suggestedRefundAmount ?? 0, reason: "CustomerRequest" },
        headers: { "idempotency-key": `cancel-${n}` }
      })
      if (cancelled.status !== 200) {
        failures.push(`cancel ${name}: ${cancelled.status} ${JSON.stringify(cancelled.body)}`)
        continue
      }
      flows.push({ merchantId: merchant.id, planId, card, settled })
    }
  }
  await Promise.all(merchants.map(client))
  return { flows, failures, requests, ms: performance.now() - started }
}

/** An event's type with what orders it: `plan.status_changed:Late>Cancelled`, `plan.installment_paid#2`. */
export const labelOf = (event: { type: string; data: Record<string, unknown> }): string => {
  if (event.type === "plan.status_changed") {
    return `${event.type}:${event.data["previousStatus"]}>${event.data["status"]}`
  }
  if (event.type.startsWith("plan.installment_")) return `${event.type}#${event.data["installmentNumber"]}`
  return event.type
}

/** The events a flow must produce, in order (see the module's comment). */
export const expectedLabels = (flow: Flow): Array<string> => {
  const labels = [
    "checkout.completed",
    "plan.installment_paid#1",
    "plan.status_changed:PendingDeposit>OnSchedule"
  ]
  let status = "OnSchedule"
  for (let i = 0; i < flow.settled; i++) {
    if (flow.card === "succeeds") labels.push(`plan.installment_paid#${i + 2}`)
    else {
      labels.push(`plan.installment_failed#${i + 2}`)
      if (status !== "Late") labels.push(`plan.status_changed:${status}>Late`)
      status = "Late"
    }
  }
  labels.push("plan.cancelled", `plan.status_changed:${status}>Cancelled`)
  return labels
}

/**
 * The receiver's answers: each delivery is verified with `standardwebhooks`
 * and the secret of the merchant its path names (400 when it fails), and the
 * first attempt of every `failEvery`-th new message is answered 500, so that
 * retries happen under load. Every answer is recorded.
 */
export const answering = (merchants: ReadonlyArray<LoadMerchant>, failEvery: number) => {
  const verifiers = new Map(merchants.map((m) => [m.id, new Webhook(m.secret)]))
  const answers: Array<number> = []
  const seen = new Set<string>()
  let fresh = 0
  let badSignatures = 0
  const answer: Answer = (r: Received) => {
    const verifier = verifiers.get(r.path.slice(r.path.lastIndexOf("/") + 1))
    let status = 204
    try {
      if (verifier === undefined) throw new Error(`no merchant at ${r.path}`)
      verifier.verify(r.body, {
        "webhook-id": r.id,
        "webhook-timestamp": r.timestamp,
        "webhook-signature": r.signature
      })
      if (!seen.has(r.id)) {
        seen.add(r.id)
        if (++fresh % failEvery === 0) status = 500
      }
    } catch {
      badSignatures++
      status = 400
    }
    answers.push(status)
    return status
  }
  return { answer, answers, badSignatures: () => badSignatures }
}

/** What the receiver got, against what the flows had to produce. */
export interface DeliveryCheck {
  readonly flows: number
  /** events the flows had to produce */
  readonly expected: number
  /** distinct `webhook-id`s answered 2xx */
  readonly delivered: number
  /** HTTP requests the receiver got */
  readonly deliveries: number
  /** attempts the receiver answered with a failure (and the sandbox had to retry) */
  readonly failedAttempts: number
  /** expected events never answered 2xx */
  readonly missing: number
  /** deliveries of a `webhook-id` beyond one per failed attempt plus the one answered 2xx */
  readonly duplicates: number
  /** events a plan had to produce more than once under different ids, or that no flow expects */
  readonly unexpected: number
  /** deliveries that came before an earlier event of their plan was delivered, or after a later one */
  readonly outOfOrder: number
  /** a retry of an event under another `webhook-id` than its first attempt */
  readonly idChanged: number
  /** deliveries refused by `standardwebhooks` */
  readonly badSignatures: number
  /** the first few problems, for the message */
  readonly problems: ReadonlyArray<string>
}

const isSuccess = (status: number) => status >= 200 && status < 300

/**
 * Checks the receiver's deliveries against the flows: `answers[i]` is what
 * delivery `i` was answered.
 */
export const checkDeliveries = (
  flows: ReadonlyArray<Flow>,
  received: ReadonlyArray<Received>,
  answers: ReadonlyArray<number>,
  badSignatures: number
): DeliveryCheck => {
  const problems: Array<string> = []
  const problem = (text: string) => {
    if (problems.length < 5) problems.push(text)
  }
  const byPlan = new Map<string, Array<{ readonly r: Received; readonly label: string; readonly status: number }>>()
  received.forEach((r, i) => {
    const event = JSON.parse(r.body) as { type: string; data: Record<string, unknown> }
    const planId = String(event.data["planId"])
    let list = byPlan.get(planId)
    if (list === undefined) byPlan.set(planId, list = [])
    list.push({ r, label: labelOf(event), status: answers[i] ?? 0 })
  })
  let expected = 0
  let missing = 0
  let outOfOrder = 0
  let unexpected = 0
  let idChanged = 0
  let delivered = 0
  for (const flow of flows) {
    const labels = expectedLabels(flow)
    expected += labels.length
    const arrivals = byPlan.get(flow.planId) ?? []
    byPlan.delete(flow.planId)
    // walk the plan's deliveries in arrival order: each must be the next expected event, or a retry of it
    let k = 0
    let pendingId: string | undefined
    const deliveredIds = new Set<string>()
    for (const a of arrivals) {
      if (deliveredIds.has(a.r.id)) continue // a duplicate: counted by id below
      if (k < labels.length && a.label === labels[k]) {
        if (pendingId !== undefined && pendingId !== a.r.id) {
          idChanged++
          problem(`${flow.planId}: ${a.label} retried as ${a.r.id}, first sent as ${pendingId}`)
        }
        if (isSuccess(a.status)) {
          deliveredIds.add(a.r.id)
          delivered++
          k++
          pendingId = undefined
        } else pendingId = a.r.id
      } else if (labels.indexOf(a.label) > k) {
        outOfOrder++
        problem(`${flow.planId}: ${a.label} delivered while waiting for ${labels[k]}`)
      } else {
        unexpected++
        problem(`${flow.planId}: ${a.label} not expected at ${k} of ${labels.join(", ")}`)
      }
    }
    if (k < labels.length) {
      missing += labels.length - k
      problem(`${flow.planId}: ${labels.length - k} not delivered, from ${labels[k]}`)
    }
  }
  for (const [planId, arrivals] of byPlan) {
    unexpected += arrivals.length
    problem(`${planId}: ${arrivals.length} deliveries of no flow`)
  }
  // by id: one delivery per failed attempt, then the one answered 2xx, and none after it
  const perId = new Map<string, { arrivals: number; failed: number }>()
  received.forEach((r, i) => {
    const entry = perId.get(r.id) ?? { arrivals: 0, failed: 0 }
    entry.arrivals++
    if (!isSuccess(answers[i] ?? 0)) entry.failed++
    perId.set(r.id, entry)
  })
  let duplicates = 0
  for (const [id, { arrivals, failed }] of perId) {
    if (arrivals > failed + 1) {
      duplicates += arrivals - failed - 1
      problem(`${id}: ${arrivals} deliveries, ${failed} failed`)
    }
  }
  return {
    flows: flows.length,
    expected,
    delivered,
    deliveries: received.length,
    failedAttempts: answers.filter((s) => !isSuccess(s)).length,
    missing,
    duplicates,
    unexpected,
    outOfOrder,
    idChanged,
    badSignatures,
    problems
  }
}

/** Everything held: all delivered, nothing duplicated, nothing out of order, every signature good. */
export const holds = (check: DeliveryCheck): boolean =>
  check.missing === 0 && check.duplicates === 0 && check.unexpected === 0 && check.outOfOrder === 0 &&
  check.idChanged === 0 && check.badSignatures === 0 && check.delivered === check.expected

/** Resolves once `count` deliveries were answered 2xx, or rejects after `timeoutMs`. */
export const waitForDelivered = async (
  receiver: Receiver,
  answers: ReadonlyArray<number>,
  count: number,
  timeoutMs: number
): Promise<void> => {
  let ok = 0
  await waitFor(() => {
    ok = 0
    for (const s of answers) if (isSuccess(s)) ok++
    return ok >= count
  }, { timeoutMs, what: `${count} deliveries answered 2xx` }).catch(() => {
    throw new Error(`expected ${count} deliveries answered 2xx, got ${ok} (of ${receiver.received.length})`)
  })
}

/** The sandbox's outbox after the run, against the receiver: the ground truth of what was written. */
export interface OutboxCheck {
  /** messages written */
  readonly messages: number
  /** messages not in state `delivered` */
  readonly notDelivered: number
  /** messages the receiver never got */
  readonly neverReceived: number
  /** messages whose recorded attempts differ from the deliveries the receiver got */
  readonly attemptsDiffer: number
}

/** Compares the outbox (`webhooks` of a `sqliteStore`) of the merchants with the receiver's deliveries. */
export const checkOutbox = (
  outbox: Pick<WebhookStore, "listMessages">,
  merchants: ReadonlyArray<LoadMerchant>,
  received: ReadonlyArray<Received>
): OutboxCheck => {
  const arrivals = new Map<string, number>()
  for (const r of received) arrivals.set(r.id, (arrivals.get(r.id) ?? 0) + 1)
  let messages = 0
  let notDelivered = 0
  let neverReceived = 0
  let attemptsDiffer = 0
  for (const m of merchants) {
    for (const message of outbox.listMessages(m.id, 1_000_000_000)) {
      messages++
      if (message.state !== "delivered") notDelivered++
      const got = arrivals.get(message.id) ?? 0
      if (got === 0) neverReceived++
      if (got !== message.attempts) attemptsDiffer++
    }
  }
  return { messages, notDelivered, neverReceived, attemptsDiffer }
}
