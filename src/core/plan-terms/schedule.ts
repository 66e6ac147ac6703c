/**
 * Instalment dates (R6.2, R6.3): calendar dates on a Weekly, Fortnightly or
 * Monthly cadence after the plan date, up to the completion date.
 *
 * Everything here is integer arithmetic on epoch days. The time zone matters
 * only once, when `now` becomes the plan date (R6.1); after that a date is a
 * date, so a daylight-saving change can never move one.
 *
 * @module
 */
import * as Time from "../foundation/time/index.ts"
import { frequencyOf, weekdayOf } from "./cadence-names.ts"
import { type Weekday, WEEKDAYS } from "./enumerations.ts"
import type { Cadence } from "./request.ts"
import type { ResolvedCadenceJson } from "./response.ts"

/**
 * A cadence with its defaults filled in (R6.2): `dayOfWeek` 0 (Sunday) … 6,
 * `dayOfMonth` 1..31.
 *
 * @category Plan terms
 * @since 0.1.0
 */
export type ResolvedCadence =
  | { readonly frequency: "Weekly" | "Fortnightly"; readonly dayOfWeek: number }
  | { readonly frequency: "Monthly"; readonly dayOfMonth: number }

/**
 * Resolves a validated cadence against the plan date (R6.2): frequency Weekly
 * when missing; the plan date's weekday or day of month when the day is
 * missing. The day that does not apply to the frequency is ignored.
 *
 * @example
 * ```ts
 * import { PlanTerms, Time } from "payment-plan-engine"
 * PlanTerms.resolveCadence({ frequency: "monthly" }, Time.parseDate("2026-11-22")!) // { frequency: "Monthly", dayOfMonth: 22 }
 * ```
 * @category Plan terms
 * @since 0.1.0
 */
export const resolveCadence = (cadence: Cadence | undefined, planDay: Time.EpochDay): ResolvedCadence => {
  const frequency = (cadence?.frequency === undefined ? undefined : frequencyOf(cadence.frequency)) ?? "Weekly"
  if (frequency === "Monthly") {
    return { frequency, dayOfMonth: cadence?.on?.dayOfMonth ?? Time.civil(planDay).day }
  }
  const named = cadence?.on?.dayOfWeek
  const dayOfWeek = named === undefined ? undefined : weekdayOf(named)
  return { frequency, dayOfWeek: dayOfWeek ?? Time.weekday(planDay) }
}

/**
 * A resolved cadence as the response writes it: canonical names.
 *
 * @category Plan terms
 * @since 0.1.0
 */
export const cadenceJson = (cadence: ResolvedCadence): ResolvedCadenceJson =>
  cadence.frequency === "Monthly"
    ? { frequency: "Monthly", on: { dayOfMonth: cadence.dayOfMonth } }
    : { frequency: cadence.frequency, on: { dayOfWeek: WEEKDAYS[cadence.dayOfWeek] as Weekday } }

/** Day D of a month, or the month's last day when it is shorter (R6.3). */
const clampedDay = (year: number, month: number, dayOfMonth: number): Time.EpochDay =>
  Time.epochDay(year, month, Math.min(dayOfMonth, Time.daysInMonth(year, month)))

/**
 * The first instalment date (R6.3):
 * - Weekly: the earliest date on the weekday at least 7 days after the plan
 *   date (exactly 7 when it is the plan date's own weekday); Fortnightly: 14.
 * - Monthly on day D: day D of the plan date's month when that date is after
 *   the plan date, else of the next month, clamped to the month's last day.
 *   The comparison is of the clamped date: with D = 30 and a plan date of
 *   28 February, 28 February is not after it, so the first is 30 March.
 *
 * @category Plan terms
 * @since 0.1.0
 */
export const firstDate = (planDay: Time.EpochDay, cadence: ResolvedCadence): Time.EpochDay => {
  if (cadence.frequency !== "Monthly") {
    const earliest = planDay + (cadence.frequency === "Weekly" ? 7 : 14)
    return earliest + ((cadence.dayOfWeek - Time.weekday(earliest) + 7) % 7)
  }
  const { year, month } = Time.civil(planDay)
  const inPlanMonth = clampedDay(year, month, cadence.dayOfMonth)
  return inPlanMonth > planDay
    ? inPlanMonth
    : clampedDay(month === 12 ? year + 1 : year, month === 12 ? 1 : month + 1, cadence.dayOfMonth)
}

/**
 * Every instalment date (R6.3): from {@link firstDate}, every 7 or 14 days, or
 * day D of each following month (clamped, never drifting: 31 Jan, 28 Feb,
 * 31 Mar), for as long as the date is on or before the completion date.
 *
 * @example
 * ```ts
 * import { PlanTerms, Time } from "payment-plan-engine"
 * const dates = PlanTerms.cadenceDates(Time.parseDate("2027-01-15")!, Time.parseDate("2027-04-30")!, { frequency: "Monthly", dayOfMonth: 31 })
 * dates.map(Time.formatDate) // ["2027-01-31", "2027-02-28", "2027-03-31", "2027-04-30"]
 * ```
 * @category Plan terms
 * @since 0.1.0
 */
export const cadenceDates = (
  planDay: Time.EpochDay,
  completionDay: Time.EpochDay,
  cadence: ResolvedCadence
): Array<Time.EpochDay> => {
  const dates: Array<Time.EpochDay> = []
  let date = firstDate(planDay, cadence)
  if (cadence.frequency !== "Monthly") {
    const step = cadence.frequency === "Weekly" ? 7 : 14
    for (; date <= completionDay; date += step) dates.push(date)
    return dates
  }
  let { year, month } = Time.civil(date)
  while (date <= completionDay) {
    dates.push(date)
    if (month === 12) {
      year += 1
      month = 1
    } else month += 1
    date = clampedDay(year, month, cadence.dayOfMonth)
  }
  return dates
}
