/**
 * Building a plan record from a checkout and the plan terms the customer chose
 * (R2, R6.9): every field of the description's plan record that can be known.
 *
 * @module
 */
// Over 400 lines: building a plan record from a checkout and chosen terms, every field of the record (R2, R6.9).
import type * as Effect from "effect/Effect"
import { dual } from "effect/Function"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import * as Struct from "effect/Struct"
import {
  atLeastOneItem,
  CheckoutItem,
  CheckoutRequest,
  expiryMinutes,
  PLAN_TYPES,
  type PlanType,
  requestUnknownFields
} from "../checkout/request.ts"
import type { CheckoutResponse } from "../checkout/response.ts"
import { type PricedCheckout, priceResult } from "../checkout/totals.ts"
import { minimumDepositUnitOf } from "../deposit/minimum-deposit.ts"
import {
  calculation,
  contract,
  InstantOption,
  type Options,
  type Outcome,
  outcome,
  surface,
  under
} from "../foundation/contract.ts"
import * as Currency from "../foundation/currency.ts"
import { fail, type Input, type ValidationError } from "../foundation/issues.ts"
import { amountIssues, fromMinorUnits } from "../foundation/money.ts"
import * as Time from "../foundation/time/index.ts"
import { describe, type Issue, issue, prefixPath } from "../internal/issue.ts"
import { isRecord } from "../internal/predicates.ts"
import { PatternText, reshape, WholeNumber } from "../internal/schema-kit.ts"
import { compileValidator } from "../internal/validator.ts"
import {
  decodeResult,
  type MerchantConfigurationResponse,
  MerchantOption,
  merchantOptionWarnings
} from "../merchant/configuration.ts"
import { isCheckoutResponse } from "../plan-terms/checkout.ts"
import { type Frequency, frequencyOf, type Weekday, weekdayOf, WEEKDAYS } from "../plan-terms/request.ts"
import type { PlanTermsResponse } from "../plan-terms/response.ts"
import { PERCENTAGE_REFUNDABLE_DAYS_WITHIN_REDEMPTION_DATE } from "../refund-policy/policy.ts"
import { type Installment, type Plan, PlanCreatedByUser, type PlanItem, PlanMerchant, PlanUser } from "./record.ts"

/**
 * What a plan is built from of a checkout: a create-checkout request or the
 * service's response (items may carry their `id`; `createdAt` dates the expiry).
 *
 * @category Plans
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
 * @category Plans
 * @since 0.1.0
 */
export type PlannableCheckout = typeof PlannableCheckout.Type

/**
 * What a plan is built from of the chosen plan terms: the schedule of R6.9,
 * every payment as `{ installmentNumber, date, amount }`, 1 being the deposit.
 * The rest of a plan-terms response (cadence, planType) is read when present.
 *
 * @category Plans
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
 * The contract of building a plan record (R10.2): its options, declared once, for
 * `createPlanRecord`, its twin and `Plan.create`.
 */
export const CREATE = contract({
  /** The instant the plan is created: `createdAt`, `updatedAt` (R3.1). */
  now: InstantOption,
  /** The plan's id. */
  planId: Schema.String,
  /** The zone of the plan's calendar dates (R3.1); default `UTC`. Use the plan-terms request's. */
  timeZone: Schema.optional(Schema.String),
  /**
   * The merchant configuration, as every function takes it: zero-decimal currencies and payment
   * bounds (R1.2, R6.4).
   */
  merchant: MerchantOption,
  /**
   * The merchant as the record shows it, the record's `merchant` (`id`, `name`, `merchantGroupId`,
   * `serviceFeePercentage`…); default `{ id }` of the checkout's `merchantId`.
   */
  planMerchant: Schema.optional(PlanMerchant),
  /** The customer (the record's `user`). */
  user: Schema.optional(PlanUser),
  /** Who created the plan on the merchant's side; default: the customer. */
  createdByUser: Schema.optional(PlanCreatedByUser),
  /** Where the customer completes the checkout. */
  checkoutUrl: Schema.optional(Schema.String)
}, { renamed: { merchantConfiguration: "merchant" }, optionWarnings: merchantOptionWarnings })

