/**
 * What the hosted page shows, as plain data: the order, the refund
 * milestones, the cadences offered, the schedule and its charts, each built
 * from what the page's API answered. The controller (controller.ts) hands
 * these to the view (dom/view.ts), which only draws them, every string as
 * text, never as markup. Browser code without the DOM, unit-tested in Node.
 *
 * @module
 */
import { formatMinor, formatMoney, minorOf, type PageCurrency } from "./money.ts"
import { type Cadence, cumulative, describeTerms, formatDate, type Point, timeOf } from "./page.ts"
import type { Terms } from "./payment.ts"
import type { Received, WidgetCheckout } from "./protocol.ts"

/** What the page read of its checkout. */
export type CheckoutData = Received<WidgetCheckout>

/** A step chart: the levels in minor units over time; floating point only places its pixels. */
export interface ChartSpec {
  readonly title: string
  /** The levels, sorted by time when drawn. */
  readonly points: ReadonlyArray<Point>
  /** The level before the first point, in minor units. */
  readonly initial: number
  /** The top of the scale, in minor units. */
  readonly max: number
  readonly color: string
  readonly start: number
  readonly end: number
  readonly format: (minor: number) => string
}

/** The order table: one row per item (description, quantity, price, line total) and the checkout's totals. */
export interface OrderView {
  readonly rows: ReadonlyArray<readonly [string, string, string, string]>
  readonly total: string
  readonly minimum: string
  readonly completion: string
  readonly expires: string
  readonly merchantOrder: string
}

/** One item's refund milestones: its policies (from, name, non-refundable amount) and their chart. */
export interface MilestoneView {
  readonly caption: string
  readonly rows: ReadonlyArray<readonly [string, string, string]>
  /** said in place of the rows when the item has no policy */
  readonly none: string | undefined
  readonly chart: ChartSpec
}

/** The refund milestones of every item, or a hint when there are none. */
export interface MilestonesView {
  readonly hint: string | undefined
  readonly items: ReadonlyArray<MilestoneView>
}

/** A cadence the customer can choose, with its terms in words. */
export interface CadenceOption {
  readonly cadence: Cadence
  /** the radio's id; its terms' element is `${id}-terms` */
  readonly id: string
  readonly label: string
  readonly terms: string
  readonly checked: boolean
  readonly disabled: boolean
  /** terms that cannot be accepted (R6.6) */
  readonly unavailable: boolean
}

/** The schedule of the cadence chosen (payment, date, amount) and its chart; no rows hides it. */
export interface ScheduleView {
  readonly rows: ReadonlyArray<readonly [string, string, string]>
  readonly chart: ChartSpec | undefined
}

const money = (currency: PageCurrency) => (amount: unknown) => formatMoney(amount, currency)
const minorMoney = (currency: PageCurrency) => (minor: number) => formatMinor(minor, currency)

/** The checkout's items and their summary lines (same order), tolerant of missing parts. */
export const orderOf = (data: CheckoutData) => {
  const checkout = data.checkout ?? {}
  const summary = data.summary ?? {}
  return {
    checkout,
    summary,
    items: Array.isArray(checkout.items) ? checkout.items : [],
    lines: Array.isArray(summary.items) ? summary.items : []
  }
}

/** The offer's expiry in the customer's zone ("22 Nov 2026, 11:00"), or nothing. */
const expiryText = (expiresAt: unknown, timeZone: string): string =>
  typeof expiresAt === "string" || typeof expiresAt === "number" ?
    new Date(expiresAt).toLocaleString("en-GB", { timeZone, dateStyle: "medium", timeStyle: "short" }) : // not money: a date
    ""

/** The order table of a checkout. */
export const orderView = (data: CheckoutData, currency: PageCurrency, timeZone: string): OrderView => {
  const { checkout, items, lines, summary } = orderOf(data)
  const show = money(currency)
  return {
    rows: items.map((item, i) => [
      String(item?.description || item?.sku || `Item ${i + 1}`),
      String(item?.quantity),
      show(item?.costPerItem),
      lines[i] ? show(lines[i].lineTotal) : ""
    ]),
    total: show(summary.totalCost),
    minimum: show(summary.totalMinimumDeposit),
    completion: formatDate(summary.completionDate),
    expires: expiryText(summary.expiresAt, timeZone),
    merchantOrder: String(checkout.merchantOrderId ?? "")
  }
}

