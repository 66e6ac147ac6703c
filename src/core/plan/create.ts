/**
 * Building a plan record from a checkout and the plan terms the customer chose
 * (R2, R6.9): every field of the description's plan record that can be known.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import * as Struct from "effect/Struct"
import { atLeastOneItem, CheckoutItem, CheckoutRequest, PLAN_TYPES, type PlanType } from "../checkout/request.ts"
import { expiryMinutes, priceResult } from "../checkout/totals.ts"
import { MINIMUM_DEPOSIT_UNITS } from "../deposit/minimum-deposit.ts"
import * as Currency from "../foundation/currency.ts"
import { fail, type ValidationError } from "../foundation/issues.ts"
import { amountIssues, fromMinorUnits } from "../foundation/money.ts"
import * as Time from "../foundation/time/index.ts"
import { describe, type Issue, issue, prefixPath } from "../internal/issue.ts"
import { isRecord } from "../internal/predicates.ts"
import { PatternText, reshape, WholeNumber } from "../internal/schema-kit.ts"
import { compileValidator } from "../internal/validator.ts"
import { decodeResult } from "../merchant/configuration.ts"
import { type Frequency, frequencyOf, type Weekday, weekdayOf, WEEKDAYS } from "../plan-terms/request.ts"
import { PERCENTAGE_REFUNDABLE_DAYS_WITHIN_REDEMPTION_DATE } from "../refund/policy.ts"
import { type Installment, type Plan, PlanCreatedByUser, type PlanItem, PlanMerchant, PlanUser } from "./record.ts"

/**
 * What a plan is built from of a checkout: a create-checkout request or the
 * service's response (items may carry their `id`; `createdAt` dates the expiry).
 *
 * @since 0.1.0
 */
export const PlannableCheckout = reshape(
  reshape(
    CheckoutRequest,
    Struct.pick(["merchantId", "merchantOrderId", "externalCode", "currencyCode", "expiry", "planType"])
  ),
  Struct.assign({
    id: Schema.optionalKey(Schema.String),
    createdAt: Schema.optionalKey(Schema.String),
    items: Schema.Array(reshape(CheckoutItem, Struct.assign({ id: Schema.optionalKey(Schema.String) }))).check(
      atLeastOneItem
    )
  })
)

/**
 * @since 0.1.0
 */
export type PlannableCheckout = typeof PlannableCheckout.Type

/**
 * What a plan is built from of the chosen plan terms: the schedule of R6.9,
 * every payment as `{ installmentNumber, date, amount }`, 1 being the deposit.
 * The rest of a plan-terms response (cadence, planType) is read when present.
 *
 * @since 0.1.0
 */
export const ChosenSchedule = Schema.Struct({
  schedule: Schema.Array(
    Schema.Struct({
      installmentNumber: WholeNumber(1, "R6.9"),
      date: Schema.String,
      amount: Schema.Number
    })
  ).check(atLeastOneItem)
})

const checkCheckout = compileValidator(PlannableCheckout, { rule: "R4.1", unknownKeys: "ignore" })
const checkTerms = compileValidator(ChosenSchedule, { rule: "R6.9", unknownKeys: "ignore" })
const checkPlanId = compileValidator(Schema.Struct({ planId: PatternText(1, 256) }), {
  rule: "R4.1",
  unknownKeys: "ignore"
})
// what the record shows of the merchant and the people: written into it as given, so checked first
const checkShown = compileValidator(
  Schema.Struct({
    planMerchant: Schema.optionalKey(PlanMerchant),
    user: Schema.optionalKey(PlanUser),
    createdByUser: Schema.optionalKey(PlanCreatedByUser),
    checkoutUrl: Schema.optionalKey(Schema.String)
  }),
  { rule: "R6.9", unknownKeys: "ignore" }
)

/**
 * Options of {@link create}.
 *
 * @since 0.1.0
 */
