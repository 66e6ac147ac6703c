/**
 * The plan-terms kernel (R5, R6): from inputs already read (a checkout priced in
 * minor units, the plan date, the request's cadence and deposit, the payment
 * bounds) to the whole {@link PlanTerms} object: the deposit and its range
 * (R6.4), the instalments with the minimum-payment rule (R6.5), the validation
 * entries (R6.6), the deposit strategies (R6.7), PayInFull (R6.8) and the
 * schedule with its dates (R6.9).
 *
 * Schema-free on purpose: `computeResult` (terms.ts) reads its inputs with the
 * core's schemas and then calls {@link termsOf}; the product-page element of
 * `payment-plan-engine/messaging/element` reads its attributes and calls the
 * same function, so the element and `computePlanTerms` share one definition of
 * each rule and stay a few kilobytes (docs/messaging.md).
 *
 * @module
 */
import type { PlanType } from "../checkout/enumerations.ts"
import * as Currency from "../foundation/currency.ts"
import { fromMinorUnits, MAX_MINOR_UNITS, percentageOf, split, toMinorUnits } from "../foundation/money.ts"
import { type EpochDay, FIRST_DAY, formatDate, LAST_DAY } from "../foundation/time/calendar.ts"
import { localDay } from "../foundation/time/zone.ts"
import { exhaustive } from "../internal/exhaustive.ts"
import { describe, type Issue, issue } from "../internal/issue.ts"
import type { MerchantConfigurationResponse } from "../merchant/configuration.ts"
import type { Cadence } from "./request.ts"
import type { PlanTerms, ScheduledPayment, TermsValidation } from "./response.ts"
import { cadenceDates, cadenceJson, resolveCadence } from "./schedule.ts"

/**
 * What plan terms need of a checkout, amounts in minor units.
 *
 * @category Plan terms
 * @since 0.1.0
 */
export interface TermsCheckout {
  /** the checkout's `id` when it is a response */
  readonly id: string | undefined
  readonly currencyCode: string
  readonly exponent: number
  readonly totalCost: number
  readonly totalMinimumDeposit: number
  /** R2.4, in the request's time zone */
  readonly completionDay: EpochDay
  readonly redirectURL: string | undefined
}

/**
 * How the deposit is chosen when the request names none (R6.7).
 *
 * @category Plan terms
 * @since 0.1.0
 */
export const DEPOSIT_STRATEGIES = ["minimum", "even"] as const

/**
 * How the deposit of merchant-assisted terms is chosen: `minimum` or `even` (R6.7).
 *
 * @category Plan terms
 * @since 0.1.0
 */
export type DepositStrategy = (typeof DEPOSIT_STRATEGIES)[number]

/**
 * The currency's payment bounds in minor units (R6.4).
 *
 * @category Plan terms
 * @since 0.1.0
 */
export interface PaymentBounds {
  /** `minimumPaymentAmount`: at least one minor unit */
  readonly minimum: number
  /** `maximumPaymentAmount`, when the merchant configuration sets one */
  readonly maximum: number | undefined
}

/** A configured amount in minor units: read tolerantly (R9), rounded half-up to the currency (R1.5). */
const configuredAmount = (value: unknown, exponent: number): number | undefined => {
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0) return undefined
  const exact = toMinorUnits(value, exponent)
  if (typeof exact === "number") return exact
  // value × 10^exponent rounded half-up, exactly: value % of 100 × 10^exponent
  return exact === "precision" ? percentageOf(100 * 10 ** exponent, value) : MAX_MINOR_UNITS
}

/**
 * The currency's `minimumPaymentAmount` and `maximumPaymentAmount` from the
 * merchant configuration (R6.4). Without a configuration, or without the
 * currency in it, the minimum is one minor unit and there is no maximum. A
 * configured minimum below one minor unit counts as one: a payment of nothing
 * is no payment.
 *
 * @example
 * ```ts
 * import { PlanTerms } from "payment-plan-engine"
 * PlanTerms.paymentBounds(undefined, "AUD", 2) // { minimum: 1, maximum: undefined }
 * PlanTerms.paymentBounds({ currencies: [{ currencyCode: "AUD", minimumPaymentAmount: 10, maximumPaymentAmount: 2000 }] }, "AUD", 2)
 * // { minimum: 1000, maximum: 200000 }
 * ```
 * @category Plan terms
 * @since 0.1.0
 */
