/**
 * The refund calculation (R7): for each item the deposit it keeps, the policy
 * active at an instant and what that policy keeps; the greater of the two is
 * non-refundable, and the rest of what was paid is the suggested refund.
 *
 * What the calculation reads of a plan is the {@link RefundPlan} schema (the checkout
 * item's rules, picked). A guard compiled from it decides, allocating nothing,
 * whether the input can be computed; only when it cannot does the validator
 * compiled from the same schema say why. {@link evaluate} does the arithmetic
 * in integer minor units; {@link calculateResult} asks it for the service's whole
 * response, {@link calculateTotalsResult} for the four totals only, for reports over
 * many plans.
 *
 * @module
 */
// Over 400 lines: the refund calculation (R7): one arithmetic and the surfaces that answer with it.
import type * as Effect from "effect/Effect"
import { dual } from "effect/Function"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { exactCostOf, itemAmountIssues } from "../checkout/request.ts"
import { unitMinimumDepositOf } from "../deposit/minimum-deposit.ts"
import {
  contract,
  InstantOption,
  operation,
  type Options,
  optionsOf,
  type Outcome,
  outcome,
  surface
} from "../foundation/contract.ts"
import { fail, type Input, type ValidationError } from "../foundation/issues.ts"
import { amountIssues, fromMinorUnits, MAX_MINOR_UNITS, percentageOf, toMinorUnits } from "../foundation/money.ts"
import * as Time from "../foundation/time/index.ts"
import { BoundedCache } from "../internal/cache.ts"
import { describe, type Issue, issue } from "../internal/issue.ts"
import { isRecord } from "../internal/predicates.ts"
import { compileGuard, compileValidator } from "../internal/validator.ts"
import {
  decodeResult,
  type MerchantConfigurationResponse,
  MerchantOption,
  merchantOptionWarnings
} from "../merchant/configuration.ts"
import {
  type PlanReading,
  readPlanCurrency,
  RefundPlan,
  type RefundPlanItem,
  refundPlanOf,
  refundPlanUnknownFields
} from "../plan/reading.ts"
import type { Plan, PlanResponse } from "../plan/record.ts"
import { isRefundPolicy, type RefundPolicy, RefundPolicy as RefundPolicySchema } from "../refund-policy/policy.ts"
import type { RefundCalculation, RefundCalculationItem, RefundCalculationPolicy } from "./calculation.ts"
import { redemptionDay, selectPolicy } from "./select.ts"

/**
 * The contract of a refund calculation (R10.2): its options, declared once, for `calculateRefund`,
 * its twin, `Refund.calculate` and `Refund.calculateTotals`.
 */
export const CALCULATE = contract({
  /** The instant of the calculation (R3.1): `Date`, epoch ms, RFC 3339 text or `DateTime`. */
  at: InstantOption,
  /** The zone of the calendar dates; default the plan's `timeZone`, else `UTC` (R3.1). */
  timeZone: Schema.optional(Schema.String),
  /**
   * The merchant configuration: default refund policies (R7.2) and minimum deposits (R2.2),
   * zero-decimal currencies (R1.2) for a plan that states no digits of its own.
   */
  merchant: MerchantOption
}, { optionWarnings: merchantOptionWarnings })

/**
 * Options of {@link calculate}: `at`, `timeZone`, `merchant` (the merchant configuration as the
 * service answers it) and `unknownFields` (R10.2).
 *
 * @category Refunds
 * @since 0.2.0
 */
export interface CalculateOptions extends Options<typeof CALCULATE> {}

/**
 * The options as the arithmetic reads them: the merchant configuration read.
 */
export interface CalculateInputs {
  readonly at: Time.InstantInput
  readonly timeZone?: string | undefined
  readonly merchant?: MerchantConfigurationResponse | undefined
}

/**
 * The totals of a refund calculation in integer minor units of `currencyCode`
 * (`exponent` digits), for reports that add up many plans.
 *
 * @category Refunds
 * @since 0.2.0
 */
export interface RefundCalculationTotals {
  readonly currencyCode: string
  readonly exponent: number
  readonly planTotalCost: number
  readonly totalPaymentsPaid: number
  readonly totalNonRefundableAmount: number
  readonly suggestedRefundAmount: number
}

// ---------------------------------------------------------------------------
// Names and dates of policies (the full response only)

// outer by percentage, inner by days: a lookup builds no key
const names = new BoundedCache<number, BoundedCache<number, string>>(256)