export interface CreatePlanOptions {
  /** The instant the plan is created: `createdAt`, `updatedAt` (R3.1). */
  readonly now: Time.InstantInput
  /** The plan's id. */
  readonly planId: string
  /** The customer (the record's `user`). */
  readonly user?: PlanUser | undefined
  /**
   * The merchant configuration, as every function takes it: zero-decimal currencies and payment
   * bounds (R1.2, R6.4).
   */
  readonly merchant?: unknown
  /**
   * The merchant as the record shows it, the record's `merchant` (`id`, `name`, `merchantGroupId`,
   * `serviceFeePercentage`…); default `{ id }` of the checkout's `merchantId`.
   */
  readonly planMerchant?: PlanMerchant | undefined
  /** The zone of the plan's calendar dates (R3.1); default `UTC`. Use the plan-terms request's. */
  readonly timeZone?: string | undefined
  /** Who created the plan on the merchant's side; default: the customer. */
  readonly createdByUser?: PlanCreatedByUser | undefined
  /** Where the customer completes the checkout. */
  readonly checkoutUrl?: string | undefined
}

const at = (value: unknown, ...keys: ReadonlyArray<string>): unknown => {
  let v = value
  for (const k of keys) v = isRecord(v) ? v[k] : undefined
  return v
}

/** The cadence of the record: the terms', else read off the schedule (R6.2). */
const cadenceOf = (
  terms: unknown,
  secondPaymentDay: Time.EpochDay | undefined
): { frequency: Frequency | null; dayOfWeek: Weekday | null; dayOfMonth: number | null } => {
  if (secondPaymentDay === undefined) return { frequency: null, dayOfWeek: null, dayOfMonth: null }
  const given = at(terms, "installments", "cadence", "frequency")
  const frequency = (typeof given === "string" ? frequencyOf(given) : undefined) ?? "Weekly"
  if (frequency === "Monthly") {
    const day = at(terms, "installments", "cadence", "on", "dayOfMonth")
    return {
      frequency,
      dayOfWeek: null,
      dayOfMonth: typeof day === "number" && Number.isInteger(day) && day >= 1 && day <= 31
        ? day
        : Time.civil(secondPaymentDay).day
    }
  }
  const day = at(terms, "installments", "cadence", "on", "dayOfWeek")
  const named = typeof day === "string" ? weekdayOf(day) : undefined
  return { frequency, dayOfWeek: WEEKDAYS[named ?? Time.weekday(secondPaymentDay)]!, dayOfMonth: null }
}

/** A date or date-time field as the record's instant: a calendar date starts at midnight in the zone. */
const instantOf = (parsed: Time.DateOrInstant, zone: string): number =>
  parsed._tag === "Date" ? Time.startOfDay(parsed.day, zone) : parsed.ms

const planTypeOf = (value: unknown): PlanType | undefined => PLAN_TYPES.find((type) => type === value)

const canonicalUnit = (unit: string): string =>
  MINIMUM_DEPOSIT_UNITS.find((u) => u.toLowerCase() === unit.toLowerCase()) ?? unit

/**
 * {@link create} as a synchronous `Result`.
 *
 * @since 0.1.0
 */
