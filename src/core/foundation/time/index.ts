/**
 * Time (R3): instants passed in as arguments, calendar dates, and IANA time zones.
 *
 * A calendar date is an integer count of days since 1970-01-01 (an "epoch day"),
 * so date arithmetic is integer arithmetic. Time zones go through `Intl`, whose
 * formatters and answers are cached: zone conversion must not dominate hot loops.
 * Nothing here reads the clock.
 *
 * @since 0.1.0
 */
import { DateTime } from "effect"

/**
 * A calendar date as days since 1970-01-01.
 *
 * @since 0.1.0
 */
export type EpochDay = number

/**
 * An instant as callers may give it: a `Date`, epoch milliseconds, an RFC 3339
 * date-time string with an offset, or an Effect `DateTime`.
 *
 * @since 0.1.0
 */
export type InstantInput = Date | number | string | DateTime.DateTime

const MS_PER_DAY = 86_400_000

// Howard Hinnant's days_from_civil / civil_from_days: exact proleptic Gregorian arithmetic.

/**
 * The epoch day of a civil date (month 1..12).
 *
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
 * @since 0.1.0
 */
export const daysInMonth = (year: number, month: number): number =>
  month === 2
    ? (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28)
    : [4, 6, 9, 11].includes(month)
    ? 30
    : 31

/**
 * Day of the week of an epoch day: 0 Sunday … 6 Saturday.
 *
 * @since 0.1.0
 */
export const weekday = (days: EpochDay): number => (((days + 4) % 7) + 7) % 7

/**
 * Calendar days from `a` to `b` (R3.2): negative when `b` is earlier.
 *
 * @since 0.1.0
 */
export const daysBetween = (a: EpochDay, b: EpochDay): number => b - a

const two = (n: number) => (n < 10 ? `0${n}` : `${n}`)
const four = (n: number) => (n < 10 ? `000${n}` : n < 100 ? `00${n}` : n < 1000 ? `0${n}` : `${n}`)

/**
 * Writes an epoch day as `YYYY-MM-DD`.
 *
 * @since 0.1.0
 */
export const formatDate = (days: EpochDay): string => {
  const known = formattedDates.get(days)
  return known ?? remember(formattedDates, days, formatDateUncached(days))
}

// summaries and schedules write the same few dates again and again
const formattedDates = new Map<EpochDay, string>()

const formatDateUncached = (days: EpochDay): string => {
  const { year, month, day } = civil(days)
  // ISO 8601 expanded years beyond 0000..9999, as Date.prototype.toISOString writes them
  const y = year >= 0 && year <= 9999 ? four(year) : `${year < 0 ? "-" : "+"}${String(Math.abs(year)).padStart(6, "0")}`
  return `${y}-${two(month)}-${two(day)}`
}

/**
 * The first and last calendar dates this library writes: 0001-01-01 and 9999-12-31.
 *
 * @since 0.1.0
 */
export const FIRST_DAY: EpochDay = -719_162
/** @since 0.1.0 */
export const LAST_DAY: EpochDay = 2_932_896

/**
 * Writes an instant as an ISO 8601 UTC string, as `Date.prototype.toISOString`
 * does (without its cost on hot paths).
 *
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
  return `${four(year)}-${two(month)}-${two(day)}T${two(hours)}:${two(minutes)}:${two(seconds)}.${
    millis < 10 ? "00" : millis < 100 ? "0" : ""
  }${millis}Z`
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/

const validCivil = (year: number, month: number, day: number) =>
  year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month)

/**
 * Parses a calendar date `YYYY-MM-DD`, refusing dates that do not exist (2026-02-29).
 *
 * @since 0.1.0
 */
export const parseDate = (s: string): EpochDay | undefined => {
  if (s.length !== 10 || s.charCodeAt(4) !== 0x2d || s.charCodeAt(7) !== 0x2d) return undefined
  const year = digits(s, 0, 4)
  const month = digits(s, 5, 7)
  const day = digits(s, 8, 10)
  return year >= 0 && month >= 0 && day >= 0 && validCivil(year, month, day) ? epochDay(year, month, day) : undefined
}

/** The number written by the ASCII digits `s[from..to)`, or −1. @internal */
export const digits = (s: string, from: number, to: number): number => {
  let n = 0
  for (let i = from; i < to; i++) {
    const d = s.charCodeAt(i) - 0x30
    if (d < 0 || d > 9) return -1
    n = n * 10 + d
  }
  return n
}

/**
 * Parses an RFC 3339 date-time with its offset (`2026-12-01T10:00:00+11:00`) into
 * epoch milliseconds. A date-time without an offset names no instant and is refused.
 *
 * @since 0.1.0
 */
