import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { expiryMinutes } from "../../../src/core/checkout/request.ts"
import { priceResult, summarizeResult } from "../../../src/core/checkout/totals.ts"
import type { ValidationError } from "../../../src/core/foundation/issues.ts"
import { MAX_MINOR_UNITS } from "../../../src/core/foundation/money.ts"
import { exampleRequest, NOW } from "../../fixtures.ts"

const summary = (request: unknown, options: Partial<Parameters<typeof summarizeResult>[1]> = {}) => {
  const result = summarizeResult(request, { now: NOW, ...options })
  if (Result.isFailure(result)) throw result.failure
  return result.success
}

describe("summarize (R2)", () => {
  it("gives rules.md's example: 2 × 50 with Currency 20 and 2 × 500 with Currency 120", () => {
    const s = summary(exampleRequest())
    expect(s.totalCost).toBe(1100)
    expect(s.totalMinimumDeposit).toBe(280)
    expect(s.items.map((i) => [i.lineTotal, i.minimumDeposit])).toEqual([[100, 40], [1000, 240]])
  })

  it("takes the earliest deadline as the completion date (R2.4)", () => {
    const s = summary(exampleRequest())
    // 2027-03-01 − 15 = 2027-02-14; 2027-02-26 − 15 = 2027-02-11
    expect(s.items.map((i) => i.deadlineDate)).toEqual(["2027-02-14", "2027-02-11"])
    expect(s.completionDate).toBe("2027-02-11")
  })

  it("turns date-times into calendar dates in the zone in use (R2.5)", () => {
    const request: any = exampleRequest()
    request.items[1].redemptionDate = "2027-02-26T23:30:00Z"
    expect(summary(request).items[1]!.redemptionDate).toBe("2027-02-26")
    expect(summary(request, { timeZone: "Australia/Sydney" }).items[1]!.redemptionDate).toBe("2027-02-27")
    expect(summary(request, { timeZone: "America/Los_Angeles" }).items[1]!.redemptionDate).toBe("2027-02-26")
  })

  it("computes percentage deposits rounded half-up and capped at the cost (R2.2)", () => {
    const request: any = exampleRequest()
    request.items = [
      {
        description: "a",
        quantity: 3,
        costPerItem: 10.01,
        minimumDepositPerItem: { unit: "percentage", value: 50 },
        redemptionDate: "2027-01-01"
      },
      {
        description: "b",
        quantity: 1,
        costPerItem: 30,
        minimumDepositPerItem: { unit: "Currency", value: 45 },
        redemptionDate: "2027-01-01"
      }
    ]
    const s = summary(request)
    // 50 % of 10.01 is 5.005 → 5.01 per unit, × 3; the 45 deposit is capped at the 30 cost
    expect(s.items.map((i) => i.minimumDeposit)).toEqual([15.03, 30])
    expect(s.totalMinimumDeposit).toBe(45.03)
  })

  it("falls back to the merchant's defaults, then to 0 (R2.2, R2.4)", () => {
    const request: any = exampleRequest()
    for (const item of request.items) {
      delete item.minimumDepositPerItem
      delete item.paymentDeadline
    }
    const merchant = { defaultMinDepositType: "PERCENTAGE", defaultMinDepositValue: 10, defaultPaymentDeadline: 7 }
    const s = summary(request, { merchant })
    expect(s.totalMinimumDeposit).toBe(110)
    expect(s.completionDate).toBe("2027-02-19")
    const bare = summary(request)
    expect(bare.totalMinimumDeposit).toBe(0)
    expect(bare.completionDate).toBe("2027-02-26")
    const currencyDefault = summary(request, {
      merchant: { defaultMinDepositType: "Currency", defaultMinDepositValue: 60 }
    })
    expect(currencyDefault.items.map((i) => i.minimumDeposit)).toEqual([100, 120])
  })

  it("works in zero-decimal and three-decimal currencies", () => {
    const request: any = exampleRequest()
    request.currencyCode = "JPY"
    request.items = [{
      description: "a",
      quantity: 3,
      costPerItem: 999,
      minimumDepositPerItem: { unit: "Percentage", value: 33.3 },
      redemptionDate: "2027-01-01"
    }]
    expect(summary(request).items[0]!.minimumDeposit).toBe(999) // 332.667 → 333 per unit
    request.currencyCode = "KWD"
    request.items[0].costPerItem = 1.005
    expect(summary(request)).toMatchObject({ totalCost: 3.015, totalMinimumDeposit: 1.005 }) // 0.334665 → 0.335
  })

  it("expires expiry minutes after creation, 1440 by default (R4.7)", () => {
    expect(summary(exampleRequest(), { now: "2026-11-22T09:30:00Z" }).expiresAt).toBe("2026-11-23T09:30:00.000Z")
    const request: any = exampleRequest()
    request.expiry = 90
    expect(summary(request).expiresAt).toBe("2026-11-22T01:30:00.000Z")
    request.expiry = -3
    expect(summary(request).expiresAt).toBe("2026-11-23T00:00:00.000Z")
  })

  it("refuses what it cannot compute with, as typed issues", () => {
    const request: any = exampleRequest()
    request.items[0].costPerItem = 10.005
    request.items[1].quantity = "2"
    const result = summarizeResult(request, { now: NOW })
    expect(Result.isFailure(result) && result.failure.issues.map((i) => `${i.path}:${i.code}`)).toEqual([
      "items[1].quantity:type",
      "items[0].costPerItem:precision"
    ])
    const precision = summarizeResult({
      ...exampleRequest(),
      items: [{ ...exampleRequest().items[0], costPerItem: 10.005 }]
    }, { now: NOW })
    expect(Result.isFailure(precision) && precision.failure.issues.map((i) => `${i.path}:${i.code}`)).toEqual([
      "items[0].costPerItem:precision"
    ])
    const badNow = summarizeResult(exampleRequest(), { now: "soon" })
    expect(Result.isFailure(badNow) && badNow.failure.issues[0]?.path).toBe("now")
    const huge = summarizeResult({
      ...exampleRequest(),
      items: [{ ...exampleRequest().items[0], costPerItem: 9e13, quantity: 1000 }]
    }, { now: NOW })
    expect(Result.isFailure(huge) && huge.failure.issues[0]?.code).toBe("range")
  })
})

