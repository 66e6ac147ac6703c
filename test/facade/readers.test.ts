/**
 * One reader per input through the plain functions:
 * a plan record's currency is the plan's; an existing plan's tied policies are
 * calculated; a merchant configuration's unknown fields are reported by every
 * function that reads one, refused on request; a sandbox merchants file is
 * never read as one merchant's configuration.
 */
import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import {
  applyPlanEvent,
  calculateRefund,
  calculateRefundResult,
  computePlanTermsResult,
  createPlanRecord,
  createPlanRecordResult,
  splitInstallments,
  splitInstallmentsResult,
  summarizeCheckout,
  summarizeCheckoutResult,
  validateCancelPlanRequest,
  validateCheckoutRequest
} from "../../src/index.ts"
import { exampleTerms } from "../core/plan/fixtures.ts"
import { exampleRequest, NOW, thrown } from "../fixtures.ts"

const sandboxFile = JSON.parse(readFileSync(new URL("../../examples/sandbox-merchants.json", import.meta.url), "utf8"))

/** The reported plan: `refundPolicy` for `refundPolicies`, so the merchant's defaults apply. */
const plan = {
  currencyCode: "AUD",
  totalPaymentsPaid: 400,
  items: [{ id: "t1", description: "Festival ticket", quantity: 2, costPerItem: 250, redemptionDate: "2027-03-01" }]
}
const AT = "2027-02-10T00:00:00Z" // 19 days before: the sandbox merchant's 30-day default policy (50 %) is active

const codes = (list: ReadonlyArray<{ path: string; code: string }>) => list.map((i) => `${i.path}:${i.code}`)

describe("calculateRefund reads a plan record's currency", () => {
  it("the reported record: isZeroDecimal true, 333 at 75 % refundable gives 250 suggested and 83 kept", () => {
    const record = {
      id: "plan_1",
      status: "OnSchedule",
      currency: { currencyCode: "AUD", isZeroDecimal: true },
      totalPaid: 333,
      items: [{
        id: "item_1",
        description: "Ticket",
        quantity: 1,
        costPerItem: 333,
        redemptionDate: "2027-03-01",
        refundPolicies: [{ daysWithinRedemptionDate: 60, refundablePercentage: 75 }]
      }]
    }
    const calculation = calculateRefund(record, { at: "2027-01-20T00:00:00Z" })
    expect(calculation).toMatchObject({ suggestedRefundAmount: 250, totalNonRefundableAmount: 83 })
    // with the same digits given through a merchant that agrees, the same answer and no word
    const agrees = calculateRefundResult(record, {
      at: "2027-01-20T00:00:00Z",
      merchant: { currencies: [{ currencyCode: "AUD", isZeroDecimal: true }] }
    })
    expect(agrees.ok && agrees.value).toEqual(calculation)
    expect(agrees.warnings).toEqual([])
    // a merchant that disagrees is a warning, the record's digits still used
    const disagrees = calculateRefundResult(record, {
      at: "2027-01-20T00:00:00Z",
      merchant: { currencies: [{ currencyCode: "AUD", isZeroDecimal: false }] }
    })
    expect(disagrees.ok && disagrees.value).toEqual(calculation)
    expect(codes(disagrees.warnings)).toEqual(["merchant.currencies[0].isZeroDecimal:digits_mismatch"])
  })

  it("a record from createPlanRecord, kept zero-decimal, is read in its own digits by the calculation, the cancellation and the lifecycle", () => {
    const record = createPlanRecord(exampleRequest(), exampleTerms(), { now: NOW, planId: "plan_1" })
    const zero = { ...record, currency: { ...record.currency, isZeroDecimal: true } }
    const paid = applyPlanEvent(zero, { _tag: "DepositAccepted", at: NOW })
    expect(paid.totalPaid).toBe(280)
    expect(calculateRefund(paid, { at: "2027-01-20T00:00:00Z" }).totalPaymentsPaid).toBe(280)
    const cancel = validateCancelPlanRequest(paid, { planId: "plan_1", refundableAmount: 100.5, reason: "Other" })
    expect(!cancel.ok && codes(cancel.issues)).toEqual(["refundableAmount:precision"])
    expect(() => applyPlanEvent(paid, { _tag: "PlanCancelled", at: NOW, reason: "Other", refundAmount: 100.5 }))
      .toThrow(
        /precision/
      )
  })
})

