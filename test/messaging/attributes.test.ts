/**
 * The element's attributes it does not know (R10.2): `unknownAttributes`, the pure scan the element
 * runs on its attribute names at each render, beside `readAttributes` (test/messaging/plan-message.test.ts).
 * The Chromium test (test/messaging/dom/chromium.test.ts) shows the events the element dispatches with them.
 */
import { describe, expect, it } from "vitest"
import { ATTRIBUTES, readAttributes, unknownAttributes } from "../../src/messaging/attributes.ts"

const warning = (path: string, near?: string) => ({
  path,
  code: "unknown_field",
  rule: "R10.2",
  message: `is not an attribute of payment-plan-message and was left out${
    near === undefined ? "" : ` (did you mean "${near}"?)`
  }`
})

describe("the element's unknown attributes", () => {
  it("R10.2: a typo is an unknown_field warning naming the attribute it is nearest", () => {
    expect(unknownAttributes(["currency", "ammount", "redemption_date"])).toEqual([
      warning("ammount", "amount"),
      warning("redemption_date", "redemption-date")
    ])
    // a camelCase attribute arrives lower-cased from the HTML parser
    expect(unknownAttributes(["redemptiondate", "timezone", "dayofweek", "mindeposit"])).toEqual([
      warning("redemptiondate", "redemption-date"),
      warning("timezone", "time-zone"),
      warning("dayofweek", "day-of-week"),
      warning("mindeposit")
    ])
  })

  it("R10.2: every unknown attribute is reported, in the element's order, with no suggestion when none is near", () => {
    expect(unknownAttributes(["colour", "amount", "sku", "price"])).toEqual([
      warning("colour"),
      warning("sku"),
      warning("price")
    ])
  })

  it("leaves its own attributes, the global attributes, data-*, aria-* and event handlers alone", () => {
    const globals = [
      "id",
      "class",
      "style",
      "hidden",
      "lang",
      "dir",
      "title",
      "slot",
      "part",
      "tabindex",
      "role",
      "nonce",
      "translate",
      "inert",
      "is",
      "autofocus",
      "popover",
      "exportparts",
      "enterkeyhint",
      "inputmode",
      "contenteditable",
      "draggable",
      "spellcheck",
      "accesskey",
      "autocapitalize",
      "autocorrect",
      "writingsuggestions",
      "headingoffset",
      "headingreset",
      "itemprop",
      "itemscope",
      "itemtype",
      "itemid",
      "itemref",
      "xml:lang"
    ]
    expect(unknownAttributes([...ATTRIBUTES, ...globals])).toEqual([])
    expect(unknownAttributes(["data-sku", "data-amount", "aria-label", "aria-describedby", "onclick"])).toEqual([])
  })

  it("is a warning, not a failure: the known attributes still give the sentence", () => {
    const attributes: Record<string, string> = {
      currency: "AUD",
      amount: "1100",
      "redemption-date": "2027-02-11",
      ammount: "1200",
      colour: "red"
    }
    const reading = readAttributes((name) => attributes[name] ?? null, {
      now: Date.parse("2026-11-22T09:30:00Z"),
      timeZone: "Australia/Sydney",
      locale: "en-AU"
    })
    expect(reading.ok && reading.terms.totalCost).toBe(1100)
    expect(unknownAttributes(Object.keys(attributes)).map((w) => w.path)).toEqual(["ammount", "colour"])
  })
})