export const paymentBounds = (
  merchant: MerchantConfigurationResponse | undefined,
  currencyCode: string,
  exponent: number
): PaymentBounds => {
  const settings = Currency.merchantCurrency(merchant, currencyCode)
  const minimum = configuredAmount(settings?.minimumPaymentAmount, exponent)
  const maximum = configuredAmount(settings?.maximumPaymentAmount, exponent)
  return { minimum: Math.max(1, minimum ?? 1), maximum: maximum !== undefined && maximum > 0 ? maximum : undefined }
}

/**
 * The deposit range (R6.4): `min = max(totalMinimumDeposit, minimumPaymentAmount)`,
 * `max = totalCost − minimumPaymentAmount`, no more than `maximumPaymentAmount`
 * when one is set, and never below 0. When `max < min` no deposit is acceptable.
 *
 * @category Plan terms
 * @since 0.1.0
 */
export const depositRange = (
  totalCost: number,
  totalMinimumDeposit: number,
  bounds: PaymentBounds
): { readonly min: number; readonly max: number } => {
  const min = Math.max(totalMinimumDeposit, bounds.minimum)
  const max = Math.max(0, Math.min(totalCost - bounds.minimum, bounds.maximum ?? Infinity))
  return { min, max }
}

/**
 * Inputs of {@link termsInMinorUnits}, amounts in minor units.
 *
 * @category Plan terms
 * @since 0.1.0
 */
export interface TermsInput {
  readonly planType: PlanType
  readonly totalCost: number
  readonly totalMinimumDeposit: number
  readonly bounds: PaymentBounds
  /** the request's deposit (already in the currency's precision), if any */
  readonly deposit: number | undefined
  readonly strategy: DepositStrategy
  /** how many cadence dates lie after the plan date and on or before the completion date (R6.3) */
  readonly dateCount: number
}

/**
 * Terms in minor units.
 *
 * @category Plan terms
 * @since 0.1.0
 */
export interface TermsInMinorUnits {
  /** the deposit as the terms state it (the request's, or the strategy's) */
  readonly deposit: number
  readonly range: { readonly min: number; readonly max: number }
  /** each instalment */
  readonly each: number
  /** paid with the first payment (R5.2) */
  readonly remainder: number
  /** instalments after R6.5 dropped what it had to */
  readonly count: number
  /** payment 1: the deposit (at most totalCost) with the remainder */
  readonly firstPayment: number
  /** R6.6 keys, without their values */
  readonly problems: ReadonlyArray<
    | "deposit.below_minimum"
    | "deposit.above_maximum"
    | "installments.unavailable"
    | "installments.above_maximum_payment"
  >
}

/**
 * The amounts of plan terms (R6.4–R6.8), in minor units. The deposit charged
 * is at most `totalCost`; the rest is split over the instalment dates (R5),
 * dropping the last ones while an instalment would be below the minimum
 * payment (R6.5). The first payment, the instalments and the remainder add up
 * to `totalCost` exactly.
 *
 * @example
 * ```ts
 * import { PlanTerms } from "payment-plan-engine"
 * PlanTerms.termsInMinorUnits({ planType: "Installment", totalCost: 110000, totalMinimumDeposit: 28000,
 *   bounds: { minimum: 1, maximum: undefined }, deposit: undefined, strategy: "minimum", dateCount: 11 })
 * // { deposit: 28000, each: 7454, remainder: 6, count: 11, firstPayment: 28006, … }
 * ```
 * @category Plan terms
 * @since 0.1.0
 */