/**
 * A policy in words (R7.7): "75% refundable within 60 days of the redemption date".
 *
 * @example
 * ```ts
 * import { Refund } from "payment-plan-engine"
 * Refund.policyName(30, 50) // "50% refundable within 30 days of the redemption date"
 * Refund.policyName(0, 0)   // "0% refundable from the redemption date"
 * ```
 * @category Refunds
 * @since 0.1.0
 */
export const policyName = (daysWithinRedemptionDate: number, refundablePercentage: number): string => {
  let byDays = names.get(refundablePercentage)
  const known = byDays?.get(daysWithinRedemptionDate)
  if (known !== undefined) return known
  const window = daysWithinRedemptionDate === 0
    ? "from the redemption date"
    : `within ${daysWithinRedemptionDate} ${daysWithinRedemptionDate === 1 ? "day" : "days"} of the redemption date`
  if (byDays === undefined) byDays = names.set(refundablePercentage, new BoundedCache(256))
  return byDays.set(daysWithinRedemptionDate, `${refundablePercentage}% refundable ${window}`)
}

const starts = new BoundedCache<string, BoundedCache<Time.EpochDay, string>>(64)

/**
 * `activeFrom` of a policy (R7.7): the start of `day` in the zone, as an ISO
 * instant; a window reaching before 0001-01-01 starts then.
 */
const activeFrom = (day: Time.EpochDay, timeZone: string): string => {
  const clamped = day < Time.FIRST_DAY ? Time.FIRST_DAY : day
  let byDay = starts.get(timeZone)
  if (byDay === undefined) byDay = starts.set(timeZone, new BoundedCache())
  const known = byDay.get(clamped)
  return known ?? byDay.set(clamped, Time.formatInstant(Time.startOfDay(clamped, timeZone)))
}

// ---------------------------------------------------------------------------
// Reading the plan

const isRefundPlan = compileGuard(RefundPlan)
// valid, and every key known: a plan the plain API has nothing to warn about (R10.2), decided in one pass
const isKnownRefundPlan = compileGuard(RefundPlan, { unknownKeys: "refuse" })
const checkRefundPlan = compileValidator(RefundPlan, { rule: "R7.1", unknownKeys: "ignore" })
const checkPolicy = compileValidator(RefundPolicySchema, { rule: "R4.6", unknownKeys: "ignore" })

const EMPTY: ReadonlyArray<never> = []

/** The instant and zone of the options, or their issues (R3.1). */
const whenAndWhere = (
  plan: unknown,
  options: CalculateInputs | undefined,
  issues: Array<Issue>
): { readonly at: number; readonly zone: string } => {
  const atInput = options?.at
  const at = Time.toEpochMillis(atInput)
  if (at === undefined || at < Time.FIRST_INSTANT || at >= Time.END_INSTANT) {
    issues.push(
      atInput === undefined
        ? issue("at", "required", "R3.1", "is required: the instant of the calculation")
        : issue(
          "at",
          "format",
          "R3.1",
          `must be an instant between 0001 and 9999 (Date, epoch milliseconds or RFC 3339 date-time with offset), got ${
            describe(atInput)
          }`
        )
    )
  }
  const optionZone = options?.timeZone
  const planZone = isRecord(plan) ? plan["timeZone"] : undefined
  const zoneInput: unknown = optionZone ?? (planZone === null ? undefined : planZone) ?? "UTC"
  if (!Time.isTimeZone(zoneInput)) {
    issues.push(
      issue(
        "timeZone",
        "time_zone",
        "R3.1",
        `${optionZone === undefined ? "(the plan's) " : ""}must be an IANA time zone name, got ${describe(zoneInput)}`
      )
    )
    return { at: at ?? 0, zone: "UTC" }
  }
  return { at: at ?? 0, zone: zoneInput }
}

/** The merchant's default policies (R7.2): checked with the item rules (R4.6), ties left to list order. */
const defaultPolicies = (
  merchant: MerchantConfigurationResponse | undefined,
  issues: Array<Issue>
): ReadonlyArray<RefundPolicy> => {
  const defaults = merchant?.defaultRefundPolicies
  if (defaults === undefined || defaults === null) return EMPTY
  if (!Array.isArray(defaults)) {
    issues.push(issue("merchant.defaultRefundPolicies", "type", "R7.2", `must be an array, got ${describe(defaults)}`))
    return EMPTY
  }
  for (let j = 0; j < defaults.length; j++) {
    if (isRefundPolicy(defaults[j])) continue
    for (const found of checkPolicy(defaults[j]).issues) {
      issues.push({
        ...found,
        path: `merchant.defaultRefundPolicies[${j}]${found.path === "" ? "" : `.${found.path}`}`
      })
    }
  }
  return defaults as ReadonlyArray<RefundPolicy>
}

