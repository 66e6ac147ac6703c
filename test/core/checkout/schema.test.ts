/**
 * The exported `Checkout.CheckoutRequest` Schema carries the rules its
 * resource has, so a user who checks with `Schema.is` or embeds it in a
 * Schema of their own gets what `validateRequest` gets, but for what needs
 * context (the authenticated merchant, `now`, a merchant configuration).
 */
import { Result, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { Checkout } from "../../../src/index.ts"
import { exampleRequest } from "../../fixtures.ts"

const item = (change: Record<string, unknown>) => {
  const request = exampleRequest()
  return { ...request, items: [{ ...request.items[0]!, ...change }, ...request.items.slice(1)] }
}

/** Where each issue of a failed decoding is, as Effect's formatter writes it. */
const pathsOf = (result: Result.Result<unknown, Schema.SchemaError>) =>
  Result.isFailure(result) ? [...String(result.failure).matchAll(/at ((?:\[[^\]]+\])+)/g)].map((m) => m[1]) : []

describe("Checkout.CheckoutRequest keeps its rules", () => {
  it("R1.3: an amount with more digits than its currency allows is not a CheckoutRequest", () => {
    const is = Schema.is(Checkout.CheckoutRequest)
    expect(is(exampleRequest())).toBe(true)
    expect(is(item({ costPerItem: 10.005 }))).toBe(false)
    expect(is(item({ costPerItem: 10.01 }))).toBe(true)
    expect(is(item({ minimumDepositPerItem: { unit: "Currency", value: 20.001 } }))).toBe(false)
    // a percentage is a rate, not an amount: its digits are free
    expect(is(item({ minimumDepositPerItem: { unit: "Percentage", value: 12.345 } }))).toBe(true)
    // the currency decides: JPY has no minor unit, KWD three
    expect(is({ ...item({ costPerItem: 100.5 }), currencyCode: "JPY" })).toBe(false)
    expect(is({ ...item({ costPerItem: 100 }), currencyCode: "JPY" })).toBe(true)
    expect(is({ ...item({ costPerItem: 10.005 }), currencyCode: "KWD" })).toBe(true)
  })

  it("R1.1: a line total beyond the largest exact amount is not a CheckoutRequest", () => {
    expect(Schema.is(Checkout.CheckoutRequest)(item({ costPerItem: 1e13, quantity: 1_000 }))).toBe(false)
  })

  it("R1.3: decoding names the field and what is wrong with it", () => {
    const result = Schema.decodeUnknownResult(Checkout.CheckoutRequest)(item({ costPerItem: 10.005 }), {
      errors: "all"
    })
    expect(Result.isFailure(result)).toBe(true)
    const message = Result.isFailure(result) ? String(result.failure) : ""
    expect(message).toContain("fraction digits")
    expect(pathsOf(result)).toEqual(["[\"items\"][0][\"costPerItem\"]"])
  })

  it("R4.1, R4.3, R4.6: patterns and ranges hold under Schema.is", () => {
    const is = Schema.is(Checkout.CheckoutRequest)
    expect(is({ ...exampleRequest(), merchantId: "merchant 123" })).toBe(false)
    expect(is(item({ quantity: 0 }))).toBe(false)
    expect(is(item({ costPerItem: 0 }))).toBe(false)
    expect(is({ ...exampleRequest(), items: [] })).toBe(false)
  })

  it("R10.2: embedded in a user's Schema, a misspelt optional field is reported with onExcessProperty", () => {
    const Order = Schema.Struct({ orderNumber: Schema.String, checkout: Checkout.CheckoutRequest })
    const misspelt = item({ minimumDepositPerltem: { unit: "Currency", value: 20 } })
    delete (misspelt.items[0] as { minimumDepositPerItem?: unknown }).minimumDepositPerItem
    const input = { orderNumber: "o-1", checkout: misspelt }
    // Effect's default strips an unknown key: the misspelling would pass unseen
    expect(Result.isSuccess(Schema.decodeUnknownResult(Order)(input))).toBe(true)
    // what docs/api.md shows: Effect's own parse option reports it, with its path
    const strict = Schema.decodeUnknownResult(Order)(input, { onExcessProperty: "error", errors: "all" })
    expect(Result.isFailure(strict)).toBe(true)
    expect(pathsOf(strict)).toEqual(["[\"checkout\"][\"items\"][0][\"minimumDepositPerltem\"]"])
    // or decode as usual and ask for the unknown fields as warnings, with a suggestion
    const warnings = Checkout.requestUnknownFields(input.checkout)
    expect(warnings.map((w) => [w.path, w.code])).toEqual([["items[0].minimumDepositPerltem", "unknown_field"]])
  })
})