export const termsInMinorUnits = (input: TermsInput): TermsInMinorUnits => {
  const { totalCost, bounds } = input
  const range = depositRange(totalCost, input.totalMinimumDeposit, bounds)
  const problems: Array<TermsInMinorUnits["problems"][number]> = []
  const aboveMaximumPayment = (payment: number) => bounds.maximum !== undefined && payment > bounds.maximum

  if (input.planType === "PayInFull") {
    // R6.8: one payment of everything; the deposit range does not apply to it.
    if (aboveMaximumPayment(totalCost)) problems.push("installments.above_maximum_payment")
    return { deposit: totalCost, range, each: 0, remainder: 0, count: 0, firstPayment: totalCost, problems }
  }

  let deposit: number
  let each: number
  let remainder: number
  let count: number
  const even = input.deposit === undefined && input.strategy === "even"
    ? Math.trunc(totalCost / (input.dateCount + 1))
    : -1
  if (even >= range.min) {
    // R6.7 even: every payment is `even`; the remainder goes with the first.
    deposit = even
    count = input.dateCount
    each = count > 0 ? even : 0
    remainder = totalCost - (count + 1) * even
  } else {
    deposit = input.deposit ?? range.min
    const rest = totalCost - Math.min(deposit, totalCost)
    // R6.5: the largest count whose instalment meets the minimum payment;
    // trunc(rest / k) ≥ minimum exactly when k ≤ trunc(rest / minimum).
    count = Math.min(input.dateCount, Math.trunc(rest / bounds.minimum))
    ;({ each, remainder } = split(rest, count))
  }
  const firstPayment = Math.min(deposit, totalCost) + remainder

  if (deposit < range.min) problems.push("deposit.below_minimum")
  if (deposit > range.max) problems.push("deposit.above_maximum")
  if (count === 0) problems.push("installments.unavailable")
  if (aboveMaximumPayment(firstPayment) || (count > 0 && aboveMaximumPayment(each))) {
    problems.push("installments.above_maximum_payment")
  }
  return { deposit, range, each, remainder, count, firstPayment, problems }
}

/**
 * A deposit asked for, in minor units: rounded half-up to the currency when it
 * had more digits, which the terms then say (`deposit.precision`, R6.6).
 *
 * @since 0.2.0
 */
export interface RequestedDeposit {
  readonly deposit: number
  readonly rounded: boolean
}

/**
 * The request's deposit in the currency's precision: too many digits are
 * rounded half-up, and say so (R6.6); an amount beyond exact range is an issue.
 *
 * Not exported by the package: the core and the messaging element call it (test/core/plan-terms/kernel.test.ts).
 * @since 0.2.0
 */
export const requestedDeposit = (
  asked: number,
  exponent: number
): RequestedDeposit | Issue => {
  const minor = toMinorUnits(asked, exponent)
  if (minor === "range" || minor === "type") {
    return issue("deposit.amount", "range", "R1.1", `is beyond the largest exact amount: ${describe(asked)}`)
  }
  return minor === "precision"
    ? { deposit: percentageOf(100 * 10 ** exponent, asked), rounded: true }
    : { deposit: minor, rounded: false }
}

/** The validation entries of terms that are computed but unacceptable (R6.6), each with its value. */
const validationOf = (
  t: TermsInMinorUnits,
  rounded: boolean,
  priced: TermsCheckout,
  bounds: PaymentBounds
): Array<TermsValidation> => {
  const money = (minor: number) => String(fromMinorUnits(minor, priced.exponent))
  const validation: Array<TermsValidation> = []
  if (rounded) validation.push({ key: "deposit.precision", value: String(priced.exponent) })
  for (const key of t.problems) {
    switch (key) {
      case "deposit.below_minimum":
        validation.push({ key, value: money(t.range.min) })
        break
      case "deposit.above_maximum":
        validation.push({ key, value: money(t.range.max) })
        break
      case "installments.unavailable":
        validation.push({ key, value: formatDate(priced.completionDay) })
        break
      case "installments.above_maximum_payment":
        validation.push({ key, value: money(bounds.maximum!) })
        break
      default:
        exhaustive(key)
    }
  }
  return validation
}

