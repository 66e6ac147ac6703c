/**
 * The state of an exposure report: per currency, the plans counted, exact
 * totals, the largest exposures and (optionally) the day-by-day non-refundable
 * timeline. One line of NDJSON at a time; memory depends on the number of
 * currencies, K and the timeline's length, never on the number of plans.
 *
 * The arithmetic is the core's: each plan is read by the core's one reader of a
 * plan (plan/reading.ts: a plan record's own spellings and digits, R1.2)
 * and calculated by it (R7, integer minor units); this module only adds up. Its
 * warnings are the core's too: the unknown fields of each line (R10.2, the
 * check a calculation of a plan or a plan record makes) and the reader's
 * `digits_mismatch` (R1.2), kept once per distinct warning (warnings.ts).
 *
 * @module
 */
import * as Result from "effect/Result"
import { isRecord } from "../../../core/foundation/input.ts"
import { type Issue } from "../../../core/foundation/issues.ts"
import * as Time from "../../../core/foundation/time/index.ts"
import type { MerchantConfigurationResponse } from "../../../core/merchant/index.ts"
import { PLAN_STATUSES } from "../../../core/plan/index.ts"
import { refundPlanOf, refundPlanUnknownFields } from "../../../core/refund/index.ts"
import { redemptionDay } from "../../../core/refund/index.ts"
import { type PlanReading, readPlanPayments } from "../../../facade/shared.ts"
import { planStatusOf } from "../../../facade/shared.ts"
import { type CalculateInputs, calculateTotalsResult } from "../../../facade/shared.ts"
import { addInDigits, addSum, rescale, type Sum, zero } from "../../../facade/shared.ts"
import { type Exposure, TopK } from "./top.ts"
import { type LineWarningList, LineWarnings } from "./warnings.ts"

export interface Settings {
  /** epoch ms of the report (`--at` as an instant); ignored when `atDay` is set */
  readonly at: number
  /**
   * `--at` as a calendar day: the report is at the start of that day in each
   * plan's zone (`--tz`, else the plan's `timeZone`, else UTC), as the timeline's days are
   */
  readonly atDay?: Time.EpochDay | undefined
  /** `--tz`; else each plan's `timeZone`, else UTC (R3.1) */
  readonly timeZone: string | undefined
  readonly merchant: MerchantConfigurationResponse | undefined
  /** how many largest exposures per currency */
  readonly top: number
  /** calendar days, inclusive, of the timeline */
  readonly timeline: { readonly from: Time.EpochDay; readonly to: Time.EpochDay } | undefined
}

interface CalculationAt {
  readonly at: number
  readonly timeZone: string | undefined
  readonly merchant: MerchantConfigurationResponse | undefined
}

export interface CurrencyState {
  readonly currencyCode: string
  /**
   * the digits the sums are kept in: the most any plan of the currency was read in (a record kept
   * zero-decimal has fewer, R1.2), so every amount is added exactly
   */
  exponent: number
  plans: number
  readonly paid: Sum
  readonly nonRefundable: Sum
  readonly refunds: Sum
  cancelledPlans: number
  readonly cancelledPaid: Sum
  readonly top: TopK
  /** per day of the timeline, the change of the non-refundable total from the day before */
  readonly timeline: Array<Sum> | undefined
}

/** What a worker hands back: plain data, structured-cloneable (bigints included). Warnings go back per batch. */
export interface Snapshot {
  readonly currencies: ReadonlyArray<Omit<CurrencyState, "top"> & { readonly top: ReadonlyArray<Exposure> }>
}

/** How the report names what it reads of a plan: at the plan's paths, the configuration as `--merchant`. */
const READING: PlanReading = { prefix: "", rule: "R7.1", merchantPath: "--merchant" }

const isCancelled = (status: unknown) => typeof status === "string" && planStatusOf(status) === "Cancelled"

/** Why a line's `status` cannot be read. Statuses are open (R9): any non-empty text is one. */
const statusRefused = (status: unknown): string =>
  status === undefined || status === null
    ? `status: is required: the plan's status, such as ${PLAN_STATUSES.join(", ")} [required, R9]`
    : `status: must be the plan's status as text, such as ${PLAN_STATUSES.join(", ")}, got ${
      JSON.stringify(status)
    } [type, R9]`

const describeIssues = (issues: ReadonlyArray<Issue>) =>
  issues.map((i) => `${i.path === "" ? "(plan)" : i.path}: ${i.message} [${i.code}, ${i.rule}]`).join("; ")

