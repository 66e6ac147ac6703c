/**
 * Executable specification of money (R1) and splitting (R5).
 */
import { Decimal as DefaultDecimal } from "decimal.js"
import { Result } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import * as Currency from "../../src/core/foundation/currency.ts"
import * as Money from "../../src/core/foundation/money.ts"
import { currencyCode } from "../../src/testing/arbitraries.ts"
import { ISO_DIGITS } from "./oracles.ts"

// The oracle computes exactly: decimal.js rounds every operation to 20 significant digits by default,
// and a safe-integer amount times a many-digit percentage needs up to about 40.
const Decimal = DefaultDecimal.clone({ precision: 80 })
type Decimal = InstanceType<typeof Decimal>

const exponent = fc.integer({ min: 0, max: 4 })
const minor = fc.oneof(fc.integer({ min: 0, max: 1_000_000_000 }), fc.integer({ min: 0, max: Money.MAX_MINOR_UNITS }))

/** The decimal string of `minor` minor units with `e` fraction digits, written by hand. */
const decimalString = (m: bigint, e: number) => {
  const digits = m.toString().padStart(e + 1, "0")
  return e === 0 ? digits : `${digits.slice(0, -e)}.${digits.slice(-e)}`
}

describe("R1 money", () => {
  it("R1.1/R1.4: minor units survive the trip through a JSON number, for every exponent", () => {
    // up to 8 digits (a percentage's, R1.5), either sign, and near the largest exact amount, where a
    // product's rounding error is largest: `toMinorUnits` relies on the rounded product being the amount
    const anyMinor = fc.oneof(
      minor,
      fc.integer({ min: Money.MAX_MINOR_UNITS - 2 ** 20, max: Money.MAX_MINOR_UNITS })
    )
    fc.assert(
      fc.property(anyMinor, fc.integer({ min: 0, max: 8 }), fc.boolean(), (magnitude, e, negative) => {
        const m = negative && magnitude !== 0 ? -magnitude : magnitude
        const major = Money.fromMinorUnits(m, e)
        const digits = decimalString(BigInt(magnitude), e)
        expect(major).toBe(Number(m < 0 ? `-${digits}` : digits)) // the JSON number of those digits
        expect(Money.toMinorUnits(major, e)).toBe(m)
        expect(Money.toMinorUnits(JSON.parse(JSON.stringify(major)), e)).toBe(m)
      }),
      { numRuns: 4000 }
    )
  })

  it("R1.2: a code's exponent is its ISO 4217 digits, 0 when the merchant marks it zero-decimal, none for an unknown code", () => {
    // the oracle: dinero.js's table, whose two non-decimal currencies ISO 4217 writes with 2 digits
    const iso = ISO_DIGITS
    const code = fc.oneof(
      { arbitrary: fc.constantFrom(...iso.keys()), weight: 3 },
      currencyCode,
      fc.string({ maxLength: 4 }),
      fc.stringMatching(/^[A-Za-z]{3}$/)
    )
    const setting = fc.option(fc.record({ isZeroDecimal: fc.option(fc.boolean(), { nil: undefined }) }), {
      nil: undefined
    })
    fc.assert(
      fc.property(code, setting, (c, s) => {
        const merchant = s === undefined ? undefined : { currencies: [{ currencyCode: c, ...s }] }
        const expected = iso.get(c) === undefined ? undefined : s?.isZeroDecimal === true ? 0 : iso.get(c)
        expect(Currency.exponent(c, merchant)).toBe(expected)
        expect(Currency.isActive(c)).toBe(iso.has(c))
      }),
      { numRuns: 2000 }
    )
  })

  it("R1.3: one fraction digit more than the currency has is a precision error", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000_000 }),
        exponent,
        fc.integer({ min: 1, max: 9 }),
        (m, e, digit) => {
          const text = decimalString(BigInt(m) * 10n + BigInt(digit), e + 1)
          expect(Money.toMinorUnits(Number(text), e)).toBe("precision")
        }
      )
    )
  })

  it("R1.5: percentageOf answers every percentage without throwing: NaN and the infinities as IEEE arithmetic does", () => {
    fc.assert(
      // minor units are whole (a fraction of one is no amount); the percentage is any double
      fc.property(fc.oneof(fc.maxSafeInteger(), fc.constantFrom(NaN, Infinity, -Infinity)), fc.double(), (m, p) => {
        const share = Money.percentageOf(m, p)
        if (!Number.isFinite(m) || !Number.isFinite(p)) expect(share).toBe(m * p)
        else expect(typeof share).toBe("number")
      }),
      { numRuns: 2000 }
    )
  })

  it("R1.5: percentages round half-up exactly, as decimal.js computes them", () => {
    const percentage = fc.oneof(
      fc.integer({ min: 0, max: 100 }),
      fc.integer({ min: 0, max: 1_000_000 }).map((n) => n / 10_000),
      fc.double({ min: 0, max: 100, noNaN: true })
    )
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: 0, max: 10_000_000_000 }), fc.maxSafeNat()), percentage, (m, p) => {
        const oracle = new Decimal(m).times(p).dividedBy(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber()
        expect(Money.percentageOf(m, p)).toBe(oracle)
      })
    )
  })
})

describe("R5 splitting", () => {
  it("R5.1: n × each + remainder = amount, 0 ≤ remainder < n, each truncated", () => {
    fc.assert(
      fc.property(minor, fc.integer({ min: 1, max: 10_000 }), (amount, n) => {
        const { each, remainder } = Money.split(amount, n)
        expect(BigInt(each) * BigInt(n) + BigInt(remainder)).toBe(BigInt(amount))
        expect(BigInt(each)).toBe(BigInt(amount) / BigInt(n))
        expect(remainder).toBeGreaterThanOrEqual(0)
        expect(remainder).toBeLessThan(n)
      })
    )
  })

  it("R5.1: splitInstallments preserves the amount exactly in every currency's minor unit", () => {
    fc.assert(
      fc.property(
        currencyCode,
        fc.integer({ min: 0, max: 100_000_000_000 }),
        fc.integer({ min: 1, max: 520 }),
        (code, m, n) => {
          const e = Currency.exponent(code)!
          const result = Money.splitAmountResult(Money.fromMinorUnits(m, e), n, code)
          expect(Result.isSuccess(result)).toBe(true)
          const { amount, remainder } = Result.getOrThrow(result)
          const each = Money.toMinorUnits(amount, e) as number
          const rest = Money.toMinorUnits(remainder, e) as number
          expect(each * n + rest).toBe(m)
          expect(rest).toBeGreaterThanOrEqual(0)
          expect(rest).toBeLessThan(n)
        }
      )
    )
  })

  it("R5.1: splitInstallments never throws, whatever it is given", () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), fc.anything(), (a, n, c) => {
        const result = Money.splitAmountResult(a, n, c)
        if (Result.isFailure(result)) expect(result.failure.issues.length).toBeGreaterThan(0)
      })
    )
  })
})
