/**
 * Policy selection (R7.2) and the day count in the plan's zone (R3, R7.1).
 */
import { describe, expect, it } from "vitest"
import * as Time from "../../../src/core/foundation/time/index.ts"
import { daysRemaining, redemptionDay, selectPolicy } from "../../../src/core/refund/select.ts"

const TWO_POLICIES = [
  { daysWithinRedemptionDate: 60, refundablePercentage: 75 },
  { daysWithinRedemptionDate: 30, refundablePercentage: 50 }
]

describe("selectPolicy (R7.2)", () => {
  it("the service description's example: 40 days before uses the 60-day policy, 20 days the 30-day policy", () => {
    expect(selectPolicy(TWO_POLICIES, 40)).toBe(0)
    expect(selectPolicy(TWO_POLICIES, 20)).toBe(1)
  })

  it("a window covers its own last day, and nothing covers more days than the widest window", () => {
    expect(selectPolicy(TWO_POLICIES, 60)).toBe(0)
    expect(selectPolicy(TWO_POLICIES, 61)).toBe(-1)
    expect(selectPolicy(TWO_POLICIES, 30)).toBe(1)
    expect(selectPolicy(TWO_POLICIES, 31)).toBe(0)
  })

  it("after the redemption date (negative days) the narrowest window applies", () => {
    expect(selectPolicy(TWO_POLICIES, 0)).toBe(1)
    expect(selectPolicy(TWO_POLICIES, -5)).toBe(1)
  })

  it("does not depend on the list being sorted, and the first wins a tie", () => {
    const policies = [{ daysWithinRedemptionDate: 30 }, { daysWithinRedemptionDate: 90 }, {
      daysWithinRedemptionDate: 14
    }, { daysWithinRedemptionDate: 30 }]
    expect(selectPolicy(policies, 20)).toBe(0)
    expect(selectPolicy(policies, 14)).toBe(2)
    expect(selectPolicy(policies, 45)).toBe(1)
  })

  it("gives −1 without policies", () => {
    expect(selectPolicy([], 0)).toBe(-1)
  })
})

const at = (iso: string) => Date.parse(iso)

describe("days remaining in a zone (R3.1, R3.2, R7.1)", () => {
  it("Australia/Sydney: the local date decides, on both sides of midnight", () => {
    // 23:59:59 and 00:00:00 in Sydney (UTC+11 in summer) are both 29 January in UTC
    expect(daysRemaining(at("2027-01-29T12:59:59Z"), "2027-03-01", "Australia/Sydney")).toBe(31)
    expect(daysRemaining(at("2027-01-29T13:00:00Z"), "2027-03-01", "Australia/Sydney")).toBe(30)
    expect(daysRemaining(at("2027-01-29T13:00:00Z"), "2027-03-01", "UTC")).toBe(31)
  })

  it("America/Los_Angeles: the local date decides, on both sides of midnight", () => {
    // 23:59:59 and 00:00:00 in Los Angeles (UTC−8 in winter) are both 30 January in UTC
    expect(daysRemaining(at("2027-01-30T07:59:59Z"), "2027-03-01", "America/Los_Angeles")).toBe(31)
    expect(daysRemaining(at("2027-01-30T08:00:00Z"), "2027-03-01", "America/Los_Angeles")).toBe(30)
    expect(daysRemaining(at("2027-01-30T07:59:59Z"), "2027-03-01", "UTC")).toBe(30)
  })

  it("around daylight saving changes, midnight moves with the offset", () => {
    // Sydney moves to UTC+11 at 02:00 on 4 October 2026: midnight of the 4th is still at +10
    expect(daysRemaining(at("2026-10-03T13:59:59Z"), "2026-10-10", "Australia/Sydney")).toBe(7)
    expect(daysRemaining(at("2026-10-03T14:00:00Z"), "2026-10-10", "Australia/Sydney")).toBe(6)
    // and midnight of the 5th at +11
    expect(daysRemaining(at("2026-10-04T12:59:59Z"), "2026-10-10", "Australia/Sydney")).toBe(6)
    expect(daysRemaining(at("2026-10-04T13:00:00Z"), "2026-10-10", "Australia/Sydney")).toBe(5)
    // Sydney returns to UTC+10 at 03:00 on 4 April 2027
    expect(daysRemaining(at("2027-04-04T13:59:59Z"), "2027-04-10", "Australia/Sydney")).toBe(6)
    expect(daysRemaining(at("2027-04-04T14:00:00Z"), "2027-04-10", "Australia/Sydney")).toBe(5)
    // Los Angeles returns to UTC−8 at 02:00 on 1 November 2026, and moves to UTC−7 on 14 March 2027
    expect(daysRemaining(at("2026-11-01T06:59:59Z"), "2026-11-08", "America/Los_Angeles")).toBe(8)
    expect(daysRemaining(at("2026-11-01T07:00:00Z"), "2026-11-08", "America/Los_Angeles")).toBe(7)
    expect(daysRemaining(at("2026-11-02T07:59:59Z"), "2026-11-08", "America/Los_Angeles")).toBe(7)
    expect(daysRemaining(at("2026-11-02T08:00:00Z"), "2026-11-08", "America/Los_Angeles")).toBe(6)
    expect(daysRemaining(at("2027-03-14T07:59:59Z"), "2027-03-20", "America/Los_Angeles")).toBe(7)
    expect(daysRemaining(at("2027-03-14T08:00:00Z"), "2027-03-20", "America/Los_Angeles")).toBe(6)
    expect(daysRemaining(at("2027-03-15T06:59:59Z"), "2027-03-20", "America/Los_Angeles")).toBe(6)
    expect(daysRemaining(at("2027-03-15T07:00:00Z"), "2027-03-20", "America/Los_Angeles")).toBe(5)
  })

  it("a redemption date-time becomes its calendar date in the zone (R2.5)", () => {
    expect(Time.formatDate(redemptionDay("2027-03-01T10:00:00+11:00", "Australia/Sydney")!)).toBe("2027-03-01")
    expect(Time.formatDate(redemptionDay("2027-03-01T10:00:00+11:00", "America/Los_Angeles")!)).toBe("2027-02-28")
    expect(redemptionDay("2027-02-29", "UTC")).toBeUndefined()
    expect(redemptionDay("2027-03-01T10:00:00", "UTC")).toBeUndefined()
  })
})
