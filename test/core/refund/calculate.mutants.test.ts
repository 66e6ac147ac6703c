/**
 * The refund calculation's rules that mutation testing found unchecked (benchmarks/mutation.md): the
 * policies' names and start dates (R7.7), the instant and zone of a calculation (R3.1), the merchant's
 * default policies (R7.2), the plan's currency and amounts (R1.1–R1.3) and how a plan is read (R7.1),
 * each issue with its path, code, rule and message.
 */
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import type { ValidationError } from "../../../src/core/foundation/issues.ts"
import { MAX_MINOR_UNITS } from "../../../src/core/foundation/money.ts"
import { END_INSTANT, FIRST_INSTANT } from "../../../src/core/foundation/time/index.ts"
import { calculateResult, policyName } from "../../../src/core/refund/calculate.ts"

const item = { id: "t1", quantity: 1, costPerItem: 250, redemptionDate: "2027-03-01" }
const plan = { currencyCode: "AUD", totalPaymentsPaid: 400, items: [item] }

const issuesOf = (result: Result.Result<unknown, ValidationError>) =>
  Result.isFailure(result) ? result.failure.issues.map((i) => ({ ...i })) : []

const ok = <A>(result: Result.Result<A, ValidationError>): A => {
  if (Result.isFailure(result)) throw new Error(result.failure.message)
  return result.success
}

describe("R7.7 a policy's name and the day it comes into force", () => {
  it("names a window of 0 days 'from the redemption date' and one of 1 day in the singular", () => {
    expect(policyName(0, 0)).toBe("0% refundable from the redemption date")
    expect(policyName(0, 25)).toBe("25% refundable from the redemption date")
    expect(policyName(1, 50)).toBe("50% refundable within 1 day of the redemption date")
    expect(policyName(2, 50)).toBe("50% refundable within 2 days of the redemption date")
  })

  it("a calculation names its policies so", () => {
    const policies = [
      { daysWithinRedemptionDate: 1, refundablePercentage: 50 },
      { daysWithinRedemptionDate: 0, refundablePercentage: 0 }
    ]
    const calculated = ok(calculateResult({ ...plan, items: [{ ...item, refundPolicies: policies }] }, { at: 0 }))
    expect(calculated.items[0]!.refundPolicies.map((p) => [p.name, p.activeFrom])).toEqual([
      ["50% refundable within 1 day of the redemption date", "2027-02-28T00:00:00.000Z"],
      ["0% refundable from the redemption date", "2027-03-01T00:00:00.000Z"]
    ])
  })
})

describe("R3.1 the instant and the zone of a calculation", () => {
  it("takes instants from the first of 0001 to the end of 9999, and refuses the millisecond either side", () => {
    for (const at of [FIRST_INSTANT, END_INSTANT - 1]) {
      expect(issuesOf(calculateResult(plan, { at })), String(at)).toEqual([])
    }
    for (const at of [FIRST_INSTANT - 1, END_INSTANT]) {
      expect(issuesOf(calculateResult(plan, { at })), String(at)).toEqual([
        {
          path: "at",
          code: "format",
          rule: "R3.1",
          message:
            `must be an instant between 0001 and 9999 (Date, epoch milliseconds or RFC 3339 date-time with offset), got ${at}`
        }
      ])
    }
  })

  it("requires the instant", () => {
    expect(issuesOf(calculateResult(plan, {} as never))).toEqual([
      { path: "at", code: "required", rule: "R3.1", message: "is required: the instant of the calculation" }
    ])
  })

  it("names whose zone is wrong: the option's, or the plan's", () => {
    expect(issuesOf(calculateResult(plan, { at: 0, timeZone: "Mars/Olympus" }))).toEqual([
      {
        path: "timeZone",
        code: "time_zone",
        rule: "R3.1",
        message: "must be an IANA time zone name, got \"Mars/Olympus\""
      }
    ])
    expect(issuesOf(calculateResult({ ...plan, timeZone: "Mars/Olympus" }, { at: 0 }))).toEqual([
      {
        path: "timeZone",
        code: "time_zone",
        rule: "R3.1",
        message: "(the plan's) must be an IANA time zone name, got \"Mars/Olympus\""
      }
    ])
  })
})

describe("R7.2 the merchant's default refund policies", () => {
  it("a configuration without defaults (null) gives none; one whose defaults are not a list is refused", () => {
    expect(issuesOf(calculateResult(plan, { at: 0, merchant: { defaultRefundPolicies: null } as never }))).toEqual([])
    expect(issuesOf(calculateResult(plan, { at: 0, merchant: { defaultRefundPolicies: "none" } as never }))).toEqual([
      { path: "merchant.defaultRefundPolicies", code: "type", rule: "R7.2", message: "must be an array, got \"none\"" }
    ])
  })
})

describe("R1.2, R1.3 the plan's currency and what was paid", () => {
  it("a plan refused for its items still reports a second currency code that disagrees with its currencyCode", () => {
    expect(issuesOf(calculateResult({ ...plan, currency: { currencyCode: "NZD" }, items: [] }, { at: 0 }))).toEqual([
      { path: "items", code: "too_short", rule: "R4.1", message: "must have at least one item, got an empty array" },
      {
        path: "currency.currencyCode",
        code: "conflict",
        rule: "R1.2",
        message: "must be the plan's currencyCode \"AUD\", got \"NZD\": a plan has one currency"
      }
    ])
  })

  it("a negative amount paid is out of range only, never also a precision problem", () => {
    expect(issuesOf(calculateResult({ ...plan, totalPaymentsPaid: -1.234 }, { at: 0 }))).toEqual([
      { path: "totalPaymentsPaid", code: "range", rule: "R1.3", message: "must not be negative, got -1.234" }
    ])
  })

  it("a plan record's currency is named in the record's spelling", () => {
    const record = { id: "p", status: "OnSchedule", currency: { currencyCode: "XYZ" }, totalPaid: 1, items: [item] }
    expect(issuesOf(calculateResult(record, { at: 0 }))).toEqual([
      {
        path: "currency.currencyCode",
        code: "unknown_currency",
        rule: "R4.4",
        message: "must be an active ISO 4217 code in upper case, got \"XYZ\""
      }
    ])
  })
})

describe("R1.1 the plan's total within the largest exact amount", () => {
  const half = MAX_MINOR_UNITS / 2 / 100 // in AUD, two digits
  const at = { at: 0 }

  it("items adding up to the largest exact amount are calculated; one minor unit more is refused", () => {
    const exact = {
      ...plan,
      totalPaymentsPaid: 0,
      items: [{ ...item, costPerItem: half }, { ...item, costPerItem: half }]
    }
    expect(ok(calculateResult(exact, at)).planTotalCost * 100).toBe(MAX_MINOR_UNITS)
    const over = { ...exact, items: [{ ...item, costPerItem: half }, { ...item, costPerItem: half + 0.01 }] }
    expect(issuesOf(calculateResult(over, at))).toEqual([
      { path: "items", code: "range", rule: "R1.1", message: "add up to more than the largest exact amount" }
    ])
  })
})

describe("R7.1 a plan valid as written is read as written", () => {
  it("a record's field name beside the plan's own deposit is not read as the record's", () => {
    const both = {
      ...item,
      depositRefundable: false,
      minimumDepositPerItem: { unit: "currency", value: 50 },
      minimumDepositPerItemType: "percentage"
    }
    const calculated = ok(calculateResult({ ...plan, items: [both] }, { at: 0 }))
    expect([calculated.items[0]!.minNonRefundableDeposit, calculated.totalNonRefundableAmount]).toEqual([50, 50])
  })
})
