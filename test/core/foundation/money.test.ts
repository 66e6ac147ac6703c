import { Decimal as DefaultDecimal } from "decimal.js"
import { Effect, Result } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import * as Money from "../../../src/core/foundation/money.ts"
import {
  divideHalfUp,
  fromMinorUnits,
  MAX_MINOR_UNITS,
  percentageOf,
  split,
  splitAmountResult
} from "../../../src/core/foundation/money.ts"
import { splitInstallments } from "../../../src/core/money/split.ts"

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

describe("formatMinorUnits (R1.2): minor units for people, grouped by thousands after the code", () => {
  it("writes exactly the currency's digits, grouped, with a no-break space after the code", () => {
    expect(Money.formatMinorUnits(123_450, 2, "AUD")).toBe("AUD\u00a01,234.50")
    expect(Money.formatMinorUnits(10_000, 0, "JPY")).toBe("JPY\u00a010,000")
    expect(Money.formatMinorUnits(999, 2, "AUD")).toBe("AUD\u00a09.99")
    expect(Money.formatMinorUnits(100_000, 2, "AUD")).toBe("AUD\u00a01,000.00")
    expect(Money.formatMinorUnits(99_999, 2, "AUD")).toBe("AUD\u00a0999.99")
    expect(Money.formatMinorUnits(1_234_567_890, 3, "KWD")).toBe("KWD\u00a01,234,567.890")
    expect(Money.formatMinorUnits(0, 2, "AUD")).toBe("AUD\u00a00.00")
  })

  it("puts the sign before the code", () => {
    expect(Money.formatMinorUnits(-123_450, 2, "AUD")).toBe("-AUD\u00a01,234.50")
    expect(Money.formatMinorUnits(-5, 0, "JPY")).toBe("-JPY\u00a05")
  })

  it("is the decimal text of the minor units with commas between groups of three whole digits", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: -Money.MAX_MINOR_UNITS, max: Money.MAX_MINOR_UNITS }),
        (exponent, minor) => {
          const text = Money.formatMinorUnits(minor, exponent, "XTS")
          const plain = Money.toDecimalText(minor, exponent)
          expect(text.startsWith(minor < 0 ? "-XTS\u00a0" : "XTS\u00a0")).toBe(true)
          const number = text.slice(text.indexOf("\u00a0") + 1)
          expect(number.replaceAll(",", "")).toBe(plain.replace("-", ""))
          const whole = number.split(".")[0]!
          expect(whole).toMatch(/^\d{1,3}(,\d{3})*$/)
        }
      )
    )
  })
})

