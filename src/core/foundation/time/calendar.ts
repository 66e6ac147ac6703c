/**
 * Calendar dates (R3.2): a date is an integer count of days since 1970-01-01
 * (an "epoch day"), so date arithmetic is integer arithmetic and no time zone
 * or daylight-saving change can move a date. Nothing here reads the clock.
 *
 * @module
 */
import { BoundedCache } from "../../internal/cache.ts"

/**
 * A calendar date as days since 1970-01-01.
 *
 * @category Time
 * @since 0.1.0
 */
export type EpochDay = number

/**
 * Milliseconds in a day of UTC (no leap seconds, as in JavaScript and RFC 3339 arithmetic).
 *
 * @category Time
 * @since 0.1.0
 */
export const MS_PER_DAY = 86_400_000

// Howard Hinnant's days_from_civil / civil_from_days: exact proleptic Gregorian arithmetic.

/**
 * The epoch day of a civil date (month 1..12).
 *
 * @example
 * ```ts
 * import { Time } from "payment-plan-engine"
 * Time.epochDay(1970, 1, 2) // 1
 * ```
 * @category Time
 * @since 0.1.0
 */
export const epochDay = (year: number, month: number, day: number): EpochDay => {
  const y = month <= 2 ? year - 1 : year
  const era = Math.floor(y / 400)
  const yoe = y - era * 400
  const mp = (month + 9) % 12
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy
  return era * 146_097 + doe - 719_468
}

/**
 * The civil date of an epoch day.
 *
 * @example
 * ```ts
 * import { Time } from "payment-plan-engine"
 * Time.civil(0) // { year: 1970, month: 1, day: 1 }
 * ```
 * @category Time
 * @since 0.1.0
 */
export const civil = (days: EpochDay): { readonly year: number; readonly month: number; readonly day: number } => {
  const z = days + 719_468
  const era = Math.floor(z / 146_097)
  const doe = z - era * 146_097
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365)
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100))
  const mp = Math.floor((5 * doy + 2) / 153)
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1
  const month = mp < 10 ? mp + 3 : mp - 9
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day }
}

/**
 * Days in a month of a year (leap years included).
 *
 * @example
 * ```ts
 * import { Time } from "payment-plan-engine"
 * Time.daysInMonth(2028, 2) // 29
 * ```
 * @category Time
 * @since 0.1.0
 */
export const daysInMonth = (year: number, month: number): number =>
  month === 2
    ? (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28)
    : month === 4 || month === 6 || month === 9 || month === 11
    ? 30
    : 31

/** Whether year, month and day name a date of the proleptic Gregorian calendar (from year 1). */
export const isCivil = (year: number, month: number, day: number): boolean =>
  year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month)

/**
 * Day of the week of an epoch day: 0 Sunday … 6 Saturday.
 *
 * @example
 * ```ts
 * import { Time } from "payment-plan-engine"
 * Time.weekday(0) // 4 (1970-01-01 was a Thursday)
 * ```
 * @category Time
 * @since 0.1.0
 */
export const weekday = (days: EpochDay): number => (((days + 4) % 7) + 7) % 7

/**
 * Calendar days from `a` to `b` (R3.2): negative when `b` is earlier.
 *
 * @example
 * ```ts
 * import { Time } from "payment-plan-engine"
 * Time.daysBetween(Time.parseDate("2027-01-20")!, Time.parseDate("2027-03-01")!) // 40
 * ```
 * @category Time
 * @since 0.1.0
 */
export const daysBetween = (a: EpochDay, b: EpochDay): number => b - a

/**
 * The UTC calendar day of an instant in epoch milliseconds.
 *
 * @example
 * ```ts
 * import { Time } from "payment-plan-engine"
 * Time.utcDay(Date.UTC(1970, 0, 2, 23)) // 1
 * ```
 * @category Time
 * @since 0.1.0
 */
export const utcDay = (ms: number): EpochDay => Math.floor(ms / MS_PER_DAY)

/**
 * The first and last calendar dates this library writes: 0001-01-01 and 9999-12-31.
 *
 * @category Time
 * @since 0.1.0
 */
export const FIRST_DAY: EpochDay = -719_162
/**
 * The last calendar date this library writes, 9999-12-31.
 *
 * @category Time
 * @since 0.1.0
 */
export const LAST_DAY: EpochDay = 2_932_896

/** Two digits. */
export const two = (n: number): string => (n < 10 ? `0${n}` : `${n}`)
/** Four digits. */
export const four = (n: number): string => (n < 10 ? `000${n}` : n < 100 ? `00${n}` : n < 1000 ? `0${n}` : `${n}`)

/** The number written by the ASCII digits `s[from..to)`, or −1. */
export const digits = (s: string, from: number, to: number): number => {
  let n = 0
  for (let i = from; i < to; i++) {
    const d = s.charCodeAt(i) - 0x30
    if (d < 0 || d > 9) return -1
    n = n * 10 + d
  }
  return n
}

// summaries and schedules write the same few dates again and again
const formattedDates = new BoundedCache<EpochDay, string>()

/**
 * Writes an epoch day as `YYYY-MM-DD` (ISO 8601 expanded years beyond 0000..9999,
 * as `Date.prototype.toISOString` writes them).
 *
 * @example
 * ```ts
 * import { Time } from "payment-plan-engine"
 * Time.formatDate(20_000) // "2024-10-04"
 * ```
 * @category Time
 * @since 0.1.0
 */
export const formatDate = (days: EpochDay): string => formattedDates.getOrCompute(days, formatDateUncached)

const formatDateUncached = (days: EpochDay): string => {
  const { year, month, day } = civil(days)
  const y = year >= 0 && year <= 9999 ? four(year) : `${year < 0 ? "-" : "+"}${String(Math.abs(year)).padStart(6, "0")}`
  return `${y}-${two(month)}-${two(day)}`
}

/**
 * Parses a calendar date `YYYY-MM-DD`, refusing dates that do not exist (2026-02-29).
 *
 * @example
 * ```ts
 * import { Time } from "payment-plan-engine"
 * Time.parseDate("2028-02-29") // 21243
 * Time.parseDate("2026-02-29") // undefined
 * ```
 * @category Time
 * @since 0.1.0
 */
export const parseDate = (s: string): EpochDay | undefined =>
  s.length === 10 ? parsedDates.getOrCompute(s, parseDateUncached) : undefined

// plans repeat a few redemption dates; a schema check and a computation read each of them
const parsedDates = new BoundedCache<string, EpochDay | undefined>()

const parseDateUncached = (s: string): EpochDay | undefined => {
  if (s.length !== 10 || s.charCodeAt(4) !== 0x2d || s.charCodeAt(7) !== 0x2d) return undefined
  const year = digits(s, 0, 4)
  const month = digits(s, 5, 7)
  const day = digits(s, 8, 10)
  return isCivil(year, month, day) ? epochDay(year, month, day) : undefined
}