export class Accumulator {
  readonly settings: Settings
  readonly currencies = new Map<string, CurrencyState>()
  /**
   * the distinct warnings of the lines counted since {@link takeWarnings}: their unknown fields
   * (R10.2) and a `--merchant` that disagrees with a record's digits (R1.2)
   */
  private readonly found = new LineWarnings()
  /** what one plan's reading warned of; emptied after each plan */
  private readonly read: Array<Issue> = []
  /** the line being counted */
  private current = 0
  private readonly options: CalculationAt
  /** with `atDay`: the calculation's options per plan zone, the start of that day in it */
  private readonly optionsByZone = new Map<string, CalculationAt>()
  private last: CurrencyState | undefined

  constructor(settings: Settings) {
    this.settings = settings
    this.options = { at: settings.at, timeZone: settings.timeZone, merchant: settings.merchant }
  }

  /** The options a plan is calculated with at the report's instant. */
  private optionsFor(plan: Record<string, unknown>): CalculationAt {
    const day = this.settings.atDay
    if (day === undefined) return this.options
    const zone = this.zoneOf(plan)
    let options = this.optionsByZone.get(zone)
    if (options === undefined) {
      options = { at: Time.startOfDay(day, zone), timeZone: this.settings.timeZone, merchant: this.settings.merchant }
      this.optionsByZone.set(zone, options)
    }
    return options
  }

  /**
   * The zone of a plan's calendar: `--tz`, else its `timeZone`, else UTC. A
   * zone that is none is UTC here; the calculation refuses the plan for it (R3.1).
   */
  private zoneOf(plan: Record<string, unknown>): string {
    const zone = this.settings.timeZone ?? plan["timeZone"]
    return typeof zone === "string" && Time.isTimeZone(zone) ? zone : "UTC"
  }

  /**
   * The state of a currency, in at least `exponent` digits: a plan read in more digits than earlier
   * plans of its currency (a record that is not zero-decimal after ones that are, R1.2) moves the
   * sums kept so far to its digits, exactly.
   */
  private currency(code: string, exponent: number): CurrencyState {
    const last = this.last
    if (last !== undefined && last.currencyCode === code && last.exponent === exponent) return last
    let state = this.currencies.get(code)
    if (state !== undefined && state.exponent < exponent) {
      for (
        const sum of [state.paid, state.nonRefundable, state.refunds, state.cancelledPaid, ...(state.timeline ?? [])]
      ) {
        rescale(sum, state.exponent, exponent)
      }
      state.exponent = exponent
    }
    if (state === undefined) {
      const days = this.settings.timeline === undefined
        ? undefined
        : this.settings.timeline.to - this.settings.timeline.from + 1
      state = {
        currencyCode: code,
        exponent,
        plans: 0,
        paid: zero(),
        nonRefundable: zero(),
        refunds: zero(),
        cancelledPlans: 0,
        cancelledPaid: zero(),
        top: new TopK(this.settings.top),
        timeline: days === undefined ? undefined : Array.from({ length: days }, zero)
      }
      this.currencies.set(code, state)
    }
    this.last = state
    return state
  }

  /** Counts one line; answers why it cannot be counted, or undefined. Blank lines are not plans. */
  line(text: string, line: number): string | undefined {
    let plan: unknown
    try {
      plan = JSON.parse(text)
    } catch (error) {
      return `not JSON: ${(error as Error).message}`
    }
    if (!isRecord(plan)) return "not a plan object"
    this.current = line
    // every field no rule reads (R10.2), as a calculation of this plan or plan record reports them; a refused line's too
    const unknown = refundPlanUnknownFields(plan)
    if (unknown.length > 0) { for (const w of unknown) this.found.add(w, line) }
    const status = plan["status"]
    // the status decides whether a cancellation would refund anything: a plan without one cannot be counted
    if (typeof status !== "string" || status === "") return statusRefused(status)
    if (isCancelled(status)) return this.cancelled(plan)
    const calculated = this.calculation(plan, this.optionsFor(plan))
    if (Result.isFailure(calculated)) return describeIssues(calculated.failure.issues)
    const t = calculated.success
    const state = this.currency(t.currencyCode, t.exponent)
    state.plans++
    // a plan kept in fewer digits than its currency's other plans (R1.2): its amounts, exactly, in theirs
    addInDigits(state.paid, t.totalPaymentsPaid, t.exponent, state.exponent)
    addInDigits(state.nonRefundable, t.totalNonRefundableAmount, t.exponent, state.exponent)
    addInDigits(state.refunds, t.suggestedRefundAmount, t.exponent, state.exponent)
    if (state.top.wouldKeep(t.suggestedRefundAmount, t.exponent, line)) {
      const id = plan["id"]
      state.top.offer({
        id: typeof id === "string" ? id : typeof id === "number" ? String(id) : undefined,
        line,
        suggestedRefundAmount: t.suggestedRefundAmount,
        totalPaymentsPaid: t.totalPaymentsPaid,
        totalNonRefundableAmount: t.totalNonRefundableAmount,
        exponent: t.exponent
      })
    }
    if (state.timeline !== undefined) this.timeline(plan, state)
    return undefined
  }