/** Each item's refund milestones (R7.7), from `today` to its redemption. */
export const milestonesView = (data: CheckoutData, currency: PageCurrency, today: number): MilestonesView => {
  const { items, lines } = orderOf(data)
  const groups = Array.isArray(data.refundMilestones) ? data.refundMilestones : []
  return {
    hint: groups.length === 0 ? "These items are fully refundable until their redemption date." : undefined,
    items: groups.map((milestones) => {
      const index = items.findLastIndex((item) => item?.id === milestones?.itemId)
      const name = String(milestones?.name || (index >= 0 ? items[index]?.description : "") || "Item")
      const policies = Array.isArray(milestones?.policies) ? [...milestones.policies] : []
      policies.sort((a, b) => timeOf(a?.activeFrom) - timeOf(b?.activeFrom))
      const line = index >= 0 && lines[index] ? minorOf(lines[index].lineTotal, currency.digits) : null
      const redemption = index >= 0 ? timeOf(items[index]?.redemptionDate) : Number.NaN
      return {
        caption: name,
        rows: policies.map((
          p
        ) => [formatDate(p?.activeFrom), String(p?.name ?? ""), money(currency)(p?.nonRefundableAmount)]),
        none: policies.length === 0 ? "Fully refundable until redemption." : undefined,
        chart: {
          title: `Non-refundable amount of ${name} over time`,
          points: policies.map((p) => ({
            t: timeOf(p?.activeFrom),
            v: minorOf(p?.nonRefundableAmount, currency.digits) ?? 0,
            label: p?.activeFrom
          })),
          initial: 0,
          max: line ?? 0,
          color: "#a4161a",
          start: today,
          end: Number.isFinite(redemption) ? redemption : today,
          format: minorMoney(currency)
        }
      }
    })
  }
}

/** The schedule of `terms` (R6.9) and the amount paid over time. */
export const scheduleView = (
  terms: Terms | undefined,
  data: CheckoutData,
  currency: PageCurrency,
  today: number
): ScheduleView => {
  const schedule = (Array.isArray(terms?.schedule) ? terms.schedule : []).flatMap((p) => (p ? [p] : []))
  const show = money(currency)
  const points = cumulative(schedule, currency.digits)
  return {
    rows: schedule.map((p) => [
      Number(p.installmentNumber) === 1 ? "1 (deposit)" : String(p.installmentNumber),
      formatDate(p.date),
      show(p.amount)
    ]),
    chart: schedule.length === 0 ? undefined : {
      title: "Amount paid over time",
      points,
      initial: 0,
      max: minorOf(data.summary?.totalCost, currency.digits) ?? 0,
      color: "#0b5cad",
      start: points[0]?.t ?? today,
      end: timeOf(data.summary?.completionDate),
      format: minorMoney(currency)
    }
  }
}

/** The cadences offered, each with its terms in words ("Calculating…" until they arrive). */
export const cadenceOptions = (
  cadences: ReadonlyArray<Cadence>,
  terms: Partial<Record<Cadence, Terms>>,
  chosen: Cadence | null,
  currency: PageCurrency,
  closed: boolean,
  acceptable: (terms: Terms) => boolean
): Array<CadenceOption> =>
  cadences.map((cadence) => {
    const shown = terms[cadence]
    return {
      cadence,
      id: `cadence-${cadence.toLowerCase()}`,
      label: cadence === "PayInFull" ? "Pay in full" : cadence,
      terms: shown ? describeTerms(shown, currency, cadence) : "Calculating…",
      checked: chosen === cadence,
      disabled: closed,
      unavailable: shown !== undefined && !acceptable(shown)
    }
  })
