/**
 * The boundary classes of the rules that round, clamp, cap, compare days or
 * order (R1.5, R2.2–R2.4, R5, R6.2–R6.5, R7.2–R7.6, R8, the search's and the
 * notes' paging), listed once: the inputs at each rule's edge, where a wrong
 * implementation and a right one part (a half rounded one way or the other, a
 * policy active on its exact day or not, a month shorter than the cadence's
 * day). The property suite and the conformance kit both draw from this list:
 * its generators steer inputs onto each class, and its classifiers say which
 * classes an input reached, so a run can report its reach rule by rule.
 *
 * @module
 */
// Over 400 lines: the boundary classes of every rule that rounds, clamps or compares, listed once (a table).
import * as Result from "effect/Result"
import fc from "fast-check"
import type { CheckoutRequest } from "../core/checkout/index.ts"
import * as Currency from "../core/foundation/currency.ts"
import * as Money from "../core/foundation/money.ts"
import * as Time from "../core/foundation/time/index.ts"
import type { MerchantConfigurationResponse } from "../core/merchant/index.ts"
import { FREQUENCIES, type ResolvedCadence, WEEKDAYS } from "../core/plan-terms/index.ts"
import type { RefundPolicy } from "../core/refund/index.ts"
import type { RefundCalculation } from "../core/refund/index.ts"
import { priceResult } from "../facade/shared.ts"
import { calculateResult } from "../facade/shared.ts"

/**
 * One class of inputs at a rule's edge.
 *
 * @since 0.2.0
 */
export interface BoundaryClass {
  /** `R1.5/deposit-half-even`: the rule, a slash, the class's name. */
  readonly id: string
  /** The rule's number (`R7.2`), or `search` / `notes` for their paging and order. */
  readonly rule: string
  readonly description: string
}

const c = (rule: string, name: string, description: string): BoundaryClass => ({
  id: `${rule}/${name}`,
  rule,
  description
})

/**
 * Every boundary class, rule by rule.
 *
 * @since 0.2.0
 */
