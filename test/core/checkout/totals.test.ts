import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { summarizeResult } from "../../../src/core/checkout/totals.ts"
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
