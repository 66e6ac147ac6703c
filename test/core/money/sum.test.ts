/**
 * Exact sums of many amounts in minor units (R1.1), past 2^53, and in the digits of a currency a
 * plan record may keep in fewer (R1.2): src/core/money/sum.ts, what the exposure report adds with.
 */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  add,
  addInDigits,
  addScaled,
  addSum,
  compareInDigits,
  rescale,
  runningTotals,
  scale,
  type Sum,
  total,
  zero
} from "../../../src/core/money/sum.ts"

const MAX = 2 ** 51 - 1
const amount = fc.integer({ min: -MAX, max: MAX })
const sumOf = (amounts: ReadonlyArray<number>): Sum => {
  const s = zero()
  for (const a of amounts) add(s, a)
  return s
}
const exact = (amounts: ReadonlyArray<number>) => amounts.reduce((a, b) => a + BigInt(b), 0n)

describe("R1.1: sums of amounts in minor units stay exact past 2^53", () => {
  it("R1.1: an empty sum is 0, and a few amounts add up", () => {
    expect(total(zero())).toBe(0n)
    expect(total(sumOf([150, -25, 1]))).toBe(126n)
  })

  it("R1.1: sixteen amounts of 2^51 - 1 add to 16 × (2^51 - 1), folding into the bigint at 2^52", () => {
    const s = sumOf(Array.from({ length: 16 }, () => MAX))
    expect(total(s)).toBe(16n * BigInt(MAX))
    // the number part is folded before it could stop counting exactly
    expect(Math.abs(s.small)).toBeLessThan(2 ** 52)
  })

  it("R1.1: the fold happens at 2^52 exactly, in both directions", () => {
    const up = zero()
    add(up, 2 ** 51)
    add(up, 2 ** 51 - 1)
    expect(up).toEqual({ big: 0n, small: 2 ** 52 - 1 })
    add(up, 1)
    expect(up).toEqual({ big: 2n ** 52n, small: 0 })
    const down = zero()
    add(down, -(2 ** 51))
    add(down, -(2 ** 51))
    expect(down).toEqual({ big: -(2n ** 52n), small: 0 })
  })

  it("R1.1: any list of amounts below 2^51 sums to its exact bigint total", () => {
    fc.assert(
      fc.property(fc.array(amount, { maxLength: 60 }), (amounts) => total(sumOf(amounts)) === exact(amounts))
    )
  })

  it("R1.1: running totals are the exact prefix sums", () => {
    expect(runningTotals([])).toEqual([])
    expect(runningTotals([sumOf([MAX, MAX]), sumOf([-1]), sumOf([MAX])])).toEqual([
      2n * BigInt(MAX),
      2n * BigInt(MAX) - 1n,
      3n * BigInt(MAX) - 1n
    ])
  })
})

describe("R1.2: amounts kept in fewer digits are added in the sum's, exactly", () => {
  it("R1.2: 12 JPY kept zero-decimal is 1200 in a sum kept in two digits", () => {
    const s = zero()
    addInDigits(s, 12, 0, 2)
    addInDigits(s, 5, 2, 2)
    expect(total(s)).toBe(1205n)
  })

  it("R1.2: a scaled amount past the safe range is added in bigint, exactly", () => {
    const s = zero()
    addScaled(s, MAX, 1000)
    expect(total(s)).toBe(BigInt(MAX) * 1000n)
    addScaled(s, -MAX, 1000)
    expect(total(s)).toBe(0n)
    // just below 2^51 after scaling: the number part, exactly
    addScaled(s, 2 ** 50 / 8, 8)
    expect(s.small).toBe(2 ** 50)
    addScaled(s, -(2 ** 50 / 8), 8)
    expect(total(s)).toBe(0n)
  })

  it("R1.2: scaled at the edge of 2^51, in both directions, exactly", () => {
    const edge = zero()
    addScaled(edge, 2 ** 48, 8) // 2^51: past the number part's bound
    expect(edge).toEqual({ big: 2n ** 51n, small: 0 })
    addScaled(edge, -(2 ** 48), 8)
    expect(edge).toEqual({ big: 0n, small: 0 })
  })

  it("R1.2: any amount in fewer digits adds what its bigint scaling says", () => {
    fc.assert(
      fc.property(amount, fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 4 }), (a, from, more) => {
        const s = zero()
        addInDigits(s, a, from, from + more)
        return total(s) === BigInt(a) * 10n ** BigInt(more)
      })
    )
  })

  it("R1.2: a sum moved to more digits, and a sum added from fewer, keep their value", () => {
    const s = sumOf([MAX, 7])
    rescale(s, 0, 0)
    expect(total(s)).toBe(BigInt(MAX) + 7n)
    rescale(s, 0, 2)
    expect(total(s)).toBe((BigInt(MAX) + 7n) * 100n)
    expect(s.small).toBe(0)
    const direct = sumOf([3])
    scale(direct, 10n)
    expect(total(direct)).toBe(30n)
    const into = sumOf([1])
    addSum(into, sumOf([MAX]), 2, 2)
    expect(total(into)).toBe(BigInt(MAX) + 1n)
    addSum(into, sumOf([5]), 0, 2)
    expect(total(into)).toBe(BigInt(MAX) + 1n + 500n)
  })

  it("R1.2: between two non-zero digit counts, the difference of the digits scales", () => {
    const into = sumOf([1])
    addSum(into, sumOf([5]), 1, 3)
    expect(total(into)).toBe(501n)
    const moved = sumOf([7])
    rescale(moved, 1, 3)
    expect(total(moved)).toBe(700n)
    expect(compareInDigits(12, 1, 120, 2)).toBe(0)
    expect(compareInDigits(120, 2, 12, 1)).toBe(0)
    expect(compareInDigits(12, 1, 121, 2)).toBe(-1)
    expect(compareInDigits(121, 2, 12, 1)).toBe(1)
  })

  it("R1.2: amounts compare by value whatever their digits", () => {
    expect(compareInDigits(1, 2, 2, 2)).toBe(-1)
    expect(compareInDigits(2, 2, 1, 2)).toBe(1)
    expect(compareInDigits(7, 2, 7, 2)).toBe(0)
    // 12 JPY kept zero-decimal against 1200 and 1201 in two digits
    expect(compareInDigits(12, 0, 1200, 2)).toBe(0)
    expect(compareInDigits(12, 0, 1201, 2)).toBe(-1)
    expect(compareInDigits(1201, 2, 12, 0)).toBe(1)
    expect(compareInDigits(1199, 2, 12, 0)).toBe(-1)
    expect(compareInDigits(13, 0, 1201, 2)).toBe(1)
    fc.assert(
      fc.property(amount, amount, fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 }), (a, b, ea, eb) => {
        const x = BigInt(a) * 10n ** BigInt(3 - ea)
        const y = BigInt(b) * 10n ** BigInt(3 - eb)
        return compareInDigits(a, ea, b, eb) === (x < y ? -1 : x > y ? 1 : 0)
      })
    )
  })
})
