/**
 * Exact sums of many amounts in minor units. Each amount is a safe integer
 * below 2^51 (Money.MAX_MINOR_UNITS); a running total of a million plans can
 * pass 2^53, where JS numbers stop counting exactly. Adding to a bigint per plan
 * would be slow, so a number carries the sum while it is certainly exact and is
 * folded into a bigint before it could stop being so. Amounts of one currency
 * kept in different digits (a plan record kept zero-decimal, R1.2) are added in
 * the most digits, exactly. The command line's exposure report adds with these;
 * the package's layers share them through src/facade/shared.ts.
 *
 * @module
 */

const FOLD_AT = 2 ** 52

/** A sum that stays exact past 2^53: `big + small`. */
export interface Sum {
  big: bigint
  small: number
}

/** An empty sum. */
export const zero = (): Sum => ({ big: 0n, small: 0 })

/** Adds a safe integer of magnitude below 2^51: `small` stays below 2^52 + 2^51 < 2^53, so exact. */
export const add = (sum: Sum, minor: number): void => {
  sum.small += minor
  if (sum.small >= FOLD_AT || sum.small <= -FOLD_AT) {
    sum.big += BigInt(sum.small)
    sum.small = 0
  }
}

/** The sum's value, exact. */
export const total = (sum: Sum): bigint => sum.big + BigInt(sum.small)

/**
 * Adds `minor` (a safe integer) times `factor` (a power of ten): an amount of a plan whose currency
 * has fewer digits than the sum's (R1.2), exact in bigint where the product leaves the safe range.
 */
export const addScaled = (sum: Sum, minor: number, factor: number): void => {
  const scaled = minor * factor
  if (scaled < 2 ** 51 && scaled > -(2 ** 51)) add(sum, scaled)
  else sum.big += BigInt(minor) * BigInt(factor)
}

/** Multiplies a sum by `factor` (a power of ten): the sum moves to a currency reading with more digits. */
export const scale = (sum: Sum, factor: bigint): void => {
  sum.big = total(sum) * factor
  sum.small = 0
}

/** Adds the sum `from`, kept in `fromExponent` digits, to `into`, kept in `intoExponent` (at least as many). */
export const addSum = (into: Sum, from: Sum, fromExponent: number, intoExponent: number): void => {
  into.big += fromExponent === intoExponent ? total(from) : total(from) * 10n ** BigInt(intoExponent - fromExponent)
}

/** Adds `minor` units of `exponent` digits to a sum kept in `sumExponent` (at least as many), exactly. */
export const addInDigits = (sum: Sum, minor: number, exponent: number, sumExponent: number): void => {
  if (exponent === sumExponent) add(sum, minor)
  else addScaled(sum, minor, 10 ** (sumExponent - exponent))
}

/** Moves a sum kept in `fromExponent` digits to `toExponent` (more), exactly. */
export const rescale = (sum: Sum, fromExponent: number, toExponent: number): void => {
  if (toExponent !== fromExponent) scale(sum, 10n ** BigInt(toExponent - fromExponent))
}

/** The running totals of a list of changes: the i-th is the sum of the first i + 1, exact. */
export const runningTotals = (changes: ReadonlyArray<Sum>): Array<bigint> => {
  let running = 0n
  return changes.map((change) => (running += total(change)))
}

/**
 * The sign of `a − b` for amounts of `a` and `b` minor units of exponents `ea` and `eb`: a number
 * comparison when the digits agree (always, but for plan records kept in other digits), exact in
 * bigint otherwise.
 */
export const compareInDigits = (a: number, ea: number, b: number, eb: number): number => {
  if (ea === eb) return a < b ? -1 : a > b ? 1 : 0
  const x = ea > eb ? BigInt(a) : BigInt(a) * 10n ** BigInt(eb - ea)
  const y = eb > ea ? BigInt(b) : BigInt(b) * 10n ** BigInt(ea - eb)
  return x < y ? -1 : x > y ? 1 : 0
}
