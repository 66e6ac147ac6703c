/**
 * The checkout totals' rules that mutation testing found unchecked (benchmarks/mutation.md): the zone and
 * currency of a pricing (R3.1, R4.4), the merchant's default payment deadline and a deadline before
 * 0001-01-01 (R2.4), the checkout's total within the largest exact amount (R1.1), the default expiry and
 * an expiry beyond the representable dates (R4.7), each issue with its path, code, rule and message.
 */
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { expiryMinutes } from "../../../src/core/checkout/request.ts"
import { priceResult, summarizeResult } from "../../../src/core/checkout/totals.ts"
import type { ValidationError } from "../../../src/core/foundation/issues.ts"
import { MAX_MINOR_UNITS } from "../../../src/core/foundation/money.ts"

const item = { description: "Ticket", quantity: 1, costPerItem: 250, redemptionDate: "2027-03-01" }
const request = {
  merchantOrderId: "order-1",
  currencyCode: "AUD",
  redirectURL: "https://shop.example/back",
  items: [item]
}
const NOW = "2026-11-22T00:00:00Z"

const issuesOf = (result: Result.Result<unknown, ValidationError>) =>
  Result.isFailure(result) ? result.failure.issues.map((i) => ({ ...i })) : []

const ok = <A>(result: Result.Result<A, ValidationError>): A => {
  if (Result.isFailure(result)) throw new Error(result.failure.message)
  return result.success
}

describe("R3.1, R4.4 the zone and the currency of a pricing", () => {
  it("refuses a zone that is not an IANA name", () => {
    expect(issuesOf(summarizeResult(request, { now: NOW, timeZone: "Mars/Olympus" }))).toEqual([
      { path: "timeZone", code: "time_zone", rule: "R3.1", message: "must be an IANA time zone name" }
    ])
  })

  it("priceResult, for typed input, still names an unknown currency", () => {
    const checkout = { currencyCode: "XYZ", items: [item] }
    expect(issuesOf(priceResult(checkout))).toEqual([
      {
        path: "currencyCode",
        code: "unknown_currency",
        rule: "R4.4",
        message: "must be an active ISO 4217 code in upper case, got \"XYZ\""
      }
    ])
  })

  it("refuses a creation instant that is not one", () => {
    expect(issuesOf(summarizeResult(request, { now: "soon" }))).toEqual([
      {
        path: "now",
        code: "format",
        rule: "R3.1",
        message: "must be a valid instant (Date, epoch milliseconds or RFC 3339 date-time)"
      }
    ])
  })
})

describe("R2.4 the payment deadline", () => {
  it("a negative default deadline of the merchant counts as 0", () => {
    const summary = ok(summarizeResult(request, { now: NOW, merchant: { defaultPaymentDeadline: -5 } }))
    expect(summary.completionDate).toBe("2027-03-01")
  })

  it("a deadline reaching 0001-01-01 is the earliest date; one day earlier is refused", () => {
    const early = { ...item, redemptionDate: "0001-01-05" }
    const atFirst = ok(summarizeResult({ ...request, items: [{ ...early, paymentDeadline: 4 }] }, { now: NOW }))
    expect(atFirst.completionDate).toBe("0001-01-01")
    expect(issuesOf(summarizeResult({ ...request, items: [{ ...early, paymentDeadline: 5 }] }, { now: NOW }))).toEqual([
      {
        path: "items[0].paymentDeadline",
        code: "range",
        rule: "R2.4",
        message: "puts the deadline before 0001-01-01, got 5"
      }
    ])
  })
})

describe("R1.1 the checkout's total within the largest exact amount", () => {
  const half = MAX_MINOR_UNITS / 2 / 100 // in AUD, two digits

  it("items adding up to the largest exact amount are priced; one minor unit more is refused", () => {
    const exact = { ...request, items: [{ ...item, costPerItem: half }, { ...item, costPerItem: half }] }
    expect(ok(summarizeResult(exact, { now: NOW })).totalCost * 100).toBe(MAX_MINOR_UNITS)
    const over = { ...request, items: [{ ...item, costPerItem: half }, { ...item, costPerItem: half + 0.01 }] }
    expect(issuesOf(summarizeResult(over, { now: NOW }))).toEqual([
      { path: "items", code: "range", rule: "R1.1", message: "add up to more than the largest exact amount" }
    ])
  })

  it("is not reported beside an item's own issue, whose amount is not counted", () => {
    const over = {
      ...request,
      items: [{ ...item, costPerItem: half }, { ...item, costPerItem: half + 0.01 }, { ...item, costPerItem: 1.005 }]
    }
    expect(issuesOf(summarizeResult(over, { now: NOW })).map((i) => `${i.path}:${i.code}:${i.rule}`)).toEqual([
      "items[2].costPerItem:precision:R1.3"
    ])
  })
})

describe("R4.7 the checkout's expiry", () => {
  it("an expiry of 0 or less minutes is the default, 1440", () => {
    expect([expiryMinutes(0), expiryMinutes(-1), expiryMinutes(undefined), expiryMinutes(1)]).toEqual([
      1440,
      1440,
      1440,
      1
    ])
    expect(ok(summarizeResult({ ...request, expiry: 0 }, { now: NOW })).expiresAt).toBe("2026-11-23T00:00:00.000Z")
  })

  it("an expiry that ends the checkout after 9999 is refused: its instant has no four-digit year (R3.1)", () => {
    const lastDay = {
      ...request,
      items: request.items.map((item) => ({ ...item, redemptionDate: "9999-12-31" }))
    }
    const now = "9999-12-31T00:00:00Z"
    expect(ok(summarizeResult({ ...lastDay, expiry: 1439 }, { now })).expiresAt).toBe("9999-12-31T23:59:00.000Z")
    expect(issuesOf(summarizeResult({ ...lastDay, expiry: 1440 }, { now }))).toEqual([
      {
        path: "expiry",
        code: "range",
        rule: "R4.7",
        message: "puts the end of the checkout beyond the representable dates"
      }
    ])
  })

  it("an expiry that ends the checkout beyond the representable dates is refused", () => {
    expect(issuesOf(summarizeResult({ ...request, expiry: 1e12 }, { now: NOW }))).toEqual([
      {
        path: "expiry",
        code: "range",
        rule: "R4.7",
        message: "puts the end of the checkout beyond the representable dates"
      }
    ])
  })
})
