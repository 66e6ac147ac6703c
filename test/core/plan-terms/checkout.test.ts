/**
 * The reading of a plan-terms checkout: its rules' edges that mutation testing found unchecked
 * (benchmarks/mutation.md). A checkout response is read tolerantly (R9): `null` is a missing value, at any
 * depth of an item; every problem of a response that cannot be read is reported, with the value it got;
 * a response missing any one of its totals is priced from its items (R2); a response's own totals are
 * checked (R4.4, R1.3, R2.5) under `checkout`, each issue with its path, code, rule and message.
 */
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import type { ValidationError } from "../../../src/core/foundation/issues.ts"
import { readCheckoutResult } from "../../../src/core/plan-terms/checkout.ts"

const issuesOf = (result: Result.Result<unknown, ValidationError>) =>
  Result.isFailure(result) ? result.failure.issues.map((i) => ({ ...i })) : []

const ok = <A>(result: Result.Result<A, ValidationError>): A => {
  if (Result.isFailure(result)) throw new Error(JSON.stringify(result.failure.issues))
  return result.success
}

/** The epoch day of a calendar date, the oracle of `completionDay`. */
const day = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000

/** One item of a response: 1 × 100.00, redeemed on 1 March 2027. */
const item = { id: "item_1", description: "Ticket", quantity: 1, costPerItem: 100, redemptionDate: "2027-03-01" }

/** A response with its totals: 100.00, minimum deposit 20.00, completion 11 February 2027. */
const withTotals = (extra: Record<string, unknown> = {}) => ({
  id: "chk_1",
  currencyCode: "AUD",
  totalCost: 100,
  totalMinimumDeposit: 20,
  completionDate: "2027-02-11",
  ...extra
})

/** What the one item above prices to (R2): 100.00, no minimum deposit, completion on its redemption date. */
const pricedFromItem = {
  id: "chk_1",
  currencyCode: "AUD",
  exponent: 2,
  totalCost: 10_000,
  totalMinimumDeposit: 0,
  completionDay: day("2027-03-01"),
  redirectURL: undefined
}

describe("R9 a response's nulls are missing values, in its items too", () => {
  it("R9: an item's null paymentDeadline and minimumDepositPerItem read as absent: priced without them (R2)", () => {
    const response = {
      id: "chk_1",
      currencyCode: "AUD",
      items: [{ ...item, paymentDeadline: null, minimumDepositPerItem: null, sku: null }]
    }
    expect(ok(readCheckoutResult(response, "UTC"))).toEqual(pricedFromItem)
  })

  it("R9: a null inside an item's object is a missing value too: a minimum deposit without its value (R4.6)", () => {
    const response = {
      id: "chk_1",
      currencyCode: "AUD",
      items: [{ ...item, minimumDepositPerItem: { unit: "Currency", value: null } }]
    }
    expect(issuesOf(readCheckoutResult(response, "UTC"))).toEqual([
      { path: "checkout.items[0].minimumDepositPerItem.value", code: "required", rule: "R4.6", message: "is required" }
    ])
  })

  it("R9: a null currency of a response without totals is a missing currency (R4.1)", () => {
    const response = { id: "chk_1", currencyCode: null, items: [item] }
    expect(issuesOf(readCheckoutResult(response, "UTC"))).toEqual([
      { path: "checkout.currencyCode", code: "required", rule: "R4.1", message: "is required" }
    ])
  })
})

describe("R9 a response that cannot be read", () => {
  it("R9: every field of the wrong type is reported, each with the value it got", () => {
    const response = { id: "chk_1", currencyCode: 5, totalCost: "abc", completionDate: "2027-02-11" }
    expect(issuesOf(readCheckoutResult(response, "UTC"))).toEqual([
      { path: "checkout.currencyCode", code: "type", rule: "R9", message: "must be a string or null, got 5" },
      {
        path: "checkout.totalCost",
        code: "type",
        rule: "R9",
        message: "must be a number, or a number written as text, got \"abc\""
      }
    ])
  })
})

describe("R2 a response missing one of its totals is priced from its items", () => {
  it("R2: without totalCost, the given minimum deposit and completion date are not used either", () => {
    const response = withTotals({ totalCost: null, items: [item] })
    expect(ok(readCheckoutResult(response, "UTC"))).toEqual(pricedFromItem)
  })

  it("R2: without totalMinimumDeposit, the given total and completion date are not used either", () => {
    const { totalMinimumDeposit: _, ...response } = withTotals({ totalCost: 999, items: [item] })
    expect(ok(readCheckoutResult(response, "UTC"))).toEqual(pricedFromItem)
  })
})

describe("R4.4, R1.3, R2.5 a response's own totals are checked", () => {
  it("R4.4: an unknown currency is named under checkout, alone (its totals cannot be read without it)", () => {
    expect(issuesOf(readCheckoutResult(withTotals({ currencyCode: "XYZ", totalCost: 10.001 }), "UTC"))).toEqual([
      {
        path: "checkout.currencyCode",
        code: "unknown_currency",
        rule: "R4.4",
        message: "must be an active ISO 4217 code in upper case, got \"XYZ\""
      }
    ])
  })

  it("R1.3, R2.5: a minimum deposit finer than the currency and a completion date that is not one, both named", () => {
    const response = withTotals({ totalMinimumDeposit: 1.001, completionDate: "soon" })
    expect(issuesOf(readCheckoutResult(response, "UTC"))).toEqual([
      {
        path: "checkout.totalMinimumDeposit",
        code: "precision",
        rule: "R1.3",
        message: "has more than 2 fraction digits: 1.001"
      },
      {
        path: "checkout.completionDate",
        code: "format",
        rule: "R2.5",
        message: "must be a date YYYY-MM-DD or a date-time with an offset, got \"soon\""
      }
    ])
  })

  it("R2.5: the same response read again in another zone gives that zone's completion date", () => {
    // a response is decoded once per object: what is remembered must not depend on the zone
    const response = withTotals({ completionDate: "2027-02-11T23:30:00Z" })
    expect(ok(readCheckoutResult(response, "UTC")).completionDay).toBe(day("2027-02-11"))
    expect(ok(readCheckoutResult(response, "Australia/Sydney")).completionDay).toBe(day("2027-02-12"))
    expect(ok(readCheckoutResult(response, "UTC")).completionDay).toBe(day("2027-02-11"))
  })
})
