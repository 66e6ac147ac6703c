/**
 * R4.6: no two refund policies of an item share their `daysWithinRedemptionDate`. The check has a
 * report (which policies repeat which) and a fast predicate that the compiled validator asks first;
 * breaking the predicate was caught by one example test only (a mutant Stryker left alive). This property holds the
 * validator's answer to an oracle over short lists and over lists longer than the predicate's
 * allocation-free range (32), where ties are frequent and where they are rare.
 */
import { Result } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { validateRequestResult } from "../../src/core/checkout/request.ts"
import { calculateResult } from "../../src/core/refund/calculate.ts"
import { exampleRequest, NOW } from "../fixtures.ts"

const policiesWithin = (maxDays: number, minLength: number, maxLength: number) =>
  fc.array(
    fc.record({
      daysWithinRedemptionDate: fc.integer({ min: 0, max: maxDays }),
      refundablePercentage: fc.integer({ min: 0, max: 100 })
    }),
    { minLength, maxLength }
  )

const policyLists = fc.integer({ min: 0, max: 80 }).chain((maxDays) =>
  fc.oneof(policiesWithin(maxDays, 0, 8), policiesWithin(maxDays, 30, 40))
)

/** Each policy that repeats an earlier one's days, with the first that had them. */
const oracle = (policies: ReadonlyArray<{ readonly daysWithinRedemptionDate: number }>) =>
  policies.flatMap((policy, index) => {
    const first = policies.findIndex((p) => p.daysWithinRedemptionDate === policy.daysWithinRedemptionDate)
    return first < index ? [{ index, first, days: policy.daysWithinRedemptionDate }] : []
  })

describe("R4.6 refund policies of one item have distinct days", () => {
  it("validation reports a duplicate at exactly each policy that repeats an earlier one's days", () => {
    fc.assert(
      fc.property(policyLists, (refundPolicies) => {
        const request = exampleRequest()
        const items = [{ ...request.items[0]!, refundPolicies }, request.items[1]!]
        const result = validateRequestResult({ ...request, items }, { now: NOW })
        const found = Result.isFailure(result) ? result.failure.issues : []
        expect(found).toEqual(
          oracle(refundPolicies).map(({ days, first, index }) => ({
            path: `items[0].refundPolicies[${index}].daysWithinRedemptionDate`,
            code: "duplicate",
            rule: "R4.6",
            message: `repeats the days of another policy: ${days}, as policy ${first}`
          }))
        )
      }),
      { numRuns: 200 }
    )
  })
})

describe("R7.2 a calculation reads an item with any number of policies of distinct days", () => {
  const distinctPolicies = fc.oneof(
    fc.uniqueArray(fc.integer({ min: 0, max: 400 }), { maxLength: 8 }),
    fc.uniqueArray(fc.integer({ min: 0, max: 400 }), { minLength: 30, maxLength: 40 })
  ).chain((days) =>
    fc.array(fc.integer({ min: 0, max: 100 }), { minLength: days.length, maxLength: days.length }).map((percentages) =>
      days.map((daysWithinRedemptionDate, i) => ({ daysWithinRedemptionDate, refundablePercentage: percentages[i]! }))
    )
  )

  it("selects the policy with the smallest window that covers the days remaining, however long the list", () => {
    fc.assert(
      fc.property(distinctPolicies, fc.integer({ min: -5, max: 420 }), (refundPolicies, remaining) => {
        const redemption = Date.UTC(2027, 5, 1)
        const at = new Date(redemption - remaining * 86_400_000).toISOString()
        const plan = {
          currencyCode: "AUD",
          totalPaymentsPaid: 0,
          items: [{ quantity: 1, costPerItem: 100, redemptionDate: "2027-06-01", refundPolicies }]
        }
        const result = calculateResult(plan, { at })
        if (Result.isFailure(result)) throw result.failure
        const covering = refundPolicies.filter((p) => p.daysWithinRedemptionDate >= remaining)
        const smallest = Math.min(...covering.map((p) => p.daysWithinRedemptionDate))
        expect(result.success.items[0]!.activeRefundPolicyIndex).toBe(
          refundPolicies.findIndex((p) => p.daysWithinRedemptionDate === smallest)
        )
      }),
      { numRuns: 200 }
    )
  })
})
