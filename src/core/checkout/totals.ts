/**
 * Checkout totals (R2): line totals, minimum deposits with the merchant's
 * defaults, the completion date, and when the checkout expires (R4.7).
 *
 * {@link priceResult} gives them in minor units for the other calculations;
 * {@link summarize} in the service's JSON numbers.
 *
 * @module
 */
import type * as Effect from "effect/Effect"
import { dual } from "effect/Function"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import * as Struct from "effect/Struct"
import { unitMinimumDeposit } from "../deposit/minimum-deposit.ts"
import {
  calculation,
  contract,
  InstantOption,
  operation,
  type Options,
  optionsOf,
  type Outcome,
  outcome,
  surface
} from "../foundation/contract.ts"
import * as Currency from "../foundation/currency.ts"
import { fail, type Input, type ValidationError } from "../foundation/issues.ts"
import { currencyExponentOrIssue, fromMinorUnits, MAX_MINOR_UNITS } from "../foundation/money.ts"
import * as Time from "../foundation/time/index.ts"
import { type Issue, issue } from "../internal/issue.ts"
import { isRecord } from "../internal/predicates.ts"
import { knowingEvery, reshape } from "../internal/schema-kit.ts"
import { compileGuard, compileValidator } from "../internal/validator.ts"
import {
  decodeResult,
  type MerchantConfigurationResponse,
  MerchantOption,
  merchantOptionWarnings
} from "../merchant/configuration.ts"
import {
  atLeastOneItem,
  checkoutEnd,
  CheckoutItem,
  CheckoutRequest,
  exactCostOf,
  expiryBeyondDates,
  itemAmountIssues,
  requestUnknownFields
} from "./request.ts"

/**
 * What the totals read of a checkout: its currency, expiry and, of each item,
 * the fields that price it. Other fields are not looked at.
 *
 * @category Checkout
 * @since 0.1.0
 */
export const PriceableCheckout = reshape(
  reshape(CheckoutRequest, Struct.pick(["currencyCode", "expiry"])),
  Struct.assign({
    items: Schema.Array(
      reshape(
        CheckoutItem,
        Struct.pick(["quantity", "costPerItem", "minimumDepositPerItem", "redemptionDate", "paymentDeadline"])
      )
    ).check(atLeastOneItem)
  })
)

/**
 * {@link PriceableCheckout} knowing every other field of a create-checkout request and of its
 * items: one guard says at once that a request can be priced and that it has no field no rule reads
 * (R10.2), the common case of every surface that prices a request.
 */
const KnownPriceable = knowingEvery(CheckoutRequest, {
  ...PriceableCheckout.fields,
  items: Schema.Array(knowingEvery(CheckoutItem, PriceableCheckout.fields.items.value.fields)).check(atLeastOneItem)
})
const isKnownPriceable = compileGuard(KnownPriceable, { unknownKeys: "refuse" })

/**
 * @category Checkout
 * @since 0.1.0
 */
export type PriceableCheckout = typeof PriceableCheckout.Type

/**
 * An item priced in minor units.
 *
 * @category Checkout
 * @since 0.1.0
 */
export interface PricedItem {
  readonly quantity: number
  readonly costPerItem: number
  /** `costPerItem × quantity` (R2.1) */
  readonly lineTotal: number
  /** the minimum deposit of one unit × quantity (R2.2) */
  readonly minimumDeposit: number
  /** the redemption date as a calendar date in the zone in use (R2.5) */
  readonly redemptionDay: Time.EpochDay
  /** the redemption date minus the payment deadline (R2.4) */
  readonly deadlineDay: Time.EpochDay
}

/**
 * A checkout priced in minor units of `currencyCode`.
 *
 * @category Checkout
 * @since 0.1.0
 */
export interface PricedCheckout {
  readonly currencyCode: string
  readonly exponent: number
  readonly items: ReadonlyArray<PricedItem>
  /** Σ line totals (R2.1) */
  readonly totalCost: number
  /** Σ item minimum deposits (R2.3) */
  readonly totalMinimumDeposit: number
  /** the earliest deadline date (R2.4) */
  readonly completionDay: Time.EpochDay
}

/**
 * The contract of pricing a checkout (R10.2): its options, declared once, for `Checkout.price`.
 */
export const PRICE = contract({
  /** The merchant configuration: default deposits and deadlines (R2.2, R2.4), zero-decimal currencies (R1.2). */
  merchant: MerchantOption,
  /** Zone in which date-times become calendar dates (R2.5, R3.1); default `UTC`. */
  timeZone: Schema.optional(Schema.String)
}, { optionWarnings: merchantOptionWarnings })