/**
 * How a calculation names what it reports of the plan: at the plan's own paths, the missing ones under R7.1.
 * Shared with the command line (its tables' digits) through src/facade/shared.ts.
 */
export const CALCULATION_READING: PlanReading = { prefix: "", rule: "R7.1", merchantPath: "merchant" }

/** Every issue of a plan the guard refused: the schema's, the currency's (R1.2), and the amounts' in its precision (R1.3). */
const planIssues = (plan: unknown, merchant: MerchantConfigurationResponse | undefined): Array<Issue> => {
  const issues = checkRefundPlan(plan).issues
  if (!isRecord(plan)) return issues
  // the schema has said what it could of the code; the reader adds what it alone knows (a second code, the digits)
  const read: Array<Issue> = []
  const currency = readPlanCurrency(plan, merchant, CALCULATION_READING, read, undefined)
  for (const found of read) if (!issues.some((i) => i.path === found.path)) issues.push(found)
  if (currency === undefined) return issues
  const exponent = currency.exponent
  const paid = plan["totalPaymentsPaid"]
  if (typeof paid === "number" && paid >= 0 && typeof toMinorUnits(paid, exponent) === "string") {
    issues.push(amountIssues("totalPaymentsPaid", paid, exponent) as Issue)
  }
  const items = plan["items"]
  if (Array.isArray(items)) {
    items.forEach((item: unknown, index) => {
      if (isRecord(item)) itemAmountIssues(item, index, exponent, issues)
    })
  }
  return issues
}

const itemId = (item: RefundPlanItem, index: number): string =>
  typeof item.id === "string" ? item.id : typeof item.id === "number" ? String(item.id) : item.sku ?? String(index)

const itemName = (item: RefundPlanItem): string => item.name ?? item.description ?? item.sku ?? ""

// ---------------------------------------------------------------------------
// The calculation

/**
 * Reads a plan and computes its refund (R7). With `detail` it also pushes each
 * item of the response there; without, it builds nothing per item. Every
 * problem of the input is reported, never only the first; a merchant
 * configuration that disagrees with the plan's digits is pushed to `warnings`
 * when given (R1.2), named as `reading` says (the command line's `--merchant`).
 *
 * @internal
 */
export const evaluate = (
  input: unknown,
  options: CalculateInputs | undefined,
  detail: Array<RefundCalculationItem> | undefined,
  checked = false,
  warnings?: Array<Issue>,
  reading: PlanReading = CALCULATION_READING
): Result.Result<RefundCalculationTotals, ValidationError> => {
  const issues: Array<Issue> = []
  const merchant = options?.merchant
  const { at, zone } = whenAndWhere(input, options, issues)
  const defaults = defaultPolicies(merchant, issues)

  // A plan record is read in the record's spelling (plan/reading.ts); its issues are named the same way.
  let plan: unknown = input
  let recordPath: ((path: string) => string) | undefined
  let valid = checked || isRefundPlan(plan)
  if (!valid) {
    const record = refundPlanOf(input)
    if (record !== undefined) {
      plan = record.plan
      recordPath = record.recordPath
      valid = isRefundPlan(plan)
    }
  }
  if (!valid) {
    const found = planIssues(plan, merchant)
    for (const i of found) issues.push(recordPath === undefined ? i : { ...i, path: recordPath(i.path) })
    return fail(issues)
  }
  // R1.2: the plan's currency, code and digits, read as every reader of a plan reads it
  const before = issues.length
  const currency = readPlanCurrency(plan as Record<string, unknown>, merchant, reading, issues, warnings)
  if (recordPath !== undefined) {
    for (let i = before; i < issues.length; i++) issues[i] = { ...issues[i]!, path: recordPath(issues[i]!.path) }
  }
  if (issues.length > 0 || currency === undefined) return fail(issues)
  return compute(plan as RefundPlan, currency.exponent, at, zone, merchant, defaults, detail, recordPath)
}

