/**
 * Reading the date and date-time fields of resources (plan summaries, notes)
 * as instants, for comparing and sorting them.
 *
 * @internal
 */
import * as Time from "./index.ts"

const MS_PER_DAY = 86_400_000

/** `YYYY-MM-DDTHH:MM:SS.sssZ`, the form this library writes, read without a regular expression. */
const canonicalInstant = (s: string): number | undefined => {
  const year = Time.digits(s, 0, 4)
  const month = Time.digits(s, 5, 7)
  const day = Time.digits(s, 8, 10)
  const hour = Time.digits(s, 11, 13)
  const minute = Time.digits(s, 14, 16)
  const second = Time.digits(s, 17, 19)
  const milli = Time.digits(s, 20, 23)
  if (
    year < 1 || month < 1 || month > 12 || day < 1 || day > Time.daysInMonth(year, month) ||
    hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59 || milli < 0 ||
    s.charCodeAt(4) !== 0x2d || s.charCodeAt(7) !== 0x2d || s.charCodeAt(13) !== 0x3a || s.charCodeAt(16) !== 0x3a ||
    s.charCodeAt(19) !== 0x2e
  ) {
    return undefined
  }
  return Time.epochDay(year, month, day) * MS_PER_DAY + ((hour * 60 + minute) * 60 + second) * 1000 + milli
}

/**
 * A date field's value as epoch milliseconds, or `undefined`: an RFC 3339
 * date-time with its offset, or a calendar date `YYYY-MM-DD` taken at midnight
 * UTC. A search reads one per summary, so the form this library writes is read
 * on a fast path.
 *
 * @internal
 */
export const dateValue = (value: unknown): number | undefined => {
  if (typeof value !== "string") return undefined
  if (value.length === 24 && value.charCodeAt(10) === 0x54 && value.charCodeAt(23) === 0x5a) {
    const ms = canonicalInstant(value)
    if (ms !== undefined) return ms
  }
  if (value.length === 10) {
    const day = Time.parseDate(value)
    return day === undefined ? undefined : day * MS_PER_DAY
  }
  return Time.parseDateTime(value)
}
