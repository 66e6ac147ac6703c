/**
 * Types that check (R10): every plain function's data parameter is its exact input type,
 * so a typo'd field, a wrong type or an unknown option in an object literal does not compile. The
 * compiler holds each `@ts-expect-error` below (`npm run typecheck`, in `npm test`): a line that
 * compiled would fail the check. Values of type `unknown` go through a validator or a `…Result`
 * twin; `JSON.parse`'s `any` passes everywhere. Nothing here runs.
 */
import { expectTypeOf } from "vitest"
import {
  applyPlanEvent,
  calculateRefund,
  calculateRefundResult,
  type CheckoutRequest,
  computePlanTerms,
  createPlanRecord,
  type Input,
  listPlanNotes,
  type Plan,
  type RefundCalculation,
  searchPlans,
  selectRefundPolicy,
  splitInstallments,
  summarizeCheckout,
  summarizeCheckoutResult,
  validateCheckoutRequest,
  type Validation
} from "../../src/index.ts"

declare const request: CheckoutRequest
declare const record: Plan.Plan
declare const fromSomewhere: unknown
declare const text: string
const at = "2027-01-20T09:00:00+11:00"
const now = "2026-11-22T00:00:00Z"
const item = { quantity: 2, costPerItem: 250, redemptionDate: "2027-03-01" }

export const typoedFields = () => {
  // @ts-expect-error the reported typo: refundPolicy for refundPolicies is no field of a plan's item
  calculateRefund({ currencyCode: "AUD", totalPaymentsPaid: 400, items: [{ ...item, refundPolicy: [] }] }, { at })
  // @ts-expect-error a typo at the top of a checkout request
  summarizeCheckout({ ...request, itmes: request.items }, { now })
  // @ts-expect-error a typo in a plan-terms request
  computePlanTerms(request, { checkoutId: "chk_1", type: "plan", timeZone: "UTC", instalments: {} }, { now })
  // @ts-expect-error a typo in a policy
  selectRefundPolicy([{ daysWithinRedemption: 30 }], 40)
  // @ts-expect-error a typo in an event
  applyPlanEvent(record, { _tag: "InstallmentPaid", at, installmentNumbr: 2 })
  // @ts-expect-error a typo in the search's parameters
  searchPlans([record], { limitt: 5 }, { merchantId: "merchant-123" })
  // @ts-expect-error a typo in the notes' parameters
  listPlanNotes([], { planId: "plan_1", pagesize: 5 }, { selfUrl: "/notes" })
}

export const wrongTypes = () => {
  // @ts-expect-error the reported example: a merchant id that is a number (and nothing else of a request)
  summarizeCheckout({ merchantId: 5 }, { now })
  // @ts-expect-error a complete request but for the merchant id's type
  summarizeCheckout({ ...request, merchantId: 5 }, { now })
  // @ts-expect-error a quantity given as text
  calculateRefund({ currencyCode: "AUD", totalPaymentsPaid: 400, items: [{ ...item, quantity: "2" }] }, { at })
  // @ts-expect-error a value of type unknown goes through a validator or a …Result twin
  summarizeCheckout(fromSomewhere, { now })
  // @ts-expect-error the same for a calculation
  calculateRefund(fromSomewhere, { at })
}

export const unknownOptions = () => {
  // @ts-expect-error the reported reproduction: timezone for timeZone
  calculateRefund(record, { at, timezone: "Australia/Sydney" })
  // @ts-expect-error an option of another function
  splitInstallments(100, 3, "AUD", { now })
  // @ts-expect-error createPlanRecord's old option name (merchant is the configuration, planMerchant the record's)
  createPlanRecord(request, computePlanTerms(request, { checkoutId: "c", type: "plan", timeZone: "UTC" }, { now }), {
    now,
    planId: "plan_1",
    merchantConfiguration: {}
  })
  // @ts-expect-error the twins' options are written in code too
  calculateRefundResult(record, { at, timezone: "UTC" })
  // @ts-expect-error unknownFields takes "warn", "error" or "ignore"
  summarizeCheckout(request, { now, unknownFields: "loud" })
}

export const whatCompiles = () => {
  // JSON.parse gives any: it passes, and the function checks it at run time
  summarizeCheckout(JSON.parse(text), { now })
  // unknown goes through a twin (or a validator), which answers { ok }
  expectTypeOf(calculateRefundResult(fromSomewhere, { at })).toEqualTypeOf<Validation<RefundCalculation>>()
  expectTypeOf(summarizeCheckoutResult).parameter(0).toEqualTypeOf<unknown>()
  const checked = validateCheckoutRequest(fromSomewhere, { now })
  if (checked.ok) summarizeCheckout(checked.value, { now })
  // a key whose value is undefined is absent (R10.1): it compiles, in data and in options
  const withUndefined: Input<CheckoutRequest> = {
    ...request,
    items: request.items.map((i) => ({ ...i, paymentDeadline: undefined }))
  }
  summarizeCheckout(withUndefined, { now, timeZone: undefined, merchant: undefined })
  // a plan record, as createPlanRecord and applyPlanEvent give it, is calculated
  calculateRefund(record, { at, timeZone: record.timeZone })
  calculateRefund({ currencyCode: "AUD", totalPaymentsPaid: 400, items: [{ ...item, refundPolicies: [] }] }, { at })
}