/**
 * Options of {@link create}: `now`, `planId`, `timeZone`, `merchant` (the merchant configuration,
 * as everywhere), `planMerchant` (the merchant as the record shows it), `user`, `createdByUser`,
 * `checkoutUrl` and `unknownFields` (R10.2).
 *
 * @category Plans
 * @since 0.1.0
 */
export interface CreatePlanOptions extends Options<typeof CREATE> {}

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

const canonicalUnit = (unit: string): string => minimumDepositUnitOf(unit) ?? unit

/** The chosen schedule's payments as given. */
type Schedule = typeof ChosenSchedule.Type["schedule"]

/** What a plan is built from, read and checked: the options, the checkout and the chosen schedule. */
interface Inputs {
  readonly now: number
  readonly zone: string
  readonly merchant: MerchantConfigurationResponse | undefined
  readonly checkout: PlannableCheckout
  readonly schedule: Schedule
}

/**
 * Reads the options (`now`, `planId`, what the record shows, `timeZone`, the merchant
 * configuration), the checkout and the terms' schedule as given: the inputs, or every issue of
 * them (R3.1, R4.1, R6.9).
 */
const readInputs = (
  checkout: unknown,
  terms: unknown,
  options: CreatePlanOptions
): Result.Result<Inputs, ValidationError> => {
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
  return Result.succeed({
    now: now!,
    zone,
    merchant: Result.getOrUndefined(configuration),
    checkout: checkedCheckout.value,
    schedule: checkedTerms.value.schedule
  })
}

/** A payment of the chosen schedule: its amount in minor units, its instant and its calendar day in the zone. */
interface Payment {
  readonly amount: number
  readonly due: number
  readonly day: Time.EpochDay
}

/**
 * R6.9: the chosen schedule pays exactly the checkout's `totalCost`, in payments numbered 1..N in
 * date order, each an amount of the checkout's currency on a date, and terms that name a currency
 * name the checkout's. The payments, or every issue of the schedule.
 */
