/**
 * The plain functions of rules.md's "Public surface", through the package root.
 */
import { describe, expect, it } from "vitest"
import {
  checkoutIdFromRedirect,
  decideDeposit,
  shouldDisplayWidget,
  splitInstallments,
  summarizeCheckout,
  validateCheckoutRequest
} from "../../src/index.ts"
import { exampleRequest, NOW, thrown } from "../fixtures.ts"

describe("validateCheckoutRequest", () => {
  it("returns { ok: true, value, warnings } for a valid request", () => {
    const result = validateCheckoutRequest(exampleRequest(), { merchantId: "merchant-123", now: NOW })
    expect(result).toEqual({ ok: true, value: exampleRequest(), warnings: [] })
  })

  it("returns { ok: false, issues, warnings } and never throws", () => {
    const result = validateCheckoutRequest({
      ...exampleRequest(),
      currencyCode: "AUS",
      callbackURL: "https://x.example/cb"
    })
    expect(result.ok).toBe(false)
    if (!result.ok) {
      expect(result.issues).toEqual([
        {
          path: "currencyCode",
          code: "unknown_currency",
          rule: "R4.4",
          message: "must be an active ISO 4217 code in upper case, got \"AUS\""
        }
      ])
      expect(result.warnings.map((w) => w.code)).toEqual(["deprecated"])
    }
  })

  it("reads the merchant configuration as JSON, tolerantly, and reports it when unreadable", () => {
    const merchant = { currencies: [{ currencyCode: "AUD", isZeroDecimal: "true" }], subMerchants: ["store-north"] }
    const result = validateCheckoutRequest({ ...exampleRequest(), externalCode: "store-south" }, { now: NOW, merchant })
    expect(!result.ok && result.issues.map((i) => `${i.path}:${i.code}`)).toEqual([
      "externalCode:unknown_external_code"
    ])
    const bad = validateCheckoutRequest(exampleRequest(), { merchant: { currencies: 5 } })
    expect(!bad.ok && bad.issues.map((i) => `${i.path}:${i.code}`)).toEqual(["merchant.currencies:type"])
  })
})

describe("summarizeCheckout", () => {
  it("gives the totals of R2", () => {
    expect(summarizeCheckout(exampleRequest(), { now: NOW })).toMatchObject({
      currencyCode: "AUD",
      totalCost: 1100,
      totalMinimumDeposit: 280,
      completionDate: "2027-02-11",
      expiresAt: "2026-11-23T00:00:00.000Z"
    })
  })

  it("throws a ValidationError, an Error carrying the issues", () => {
    const error = thrown(() => summarizeCheckout({ ...exampleRequest(), currencyCode: "AUS" }, { now: NOW }))
    expect(error).toBeInstanceOf(Error)
    expect(error._tag).toBe("ValidationError")
    expect(error.issues.map((i) => i.code)).toEqual(["unknown_currency"])
    expect(error.message).toContain("currencyCode")
  })
})

describe("splitInstallments", () => {
  it("splits in the currency's minor unit (R5)", () => {
    expect(splitInstallments(1234.57, 7, "AUD")).toEqual({ amount: 176.36, remainder: 0.05 })
    expect(
      splitInstallments(100, 3, "AUD", { merchant: { currencies: [{ currencyCode: "AUD", isZeroDecimal: true }] } })
    ).toEqual({
      amount: 33,
      remainder: 1
    })
  })

  it("throws a ValidationError for amounts with too many digits (R1.3)", () => {
    expect(thrown(() => splitInstallments(100.5, 2, "JPY")).issues.map((i) => `${i.path}:${i.code}`)).toEqual([
      "amount:precision"
    ])
    expect(thrown(() => splitInstallments(10.005, 2, "AUD")).issues[0]?.rule).toBe("R1.3")
  })
})

describe("verification", () => {
  it("reads the redirect, decides the deposit, tells whether to show the widget (R8)", () => {
    const redirect = checkoutIdFromRedirect("https://shop.example/return?service_checkout_id=chk_42")
    expect(redirect).toEqual({ ok: true, checkoutId: "chk_42" })
    expect(
      decideDeposit({ id: "chk_42", plan: { deposit: { status: "Accepted" } } }, { checkoutId: "chk_42" }).allocate
    ).toBe(true)
    expect(shouldDisplayWidget(201)).toBe(true)
  })
})
