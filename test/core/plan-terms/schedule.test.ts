/**
 * Instalment dates by cadence (R6.2, R6.3), worked examples.
 */
import { describe, expect, it } from "vitest"
import * as Time from "../../../src/core/foundation/time/index.ts"
import * as PlanTerms from "../../../src/core/plan-terms/index.ts"

const day = (s: string) => Time.parseDate(s)!
const dates = (plan: string, completion: string, cadence: PlanTerms.ResolvedCadence) =>
  PlanTerms.cadenceDates(day(plan), day(completion), cadence).map(Time.formatDate)
const MONDAY = 1
const SUNDAY = 0
const FRIDAY = 5

describe("R6.2 cadence defaults", () => {
  it("missing cadence: Weekly on the plan date's weekday; missing day: the plan date's", () => {
    const plan = day("2026-11-22") // a Sunday
    expect(PlanTerms.resolveCadence(undefined, plan)).toEqual({ frequency: "Weekly", dayOfWeek: SUNDAY })
    expect(PlanTerms.resolveCadence({ frequency: "fortnightly" }, plan)).toEqual({
      frequency: "Fortnightly",
      dayOfWeek: SUNDAY
    })
    expect(PlanTerms.resolveCadence({ frequency: "MONTHLY" }, plan)).toEqual({ frequency: "Monthly", dayOfMonth: 22 })
    expect(PlanTerms.resolveCadence({ on: { dayOfWeek: "friday", dayOfMonth: 3 } }, plan)).toEqual({
      frequency: "Weekly",
      dayOfWeek: FRIDAY
    })
    expect(PlanTerms.resolveCadence({ frequency: "Monthly", on: { dayOfWeek: "Friday", dayOfMonth: 3 } }, plan))
      .toEqual({ frequency: "Monthly", dayOfMonth: 3 })
  })

  it("the response writes canonical names and the day that applies", () => {
    expect(PlanTerms.cadenceJson({ frequency: "Weekly", dayOfWeek: MONDAY })).toEqual({
      frequency: "Weekly",
      on: { dayOfWeek: "Monday" }
    })
    expect(PlanTerms.cadenceJson({ frequency: "Monthly", dayOfMonth: 31 })).toEqual({
      frequency: "Monthly",
      on: { dayOfMonth: 31 }
    })
  })
})

describe("R6.3 Weekly and Fortnightly", () => {
  it("the plan date's own weekday: exactly 7 days later, then every 7", () => {
    expect(dates("2026-11-22", "2026-12-20", { frequency: "Weekly", dayOfWeek: SUNDAY })).toEqual([
      "2026-11-29",
      "2026-12-06",
      "2026-12-13",
      "2026-12-20"
    ])
  })

  it("another weekday: the earliest one at least 7 days after the plan date", () => {
    // plan Sunday 22 Nov: Monday 23 Nov is too early, 30 Nov is the first
    expect(dates("2026-11-22", "2026-12-14", { frequency: "Weekly", dayOfWeek: MONDAY })).toEqual([
      "2026-11-30",
      "2026-12-07",
      "2026-12-14"
    ])
    // plan Sunday 22 Nov: Friday 27 Nov is 5 days away, 4 Dec is 12
    expect(dates("2026-11-22", "2026-12-11", { frequency: "Weekly", dayOfWeek: FRIDAY })).toEqual([
      "2026-12-04",
      "2026-12-11"
    ])
  })

  it("Fortnightly: at least 14 days, then every 14", () => {
    expect(dates("2026-11-22", "2027-01-03", { frequency: "Fortnightly", dayOfWeek: SUNDAY })).toEqual([
      "2026-12-06",
      "2026-12-20",
      "2027-01-03"
    ])
    expect(dates("2026-11-22", "2027-01-03", { frequency: "Fortnightly", dayOfWeek: MONDAY })).toEqual([
      "2026-12-07",
      "2026-12-21"
    ])
  })

  it("only dates on or before the completion date; none when it comes first", () => {
    expect(dates("2026-11-22", "2026-12-12", { frequency: "Weekly", dayOfWeek: SUNDAY })).toEqual([
      "2026-11-29",
      "2026-12-06"
    ])
    expect(dates("2026-11-22", "2026-11-28", { frequency: "Weekly", dayOfWeek: SUNDAY })).toEqual([])
    expect(dates("2026-11-22", "2026-11-01", { frequency: "Weekly", dayOfWeek: SUNDAY })).toEqual([])
  })
})