export const BOUNDARY_CLASSES: ReadonlyArray<BoundaryClass> = [
  c(
    "R1.5",
    "deposit-half-even",
    "a Percentage minimum deposit on an exact half of a minor unit, even quotient below it"
  ),
  c("R1.5", "deposit-half-odd", "a Percentage minimum deposit on an exact half of a minor unit, odd quotient below it"),
  c("R1.5", "refund-half-even", "a policy's refundable part on an exact half of a minor unit, even quotient below it"),
  c("R1.5", "refund-half-odd", "a policy's refundable part on an exact half of a minor unit, odd quotient below it"),
  c("R2.2", "merchant-default", "an item without its own minimum deposit: the merchant's default applies"),
  c("R2.2", "currency-capped", "a Currency minimum deposit above the item's cost: capped at the cost"),
  c("R2.2", "unit-case", "a deposit unit written in another case than Currency or Percentage"),
  c("R2.3", "quantity", "an item of quantity above 1 with a minimum deposit"),
  c("R2.4", "default-deadline", "an item without a paymentDeadline: the merchant's default applies"),
  c("R2.4", "deadline-tie", "two items whose deadlines fall on the earliest deadline date"),
  c("R2.4", "zone-dependent", "the earliest deadline a date-time whose date in the service's zone is not its UTC date"),
  c("R5", "remainder-zero", "a split over instalments with no remainder"),
  c("R5", "remainder-max", "a split whose remainder is one minor unit short of the count"),
  c("R6.2", "default-day", "a cadence without its day: the plan date's weekday or day of month"),
  c("R6.2", "any-case", "a frequency or a weekday written in another case"),
  c("R6.3", "weekly-own-weekday", "Weekly or Fortnightly on the plan date's own weekday: exactly 7 or 14 days on"),
  c("R6.3", "monthly-today", "Monthly on the plan date's day of month: the first instalment next month"),
  c("R6.3", "monthly-after-today", "Monthly on a day later this month: the first instalment this month"),
  c("R6.3", "monthly-late-day", "Monthly on day 28, 29, 30 or 31"),
  c("R6.3", "monthly-clamped", "a monthly instalment on the last day of a month shorter than its day"),
  c("R6.3", "on-completion", "the last instalment on the completion date itself"),
  c("R6.3", "completion-today", "a completion date on the plan date: no instalment"),
  c("R6.4", "at-min", "a deposit at the range's minimum"),
  c("R6.4", "at-max", "a deposit at the range's maximum"),
  c("R6.4", "below-min", "a deposit one minor unit below the range's minimum"),
  c("R6.4", "max-capped", "a range's maximum capped by the currency's maximum payment"),
  c("R6.5", "dropped", "instalments dropped while below the minimum payment"),
  c("R6.6", "above-maximum-payment", "a payment (the first, or an instalment) above the maximum payment"),
  c(
    "R7.1",
    "zone-day",
    "days remaining counted in the plan's zone on a policy's edge, where UTC's count falls past it"
  ),
  c("R7.2", "exact-day", "days remaining equal to a policy's days: active on its exact day"),
  c("R7.2", "day-before", "days remaining one more than a policy's days: the day before it becomes active"),
  c("R7.2", "day-after", "days remaining one less than a policy's days: the day after it became active"),
  c("R7.2", "tie", "two active-candidate policies with the same days: the first in list order"),
  c("R7.2", "none-active", "policies, none of them active yet"),
  c("R7.4", "deposit-kept", "a minimum deposit that is not refundable"),
  c("R7.5", "deposit-greater", "a kept deposit greater than the active policy's part"),
  c("R7.5", "policy-greater", "the active policy's part greater than the kept deposit"),
  c("R7.6", "paid-below", "paid below the non-refundable total: nothing to refund"),
  c("R7.6", "paid-at", "paid exactly the non-refundable total"),
  c("R7.6", "paid-just-above", "paid one minor unit above the non-refundable total"),
  c("R8.1", "redirect-query", "a redirect URL with a query of its own"),
  c("R8.1", "redirect-fragment", "a redirect URL with a fragment"),
  c("R8.2", "accepted", "a deposit paid: Accepted"),
  c("R8.2", "declined", "a deposit declined: not Accepted"),
  c("R8.2", "abandoned", "a checkout abandoned: no deposit"),
  c("R8.2", "missed", "a deposit paid with a card that misses later"),
  c("search", "sort-tie", "a sort on a field where plans tie, settled by id"),
  c("search", "last-page", "a page the results fill in part"),
  c("search", "beyond-last", "a page after the last: empty, with the total"),
  c("search", "on-own-value", "a comparison (gt, gte, lt, lte) on a plan's own value"),
  c("notes", "last-full-page", "the last full page of notes: no next link"),
  c("notes", "beyond-last", "a page offset beyond the last note"),
  c("notes", "soft-deleted-shown", "soft-deleted notes listed on request")
]

/**
 * Whether a class can be reached at all with a merchant's configuration and
 * a service's zone: a default deposit, two default policies with the same
 * days, a currency with a maximum payment, a zone other than UTC.
 *
 * @since 0.2.0
 */
export const applicable = (
  id: string,
  merchant: MerchantConfigurationResponse | undefined,
  serviceZone: string
): boolean => {
  const m = merchant as Record<string, unknown> | undefined
  switch (id) {
    case "R2.2/merchant-default":
      return typeof m?.["defaultMinDepositType"] === "string" && typeof m?.["defaultMinDepositValue"] === "number" &&
        (m["defaultMinDepositValue"] as number) > 0
    case "R7.2/tie":
      return tiedDefaultDays(merchant) !== undefined
    case "R6.4/max-capped":
    case "R6.6/above-maximum-payment":
      return (merchant?.currencies ?? []).some((x) => typeof x?.maximumPaymentAmount === "number")
    case "R2.4/zone-dependent":
      return serviceZone !== "UTC" && Time.isTimeZone(serviceZone) && zoneDiffersFromUtc(serviceZone)
    default:
      return true
  }
}

