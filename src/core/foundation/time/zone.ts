/**
 * IANA time zones (R3.1): the calendar date of an instant in a zone, and the
 * first instant of a date. Zones go through `Intl`, whose answers are cached:
 * zone conversion must not dominate hot loops.
 *
 * @module
 */
import { BoundedCache } from "../../internal/cache.ts"
import { type EpochDay, epochDay, MS_PER_DAY } from "./calendar.ts"

const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/

interface Zone {
  readonly format: Intl.DateTimeFormat
  /** offsets by UTC day, allocated on first use (see {@link offsetOf}) */
  offsets: OffsetCache | undefined
  /** start instant by local day */
  readonly starts: BoundedCache<EpochDay, number>
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

const zones = new BoundedCache<string, Zone | null>()

const makeZone = (name: string): Zone | null => {
  if (!IANA_NAME.test(name)) return null
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
    return { format, offsets: undefined, starts: new BoundedCache() }
  } catch {
    return null
  }
}

const zone = (name: string): Zone | undefined => zones.getOrCompute(name, makeZone) ?? undefined

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
 * @category Time
 * @since 0.1.0
 */
export const isTimeZone = (name: unknown): name is string => typeof name === "string" && zone(name) !== undefined

const known = (timeZone: string): Zone => {
  const z = zone(timeZone)
  if (z === undefined) throw new RangeError(`Unknown time zone ${timeZone}`)
  return z
}

/** Offset of the zone's wall clock from UTC at an instant, in milliseconds. */
const offsetAt = (z: Zone, ms: number): number => {
  let year = 0
  let month = 0
  let day = 0
  let hour = 0
  let minute = 0
  let second = 0
  for (const p of z.format.formatToParts(ms)) {
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
 * The first whole second in `(lo, hi]` where `after` holds, given that it
 * fails at `lo` and holds at `hi` and, once it holds, holds on (a transition,
 * the start of a day): bisection to the second.
 */
const firstSecondWhere = (lo: number, hi: number, after: (ms: number) => boolean): number => {
  while (hi - lo > 1000) {
    const mid = lo + Math.floor((hi - lo) / 2000) * 1000
    if (after(mid)) hi = mid
    else lo = mid
  }
  return hi
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
  cache.days[slot] = day
  cache.before[slot] = before
  cache.transitions[slot] = after === before
    ? Infinity
    : firstSecondWhere(start, last, (ms) => offsetAt(z, ms) !== before)
  cache.after[slot] = after
}

const localDayOf = (z: Zone, ms: number) => Math.floor((ms + offsetOf(z, ms)) / MS_PER_DAY)

/**
 * The calendar date of an instant in a time zone (R3.1). The zone must be valid
 * (see {@link isTimeZone}); `UTC` is computed without `Intl`.
 *
 * @example
 * ```ts
 * import { Time } from "payment-plan-engine"
 * Time.formatDate(Time.localDay(Date.parse("2026-11-21T14:00:00Z"), "Australia/Sydney")) // "2026-11-22"
 * ```
 * @category Time
 * @since 0.1.0
 */
export const localDay = (ms: number, timeZone: string): EpochDay =>
  timeZone === "UTC" ? Math.floor(ms / MS_PER_DAY) : localDayOf(known(timeZone), ms)

/**
 * The first instant of a calendar date in a time zone: local midnight, or the
 * first instant after a transition that skips midnight.
 *
 * @example
 * ```ts
 * import { Time } from "payment-plan-engine"
 * Time.formatInstant(Time.startOfDay(Time.parseDate("2026-12-01")!, "Australia/Sydney")) // "2026-11-30T13:00:00.000Z"
 * ```
 * @category Time
 * @since 0.1.0
 */
export const startOfDay = (day: EpochDay, timeZone: string): number => {
  const midnightUtc = day * MS_PER_DAY
  if (timeZone === "UTC") return midnightUtc
  const z = known(timeZone)
  return z.starts.getOrCompute(day, () => {
    // Guess with the offset at UTC midnight, then correct with the offset at the guess.
    let guess = midnightUtc - offsetOf(z, midnightUtc)
    guess = midnightUtc - offsetOf(z, guess)
    // A transition may skip midnight (the day then starts later) or the guess may
    // land on the previous day; step to the first instant whose local day is `day`.
    const started = (ms: number) => localDayOf(z, ms) >= day
    if (!started(guess)) return firstSecondWhere(guess, guess + MS_PER_DAY, started)
    if (started(guess - 1000)) return firstSecondWhere(guess - MS_PER_DAY, guess, started)
    return guess
  })
}