describe("calculateRefund calculates an existing plan's tied policies by list order (R7.2)", () => {
  it("the reported plan: two 30-day policies (10 %, 90 %): the first is active; a checkout still refuses them (R4.6)", () => {
    const refundPolicies = [
      { daysWithinRedemptionDate: 30, refundablePercentage: 10 },
      { daysWithinRedemptionDate: 30, refundablePercentage: 90 }
    ]
    const tied = { ...plan, items: [{ ...plan.items[0]!, refundPolicies }] }
    const calculation = calculateRefund(tied, { at: AT })
    expect(calculation.items[0]?.activeRefundPolicyIndex).toBe(0)
    expect(calculation).toMatchObject({ totalNonRefundableAmount: 450, suggestedRefundAmount: 0 })
    expect(calculateRefundResult(tied, { at: AT })).toMatchObject({ ok: true, warnings: [] })
    const request = exampleRequest()
    const checkout = { ...request, items: [{ ...request.items[0]!, refundPolicies }] }
    const validation = validateCheckoutRequest(checkout, { now: NOW })
    expect(!validation.ok && codes(validation.issues)).toEqual([
      "items[0].refundPolicies[1].daysWithinRedemptionDate:duplicate"
    ])
  })
})

describe("a merchant configuration's fields count as data (R10.2)", () => {
  const typo = { defaultRefundPolicy: [{ daysWithinRedemptionDate: 30, refundablePercentage: 50 }] }

  it("the reported typo: defaultRefundPolicy is reported, and refused under unknownFields: \"error\"", () => {
    const answer = calculateRefundResult(plan, { at: AT, merchant: typo })
    expect(answer.ok && answer.value.suggestedRefundAmount).toBe(400)
    expect(codes(answer.warnings)).toEqual(["merchant.defaultRefundPolicy:unknown_field"])
    const strict = calculateRefundResult(plan, { at: AT, merchant: typo, unknownFields: "error" })
    expect(!strict.ok && codes(strict.issues)).toEqual(["merchant.defaultRefundPolicy:unknown_field"])
    expect(() => calculateRefund(plan, { at: AT, merchant: typo, unknownFields: "error" })).toThrow(
      /merchant\.defaultRefundPolicy/
    )
  })

  it("every plain function that reads a merchant configuration reports its unknown fields", () => {
    const merchant = { ...typo, currencies: [{ currencyCode: "AUD", minimumPaymentAmount: 1 }] }
    const expected = ["merchant.defaultRefundPolicy:unknown_field"]
    const request = exampleRequest()
    const validation = validateCheckoutRequest(request, { now: NOW, merchant })
    expect(codes(validation.warnings)).toEqual(expected)
    expect(codes(summarizeCheckoutResult(request, { now: NOW, merchant }).warnings)).toEqual(expected)
    const terms = computePlanTermsResult(request, { checkoutId: "chk_1", type: "plan", timeZone: "UTC" }, {
      now: NOW,
      merchant
    })
    expect(codes(terms.warnings)).toEqual(expected)
    expect(codes(splitInstallmentsResult(100, 3, "AUD", { merchant }).warnings)).toEqual(expected)
    const cancel = validateCancelPlanRequest(
      { id: "plan_1", status: "OnSchedule", currencyCode: "AUD", totalPaymentsPaid: 400 },
      { planId: "plan_1", refundableAmount: 100, reason: "Other" },
      { merchant }
    )
    expect(codes(cancel.warnings)).toEqual(expected)
    // and refuses them on request, the throwing functions included
    const strict = { merchant, unknownFields: "error" } as const
    expect(validateCheckoutRequest(request, { now: NOW, ...strict }).ok).toBe(false)
    expect(thrown(() => summarizeCheckout(request, { now: NOW, ...strict })).issues.map((i) => i.path)).toEqual([
      "merchant.defaultRefundPolicy"
    ])
    expect(thrown(() => splitInstallments(100, 3, "AUD", strict)).issues.map((i) => i.path)).toEqual([
      "merchant.defaultRefundPolicy"
    ])
  })

  it("createPlanRecord reports its merchant configuration's unknown fields too", () => {
    const created = createPlanRecordResult(exampleRequest(), exampleTerms(), {
      now: NOW,
      planId: "plan_1",
      merchant: typo
    })
    // `merchant` is the configuration here too
    expect(codes(created.warnings)).toContain("merchant.defaultRefundPolicy:unknown_field")
  })

  it("the sandbox merchants file given as one merchant's configuration is refused, saying how to pick one", () => {
    const answer = calculateRefundResult(plan, { at: AT, merchant: sandboxFile })
    expect(answer.ok).toBe(false)
    expect(!answer.ok && codes(answer.issues)).toEqual(["merchant:type"])
    expect(!answer.ok && answer.issues[0]!.message).toMatch(/--merchant-id/)
    expect(() => calculateRefund(plan, { at: AT, merchant: sandboxFile })).toThrow(/sandbox merchants file/)
    // one entry is a configuration: the issue's 150 with the merchant's default policies
    const entry = calculateRefundResult(plan, { at: AT, merchant: sandboxFile.merchants[0] })
    expect(entry.ok && entry.value.suggestedRefundAmount).toBe(150)
    expect(entry.warnings.map((w) => w.path)).toContain("merchant.apiKey")
  })
})
