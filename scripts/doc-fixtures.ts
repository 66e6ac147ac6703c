/**
 * Values the doc examples use without declaring them (scripts/doc-examples.ts
 * imports into each example the names it uses). Every value is built with the
 * package's own public API, as a merchant's code would build it: the service
 * description's example checkout, its plan terms and plan record, a client on
 * a sandbox started here (closed by {@link docTestTeardown}), and the few
 * functions of "your code" the examples call.
 *
 * The examples run on a clock pinned to {@link now} (scripts/doc-examples.ts).
 * Names starting with `docTest` are the doc test's own, not an example's.
 */
import fastCheck from "fast-check"
import { createHmac } from "node:crypto"
import { readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import {
  applyPlanEvent,
  calculateRefund,
  type CheckoutRequest,
  computePlanTerms,
  createPlanRecord,
  type PlanNote,
  planSummaryOf,
  type RefundPlan,
  validateCheckoutRequest
} from "payment-plan-engine"
import { type Client, type CreateCheckoutOutcome, createClient } from "payment-plan-engine/client"
import { type ConformanceReport, runConformance } from "payment-plan-engine/conformance"
import { loadMerchants, type MerchantsFile, startSandbox, TEST_CARDS } from "payment-plan-engine/sandbox"
import * as Webhook from "payment-plan-engine/webhook"
import { plans as searchPlans } from "../test/core/search/fixtures.ts"

const sample = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../examples/${name}`, import.meta.url), "utf8"))

// ---------------------------------------------------------------------------
// Time

/** The instant the examples are written for; the doc test pins the clock to it. */
export const now = "2026-11-22T00:00:00Z"
/** A sandbox's test clock, epoch milliseconds. */
export const testNow = Date.parse(now)

// ---------------------------------------------------------------------------
// A checkout: the service description's example (examples/checkout-request.json)

/** A create-checkout body as received (JSON, not yet validated). */
export const body: unknown = sample("checkout-request.json")

const validated = validateCheckoutRequest(body, { merchantId: "merchant-123", now })
if (!validated.ok) throw new Error(`examples/checkout-request.json is invalid: ${JSON.stringify(validated.issues)}`)

/** The checkout request, validated. */
export const request: CheckoutRequest = validated.value
/** The same request, under the name the plan-terms examples give it. */
export const checkoutRequest: CheckoutRequest = request
/** The checkout the service created from it (examples/retrieved-checkout.json's id). */
export const checkoutId = "chk_7Hq2LmX9"
export const checkout = { ...request, id: checkoutId }

// ---------------------------------------------------------------------------
// Plan terms and plans (docs/plan-terms.md, docs/plans.md)

/** Fortnightly on Fridays in Sydney, the deposit at its minimum. */
export const terms = computePlanTerms(checkout, {
  checkoutId,
  type: "plan",
  timeZone: "Australia/Sydney",
  installments: { cadence: { frequency: "Fortnightly", on: { dayOfWeek: "Friday" } } }
}, { now })

/** The plan record of the checkout and its terms: `PendingDeposit`. */
export const plan = createPlanRecord(checkout, terms, { now, planId: "plan_1", timeZone: "Australia/Sydney" })

/** The same plan cancelled before its deposit. */
export const cancelledPlan = applyPlanEvent(plan, {
  _tag: "PlanCancelled",
  at: "2026-11-22T10:00:00Z",
  reason: "CustomerRequest",
  refundAmount: 0
})

/** A plan whose deposit was accepted: `OnSchedule`. */
export const planOnSchedule = applyPlanEvent(createPlanRecord(checkout, terms, { now, planId: "plan_2" }), {
  _tag: "DepositAccepted",
  at: "2026-11-22T10:00:00Z"
})
const late = applyPlanEvent(
  applyPlanEvent(createPlanRecord(checkout, terms, { now, planId: "plan_3" }), {
    _tag: "DepositAccepted",
    at: "2026-11-22T10:00:00Z"
  }),
  { _tag: "InstallmentMissed", at: "2026-12-12T00:00:00Z", installmentNumber: 2 }
)

/** Plan records of merchant-123: pending, on schedule, late. */
export const records = [plan, planOnSchedule, late]
/** Their search summaries. */
export const summaries = records.map(planSummaryOf)

/** The plan summaries of docs/plans.md's search examples, shared with the search tests. */
export const plans = searchPlans

const note = (id: string, day: number, extra: Partial<PlanNote> = {}): PlanNote => ({
  id,
  note: `note ${id}`,
  isPinned: false,
  isSoftDeleted: false,
  createdAt: `2026-11-0${day}T09:00:00.000Z`,
  updatedAt: `2026-11-0${day}T09:00:00.000Z`,
  softDeletedAt: null,
  createdByUser: { firstName: "Ada", lastName: "Lovelace" },
  modifiedByUser: null,
  softDeletedByUser: null,
  ...extra
})

/** The notes of plan_1 (docs/plans.md): n2 and n6 pinned, n3 soft-deleted. */
export const notes: ReadonlyArray<PlanNote> = [
  note("n1", 1),
  note("n2", 2, { isPinned: true }),
  note("n3", 3, { isSoftDeleted: true, softDeletedAt: "2026-11-04T00:00:00.000Z" }),
  note("n4", 4),
  note("n5", 5),
  note("n6", 6, { isPinned: true, updatedAt: "2026-11-20T00:00:00.000Z" })
]

// ---------------------------------------------------------------------------
// The sandbox and a client on it

/** examples/sandbox-merchants.json, as read from the file (loadMerchants checks it). */
export const config = sample("sandbox-merchants.json") as MerchantsFile
/** Its merchants, loaded. */
export const merchants = loadMerchants(config)

const perPrefix = new Map<string, number>()
const running = await startSandbox({
  merchants: fileURLToPath(new URL("../examples/sandbox-merchants.json", import.meta.url)),
  port: 0,
  // chk_123, plan_123, …: the ids the docs use
  newId: (prefix) => {
    const next = perPrefix.get(prefix) ?? 123
    perPrefix.set(prefix, next + 1)
    return `${prefix}_${next}`
  }
})

/** The running sandbox's address, and its demo merchant (what `npm start` prints). */
export const baseUrl = running.url
export const base = baseUrl
export const merchantId = "merchant-123"
export const apiKey = "sk_sandbox_demo_0123456789"
/** The Basic authorization of the demo merchant, and the headers of its JSON calls. */
export const authorization = `Basic ${Buffer.from(`${merchantId}:${apiKey}`).toString("base64")}`
export const headers = { authorization, "content-type": "application/json" }

/** The client of the demo merchant. */
export const client: Client = createClient({ baseUrl, merchantId, apiKey, idempotencyKeys: "honoured" })

// the environment the examples read their service from
process.env["PAYMENT_PLAN_BASE_URL"] = baseUrl
process.env["PAYMENT_PLAN_API_KEY"] = apiKey
process.env["PP_BASE_URL"] = baseUrl
process.env["PP_API_KEY"] = apiKey

/** The merchant's configuration, as the service answers it. */
export const merchant = await client.getMerchantConfiguration()

/** The customer in the sandbox's widget: pays the deposit with a test card, or is declined. */
export const payInTheWidget = async (checkoutId: string, outcome: "accept" | "decline"): Promise<void> => {
  const response = await fetch(`${baseUrl}/widget/api/checkouts/${checkoutId}/complete`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      card: outcome === "accept" ? TEST_CARDS.succeeds : TEST_CARDS.declined,
      planTerms: {
        checkoutId,
        type: "plan",
        timeZone: "Australia/Sydney",
        installments: { cadence: { frequency: "Fortnightly", on: { dayOfWeek: "Friday" } } }
      }
    })
  })
  if (response.status !== (outcome === "accept" ? 200 : 402)) {
    throw new Error(`completing ${checkoutId}: ${response.status} ${await response.text()}`)
  }
}
export const completeCheckout = payInTheWidget

const createdAndPaid = async (): Promise<string> => {
  const outcome = await client.createCheckout(request)
  if (!outcome.ok) throw outcome.error
  await payInTheWidget(outcome.checkout.id, "accept")
  return outcome.checkout.id
}
// chk_123 with plan_123, chk_124 with plan_124: the deposits accepted
const paid = await createdAndPaid()
await createdAndPaid()

/** The plan some examples cancel (plan_123 stays for docs/client.md). */
export const planId = "plan_124"
/** The customer's browser back on the shop from the widget, for chk_123. */
export const req = new Request(`https://shop.example/checkout/return?service_checkout_id=${paid}`)
export const redirectUrl = req.url

// ---------------------------------------------------------------------------
// Webhooks (docs/webhooks.md)

/** The merchant's webhook secret (Standard Webhooks: `whsec_` and the base64 of its bytes). */
export const secret = `${Webhook.SECRET_PREFIX}${Buffer.from("the doc examples' webhook key").toString("base64")}`
process.env["WEBHOOK_SECRET"] = secret

/** A webhook message as the sandbox sends it, signed with {@link secret} now: plan_123 is late. */
const signed = (id: string): { readonly body: string; readonly headers: Record<string, string> } => {
  const event = Webhook.EXAMPLES["plan.status_changed"]
  const body = Webhook.bodyOf({ ...event, data: { ...event.data, planId: "plan_123" } })
  const timestamp = Math.floor(Date.now() / 1000)
  const key = Buffer.from(secret.slice(Webhook.SECRET_PREFIX.length), "base64")
  const signature = createHmac("sha256", key).update(Webhook.signingInput(id, timestamp, body)).digest("base64")
  return {
    body,
    headers: {
      [Webhook.HEADERS.id]: id,
      [Webhook.HEADERS.timestamp]: String(timestamp),
      [Webhook.HEADERS.signature]: `v1,${signature}`,
      "content-type": "application/json"
    }
  }
}
/** A delivery as received: the raw body and the headers. */
export const delivery = signed("msg_123")
/** A delivery as a Fetch `Request` (a new one each call: a body is read once). */
export const webhookRequest = (): Request =>
  new Request(`${baseUrl}/webhooks`, { method: "POST", ...signed(`msg_${Math.random().toString(36).slice(2)}`) })

/** The checkout as the service gives it back (GET /api/v2/checkout/{id}). */
export const fetchCheckout = (id: string) => client.retrieveCheckout(id)

/** What creating the checkout answered (docs/integration.md, step 2). */
export const outcome: CreateCheckoutOutcome = await client.createCheckout(request)

// ---------------------------------------------------------------------------
// The conformance kit (docs/conformance.md)

/**
 * A conformance report: a short run of the kit against the sandbox, in its
 * merchant's zone, at a rate a local service takes.
 */
export const report: ConformanceReport = await runConformance({
  baseUrl,
  merchantId,
  apiKey,
  timeZone: "Australia/Sydney",
  rps: 1000,
  runs: 5,
  seed: 42
})

// ---------------------------------------------------------------------------
// Your code: the shop's own functions the examples call

/** A no-op standing for the shop's own reaction. */
const yours = (..._args: ReadonlyArray<unknown>): void => undefined
export const allocateInventory = yours
export const showError = yours
export const showWidget = yours
export const showWidgetError = yours
export const renderWidget = yours
export const renderWidgetWithError = yours
export const save = yours
export const markPlan = yours
export const releaseInventory = yours
export const remindCustomer = yours

/** A cart model of your own, and back (docs/testing.md): here the identity. */
export const toCart = <T>(request: T): T => request
export const toCheckout = <T>(cart: T): T => cart

/** Your database keeps an amount as decimal text (docs/testing.md). */
export const store = (currencyCode: string, amount: number) => ({ currencyCode, amount: String(amount) })
export const readBack = (stored: { readonly amount: string }): number => Number(stored.amount)

/** Your order total: the lines added up in ten-thousandths (no currency has more than 4 digits). */
export const orderTotal = (request: CheckoutRequest): number =>
  request.items.reduce((sum, item) => sum + item.quantity * Math.round(item.costPerItem * 10_000), 0) / 10_000

/** A shop's order (docs/integration.md). */
export interface Order {
  readonly id: string
  readonly lines: ReadonlyArray<{
    readonly sku: string
    readonly name: string
    readonly quantity: number
    /** major units */
    readonly unitPrice: number
    /** the minimum deposit per unit, major units */
    readonly deposit: number
    /** `YYYY-MM-DD` */
    readonly eventDate: string
  }>
}
const [ticket] = request.items
/** The shop's order of the example checkout: its first line, the festival tickets. */
export const order: Order = {
  id: request.merchantOrderId,
  lines: [{
    sku: ticket!.sku!,
    name: ticket!.description,
    quantity: ticket!.quantity,
    unitPrice: ticket!.costPerItem,
    deposit: ticket!.minimumDepositPerItem!.value,
    eventDate: ticket!.redemptionDate
  }]
}

/** The shop's order store and inventory. */
export const orders = {
  save: async (_order: Order & Record<string, unknown>): Promise<void> => undefined,
  update: async (_orderId: string, _changes: Record<string, unknown>): Promise<void> => undefined
}
export const inventory = { allocate: async (_orderId: string, _planId: string | undefined): Promise<void> => undefined }

/** A handler's response, Express-like. */
export interface Reply {
  status(code: number): Reply
  json(body: unknown): Reply
  send(body: string): Reply
  redirect(url: string): Reply
}
const reply = (): Reply => {
  const self: Reply = { status: () => self, json: () => self, send: () => self, redirect: () => self }
  return self
}
export const res = reply()

/** An Express-like router: here each handler is called once, with the redirect of chk_123. */
export const app = {
  get: (_path: string, handler: (req: { readonly url: string }, res: Reply) => unknown): unknown =>
    handler(req, reply())
}

/** The refund your shop offers: the service's suggestion. */
export const refundWeOffer = (plan: RefundPlan, at: Date): number => calculateRefund(plan, { at }).suggestedRefundAmount

// ---------------------------------------------------------------------------
// A test runner: `describe` runs its body; each `it` runs after the one before

export const fc = fastCheck
// the same runs every time: a doc test does not flake (the engine's own properties vary their seeds)
fastCheck.configureGlobal({ seed: 20261122 })

let queue: Promise<void> = Promise.resolve()
const failures: Array<Error> = []

export const describe = (_name: string, body: () => unknown): void => void body()
export const it = (name: string, test: () => unknown): void => {
  queue = queue.then(async () => {
    try {
      await test()
    } catch (error) {
      failures.push(new Error(`${name}: ${error instanceof Error ? error.message : String(error)}`, { cause: error }))
    }
  })
}

/** Waits for the tests an example registered; throws the first failure. */
export const docTestSettle = async (): Promise<void> => {
  await queue
  const failure = failures.splice(0)[0]
  if (failure !== undefined) throw failure
}

/** Closes the sandbox. */
export const docTestTeardown = (): Promise<void> => running.close()
