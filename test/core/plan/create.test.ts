/**
 * A plan record writes a minimum deposit's unit in the service's spelling (R2.2: read in any case),
 * whatever case the checkout used. Making the record keep the checkout's spelling survived every test
 * (a mutant Stryker left alive); a record read back by a calculation must not depend on it either (R7.4).
 */
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { createResult } from "../../../src/core/plan/create.ts"
import { calculateResult } from "../../../src/core/refund/calculate.ts"
import { exampleRequest, NOW } from "../../fixtures.ts"
import { exampleTerms, unwrap } from "./fixtures.ts"

const recordWithUnits = (units: readonly [string, string]) => {
  const checkout = exampleRequest()
  const items = checkout.items.map((item, index) => ({
    ...item,
    minimumDepositPerItem: { unit: units[index]!, value: index === 0 ? 20 : 24 }
  }))
  return unwrap(createResult({ ...checkout, items }, exampleTerms(), { now: NOW, planId: "plan_1" }))
}

describe("R2.2 a plan record spells a minimum deposit's unit as the service does", () => {
  it("R2.2: writes Currency and Percentage whatever the checkout's case", () => {
    for (
      const units of [["currency", "percentage"], ["CURRENCY", "PERCENTAGE"], ["Currency", "Percentage"], [
        "cUrReNcY",
        "pErCeNtAgE"
      ]] as const
    ) {
      expect(recordWithUnits(units).items.map((i) => i.minimumDepositPerItemType), units.join()).toEqual([
        "Currency",
        "Percentage"
      ])
    }
  })

  it("R2.2: leaves the type null for an item without a minimum deposit", () => {
    const checkout = exampleRequest()
    const items = checkout.items.map(({ minimumDepositPerItem: _, ...item }) => item)
    const plan = unwrap(createResult({ ...checkout, items }, exampleTerms(), { now: NOW, planId: "plan_1" }))
    expect(plan.items.map((i) => [i.minimumDepositPerItemType, i.minimumDepositPerItemValue])).toEqual([
      [null, null],
      [null, null]
    ])
  })

  it("R7.4: the record's refund is calculated the same whatever case the checkout wrote the units in", () => {
    const at = "2027-02-20T00:00:00Z"
    const calculations = [["currency", "percentage"], ["CURRENCY", "PERCENTAGE"]].map((units) => {
      const record = recordWithUnits(units as [string, string])
      const paid = { ...record, totalPaid: 1100 }
      return calculateResult(paid, { at })
    })
    expect(Result.isSuccess(calculations[0]!)).toBe(true)
    expect(calculations[1]).toEqual(calculations[0])
  })
})