/** The schedule (R6.9): payment 1, the deposit with the remainder, on the plan date, then each instalment on its date. */
const scheduleOf = (
  t: TermsInMinorUnits,
  planDay: EpochDay,
  dates: ReadonlyArray<EpochDay>,
  exponent: number
): Array<ScheduledPayment> => {
  const schedule: Array<ScheduledPayment> = new Array(t.count + 1)
  schedule[0] = {
    installmentNumber: 1,
    date: formatDate(planDay),
    amount: fromMinorUnits(t.firstPayment, exponent)
  }
  const each = fromMinorUnits(t.each, exponent)
  for (let i = 0; i < t.count; i++) {
    schedule[i + 1] = { installmentNumber: i + 2, date: formatDate(dates[i]!), amount: each }
  }
  return schedule
}

/**
 * The plan date (R6.1): `now` as a calendar date in `timeZone`, or the issue
 * when it falls outside 0001-01-01..9999-12-31 there (dates are written with
 * four-digit years, and a plan from year −270000 would list millions of dates).
 *
 * Not exported by the package: the core and the messaging element call it (test/core/plan-terms/kernel.test.ts).
 * @since 0.2.0
 */
export const planDayOrIssue = (now: number, timeZone: string): EpochDay | Issue => {
  const planDay = localDay(now, timeZone)
  return planDay < FIRST_DAY || planDay > LAST_DAY
    ? issue("now", "range", "R3.1", "must fall between 0001-01-01 and 9999-12-31 in the request's time zone")
    : planDay
}

/**
 * Inputs of {@link termsOf}: everything already read and checked.
 *
 * @since 0.2.0
 */
export interface TermsOfInput {
  readonly planType: PlanType
  readonly checkout: TermsCheckout
  /** R6.1, from {@link planDayOrIssue} */
  readonly planDay: EpochDay
  /** the request's cadence as validated (names in any case, R6.2); defaults are filled here */
  readonly cadence: Cadence | undefined
  readonly bounds: PaymentBounds
  /** the request's deposit, from {@link requestedDeposit}; ignored for PayInFull (R6.8) */
  readonly requested: RequestedDeposit | undefined
  readonly strategy: DepositStrategy
}

/**
 * The plan terms (R6) from inputs already read: the one computation behind
 * `computePlanTerms`, `planMessage` and the `<payment-plan-message>` element.
 * Amounts are JSON numbers in the currency's digits; the schedule's dates are
 * calendar dates `YYYY-MM-DD` (R6.9).
 *
 * Not exported by the package: the core and the messaging element call it (test/core/plan-terms/kernel.test.ts).
 * @since 0.2.0
 */
export const termsOf = (input: TermsOfInput): PlanTerms => {
  const { planType, checkout, planDay, bounds } = input
  const { exponent } = checkout
  const cadence = resolveCadence(input.cadence, planDay)
  const dates = planType === "PayInFull" ? [] : cadenceDates(planDay, checkout.completionDay, cadence)
  const requested = planType === "PayInFull" ? undefined : input.requested
  const t = termsInMinorUnits({
    planType,
    totalCost: checkout.totalCost,
    totalMinimumDeposit: checkout.totalMinimumDeposit,
    bounds,
    deposit: requested?.deposit,
    strategy: input.strategy,
    dateCount: dates.length
  })
  const money = (minor: number) => fromMinorUnits(minor, exponent)
  const result: PlanTerms = {
    type: "plan",
    planType,
    deposit: { amount: money(t.deposit), range: { min: money(t.range.min), max: money(t.range.max) } },
    installments: {
      amount: money(t.each),
      remainder: money(t.remainder),
      count: t.count,
      cadence: cadenceJson(cadence),
      validation: validationOf(t, requested?.rounded === true, checkout, bounds)
    },
    totalCost: money(checkout.totalCost),
    currencyCode: checkout.currencyCode,
    schedule: scheduleOf(t, planDay, dates, exponent)
  }
  return checkout.redirectURL === undefined ? result : { ...result, redirectURL: checkout.redirectURL }
}
