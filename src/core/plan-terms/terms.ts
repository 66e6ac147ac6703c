/**
 * Plan terms (R6): the deposit and its range (R6.4), instalment amounts with
 * the minimum-payment rule (R6.5), validation entries (R6.6), deposit
 * strategies (R6.7), PayInFull (R6.8) and the schedule (R6.9).
 *
 * The calculation works in integer minor units ({@link termsInMinorUnits});
 * {@link computeResult} reads the inputs and writes JSON numbers.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import type { PlanType } from "../checkout/request.ts"
import * as Currency from "../foundation/currency.ts"
import { fail, type ValidationError } from "../foundation/issues.ts"
import { fromMinorUnits, MAX_MINOR_UNITS, percentageOf, split, toMinorUnits } from "../foundation/money.ts"
import * as Time from "../foundation/time/index.ts"
import { exhaustive } from "../internal/exhaustive.ts"
import { describe, type Issue, issue } from "../internal/issue.ts"
import type { MerchantConfigurationResponse } from "../merchant/configuration.ts"
import { readCheckoutResult, type TermsCheckout } from "./checkout.ts"
import { type PlanTermsRequest, validateRequestResult } from "./request.ts"
import type { PlanTerms, ScheduledPayment, TermsValidation } from "./response.ts"
import { cadenceDates, cadenceJson, resolveCadence } from "./schedule.ts"

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
 * Options of {@link computeResult}.
 *
 * @category Plan terms
 * @since 0.1.0
 */
export interface ComputeOptions {
  /** The instant the terms are computed at: its date in the request's zone is the plan date (R6.1). */
  readonly now: Time.InstantInput
  /** The merchant configuration: payment bounds (R6.4), default deposits and deadlines (R2), zero-decimal currencies. */
  readonly merchant?: MerchantConfigurationResponse | undefined
  /** How the deposit is chosen when the request names none (R6.7); default `minimum`. */
  readonly depositStrategy?: DepositStrategy | undefined
}

const STRATEGIES: ReadonlySet<unknown> = new Set(DEPOSIT_STRATEGIES)

const optionIssues = (options: ComputeOptions | undefined, now: number | undefined): Array<Issue> => {
  const issues: Array<Issue> = []
  if (now === undefined) {
    issues.push(
      issue(
        "now",
        "format",
        "R3.1",
        `must be a valid instant (Date, epoch milliseconds or RFC 3339 date-time), got ${describe(options?.now)}`
      )
    )
  }
  const strategy = options?.depositStrategy
  if (strategy !== undefined && !STRATEGIES.has(strategy)) {
    issues.push(issue("depositStrategy", "enum", "R6.7", `must be one of "minimum", "even", got ${describe(strategy)}`))
  }
  return issues
}

/** The request, the checkout and `now`, read and checked. */
interface Inputs {
  readonly now: number
  readonly terms: PlanTermsRequest
  readonly priced: TermsCheckout
}

/**
 * Reads the options, the plan-terms request and the checkout (priced in the request's zone), and
 * checks that the request names the checkout (R6): the inputs, or every issue of them.
 */
const readInputs = (
  checkout: unknown,
  request: unknown,
  options: ComputeOptions
): Result.Result<Inputs, ValidationError> => {
  const now = Time.toEpochMillis(options?.now)
  const issues = optionIssues(options, now)
  const validated = validateRequestResult(request)
  if (Result.isFailure(validated)) issues.push(...validated.failure.issues)
  const terms = Result.isSuccess(validated) ? validated.success.value : undefined
  // A bad zone is the request's issue; the checkout is still read, for its own.
  const read = readCheckoutResult(checkout, terms?.timeZone ?? "UTC", options?.merchant)
  if (Result.isFailure(read)) issues.push(...read.failure.issues)
  if (issues.length > 0 || terms === undefined || now === undefined || Result.isFailure(read)) return fail(issues)
  const priced = read.success
  if (priced.id !== undefined && priced.id !== terms.checkoutId) {
    return fail([
      issue(
        "checkoutId",
        "conflict",
        "R6",
        `must be the id of the checkout, ${describe(priced.id)}, got ${describe(terms.checkoutId)}`
      )
    ])
  }
  return Result.succeed({ now, terms, priced })
}

