import { Effect, Result } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import * as Money from "../../../src/core/foundation/money.ts"

describe("toMinorUnits (R1.1, R1.3)", () => {
  it("converts exactly, whatever binary floating point would do", () => {
    expect(Money.toMinorUnits(1234.56, 2)).toBe(123456)
    expect(Money.toMinorUnits(0.29, 2)).toBe(29) // 0.29 * 100 = 28.999999999999996
    expect(Money.toMinorUnits(1.005, 3)).toBe(1005)
    expect(Money.toMinorUnits(100, 0)).toBe(100)
    expect(Money.toMinorUnits(-0, 2)).toBe(0)
  })

  it("refuses more fraction digits than the currency has", () => {
    expect(Money.toMinorUnits(10.005, 2)).toBe("precision")
    expect(Money.toMinorUnits(100.5, 0)).toBe("precision")
    expect(Money.toMinorUnits(0.1 + 0.2, 2)).toBe("precision")
  })

  it("refuses what is not a finite number or beyond exact integers", () => {
    expect(Money.toMinorUnits(Number.NaN, 2)).toBe("type")
    expect(Money.toMinorUnits(Infinity, 2)).toBe("type")
    expect(Money.toMinorUnits("10", 2)).toBe("type")
    expect(Money.toMinorUnits(1e17, 2)).toBe("range")
    expect(Money.toMinorUnits(Money.fromMinorUnits(2 ** 51, 2), 2)).toBe(2 ** 51)
    expect(Money.toMinorUnits(Money.fromMinorUnits(2 ** 51 + 1, 2), 2)).toBe("range")
  })

  it("converts back to the JSON number of the same digits (R1.4)", () => {
    expect(Money.fromMinorUnits(123456, 2)).toBe(1234.56)
    expect(Money.fromMinorUnits(29, 2)).toBe(0.29)
    expect(Money.fromMinorUnits(1005, 3)).toBe(1.005)
  })
})

describe("toDecimalText (R1.2, R1.4)", () => {
  it("writes exactly the currency's digits", () => {
    expect(Money.toDecimalText(123450, 2)).toBe("1234.50")
    expect(Money.toDecimalText(5, 2)).toBe("0.05")
    expect(Money.toDecimalText(-5, 2)).toBe("-0.05")
    expect(Money.toDecimalText(0, 3)).toBe("0.000")
    expect(Money.toDecimalText(10_000, 0)).toBe("10000")
    expect(Money.toDecimalText(-10_000, 0)).toBe("-10000")
    expect(Money.toDecimalText(10n ** 20n, 2)).toBe("1000000000000000000.00")
  })

  it("is the decimal the JSON number of the same minor units is written from", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: -Money.MAX_MINOR_UNITS, max: Money.MAX_MINOR_UNITS }),
        (exponent, minor) => {
          const text = Money.toDecimalText(minor, exponent)
          expect(text.split(".")[1]?.length ?? 0).toBe(exponent)
          expect(Number(text)).toBe(Money.fromMinorUnits(minor, exponent))
          expect(Money.toMinorUnits(Number(text), exponent)).toBe(minor)
          expect(Money.toDecimalText(BigInt(minor), exponent)).toBe(text)
        }
      )
    )
  })
})

describe("amountText (R1.2, R1.4)", () => {
  it("writes an amount in major units with exactly the currency's digits", () => {
    expect(Money.amountText(300, 2)).toBe("300.00")
    expect(Money.amountText(1413.4, 2)).toBe("1413.40")
    expect(Money.amountText(280.06, 2)).toBe("280.06")
    expect(Money.amountText(0, 2)).toBe("0.00")
    expect(Money.amountText(-0.5, 2)).toBe("-0.50")
    expect(Money.amountText(10_000, 0)).toBe("10000")
    expect(Money.amountText(1.5, 3)).toBe("1.500")
    expect(Money.amountText(0.29, 2)).toBe("0.29") // 0.29 * 100 = 28.999999999999996
  })

  it("writes an amount the currency cannot hold as it is, never rounded", () => {
    expect(Money.amountText(10.005, 2)).toBe("10.005")
    expect(Money.amountText(100.5, 0)).toBe("100.5")
    expect(Money.amountText(Number.NaN, 2)).toBe("NaN")
  })

  it("is the decimal text of the amount's minor units, whatever the amount and digits", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: -Money.MAX_MINOR_UNITS, max: Money.MAX_MINOR_UNITS }),
        (exponent, minor) => {
          expect(Money.amountText(Money.fromMinorUnits(minor, exponent), exponent)).toBe(
            Money.toDecimalText(minor, exponent)
          )
        }
      )
    )
  })
})

