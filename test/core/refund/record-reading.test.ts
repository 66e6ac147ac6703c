/**
 * One reader per input: a plan record is read in one place, so the
 * calculation, the cancellation check and the lifecycle read its currency (code and
 * digits, R1.2) and what was paid the same way; an existing plan's tied
 * policies are calculated by list order (R7.2), never refused.
 */
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { ValidationError } from "../../../src/core/foundation/issues.ts"
import type { Issue } from "../../../src/core/internal/issue.ts"
import { PlanEvent } from "../../../src/core/plan/events.ts"
import { applyResult } from "../../../src/core/plan/lifecycle.ts"
import type { Plan } from "../../../src/core/plan/record.ts"
import { calculateResult, calculateTotalsResult, calculateWarnedResult } from "../../../src/core/refund/calculate.ts"
import { validateCancelRequestResult } from "../../../src/core/refund/cancel.ts"
import { validateCheckoutRequest } from "../../../src/index.ts"
import { exampleRequest, NOW } from "../../fixtures.ts"
import { examplePlan } from "../plan/fixtures.ts"

const AT = "2027-01-20T00:00:00Z" // 40 days before 2027-03-01: the 60-day policy is active

/** The reported record: AUD kept zero-decimal on the record, one item of 333 under a 75 % policy. */
const zeroDecimalRecord = (currency: Record<string, unknown> = { currencyCode: "AUD", isZeroDecimal: true }) => ({
  id: "plan_1",
  status: "OnSchedule",
  currency,
  totalPaid: 333,
  timeZone: "UTC",
  items: [{
    id: "item_1",
    description: "Ticket",
    quantity: 1,
    costPerItem: 333,
    minimumDepositPerItemType: null,
    minimumDepositPerItemValue: null,
    depositRefundable: true,
    redemptionDate: "2027-03-01",
    refundPolicies: [{ daysWithinRedemptionDate: 60, refundablePercentage: 75 }]
  }]
})

const success = <A>(result: Result.Result<A, unknown>): A => {
  if (Result.isFailure(result)) throw new Error(`expected a success, got ${String(result.failure)}`)
  return result.success
}

const issuesOf = (result: Result.Result<unknown, { readonly issues: ReadonlyArray<{ path: string; code: string }> }>) =>
  Result.isFailure(result) ? result.failure.issues.map((i) => `${i.path}:${i.code}`) : []

