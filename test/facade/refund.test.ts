/**
 * The plain refund functions of the public surface, through the package root.
 */
import { describe, expect, it } from "vitest"
import { calculateRefund, selectRefundPolicy, validateCancelPlanRequest, ValidationError } from "../../src/index.ts"
import { thrown } from "../fixtures.ts"

const policies = [
  { daysWithinRedemptionDate: 60, refundablePercentage: 75 },
  { daysWithinRedemptionDate: 30, refundablePercentage: 50 }
]

describe("selectRefundPolicy (R7.2)", () => {
  it("gives the index of the active policy, or −1", () => {
    expect([40, 20, 61].map((days) => selectRefundPolicy(policies, days))).toEqual([0, 1, -1])
  })

  it("throws a ValidationError naming every bad value", () => {
    const error = thrown(() => selectRefundPolicy([{ daysWithinRedemptionDate: -1 }, {} as never], 1.5))
    expect(error.issues.map((i) => `${i.path}:${i.code}`)).toEqual([
      "policies[0].daysWithinRedemptionDate:range",
      "policies[1].daysWithinRedemptionDate:required",
      "daysRemaining:format"
    ])
    expect(thrown(() => selectRefundPolicy("x" as never, 0)).issues[0]?.path).toBe("policies")
  })
})

describe("calculateRefund (R7)", () => {
  const plan = {
    currencyCode: "AUD",
    totalPaymentsPaid: 400,
    items: [{
      id: "t1",
      description: "Festival ticket",
      quantity: 2,
      costPerItem: 250,
      redemptionDate: "2027-03-01",
      refundPolicies: policies
    }]
  }

  it("gives the refund calculation", () => {
    const calculation = calculateRefund(plan, { at: "2027-01-20T09:00:00+11:00", timeZone: "Australia/Sydney" })
    expect(calculation).toMatchObject({
      planTotalCost: 500,
      totalNonRefundableAmount: 125,
      suggestedRefundAmount: 275,
      currencyCode: "AUD"
    })
    expect(calculation.items[0]?.activeRefundPolicyIndex).toBe(0)
  })

  it("reads the merchant configuration as the service answers it (R9), with its default policies", () => {
    const { refundPolicies: _, ...item } = plan.items[0]!
    // numbers sent as text are read as numbers (R9)
    const asText = { defaultRefundPolicies: [{ daysWithinRedemptionDate: "14", refundablePercentage: 0 }] }
    expect(
      calculateRefund({ ...plan, items: [item] }, { at: "2027-02-20T00:00:00Z", merchant: asText })
        .suggestedRefundAmount
    ).toBe(0)
    const good = { defaultRefundPolicies: [{ daysWithinRedemptionDate: 14, refundablePercentage: 0 }] }
    expect(
      calculateRefund({ ...plan, items: [item] }, { at: "2027-02-20T00:00:00Z", merchant: good }).suggestedRefundAmount
    ).toBe(0)
    // a policy that breaks an item's rules (R4.6) is still refused, naming the field
    const bad = { defaultRefundPolicies: [{ daysWithinRedemptionDate: -1, refundablePercentage: 0 }] }
    expect(() => calculateRefund({ ...plan, items: [item] }, { at: "2027-02-20T00:00:00Z", merchant: bad })).toThrow(
      ValidationError
    )
  })

  it("throws a ValidationError, an Error carrying the issues", () => {
    const error = thrown(() => calculateRefund({ ...plan, currencyCode: "AUS" }, { at: "2027-01-20T09:00:00+11:00" }))
    expect(error).toBeInstanceOf(Error)
    expect(error.issues.map((i) => `${i.path}:${i.code}`)).toEqual(["currencyCode:unknown_currency"])
    expect(thrown(() => calculateRefund(plan, undefined as never)).issues.map((i) => i.path)).toEqual(["at"])
  })
})

describe("validateCancelPlanRequest (R7.8)", () => {
  const record = { id: "plan_1", status: "OnSchedule", currencyCode: "AUD", totalPaymentsPaid: 400 }

  it("returns a validation result and never throws", () => {
    expect(validateCancelPlanRequest(record, { planId: "plan_1", refundableAmount: 300, reason: "MerchantRequest" }))
      .toEqual({
        ok: true,
        value: { planId: "plan_1", refundableAmount: 300, reason: "MerchantRequest" },
        warnings: []
      })
    const bad = validateCancelPlanRequest(record, { planId: "plan_1", refundableAmount: 400.01, reason: "Sorry" })
    expect(!bad.ok && bad.issues.map((i) => `${i.path}:${i.code}`)).toEqual(["reason:enum", "refundableAmount:range"])
    expect(validateCancelPlanRequest(record, undefined).ok).toBe(false)
  })
})
