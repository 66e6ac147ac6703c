/**
 * Instants (R3.1): given as arguments, never read from a clock. An instant is
 * epoch milliseconds inside the engine; callers may give a `Date`, epoch
 * milliseconds, an RFC 3339 date-time with its offset, or an Effect `DateTime`.
 *
 * @module
 */
import * as DateTime from "effect/DateTime"
import { BoundedCache } from "../../internal/cache.ts"
import {
  civil,
  digits,
  type EpochDay,
  epochDay,
  FIRST_DAY,
  four,
  isCivil,
  LAST_DAY,
  MS_PER_DAY,
  parseDate,
  two
} from "./calendar.ts"

/**
 * An instant as callers may give it: a `Date`, epoch milliseconds, an RFC 3339
 * date-time string with an offset, or an Effect `DateTime`.
 *
 * @category Time
 * @since 0.1.0
 */
export type InstantInput = Date | number | string | DateTime.DateTime

/**
 * The first instant this library writes (0001-01-01T00:00:00Z) and the end of the last day (10000-01-01T00:00:00Z).
 *
 * @category Time
 * @since 0.1.0
 */
export const FIRST_INSTANT = FIRST_DAY * MS_PER_DAY
/**
 * The end of 9999-12-31 in UTC, excluded.
 *
 * @category Time
 * @since 0.1.0
 */
export const END_INSTANT = (LAST_DAY + 1) * MS_PER_DAY

/**
 * Writes an instant as an ISO 8601 UTC string, as `Date.prototype.toISOString`
 * does (without its cost on hot paths).
 *
 * @example
 * ```ts
 * import { Time } from "payment-plan-engine"
 * Time.formatInstant(0) // "1970-01-01T00:00:00.000Z"
 * ```
 * @category Time
 * @since 0.1.0
 */