describe("a plan record's currency is the plan's: code and digits (R1.2)", () => {
  it("the reported record: AUD with isZeroDecimal true, 333 at 75 % refundable: suggested 250, kept 83", () => {
    const calculation = success(calculateResult(zeroDecimalRecord(), { at: AT }))
    expect(calculation).toMatchObject({
      currencyCode: "AUD",
      planTotalCost: 333,
      totalPaymentsPaid: 333,
      totalNonRefundableAmount: 83,
      suggestedRefundAmount: 250
    })
    expect(calculation.items[0]).toMatchObject({
      nonRefundableAmount: 83,
      refundPolicies: [{ nonRefundableAmount: 83 }]
    })
    expect(success(calculateTotalsResult(zeroDecimalRecord(), { at: AT }))).toMatchObject({
      exponent: 0,
      suggestedRefundAmount: 250
    })
  })

  it("R1.2: calculateTotalsResult pushes the disagreement into the warnings given, under the merchant path named", () => {
    const notZero = { currencies: [{ currencyCode: "AUD", isZeroDecimal: false }] }
    const named: Array<Issue> = []
    const totals = success(
      calculateTotalsResult(zeroDecimalRecord(), { at: AT, merchant: notZero }, named, "--merchant")
    )
    expect(totals).toMatchObject({ exponent: 0, suggestedRefundAmount: 250, totalNonRefundableAmount: 83 })
    expect(named.map((w) => `${w.path}:${w.code}:${w.rule}`)).toEqual([
      "--merchant.currencies[0].isZeroDecimal:digits_mismatch:R1.2"
    ])
    // without a path the configuration is `merchant`, as the operations name it
    const plain: Array<Issue> = []
    calculateTotalsResult(zeroDecimalRecord(), { at: AT, merchant: notZero }, plain)
    expect(plain.map((w) => `${w.path}:${w.code}`)).toEqual(["merchant.currencies[0].isZeroDecimal:digits_mismatch"])
  })

  it("a merchant configuration that disagrees is a warning (digits_mismatch, R1.2), never overriding the record", () => {
    // the merchant says AUD has its two digits; the record says none: the record wins
    const notZero = { currencies: [{ currencyCode: "AUD", isZeroDecimal: false }] }
    const warned = calculateWarnedResult(zeroDecimalRecord(), { at: AT, merchant: notZero })
    expect(success(warned.result)).toMatchObject({ suggestedRefundAmount: 250, totalNonRefundableAmount: 83 })
    expect(warned.warnings).toEqual([
      expect.objectContaining({ path: "merchant.currencies[0].isZeroDecimal", code: "digits_mismatch", rule: "R1.2" })
    ])
    expect(warned.warnings[0]!.message).toMatch(/AUD/)
    // listed without isZeroDecimal, the merchant still gives AUD two digits
    const listed = calculateWarnedResult(zeroDecimalRecord(), {
      at: AT,
      merchant: { currencies: [{ currencyCode: "USD" }, { currencyCode: "AUD", minimumPaymentAmount: 1 }] }
    })
    expect(listed.warnings.map((w) => `${w.path}:${w.code}`)).toEqual(["merchant.currencies[1]:digits_mismatch"])
    // the other way round: a record in two digits and a merchant that says zero-decimal
    const twoDigits = zeroDecimalRecord({ currencyCode: "AUD", isZeroDecimal: false })
    const zero = { currencies: [{ currencyCode: "AUD", isZeroDecimal: true }] }
    const other = calculateWarnedResult(twoDigits, { at: AT, merchant: zero })
    expect(success(other.result)).toMatchObject({ suggestedRefundAmount: 249.75, totalNonRefundableAmount: 83.25 })
    expect(other.warnings.map((w) => `${w.path}:${w.code}:${w.rule}`)).toEqual([
      "merchant.currencies[0].isZeroDecimal:digits_mismatch:R1.2"
    ])
  })

  it("a merchant that agrees, or does not list the currency, says nothing; a plan without digits of its own takes the merchant's", () => {
    const agrees = calculateWarnedResult(zeroDecimalRecord(), {
      at: AT,
      merchant: { currencies: [{ currencyCode: "AUD", isZeroDecimal: true }] }
    })
    expect(agrees.warnings).toEqual([])
    const silent = calculateWarnedResult(zeroDecimalRecord(), {
      at: AT,
      merchant: { currencies: [{ currencyCode: "USD", isZeroDecimal: false }] }
    })
    expect(silent.warnings).toEqual([])
    // a refund plan (or a service record without isZeroDecimal) states no digits: the merchant's apply (R1.2)
    const plain = { currencyCode: "AUD", totalPaymentsPaid: 333, items: zeroDecimalRecord().items }
    const merchant = { currencies: [{ currencyCode: "AUD", isZeroDecimal: true }] }
    const byMerchant = calculateWarnedResult(plain, { at: AT, merchant })
    expect(success(byMerchant.result).suggestedRefundAmount).toBe(250)
    expect(byMerchant.warnings).toEqual([])
    const serviceRecord = zeroDecimalRecord({ currencyCode: "AUD", label: "Australian dollar" })
    expect(success(calculateResult(serviceRecord, { at: AT, merchant })).suggestedRefundAmount).toBe(250)
    expect(success(calculateResult(serviceRecord, { at: AT })).suggestedRefundAmount).toBe(249.75)
  })

  it("the record's digits judge its amounts: 333.5 paid on a zero-decimal record is precision (R1.3)", () => {
    const record = { ...zeroDecimalRecord(), totalPaid: 333.5 }
    expect(issuesOf(calculateResult(record, { at: AT }))).toEqual(["totalPaid:precision"])
  })

  it("a plan naming two currencies is refused at the record's code (conflict, R1.2)", () => {
    const both = { ...zeroDecimalRecord({ currencyCode: "JPY", isZeroDecimal: true }), currencyCode: "AUD" }
    expect(issuesOf(calculateResult(both, { at: AT }))).toEqual(["currency.currencyCode:conflict"])
    expect(issuesOf(validateCancelRequestResult(both, { planId: "plan_1", refundableAmount: 1, reason: "Other" })))
      .toEqual(["plan.currency.currencyCode:conflict"])
  })

  it("the cancellation check reads the same digits: 100.5 is finer than a zero-decimal record allows", () => {
    const request = { planId: "plan_1", refundableAmount: 100.5, reason: "CustomerRequest" }
    expect(issuesOf(validateCancelRequestResult(zeroDecimalRecord(), request))).toEqual(["refundableAmount:precision"])
    expect(Result.isSuccess(validateCancelRequestResult(zeroDecimalRecord(), { ...request, refundableAmount: 250 })))
      .toBe(true)
    // and warns of a merchant that disagrees, the record's digits still ruling
    const merchant = { currencies: [{ currencyCode: "AUD", isZeroDecimal: false }] }
    const checked = validateCancelRequestResult(zeroDecimalRecord(), request, { merchant })
    expect(issuesOf(checked)).toEqual(["refundableAmount:precision"])
    expect(Result.isFailure(checked) && checked.failure.warnings.map((w) => `${w.path}:${w.code}`)).toEqual([
      "merchant.currencies[0].isZeroDecimal:digits_mismatch"
    ])
    const accepted = validateCancelRequestResult(zeroDecimalRecord(), { ...request, refundableAmount: 250 }, {
      merchant
    })
    expect(Result.isSuccess(accepted) && accepted.success.warnings.map((w) => w.code)).toEqual(["digits_mismatch"])
  })

  it("the lifecycle reads a record through the same reader: a record without a readable currency is a ValidationError", () => {
    const plan = examplePlan()
    const { currency: _currency, ...withoutCurrency } = plan
    const read = applyResult(withoutCurrency as unknown as Plan, PlanEvent.DepositAccepted({ at: NOW }))
    expect(Result.isFailure(read) && read.failure).toBeInstanceOf(ValidationError)
    // the lifecycle's record guard names the missing object itself
    expect(issuesOf(read as never)).toEqual(["plan.currency:required"])
    const unknown = applyResult(
      { ...plan, currency: { ...plan.currency, currencyCode: "XYZ" } },
      PlanEvent.DepositAccepted({ at: NOW })
    )
    expect(issuesOf(unknown as never)).toEqual(["plan.currency.currencyCode:unknown_currency"])
  })
})