describe("R6.3 Monthly", () => {
  it("day D of the plan month when it is later, else of the next month", () => {
    expect(dates("2026-11-10", "2027-01-31", { frequency: "Monthly", dayOfMonth: 15 })).toEqual([
      "2026-11-15",
      "2026-12-15",
      "2027-01-15"
    ])
    expect(dates("2026-11-20", "2027-01-31", { frequency: "Monthly", dayOfMonth: 15 })).toEqual([
      "2026-12-15",
      "2027-01-15"
    ])
    expect(dates("2026-11-15", "2027-01-31", { frequency: "Monthly", dayOfMonth: 15 })).toEqual([
      "2026-12-15",
      "2027-01-15"
    ])
  })

  it("month-end clamping keeps day D: 31 Jan, 28 Feb, 31 Mar, 30 Apr", () => {
    expect(dates("2027-01-15", "2027-04-30", { frequency: "Monthly", dayOfMonth: 31 })).toEqual([
      "2027-01-31",
      "2027-02-28",
      "2027-03-31",
      "2027-04-30"
    ])
  })

  it("leap years: 29 February 2028, 28 February 2100 (not a leap year), 29 February 2000", () => {
    expect(dates("2028-01-31", "2028-03-31", { frequency: "Monthly", dayOfMonth: 30 })).toEqual([
      "2028-02-29",
      "2028-03-30"
    ])
    expect(dates("2100-01-31", "2100-03-31", { frequency: "Monthly", dayOfMonth: 29 })).toEqual([
      "2100-02-28",
      "2100-03-29"
    ])
    expect(dates("2000-01-31", "2000-03-01", { frequency: "Monthly", dayOfMonth: 31 })).toEqual(["2000-02-29"])
  })

  it("a clamped date equal to the plan date is not after it: the next month's", () => {
    // D = 30 on 28 Feb 2027: "day 30 of February" is 28 Feb, the plan date itself
    expect(dates("2027-02-28", "2027-05-31", { frequency: "Monthly", dayOfMonth: 30 })).toEqual([
      "2027-03-30",
      "2027-04-30",
      "2027-05-30"
    ])
  })

  it("rolls over the year", () => {
    expect(dates("2026-12-20", "2027-02-28", { frequency: "Monthly", dayOfMonth: 5 })).toEqual([
      "2027-01-05",
      "2027-02-05"
    ])
  })
})

describe("R6.1 and R3.1: the zone fixes the plan date, and only the plan date", () => {
  it("the same instant is 22 Nov in Sydney and 21 Nov in Los Angeles", () => {
    const now = Date.parse("2026-11-22T02:00:00Z")
    expect(Time.formatDate(Time.localDay(now, "Australia/Sydney"))).toBe("2026-11-22")
    expect(Time.formatDate(Time.localDay(now, "America/Los_Angeles"))).toBe("2026-11-21")
  })

  it("a daylight-saving change never moves a date: Sydney, weekly across 5 Apr and 4 Oct 2026", () => {
    expect(dates("2026-03-29", "2026-04-12", { frequency: "Weekly", dayOfWeek: SUNDAY })).toEqual([
      "2026-04-05",
      "2026-04-12"
    ])
    expect(dates("2026-09-27", "2026-10-11", { frequency: "Weekly", dayOfWeek: SUNDAY })).toEqual([
      "2026-10-04",
      "2026-10-11"
    ])
  })
})