/** Whether a zone's dates part from UTC's at some hour: any zone but UTC and its aliases. */
const zoneDiffersFromUtc = (zone: string): boolean => {
  const day = Time.epochDay(2030, 1, 15)
  for (let hour = 0; hour < 24; hour++) {
    const ms = day * Time.MS_PER_DAY + hour * 3_600_000 + 1_800_000
    if (Time.localDay(ms, zone) !== day) return true
  }
  return false
}

/** The days two of the merchant's default policies share, if any (R7.2's tie). */
export const tiedDefaultDays = (merchant: MerchantConfigurationResponse | undefined): number | undefined => {
  const policies = (merchant as { defaultRefundPolicies?: unknown } | undefined)?.defaultRefundPolicies
  if (!Array.isArray(policies)) return undefined
  const seen = new Set<number>()
  for (const p of policies) {
    const days = (p as { daysWithinRedemptionDate?: unknown })?.daysWithinRedemptionDate
    if (typeof days !== "number") continue
    if (seen.has(days)) return days
    seen.add(days)
  }
  return undefined
}

// ---------------------------------------------------------------------------
// Exact halves (R1.5)

const PERCENT_SCALE = 8
const HALF_DENOMINATOR = 10n ** BigInt(PERCENT_SCALE + 2)
const HALF = HALF_DENOMINATOR / 2n

/**
 * Where `percentage` % of `minor` minor units falls: on an exact half of a
 * minor unit whose quotient below is `even` or `odd`, or off a half
 * (undefined). Exact for percentages of up to 8 decimals.
 *
 * @example
 * ```ts
 * halfParity(25, 10) // "even" (2.5)
 * halfParity(15, 10) // "odd" (1.5)
 * halfParity(12, 10) // undefined (1.2)
 * ```
 * @since 0.2.0
 */
export const halfParity = (minor: number, percentage: number): "even" | "odd" | undefined => {
  const scaled = Money.toMinorUnits(percentage, PERCENT_SCALE)
  if (typeof scaled !== "number" || !Number.isSafeInteger(minor)) return undefined
  const exact = BigInt(minor) * BigInt(scaled)
  if (exact < 0n || exact % HALF_DENOMINATOR !== HALF) return undefined
  return (exact / HALF_DENOMINATOR) % 2n === 0n ? "even" : "odd"
}

/**
 * A percentage with two decimals at or after `from` (wrapping within 0.01..99.99)
 * that puts `minor` on an exact half of the parity asked, or undefined when
 * none does (a multiple of 16 minor units, say).
 *
 * @since 0.2.0
 */
export const percentageAtHalf = (minor: number, parity: "even" | "odd", from = 1000): number | undefined => {
  // minor × h / 10^4 is on a half exactly when minor × h ≡ 5000 (mod 10^4): small numbers first, the parity after
  const low = minor % 10_000
  for (let i = 0; i < 9999; i++) {
    const hundredths = 1 + ((from - 1 + i) % 9999)
    if ((low * hundredths) % 10_000 === 5000 && halfParity(minor, hundredths / 100) === parity) return hundredths / 100
  }
  return undefined
}

/**
 * The smallest cost of at least `from` minor units whose `percentage` % falls
 * on an exact half of the parity asked, within `span` minor units.
 *
 * @since 0.2.0
 */
export const costAtHalf = (
  from: number,
  percentage: number,
  parity: "even" | "odd",
  span = 20_000
): number | undefined => {
  const scaled = Money.toMinorUnits(percentage, PERCENT_SCALE)
  if (typeof scaled !== "number") return undefined
  const step = BigInt(scaled)
  let exact = BigInt(Math.max(1, from)) * step
  for (let cost = Math.max(1, from); cost < from + span; cost++, exact += step) {
    if (exact % HALF_DENOMINATOR === HALF && ((exact / HALF_DENOMINATOR) % 2n === 0n) === (parity === "even")) {
      return cost
    }
  }
  return undefined
}

// ---------------------------------------------------------------------------
// Classifiers: which classes an input reached

const CANONICAL_UNITS = ["Currency", "Percentage"]