/**
 * Options of the totals: `merchant` (the merchant configuration as the service answers it),
 * `timeZone` and `unknownFields` (R10.2).
 *
 * @category Checkout
 * @since 0.1.0
 */
export interface PriceOptions extends Options<typeof PRICE> {}

/**
 * The options as the totals read them: the merchant configuration read.
 */
export interface PriceInputs {
  readonly merchant?: MerchantConfigurationResponse | undefined
  readonly timeZone?: string | undefined
}

const checkPriceable = compileValidator(PriceableCheckout, { rule: "R4.1", unknownKeys: "ignore" })

/**
 * Prices a checkout that has the shape of {@link PriceableCheckout}, for the
 * calculations that price a checkout already checked (R2).
 *
 * @since 0.1.0
 */
export const priceResult = (
  checkout: PriceableCheckout,
  options?: PriceInputs
): Result.Result<PricedCheckout, ValidationError> => {
  const merchant = options?.merchant
  const zone = options?.timeZone ?? "UTC"
  if (!Time.isTimeZone(zone)) return fail([issue("timeZone", "time_zone", "R3.1", "must be an IANA time zone name")])
  const exponent = currencyExponentOrIssue("currencyCode", checkout.currencyCode, merchant)
  if (typeof exponent !== "number") return fail([exponent])
  const issues: Array<Issue> = []
  const items: Array<PricedItem> = []
  const defaultDeadline = merchant?.defaultPaymentDeadline
  let totalCost = 0
  let totalMinimumDeposit = 0
  let completionDay = Infinity
  for (let index = 0; index < checkout.items.length; index++) {
    const item = checkout.items[index]!
    // the amount rules (R1.1, R1.3) of the request's validation, deposit included: one definition
    const cost = exactCostOf(item.costPerItem, item.quantity, item.minimumDepositPerItem, exponent)
    if (cost === undefined) {
      itemAmountIssues(item, index, exponent, issues)
      continue
    }
    const lineTotal = cost * item.quantity
    const unitDeposit = unitMinimumDeposit(cost, item.minimumDepositPerItem, merchant, exponent)
    const redemption = Time.parseDateOrInstant(item.redemptionDate)!
    const redemptionDay = redemption._tag === "Date" ? redemption.day : Time.localDay(redemption.ms, zone)
    const deadline = item.paymentDeadline ??
      (typeof defaultDeadline === "number" && defaultDeadline >= 0 ? Math.floor(defaultDeadline) : 0)
    const deadlineDay = redemptionDay - deadline
    if (deadlineDay < Time.FIRST_DAY) {
      issues.push(
        issue(
          `items[${index}].paymentDeadline`,
          "range",
          "R2.4",
          `puts the deadline before 0001-01-01, got ${deadline}`
        )
      )
      continue
    }
    totalCost += lineTotal
    totalMinimumDeposit += unitDeposit * item.quantity
    if (deadlineDay < completionDay) completionDay = deadlineDay
    items.push({
      quantity: item.quantity,
      costPerItem: cost,
      lineTotal,
      minimumDeposit: unitDeposit * item.quantity,
      redemptionDay,
      deadlineDay
    })
  }
  if (issues.length === 0 && totalCost > MAX_MINOR_UNITS) {
    issues.push(issue("items", "range", "R1.1", "add up to more than the largest exact amount"))
  }
  if (issues.length > 0) return fail(issues)
  return Result.succeed({
    currencyCode: checkout.currencyCode,
    exponent,
    items,
    totalCost,
    totalMinimumDeposit,
    completionDay
  })
}

/**
 * An item's part of a {@link CheckoutSummary}.
 *
 * @category Checkout
 * @since 0.1.0
 */
export interface ItemSummary {
  readonly lineTotal: number
  readonly minimumDeposit: number
  readonly redemptionDate: string
  readonly deadlineDate: string
}

/**
 * The totals of a checkout as the service would compute them (R2), in JSON numbers.
 *
 * @category Checkout
 * @since 0.1.0
 */
export interface CheckoutSummary {
  readonly currencyCode: string
  readonly totalCost: number
  readonly totalMinimumDeposit: number
  /** `YYYY-MM-DD` (R2.4) */
  readonly completionDate: string
  /** ISO instant: `now` + expiry minutes; the checkout is valid before it (R4.7) */
  readonly expiresAt: string
  readonly items: ReadonlyArray<ItemSummary>
}