/** The arithmetic of R7.2–R7.6 over a plan the guard accepted, in integer minor units. */
const compute = (
  plan: RefundPlan,
  e: number,
  at: number,
  zone: string,
  merchant: MerchantConfigurationResponse | undefined,
  defaults: ReadonlyArray<RefundPolicy>,
  detail: Array<RefundCalculationItem> | undefined,
  recordPath: ((path: string) => string) | undefined
): Result.Result<RefundCalculationTotals, ValidationError> => {
  // R1: what was paid, in the plan's digits (R1.2)
  const paid = toMinorUnits(plan.totalPaymentsPaid, e)
  const today = Time.localDay(at, zone)

  let planTotalCost = 0
  let totalNonRefundable = 0
  let exact = typeof paid === "number"
  const items = plan.items
  for (let index = 0; index < items.length; index++) {
    const item = items[index]!
    // R1.3 and R1.1, judged once for validation, pricing and calculations
    const deposit = item.minimumDepositPerItem
    const cost = exactCostOf(item.costPerItem, item.quantity, deposit, e)
    if (cost === undefined) exact = false
    if (!exact || cost === undefined) continue

    // R7.2–R7.5 in integer minor units
    const quantity = item.quantity
    const lineTotal = cost * quantity
    const minDeposit = item.depositRefundable === false
      ? unitMinimumDepositOf(cost, deposit?.unit, deposit?.value, merchant, e) * quantity
      : 0
    const own = item.refundPolicies
    // absent or empty: the merchant's defaults (R7.2)
    const policies: ReadonlyArray<RefundPolicy> = own === undefined || own.length === 0 ? defaults : own
    const redemption = redemptionDay(item.redemptionDate, zone)!
    const active = selectPolicy(policies, Time.daysBetween(today, redemption))
    const policyNonRefundable = active < 0
      ? 0
      : lineTotal - percentageOf(lineTotal, policies[active]!.refundablePercentage)
    const nonRefundable = minDeposit > policyNonRefundable ? minDeposit : policyNonRefundable
    planTotalCost += lineTotal
    totalNonRefundable += nonRefundable

    if (detail !== undefined) {
      // R7.3–R7.5: the item of the response, its totals in the plan's digits
      detail.push({
        id: itemId(item, index),
        name: itemName(item),
        quantity,
        costPerItem: fromMinorUnits(cost, e),
        totalCost: fromMinorUnits(lineTotal, e),
        minNonRefundableDeposit: fromMinorUnits(minDeposit, e),
        nonRefundableAmount: fromMinorUnits(nonRefundable, e),
        activeRefundPolicyIndex: active,
        refundPolicies: policyCalculations(policies, redemption, lineTotal, active, policyNonRefundable, zone, e)
      })
    }
  }
  if (!exact) {
    // amounts with more digits than the currency has (R1.3), or beyond exact range (R1.1)
    const found = planIssues(plan, merchant)
    return fail(recordPath === undefined ? found : found.map((i) => ({ ...i, path: recordPath(i.path) })))
  }
  if (planTotalCost > MAX_MINOR_UNITS) {
    return fail([issue("items", "range", "R1.1", "add up to more than the largest exact amount")])
  }
  const paidMinor = paid as number
  return Result.succeed({
    currencyCode: plan.currencyCode,
    exponent: e,
    planTotalCost,
    totalPaymentsPaid: paidMinor,
    totalNonRefundableAmount: totalNonRefundable,
    // R7.6
    suggestedRefundAmount: paidMinor > totalNonRefundable ? paidMinor - totalNonRefundable : 0
  })
}

/**
 * Each policy of an item (R7.7): the day it comes into force and what it would keep of the line
 * total; the active one's amount is the one the calculation took, not computed twice.
 */
const policyCalculations = (
  policies: ReadonlyArray<RefundPolicy>,
  redemption: Time.EpochDay,
  lineTotal: number,
  active: number,
  activeNonRefundable: number,
  zone: string,
  e: number
): Array<RefundCalculationPolicy> => {
  const calculated: Array<RefundCalculationPolicy> = []
  for (let j = 0; j < policies.length; j++) {
    const policy = policies[j]!
    const days = policy.daysWithinRedemptionDate
    const kept = j === active ? activeNonRefundable : lineTotal - percentageOf(lineTotal, policy.refundablePercentage)
    calculated.push({
      activeFrom: activeFrom(redemption - days, zone),
      name: policyName(days, policy.refundablePercentage),
      nonRefundableAmount: fromMinorUnits(kept, e)
    })
  }
  return calculated
}

/**
 * {@link calculate} as a synchronous `Result`, for hot loops (its merchant configuration read).
 *
 * @since 0.1.0
 */
