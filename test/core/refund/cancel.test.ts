/**
 * Cancelling a plan with a refund (R7.8).
 */
import { Effect, Result } from "effect"
import { describe, expect, it } from "vitest"
import { validateCancelPlanRequest, validateCancelRequestResult } from "../../../src/core/refund/cancel.ts"

const plan = { id: "plan_1", status: "OnSchedule", currencyCode: "AUD", totalPaymentsPaid: 400 }
const request = { planId: "plan_1", refundableAmount: 275, reason: "CustomerRequest" }

const issuesOf = (result: Result.Result<unknown, { readonly issues: ReadonlyArray<{ path: string; code: string }> }>) =>
  Result.isFailure(result) ? result.failure.issues.map((i) => `${i.path}:${i.code}`) : []

describe("validateCancelPlanRequest (R7.8)", () => {
  it("accepts any amount from 0 to what was paid: the merchant may override the suggested refund", () => {
    for (const refundableAmount of [0, 0.01, 275, 399.99, 400]) {
      expect(Result.isSuccess(validateCancelRequestResult(plan, { ...request, refundableAmount }))).toBe(true)
    }
    expect(Effect.runSync(validateCancelPlanRequest(plan, { ...request, details: "changed plans" }))).toEqual({
      value: { ...request, details: "changed plans" },
      warnings: []
    })
  })

  it("accepts each of the eight reasons and nothing else", () => {
    const reasons = [
      "CustomerRequest",
      "MerchantRequest",
      "PaymentIssue",
      "MerchantRequestWithPaymentLink",
      "Other",
      "CompletedElsewhere",
      "TerminatedThirdParty",
      "CreatedInError"
    ]
    for (const reason of reasons) {
      expect(Result.isSuccess(validateCancelRequestResult(plan, { ...request, reason }))).toBe(true)
    }
    expect(issuesOf(validateCancelRequestResult(plan, { ...request, reason: "customerRequest" }))).toEqual([
      "reason:enum"
    ])
  })

  it("refuses amounts above what was paid, negative, or finer than the currency", () => {
    expect(issuesOf(validateCancelRequestResult(plan, { ...request, refundableAmount: 400.01 }))).toEqual([
      "refundableAmount:range"
    ])
    expect(issuesOf(validateCancelRequestResult(plan, { ...request, refundableAmount: -1 }))).toEqual([
      "refundableAmount:range"
    ])
    expect(issuesOf(validateCancelRequestResult(plan, { ...request, refundableAmount: 10.005 }))).toEqual([
      "refundableAmount:precision"
    ])
    const yen = { ...plan, currencyCode: "JPY", totalPaymentsPaid: 4000 }
    expect(issuesOf(validateCancelRequestResult(yen, { ...request, refundableAmount: 100.5 }))).toEqual([
      "refundableAmount:precision"
    ])
  })

  it("refuses a plan already Cancelled, and a request for another plan", () => {
    expect(issuesOf(validateCancelRequestResult({ ...plan, status: "Cancelled" }, request))).toEqual([
      "plan.status:conflict"
    ])
    expect(issuesOf(validateCancelRequestResult(plan, { ...request, planId: "plan_2" }))).toEqual(["planId:conflict"])
  })

  it("reports every problem at once, with unknown fields as warnings", () => {
    const result = validateCancelRequestResult({ ...plan, status: "Cancelled" }, {
      refundableAmount: 500,
      reason: "Because",
      extra: true
    })
    expect(issuesOf(result)).toEqual([
      "planId:required",
      "reason:enum",
      "plan.status:conflict",
      "refundableAmount:range"
    ])
    expect(Result.isFailure(result) && result.failure.warnings.map((w) => `${w.path}:${w.code}`)).toEqual([
      "extra:unknown_field"
    ])
  })

  it("reads a plan record (totalPaid, currency.currencyCode) and reports an unusable plan", () => {
    const record = { id: "plan_1", status: "Late", currency: { currencyCode: "AUD" }, totalPaid: 100 }
    expect(issuesOf(validateCancelRequestResult(record, { ...request, refundableAmount: 100.01 }))).toEqual([
      "refundableAmount:range"
    ])
    expect(issuesOf(validateCancelRequestResult(null, request))).toEqual(["plan:type"])
    expect(issuesOf(validateCancelRequestResult({ currencyCode: "AUD" }, request))).toEqual([
      "plan.totalPaymentsPaid:required"
    ])
  })
})