export const parseDateTime = (s: string): number | undefined => {
  const known = parsedDateTimes.get(s)
  if (known !== undefined || parsedDateTimes.has(s)) return known
  return remember(parsedDateTimes, s, parseDateTimeUncached(s))
}

// Hot loops read the same `now` and redemption dates again and again.
const parsedDateTimes = new Map<string, number | undefined>()

const parseDateTimeUncached = (s: string): number | undefined => {
  const m = DATE_TIME.exec(s)
  if (!m) return undefined
  const year = Number(m[1])
  const month = Number(m[2])
  const day = Number(m[3])
  const hour = Number(m[4])
  const minute = Number(m[5])
  const second = Number(m[6])
  if (!validCivil(year, month, day) || hour > 23 || minute > 59 || second > 60) return undefined
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
 * @since 0.1.0
 */
export type DateOrInstant =
  | { readonly _tag: "Date"; readonly day: EpochDay }
  | { readonly _tag: "Instant"; readonly ms: number }

/**
 * Parses `YYYY-MM-DD` as a calendar date and an RFC 3339 date-time as an instant.
 *
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

const MAX_MS = 8.64e15

/**
 * Reads an instant given in any of the accepted forms, or `undefined`.
 *
 * @example
 * ```ts
 * import { Time } from "payment-plan-engine"
 * Time.toEpochMillis("2026-11-22T00:00:00Z") // 1795305600000
 * ```
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

// ---------------------------------------------------------------------------
// Time zones

const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/

interface Zone {
  readonly format: Intl.DateTimeFormat
  /** offsets by UTC day, allocated on first use (see {@link offsetOf}) */
  offsets: OffsetCache | undefined
  /** start instant by local day, bounded */
  readonly starts: Map<EpochDay, number>
}

/**
 * What `Intl` said about a zone, one slot per UTC day, direct-mapped (the slot is
 * the day modulo the size): each slot holds the day it is for, the offset at its
 * start, and the instant and offset of a transition within it (`Infinity` when
 * none). A slot is overwritten only by the day one cache size away, so many
 * distinct instants never thrash it the way a cleared map would, and a lookup
 * allocates nothing. 2048 days cover five and a half years without a collision.
 */
interface OffsetCache {
  readonly days: Float64Array
  readonly before: Float64Array
  readonly transitions: Float64Array
  readonly after: Float64Array
}

const OFFSET_SLOTS = 2048

const zones = new Map<string, Zone | null>()
const CACHE_LIMIT = 4096

const zone = (name: string): Zone | undefined => {
  let z = zones.get(name)
  if (z === undefined) {
    z = null
    if (IANA_NAME.test(name)) {
      try {
        const format = new Intl.DateTimeFormat("en-US", {
          timeZone: name,
          hourCycle: "h23",
          year: "numeric",
          month: "numeric",
          day: "numeric",
          hour: "numeric",
          minute: "numeric",
          second: "numeric"
        })
        z = { format, offsets: undefined, starts: new Map() }
      } catch {
        z = null
      }
    }
    if (zones.size >= CACHE_LIMIT) zones.clear()
    zones.set(name, z)
  }
  return z ?? undefined
}

/**
 * Whether `name` is an IANA time zone this runtime knows (R3.1). Offsets such
 * as `+10:00` are not zone names.
 *
 * @example
 * ```ts
 * import { Time } from "payment-plan-engine"
 * Time.isTimeZone("Australia/Sydney") // true
 * Time.isTimeZone("Mars/Olympus")     // false
 * ```
 * @since 0.1.0
 */
export const isTimeZone = (name: unknown): name is string => typeof name === "string" && zone(name) !== undefined

const remember = <K, V>(map: Map<K, V>, key: K, value: V): V => {
  if (map.size >= CACHE_LIMIT) map.clear()
  map.set(key, value)
  return value
}

/** Offset of the zone's wall clock from UTC at an instant, in milliseconds. */
const offsetAt = (z: Zone, ms: number): number => {
  const parts = z.format.formatToParts(ms)
  let year = 0
  let month = 0
  let day = 0
  let hour = 0
  let minute = 0
  let second = 0
  for (const p of parts) {
    switch (p.type) {
      case "year":
        year = Number(p.value)
        break
      case "month":
        month = Number(p.value)
        break
      case "day":
        day = Number(p.value)
        break
      case "hour":
        hour = Number(p.value)
        break
      case "minute":
        minute = Number(p.value)
        break
      case "second":
        second = Number(p.value)
    }
  }
  const wall = (epochDay(year, month, day) * 86_400 + hour * 3600 + minute * 60 + second) * 1000
  return wall - (ms - (((ms % 1000) + 1000) % 1000))
}