/** Options of {@link checkoutBoundaries}. */
export interface CheckoutBoundaryOptions {
  readonly merchant?: MerchantConfigurationResponse | undefined
  /** The zone in which the service turns the checkout's date-times into dates. */
  readonly timeZone: string
}

/**
 * The classes of R1.5, R2.2, R2.3 and R2.4 a checkout request reaches, as the
 * engine prices it in `timeZone`.
 *
 * @since 0.2.0
 */
export const checkoutBoundaries = (request: CheckoutRequest, options: CheckoutBoundaryOptions): Array<string> => {
  const priced = priceResult(request, { merchant: options.merchant, timeZone: options.timeZone })
  if (Result.isFailure(priced)) return []
  const reached = new Set<string>()
  const merchant = options.merchant as Record<string, unknown> | undefined
  const { items } = priced.success
  request.items.forEach((item, i) => {
    const line = items[i]!
    const own = item.minimumDepositPerItem
    const unit = own?.unit ?? (merchant?.["defaultMinDepositType"] as string | undefined)
    const value = own?.value ?? (merchant?.["defaultMinDepositValue"] as number | undefined)
    if (own === undefined && typeof value === "number" && value > 0 && typeof unit === "string") {
      reached.add("R2.2/merchant-default")
    }
    if (own !== undefined && !CANONICAL_UNITS.includes(own.unit)) reached.add("R2.2/unit-case")
    if (typeof unit === "string" && typeof value === "number") {
      if (unit.toLowerCase() === "percentage") {
        const parity = halfParity(line.costPerItem, Math.min(value, 100))
        if (parity !== undefined) reached.add(`R1.5/deposit-half-${parity}`)
      } else if (unit.toLowerCase() === "currency" && line.minimumDeposit === line.lineTotal) {
        const asked = Money.toMinorUnits(value, priced.success.exponent)
        if (typeof asked === "number" && asked > line.costPerItem) reached.add("R2.2/currency-capped")
      }
    }
    if (item.quantity > 1 && line.minimumDeposit > 0) reached.add("R2.3/quantity")
    if (item.paymentDeadline === undefined) reached.add("R2.4/default-deadline")
  })
  const completion = priced.success.completionDay
  const earliest = items.flatMap((line, i) => (line.deadlineDay === completion ? [i] : []))
  if (earliest.length >= 2) reached.add("R2.4/deadline-tie")
  for (const i of earliest) {
    const parsed = Time.parseDateOrInstant(request.items[i]!.redemptionDate)
    if (parsed?._tag === "Instant" && Time.utcDay(parsed.ms) !== items[i]!.redemptionDay) {
      reached.add("R2.4/zone-dependent")
    }
  }
  return [...reached]
}

/**
 * What {@link termsBoundaries} reads of plan terms, amounts in minor units.
 *
 * @since 0.2.0
 */
export interface TermsFacts {
  readonly planType: string
  /** The cadence as the request wrote it. */
  readonly asked: { readonly frequency?: unknown; readonly on?: unknown } | undefined
  readonly cadence: ResolvedCadence
  readonly planDay: Time.EpochDay
  readonly completionDay: Time.EpochDay
  /** The instalment dates, payment 1 (the deposit) left out. */
  readonly dates: ReadonlyArray<Time.EpochDay>
  readonly count: number
  readonly remainder: number
  readonly deposit: number
  readonly rangeMin: number
  readonly rangeMax: number
  readonly totalCost: number
  readonly minimumPayment: number
  readonly maximumPayment: number | undefined
  /** The count without R6.5's dropping. */
  readonly undropped?: number | undefined
  /** Payment 1 (the deposit with the remainder) and each instalment, when known. */
  readonly firstPayment?: number | undefined
  readonly each?: number | undefined
}

/**
 * The classes of R5, R6.2–R6.5 plan terms reach.
 *
 * @since 0.2.0
 */