describe("localeAmountText (R1.2): an amount for people in a locale, from its exact decimal text", () => {
  it("writes exactly the currency's digits, whatever Intl's default for the currency", () => {
    expect(Money.localeAmountText(280, "AUD", 2, "en-AU")).toBe("AUD\u00a0280.00")
    expect(Money.localeAmountText(10_000, "JPY", 0, "en-AU")).toBe("JPY\u00a010,000")
    // a merchant's zero-decimal override (R1.2): the same currency with no minor digits
    expect(Money.localeAmountText(280, "AUD", 0, "en-AU")).toBe("AUD\u00a0280")
    expect(Money.localeAmountText(1.5, "KWD", 3, "en-AU")).toBe("KWD\u00a01.500")
  })

  it("formats the exact decimal, never the binary number: 0.29 and 9007199254740.99", () => {
    expect(Money.localeAmountText(0.29, "AUD", 2, "en-AU")).toBe("AUD\u00a00.29")
    expect(Money.localeAmountText(9_007_199_254_740.99, "AUD", 2, "en-AU")).toBe("AUD\u00a09,007,199,254,740.99")
  })

  it("answers the same text again, and keeps the two digit counts of one currency apart", () => {
    const first = Money.localeAmountText(1234.5, "AUD", 2, "de-DE")
    expect(Money.localeAmountText(1234.5, "AUD", 2, "de-DE")).toBe(first)
    expect(first).toBe(
      new Intl.NumberFormat("de-DE", { style: "currency", currency: "AUD", currencyDisplay: "code" }).format(1234.5)
    )
    expect(Money.localeAmountText(1234, "AUD", 0, "de-DE")).not.toBe(Money.localeAmountText(1234, "AUD", 2, "de-DE"))
  })

  it("stays right past its cache's bound (2,048 texts a currency)", () => {
    for (let minor = 0; minor < 2_100; minor++) {
      expect(Money.localeAmountText(minor / 100, "NZD", 2, "en-NZ")).toBe(`NZD\u00a0${Money.toDecimalText(minor, 2)}`)
    }
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
    expect(Effect.runSync(splitInstallments(1234.57, 7, "AUD"))).toEqual({ amount: 176.36, remainder: 0.05 })
    expect(Effect.runSync(splitInstallments(10000, 3, "JPY"))).toEqual({ amount: 3333, remainder: 1 })
    expect(Effect.runSync(splitInstallments(1, 3, "KWD"))).toEqual({ amount: 0.333, remainder: 0.001 })
    const merchant = { currencies: [{ currencyCode: "AUD", isZeroDecimal: true }] }
    expect(Effect.runSync(splitInstallments(100, 3, "AUD", { merchant }))).toEqual({ amount: 33, remainder: 1 })
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

const Decimal = DefaultDecimal.clone({ precision: 80 })

/** `percentage` % of `minor`, rounded half-up away from zero (R1.5), as decimal.js computes it from the JSON text. */
const percentageOracle = (minor: number, percentage: number): number =>
  new Decimal(minor).times(new Decimal(String(percentage))).dividedBy(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP)
    .toNumber()

describe("R1.1 half-up division, away from zero on either sign", () => {
  it("R1.1: a negative divisor gives a negative quotient, halves rounded away from zero", () => {
    expect(divideHalfUp(10, -4)).toBe(-3)
    expect(divideHalfUp(-10, -4)).toBe(3)
    expect(divideHalfUp(9, -4)).toBe(-2)
  })

  it("R1.1: a negative numerator that rounds to nothing gives 0, never −0", () => {
    expect(Object.is(divideHalfUp(-1, 4), 0)).toBe(true)
    expect(Object.is(fromMinorUnits(-0, 2), 0)).toBe(true)
  })
})

describe("R1.1 a percentage of an amount beyond the safe products, in exact bigint arithmetic", () => {
  it("R1.1: rounds an exact half up", () => {
    // (2^51 − 1) × 50 % = 1125899906842623.5: the product leaves the safe integers
    expect(percentageOf(2 ** 51 - 1, 50)).toBe(2 ** 50)
  })

  it("R1.1: rounds a negative amount's share away from zero", () => {
    // −1001 × 33.333333333 % = −333.666…: more than 8 decimals, so bigint
    expect(percentageOf(-1001, 33.333333333)).toBe(-334)
  })
})

describe("R1.5 a percentage off the fast path, as the exact decimal JSON writes for it", () => {
  it("R1.5: a negative percentage with more than 8 decimals keeps its sign", () => {
    // 1001 × −33.333333333 % = −333.666…: away from zero
    expect(percentageOracle(1001, -33.333333333)).toBe(-334)
    expect(percentageOf(1001, -33.333333333)).toBe(-334)
    expect(percentageOf(MAX_MINOR_UNITS, -0.000000005)).toBe(percentageOracle(MAX_MINOR_UNITS, -0.000000005))
  })

  it("R1.5: NaN and the infinities, which no JSON number writes, give IEEE arithmetic's answer, never a throw", () => {
    expect(percentageOf(100, Number.NaN)).toBeNaN()
    expect(percentageOf(100, Number.POSITIVE_INFINITY)).toBe(Number.POSITIVE_INFINITY)
    expect(percentageOf(-100, Number.POSITIVE_INFINITY)).toBe(Number.NEGATIVE_INFINITY)
    expect(percentageOf(0, Number.POSITIVE_INFINITY)).toBeNaN()
    expect(percentageOf(Number.NaN, 50)).toBeNaN()
  })

  it("R1.5: a percentage in exponent notation with a positive exponent (1e21) is a whole number", () => {
    // 1 × 10^21 % = 10^19; the product leaves the safe integers, so bigint
    expect(percentageOracle(1, 1e21)).toBe(1e19)
    expect(percentageOf(1, 1e21)).toBe(1e19)
    expect(percentageOf(3, 1.5e21)).toBe(percentageOracle(3, 1.5e21))
    expect(percentageOf(-7, -2.5e22)).toBe(percentageOracle(-7, -2.5e22))
    expect(percentageOf(7, -1e21)).toBe(percentageOracle(7, -1e21))
  })

  it("R1.5: a percentage in exponent notation with a negative exponent (1e-7, 1.5e-9) is exact", () => {
    for (
      const [minor, percentage] of [
        [MAX_MINOR_UNITS, 1e-7],
        [MAX_MINOR_UNITS, 1.5e-9],
        [-MAX_MINOR_UNITS, 2.5e-10],
        [12_345_678_901_234, -4.5e-9]
      ] as const
    ) {
      expect(percentageOf(minor, percentage), `${percentage} % of ${minor}`).toBe(
        percentageOracle(minor, percentage)
      )
    }
  })
})

describe("R5.1 splitting a negative amount: 0 ≤ remainder < count, count × each + remainder = amount", () => {
  it("R5.1: each is the floor of the quotient, so the remainder is never negative", () => {
    expect(split(-7, 2)).toEqual({ each: -4, remainder: 1 })
    for (const [minor, count] of [[-123_457, 7], [-1, 3], [-MAX_MINOR_UNITS + 1, 10], [-100, 7]] as const) {
      const each = new Decimal(minor).dividedBy(count).floor().toNumber()
      expect(split(minor, count), `${minor} / ${count}`).toEqual({ each, remainder: minor - count * each })
      expect(split(minor, count).remainder).toBeGreaterThanOrEqual(0)
      expect(split(minor, count).remainder).toBeLessThan(count)
    }
  })

  it("R5.1: any safe amount, either sign, over any safe count: the floor quotient, exactly", () => {
    // with both near 2^53 too, where a float quotient could be suspected of crossing an integer
    const amount = fc.oneof(
      fc.maxSafeInteger(),
      fc.integer({ min: -1000, max: 1000 }).map((d) => 2 ** 53 - 1 - Math.abs(d))
    )
    const count = fc.oneof(fc.integer({ min: 1, max: 10_000 }), fc.maxSafeNat().map((n) => Math.max(1, n)))
    fc.assert(
      fc.property(amount, fc.boolean(), count, (magnitude, negate, n) => {
        const minor = negate ? -magnitude : magnitude
        const { each, remainder } = split(minor, n)
        const exact = BigInt(minor)
        const floor = exact / BigInt(n) - (exact % BigInt(n) < 0n ? 1n : 0n)
        expect(BigInt(each)).toBe(floor)
        expect(BigInt(remainder)).toBe(exact - floor * BigInt(n))
      })
    )
  })

  it("R5.1: a negative amount that divides evenly leaves a remainder of 0, not −0", () => {
    const { each, remainder } = split(-6, 3)
    expect(each).toBe(-2)
    expect(Object.is(remainder, 0)).toBe(true)
  })
})

describe("R1.3, R1.1, R5.1 the issues of splitInstallments, one per problem, with their exact words", () => {
  const issuesOf = (amount: unknown, count: unknown, currencyCode: unknown) => {
    const result = splitAmountResult(amount, count, currencyCode)
    return Result.isFailure(result) ? result.failure.issues : "succeeded"
  }

  it("R1.3: an amount that is not a number is a type issue under R1.3", () => {
    expect(issuesOf("12", 2, "AUD")).toEqual([
      { path: "amount", code: "type", rule: "R1.3", message: "must be a finite number, got \"12\"" }
    ])
  })

  it("R1.3: more fraction digits than the currency has names the digits and the amount", () => {
    expect(issuesOf(10.005, 2, "AUD")).toEqual([
      { path: "amount", code: "precision", rule: "R1.3", message: "has more than 2 fraction digits: 10.005" }
    ])
  })

  it("R1.1: an amount beyond the largest exact amount is a range issue under R1.1", () => {
    // 2^51 minor units is 22517998136852.48 AUD; 10^14 is beyond it
    expect(issuesOf(1e14, 2, "AUD")).toEqual([
      { path: "amount", code: "range", rule: "R1.1", message: "is beyond the largest exact amount: 100000000000000" }
    ])
  })

  it("R1.3: a negative amount is a range issue under R1.3", () => {
    expect(issuesOf(-1, 2, "AUD")).toEqual([
      { path: "amount", code: "range", rule: "R1.3", message: "must not be negative, got -1" }
    ])
  })

  it("R5.1: a count of 0 is refused, not split into nothing", () => {
    expect(issuesOf(100, 0, "AUD")).toEqual([
      { path: "count", code: "range", rule: "R5.1", message: "must be a whole number of at least 1, got 0" }
    ])
  })

  it("R5.1: a count that is not a number is a type issue, a fractional count a range issue", () => {
    expect(issuesOf(100, "3", "AUD")).toEqual([
      { path: "count", code: "type", rule: "R5.1", message: "must be a whole number of at least 1, got \"3\"" }
    ])
    expect(issuesOf(100, 2.5, "AUD")).toEqual([
      { path: "count", code: "range", rule: "R5.1", message: "must be a whole number of at least 1, got 2.5" }
    ])
  })

  it("R5.1: a count of 1 is a count: beside a bad amount only the amount is reported", () => {
    expect(issuesOf(10.005, 1, "AUD")).toEqual([
      { path: "amount", code: "precision", rule: "R1.3", message: "has more than 2 fraction digits: 10.005" }
    ])
    expect(splitAmountResult(100, 1, "AUD")).toEqual(Result.succeed({ amount: 100, remainder: 0 }))
  })
})
