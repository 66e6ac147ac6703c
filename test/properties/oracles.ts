/**
 * Oracles the properties share, independent of the implementation: a property compares the
 * library's answer with one computed another way, never with a copy of the library's rule.
 */
import { Decimal } from "decimal.js"
import * as iso4217 from "dinero.js/currencies"
import type { Plan } from "../../src/core/plan/record.ts"

/**
 * ISO 4217's digits of each code, from dinero.js's table (not the library's generated one): its two
 * non-decimal currencies, MGA and MRU, are written with 2 digits, as ISO 4217 lists them.
 */
export const ISO_DIGITS: ReadonlyMap<string, number> = new Map(
  Object.values(iso4217).map((c) => [c.code, c.base === 10 ? c.exponent : 2])
)

/** The digits a plan record's amounts are written in (R1.2): none when its currency is zero-decimal, else ISO 4217's. */
export const recordDigits = (plan: Plan): number =>
  plan.currency.isZeroDecimal ? 0 : ISO_DIGITS.get(plan.currency.currencyCode)!

/** `amount` in minor units of a currency with `digits`, by decimal.js; throws when it has more digits (R1.4). */
export const minorUnits = (amount: number, digits: number): number => {
  const minor = new Decimal(amount).times(new Decimal(10).pow(digits))
  if (!minor.isInteger()) throw new Error(`${amount} has more than ${digits} decimal digits`)
  return minor.toNumber()
}