export const termsBoundaries = (t: TermsFacts): Array<string> => {
  const reached: Array<string> = []
  const add = (id: string) => reached.push(id)
  if (t.completionDay === t.planDay) add("R6.3/completion-today")
  const above = (payment: number | undefined) =>
    payment !== undefined && t.maximumPayment !== undefined &&
    payment > t.maximumPayment
  if (above(t.firstPayment) || (t.count > 0 && above(t.each))) add("R6.6/above-maximum-payment")
  if (t.planType === "PayInFull") return reached
  const on = typeof t.asked?.on === "object" && t.asked.on !== null ? t.asked.on as Record<string, unknown> : {}
  const frequency = t.asked?.frequency
  const monthly = t.cadence.frequency === "Monthly"
  if ((monthly ? on["dayOfMonth"] : on["dayOfWeek"]) === undefined) add("R6.2/default-day")
  const weekday = on["dayOfWeek"]
  if (
    (typeof frequency === "string" && !(FREQUENCIES as ReadonlyArray<string>).includes(frequency)) ||
    (!monthly && typeof weekday === "string" && !(WEEKDAYS as ReadonlyArray<string>).includes(weekday))
  ) add("R6.2/any-case")
  reached.push(...cadenceBoundaries(t.planDay, t.completionDay, t.cadence, t.dates))
  if (t.count > 0 && t.remainder === 0) add("R5/remainder-zero")
  if (t.count > 1 && t.remainder === t.count - 1) add("R5/remainder-max")
  if (t.deposit === t.rangeMin) add("R6.4/at-min")
  if (t.deposit === t.rangeMax && t.rangeMax > t.rangeMin) add("R6.4/at-max")
  if (t.deposit === t.rangeMin - 1) add("R6.4/below-min")
  if (
    t.maximumPayment !== undefined && t.rangeMax === t.maximumPayment && t.totalCost - t.minimumPayment > t.rangeMax
  ) {
    add("R6.4/max-capped")
  }
  if (t.undropped !== undefined && t.count < t.undropped) add("R6.5/dropped")
  return reached
}

/**
 * The classes of R6.3 a cadence reaches from a plan date to a completion
 * date, with the instalment dates it gives.
 *
 * @since 0.2.0
 */
export const cadenceBoundaries = (
  planDay: Time.EpochDay,
  completionDay: Time.EpochDay,
  cadence: ResolvedCadence,
  dates: ReadonlyArray<Time.EpochDay>
): Array<string> => {
  const reached: Array<string> = []
  const { day, month, year } = Time.civil(planDay)
  if (cadence.frequency === "Monthly") {
    const d = cadence.dayOfMonth
    const inPlanMonth = Math.min(d, Time.daysInMonth(year, month))
    if (inPlanMonth === day) reached.push("R6.3/monthly-today")
    if (inPlanMonth > day && dates.length > 0) reached.push("R6.3/monthly-after-today")
    if (d >= 28) reached.push("R6.3/monthly-late-day")
    const clamped = dates.some((date) => {
      const at = Time.civil(date)
      return at.day < d && at.day === Time.daysInMonth(at.year, at.month)
    })
    if (clamped) reached.push("R6.3/monthly-clamped")
  } else if (cadence.dayOfWeek === Time.weekday(planDay) && dates.length > 0) {
    reached.push("R6.3/weekly-own-weekday")
  }
  if (dates.length > 0 && dates[dates.length - 1] === completionDay) reached.push("R6.3/on-completion")
  return reached
}

/**
 * What {@link refundBoundaries} reads of a calculated plan: its items as they were
 * sent (their own policies, if any), what was paid, and the calculation.
 *
 * @since 0.2.0
 */
export interface RefundFacts {
  readonly exponent: number
  /** Days remaining per item (R7.1), in the plan's zone at the calculation's instant. */
  readonly daysRemaining: ReadonlyArray<number>
  /** The same counted from UTC's today, when known (a service counting in UTC would use them). */
  readonly utcDaysRemaining?: ReadonlyArray<number> | undefined
  /** Each item's policies as the calculation used them (its own, else the merchant's). */
  readonly policies: ReadonlyArray<
    ReadonlyArray<{ readonly daysWithinRedemptionDate: number; readonly refundablePercentage: number }>
  >
  readonly calculation: RefundCalculation
}