/**
 * The contract of a checkout's totals (R10.2): its options, declared once, for `summarizeCheckout`,
 * its twin and `Checkout.summarize`.
 */
export const SUMMARIZE = contract({
  /** The creation instant of the checkout: `expiresAt` counts from it (R4.7). */
  now: InstantOption,
  /** The merchant configuration: default deposits and deadlines (R2.2, R2.4). */
  merchant: MerchantOption,
  /** Zone in which date-times become calendar dates; default `UTC` (R2.5). */
  timeZone: Schema.optional(Schema.String)
}, { optionWarnings: merchantOptionWarnings })

/**
 * Options of {@link summarize}: `now`, `merchant` (the merchant configuration as the service
 * answers it), `timeZone` and `unknownFields` (R10.2).
 *
 * @category Checkout
 * @since 0.1.0
 */
export interface SummarizeOptions extends Options<typeof SUMMARIZE> {}

/**
 * The options as the totals read them: the merchant configuration read.
 */
export interface SummarizeInputs extends PriceInputs {
  readonly now: Time.InstantInput
}

/** Precision problems of the items, reported beside the shape's (every violation at once). */
const amountIssuesOf = (request: unknown, options: PriceInputs | undefined): Array<Issue> => {
  const issues: Array<Issue> = []
  if (!isRecord(request) || typeof request["currencyCode"] !== "string" || !Array.isArray(request["items"])) {
    return issues
  }
  const exponent = Currency.exponent(request["currencyCode"], options?.merchant)
  if (exponent === undefined) return issues
  request["items"].forEach((item: unknown, index) => {
    if (isRecord(item)) itemAmountIssues(item, index, exponent, issues)
  })
  return issues
}

/**
 * Prices a checkout given as unchecked JSON (R2): checks only the fields the
 * totals read ({@link PriceableCheckout}: shape, then the currency's precision,
 * every problem at once) and gives every amount in minor units of
 * `currencyCode`, the items' dates as epoch days, and the request's `expiry`;
 * the calculations that follow a checkout start from here. Its options and
 * warnings are {@link summarize}'s (R10.2); a span named `Checkout.price`.
 *
 * @example
 * ```ts
 * import * as Effect from "effect/Effect"
 * import { Checkout } from "payment-plan-engine"
 * const priced = Effect.runSync(Checkout.price(checkoutRequest))
 * priced.totalMinimumDeposit // 28000 (cents) for 2 × 50 (deposit 20) and 2 × 500 (deposit 120)
 * ```
 * @category Checkout
 * @since 0.2.0
 */
export const price: {
  (checkout: Input<CheckoutRequest>, options?: PriceOptions): Effect.Effect<
    PricedCheckout & { readonly expiry: number | undefined },
    ValidationError
  >
} = (checkout: unknown, options?: PriceOptions) =>
  calculation(PRICE_SURFACE, options, () => priceOutcome(checkout, options))

const PRICE_SURFACE = surface("Checkout.price", PRICE)

/** The price with the request's unknown fields (R10.2), its configuration read by the one reader (R9). */
const priceOutcome = (
  checkout: unknown,
  options: PriceOptions | undefined
): Outcome<PricedCheckout & { readonly expiry: number | undefined }> => {
  const o = optionsOf(options)
  const warnings = requestUnknownFields(checkout)
  const merchant = decodeResult(o.merchant)
  return outcome(
    Result.isFailure(merchant)
      ? Result.fail(merchant.failure)
      : priceUnknownResult(checkout, { merchant: merchant.success, timeZone: o.timeZone }),
    warnings
  )
}

/**
 * {@link price} as a synchronous `Result`, for the calculations that price a checkout.
 *
 * @since 0.1.0
 */
export const priceUnknownResult = (
  request: unknown,
  options?: PriceInputs,
  checked = false
): Result.Result<PricedCheckout & { readonly expiry: number | undefined }, ValidationError> => {
  // a request a guard has already accepted is priced as it is (the validator would answer it)
  const read = checked ? undefined : checkPriceable(request)
  if (read !== undefined && read.issues.length > 0) return fail([...read.issues, ...amountIssuesOf(request, options)])
  const priceable = read === undefined ? request as PriceableCheckout : read.value
  const priced = priceResult(priceable, options)
  return Result.isFailure(priced)
    ? Result.fail(priced.failure)
    : Result.succeed({ ...priced.success, expiry: priceable.expiry })
}

