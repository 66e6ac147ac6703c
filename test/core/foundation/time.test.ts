import { DateTime } from "effect"
import { describe, expect, it } from "vitest"
import * as Time from "../../../src/core/foundation/time/index.ts"

describe("calendar dates (R3.2)", () => {
  it("parses and writes YYYY-MM-DD, refusing dates that do not exist", () => {
    expect(Time.formatDate(Time.parseDate("2028-02-29")!)).toBe("2028-02-29")
    expect(Time.parseDate("2026-02-29")).toBeUndefined()
    expect(Time.parseDate("2026-13-01")).toBeUndefined()
    expect(Time.parseDate("2026-1-01")).toBeUndefined()
    expect(Time.parseDate("1970-01-01")).toBe(0)
  })

  it("counts days between dates, negative backwards", () => {
    const a = Time.parseDate("2026-11-22")!
    const b = Time.parseDate("2027-01-21")!
    expect(Time.daysBetween(a, b)).toBe(60)
    expect(Time.daysBetween(b, a)).toBe(-60)
  })

  it("knows weekdays", () => {
    expect(Time.weekday(Time.parseDate("2026-11-22")!)).toBe(0) // a Sunday
    expect(Time.weekday(Time.parseDate("1970-01-01")!)).toBe(4) // a Thursday
  })
})

describe("instants (R3.1)", () => {
  it("parses RFC 3339 date-times with offsets", () => {
    expect(Time.parseDateTime("2026-12-01T10:00:00+11:00")).toBe(Date.UTC(2026, 10, 30, 23))
    expect(Time.parseDateTime("2026-12-01T10:00:00.250Z")).toBe(Date.UTC(2026, 11, 1, 10, 0, 0, 250))
    expect(Time.parseDateTime("2026-12-01T10:00:00")).toBeUndefined()
    expect(Time.parseDateTime("2026-02-30T10:00:00Z")).toBeUndefined()
  })

  it("reads instants in every accepted form, and nothing else", () => {
    const ms = Date.UTC(2026, 10, 22)
    expect(Time.toEpochMillis(new Date(ms))).toBe(ms)
    expect(Time.toEpochMillis(ms)).toBe(ms)
    expect(Time.toEpochMillis("2026-11-22T00:00:00Z")).toBe(ms)
    expect(Time.toEpochMillis(DateTime.makeUnsafe(ms))).toBe(ms)
    expect(Time.toEpochMillis(new Date("nonsense"))).toBeUndefined()
    expect(Time.toEpochMillis("2026-11-22")).toBeUndefined()
    expect(Time.toEpochMillis(null)).toBeUndefined()
  })
})

describe("time zones (R3.1)", () => {
  it("accepts IANA names only", () => {
    expect(Time.isTimeZone("Australia/Sydney")).toBe(true)
    expect(Time.isTimeZone("UTC")).toBe(true)
    expect(Time.isTimeZone("Mars/Olympus")).toBe(false)
    expect(Time.isTimeZone("+10:00")).toBe(false)
    expect(Time.isTimeZone("")).toBe(false)
  })

  it("takes calendar dates on both sides of midnight", () => {
    // 13:59 UTC is 00:59 the next day in Sydney (UTC+11 in summer)
    expect(Time.formatDate(Time.localDay(Date.UTC(2026, 10, 21, 13, 59), "Australia/Sydney"))).toBe("2026-11-22")
    expect(Time.formatDate(Time.localDay(Date.UTC(2026, 10, 21, 12, 59), "Australia/Sydney"))).toBe("2026-11-21")
    // 07:59 UTC is 23:59 the previous day in Los Angeles (UTC−8)
    expect(Time.formatDate(Time.localDay(Date.UTC(2026, 10, 22, 7, 59), "America/Los_Angeles"))).toBe("2026-11-21")
    expect(Time.formatDate(Time.localDay(Date.UTC(2026, 10, 22, 8, 0), "America/Los_Angeles"))).toBe("2026-11-22")
  })

  it("finds the first instant of a day, across daylight-saving changes", () => {
    expect(Time.formatInstant(Time.startOfDay(Time.parseDate("2026-12-01")!, "Australia/Sydney"))).toBe(
      "2026-11-30T13:00:00.000Z"
    )
    expect(Time.formatInstant(Time.startOfDay(Time.parseDate("2026-07-01")!, "Australia/Sydney"))).toBe(
      "2026-06-30T14:00:00.000Z"
    )
    // Sydney moves to daylight time on 2026-10-04 at 02:00: midnight is still standard time
    expect(Time.formatInstant(Time.startOfDay(Time.parseDate("2026-10-04")!, "Australia/Sydney"))).toBe(
      "2026-10-03T14:00:00.000Z"
    )
    expect(Time.formatInstant(Time.startOfDay(Time.parseDate("2026-10-05")!, "Australia/Sydney"))).toBe(
      "2026-10-04T13:00:00.000Z"
    )
    // Los Angeles falls back on 2026-11-01 at 02:00
    expect(Time.formatInstant(Time.startOfDay(Time.parseDate("2026-11-02")!, "America/Los_Angeles"))).toBe(
      "2026-11-02T08:00:00.000Z"
    )
  })

  it("starts a day after a transition that skips midnight", () => {
    // Santiago springs forward at 24:00 on 2026-09-05: 2026-09-06 starts at 01:00 local (04:00 UTC)
    expect(Time.formatInstant(Time.startOfDay(Time.parseDate("2026-09-06")!, "America/Santiago"))).toBe(
      "2026-09-06T04:00:00.000Z"
    )
  })
})