/** The request's deposit in the currency's precision: too many digits are rounded half-up, and say so (R6.6). */
const requestedDeposit = (
  asked: number,
  exponent: number
): { readonly deposit: number; readonly rounded: boolean } | Issue => {
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
        validation.push({ key, value: Time.formatDate(priced.completionDay) })
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
  planDay: Time.EpochDay,
  dates: ReadonlyArray<Time.EpochDay>,
  exponent: number
): Array<ScheduledPayment> => {
  const schedule: Array<ScheduledPayment> = new Array(t.count + 1)
  schedule[0] = {
    installmentNumber: 1,
    date: Time.formatDate(planDay),
    amount: fromMinorUnits(t.firstPayment, exponent)
  }
  const each = fromMinorUnits(t.each, exponent)
  for (let i = 0; i < t.count; i++) {
    schedule[i + 1] = { installmentNumber: i + 2, date: Time.formatDate(dates[i]!), amount: each }
  }
  return schedule
}

/**
 * {@link compute} as a synchronous `Result`, for hot loops and for adapters.
 *
 * @example
 * ```ts
 * import * as Result from "effect/Result"
 * import { PlanTerms } from "payment-plan-engine"
 * const terms = PlanTerms.computeResult(checkoutRequest, { checkoutId: "chk_1", type: "plan", timeZone: "Australia/Sydney" }, { now: "2026-11-22T09:30:00Z" })
 * if (Result.isSuccess(terms)) terms.success.schedule // [{ installmentNumber: 1, date: "2026-11-22", amount: … }, …]
 * ```
 * @category Plan terms
 * @since 0.1.0
 */
export const computeResult = (
  checkout: unknown,
  request: unknown,
  options: ComputeOptions
): Result.Result<PlanTerms, ValidationError> => {
  const inputs = readInputs(checkout, request, options)
  if (Result.isFailure(inputs)) return Result.fail(inputs.failure)
  const { now, priced, terms } = inputs.success
  const planType = terms.planType ?? "Installment"
  const { exponent } = priced
  const asked = terms.deposit?.amount
  const requested = asked === undefined || planType === "PayInFull" ? undefined : requestedDeposit(asked, exponent)
  if (requested !== undefined && "code" in requested) return fail([requested])

  const planDay = Time.localDay(now, terms.timeZone)
  if (planDay < Time.FIRST_DAY || planDay > Time.LAST_DAY) {
    // dates are written with four-digit years, and a plan from year −270000 would list millions of dates
    return fail([
      issue("now", "range", "R3.1", "must fall between 0001-01-01 and 9999-12-31 in the request's time zone")
    ])
  }
  const cadence = resolveCadence(terms.installments?.cadence, planDay)
  const dates = planType === "PayInFull" ? [] : cadenceDates(planDay, priced.completionDay, cadence)
  const bounds = paymentBounds(options.merchant, priced.currencyCode, exponent)
  const t = termsInMinorUnits({
    planType,
    totalCost: priced.totalCost,
    totalMinimumDeposit: priced.totalMinimumDeposit,
    bounds,
    deposit: requested?.deposit,
    strategy: options.depositStrategy ?? "minimum",
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
      validation: validationOf(t, requested?.rounded === true, priced, bounds)
    },
    totalCost: money(priced.totalCost),
    currencyCode: priced.currencyCode,
    schedule: scheduleOf(t, planDay, dates, exponent)
  }
  return Result.succeed(priced.redirectURL === undefined ? result : { ...result, redirectURL: priced.redirectURL })
}

/**
 * Computes the plan terms of a checkout (R6), as the service's
 * compute-plan-terms response, with `schedule`: every payment as
 * `{ installmentNumber, date, amount }`, number 1 the deposit with the
 * remainder on the plan date (R6.9). `checkout` is a create-checkout request
 * or a checkout response. Invalid input (the request, the checkout, `now`)
 * fails with a `ValidationError` naming every issue; terms that can be computed
 * but are unacceptable carry `installments.validation` entries instead (R6.6).
 *
 * @example
 * ```ts
 * import * as Effect from "effect/Effect"
 * import { PlanTerms } from "payment-plan-engine"
 * const terms = Effect.runSync(
 *   PlanTerms.compute(checkoutRequest, { checkoutId: "chk_1", type: "plan", timeZone: "Australia/Sydney",
 *     installments: { cadence: { frequency: "Fortnightly", on: { dayOfWeek: "Friday" } } } }, { now: new Date() })
 * )
 * ```
 * @category Plan terms
 * @since 0.1.0
 */
export const compute = (
  checkout: unknown,
  request: unknown,
  options: ComputeOptions
): Effect.Effect<PlanTerms, ValidationError> => Effect.fromResult(computeResult(checkout, request, options))