const checkSchedule = (
  schedule: Schedule,
  termsCurrency: unknown,
  currencyCode: string,
  priced: PricedCheckout,
  zone: string
): Result.Result<ReadonlyArray<Payment>, ValidationError> => {
  const { exponent, totalCost } = priced
  const issues: Array<Issue> = []
  const payments: Array<Payment> = []
  let sum = 0
  let previous = -Infinity
  schedule.forEach((payment, index) => {
    const read = readPayment(payment, index, exponent, zone, issues)
    if (read === undefined) return
    if (read.due < previous) {
      issues.push(
        issue(`terms.schedule[${index}].date`, "range", "R6.9", "must not be before the previous payment's date")
      )
    }
    previous = read.due
    sum += read.amount
    payments.push(read)
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
  if (termsCurrency !== undefined && termsCurrency !== null && termsCurrency !== currencyCode) {
    issues.push(
      issue(
        "terms.currencyCode",
        "conflict",
        "R6.9",
        `is ${describe(termsCurrency)}, the checkout's is ${describe(currencyCode)}`
      )
    )
  }
  return issues.length > 0 ? fail(issues) : Result.succeed(payments)
}

/** Payment `index` of the schedule (R6.9): numbered `index + 1`, an amount in the currency, a date; issues to `issues`. */
const readPayment = (
  payment: Schedule[number],
  index: number,
  exponent: number,
  zone: string,
  issues: Array<Issue>
): Payment | undefined => {
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
  if (typeof amount !== "number" || date === undefined) return undefined
  return { amount, due: instantOf(date, zone), day: date._tag === "Date" ? date.day : Time.localDay(date.ms, zone) }
}

/** The record's instalments: the schedule's payments, every one `UPCOMING` (R6.9). */
const installmentsOf = (payments: ReadonlyArray<Payment>, exponent: number): Array<Installment> =>
  payments.map((p, index) => ({
    installmentNumber: index + 1,
    date: Time.formatInstant(p.due),
    status: "UPCOMING",
    amount: fromMinorUnits(p.amount, exponent),
    paymentMethod: null,
    transactionId: null
  }))

/** The record's items: the checkout's, priced (R2), their ids, the record's spellings and its nulls for absent. */
const itemsOf = (
  checkout: PlannableCheckout,
  priced: PricedCheckout,
  redemptions: ReadonlyArray<number>,
  planId: string,
  created: string
): Array<PlanItem> =>
  checkout.items.map((item, index) => ({
    id: item.id ?? `${planId}-item-${index + 1}`,
    planId,
    status: "Active",
    sku: item.sku ?? null,
    merchantProductURL: item.merchantProductURL ?? null,
    quantity: item.quantity,
    description: item.description,
    costPerItem: fromMinorUnits(priced.items[index]!.costPerItem, priced.exponent),
    minimumDepositPerItemType: item.minimumDepositPerItem === undefined
      ? null
      : canonicalUnit(item.minimumDepositPerItem.unit),
    minimumDepositPerItemValue: item.minimumDepositPerItem?.value ?? null,
    depositRefundable: item.depositRefundable ?? true,
    redemptionDate: Time.formatInstant(redemptions[index]!),
    paymentDeadline: item.paymentDeadline ?? null,
    refundPolicies: (item.refundPolicies ?? []).map((p) => ({
      type: p.type ?? PERCENTAGE_REFUNDABLE_DAYS_WITHIN_REDEMPTION_DATE,
      daysWithinRedemptionDate: p.daysWithinRedemptionDate,
      refundablePercentage: p.refundablePercentage
    })),
    createdAt: created,
    updatedAt: created
  }))

const numberOr = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null)

/** The plan record (R6.9): `PendingDeposit`, nothing paid, the checkout's totals and the terms' cadence. */
const planRecord = (
  { checkout: c, merchant: configuration, now, zone }: Inputs,
  terms: unknown,
  options: CreatePlanOptions,
  priced: PricedCheckout,
  payments: ReadonlyArray<Payment>
): Plan => {
  const { exponent, totalCost } = priced
  const created = Time.formatInstant(now)
  const checkoutCreated = (c.createdAt === undefined ? undefined : Time.parseDateTime(c.createdAt)) ?? now
  const cadence = cadenceOf(terms, payments[1]?.day)
  const installments = installmentsOf(payments, exponent)
  const currency = Currency.merchantCurrency(configuration, c.currencyCode)
  const merchant = options.planMerchant ?? { id: c.merchantId }
  let maxPayment = 0
  for (const p of payments) if (p.amount > maxPayment) maxPayment = p.amount
  // the checkout was validated: every redemption date parses (R3.1)
  const redemptions = c.items.map((item) => instantOf(Time.parseDateOrInstant(item.redemptionDate)!, zone))
  return {
    id: options.planId,
    status: "PendingDeposit",
    installmentFrequency: cadence.frequency,
    cadenceOnDayOfWeek: cadence.dayOfWeek,
    cadenceOnDayOfMonth: cadence.dayOfMonth,
    cancellationReason: null,
    cancellationDetails: null,
    cancellationDate: null,
    checkoutType: "Web",
    planType: planTypeOf(at(terms, "planType")) ?? c.planType ?? "Installment",
    merchantId: c.merchantId,
    pausePaymentUntil: null,
    timeZone: zone,
    serviceFeePercentage: numberOr(merchant.serviceFeePercentage),
    createdAt: created,
    updatedAt: created,
    minimumDepositAmount: fromMinorUnits(priced.totalMinimumDeposit, exponent),
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
    planCompletionDate: Time.formatInstant(Time.startOfDay(priced.completionDay, zone)),
    redemptionDate: Time.formatInstant(Math.min(...redemptions)),
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
    items: itemsOf(c, priced, redemptions, options.planId, created),
    user: options.user ?? null,
    createdByUser: options.createdByUser ?? null,
    userPaymentMethod: null,
    checkout: { expiry: Time.formatInstant(checkoutCreated + expiryMinutes(c.expiry) * 60_000) },
    installments
  }
}

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
  const read = readInputs(checkout, terms, options)
  if (Result.isFailure(read)) return Result.fail(read.failure)
  const inputs = read.success
  const priced = priceResult(inputs.checkout, { merchant: inputs.merchant, timeZone: inputs.zone })
  if (Result.isFailure(priced)) {
    return fail(priced.failure.issues.map((i) => ({ ...i, path: prefixPath("checkout", i.path) })))
  }
  const payments = checkSchedule(
    inputs.schedule,
    at(terms, "currencyCode"),
    inputs.checkout.currencyCode,
    priced.success,
    inputs.zone
  )
  if (Result.isFailure(payments)) return Result.fail(payments.failure)
  return Result.succeed(planRecord(inputs, terms, options, priced.success, payments.success))
}