export const calculateResult = (
  plan: unknown,
  options: CalculateInputs
): Result.Result<RefundCalculation, ValidationError> => calculation(plan, options, false)

const calculation = (
  plan: unknown,
  options: CalculateInputs,
  checked: boolean,
  warnings?: Array<Issue>
): Result.Result<RefundCalculation, ValidationError> => {
  const items: Array<RefundCalculationItem> = []
  const totals = evaluate(plan, options, items, checked, warnings)
  if (Result.isFailure(totals)) return Result.fail(totals.failure)
  const { currencyCode, exponent, planTotalCost, suggestedRefundAmount, totalNonRefundableAmount, totalPaymentsPaid } =
    totals.success
  return Result.succeed({
    planTotalCost: fromMinorUnits(planTotalCost, exponent),
    totalPaymentsPaid: fromMinorUnits(totalPaymentsPaid, exponent),
    totalNonRefundableAmount: fromMinorUnits(totalNonRefundableAmount, exponent),
    suggestedRefundAmount: fromMinorUnits(suggestedRefundAmount, exponent),
    currencyCode,
    items
  })
}

const NO_WARNINGS: ReadonlyArray<Issue> = []

/**
 * {@link calculateResult} and its warnings: the plan's `unknown_field`s (R10.2) and a merchant
 * configuration that disagrees with the plan's digits (`digits_mismatch`, R1.2). One compiled guard
 * decides both that the plan is valid and that every key is known, so a plan with nothing to warn
 * about costs what a calculation costs.
 *
 * @internal
 */
export const calculateWarnedResult = (plan: unknown, options: CalculateInputs): Outcome<RefundCalculation> =>
  warned(plan, options, calculation)

/** An arithmetic over a plan: the full response, or the totals only. */
type Arithmetic<A> = (
  plan: unknown,
  options: CalculateInputs,
  checked: boolean,
  warnings: Array<Issue> | undefined
) => Result.Result<A, ValidationError>

const warned = <A>(plan: unknown, options: CalculateInputs, f: Arithmetic<A>): Outcome<A> => {
  const known = isKnownRefundPlan(plan)
  // only a merchant configuration's digits can disagree with the plan's (R1.2): without one, no list
  const read: Array<Issue> | undefined = options.merchant === undefined ? undefined : []
  const result = f(plan, options, known, read)
  const unknown = known ? NO_WARNINGS : refundPlanUnknownFields(plan)
  return outcome(result, read === undefined || read.length === 0 ? unknown : [...unknown, ...read])
}

/** The calculation with its options as a caller gives them: the merchant configuration read by the one reader (R9). */
const withOptions = <A>(plan: unknown, options: CalculateOptions, f: Arithmetic<A>): Outcome<A> => {
  const o = optionsOf(options)
  // without a configuration to decode, the options as given (a hot loop allocates no copy)
  if (o.merchant === undefined) return warned(plan, o as CalculateInputs, f)
  const merchant = decodeResult(o.merchant)
  if (Result.isFailure(merchant)) return outcome(Result.fail(merchant.failure), refundPlanUnknownFields(plan))
  return warned(plan, { at: o.at, timeZone: o.timeZone, merchant: merchant.success }, f)
}

/**
 * The refund calculation of a plan as every surface answers it (`calculateRefund`, its twin,
 * {@link calculate}): the calculation, and the warnings of the plan and of the merchant
 * configuration (R10.2, R1.2).
 *
 * Shared with the facade, whose plain functions are built on it; no entry point exports it.
 */
export const calculateOutcome = (plan: unknown, options: CalculateOptions): Outcome<RefundCalculation> =>
  withOptions(plan, options, calculation)

const totals: Arithmetic<RefundCalculationTotals> = (plan, options, checked, warnings) =>
  evaluate(plan, options, undefined, checked, warnings)

const totalsOutcome = (plan: unknown, options: CalculateOptions): Outcome<RefundCalculationTotals> =>
  withOptions(plan, options, totals)

/**
 * What a refund calculation reads of a plan: a refund plan, or a plan record (its own spellings are
 * read too; a record read from the service, `PlanResponse`, is taken as well, its nulls read as
 * absent, R9). Any other value is checked and refused with its issues.
 *
 * @category Refunds
 * @since 0.1.0
 */
export type RefundPlanInput = Input<RefundPlan> | Input<Plan>

