/**
 * Exact sums of many amounts in minor units. Each amount is a safe integer
 * below 2^51 (Money.MAX_MINOR_UNITS); a running total of a million plans can
 * pass 2^53, where JS numbers stop counting exactly. Adding to a bigint per plan
 * would be slow, so a number carries the sum while it is certainly exact and is
 * folded into a bigint before it could stop being so.
 *
 * @module
 */

const FOLD_AT = 2 ** 52

/** A sum that stays exact past 2^53: `big + small`. */
export interface Sum {
  big: bigint
  small: number
}

export const zero = (): Sum => ({ big: 0n, small: 0 })

/** Adds a safe integer of magnitude below 2^51: `small` stays below 2^52 + 2^51 < 2^53, so exact. */
export const add = (sum: Sum, minor: number): void => {
  sum.small += minor
  if (sum.small >= FOLD_AT || sum.small <= -FOLD_AT) {
    sum.big += BigInt(sum.small)
    sum.small = 0
  }
}

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

export const addSum = (into: Sum, from: Sum, factor = 1n): void => {
  into.big += factor === 1n ? total(from) : total(from) * factor
}