describe("rounding (R1.5)", () => {
  it("rounds half-up, away from zero", () => {
    expect(Money.divideHalfUp(5, 2)).toBe(3)
    expect(Money.divideHalfUp(-5, 2)).toBe(-3)
    expect(Money.divideHalfUp(4, 3)).toBe(1)
    expect(Money.divideHalfUp(0, 7)).toBe(0)
  })

  it("applies percentages exactly", () => {
    expect(Money.percentageOf(10_001, 50)).toBe(5001) // 5000.5 → 5001
    expect(Money.percentageOf(100, 33.333)).toBe(33)
    expect(Money.percentageOf(150, 33.333)).toBe(50) // 49.9995 → 50
    expect(Money.percentageOf(12_345, 0)).toBe(0)
    expect(Money.percentageOf(12_345, 100)).toBe(12_345)
    // beyond the safe-integer fast path bigint takes over, still exact
    expect(Money.percentageOf(9_000_000_000_000_000, 12.5)).toBe(1_125_000_000_000_000)
    // 4999500000000000.49995: exact, so it rounds down (20-digit decimal arithmetic rounds it up)
    expect(Money.percentageOf(4_999_500_000_000_000, 100.00000000000001)).toBe(4_999_500_000_000_000)
    expect(Money.percentageOf(3, 33.33333333333333)).toBe(1)
  })
})

describe("split (R5)", () => {
  it("truncates each instalment and keeps the remainder apart", () => {
    expect(Money.split(123457, 7)).toEqual({ each: 17636, remainder: 5 })
    expect(Money.split(100, 3)).toEqual({ each: 33, remainder: 1 })
    expect(Money.split(0, 4)).toEqual({ each: 0, remainder: 0 })
    expect(Money.split(5, 0)).toEqual({ each: 0, remainder: 5 })
  })

  it("stays exact for the largest amounts", () => {
    const max = Number.MAX_SAFE_INTEGER
    for (const n of [2, 3, 7, 52, 1000]) {
      const { each, remainder } = Money.split(max, n)
      expect(each * n + remainder).toBe(max)
      expect(remainder).toBeGreaterThanOrEqual(0)
      expect(remainder).toBeLessThan(n)
    }
  })

  it("splitInstallments works in the currency's digits", () => {
    expect(Effect.runSync(Money.splitInstallments(1234.57, 7, "AUD"))).toEqual({ amount: 176.36, remainder: 0.05 })
    expect(Effect.runSync(Money.splitInstallments(10000, 3, "JPY"))).toEqual({ amount: 3333, remainder: 1 })
    expect(Effect.runSync(Money.splitInstallments(1, 3, "KWD"))).toEqual({ amount: 0.333, remainder: 0.001 })
    const merchant = { currencies: [{ currencyCode: "AUD", isZeroDecimal: true }] }
    expect(Effect.runSync(Money.splitInstallments(100, 3, "AUD", { merchant }))).toEqual({ amount: 33, remainder: 1 })
  })

  it("splitInstallments reports every problem", () => {
    const result = Money.splitAmountResult(10.005, 0, "aud")
    expect(Result.isFailure(result) && result.failure.issues.map((i) => [i.path, i.code])).toEqual([
      ["currencyCode", "unknown_currency"],
      ["count", "range"]
    ])
    const precision = Money.splitAmountResult(10.005, 2, "AUD")
    expect(Result.isFailure(precision) && precision.failure.issues.map((i) => [i.path, i.code, i.rule])).toEqual([
      ["amount", "precision", "R1.3"]
    ])
    const negative = Money.splitAmountResult(-1, 2, "AUD")
    expect(Result.isFailure(negative) && negative.failure.issues[0]?.code).toBe("range")
  })
})
