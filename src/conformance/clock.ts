/**
 * The service's clock, as far as the kit can know it. Plan terms (R6.1) and
 * refund calculations (R7.1) depend on the instant the service computes them at, so
 * the engine is asked at the service's time: read from the sandbox's
 * `GET /sandbox/clock` where it answers (its test clock may be ahead), else
 * from the `Date` header of an answer (whole seconds), else the local clock.
 * An answer is computed somewhere between its request leaving and its answer
 * arriving; that interval, widened by what the reading could be off, is the
 * {@link Bracket} the engine is asked at both ends of.
 *
 * @module
 */
import { parseDateTime } from "../core/foundation/time/index.ts"
import type { Exchange } from "./transport.ts"

/**
 * The earliest and latest instants (epoch ms) at which the service can have
 * computed an answer.
 *
 * @since 0.1.0
 */
export interface Bracket {
  readonly earliest: number
  readonly latest: number
}

/**
 * How the service's time was learnt, and its offset from the local clock.
 *
 * @since 0.1.0
 */
export interface ServiceClock {
  readonly source: "sandbox clock" | "Date header" | "local clock"
  /** service time − local time, in ms */
  readonly offset: number
  /** how far the offset can be off, in ms */
  readonly tolerance: number
  /** The service's time now (an estimate). */
  readonly now: () => number
  /** When the service computed the answer of `exchange`, at the latest and earliest. */
  readonly bracketOf: (exchange: Exchange) => Bracket
}

const make = (source: ServiceClock["source"], offset: number, tolerance: number): ServiceClock => ({
  source,
  offset,
  tolerance,
  now: () => Date.now() + offset,
  bracketOf: (exchange) => ({
    earliest: exchange.startedAt + offset - tolerance,
    latest: exchange.endedAt + offset + tolerance
  })
})

/**
 * The clock learnt from a `GET /sandbox/clock` answer, else from a `Date`
 * header, else the local clock.
 *
 * @example
 * ```ts
 * // the sandbox's GET /sandbox/clock, sent at 1000 and answered at 1040 (local epoch ms)
 * const clockExchange = {
 *   method: "GET",
 *   path: "/sandbox/clock",
 *   requestBody: undefined,
 *   status: 200,
 *   responseBody: { now: "2026-11-22T00:00:00.000Z" },
 *   date: undefined,
 *   startedAt: 1000,
 *   endedAt: 1040
 * }
 * const clock = serviceClock(clockExchange, undefined)
 * clock.source // "sandbox clock"
 * // an answer asked at 2000 and read at 2100: computed at the service's time between
 * const { earliest, latest } = clock.bracketOf({ ...clockExchange, startedAt: 2000, endedAt: 2100 })
 * new Date(earliest).toISOString() // "2026-11-22T00:00:00.955Z"
 * new Date(latest).toISOString() // "2026-11-22T00:00:01.105Z"
 * ```
 * @since 0.1.0
 */
export const serviceClock = (sandboxClock: Exchange | undefined, dated: Exchange | undefined): ServiceClock => {
  const body = sandboxClock?.status === 200 ? sandboxClock.responseBody : undefined
  const now = typeof body === "object" && body !== null ? (body as { now?: unknown }).now : undefined
  const reported = typeof now === "string" ? parseDateTime(now) : undefined
  if (sandboxClock !== undefined && reported !== undefined) {
    const middle = (sandboxClock.startedAt + sandboxClock.endedAt) / 2
    const half = (sandboxClock.endedAt - sandboxClock.startedAt) / 2
    return make("sandbox clock", Math.round(reported - middle), Math.ceil(half) + 5)
  }
  const date = dated?.date === undefined ? Number.NaN : Date.parse(dated.date)
  if (dated !== undefined && !Number.isNaN(date)) {
    // the header has whole seconds: the instant lies in [date, date + 1 s)
    const middle = (dated.startedAt + dated.endedAt) / 2
    const half = (dated.endedAt - dated.startedAt) / 2
    return make("Date header", Math.round(date + 500 - middle), Math.ceil(half) + 1500)
  }
  return make("local clock", 0, 1000)
}
