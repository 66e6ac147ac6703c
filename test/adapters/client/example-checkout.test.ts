/**
 * The description's example checkout, examples/checkout-request.json: its one copy, read by the
 * contract suite, the tests, the examples and the doc fixtures.
 */
import fc from "fast-check"
import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { EXAMPLE_NOW, exampleCheckout } from "../../../src/adapters/client/example-checkout.ts"
import { validateCheckoutRequest } from "../../../src/index.ts"

const FILE = JSON.parse(readFileSync(new URL("../../../examples/checkout-request.json", import.meta.url), "utf8"))
const DAY = 86_400_000

/** Whole UTC days from `a` to the calendar date that `date` starts with, by Date's own arithmetic. */
const daysTo = (a: number, date: string) =>
  (Date.parse(`${date.slice(0, 10)}T00:00:00Z`) - Math.floor(a / DAY) * DAY) / DAY

describe("the example checkout (examples/checkout-request.json)", () => {
  it("is the file, valid with no warning on the day it is written for (R4), a fresh copy each time", () => {
    const checked = validateCheckoutRequest(FILE, { merchantId: "merchant-123", now: EXAMPLE_NOW })
    expect(checked).toMatchObject({ ok: true, warnings: [] })
    const example = exampleCheckout()
    expect(example).toEqual(FILE)
    ;(example.items[0] as { quantity: number }).quantity = 99
    expect(exampleCheckout().items[0]!.quantity).toBe(FILE.items[0].quantity)
    expect(exampleCheckout(Date.parse(EXAMPLE_NOW))).toEqual(FILE)
  })

  it("dated from any instant: each redemption date as many days after it as the file's after EXAMPLE_NOW, the rest the file's", () => {
    const written = Date.parse(EXAMPLE_NOW)
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2090, 0, 1) }), (now) => {
        const moved = exampleCheckout(now)
        expect({ ...moved, items: [] }).toEqual({ ...FILE, items: [] })
        moved.items.forEach((item, i) => {
          const original = FILE.items[i]
          expect({ ...item, redemptionDate: "" }).toEqual({ ...original, redemptionDate: "" })
          expect(daysTo(now, item.redemptionDate)).toBe(daysTo(written, original.redemptionDate))
          // the time of day and the offset of a date-time are kept
          expect(item.redemptionDate.slice(10)).toBe(original.redemptionDate.slice(10))
        })
        // still valid on that day: the dates are in the future (R4.6)
        expect(validateCheckoutRequest(moved, { merchantId: "merchant-123", now }).ok).toBe(true)
      })
    )
  })
})
