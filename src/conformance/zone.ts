/**
 * The zone in which the service turns a checkout's date-times into calendar
 * dates (R2.5): learnt by a few probes under `timeZone: "auto"` (each a
 * checkout of one item redeemed at an instant on which the candidate zones'
 * dates part, its `completionDate` keeping the zones that give it), and,
 * after a run, checked against every completion date the service answered: a
 * zone the answers contradict, where they all agree with one other zone, is a
 * usage error naming that zone, never a rule disagreement.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import * as Money from "../core/foundation/money.ts"
import * as Time from "../core/foundation/time/index.ts"
import { expandPath, withRoutes } from "../core/wire/routes.ts"
import { summarizeCheckoutResult } from "../facade/index.ts"
import type { CurrencyInfo } from "./scenarios.ts"
import { at, type Check, type Halt, same, send, type Session } from "./session.ts"

/** Probes at most: about log2 of the distinct offsets, then the other half of the year. */
const MAX_PROBES = 8

/** Zones named first when several give the same dates (Australia/Sydney before Australia/Melbourne). */
const PREFERRED = [
  "UTC",
  "Australia/Sydney",
  "Pacific/Auckland",
  "America/New_York",
  "America/Los_Angeles",
  "Europe/London",
  "Europe/Berlin",
  "Asia/Kolkata",
  "Asia/Tokyo"
]

/** Every zone this runtime knows, the preferred first. */
export const allZones = (): Array<string> => {
  const listed = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : []
  return [...new Set([...PREFERRED, ...listed])].filter((z) => Time.isTimeZone(z))
}

/** A zone's offset from UTC at the start of `day`, in ms. */
const offsetAt = (zone: string, day: number): number => day * Time.MS_PER_DAY - Time.startOfDay(day, zone)

/**
 * The instant on `day` that parts `zones` most evenly by their local date (a
 * threshold at their median offset), or undefined when their offsets agree.
 */
const splittingInstant = (zones: ReadonlyArray<string>, day: number): number | undefined => {
  const offsets = [...new Set(zones.map((z) => offsetAt(z, day)))].sort((a, b) => a - b)
  if (offsets.length < 2) return undefined
  const threshold = offsets[Math.floor(offsets.length / 2)]!
  // local time of day `threshold`-offset zones reach midnight at: from there on they are a day ahead
  return day * Time.MS_PER_DAY + Time.MS_PER_DAY - threshold
}

/** What a probe learns: the answered date, or why it answered none. */
type ProbeAnswer = { readonly date: string } | { readonly failed: string }

const probe = (
  session: Session,
  instant: number,
  index: number,
  currency: CurrencyInfo
): Effect.Effect<ProbeAnswer, Halt> =>
  Effect.gen(function*() {
    const routes = withRoutes(session.config.routes)
    const body = {
      type: "plan",
      merchantId: session.config.merchantId,
      merchantOrderId: `${session.context.orderPrefix}zone-${index}`,
      currencyCode: currency.code,
      redirectURL: "https://conformance.invalid/",
      items: [{
        quantity: 1,
        description: "time zone probe",
        costPerItem: Money.fromMinorUnits(Math.max(100, currency.minimumMinor * 10), currency.exponent),
        redemptionDate: new Date(instant).toISOString().replace(".000Z", "Z"),
        paymentDeadline: 0
      }]
    }
    const exchange = yield* send(session, routes.createCheckout.method, expandPath(routes.createCheckout, {}), body)
    const date = at(exchange.responseBody, "completionDate")
    if (exchange.status !== undefined && exchange.status >= 200 && exchange.status < 300 && typeof date === "string") {
      return { date: date.slice(0, 10) }
    }
    return { failed: `a probe checkout was answered ${exchange.status ?? "nothing"}` }
  })

/**
 * The zone the service reads a checkout's date-times in, learnt by probes:
 * each halves the zones still possible by their offset, on a day a month
 * ahead and then half a year later (daylight saving). Undefined, with why,
 * when a probe is refused or no zone gives the dates answered.
 *
 * @since 0.2.0
 */
export const probeZone = (
  session: Session,
  currency: CurrencyInfo
): Effect.Effect<{ readonly zone: string } | { readonly failed: string }, Halt> =>
  Effect.gen(function*() {
    let candidates = allZones()
    const first = Time.utcDay(session.context.anchor) + 30
    let probes = 0
    for (const day of [first, first + 182]) {
      while (probes < MAX_PROBES) {
        const instant = splittingInstant(candidates, day)
        if (instant === undefined) break
        const answer = yield* probe(session, instant, probes++, currency)
        if ("failed" in answer) return answer
        candidates = candidates.filter((z) => Time.formatDate(Time.localDay(instant, z)) === answer.date)
        if (candidates.length === 0) return { failed: `no zone gives the completion date ${answer.date} it answered` }
      }
    }
    session.transport.takeExchanges()
    return { zone: candidates[0]! }
  })

/**
 * The zone every completion date the service answered agrees with, where
 * some disagree with the run's zone: a zone mistaken for a rule. Undefined
 * when no single other zone explains them all (a rule's disagreement then).
 *
 * @since 0.2.0
 */
export const contradictedZone = (session: Session, checks: ReadonlyArray<Check>): string | undefined => {
  const dated = checks.filter((c) => {
    const items = at(c.exchange?.requestBody, "items")
    return c.operation === "createCheckout" && c.field === "completionDate" && Array.isArray(items) &&
      items.some((i) => String(at(i, "redemptionDate")).includes("T"))
  })
  const disagreeing = dated.filter((c) => !c.agrees)
  if (disagreeing.length === 0) return undefined
  const agreesIn = (check: Check, zone: string) => {
    const summary = summarizeCheckoutResult(check.exchange!.requestBody, {
      now: check.exchange!.startedAt,
      merchant: session.merchant,
      timeZone: zone
    })
    return summary.ok && same(summary.value.completionDate, check.actual)
  }
  let zones = allZones().filter((z) => z !== session.timeZone)
  for (const check of [...disagreeing, ...dated.filter((c) => c.agrees)]) {
    zones = zones.filter((z) => agreesIn(check, z))
    if (zones.length === 0) return undefined
  }
  return zones[0]
}
