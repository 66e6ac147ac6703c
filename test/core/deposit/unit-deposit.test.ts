/**
 * The unit minimum deposit (R2.2) where mutation testing found it unchecked (benchmarks/mutation.md):
 * a deposit value of 0 is a deposit like any other, capped at `costPerItem`.
 */
import { describe, expect, it } from "vitest"
import { unitMinimumDeposit, unitMinimumDepositOf } from "../../../src/core/deposit/unit-deposit.ts"

describe("R2.2 a minimum deposit of 0 is capped at costPerItem like any other", () => {
  it("R2.2: value 0 in either unit is min(0, costPerItem), even for a cost below 0", () => {
    // R2.2: the deposit (0 minor units, or 0 % of the cost = 0) capped at costPerItem
    for (const unit of ["Currency", "Percentage"]) {
      expect(unitMinimumDeposit(5000, { unit, value: 0 }, undefined, 2), unit).toBe(0)
      expect(unitMinimumDeposit(-500, { unit, value: 0 }, undefined, 2), unit).toBe(-500)
      expect(
        unitMinimumDepositOf(-500, undefined, undefined, { defaultMinDepositType: unit, defaultMinDepositValue: 0 }, 2),
        unit
      ).toBe(-500)
    }
  })
})

describe("R2.2 a deposit beyond any amount", () => {
  it("R2.2: an infinite Currency deposit is capped at costPerItem, never a throw", () => {
    expect(unitMinimumDeposit(5000, { unit: "Currency", value: Number.POSITIVE_INFINITY }, undefined, 2)).toBe(5000)
    expect(unitMinimumDeposit(5000, { unit: "Percentage", value: Number.POSITIVE_INFINITY }, undefined, 2)).toBe(5000)
  })
})