const item = { description: "Ticket", quantity: 1, costPerItem: 250, redemptionDate: "2027-03-01" }
const request = {
  merchantOrderId: "order-1",
  currencyCode: "AUD",
  redirectURL: "https://shop.example/back",
  items: [item]
}

const issuesOf = (result: Result.Result<unknown, ValidationError>) =>
  Result.isFailure(result) ? result.failure.issues.map((i) => ({ ...i })) : []

const ok = <A>(result: Result.Result<A, ValidationError>): A => {
  if (Result.isFailure(result)) throw new Error(result.failure.message)
  return result.success
}

describe("R3.1, R4.4 the zone and the currency of a pricing", () => {
  it("R3.1: refuses a zone that is not an IANA name", () => {
    expect(issuesOf(summarizeResult(request, { now: NOW, timeZone: "Mars/Olympus" }))).toEqual([
      { path: "timeZone", code: "time_zone", rule: "R3.1", message: "must be an IANA time zone name" }
    ])
  })

  it("R4.4: priceResult, for typed input, still names an unknown currency", () => {
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

  it("R3.1: refuses a creation instant that is not one", () => {
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
  it("R2.4: a negative default deadline of the merchant counts as 0", () => {
    const summary = ok(summarizeResult(request, { now: NOW, merchant: { defaultPaymentDeadline: -5 } }))
    expect(summary.completionDate).toBe("2027-03-01")
  })

  it("R2.4: a deadline reaching 0001-01-01 is the earliest date; one day earlier is refused", () => {
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

  it("R1.1: items adding up to the largest exact amount are priced; one minor unit more is refused", () => {
    const exact = { ...request, items: [{ ...item, costPerItem: half }, { ...item, costPerItem: half }] }
    expect(ok(summarizeResult(exact, { now: NOW })).totalCost * 100).toBe(MAX_MINOR_UNITS)
    const over = { ...request, items: [{ ...item, costPerItem: half }, { ...item, costPerItem: half + 0.01 }] }
    expect(issuesOf(summarizeResult(over, { now: NOW }))).toEqual([
      { path: "items", code: "range", rule: "R1.1", message: "add up to more than the largest exact amount" }
    ])
  })

  it("R1.1: is not reported beside an item's own issue, whose amount is not counted", () => {
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
  it("R4.7: an expiry of 0 or less minutes is the default, 1440", () => {
    expect([expiryMinutes(0), expiryMinutes(-1), expiryMinutes(undefined), expiryMinutes(1)]).toEqual([
      1440,
      1440,
      1440,
      1
    ])
    expect(ok(summarizeResult({ ...request, expiry: 0 }, { now: NOW })).expiresAt).toBe("2026-11-23T00:00:00.000Z")
  })

  it("R4.7: an expiry that ends the checkout after 9999 is refused: its instant has no four-digit year (R3.1)", () => {
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

  it("R4.7: an expiry that ends the checkout beyond the representable dates is refused", () => {
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
