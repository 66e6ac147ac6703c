/**
 * The minimum deposit of an item (R2.2) and the rules of `minimumDepositPerItem` (R4.6). Written for
 * the survivors of mutation testing (benchmarks/mutation.md): the unit read in any case, a merchant
 * default read tolerantly, and the issues naming their rule.
 */
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { validateRequestResult } from "../../../src/core/checkout/request.ts"
import { summarizeResult } from "../../../src/core/checkout/totals.ts"
import { depositUnit, unitMinimumDeposit, unitMinimumDepositOf } from "../../../src/core/deposit/index.ts"
import { exampleRequest, NOW } from "../../fixtures.ts"

describe("R2.2 a minimum deposit's unit, read case-insensitively", () => {
  it("reads Currency and Percentage in any case, and nothing else", () => {
    for (const unit of ["Currency", "currency", "CURRENCY", "cuRRency"]) {
      expect(depositUnit(unit), unit).toBe("currency")
    }
    for (const unit of ["Percentage", "percentage", "PERCENTAGE", "perCENTage"]) {
      expect(depositUnit(unit), unit).toBe("percentage")
    }
    for (const unit of ["percent", "Currencies", "currency ", "", "Dollars", "PERCENTAGES", "Currenc"]) {
      expect(depositUnit(unit), unit).toBeUndefined()
    }
  })

  it("applies a unit written in capitals as the unit it names", () => {
    // 10 % of 50.00 and 10.00 per unit, each capped at the cost
    expect(unitMinimumDeposit(5000, { unit: "PERCENTAGE", value: 10 }, undefined, 2)).toBe(500)
    expect(unitMinimumDeposit(5000, { unit: "CURRENCY", value: 10 }, undefined, 2)).toBe(1000)
    expect(
      unitMinimumDepositOf(5000, undefined, undefined, {
        defaultMinDepositType: "PERCENTAGE",
        defaultMinDepositValue: 10
      }, 2)
    )
      .toBe(500)
  })

  it("counts a unit it does not know as no minimum deposit", () => {
    expect(unitMinimumDeposit(5000, { unit: "Dollars", value: 10 }, undefined, 2)).toBe(0)
    expect(
      unitMinimumDepositOf(
        5000,
        undefined,
        undefined,
        { defaultMinDepositType: "percent", defaultMinDepositValue: 10 },
        2
      )
    )
      .toBe(0)
  })
})

describe("R2.2 the merchant's default minimum deposit, read tolerantly (R9)", () => {
  const summary = (defaultMinDepositType: string, defaultMinDepositValue: number) => {
    const request = exampleRequest()
    const items = request.items.map(({ minimumDepositPerItem: _, ...item }) => item)
    const result = summarizeResult({ ...request, items }, {
      now: NOW,
      merchant: { defaultMinDepositType, defaultMinDepositValue }
    })
    if (Result.isFailure(result)) throw result.failure
    return result.success.items.map((i) => i.minimumDeposit)
  }

  it("rounds a Currency default with more digits than the currency half-up (R1.5)", () => {
    // 2 tickets × 10.005 → 10.01 each; 2 nights × 10.005 → 10.01 each
    expect(summary("Currency", 10.005)).toEqual([20.02, 20.02])
    expect(summary("Currency", 10.004)).toEqual([20, 20])
    expect(
      unitMinimumDepositOf(5000, undefined, undefined, {
        defaultMinDepositType: "Currency",
        defaultMinDepositValue: 0.5
      }, 0)
    )
      .toBe(1)
  })

  it("ignores a negative default", () => {
    expect(summary("Currency", -5)).toEqual([0, 0])
    expect(summary("Percentage", -5)).toEqual([0, 0])
  })
})

describe("R4.6 the issues of minimumDepositPerItem name the rule", () => {
  it("reports an unknown unit, a negative value, a missing value and a Percentage above 100", () => {
    const request = exampleRequest()
    const deposits: Array<unknown> = [
      { unit: "Dollars", value: 20 },
      { unit: "Currency", value: -1 },
      { unit: "Currency" },
      { unit: "percentage", value: 150 }
    ]
    const items = deposits.map((minimumDepositPerItem) => ({ ...request.items[0]!, minimumDepositPerItem }))
    const result = validateRequestResult({ ...request, items }, { now: NOW })
    expect(Result.isFailure(result) && result.failure.issues.map(({ code, path, rule }) => ({ path, code, rule })))
      .toEqual([
        { path: "items[0].minimumDepositPerItem.unit", code: "enum", rule: "R4.6" },
        { path: "items[1].minimumDepositPerItem.value", code: "range", rule: "R4.6" },
        { path: "items[2].minimumDepositPerItem.value", code: "required", rule: "R4.6" },
        { path: "items[3].minimumDepositPerItem.value", code: "range", rule: "R4.6" }
      ])
    expect(Result.isFailure(result) && result.failure.issues[3]!.message).toBe(
      "a Percentage minimum deposit must be at most 100, got 150"
    )
  })
})
