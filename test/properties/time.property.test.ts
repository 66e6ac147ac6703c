/**
 * Executable specification of time (R3).
 */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import * as Time from "../../src/core/foundation/time/index.ts"
import { instant, timeZone } from "../../src/testing/arbitraries.ts"

const day = fc.integer({ min: Time.epochDay(1900, 1, 1), max: Time.epochDay(2200, 12, 31) })

/** The local calendar date of an instant, as Intl writes it: the oracle. */
const intlDate = (ms: number, zone: string) => {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" })
    .formatToParts(ms)
  const get = (type: string) => parts.find((p) => p.type === type)!.value
  return `${get("year")}-${get("month")}-${get("day")}`
}

describe("R3 time", () => {
  it("R3.2: epoch days agree with the proleptic Gregorian calendar of Date.UTC", () => {
    fc.assert(
      fc.property(day, (d) => {
        const { year, month, day: dom } = Time.civil(d)
        expect(Date.UTC(year, month - 1, dom)).toBe(d * 86_400_000)
        expect(Time.epochDay(year, month, dom)).toBe(d)
        expect(Time.parseDate(Time.formatDate(d))).toBe(d)
        expect(Time.weekday(d)).toBe(new Date(d * 86_400_000).getUTCDay())
      })
    )
  })

  it("R3.2: daysBetween is the difference, negative backwards", () => {
    fc.assert(
      fc.property(day, day, (a, b) => {
        expect(Time.daysBetween(a, b) + Time.daysBetween(b, a)).toBe(0)
        expect(Time.daysBetween(a, b)).toBe(
          Math.round(
            (Date.UTC(Time.civil(b).year, Time.civil(b).month - 1, Time.civil(b).day) -
              Date.UTC(Time.civil(a).year, Time.civil(a).month - 1, Time.civil(a).day)) / 86_400_000
          )
        )
      })
    )
  })

  it("R3.1: the calendar date of an instant in a zone is Intl's", () => {
    fc.assert(
      fc.property(instant, timeZone, (ms, zone) => {
        expect(Time.formatDate(Time.localDay(ms, zone))).toBe(intlDate(ms, zone))
      }),
      { numRuns: 1000 }
    )
  })

  it("R3.1: a day starts at the first instant whose local date is that day", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Time.epochDay(2000, 1, 1), max: Time.epochDay(2099, 12, 31) }),
        timeZone,
        (d, zone) => {
          const start = Time.startOfDay(d, zone)
          expect(Time.localDay(start, zone)).toBe(d)
          expect(Time.localDay(start - 1, zone)).toBe(d - 1)
        }
      ),
      { numRuns: 500 }
    )
  })

  it("R3.1: an instant written with any offset is the same instant", () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: -14 * 60, max: 14 * 60 }), (ms, offsetMinutes) => {
        const secondMs = Math.floor(ms / 1000) * 1000
        const local = new Date(secondMs + offsetMinutes * 60_000).toISOString().slice(0, 19)
        const sign = offsetMinutes < 0 ? "-" : "+"
        const abs = Math.abs(offsetMinutes)
        const text = `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${
          String(abs % 60).padStart(2, "0")
        }`
        expect(Time.parseDateTime(text)).toBe(secondMs)
      })
    )
  })
})