/**
 * The classes of R1.5 (a refundable part on a half), R7.2, R7.4, R7.5 and
 * R7.6 a calculation reaches.
 *
 * @since 0.2.0
 */
export const refundBoundaries = (f: RefundFacts): Array<string> => {
  const reached = new Set<string>()
  const minor = (n: number) => Money.toMinorUnits(n, f.exponent) as number
  f.calculation.items.forEach((item, i) => {
    const policies = f.policies[i] ?? []
    const days = policies.map((p) => p.daysWithinRedemptionDate)
    const remaining = f.daysRemaining[i]
    const line = minor(item.totalCost)
    for (const policy of policies) {
      const parity = halfParity(line, policy.refundablePercentage)
      if (parity !== undefined) reached.add(`R1.5/refund-half-${parity}`)
    }
    if (remaining !== undefined) {
      if (days.includes(remaining)) reached.add("R7.2/exact-day")
      if (days.includes(remaining - 1)) reached.add("R7.2/day-before")
      if (days.includes(remaining + 1)) reached.add("R7.2/day-after")
    }
    const active = item.activeRefundPolicyIndex
    const utc = f.utcDaysRemaining?.[i]
    if (utc !== undefined && remaining !== undefined && activeOf(days, utc) !== activeOf(days, remaining)) {
      reached.add("R7.1/zone-day")
    }
    if (days.length > 0 && active < 0) reached.add("R7.2/none-active")
    if (active >= 0 && days.filter((d) => d === days[active]).length > 1) reached.add("R7.2/tie")
    const kept = minor(item.minNonRefundableDeposit)
    const policyPart = active < 0 ? 0 : minor(item.refundPolicies[active]?.nonRefundableAmount ?? 0)
    if (kept > 0) reached.add("R7.4/deposit-kept")
    if (active >= 0 && kept > policyPart) reached.add("R7.5/deposit-greater")
    if (active >= 0 && policyPart > kept) reached.add("R7.5/policy-greater")
  })
  const paid = minor(f.calculation.totalPaymentsPaid)
  const kept = minor(f.calculation.totalNonRefundableAmount)
  if (paid < kept) reached.add("R7.6/paid-below")
  if (paid === kept) reached.add("R7.6/paid-at")
  if (paid === kept + 1) reached.add("R7.6/paid-just-above")
  return [...reached]
}

/** R7.2's active policy for `remaining` days, as plain arithmetic: the smallest days ≥ it, the first on a tie. */
const activeOf = (days: ReadonlyArray<number>, remaining: number): number => {
  let active = -1
  days.forEach((d, i) => {
    if (d >= remaining && (active < 0 || d < days[active]!)) active = i
  })
  return active
}

// ---------------------------------------------------------------------------
// Generators for the property suite: each class of a rule weighted alike

/**
 * A cadence at R6.3's boundaries for a plan date: on its own weekday, on its
 * day of month, on a later day this month, on days 28–31, or any.
 *
 * @since 0.2.0
 */
export const boundaryCadence = (planDay: Time.EpochDay): fc.Arbitrary<ResolvedCadence> => {
  const { day, month, year } = Time.civil(planDay)
  const last = Time.daysInMonth(year, month)
  const weekly = fc.constantFrom("Weekly" as const, "Fortnightly" as const)
  return fc.oneof(
    weekly.map((frequency) => ({ frequency, dayOfWeek: Time.weekday(planDay) })),
    fc.constant({ frequency: "Monthly" as const, dayOfMonth: day }),
    day < last
      ? fc.integer({ min: day + 1, max: last }).map((d) => ({ frequency: "Monthly" as const, dayOfMonth: d }))
      : fc.constant({ frequency: "Monthly" as const, dayOfMonth: 31 }),
    fc.integer({ min: 28, max: 31 }).map((d) => ({ frequency: "Monthly" as const, dayOfMonth: d })),
    fc.oneof(
      fc.record({ frequency: weekly, dayOfWeek: fc.integer({ min: 0, max: 6 }) }),
      fc.record({ frequency: fc.constant("Monthly" as const), dayOfMonth: fc.integer({ min: 1, max: 31 }) })
    )
  )
}