/** A refund calculation's Effect, data-first or data-last, typed as the root's `calculateRefund` takes its plan. */
interface RefundOperation<A> {
  (options: CalculateOptions): (plan: RefundPlanInput | PlanResponse) => Effect.Effect<A, ValidationError>
  (plan: RefundPlanInput, options: CalculateOptions): Effect.Effect<A, ValidationError>
  (plan: PlanResponse, options: CalculateOptions): Effect.Effect<A, ValidationError>
}

const CALCULATE_SURFACE = surface("Refund.calculate", CALCULATE)
const TOTALS_SURFACE = surface("Refund.calculateTotals", CALCULATE)

/**
 * The refund calculation of a plan at an instant (R7), exactly as the service
 * answers it: per item its line total, the deposit it keeps when the deposit is
 * not refundable, the active policy and what each policy keeps, and the greater
 * of deposit and policy as non-refundable; the rest of what was paid is the
 * suggested refund. A plan record (plan detail) is read as well. Fails with a
 * `ValidationError` listing every problem; an option it does not have is one of
 * them (`unknown_option`, naming the nearest). A field of the plan no rule reads
 * is logged at Warning level (`Effect.logWarning`, annotated with its path, code
 * and rule, R10.2), refused under `unknownFields: "error"`, left out silently
 * under `"ignore"`. Data-first, or data-last in a pipe; a span named
 * `Refund.calculate` when a tracer is installed.
 *
 * @example
 * ```ts
 * import * as Effect from "effect/Effect"
 * import { pipe } from "effect/Function"
 * import { Refund } from "payment-plan-engine"
 * const plan = {
 *   currencyCode: "AUD", totalPaymentsPaid: 400, timeZone: "Australia/Sydney",
 *   items: [{ id: "t1", description: "Ticket", quantity: 2, costPerItem: 250, redemptionDate: "2027-03-01",
 *     refundPolicies: [{ daysWithinRedemptionDate: 60, refundablePercentage: 75 }, { daysWithinRedemptionDate: 30, refundablePercentage: 50 }] }]
 * }
 * const calculation = Effect.runSync(Refund.calculate(plan, { at: "2027-01-20T00:00:00+11:00" })) // 40 days before: the 60-day policy
 * calculation.totalNonRefundableAmount // 125
 * calculation.suggestedRefundAmount    // 275
 * const same = Effect.runSync(pipe(plan, Refund.calculate({ at: "2027-01-20T00:00:00+11:00" })))
 * ```
 * @category Refunds
 * @since 0.2.0
 */
export const calculate: RefundOperation<RefundCalculation> = dual(
  2,
  (plan: unknown, options: CalculateOptions) => operation(CALCULATE_SURFACE, plan, options, calculateOutcome)
)

/**
 * The four totals of {@link calculate} in integer minor units, from the same
 * arithmetic, building no name, date or object per item: for reports over many
 * plans (the command line's exposure report). Its options, failures, warnings,
 * data-last form and span (`Refund.calculateTotals`) are {@link calculate}'s.
 *
 * @example
 * ```ts
 * import * as Effect from "effect/Effect"
 * import { Refund } from "payment-plan-engine"
 * const plan = { currencyCode: "AUD", totalPaymentsPaid: 400, items: [{ quantity: 2, costPerItem: 250, redemptionDate: "2027-03-01" }] }
 * const totals = Effect.runSync(Refund.calculateTotals(plan, { at: "2027-01-20T09:00:00+11:00" }))
 * totals.suggestedRefundAmount // 40000 (minor units: nothing is kept)
 * ```
 * @category Refunds
 * @since 0.2.0
 */
export const calculateTotals: RefundOperation<RefundCalculationTotals> = dual(
  2,
  (plan: unknown, options: CalculateOptions) => operation(TOTALS_SURFACE, plan, options, totalsOutcome)
)

/**
 * {@link calculateTotals} as a synchronous `Result`, for hot loops (the exposure report). With
 * `warnings`, a merchant configuration that disagrees with the plan's digits is pushed there
 * (`digits_mismatch`, R1.2), naming the configuration `merchantPath` (the command line's
 * `--merchant`; `merchant` when not given).
 *
 * @since 0.1.0
 */
export const calculateTotalsResult = (
  plan: unknown,
  options: CalculateInputs,
  warnings?: Array<Issue>,
  merchantPath?: string
): Result.Result<RefundCalculationTotals, ValidationError> =>
  evaluate(
    plan,
    options,
    undefined,
    false,
    warnings,
    merchantPath === undefined ? CALCULATION_READING : { ...CALCULATION_READING, merchantPath }
  )
