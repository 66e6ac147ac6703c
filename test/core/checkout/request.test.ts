import { Effect, Exit, Result } from "effect"
import { describe, expect, it } from "vitest"
import { validateRequest, validateRequestResult } from "../../../src/core/checkout/request.ts"
import type { Issue } from "../../../src/core/foundation/issues.ts"
import { exampleRequest, NOW } from "../../fixtures.ts"

const issuesOf = (
  input: unknown,
  options: Parameters<typeof validateRequestResult>[1] = { now: NOW }
): Array<Issue> => {
  const result = validateRequestResult(input, options)
  return Result.isFailure(result) ? [...result.failure.issues] : []
}
const codesOf = (input: unknown, options?: Parameters<typeof validateRequestResult>[1]) =>
  issuesOf(input, options).map((i) => `${i.path}:${i.code}`)

const withChange = (change: (request: any) => void) => {
  const request: any = exampleRequest()
  change(request)
  return request
}

describe("validateRequest (R4)", () => {
  it("accepts the service description's example", () => {
    const result = validateRequestResult(exampleRequest(), { merchantId: "merchant-123", now: NOW })
    expect(Result.isSuccess(result)).toBe(true)
    if (Result.isSuccess(result)) {
      expect(result.success.value).toEqual(exampleRequest())
      expect(result.success.warnings).toEqual([])
    }
  })

  it("is an Effect that fails with the issues", () => {
    const exit = Effect.runSyncExit(validateRequest({}, { now: NOW }))
    expect(Exit.isFailure(exit)).toBe(true)
  })

  it("enforces the lengths of the request table, counting code points (R4.1, R4.2)", () => {
    expect(codesOf(withChange((r) => (r.merchantId = "abcd")))).toEqual(["merchantId:too_short"])
    expect(codesOf(withChange((r) => (r.merchantId = "x".repeat(257))))).toEqual(["merchantId:too_long"])
    expect(codesOf(withChange((r) => (r.merchantId = "😀".repeat(256))))).toEqual([])
    expect(codesOf(withChange((r) => (r.merchantId = "😀".repeat(257))))).toEqual(["merchantId:too_long"])
    expect(codesOf(withChange((r) => (r.externalCode = "😀😀😀😀")))).toEqual(["externalCode:too_short"])
    expect(codesOf(withChange((r) => (r.merchantOrderId = "")))).toEqual(["merchantOrderId:too_short"])
    expect(codesOf(withChange((r) => (r.currencyCode = "AUDD")))).toEqual(["currencyCode:too_long"])
    expect(codesOf(withChange((r) => (r.redirectURL = "http")))).toEqual(["redirectURL:too_short"])
    expect(codesOf(withChange((r) => (r.redirectURL = `https://shop.example/${"a".repeat(2029)}`)))).toEqual([
      "redirectURL:too_long"
    ])
    expect(codesOf(withChange((r) => (r.items = [])))).toEqual(["items:too_short"])
  })

  // said "must have at least one item, got an array"
  it("says an empty items array is empty (R4.1)", () => {
    expect(issuesOf(withChange((r) => (r.items = [])))).toEqual([
      { path: "items", code: "too_short", rule: "R4.1", message: "must have at least one item, got an empty array" }
    ])
  })

  it("applies the no-space pattern exactly as the JavaScript regex does (R4.3)", () => {
    for (const bad of ["order 1", "order\n1", "order\r1", "order\u20281", "order\u20291"]) {
      expect(codesOf(withChange((r) => (r.merchantOrderId = bad)))).toEqual(["merchantOrderId:pattern"])
    }
    for (const good of ["order\t1", "order\u00a01", "order-1"]) {
      expect(codesOf(withChange((r) => (r.merchantOrderId = good)))).toEqual([])
    }
  })

  it("requires an active upper-case ISO 4217 code and absolute http(s) URLs (R4.4)", () => {
    expect(codesOf(withChange((r) => (r.currencyCode = "aud")))).toEqual(["currencyCode:unknown_currency"])
    expect(codesOf(withChange((r) => (r.currencyCode = "XYZ")))).toEqual(["currencyCode:unknown_currency"])
    expect(codesOf(withChange((r) => (r.redirectURL = "ftp://shop.example/return")))).toEqual(["redirectURL:format"])
    expect(codesOf(withChange((r) => (r.redirectURL = "/relative/return")))).toEqual(["redirectURL:format"])
    expect(codesOf(withChange((r) => (r.items[0].merchantProductURL = "shop.example/x")))).toEqual([
      "items[0].merchantProductURL:format"
    ])
    expect(codesOf(withChange((r) => (r.merchantMetadata = { a: 1 })))).toEqual(["merchantMetadata.a:type"])
    expect(codesOf(withChange((r) => (r.merchantMetadata = { "a b": null })))).toEqual([
      "merchantMetadata[\"a b\"]:type"
    ])
  })

  it("checks the merchant and its sub-merchants (R4.5)", () => {
    expect(codesOf(exampleRequest(), { merchantId: "merchant-999", now: NOW })).toEqual([
      "merchantId:merchant_mismatch"
    ])
    const merchant = { subMerchants: [{ externalCode: "store-north" }, { externalCode: "store-south" }] }
    expect(codesOf(withChange((r) => (r.externalCode = "store-north")), { merchant })).toEqual([])
    expect(codesOf(withChange((r) => (r.externalCode = "store-west")), { merchant })).toEqual([
      "externalCode:unknown_external_code"
    ])
    // without a list of sub-merchants any well-formed externalCode passes
    expect(codesOf(withChange((r) => (r.externalCode = "store-west")))).toEqual([])
  })

  it("checks items (R4.6)", () => {
    expect(codesOf(withChange((r) => (r.items[0].quantity = 0)))).toEqual(["items[0].quantity:range"])
    expect(codesOf(withChange((r) => (r.items[0].quantity = 1.5)))).toEqual(["items[0].quantity:format"])
    expect(codesOf(withChange((r) => (r.items[0].costPerItem = 0)))).toEqual(["items[0].costPerItem:range"])
    expect(codesOf(withChange((r) => (r.items[0].costPerItem = 10.005)))).toEqual(["items[0].costPerItem:precision"])
    expect(codesOf(withChange((r) => (r.items[0].description = "")))).toEqual(["items[0].description:too_short"])
    expect(codesOf(withChange((r) => (r.items[0].depositRefundable = "no")))).toEqual([
      "items[0].depositRefundable:type"
    ])
    expect(codesOf(withChange((r) => (r.items[0].redemptionDate = "2026-11-22")))).toEqual([
      "items[0].redemptionDate:past_date"
    ])
    expect(codesOf(withChange((r) => (r.items[0].redemptionDate = "2026-11-23")))).toEqual([])
    expect(codesOf(withChange((r) => (r.items[0].redemptionDate = "2026-11-21T23:59:59Z")))).toEqual([
      "items[0].redemptionDate:past_date"
    ])
    expect(codesOf(withChange((r) => (r.items[0].redemptionDate = "2026-02-29")))).toEqual([
      "items[0].redemptionDate:format"
    ])
    expect(codesOf(withChange((r) => (r.items[0].paymentDeadline = -1)))).toEqual(["items[0].paymentDeadline:range"])
    expect(codesOf(withChange((r) => (r.items[0].minimumDepositPerItem = { unit: "Fixed", value: 1 })))).toEqual([
      "items[0].minimumDepositPerItem.unit:enum"
    ])
    expect(codesOf(withChange((r) => (r.items[0].minimumDepositPerItem = { unit: "PERCENTAGE", value: 100.5 }))))
      .toEqual(["items[0].minimumDepositPerItem.value:range"])
    expect(codesOf(withChange((r) => (r.items[0].minimumDepositPerItem = { unit: "currency", value: 20.001 }))))
      .toEqual(["items[0].minimumDepositPerItem.value:precision"])
    expect(codesOf(withChange((r) => (r.items[0].refundPolicies[0].type = "fixed")))).toEqual([
      "items[0].refundPolicies[0].type:enum"
    ])
    expect(codesOf(withChange((r) => (r.items[0].refundPolicies[1].refundablePercentage = 100.01)))).toEqual([
      "items[0].refundPolicies[1].refundablePercentage:range"
    ])
    expect(codesOf(withChange((r) => (r.items[0].refundPolicies[1].daysWithinRedemptionDate = 60)))).toEqual([
      "items[0].refundPolicies[1].daysWithinRedemptionDate:duplicate"
    ])
    expect(codesOf(withChange((r) => delete r.items[0].refundPolicies[0].type))).toEqual([])
  })

  it("reads an item's precision in the merchant's zero-decimal currency (R1.2)", () => {
    const merchant = { currencies: [{ currencyCode: "AUD", isZeroDecimal: true }] }
    expect(codesOf(withChange((r) => (r.items[0].costPerItem = 50.5)), { merchant })).toEqual([
      "items[0].costPerItem:precision"
    ])
    expect(codesOf(withChange((r) => (r.currencyCode = "JPY")))).toEqual([])
    expect(codesOf(withChange((r) => ((r.currencyCode = "JPY"), (r.items[1].costPerItem = 100.5))))).toEqual([
      "items[1].costPerItem:precision"
    ])
  })

  it("takes expiry as whole minutes, ≤ 0 meaning the default (R4.7)", () => {
    expect(codesOf(withChange((r) => (r.expiry = 0)))).toEqual([])
    expect(codesOf(withChange((r) => (r.expiry = -5)))).toEqual([])
    expect(codesOf(withChange((r) => (r.expiry = 30.5)))).toEqual(["expiry:format"])
  })

  it("warns without failing (R4.8)", () => {
    const result = validateRequestResult(
      withChange((r) => ((r.callbackURL = "https://shop.example/cb"), (r.redirectURL = "http://shop.example/return"))),
      { now: NOW }
    )
    expect(Result.isSuccess(result)).toBe(true)
    expect(Result.isSuccess(result) && result.success.warnings.map((w) => `${w.path}:${w.code}`)).toEqual([
      "callbackURL:deprecated",
      "redirectURL:insecure_url"
    ])
  })

  it("reports every violation at once, each with path, code, rule and message (R4.1)", () => {
    const issues = issuesOf({
      merchantId: "abc",
      currencyCode: "aud",
      redirectURL: "not a url",
      items: [{ quantity: 0, costPerItem: -1, description: "", redemptionDate: "tomorrow" }, "item"]
    })
    expect(issues.map((i) => `${i.path}:${i.code}`)).toEqual([
      "merchantId:too_short",
      "merchantOrderId:required",
      "currencyCode:unknown_currency",
      "redirectURL:pattern",
      "redirectURL:format",
      "items[0].quantity:range",
      "items[0].description:too_short",
      "items[0].costPerItem:range",
      "items[0].redemptionDate:format",
      "items[1]:type"
    ])
    for (const i of issues) {
      expect(i.rule).toMatch(/^R\d+(\.\d+)?$/)
      expect(i.message.length).toBeGreaterThan(5)
    }
    expect(issues[0]?.message).toBe("must have 5 to 256 characters, got 3")
  })

  it("gives issues for input of any shape, and leaves unknown fields out (R4.9)", () => {
    for (const input of [null, undefined, 42, "checkout", [], [exampleRequest()], true]) {
      expect(codesOf(input)).toEqual([":type"])
    }
    const result = validateRequestResult({ ...exampleRequest(), surprise: { deep: true } }, { now: NOW })
    expect(Result.isSuccess(result)).toBe(true)
    if (Result.isSuccess(result)) {
      expect("surprise" in result.success.value).toBe(false)
      expect(result.success.warnings.map((w) => `${w.path}:${w.code}`)).toEqual(["surprise:unknown_field"])
    }
  })

  it("refuses a bad now or time zone in the options", () => {
    expect(codesOf(exampleRequest(), { now: "yesterday" })).toEqual(["now:format"])
    expect(codesOf(exampleRequest(), { now: NOW, timeZone: "Moon/Base" })).toEqual(["timeZone:time_zone"])
  })
})
