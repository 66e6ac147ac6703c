/**
 * The currency's digits that mutation testing found unchecked (benchmarks/mutation.md): a merchant
 * configuration read tolerantly (R9) whose list of currencies holds a gap still gives its digits (R1.2).
 */
import { describe, expect, it } from "vitest"
import { exponent, merchantCurrency } from "../../../src/core/foundation/currency.ts"

describe("R1.2, R9 a merchant's currencies with a gap in the list", () => {
  it("skips a null entry and finds the currency after it", () => {
    const merchant = { currencies: [null, { currencyCode: "AUD", isZeroDecimal: true }] } as never
    expect(merchantCurrency(merchant, "AUD")).toEqual({ currencyCode: "AUD", isZeroDecimal: true })
    expect(exponent("AUD", merchant)).toBe(0)
    expect(exponent("NZD", merchant)).toBe(2)
  })
})
