/**
 * The hosted checkout page's words and requests: the compute-plan-terms
 * request of the customer's choice, the terms and their problems in words,
 * dates as the page writes them. Browser code without the DOM, bundled into
 * the page's script (the controller and the view use it) and unit-tested in
 * Node (test/adapters/sandbox/widget/page.test.ts).
 *
 * Money is the core's (R1), in integer minor units (money.ts), so binary
 * floating point never computes an amount. Dates are the core's calendar
 * dates. The enumerations and the request's type are the core's too
 * (Schema-free modules and types only), so the page cannot drift from it.
 *
 * @module
 */
import { PLAN_TYPES, type PlanType } from "../../../core/checkout/enumerations.ts"
import { fromMinorUnits } from "../../../core/foundation/money.ts"
import { civil, type EpochDay, MS_PER_DAY, parseDate, weekday } from "../../../core/foundation/time/calendar.ts"
import {
  FREQUENCIES,
  type Frequency,
  TERMS_VALIDATION_KEYS,
  type TermsValidationKey
} from "../../../core/plan-terms/enumerations.ts"
import { formatMoney, minorOf, type PageCurrency } from "./money.ts"
import type { SchedulePayment, Terms } from "./payment.ts"
import { httpUrl, type WidgetPlanTermsRequest } from "./protocol.ts"

export { FREQUENCIES, type Frequency, PLAN_TYPES, type PlanType }

/** A cadence option: a frequency, or paying in full (R6.8). */
export type Cadence = Frequency | "PayInFull"

/** Whether a value is one of the core's plan types. */
export const isPlanType = (value: unknown): value is PlanType => (PLAN_TYPES as ReadonlyArray<unknown>).includes(value)

/** Why terms cannot be accepted (R6.6), in the page's words: one sentence per key of the core's. */
const VALIDATION: { readonly [K in TermsValidationKey]: string } = {
  "deposit.below_minimum": "The deposit is below the minimum.",
  "deposit.above_maximum": "The deposit is above the maximum.",
  "deposit.precision": "The deposit has too many decimal places.",
  "installments.unavailable": "No instalment falls before the completion date.",
  "installments.above_maximum_payment": "A payment would be above the maximum payment amount."
}

const isValidationKey = (key: string): key is TermsValidationKey =>
  (TERMS_VALIDATION_KEYS as ReadonlyArray<string>).includes(key)

// ---------------------------------------------------------------------------
// Dates: the core's calendar

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

/** The calendar date a date or date-time text starts with ("2026-12-31T…" is 2026-12-31), or undefined. */
const dayOf = (text: unknown): EpochDay | undefined =>
  typeof text === "string" ? parseDate(text.slice(0, 10)) : undefined

/** Milliseconds of a calendar date (UTC midnight) or of an instant, or NaN. */
export const timeOf = (text: unknown): number => {
  if (typeof text !== "string") return Number.NaN
  if (text.length === 10) {
    const day = parseDate(text)
    return day === undefined ? Number.NaN : day * MS_PER_DAY
  }
  return Date.parse(text)
}

/** "Tue 8 Dec 2026": the calendar date as written (a date-time keeps its own date). */
export const formatDate = (text: unknown): string => {
  const day = dayOf(text)
  if (day === undefined) return String(text)
  const { day: dayOfMonth, month, year } = civil(day)
  return `${WEEKDAYS[weekday(day)]} ${dayOfMonth} ${MONTHS[month - 1]} ${year}`
}

// ---------------------------------------------------------------------------
// Requests and terms

/** What the customer chose. */
export interface Choice {
  readonly planType?: PlanType | undefined
  readonly frequency?: Frequency | null | undefined
  /** The deposit in minor units; null leaves it to the default (R6.4). */
  readonly deposit?: number | null | undefined
  readonly digits: number
  readonly timeZone: string
}

/** A compute-plan-terms request: the core's. */
export type PlanTermsRequest = WidgetPlanTermsRequest

/** The compute-plan-terms request of the customer's choice: the deposit a JSON number in major units (R1.4). */
export const planTermsRequest = (checkoutId: string, choice: Choice): PlanTermsRequest => ({
  checkoutId,
  type: "plan",
  ...(choice.planType === undefined ? {} : { planType: choice.planType }),
  timeZone: choice.timeZone,
  ...(choice.deposit === null || choice.deposit === undefined ?
    {} :
    { deposit: { amount: fromMinorUnits(choice.deposit, choice.digits) } }),
  ...(choice.planType !== "PayInFull" && choice.frequency ?
    { installments: { cadence: { frequency: choice.frequency } } } :
    {})
})

/** Why the terms cannot be accepted (R6.6), in words; empty when they can. */
export const validationMessages = (terms: Terms | undefined | null): Array<string> => {
  const list = terms?.installments?.validation
  if (!Array.isArray(list)) return []
  return list.map((entry) => {
    const key = typeof entry?.key === "string" ? entry.key : ""
    return isValidationKey(key) ? VALIDATION[key] : key + (entry?.value ? `: ${String(entry.value)}` : "")
  })
}

/** "6 payments of AUD 136.67 after the deposit": the terms in words. */
export const describeTerms = (terms: Terms | undefined | null, currency: PageCurrency, frequency: Cadence): string => {
  if (!terms) return ""
  const problems = validationMessages(terms)
  if (problems.length > 0) return `Not available: ${problems.join(" ")}`
  const installments = terms.installments ?? {}
  const count = Number(installments.count)
  if (!(count > 0)) return "Pay in full today"
  const every = frequency === "Monthly" ? "monthly" : frequency === "Fortnightly" ? "fortnightly" : "weekly"
  return `${count} ${every} payment${count === 1 ? "" : "s"} of ${
    formatMoney(installments.amount, currency)
  } after the deposit`
}

/** A point of a step chart: at time `t`, the level `v` in minor units. */
export interface Point {
  readonly t: number
  readonly v: number
  readonly label: unknown
}

/** The amount paid after each payment of the schedule, in minor units. */
export const cumulative = (schedule: ReadonlyArray<SchedulePayment>, digits: number): Array<Point> => {
  let total = 0
  const points: Array<Point> = []
  for (const payment of schedule) {
    const minor = minorOf(payment.amount, digits)
    if (minor === null) continue
    total += minor
    points.push({ t: timeOf(payment.date), v: total, label: payment.date })
  }
  return points
}

/** Only http(s) URLs are followed: a redirect can never run script. */
export const safeRedirect = httpUrl