export const createResult = (
  checkout: unknown,
  terms: unknown,
  options: CreatePlanOptions
): Result.Result<Plan, ValidationError> => {
  const issues: Array<Issue> = []
  const now = Time.toEpochMillis(options?.now)
  if (now === undefined) {
    issues.push(issue("now", "format", "R3.1", `must be a valid instant, got ${describe(options?.now)}`))
  }
  for (const i of checkPlanId(isRecord(options) ? options : {}).issues) issues.push(i)
  for (const i of checkShown(isRecord(options) ? options : {}).issues) issues.push(i)
  const zone = options?.timeZone ?? "UTC"
  if (!Time.isTimeZone(zone)) {
    issues.push(issue("timeZone", "time_zone", "R3.1", `must be an IANA time zone name, got ${describe(zone)}`))
  }
  const configuration = decodeResult(options?.merchant, "merchant")
  if (Result.isFailure(configuration)) issues.push(...configuration.failure.issues)
  const checkedCheckout = checkCheckout(checkout)
  for (const i of checkedCheckout.issues) issues.push({ ...i, path: prefixPath("checkout", i.path) })
  const checkedTerms = checkTerms(terms)
  for (const i of checkedTerms.issues) issues.push({ ...i, path: prefixPath("terms", i.path) })
  if (issues.length > 0) return fail(issues)

  const merchantConfiguration = Result.getOrUndefined(configuration)
  const c = checkedCheckout.value
  const priced = priceResult(c, { merchant: merchantConfiguration, timeZone: zone })
  if (Result.isFailure(priced)) {
    return fail(priced.failure.issues.map((i) => ({ ...i, path: prefixPath("checkout", i.path) })))
  }
  const { exponent, totalCost, totalMinimumDeposit, completionDay } = priced.success

  // The schedule must pay exactly the checkout's total, 1..N in date order (R6.9).
  const schedule = checkedTerms.value.schedule
  const payments: Array<{ readonly amount: number; readonly due: number; readonly day: Time.EpochDay }> = []
  let sum = 0
  let previous = -Infinity
  schedule.forEach((payment, index) => {
    const path = `terms.schedule[${index}]`
    if (payment.installmentNumber !== index + 1) {
      issues.push(
        issue(
          `${path}.installmentNumber`,
          "format",
          "R6.9",
          `must be ${index + 1}: payments are numbered 1..N in order, got ${payment.installmentNumber}`
        )
      )
    }
    const amount = amountIssues(`${path}.amount`, payment.amount, exponent)
    const date = Time.parseDateOrInstant(payment.date)
    if (date === undefined) {
      issues.push(
        issue(
          `${path}.date`,
          "format",
          "R6.9",
          `must be a date YYYY-MM-DD or a date-time with an offset, got ${describe(payment.date)}`
        )
      )
    }
    if (typeof amount !== "number") issues.push(amount)
    if (typeof amount !== "number" || date === undefined) return
    const due = instantOf(date, zone)
    if (due < previous) {
      issues.push(issue(`${path}.date`, "range", "R6.9", "must not be before the previous payment's date"))
    }
    previous = due
    sum += amount
    payments.push({ amount, due, day: date._tag === "Date" ? date.day : Time.localDay(date.ms, zone) })
  })
  if (issues.length === 0 && sum !== totalCost) {
    issues.push(
      issue(
        "terms.schedule",
        "range",
        "R6.9",
        `the payments add up to ${fromMinorUnits(sum, exponent)}, the checkout's totalCost is ${
          fromMinorUnits(totalCost, exponent)
        }`
      )
    )
  }
  const termsCurrency = at(terms, "currencyCode")
  if (termsCurrency !== undefined && termsCurrency !== null && termsCurrency !== c.currencyCode) {
    issues.push(
      issue(
        "terms.currencyCode",
        "conflict",
        "R6.9",
        `is ${describe(termsCurrency)}, the checkout's is ${describe(c.currencyCode)}`
      )
    )
  }
  if (issues.length > 0) return fail(issues)

  const created = Time.formatInstant(now!)
  const checkoutCreated = (c.createdAt === undefined ? undefined : Time.parseDateTime(c.createdAt)) ?? now!
  const planId = options.planId
  const cadence = cadenceOf(terms, payments[1]?.day)
  const installments: Array<Installment> = payments.map((p, index) => ({
    installmentNumber: index + 1,
    date: Time.formatInstant(p.due),
    status: "UPCOMING",
    amount: fromMinorUnits(p.amount, exponent),
    paymentMethod: null,
    transactionId: null
  }))
  let redemption = Infinity
  const items: Array<PlanItem> = c.items.map((item, index) => {
    const pricedItem = priced.success.items[index]!
    const redeemed = instantOf(Time.parseDateOrInstant(item.redemptionDate)!, zone)
    if (redeemed < redemption) redemption = redeemed
    return {
      id: item.id ?? `${planId}-item-${index + 1}`,
      planId,
      status: "Active",
      sku: item.sku ?? null,
      merchantProductURL: item.merchantProductURL ?? null,
      quantity: item.quantity,
      description: item.description,
      costPerItem: fromMinorUnits(pricedItem.costPerItem, exponent),
      minimumDepositPerItemType: item.minimumDepositPerItem === undefined
        ? null
        : canonicalUnit(item.minimumDepositPerItem.unit),
      minimumDepositPerItemValue: item.minimumDepositPerItem?.value ?? null,
      depositRefundable: item.depositRefundable ?? true,
      redemptionDate: Time.formatInstant(redeemed),
      paymentDeadline: item.paymentDeadline ?? null,
      refundPolicies: (item.refundPolicies ?? []).map((p) => ({
        type: p.type ?? PERCENTAGE_REFUNDABLE_DAYS_WITHIN_REDEMPTION_DATE,
        daysWithinRedemptionDate: p.daysWithinRedemptionDate,
        refundablePercentage: p.refundablePercentage
      })),
      createdAt: created,
      updatedAt: created
    }
  })
  const currency = Currency.merchantCurrency(merchantConfiguration, c.currencyCode)
  const merchant = options.planMerchant ?? { id: c.merchantId }
  const termsPlanType = at(terms, "planType")
  let maxPayment = 0
  for (const p of payments) if (p.amount > maxPayment) maxPayment = p.amount
  const numberOr = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null)

  return Result.succeed({
    id: planId,
    status: "PendingDeposit",
    installmentFrequency: cadence.frequency,
    cadenceOnDayOfWeek: cadence.dayOfWeek,
    cadenceOnDayOfMonth: cadence.dayOfMonth,
    cancellationReason: null,
    cancellationDetails: null,
    cancellationDate: null,
    checkoutType: "Web",
    planType: planTypeOf(termsPlanType) ?? c.planType ?? "Installment",
    merchantId: c.merchantId,
    pausePaymentUntil: null,
    timeZone: zone,
    serviceFeePercentage: numberOr(merchant.serviceFeePercentage),
    createdAt: created,
    updatedAt: created,
    minimumDepositAmount: fromMinorUnits(totalMinimumDeposit, exponent),
    merchantOrderId: c.merchantOrderId,
    subMerchantId: c.externalCode ?? null,
    subMerchantName: null,
    createdByUserId: options.createdByUser?.id ?? options.user?.id ?? null,
    checkoutUrl: options.checkoutUrl ?? null,
    description: c.items.map((i) => i.description).join(", "),
    installmentAmount: installments[1]?.amount ?? 0,
    merchantName: typeof merchant.name === "string" ? merchant.name : null,
    numPaidInstallments: 0,
    numberOfInstallments: installments.length,
    planCompletionDate: Time.formatInstant(Time.startOfDay(completionDay, zone)),
    redemptionDate: Time.formatInstant(redemption),
    totalCost: fromMinorUnits(totalCost, exponent),
    totalPaid: 0,
    remainingAmount: fromMinorUnits(totalCost, exponent),
    refundAmount: 0,
    serviceFees: null,
    merchantRevenue: null,
    transactionFeesPaid: null,
    maxPayment: fromMinorUnits(maxPayment, exponent),
    currency: {
      currencyCode: c.currencyCode,
      label: null,
      currencySymbol: null,
      maximumPaymentAmount: numberOr(currency?.maximumPaymentAmount),
      minimumPaymentAmount: numberOr(currency?.minimumPaymentAmount),
      isZeroDecimal: exponent === 0
    },
    merchant,
    items,
    user: options.user ?? null,
    createdByUser: options.createdByUser ?? null,
    userPaymentMethod: null,
    checkout: { expiry: Time.formatInstant(checkoutCreated + expiryMinutes(c.expiry) * 60_000) },
    installments
  })
}

/**
 * Builds the plan record of a checkout and the plan terms the customer chose
 * (R6.9): status `PendingDeposit`, every instalment `UPCOMING` on the start of
 * its calendar day in `timeZone`, the totals of the checkout (R2), the cadence
 * of the terms. Fails with a `ValidationError` naming every problem: an invalid
 * checkout or schedule, a schedule that does not add up to the checkout's
 * `totalCost`, a bad `now`, `planId` or `timeZone`.
 *
 * @example
 * ```ts
 * import * as Effect from "effect/Effect"
 * import { Plan } from "payment-plan-engine"
 * const plan = Effect.runSync(Plan.create(checkout, terms, { now: "2026-11-22T09:30:00Z", planId: "plan_1" }))
 * plan.status // "PendingDeposit"
 * plan.remainingAmount === plan.totalCost // true
 * ```
 * @since 0.1.0
 */
export const create = (
  checkout: unknown,
  terms: unknown,
  options: CreatePlanOptions
): Effect.Effect<Plan, ValidationError> => Effect.fromResult(createResult(checkout, terms, options))
