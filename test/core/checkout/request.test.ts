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

describe("validateRequestResult: each issue and warning with its path, code, rule and message", () => {
  describe("R4.4 merchantMetadata keeps every key, whatever its name", () => {
    // The validated value is a copy when a key is left out (R10.1: undefined is absent; R10.2: unknown
    // fields are not part of it). A copy made by assignment turned a "__proto__" key into a prototype
    // and lost it: the fast-check counterexample of the R10.1 property that found it.
    it("R4.4: keeps a \"__proto__\" key of merchantMetadata when the value is a copy", () => {
      const merchantMetadata = JSON.parse("{\"__proto__\":\"x\",\"channel\":\"web\"}")
      for (const extra of [{ minimumDepositPerItem: undefined }, { stray: 1 }]) {
        const result = validateRequestResult({ ...exampleRequest(), merchantMetadata, ...extra }, { now: NOW })
        if (Result.isFailure(result)) throw result.failure
        const copy = result.success.value.merchantMetadata!
        expect(Object.keys(copy)).toEqual(["__proto__", "channel"])
        expect(Object.getOwnPropertyDescriptor(copy, "__proto__")?.value).toBe("x")
        expect(Object.getPrototypeOf(copy)).toBe(Object.prototype)
      }
    })
  })

  const issuesOf = (input: unknown, options: Parameters<typeof validateRequestResult>[1] = { now: NOW }) => {
    const result = validateRequestResult(input, options)
    return Result.isFailure(result) ? result.failure.issues : []
  }
  const warningsOf = (input: unknown) => {
    const result = validateRequestResult(input, { now: NOW })
    return Result.isFailure(result) ? result.failure.warnings : result.success.warnings
  }
  const valueOf = (input: unknown, options: Parameters<typeof validateRequestResult>[1] = { now: NOW }) => {
    const result = validateRequestResult(input, options)
    if (Result.isFailure(result)) throw result.failure
    return result.success.value
  }
  /** The example with its first item changed, as the only item. */
  const withFirstItem = (change: Record<string, unknown>, request: Record<string, unknown> = {}) => {
    const example = exampleRequest()
    return { ...example, ...request, items: [{ ...example.items[0], ...change }] }
  }
  const END_OF_CHECKOUT = "puts the end of the checkout beyond the representable dates"

  describe("R1.1 an item's line total stays within the largest exact amount (2^51 minor units)", () => {
    // JPY has no fraction digits: costPerItem 2^50 is 2^50 minor units
    it("R1.1: quantity 3 of 2^50 yen is beyond 2^51 and refused at the quantity", () => {
      expect(issuesOf(withFirstItem({ costPerItem: 2 ** 50, quantity: 3 }, { currencyCode: "JPY" }))).toEqual([
        {
          path: "items[0].quantity",
          code: "range",
          rule: "R1.1",
          message: "makes the line total larger than the largest exact amount"
        }
      ])
    })

    it("R1.1: quantity 2 of 2^50 yen is 2^51 exactly, allowed beside another item problem", () => {
      // a deposit with a fraction of a yen makes the item inexact, so its amounts are examined one by one
      const request = withFirstItem({
        costPerItem: 2 ** 50,
        quantity: 2,
        minimumDepositPerItem: { unit: "Currency", value: 0.5 }
      }, {
        currencyCode: "JPY"
      })
      expect(issuesOf(request)).toEqual([
        {
          path: "items[0].minimumDepositPerItem.value",
          code: "precision",
          rule: "R1.3",
          message: "has more than 0 fraction digits: 0.5"
        }
      ])
      expect(issuesOf(withFirstItem({ costPerItem: 2 ** 50, quantity: 2 }, { currencyCode: "JPY" }))).toEqual([])
    })
  })

  describe("R1.3/R4.6 a negative amount is a range problem, not also a precision one", () => {
    it("R4.6: costPerItem -1.005 is only 'must be greater than 0', not a precision issue too", () => {
      expect(issuesOf(withFirstItem({ costPerItem: -1.005 }))).toEqual([
        { path: "items[0].costPerItem", code: "range", rule: "R4.6", message: "must be greater than 0, got -1.005" }
      ])
    })

    it("R4.6: a Currency minimum deposit of -1.005 is only 'must not be negative', not a precision issue too", () => {
      expect(issuesOf(withFirstItem({ minimumDepositPerItem: { unit: "Currency", value: -1.005 } }))).toEqual([
        {
          path: "items[0].minimumDepositPerItem.value",
          code: "range",
          rule: "R4.6",
          message: "must not be negative, got -1.005"
        }
      ])
    })
  })

  describe("R4.5 the authenticated merchant and its sub-merchants", () => {
    it("R4.5: another merchantId than the credentials' is merchant_mismatch, with its rule and message", () => {
      expect(issuesOf({ ...exampleRequest(), merchantId: "merchant-999" }, { now: NOW, merchantId: "merchant-123" }))
        .toEqual([
          {
            path: "merchantId",
            code: "merchant_mismatch",
            rule: "R4.5",
            message: "must equal the merchant id of the credentials"
          }
        ])
    })

    it("R4.5: a merchantId that is not text is only a type problem, not also a mismatch", () => {
      const issues = issuesOf({ ...exampleRequest(), merchantId: 12345 }, { now: NOW, merchantId: "merchant-123" })
      expect(issues.map((i) => [i.path, i.code, i.rule])).toEqual([["merchantId", "type", "R4.1"]])
    })

    it("R4.5: an externalCode not among the sub-merchants is unknown_external_code, with its rule and message", () => {
      const merchant = { subMerchants: [{ externalCode: "shop-1" }] }
      expect(issuesOf({ ...exampleRequest(), externalCode: "shop-9" }, { now: NOW, merchant })).toEqual([
        {
          path: "externalCode",
          code: "unknown_external_code",
          rule: "R4.5",
          message: "is not one of the merchant's sub-merchants"
        }
      ])
    })

    it("R4.5: a request without externalCode needs no sub-merchant, even when the merchant lists some", () => {
      expect(valueOf(exampleRequest(), { now: NOW, merchant: { subMerchants: [{ externalCode: "shop-1" }] } }))
        .toEqual(exampleRequest())
    })

    it("R4.5, R4.9: a null entry among the sub-merchants matches nothing and throws nothing", () => {
      // a JavaScript caller can hand a configuration it did not read through Merchant.read
      const merchant = { subMerchants: [null, { externalCode: "shop-1" }] } as never
      expect(valueOf({ ...exampleRequest(), externalCode: "shop-1" }, { now: NOW, merchant }).externalCode).toBe(
        "shop-1"
      )
      expect(issuesOf({ ...exampleRequest(), externalCode: "shop-9" }, { now: NOW, merchant }).map((i) => i.code))
        .toEqual(["unknown_external_code"])
    })
  })

  describe("R4.6 a redemption date after now", () => {
    it("R4.6: a redemption date of today is past_date, with its rule and message", () => {
      expect(issuesOf(withFirstItem({ redemptionDate: "2026-11-22" }))).toEqual([
        { path: "items[0].redemptionDate", code: "past_date", rule: "R4.6", message: "must be after now" }
      ])
    })
  })

  describe("R4.7 expiry: whole minutes, ≤ 0 the default, the end within the four-digit years", () => {
    it("R4.7: a negative fraction of a minute is accepted as the default, as any expiry ≤ 0", () => {
      expect(valueOf({ ...exampleRequest(), expiry: -0.5 }).expiry).toBe(-0.5)
      expect(issuesOf({ ...exampleRequest(), expiry: 0.5 })).toEqual([
        { path: "expiry", code: "format", rule: "R4.7", message: "must be whole minutes, got 0.5" }
      ])
    })

    it("R4.7: an expiry that ends the checkout after 9999 is range, judged against now", () => {
      // from 2026-11-22, 4e9 minutes (about 7600 years) end in year 9631; 5e9 minutes in year 11532
      expect(valueOf({ ...exampleRequest(), expiry: 4e9 }).expiry).toBe(4e9)
      expect(issuesOf({ ...exampleRequest(), expiry: 5e9 })).toEqual([
        { path: "expiry", code: "range", rule: "R4.7", message: END_OF_CHECKOUT }
      ])
      // beyond the instants a Date holds (±8.64e15 ms) too: 1.44e11 minutes are 8.64e15 ms after now
      expect(issuesOf({ ...exampleRequest(), expiry: 1.44e11 })).toEqual([
        { path: "expiry", code: "range", rule: "R4.7", message: END_OF_CHECKOUT }
      ])
      // without now there is no end to judge
      expect(valueOf({ ...exampleRequest(), expiry: 5e9 }, {}).expiry).toBe(5e9)
    })

    it("R4.7: an end at 9999-12-31T23:59 is allowed; one at 10000-01-01T00:00 is range", () => {
      const now = "9999-12-31T00:00:00Z"
      // its redemption after now, on the last day there is
      const request = withFirstItem({ redemptionDate: "9999-12-31T23:59:00Z" })
      expect(issuesOf({ ...request, expiry: 1439 }, { now })).toEqual([])
      expect(issuesOf({ ...request, expiry: 1440 }, { now })).toEqual([
        { path: "expiry", code: "range", rule: "R4.7", message: END_OF_CHECKOUT }
      ])
    })

    it("R4.7: an expiry ≤ 0 means the default 1440 minutes, however far below 0 it is", () => {
      // -1.45e11 minutes before now is before any Date, but the checkout ends 1440 minutes after now
      expect(valueOf({ ...exampleRequest(), expiry: -1.45e11 }).expiry).toBe(-1.45e11)
      // absent and 0 mean 1440 minutes too: on the last day of 9999 that leaves the calendar
      const now = "9999-12-31T00:00:01Z"
      const request = withFirstItem({ redemptionDate: "9999-12-31T23:59:00Z" })
      const { expiry: _, ...withoutExpiry } = request
      expect(valueOf(withoutExpiry, { now: NOW }).expiry).toBe(undefined)
      const defaults = [withoutExpiry, ...[0, -0.5, -1.45e11].map((expiry) => ({ ...request, expiry }))]
      for (const r of defaults) {
        expect(issuesOf(r, { now })).toEqual([{
          path: "expiry",
          code: "range",
          rule: "R4.7",
          message: END_OF_CHECKOUT
        }])
      }
    })

    it("R4.7: an expiry of the wrong type or a fraction is the schema's problem only, not also a range one", () => {
      const lastDay = "9999-12-31T00:00:01Z"
      const request = withFirstItem({ redemptionDate: "9999-12-31T23:59:00Z" })
      const found = (expiry: unknown, now: string) =>
        issuesOf({ ...request, expiry }, { now }).map((i) => [i.path, i.code, i.rule])
      expect(found("ninety", NOW)).toEqual([["expiry", "type", "R4.1"]])
      // null reads as no number at all, not as 0 (the default), which would end after 9999 here
      expect(found(null, lastDay)).toEqual([["expiry", "type", "R4.1"]])
      expect(found(5e9 + 0.5, NOW)).toEqual([["expiry", "format", "R4.7"]])
    })
  })

  describe("R4.8 warnings, each with its rule and message", () => {
    it("R4.8: a callbackURL is deprecated and an http redirectURL insecure; the request is still valid", () => {
      expect(
        warningsOf({
          ...exampleRequest(),
          redirectURL: "http://shop.example/return",
          callbackURL: "https://shop.example/cb"
        })
      ).toEqual([
        {
          path: "callbackURL",
          code: "deprecated",
          rule: "R4.8",
          message: "is deprecated since 2023-04-18; use the merchant-level webhook"
        },
        { path: "redirectURL", code: "insecure_url", rule: "R4.8", message: "should use HTTPS" }
      ])
    })
  })

  describe("R3.1 the options now and timeZone", () => {
    it("R3.1: a now that is no instant is refused at now, with its rule and message", () => {
      expect(issuesOf(exampleRequest(), { now: "yesterday" })).toEqual([
        {
          path: "now",
          code: "format",
          rule: "R3.1",
          message: "must be a valid instant (Date, epoch milliseconds or RFC 3339 date-time)"
        }
      ])
    })

    it("R3.1: an offset is no IANA time zone name", () => {
      expect(issuesOf(exampleRequest(), { now: NOW, timeZone: "+11:00" })).toEqual([
        { path: "timeZone", code: "time_zone", rule: "R3.1", message: "must be an IANA time zone name" }
      ])
    })
  })

  describe("R4.4/R4.6 the schema's words: each field's problem with its rule and message", () => {
    const summary = (input: unknown) =>
      issuesOf(input).map(({ code, message, path, rule }) => ({ path, code, rule, message }))

    it("R4.4: a redirectURL that is no http or https URL", () => {
      expect(summary({ ...exampleRequest(), redirectURL: "ftp://shop.example/done" })).toEqual([
        {
          path: "redirectURL",
          code: "format",
          rule: "R4.4",
          message: "must be an absolute http or https URL, got \"ftp://shop.example/done\""
        }
      ])
    })

    it("R4.4: a currency code that is not an active one in upper case", () => {
      expect(summary({ ...exampleRequest(), currencyCode: "ZZZ" })).toEqual([
        {
          path: "currencyCode",
          code: "unknown_currency",
          rule: "R4.4",
          message: "must be an active ISO 4217 code in upper case, got \"ZZZ\""
        }
      ])
    })

    it("R4.4: an item's merchantProductURL that is no http or https URL", () => {
      expect(summary(withFirstItem({ merchantProductURL: "shop.example/tickets" }))).toEqual([
        {
          path: "items[0].merchantProductURL",
          code: "format",
          rule: "R4.4",
          message: "must be an absolute http or https URL, got \"shop.example/tickets\""
        }
      ])
    })

    it("R4.6: a payment deadline that is negative or not whole", () => {
      expect(summary(withFirstItem({ paymentDeadline: -1 }))).toEqual([
        { path: "items[0].paymentDeadline", code: "range", rule: "R4.6", message: "must be at least 0, got -1" }
      ])
      expect(summary(withFirstItem({ paymentDeadline: 1.5 }))).toEqual([
        { path: "items[0].paymentDeadline", code: "format", rule: "R4.6", message: "must be a whole number, got 1.5" }
      ])
    })

    it("R4.6: an item that is not an object is the item's rule", () => {
      expect(summary({ ...exampleRequest(), items: [5] }).map(({ code, path, rule }) => `${path} ${code} ${rule}`))
        .toEqual(["items[0] type R4.6"])
    })
  })
})

const withRedemption = (redemptionDate: string) => {
  const example = exampleRequest()
  return { ...example, items: [{ ...example.items[0], redemptionDate }] }
}

describe("R4.6 a redemption date-time after now", () => {
  it("R4.6: a redemption at now itself is past_date; a millisecond later is after now", () => {
    const at = validateRequestResult(withRedemption("2026-11-22T00:00:00Z"), { now: NOW })
    expect(Result.isFailure(at) && at.failure.issues).toEqual([
      { path: "items[0].redemptionDate", code: "past_date", rule: "R4.6", message: "must be after now" }
    ])
    const after = validateRequestResult(withRedemption("2026-11-22T00:00:00.001Z"), { now: NOW })
    expect(Result.isSuccess(after)).toBe(true)
  })
})
