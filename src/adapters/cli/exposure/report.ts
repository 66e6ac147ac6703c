/**
 * The exposure report as JSON and as tables. Aggregate amounts are exact
 * decimal strings in major units: a total over many plans can pass what a JSON
 * number holds exactly (2^53), and a rounded total is no total. Per-plan
 * amounts are JSON numbers, as the service writes them (R1.4).
 *
 * @module
 */
import { fromMinorUnits, toDecimalText } from "../../../core/foundation/money.ts"
import * as Time from "../../../core/foundation/time/index.ts"
import { runningTotals, total } from "../../../facade/shared.ts"
import { amountsIn } from "../amounts.ts"
import { renderTable } from "../table.ts"
import type { Settings } from "./accumulate.ts"
import type { Outcome } from "./run.ts"

export interface ExposureEntry {
  readonly id: string | null
  readonly line: number
  readonly suggestedRefundAmount: number
  readonly totalPaymentsPaid: number
  readonly totalNonRefundableAmount: number
}

export interface CurrencyReport {
  readonly currencyCode: string
  /** plans not cancelled: the ones a cancellation would refund */
  readonly plans: number
  readonly totalPaid: string
  readonly totalNonRefundable: string
  /** what cancelling every plan would refund (R7.6, summed) */
  readonly totalSuggestedRefunds: string
  readonly cancelled: { readonly plans: number; readonly totalPaid: string }
  readonly largestExposures: ReadonlyArray<ExposureEntry>
}

export interface TimelineReport {
  readonly from: string
  readonly to: string
  /** per currency, the total non-refundable amount on each day from `from` to `to` */
  readonly nonRefundable: Readonly<Record<string, ReadonlyArray<string>>>
}

export interface ExposureReport {
  /** the instant of the report, or the date YYYY-MM-DD whose start it is in each plan's zone (or in `timeZone`) */
  readonly at: string
  readonly timeZone: string | null
  readonly lines: number
  readonly invalidLines: number
  readonly currencies: ReadonlyArray<CurrencyReport>
  readonly timeline?: TimelineReport
}

export const buildReport = (outcome: Outcome, settings: Settings): ExposureReport => {
  const states = [...outcome.accumulator.currencies.values()].sort((a, b) => (a.currencyCode < b.currencyCode ? -1 : 1))
  const currencies = states.map((c): CurrencyReport => ({
    currencyCode: c.currencyCode,
    plans: c.plans,
    totalPaid: toDecimalText(total(c.paid), c.exponent),
    totalNonRefundable: toDecimalText(total(c.nonRefundable), c.exponent),
    totalSuggestedRefunds: toDecimalText(total(c.refunds), c.exponent),
    cancelled: { plans: c.cancelledPlans, totalPaid: toDecimalText(total(c.cancelledPaid), c.exponent) },
    largestExposures: c.top.sorted().map((e) => ({
      id: e.id ?? null,
      line: e.line,
      suggestedRefundAmount: fromMinorUnits(e.suggestedRefundAmount, e.exponent),
      totalPaymentsPaid: fromMinorUnits(e.totalPaymentsPaid, e.exponent),
      totalNonRefundableAmount: fromMinorUnits(e.totalNonRefundableAmount, e.exponent)
    }))
  }))
  const report: ExposureReport = {
    // a date stays a date: each plan was calculated at the start of that day in its zone
    at: settings.atDay === undefined ? Time.formatInstant(settings.at) : Time.formatDate(settings.atDay),
    timeZone: settings.timeZone ?? null,
    lines: outcome.lines,
    invalidLines: outcome.invalid,
    currencies
  }
  const timeline = settings.timeline
  if (timeline === undefined) return report
  const nonRefundable: Record<string, Array<string>> = {}
  for (const c of states) {
    nonRefundable[c.currencyCode] = runningTotals(c.timeline!).map((running) => toDecimalText(running, c.exponent))
  }
  return {
    ...report,
    timeline: { from: Time.formatDate(timeline.from), to: Time.formatDate(timeline.to), nonRefundable }
  }
}

/**
 * The report as tables; `digitsOf` gives each currency's digits (its totals'), in which the
 * largest exposures are written too (R1.2).
 */
export const renderReport = (report: ExposureReport, digitsOf: (currencyCode: string) => number): string => {
  const summary = renderTable(
    ["currency", "plans", "total paid", "non-refundable", "suggested refunds", "cancelled", "paid on cancelled"],
    report.currencies.map((c) => [
      c.currencyCode,
      String(c.plans),
      c.totalPaid,
      c.totalNonRefundable,
      c.totalSuggestedRefunds,
      String(c.cancelled.plans),
      c.cancelled.totalPaid
    ])
  )
  const at = report.at.length === 10
    ? `at the start of ${report.at} in ${report.timeZone ?? "each plan's time zone"}`
    : `at ${report.at}${report.timeZone === null ? "" : ` (${report.timeZone})`}`
  const head = `Refund exposure ${at}: ${report.lines} line(s), ${report.invalidLines} refused\n\n`
  const largest = report.currencies
    .filter((c) => c.largestExposures.length > 0)
    .map((c) => {
      const amount = amountsIn(digitsOf(c.currencyCode))
      return `\nLargest exposures, ${c.currencyCode}\n` +
        renderTable(
          ["plan", "line", "suggested refund", "paid", "non-refundable"],
          c.largestExposures.map((
            e
          ) => [
            e.id ?? "",
            String(e.line),
            amount(e.suggestedRefundAmount),
            amount(e.totalPaymentsPaid),
            amount(e.totalNonRefundableAmount)
          ])
        )
    })
    .join("")
  return head + summary + largest
}