/**
 * Builds the plan record of a checkout and the plan terms the customer chose
 * (R6.9): status `PendingDeposit`, every instalment `UPCOMING` on the start of
 * its calendar day in `timeZone`, the totals of the checkout (R2), the cadence
 * of the terms. Fails with a `ValidationError` naming every problem: an invalid
 * checkout or schedule, a schedule that does not add up to the checkout's
 * `totalCost`, a bad `now`, `planId` or `timeZone`, an option it does not have
 * (`unknown_option`). A field of a checkout request no rule reads is logged at
 * Warning level (R10.2). Data-first, or data-last in a pipe
 * (`pipe(checkout, Plan.create(terms, options))`); a span named `Plan.create`.
 *
 * @example
 * ```ts
 * import * as Effect from "effect/Effect"
 * import { Plan } from "payment-plan-engine"
 * const plan = Effect.runSync(Plan.create(checkout, terms, { now: "2026-11-22T09:30:00Z", planId: "plan_1" }))
 * plan.status // "PendingDeposit"
 * plan.remainingAmount === plan.totalCost // true
 * ```
 * @category Plans
 * @since 0.1.0
 */
export const create: {
  (terms: PlanTermsResponse, options: CreatePlanOptions): {
    (checkout: Input<CheckoutRequest> | CheckoutResponse): Effect.Effect<Plan, ValidationError>
  }
  (checkout: Input<CheckoutRequest>, terms: PlanTermsResponse, options: CreatePlanOptions): Effect.Effect<
    Plan,
    ValidationError
  >
  (checkout: CheckoutResponse, terms: PlanTermsResponse, options: CreatePlanOptions): Effect.Effect<
    Plan,
    ValidationError
  >
} = dual(
  3,
  (checkout: unknown, terms: unknown, options: CreatePlanOptions) =>
    calculation(CREATE_SURFACE, options, () => createOutcome(checkout, terms, options))
)

const CREATE_SURFACE = surface("Plan.create", CREATE)

/**
 * A plan record as every surface builds it: the record, and the unknown fields of a checkout
 * request under `checkout.` (R10.2; a checkout response is read tolerantly, R9).
 *
 * Shared with the facade, whose plain functions are built on it; no entry point exports it.
 */
export const createOutcome = (checkout: unknown, terms: unknown, options: CreatePlanOptions): Outcome<Plan> =>
  outcome(
    createResult(checkout, terms, options),
    isCheckoutResponse(checkout) ? NONE : under("checkout", requestUnknownFields(checkout))
  )

const NONE: ReadonlyArray<Issue> = []