/**
 * {@link summarize} as a synchronous `Result`, for hot loops.
 *
 * @since 0.1.0
 */
export const summarizeResult = (
  request: unknown,
  options: SummarizeInputs,
  checked = false
): Result.Result<CheckoutSummary, ValidationError> => {
  const now = Time.toEpochMillis(options?.now)
  if (now === undefined) {
    return fail([
      issue("now", "format", "R3.1", "must be a valid instant (Date, epoch milliseconds or RFC 3339 date-time)")
    ])
  }
  const priced = priceUnknownResult(request, options, checked)
  if (Result.isFailure(priced)) return Result.fail(priced.failure)
  const { exponent, items } = priced.success
  const expiresAt = checkoutEnd(now, priced.success.expiry)
  if (expiresAt === undefined) return fail([expiryBeyondDates()])
  return Result.succeed({
    currencyCode: priced.success.currencyCode,
    totalCost: fromMinorUnits(priced.success.totalCost, exponent),
    totalMinimumDeposit: fromMinorUnits(priced.success.totalMinimumDeposit, exponent),
    completionDate: Time.formatDate(priced.success.completionDay),
    expiresAt: Time.formatInstant(expiresAt),
    items: items.map((item) => ({
      lineTotal: fromMinorUnits(item.lineTotal, exponent),
      minimumDeposit: fromMinorUnits(item.minimumDeposit, exponent),
      redemptionDate: Time.formatDate(item.redemptionDay),
      deadlineDate: Time.formatDate(item.deadlineDay)
    }))
  })
}

/**
 * Computes what the service answers to a create-checkout request (R2):
 * `totalCost`, `totalMinimumDeposit` with the merchant's default deposit,
 * `completionDate`, and `expiresAt` from the request's expiry (R4.7). Only
 * the fields it computes with are checked; run {@link validateRequest} for
 * the whole request. An option it does not have fails it (`unknown_option`,
 * naming the nearest); a field of the request no rule reads is logged at
 * Warning level (R10.2), refused under `unknownFields: "error"`. Data-first,
 * or data-last in a pipe; a span named `Checkout.summarize` when a tracer is
 * installed.
 *
 * @example
 * ```ts
 * import * as Effect from "effect/Effect"
 * import { pipe } from "effect/Function"
 * import { Checkout } from "payment-plan-engine"
 * const summary = Effect.runSync(Checkout.summarize(request, { now: "2026-11-22T00:00:00Z" }))
 * summary.totalMinimumDeposit // 280 for 2 × 50 (deposit 20) and 2 × 500 (deposit 120)
 * const same = Effect.runSync(pipe(request, Checkout.summarize({ now: "2026-11-22T00:00:00Z" })))
 * ```
 * @category Checkout
 * @since 0.1.0
 */
export const summarize: {
  (options: SummarizeOptions): (request: Input<CheckoutRequest>) => Effect.Effect<CheckoutSummary, ValidationError>
  (request: Input<CheckoutRequest>, options: SummarizeOptions): Effect.Effect<CheckoutSummary, ValidationError>
} = dual(
  2,
  (request: unknown, options: SummarizeOptions) => operation(SUMMARIZE_SURFACE, request, options, summarizeOutcome)
)

const SUMMARIZE_SURFACE = surface("Checkout.summarize", SUMMARIZE)

/**
 * A checkout's totals as every surface answers them: the totals and the request's unknown fields
 * (R10.2), the merchant configuration read by the one reader (R9).
 *
 * @internal
 */
export const summarizeOutcome = (request: unknown, options: SummarizeOptions): Outcome<CheckoutSummary> => {
  const o = optionsOf(options)
  // one pass says the request can be priced and has nothing to warn about: the common case
  const known = isKnownPriceable(request)
  const warnings = known ? NONE : requestUnknownFields(request)
  // without a configuration to decode, the options as given (a hot loop allocates no copy)
  if (o.merchant === undefined) return outcome(summarizeResult(request, o as SummarizeInputs, known), warnings)
  const merchant = decodeResult(o.merchant)
  return outcome(
    Result.isFailure(merchant)
      ? Result.fail(merchant.failure)
      : summarizeResult(request, { now: o.now, merchant: merchant.success, timeZone: o.timeZone }, known),
    warnings
  )
}

const NONE: ReadonlyArray<Issue> = []