/**
 * The deposits at R6.4's boundaries for a deposit range of `min..max` minor
 * units: at its minimum, at its maximum, one minor unit below its minimum.
 *
 * @example
 * ```ts
 * depositEdges(2800, 109000) // [2800, 109000, 2799]
 * ```
 * @since 0.2.0
 */
export const depositEdges = (min: number, max: number): Array<number> => [min, max, min - 1].filter((d) => d >= 0)

/**
 * A Percentage minimum deposit of a cost of `costMinor` minor units, on an
 * exact half of either parity (R1.5) half of the time, any percentage else.
 *
 * @since 0.2.0
 */
export const boundaryPercentage = (costMinor: number): fc.Arbitrary<number> =>
  fc.oneof(
    fc.tuple(fc.constantFrom("even" as const, "odd" as const), fc.integer({ min: 1, max: 9999 })).map((
      [parity, from]
    ) => percentageAtHalf(costMinor, parity, from) ?? from / 100),
    fc.oneof(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 10_000 }).map((n) => n / 100))
  )

/** A plan to calculate as the testing kit's `refundPlan` draws it (amounts in major units, R7.1). */
export interface RefundCase {
  readonly currencyCode: string
  readonly totalPaymentsPaid: number
  readonly timeZone: string
  readonly items: ReadonlyArray<{
    readonly costPerItem: number
    readonly quantity: number
    readonly redemptionDate: string
    readonly refundPolicies?: ReadonlyArray<RefundPolicy> | undefined
  }>
}

/**
 * A plan and the instant it is calculated at, steered onto R7's boundaries: the
 * first item's days remaining equal to one of its policies' days, or a day
 * either side (R7.2); its last policy's refundable part on an exact half
 * (R1.5); and what was paid one minor unit below, at or above the
 * non-refundable total (R7.6), as the engine calculates it.
 *
 * @since 0.2.0
 */
export const boundaryRefundCase = <P extends RefundCase>(plan: P, at: number): fc.Arbitrary<{ plan: P; at: number }> =>
  fc.record({
    policy: fc.nat({ max: 7 }),
    shift: fc.constantFrom(-1, 0, 1),
    paid: fc.constantFrom(-1, 0, 1),
    parity: fc.constantFrom("even" as const, "odd" as const),
    hour: fc.integer({ min: 0, max: 20 })
  }).map(({ hour, paid, parity, policy, shift }) => {
    const exponent = Currency.isoExponent(plan.currencyCode) ?? 2
    const first = plan.items[0]!
    const policies = [...(first.refundPolicies ?? [])]
    let calculationAt = at
    if (policies.length > 0) {
      const days = policies[policy % policies.length]!.daysWithinRedemptionDate
      const parsed = Time.parseDateOrInstant(first.redemptionDate)
      const redemption = parsed === undefined
        ? undefined
        : parsed._tag === "Date"
        ? parsed.day
        : Time.localDay(parsed.ms, plan.timeZone)
      if (redemption !== undefined) {
        calculationAt = Time.startOfDay(redemption - days - shift, plan.timeZone) + hour * 3_600_000
      }
      const line = (Money.toMinorUnits(first.costPerItem, exponent) as number) * first.quantity
      const half = percentageAtHalf(line, parity, 1 + ((hour * 997) % 9999))
      if (half !== undefined) {
        policies[policies.length - 1] = { ...policies[policies.length - 1]!, refundablePercentage: half }
      }
    }
    const steered = { ...plan, items: [{ ...first, refundPolicies: policies }, ...plan.items.slice(1)] }
    const calculation = calculateResult(steered, { at: calculationAt })
    if (Result.isFailure(calculation)) return { plan: steered, at: calculationAt }
    const kept = Money.toMinorUnits(calculation.success.totalNonRefundableAmount, exponent) as number
    const totalPaymentsPaid = Money.fromMinorUnits(Math.max(0, kept + paid), exponent)
    return { plan: { ...steered, totalPaymentsPaid }, at: calculationAt }
  })
