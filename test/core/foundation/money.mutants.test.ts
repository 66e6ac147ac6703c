/**
 * The arithmetic of amounts that mutation testing found unchecked (benchmarks/mutation.md): half-up
 * rounding with a negative divisor and on the exact bigint path (R1.1), and no negative zero (R1.1).
 */
import { describe, expect, it } from "vitest"
import { divideHalfUp, fromMinorUnits, percentageOf } from "../../../src/core/foundation/money.ts"

describe("R1.1 half-up division, away from zero on either sign", () => {
  it("a negative divisor gives a negative quotient, halves rounded away from zero", () => {
    expect(divideHalfUp(10, -4)).toBe(-3)
    expect(divideHalfUp(-10, -4)).toBe(3)
    expect(divideHalfUp(9, -4)).toBe(-2)
  })

  it("a negative numerator that rounds to nothing gives 0, never −0", () => {
    expect(Object.is(divideHalfUp(-1, 4), 0)).toBe(true)
    expect(Object.is(fromMinorUnits(-0, 2), 0)).toBe(true)
  })
})

describe("R1.1 a percentage of an amount beyond the safe products, in exact bigint arithmetic", () => {
  it("rounds an exact half up", () => {
    // (2^51 − 1) × 50 % = 1125899906842623.5: the product leaves the safe integers
    expect(percentageOf(2 ** 51 - 1, 50)).toBe(2 ** 50)
  })

  it("rounds a negative amount's share away from zero", () => {
    // −1001 × 33.333333333 % = −333.666…: more than 8 decimals, so bigint
    expect(percentageOf(-1001, 33.333333333)).toBe(-334)
  })
})
