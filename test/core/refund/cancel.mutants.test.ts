/**
 * R7.8's issues, each with its path, code, rule and message: what mutation testing found unchecked in
 * the cancellation's validation (benchmarks/mutation.md).
 */
import { Result, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { CancelPlanResult, validateCancelRequestResult } from "../../../src/core/refund/cancel.ts"

const plan = { id: "plan_1", status: "OnSchedule", currencyCode: "AUD", totalPaymentsPaid: 400 }
const request = { planId: "plan_1", refundableAmount: 275, reason: "CustomerRequest" }

const issuesOf = (planInput: unknown, requestInput: unknown) => {
  const result = validateCancelRequestResult(planInput, requestInput)
  return Result.isFailure(result) ? result.failure.issues.map((i) => ({ ...i })) : []
}

describe("R7.8 a cancellation's issues name the field, the rule and the problem", () => {
  it("the plan: not an object, already cancelled (any case), of an unknown currency, without what was paid", () => {
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

  it("a status that only contains the word is not a cancelled plan", () => {
    for (const status of ["NotCancelled", "Cancelled-pending", "Uncancelled"]) {
      expect(issuesOf({ ...plan, status }, request), status).toEqual([])
    }
  })

  it("a plan record is named in the record's own spelling", () => {
    const record = { id: "plan_1", status: "OnSchedule", currency: { currencyCode: "XYZ" }, totalPaid: 400 }
    expect(issuesOf(record, request).map((i) => `${i.path}:${i.code}`)).toEqual([
      "plan.currency.currencyCode:unknown_currency"
    ])
  })

  it("the request: another plan's id, a negative amount, more than was paid", () => {
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
  it("has a result, a string", () => {
    const decode = Schema.decodeUnknownResult(CancelPlanResult)
    expect(decode({ result: "Cancelled" })).toEqual(Result.succeed({ result: "Cancelled" }))
    expect(Result.isFailure(decode({}))).toBe(true)
    expect(Result.isFailure(decode({ result: 1 }))).toBe(true)
  })
})