describe("an existing plan's tied policies are calculated by list order (R7.2)", () => {
  const tied = [
    { daysWithinRedemptionDate: 30, refundablePercentage: 10 },
    { daysWithinRedemptionDate: 30, refundablePercentage: 90 }
  ]
  const plan = {
    currencyCode: "AUD",
    totalPaymentsPaid: 400,
    items: [{
      id: "t1",
      description: "Ticket",
      quantity: 2,
      costPerItem: 250,
      redemptionDate: "2027-03-01",
      refundPolicies: tied
    }]
  }

  it("the reported plan: two 30-day policies, 19 days before: the first (10 % refundable) is active", () => {
    const calculation = success(calculateResult(plan, { at: "2027-02-10T00:00:00Z" }))
    expect(calculation.items[0]).toMatchObject({
      activeRefundPolicyIndex: 0,
      nonRefundableAmount: 450,
      refundPolicies: [{ nonRefundableAmount: 450 }, { nonRefundableAmount: 50 }]
    })
    expect(calculation).toMatchObject({ totalNonRefundableAmount: 450, suggestedRefundAmount: 0 })
    // reversed, the other one wins: the order decides
    const reversed = { ...plan, items: [{ ...plan.items[0]!, refundPolicies: [...tied].reverse() }] }
    expect(success(calculateResult(reversed, { at: "2027-02-10T00:00:00Z" })).totalNonRefundableAmount).toBe(50)
  })

  it("a plan record with tied policies is calculated too", () => {
    const record = { ...zeroDecimalRecord({ currencyCode: "AUD", isZeroDecimal: false }) }
    const tiedRecord = { ...record, items: [{ ...record.items[0]!, refundPolicies: tied }] }
    expect(success(calculateResult(tiedRecord, { at: "2027-02-10T00:00:00Z" })).items[0]?.activeRefundPolicyIndex).toBe(
      0
    )
  })

  it("a create-checkout request still refuses the same two policies (R4.6, duplicate)", () => {
    const request = exampleRequest()
    const withTie = { ...request, items: [{ ...request.items[0]!, refundPolicies: tied }, ...request.items.slice(1)] }
    const validation = validateCheckoutRequest(withTie, { now: NOW })
    expect(!validation.ok && validation.issues.map((i) => `${i.path}:${i.code}:${i.rule}`)).toEqual([
      "items[0].refundPolicies[1].daysWithinRedemptionDate:duplicate:R4.6"
    ])
  })
})
