// A strict consumer of the built package (dist/), type-checked with skipLibCheck false under
// `nodenext` and `bundler` resolution (npm run check:consumer). It imports every subpath, names
// the public types and calls the plain functions, so a declaration that lies fails here.
import * as Effect from "effect/Effect"
import {
  calculateRefund,
  calculateRefundResult,
  type CheckoutRequest,
  type MerchantConfigurationResponse,
  type Money,
  type Plan,
  type PlanResponse,
  type PlanSearchResponse,
  type PlanTermsRequest,
  type Refund,
  type RefundCalculation,
  splitInstallments,
  summarizeCheckout,
  validateCheckoutRequest,
  type ValidationError
} from "payment-plan-engine"
import {
  type CallError,
  type Client,
  type ClientOptions,
  createClient,
  isPaymentPlanClientError,
  type PaymentPlanClientApi,
  PaymentPlanClientError
} from "payment-plan-engine/client"
import { clientContract, type ContractEnvironment, scriptedFetch } from "payment-plan-engine/client/testing"
import { type ConformanceConfig, type ConformanceReport, runConformance, toJson } from "payment-plan-engine/conformance"
import { describeConformance } from "payment-plan-engine/conformance/vitest"
import {
  type PlanMessage,
  planMessage,
  type PlanMessageOptions,
  renderPlanMessage
} from "payment-plan-engine/messaging"
import { createSandbox, sqliteStore } from "payment-plan-engine/sandbox"
import { checkoutRequest } from "payment-plan-engine/testing"
import "payment-plan-engine/messaging/element"
import * as Webhook from "payment-plan-engine/webhook"

const request: CheckoutRequest = {
  merchantId: "merchant-123",
  currency: "AUD",
  items: [
    {
      name: "Festival pass",
      amount: 400,
      quantity: 1,
      redemptionDate: "2027-03-01",
      refundPolicies: [{ daysWithinRedemptionDate: 30, refundablePercentage: 50 }]
    }
  ],
  minimumDepositPerItem: { type: "Percentage", value: 20 }
} as unknown as CheckoutRequest

const validation = validateCheckoutRequest(request, { now: "2026-11-22T00:00:00Z" })
if (!validation.ok) console.log(validation.issues.map((issue) => issue.path))
const summary = summarizeCheckout(request, { now: "2026-11-22T00:00:00Z" })
console.log(summary)
const split: Money.InstallmentSplit = splitInstallments(1234.57, 7, "AUD")
console.log(split.amount)
const error: ValidationError | undefined = undefined
console.log(error)
const termsRequest: PlanTermsRequest | undefined = undefined
console.log(termsRequest)
const plan: Plan.Plan | undefined = undefined
console.log(plan)
const policy: Refund.RefundPolicy = { daysWithinRedemptionDate: 30, refundablePercentage: 50 }
console.log(policy)
declare const someCalculation: ReturnType<typeof calculateRefund>
const calculation: RefundCalculation = someCalculation
console.log(calculation)
console.log(checkoutRequest, createClient, createSandbox, sqliteStore)

// The webhook catalogue: a received event read tolerantly narrows on its type.
const read = Effect.runSync(Webhook.readEvent({ type: "plan.cancelled", data: { planId: "plan_1" } }))
if (read.known && read.event.type === "plan.cancelled") {
  const cancelled: Webhook.WebhookEventResponse = read.event
  console.log(cancelled.data.planId, Webhook.EVENT_TYPES.length)
}

// Plan messaging: the item and the options typed exactly, the element's tag and event typed for the DOM.
const messageOptions: PlanMessageOptions = {
  now: "2026-11-22T09:30:00Z",
  timeZone: "Australia/Sydney",
  locale: "en-AU"
}
const messageItem = { currencyCode: "AUD", costPerItem: 1100, redemptionDate: "2027-02-11" }
const message = planMessage(messageItem, messageOptions)
if (message.ok) {
  const value: PlanMessage = message.value
  console.log(value.text, value.terms.schedule.length)
}
// @ts-expect-error costperitem for costPerItem
planMessage({ currencyCode: "AUD", costperitem: 1100, redemptionDate: "2027-02-11" }, messageOptions)
// @ts-expect-error timezone for timeZone
planMessage(messageItem, { now: "2026-11-22T09:30:00Z", timezone: "UTC" })
console.log(renderPlanMessage(messageItem, messageOptions).length)
export const onMessageError = (element: HTMLElementTagNameMap["payment-plan-message"]) =>
  element.addEventListener(
    "payment-plan-message-error",
    (event) => console.log(event.detail.issues[0]?.rule, event.detail.warnings.length)
  )