/**
 * The calendar date of an instant in a time zone (R3.1). The zone must be valid
 * (see {@link isTimeZone}); `UTC` is computed without `Intl`.
 *
 * @example
 * ```ts
 * import { Time } from "payment-plan-engine"
 * Time.formatDate(Time.localDay(Date.parse("2026-11-21T14:00:00Z"), "Australia/Sydney")) // "2026-11-22"
 * ```
 * @since 0.1.0
 */
export const localDay = (ms: number, timeZone: string): EpochDay => {
  if (timeZone === "UTC") return Math.floor(ms / MS_PER_DAY)
  const z = zone(timeZone)
  if (z === undefined) throw new RangeError(`Unknown time zone ${timeZone}`)
  return Math.floor((ms + offsetOf(z, ms)) / MS_PER_DAY)
}

/**
 * The offset of a zone at an instant, from the per-day cache. A UTC day is
 * assumed to hold at most one transition (no zone has had two within a day
 * since 1900); the transition's instant is found to the second once, so the
 * answer is exact on both sides of it.
 */
const offsetOf = (z: Zone, ms: number): number => {
  const day = Math.floor(ms / MS_PER_DAY)
  let cache = z.offsets
  if (cache === undefined) {
    const days = new Float64Array(OFFSET_SLOTS).fill(Number.NaN)
    cache = z.offsets = {
      days,
      before: new Float64Array(OFFSET_SLOTS),
      transitions: new Float64Array(OFFSET_SLOTS),
      after: new Float64Array(OFFSET_SLOTS)
    }
  }
  const slot = day & (OFFSET_SLOTS - 1)
  if (cache.days[slot] !== day) fillSlot(z, cache, slot, day)
  return ms < cache.transitions[slot]! ? cache.before[slot]! : cache.after[slot]!
}

const fillSlot = (z: Zone, cache: OffsetCache, slot: number, day: number): void => {
  const start = day * MS_PER_DAY
  const last = start + MS_PER_DAY - 1000
  const before = offsetAt(z, start)
  const after = offsetAt(z, last)
  let transition = Infinity
  if (after !== before) {
    // the first second whose offset is no longer `before`
    let lo = start
    let hi = last
    while (hi - lo > 1000) {
      const mid = lo + Math.floor((hi - lo) / 2000) * 1000
      if (offsetAt(z, mid) === before) lo = mid
      else hi = mid
    }
    transition = hi
  }
  cache.days[slot] = day
  cache.before[slot] = before
  cache.transitions[slot] = transition
  cache.after[slot] = after
}

/**
 * The first instant of a calendar date in a time zone: local midnight, or the
 * first instant after a transition that skips midnight.
 *
 * @example
 * ```ts
 * import { Time } from "payment-plan-engine"
 * Time.formatInstant(Time.startOfDay(Time.parseDate("2026-12-01")!, "Australia/Sydney")) // "2026-11-30T13:00:00.000Z"
 * ```
 * @since 0.1.0
 */
export const startOfDay = (day: EpochDay, timeZone: string): number => {
  const midnightUtc = day * MS_PER_DAY
  if (timeZone === "UTC") return midnightUtc
  const z = zone(timeZone)
  if (z === undefined) throw new RangeError(`Unknown time zone ${timeZone}`)
  const known = z.starts.get(day)
  if (known !== undefined) return known
  // Guess with the offset at UTC midnight, then correct with the offset at the guess.
  let guess = midnightUtc - offsetOf(z, midnightUtc)
  guess = midnightUtc - offsetOf(z, guess)
  // A transition may skip midnight (the day then starts later) or the guess may
  // land on the previous day; step to the first instant whose local day is `day`.
  if (localDayOf(z, guess) < day) {
    let lo = guess
    let hi = guess + MS_PER_DAY
    while (hi - lo > 1000) {
      const mid = lo + Math.floor((hi - lo) / 2000) * 1000
      if (localDayOf(z, mid) < day) lo = mid
      else hi = mid
    }
    guess = hi
  } else if (localDayOf(z, guess - 1000) === day) {
    let lo = guess - MS_PER_DAY
    let hi = guess
    while (hi - lo > 1000) {
      const mid = lo + Math.floor((hi - lo) / 2000) * 1000
      if (localDayOf(z, mid) < day) lo = mid
      else hi = mid
    }
    guess = hi
  }
  return remember(z.starts, day, guess)
}

const localDayOf = (z: Zone, ms: number) => Math.floor((ms + offsetOf(z, ms)) / MS_PER_DAY)
