import * as iso4217 from "dinero.js/currencies"
import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { generatedModule, OUTPUT } from "../../../scripts/generate-iso4217.ts"
import * as Currency from "../../../src/core/foundation/currency.ts"
import { exponent, merchantCurrency } from "../../../src/core/foundation/currency.ts"

describe("Currency (R1.2)", () => {
  it("gives ISO 4217 exponents: 2 by default, 0 for zero-decimal, 3 for the dinars", () => {
    for (const code of ["AUD", "USD", "EUR", "GBP", "NZD", "CAD"]) expect(Currency.exponent(code)).toBe(2)
    for (const code of ["JPY", "KRW", "VND", "CLP", "ISK", "PYG", "UGX", "XAF", "XOF"]) {
      expect(Currency.exponent(code)).toBe(0)
    }
    for (const code of ["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"]) expect(Currency.exponent(code)).toBe(3)
    expect(Currency.exponent("CLF")).toBe(4)
  })

  it("knows the 2025 amendments and forgets withdrawn codes", () => {
    expect(Currency.isActive("XCG")).toBe(true)
    expect(Currency.isActive("ZWG")).toBe(true)
    for (const withdrawn of ["HRK", "ZWL", "SLL", "MRO", "STD", "VEF"]) expect(Currency.isActive(withdrawn)).toBe(false)
  })

  it("writes the non-decimal ariary and ouguiya with ISO's 2 digits", () => {
    expect(Currency.exponent("MGA")).toBe(2)
    expect(Currency.exponent("MRU")).toBe(2)
    // a future dinero.js adding another non-decimal currency must be looked at
    const nonDecimal = Object.values(iso4217).filter((c) => c.base !== 10).map((c) => c.code).sort()
    expect(nonDecimal).toEqual(["MGA", "MRU"])
  })

  it("covers every currency of the data package with its exponent", () => {
    const decimal = Object.values(iso4217).filter((c) => c.base === 10)
    expect(decimal.length).toBeGreaterThan(150)
    for (const c of decimal) expect(Currency.exponent(c.code)).toBe(c.exponent)
    expect(Currency.codes.length).toBe(Object.values(iso4217).length)
  })

  it("reads the table scripts/generate-iso4217.ts writes from dinero.js (npm run build:iso4217 when this fails)", () => {
    expect(readFileSync(new URL(`../../../${OUTPUT}`, import.meta.url), "utf8")).toBe(generatedModule())
  })

  it("accepts upper-case alphabetic codes only", () => {
    expect(Currency.isActive("aud")).toBe(false)
    expect(Currency.isActive("AU")).toBe(false)
    expect(Currency.exponent("XYZ")).toBeUndefined()
  })

  it("lets the merchant force a currency to zero decimals", () => {
    const merchant = {
      currencies: [{ currencyCode: "AUD", isZeroDecimal: true }, { currencyCode: "JPY", isZeroDecimal: false }]
    }
    expect(Currency.exponent("AUD", merchant)).toBe(0)
    expect(Currency.exponent("USD", merchant)).toBe(2)
    // the override only forces 0; it never adds digits to a zero-decimal currency
    expect(Currency.exponent("JPY", merchant)).toBe(0)
  })
})

describe("R1.2, R9 a merchant's currencies with a gap in the list", () => {
  it("R1.2, R9: skips a null entry and finds the currency after it", () => {
    const merchant = { currencies: [null, { currencyCode: "AUD", isZeroDecimal: true }] } as never
    expect(merchantCurrency(merchant, "AUD")).toEqual({ currencyCode: "AUD", isZeroDecimal: true })
    expect(exponent("AUD", merchant)).toBe(0)
    expect(exponent("NZD", merchant)).toBe(2)
  })
})