export const formatInstant = (ms: number): string => {
  const days = Math.floor(ms / MS_PER_DAY)
  const { year, month, day } = civil(days)
  if (year < 0 || year > 9999) return new Date(ms).toISOString()
  let rest = ms - days * MS_PER_DAY
  const hours = Math.floor(rest / 3_600_000)
  rest -= hours * 3_600_000
  const minutes = Math.floor(rest / 60_000)
  rest -= minutes * 60_000
  const seconds = Math.floor(rest / 1000)
  const millis = rest - seconds * 1000
  const ms3 = millis < 10 ? `00${millis}` : millis < 100 ? `0${millis}` : `${millis}`
  return `${four(year)}-${two(month)}-${two(day)}T${two(hours)}:${two(minutes)}:${two(seconds)}.${ms3}Z`
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/

// hot loops read the same `now` and redemption dates again and again
const parsedDateTimes = new BoundedCache<string, number | undefined>()

/**
 * Parses an RFC 3339 date-time with its offset (`2026-12-01T10:00:00+11:00`) into
 * epoch milliseconds. A date-time without an offset names no instant and is refused.
 *
 * @example
 * ```ts
 * import { Time } from "payment-plan-engine"
 * Time.parseDateTime("1970-01-01T10:00:00+10:00") // 0
 * Time.parseDateTime("1970-01-01T10:00:00")       // undefined
 * ```
 * @category Time
 * @since 0.1.0
 */
export const parseDateTime = (s: string): number | undefined => parsedDateTimes.getOrCompute(s, parseDateTimeUncached)

const parseDateTimeUncached = (s: string): number | undefined => {
  const m = DATE_TIME.exec(s)
  if (!m) return undefined
  const year = Number(m[1])
  const month = Number(m[2])
  const day = Number(m[3])
  const hour = Number(m[4])
  const minute = Number(m[5])
  const second = Number(m[6])
  if (!isCivil(year, month, day) || hour > 23 || minute > 59 || second > 60) return undefined
  const fraction = m[7] === undefined ? 0 : Math.floor(Number(`0${m[7]}`) * 1000)
  let offset = 0
  if (m[8] === undefined) {
    const oh = Number(m[10])
    const om = Number(m[11])
    if (oh > 23 || om > 59) return undefined
    offset = (m[9] === "-" ? -1 : 1) * (oh * 60 + om) * 60_000
  }
  return (epochDay(year, month, day) * 86_400 + hour * 3600 + minute * 60 + second) * 1000 + fraction - offset
}

/**
 * A date field that may be a calendar date or a date-time (R2.5).
 *
 * @category Time
 * @since 0.1.0
 */
export type DateOrInstant =
  | { readonly _tag: "Date"; readonly day: EpochDay }
  | { readonly _tag: "Instant"; readonly ms: number }

/**
 * Parses `YYYY-MM-DD` as a calendar date and an RFC 3339 date-time as an instant (R2.5).
 *
 * @example
 * ```ts
 * import { Time } from "payment-plan-engine"
 * Time.parseDateOrInstant("1970-01-02") // { _tag: "Date", day: 1 }
 * ```
 * @category Time
 * @since 0.1.0
 */
export const parseDateOrInstant = (s: string): DateOrInstant | undefined => {
  if (s.length === 10) {
    const day = parseDate(s)
    return day === undefined ? undefined : { _tag: "Date", day }
  }
  const ms = parseDateTime(s)
  return ms === undefined ? undefined : { _tag: "Instant", ms }
}

/**
 * Whether `s` is a calendar date `YYYY-MM-DD` or an RFC 3339 date-time with its
 * offset (R2.5): {@link parseDateOrInstant} without building its answer.
 *
 * @since 0.1.0
 */
export const isDateOrDateTime = (s: string): boolean =>
  s.length === 10 ? parseDate(s) !== undefined : parseDateTime(s) !== undefined

const MAX_MS = 8.64e15

/**
 * Reads an instant given in any of the accepted forms, or `undefined`.
 *
 * @example
 * ```ts
 * import { Time } from "payment-plan-engine"
 * Time.toEpochMillis("2026-11-22T00:00:00Z") // 1795305600000
 * ```
 * @category Time
 * @since 0.1.0
 */
export const toEpochMillis = (input: unknown): number | undefined => {
  let ms: number | undefined
  if (typeof input === "number") ms = input
  else if (typeof input === "string") ms = parseDateTime(input)
  else if (input instanceof Date) ms = input.getTime()
  else if (DateTime.isDateTime(input)) ms = DateTime.toEpochMillis(input)
  return ms !== undefined && Number.isFinite(ms) && Math.abs(ms) <= MAX_MS ? ms : undefined
}

/** `YYYY-MM-DDTHH:MM:SS.sssZ`, the form this library writes, read without a regular expression. */
const canonicalInstant = (s: string): number | undefined => {
  const year = digits(s, 0, 4)
  const month = digits(s, 5, 7)
  const day = digits(s, 8, 10)
  const hour = digits(s, 11, 13)
  const minute = digits(s, 14, 16)
  const second = digits(s, 17, 19)
  const milli = digits(s, 20, 23)
  if (
    !isCivil(year, month, day) || hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59 ||
    milli < 0 || s.charCodeAt(4) !== 0x2d || s.charCodeAt(7) !== 0x2d || s.charCodeAt(13) !== 0x3a ||
    s.charCodeAt(16) !== 0x3a || s.charCodeAt(19) !== 0x2e
  ) {
    return undefined
  }
  return epochDay(year, month, day) * MS_PER_DAY + ((hour * 60 + minute) * 60 + second) * 1000 + milli
}

/**
 * A date field's value as epoch milliseconds, or `undefined`: an RFC 3339
 * date-time with its offset, or a calendar date `YYYY-MM-DD` taken at midnight
 * UTC. A search reads one per summary, so the form this library writes is read
 * on a fast path.
 *
 * @example
 * ```ts
 * import { Time } from "payment-plan-engine"
 * Time.dateValue("1970-01-02") // 86400000
 * ```
 * @category Time
 * @since 0.1.0
 */
export const dateValue = (value: unknown): number | undefined => {
  if (typeof value !== "string") return undefined
  if (value.length === 24 && value.charCodeAt(10) === 0x54 && value.charCodeAt(23) === 0x5a) {
    const ms = canonicalInstant(value)
    if (ms !== undefined) return ms
  }
  if (value.length === 10) {
    const day = parseDate(value)
    return day === undefined ? undefined : day * MS_PER_DAY
  }
  return parseDateTime(value)
}
