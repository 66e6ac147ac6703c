/**
 * Types that check in the namespaces as at the root (R10): a calculation's Effect takes its data
 * typed exactly, so a typo'd field, a wrong type or an unknown option in an object literal does not
 * compile; the data-last form checks its options so too (its data is checked as a pipe checks any
 * value: structurally, so a literal's typo is the data-first form's to catch); validators and
 * decoders keep `unknown`.
 * The compiler holds each `@ts-expect-error` below (`npm run typecheck`, in `npm test`): a line
 * that compiled would fail the check. Nothing here runs.
 */
import type * as Effect from "effect/Effect"
import { pipe } from "effect/Function"
import { expectTypeOf } from "vitest"
import {
  Checkout,
  type CheckoutRequest,
  Merchant,
  Money,
  Notes,
  Plan,
  PlanTerms,
  Refund,
  type RefundCalculation,
  Search,
  type Validated,
  type ValidationError
} from "../../src/index.ts"

declare const request: CheckoutRequest
declare const record: Plan.Plan
declare const fromSomewhere: unknown
declare const text: string
const at = "2027-01-20T09:00:00+11:00"
const now = "2026-11-22T00:00:00Z"
const item = { quantity: 2, costPerItem: 250, redemptionDate: "2027-03-01" }
const terms = { checkoutId: "chk_1", type: "plan", timeZone: "UTC" } as const

export const typoedFields = () => {
  // @ts-expect-error the reported typo: refundPolicy for refundPolicies is no field of a plan's item
  Refund.calculate({ currencyCode: "AUD", totalPaymentsPaid: 400, items: [{ ...item, refundPolicy: [] }] }, { at })
  // @ts-expect-error a typo at the top of a checkout request
  Checkout.summarize({ ...request, itmes: request.items }, { now })
  // @ts-expect-error a typo in a plan-terms request
  PlanTerms.compute(request, { ...terms, instalments: {} }, { now })
  // @ts-expect-error a typo in an event
  Plan.apply(record, { _tag: "InstallmentPaid", at, installmentNumbr: 2 })
  // @ts-expect-error a typo in the notes' parameters
  Notes.list([], { planId: "plan_1", pagesize: 5 }, { selfUrl: "/notes" })
  // @ts-expect-error a typo in the totals' plan
  Refund.calculateTotals({ currencyCode: "AUD", totalPaymentsPaid: 400, itemz: [] }, { at })
}

export const wrongTypes = () => {
  // @ts-expect-error a quantity given as text
  Refund.calculate({ currencyCode: "AUD", totalPaymentsPaid: 400, items: [{ ...item, quantity: "2" }] }, { at })
  // @ts-expect-error a merchant id that is a number
  Checkout.summarize({ ...request, merchantId: 5 }, { now })
  // @ts-expect-error a value of type unknown goes through a validator
  Refund.calculate(fromSomewhere, { at })
  // @ts-expect-error the same for the totals
  Checkout.summarize(fromSomewhere, { now })
  // @ts-expect-error and for the price
  Checkout.price(fromSomewhere)
  // @ts-expect-error a money amount as text
  Money.splitInstallments("100", 3, "AUD")
}

export const unknownOptions = () => {
  // @ts-expect-error the reported reproduction: timezone for timeZone
  Refund.calculate(record, { at, timezone: "UTC" })
  // @ts-expect-error the same in the data-last form
  pipe(record, Refund.calculate({ at, timezone: "UTC" }))
  // @ts-expect-error the reported reproduction: merchantID for merchantId
  Checkout.validateRequest(fromSomewhere, { merchantID: "merchant-123" })
  // @ts-expect-error the reported reproduction: depositStrategi for depositStrategy
  PlanTerms.compute(request, terms, { now, depositStrategi: "even" })
  // @ts-expect-error Checkout.summarize has no timezone
  Checkout.summarize(request, { now, timezone: "UTC" })
  // @ts-expect-error unknownFields takes "warn", "error" or "ignore"
  Refund.calculate(record, { at, unknownFields: "loud" })
  // @ts-expect-error an option of another operation
  Money.splitInstallments(100, 3, "AUD", { now })
}

export const whatCompiles = () => {
  // JSON.parse gives any: it passes, and the operation checks it when it runs
  Refund.calculate(JSON.parse(text), { at })
  // validators and decoders keep unknown
  expectTypeOf(Checkout.validateRequest).parameter(0).toEqualTypeOf<unknown>()
  expectTypeOf(PlanTerms.validateRequest).parameter(0).toEqualTypeOf<unknown>()
  expectTypeOf(Merchant.read).parameter(0).toEqualTypeOf<unknown>()
  expectTypeOf(Search.normalize(fromSomewhere)).toEqualTypeOf<
    Effect.Effect<Validated<Search.NormalizedPlanSearch>, ValidationError>
  >()
  // a plan record is calculated, data-first and data-last
  expectTypeOf(Refund.calculate(record, { at })).toEqualTypeOf<Effect.Effect<RefundCalculation, ValidationError>>()
  expectTypeOf(pipe(record, Refund.calculate({ at, unknownFields: "error" }))).toEqualTypeOf<
    Effect.Effect<RefundCalculation, ValidationError>
  >()
  Refund.calculate({ currencyCode: "AUD", totalPaymentsPaid: 400, items: [{ ...item, refundPolicies: [] }] }, { at })
  // a key whose value is undefined is absent (R10.1)
  Checkout.summarize(request, { now, timeZone: undefined, merchant: undefined, unknownFields: undefined })
  pipe(request, PlanTerms.compute(terms, { now, depositStrategy: "even" }))
  pipe(record, Plan.apply(Plan.PlanEvent.DepositAccepted({ at })))
}