  /** The core's calculation totals of a plan, its reading's warnings kept (once each). */
  private calculation(plan: Record<string, unknown>, options: CalculateInputs) {
    const calculated = calculateTotalsResult(plan, options, this.read, READING.merchantPath)
    if (this.read.length > 0) this.warn()
    return calculated
  }

  private warn(): void {
    for (const w of this.read) this.found.add(w, this.current)
    this.read.length = 0
  }

  /** The distinct warnings of the lines counted since the last call (a batch's), and none kept. */
  takeWarnings(): LineWarningList {
    return this.found.take()
  }

  /** A cancelled plan refunds nothing more: counted apart, with what was paid on it, read as a calculation reads it. */
  private cancelled(plan: Record<string, unknown>): string | undefined {
    const issues: Array<Issue> = []
    const read = readPlanPayments(plan, this.settings.merchant, READING, issues, this.read)
    if (this.read.length > 0) this.warn()
    if (read === undefined) return describeIssues(issues)
    const state = this.currency(read.currencyCode, read.exponent)
    state.cancelledPlans++
    addInDigits(state.cancelledPaid, read.paid, read.exponent, state.exponent)
    return undefined
  }

  /**
   * The plan's non-refundable total on each day of the timeline. It changes
   * only on a day when some item's active policy changes (R7.2): the day
   * `redemption − daysWithinRedemptionDate` of each of its policies. So the plan
   * is calculated on the first day and on those days only, and the differences are
   * added; the running sum gives every day.
   */
  private timeline(plan: Record<string, unknown>, state: CurrencyState): void {
    const days = state.timeline!
    const { from, to } = this.settings.timeline!
    const zone = this.zoneOf(plan)
    // the configuration was read by decodeResult, which checks its policies (R4.6)
    const defaults = (this.settings.merchant?.defaultRefundPolicies ?? []) as ReadonlyArray<
      { readonly daysWithinRedemptionDate: number }
    >
    // the plan's items as the calculation read them (a record's own spellings, nulls as absent)
    const read = refundPlanOf(plan)?.plan ?? plan
    const changes = new Set<number>()
    for (const item of read["items"] as ReadonlyArray<Record<string, unknown>>) {
      const redemption = redemptionDay(item["redemptionDate"] as string, zone)!
      const own = Array.isArray(item["refundPolicies"])
        ? (item["refundPolicies"] as ReadonlyArray<{ daysWithinRedemptionDate: number }>)
        : []
      // both lists: an extra day costs one more calculation, a missing one would be wrong
      for (const policies of [own, defaults]) {
        for (const policy of policies) {
          const day = redemption - policy.daysWithinRedemptionDate
          if (day > from && day <= to) changes.add(day)
        }
      }
    }
    const at = (day: number) => ({
      at: Time.startOfDay(day, zone),
      timeZone: this.settings.timeZone,
      merchant: this.settings.merchant
    })
    // the plan was calculated at --at already, so it is valid on any day; its amounts in the state's digits
    let exponent = state.exponent
    const nonRefundable = (day: number) => {
      const calculated = calculateTotalsResult(plan, at(day))
      if (Result.isFailure(calculated)) return 0
      exponent = calculated.success.exponent
      return calculated.success.totalNonRefundableAmount
    }
    const addDay = (sum: Sum, minor: number) => addInDigits(sum, minor, exponent, state.exponent)
    let previous = nonRefundable(from)
    addDay(days[0]!, previous)
    for (const day of [...changes].sort((a, b) => a - b)) {
      const value = nonRefundable(day)
      if (value !== previous) addDay(days[day - from]!, value - previous)
      previous = value
    }
  }

  snapshot(): Snapshot {
    return { currencies: [...this.currencies.values()].map((c) => ({ ...c, top: c.top.heap })) }
  }

  /** Adds another accumulator's snapshot (a worker's): sums exactly (in the digits of both), keeps the K largest of both. */
  merge(snapshot: Snapshot): void {
    for (const c of snapshot.currencies) {
      const state = this.currency(c.currencyCode, c.exponent)
      state.plans += c.plans
      addSum(state.paid, c.paid, c.exponent, state.exponent)
      addSum(state.nonRefundable, c.nonRefundable, c.exponent, state.exponent)
      addSum(state.refunds, c.refunds, c.exponent, state.exponent)
      state.cancelledPlans += c.cancelledPlans
      addSum(state.cancelledPaid, c.cancelledPaid, c.exponent, state.exponent)
      for (const e of c.top) state.top.offer(e)
      if (state.timeline !== undefined && c.timeline !== undefined) {
        c.timeline.forEach((s, i) => addSum(state.timeline![i]!, s, c.exponent, state.exponent))
      }
    }
  }
}
