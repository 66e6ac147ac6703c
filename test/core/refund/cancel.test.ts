/**
 * Cancelling a plan with a refund (R7.8).
 */
import { Effect, Result, Schema } from "effect"
import { describe, expect, it } from "vitest"
import {
  CancelPlanResult,
  validateCancelPlanRequest,
  validateCancelRequestResult
} from "../../../src/core/refund/cancel.ts"

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

describe("validateCancelRequestResult: each issue with its path, code, rule and message (R7.8)", () => {
  const issuesOf = (planInput: unknown, requestInput: unknown) => {
    const result = validateCancelRequestResult(planInput, requestInput)
    return Result.isFailure(result) ? result.failure.issues.map((i) => ({ ...i })) : []
  }

  describe("R7.8 a cancellation's issues name the field, the rule and the problem", () => {
    it("R7.8: the plan: not an object, already cancelled (any case), of an unknown currency, without what was paid", () => {
      expect(issuesOf("plan_1", request)).toEqual([
        { path: "plan", code: "type", rule: "R7.8", message: "must be the plan object being cancelled, got \"plan_1\"" }
      ])
      expect(issuesOf({ ...plan, status: "CANCELLED" }, request)).toEqual([
        {
          path: "plan.status",
          code: "conflict",
          rule: "R7.8",
          message: "the plan is already Cancelled and cannot be cancelled again"
        }
      ])
      expect(issuesOf({ ...plan, currencyCode: "XYZ" }, request)).toEqual([
        {
          path: "plan.currencyCode",
          code: "unknown_currency",
          rule: "R4.4",
          message: "must be an active ISO 4217 code in upper case, got \"XYZ\""
        }
      ])
      const { totalPaymentsPaid: _, ...unpaid } = plan
      expect(issuesOf(unpaid, request)).toEqual([
        {
          path: "plan.totalPaymentsPaid",
          code: "required",
          rule: "R7.8",
          message: "is required: what was paid on the plan"
        }
      ])
    })

    it("R7.8: a status that only contains the word is not a cancelled plan", () => {
      for (const status of ["NotCancelled", "Cancelled-pending", "Uncancelled"]) {
        expect(issuesOf({ ...plan, status }, request), status).toEqual([])
      }
    })

    it("R7.8: a plan record is named in the record's own spelling", () => {
      const record = { id: "plan_1", status: "OnSchedule", currency: { currencyCode: "XYZ" }, totalPaid: 400 }
      expect(issuesOf(record, request).map((i) => `${i.path}:${i.code}`)).toEqual([
        "plan.currency.currencyCode:unknown_currency"
      ])
    })

    it("R7.8: the request: another plan's id, a negative amount, more than was paid", () => {
      expect(issuesOf(plan, { ...request, planId: "plan_2" })).toEqual([
        {
          path: "planId",
          code: "conflict",
          rule: "R7.8",
          message: "must be the id of the plan being cancelled, \"plan_1\""
        }
      ])
      // negative: the rule's range alone, not a precision issue besides
      expect(
        issuesOf(plan, { ...request, refundableAmount: -5.001 }).map(({ code, path, rule }) => ({ path, code, rule }))
      )
        .toEqual([{ path: "refundableAmount", code: "range", rule: "R7.8" }])
      expect(issuesOf(plan, { ...request, refundableAmount: 400.01 })).toEqual([
        {
          path: "refundableAmount",
          code: "range",
          rule: "R7.8",
          message: "must be at most the 400 paid on the plan, got 400.01"
        }
      ])
    })
  })

  describe("R7.8 the cancel-plan result, strictly", () => {
    it("R7.8: has a result, a string", () => {
      const decode = Schema.decodeUnknownResult(CancelPlanResult)
      expect(decode({ result: "Cancelled" })).toEqual(Result.succeed({ result: "Cancelled" }))
      expect(Result.isFailure(decode({}))).toBe(true)
      expect(Result.isFailure(decode({ result: 1 }))).toBe(true)
    })
  })
})