export const onMessageWarning = (element: HTMLElementTagNameMap["payment-plan-message"]) =>
  element.addEventListener("payment-plan-message-warning", (event) => console.log(event.detail.warnings[0]?.path))

// The client: options, the error guard narrowing by code, the testing kit.
const clientOptions: ClientOptions = {
  baseUrl: "http://127.0.0.1:4010",
  merchantId: "merchant-123",
  apiKey: "k",
  idempotencyKeys: "honoured",
  fetch: scriptedFetch([{ kind: "refused" }, { kind: "json", body: { id: "plan_1" } }]).fetch
}
const client = createClient(clientOptions)
client.retrievePlan("plan_1").catch((caught: unknown) => {
  if (isPaymentPlanClientError(caught) && caught.code === "invalid_request") console.log(caught.issues[0]?.rule)
  if (caught instanceof PaymentPlanClientError) console.log(caught.code)
})
// The methods derived from the route table keep their parameters and answers through the declarations.
export const clientMethods = async (promised: Client, effects: PaymentPlanClientApi) => {
  const retrieved: PlanResponse = await promised.retrievePlan("plan_1", { signal: AbortSignal.timeout(1_000) })
  const page: PlanSearchResponse = await promised.searchPlans()
  const configuration: MerchantConfigurationResponse = await promised.getMerchantConfiguration({ idempotencyKey: "k" })
  const effect: Effect.Effect<PlanResponse, CallError> = effects.retrievePlan("plan_1")
  // @ts-expect-error a plan id is text
  await promised.retrievePlan(5)
  // @ts-expect-error the notes need their query
  await promised.listPlanNotes()
  // @ts-expect-error the configuration takes nothing before its options
  await promised.getMerchantConfiguration("merchant-123", {})
  return [retrieved, page, configuration, effect]
}
declare const environment: ContractEnvironment
clientContract("consumer", () => environment, { describe: (_name, body) => body(), it: () => undefined })

// The conformance kit: its configuration, report and JSON, and the vitest entry.
const conformanceConfig: ConformanceConfig = {
  baseUrl: "http://127.0.0.1:4010",
  merchantId: "merchant-123",
  apiKey: "k",
  only: ["create", "refund"],
  readOnly: true
}
runConformance(conformanceConfig).then((report: ConformanceReport) =>
  console.log(toJson(report).disagreements[0]?.rule)
)
console.log(describeConformance)

// The plain functions' data and options are typed exactly through the declarations (R10): a typo'd
// field, a wrong type or an unknown option does not compile; unknown goes through a twin.
export const typedSurface = (fromAFile: unknown) => {
  const at = "2027-01-20T09:00:00+11:00"
  const item = { id: "t1", quantity: 2, costPerItem: 250, redemptionDate: "2027-03-01" }
  // @ts-expect-error refundPolicy for refundPolicies
  calculateRefund({ currencyCode: "AUD", totalPaymentsPaid: 400, items: [{ ...item, refundPolicy: [] }] }, { at })
  // @ts-expect-error a merchant id that is a number
  summarizeCheckout({ ...request, merchantId: 5 }, { now: at })
  // @ts-expect-error timezone for timeZone
  calculateRefund({ currencyCode: "AUD", totalPaymentsPaid: 400, items: [item] }, { at, timezone: "Australia/Sydney" })
  // @ts-expect-error unknown is for the twins
  calculateRefund(fromAFile, { at })
  const answer = calculateRefundResult(fromAFile, { at, timeZone: undefined })
  if (answer.ok) console.log(answer.value.suggestedRefundAmount, answer.warnings.length)
}
