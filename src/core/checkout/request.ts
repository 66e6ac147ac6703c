/**
 * The create-checkout request, validated strictly (R4).
 *
 * Validation has two layers. The Schema checks each field on its own (types,
 * lengths, patterns, enums, ranges). Checks that need context run beside it on the
 * same input: amounts against the currency's precision (R1.3), redemption dates
 * against `now` (R4.6), the authenticated merchant (R4.5). Both layers always run,
 * so every violation is reported at once.
 *
 * @module
 */
// Over 400 lines: the create-checkout request (R4): its schema and the validation that needs context.
import type * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { depositUnit, MinimumDeposit } from "../deposit/minimum-deposit.ts"
import {
  contract,
  InstantOption,
  type Options,
  optionsOf,
  type Outcome,
  surface,
  validated,
  validation
} from "../foundation/contract.ts"
import * as Currency from "../foundation/currency.ts"
import { fail, type Validated, type ValidationError } from "../foundation/issues.ts"
import { amountIssues, MAX_MINOR_UNITS, toMinorUnits } from "../foundation/money.ts"
import * as Time from "../foundation/time/index.ts"
import { type Issue, issue } from "../internal/issue.ts"
import { isRecord } from "../internal/predicates.ts"
import {
  Enum,
  FiniteNumber,
  type Found,
  isHttpUrl,
  MAX_URL_LENGTH,
  NonEmptyText,
  PatternText,
  rule,
  ruleAtEach,
  WholeNumber,
  withRule
} from "../internal/schema-kit.ts"
import { compileValidator, unknownFieldsOf } from "../internal/validator.ts"
import {
  decodeResult,
  type MerchantConfigurationResponse,
  MerchantOption,
  merchantOptionWarnings
} from "../merchant/configuration.ts"
import { RefundPolicies } from "../refund-policy/policy.ts"
import { PLAN_TYPES } from "./enumerations.ts"
import { redemptionNotAfter } from "./redemption.ts"

// ---------------------------------------------------------------------------
// Request (strict, R4)

// the enumerations live apart, Schema-free, for code that must stay small (the widget)
export { PLAN_TYPES, type PlanType } from "./enumerations.ts"

/** An `expiry` in whole minutes, or one ≤ 0, which means the default (R4.7): a fraction of those is not. */
const wholeMinutesOrDefault = (n: number): boolean => n <= 0 || Number.isInteger(n)

const Url = (min: number, max: number) =>
  PatternText(min, max, {
    code: "format",
    rule: "R4.4",
    message: "must be an absolute http or https URL",
    test: isHttpUrl
  })

/**
 * An active ISO 4217 alphabetic code, upper case (R4.4), in the service's
 * constrained text (exactly 3 characters, no spaces).
 *
 * @category Checkout
 * @since 0.1.0
 */
export const CurrencyCode = PatternText(3, 3, {
  code: "unknown_currency",
  rule: "R4.4",
  message: "must be an active ISO 4217 code in upper case",
  test: Currency.isActive,
  json: { enum: Currency.codes }
})

/**
 * An item of a create-checkout request (R4.6). `quantity`, `description`,
 * `costPerItem` and `redemptionDate` are required; see docs/decisions/0004-foundation-validation.md.
 *
 * @category Checkout
 * @since 0.1.0
 */
export const CheckoutItem = withRule(
  Schema.Struct({
    sku: Schema.optionalKey(Schema.String),
    merchantProductURL: Schema.optionalKey(
      Schema.String.check(rule<string>("format", "R4.4", "must be an absolute http or https URL", isHttpUrl))
    ),
    quantity: WholeNumber(1, "R4.6"),
    description: NonEmptyText("R4.6"),
    costPerItem: FiniteNumber.check(
      rule<number>("range", "R4.6", "must be greater than 0", (n) => n > 0, { json: { exclusiveMinimum: 0 } })
    ),
    minimumDepositPerItem: Schema.optionalKey(MinimumDeposit),
    depositRefundable: Schema.optionalKey(Schema.Boolean),
    redemptionDate: Time.DateOrDateTimeText,
    paymentDeadline: Schema.optionalKey(WholeNumber(0, "R4.6")),
    refundPolicies: Schema.optionalKey(RefundPolicies)
  }),
  "R4.6"
)

/**
 * @category Checkout
 * @since 0.1.0
 */
export type CheckoutItem = typeof CheckoutItem.Type

/**
 * `items` is non-empty (R4.1).
 *
 * @category Checkout
 * @since 0.1.0
 */
export const atLeastOneItem = rule<ReadonlyArray<unknown>>(
  "too_short",
  "R4.1",
  "must have at least one item",
  (a) => a.length > 0,
  // it fails only on an empty array: say so, not "an array"
  { detail: () => "an empty array", json: { minItems: 1 } }
)

/**
 * The request's fields and their own rules: what the compiled validator checks,
 * beside the context checks (`contextIssues`) that report the amounts against
 * the currency with the merchant's digits (R1.2) even when other fields fail.
 */
const CheckoutRequestFields = withRule(
  Schema.Struct({
    type: Schema.optionalKey(Enum(["plan"])),
    planType: Schema.optionalKey(Enum(PLAN_TYPES)),
    merchantId: PatternText(5, 256),
    externalCode: Schema.optionalKey(PatternText(5, 128)),
    merchantOrderId: PatternText(1, 256),
    currencyCode: CurrencyCode,
    redirectURL: Url(5, MAX_URL_LENGTH),
    callbackURL: Schema.optionalKey(Url(5, MAX_URL_LENGTH)),
    expiry: Schema.optionalKey(
      FiniteNumber.check(
        rule<number>("format", "R4.7", "must be whole minutes", wholeMinutesOrDefault, {
          json: { anyOf: [{ maximum: 0 }, { multipleOf: 1 }] }
        })
      )
    ),
    items: Schema.Array(CheckoutItem).check(atLeastOneItem),
    merchantMetadata: Schema.optionalKey(Schema.Record(Schema.String, Schema.String))
  }),
  "R4.1"
)

type RequestFields = typeof CheckoutRequestFields.Type

/**
 * A scan of a request's items in its currency's ISO 4217 digits (a merchant
 * configuration that makes it zero-decimal is `validateRequest`'s to apply):
 * `visit` reports an item's problems and answers whether to look further.
 */
const itemsInCurrency = (
  visit: (item: CheckoutItem, at: number, exponent: number, code: string, found: Found) => boolean
) =>
(request: RequestFields, found: Found): void => {
  const exponent = Currency.exponent(request.currencyCode)
  if (exponent === undefined) return
  for (const [i, item] of request.items.entries()) if (!visit(item, i, exponent, request.currencyCode, found)) return
}

/**
 * R1.3 where the currency is known, the request itself: every item's
 * `costPerItem`, and its minimum deposit when in Currency, has at most the
 * currency's fraction digits.
 */
const amountsInCurrencyDigits = ruleAtEach<RequestFields>(
  "precision",
  "R1.3",
  "must have at most the currency's fraction digits",
  itemsInCurrency((item, i, exponent, code, found) => {
    const cost = item.costPerItem
    if (
      toMinorUnits(cost, exponent) === "precision" &&
      !found(["items", i, "costPerItem"], `${code} has ${exponent}, got ${cost}`)
    ) {
      return false
    }
    const deposit = item.minimumDepositPerItem
    return deposit === undefined || depositUnit(deposit.unit) !== "currency" ||
      toMinorUnits(deposit.value, exponent) !== "precision" ||
      found(["items", i, "minimumDepositPerItem", "value"], `${code} has ${exponent}, got ${deposit.value}`)
  })
)

/** R1.1 where the currency is known: every line total (`costPerItem × quantity`) is an exact amount. */
const lineTotalsExact = ruleAtEach<RequestFields>(
  "range",
  "R1.1",
  "must keep the line total within the largest exact amount",
  itemsInCurrency((item, i, exponent, code, found) => {
    const cost = toMinorUnits(item.costPerItem, exponent)
    return !(cost === "range" || (typeof cost === "number" && cost * item.quantity > MAX_MINOR_UNITS)) ||
      found(["items", i, "quantity"], `${item.quantity} × ${item.costPerItem} ${code}`)
  })
)

/**
 * The create-checkout request (service description, "Checkout request (create)"; R4)
 * with every rule it can check on its own. Each field's (types, lengths, patterns,
 * enumerations, ranges) and, where the currency is known, its amounts' digits (R1.3)
 * and exact line totals (R1.1), so `Schema.is(Checkout.CheckoutRequest)` and a Schema
 * that embeds it refuse `costPerItem: 10.005` in AUD. What needs context is
 * `validateRequest`'s: the authenticated merchant (R4.5), redemption dates after `now`
 * (R4.6), a merchant configuration's digits (R1.2) and sub-merchants.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Checkout } from "payment-plan-engine"
 * Schema.is(Checkout.CheckoutRequest)(request) // false when an amount has too many digits
 * // embedded in your own Schema, unknown fields reported rather than stripped (R10.2):
 * const Order = Schema.Struct({ orderNumber: Schema.String, checkout: Checkout.CheckoutRequest })
 * Schema.decodeUnknownSync(Order)({ orderNumber: "o-1", checkout: body }, { onExcessProperty: "error", errors: "all" })
 * ```
 * @category Checkout
 * @since 0.1.0
 */
export const CheckoutRequest = CheckoutRequestFields.check(amountsInCurrencyDigits, lineTotalsExact)

/**
 * A valid create-checkout request.
 *
 * @category Checkout
 * @since 0.1.0
 */
export type CheckoutRequest = typeof CheckoutRequest.Type

/**
 * The `unknown_field` warnings (R10.2) of a create-checkout request, whatever its values: for the
 * calculations that price a request without the validator's strict reading.
 *
 * @example
 * ```ts
 * import { Checkout } from "payment-plan-engine"
 * Checkout.requestUnknownFields({ merchantId: "merchant-123", itmes: [] }).map((w) => w.path) // ["itmes"]
 * ```
 * @category Checkout
 * @since 0.1.0
 */
export const requestUnknownFields: (input: unknown) => ReadonlyArray<Issue> = unknownFieldsOf(CheckoutRequest)

// ---------------------------------------------------------------------------
// Validation (R4)

/**
 * The default lifetime of a checkout in minutes (R4.7).
 *
 * @category Checkout
 * @since 0.1.0
 */
export const DEFAULT_EXPIRY_MINUTES = 1440

/**
 * Minutes a checkout stays valid: `expiry`, or 1440 when absent or ≤ 0 (R4.7).
 *
 * @category Checkout
 * @since 0.1.0
 */
export const expiryMinutes = (expiry: number | undefined): number =>
  expiry === undefined || expiry <= 0 ? DEFAULT_EXPIRY_MINUTES : expiry

/**
 * The end of a checkout created at `now` (epoch milliseconds) with this `expiry` (R4.7), or `undefined`
 * when it falls after 9999, which has no four-digit year to be written with (R3.1): the one judgement
 * the request's validation and the checkout's totals share.
 *
 * @internal
 */
export const checkoutEnd = (now: number, expiry: number | undefined): number | undefined => {
  // `now` is an instant and the minutes are positive, so only the upper end can be passed (NaN passes none)
  const end = now + expiryMinutes(expiry) * 60_000
  return end < Time.END_INSTANT ? end : undefined
}

/** The issue of an `expiry` whose end {@link checkoutEnd} cannot give (R4.7). @internal */
export const expiryBeyondDates = (): Issue =>
  issue("expiry", "range", "R4.7", "puts the end of the checkout beyond the representable dates")

/**
 * The contract of a create-checkout request's validation (R10.2): its options, declared once, for
 * `validateCheckoutRequest` and `Checkout.validateRequest`.
 */
export const VALIDATE = contract({
  /** The authenticated merchant id; the request's `merchantId` must equal it (R4.5). */
  merchantId: Schema.optional(Schema.String),
  /** The instant of the check; redemption dates must lie after it (R4.6). Without it that check is skipped. */
  now: Schema.optional(InstantOption),
  /** The merchant configuration: zero-decimal currencies (R1.2) and sub-merchants (R4.5). */
  merchant: MerchantOption,
  /** Zone in which a redemption date given as a calendar date starts (R3.1); default `UTC`. */
  timeZone: Schema.optional(Schema.String)
}, { optionWarnings: merchantOptionWarnings })

/**
 * Context of a validation: who is asking and when (`merchantId`, `now`, `merchant`, `timeZone`),
 * and `unknownFields` (R10.2).
 *
 * @category Checkout
 * @since 0.1.0
 */
export interface ValidateOptions extends Options<typeof VALIDATE> {}

/**
 * The context as the validation reads it: the merchant configuration read.
 */
export interface ValidateInputs {
  readonly merchantId?: string | undefined
  readonly now?: Time.InstantInput | undefined
  readonly merchant?: MerchantConfigurationResponse | undefined
  readonly timeZone?: string | undefined
}

/** An item's own minimum deposit when it is in currency, for the precision check. */
const currencyDepositValue = (item: Record<string, unknown>): unknown => {
  const deposit = item["minimumDepositPerItem"]
  if (!isRecord(deposit)) return undefined
  const unit = deposit["unit"]
  return typeof unit === "string" && depositUnit(unit) === "currency" ? deposit["value"] : undefined
}

/**
 * Whether an item's amounts are exact in the currency (R1.3: `costPerItem`
 * and a Currency minimum deposit have at most the currency's digits; R1.1: the
 * line total stays an exact amount). Allocates nothing: hot loops ask it, and
 * ask {@link itemAmountIssues} why only when it says no.
 *
 * @internal
 */
export const itemAmountsExact = (item: Record<string, unknown>, exponent: number): boolean => {
  const cost = item["costPerItem"]
  const quantity = item["quantity"]
  // values of the wrong type are the schema's to report: counted as exact here
  return exactCostOf(
    typeof cost === "number" ? cost : 0,
    typeof quantity === "number" ? quantity : 0,
    item["minimumDepositPerItem"],
    exponent
  ) !== undefined
}

/**
 * An item's cost in minor units when its amounts are exact (R1.3: the cost and a Currency deposit
 * have at most the currency's digits; R1.1: the line total stays an exact amount), else
 * `undefined`: the one judgement validation, pricing and refund calculations share, reading the cost once.
 *
 * @internal
 */
export const exactCostOf = (
  costPerItem: number,
  quantity: number,
  deposit: unknown,
  exponent: number
): number | undefined => {
  const cost = toMinorUnits(costPerItem, exponent)
  return typeof cost !== "number" || cost * quantity > MAX_MINOR_UNITS || !depositExact(deposit, exponent)
    ? undefined
    : cost
}

/**
 * Whether a minimum deposit is exact in the currency (R1.3): a Currency
 * deposit's value has at most the currency's digits; a Percentage one is a rate.
 *
 * @internal
 */
export const depositExact = (deposit: unknown, exponent: number): boolean => {
  if (!isRecord(deposit)) return true
  const unit = deposit["unit"]
  const value = deposit["value"]
  return typeof unit !== "string" || depositUnit(unit) !== "currency" || typeof value !== "number" ||
    typeof toMinorUnits(value, exponent) === "number"
}

/**
 * Why an item's amounts are not exact in the currency (see
 * {@link itemAmountsExact}). Guarded: values of the wrong type are the
 * Schema's to report.
 *
 * @internal
 */
export const itemAmountIssues = (
  item: Record<string, unknown>,
  index: number,
  exponent: number,
  issues: Array<Issue>
): void => {
  if (itemAmountsExact(item, exponent)) return
  const cost = item["costPerItem"]
  const costMinor = typeof cost === "number" && cost > 0 ? toMinorUnits(cost, exponent) : undefined
  if (typeof costMinor === "string") issues.push(amountIssues(`items[${index}].costPerItem`, cost, exponent) as Issue)
  const quantity = item["quantity"]
  if (
    typeof costMinor === "number" && typeof quantity === "number" && Number.isSafeInteger(quantity) &&
    costMinor * quantity > MAX_MINOR_UNITS
  ) {
    issues.push(
      issue(`items[${index}].quantity`, "range", "R1.1", "makes the line total larger than the largest exact amount")
    )
  }
  const depositValue = currencyDepositValue(item)
  if (
    typeof depositValue === "number" && depositValue >= 0 && typeof toMinorUnits(depositValue, exponent) === "string"
  ) {
    issues.push(amountIssues(`items[${index}].minimumDepositPerItem.value`, depositValue, exponent) as Issue)
  }
}

/**
 * The checks that need context, run over the raw input and guarded, so they add
 * to the Schema's findings rather than wait for them.
 */
const contextIssues = (input: unknown, options: ValidateInputs | undefined, issues: Array<Issue>): void => {
  if (!isRecord(input)) return
  const merchant = options?.merchant
  const merchantId = input["merchantId"]
  if (options?.merchantId !== undefined && typeof merchantId === "string" && merchantId !== options.merchantId) {
    issues.push(issue("merchantId", "merchant_mismatch", "R4.5", "must equal the merchant id of the credentials"))
  }
  const externalCode = input["externalCode"]
  const subMerchants = merchant?.subMerchants
  if (
    Array.isArray(subMerchants) && typeof externalCode === "string" &&
    !subMerchants.some((m) => m?.externalCode === externalCode)
  ) {
    issues.push(issue("externalCode", "unknown_external_code", "R4.5", "is not one of the merchant's sub-merchants"))
  }

  const code = input["currencyCode"]
  const exponent = typeof code === "string" ? Currency.exponent(code, merchant) : undefined
  const now = options?.now === undefined ? undefined : Time.toEpochMillis(options.now)
  const zone = options?.timeZone ?? "UTC"
  const today = now === undefined ? undefined : Time.localDay(now, zone)
  const expiry = input["expiry"]
  // an expiry of the wrong type or a fraction of a minute is the Schema's to report
  if (
    now !== undefined &&
    (expiry === undefined || (typeof expiry === "number" && wholeMinutesOrDefault(expiry))) &&
    checkoutEnd(now, expiry) === undefined
  ) {
    issues.push(expiryBeyondDates())
  }
  const items = input["items"]
  if (!Array.isArray(items)) return
  items.forEach((item: unknown, index) => {
    if (!isRecord(item)) return
    if (exponent !== undefined) itemAmountIssues(item, index, exponent, issues)
    const redemption = item["redemptionDate"]
    if (now !== undefined && today !== undefined && typeof redemption === "string") {
      const parsed = Time.parseDateOrInstant(redemption)
      if (parsed !== undefined && redemptionNotAfter(parsed, now, today)) {
        issues.push(issue(`items[${index}].redemptionDate`, "past_date", "R4.6", "must be after now"))
      }
    }
  })
}

/** Warnings of R4.8, read from the raw input so a failing request shows them too. */
const warningsOf = (input: unknown): Array<Issue> => {
  const warnings: Array<Issue> = []
  if (!isRecord(input)) return warnings
  if (input["callbackURL"] !== undefined) {
    warnings.push(
      issue("callbackURL", "deprecated", "R4.8", "is deprecated since 2023-04-18; use the merchant-level webhook")
    )
  }
  const redirect = input["redirectURL"]
  if (typeof redirect === "string" && redirect.startsWith("http:")) {
    warnings.push(issue("redirectURL", "insecure_url", "R4.8", "should use HTTPS"))
  }
  return warnings
}

const optionIssues = (options: ValidateInputs | undefined): Array<Issue> => {
  const issues: Array<Issue> = []
  if (options?.now !== undefined && Time.toEpochMillis(options.now) === undefined) {
    issues.push(
      issue("now", "format", "R3.1", "must be a valid instant (Date, epoch milliseconds or RFC 3339 date-time)")
    )
  }
  if (options?.timeZone !== undefined && !Time.isTimeZone(options.timeZone)) {
    issues.push(issue("timeZone", "time_zone", "R3.1", "must be an IANA time zone name"))
  }
  return issues
}

// the fields' rules; the amounts against the currency are contextIssues' (with the merchant's digits, R1.2)
const checkRequest = compileValidator(CheckoutRequestFields, { rule: "R4.1", unknownKeys: "warn" })

/**
 * {@link validateRequest} as a synchronous `Result`, for hot loops.
 *
 * @since 0.1.0
 */
export const validateRequestResult = (
  input: unknown,
  options?: ValidateInputs
): Result.Result<Validated<CheckoutRequest>, ValidationError> => {
  const optionProblems = optionIssues(options)
  if (optionProblems.length > 0) return fail(optionProblems)
  const checked = checkRequest(input)
  const issues = checked.issues
  contextIssues(input, options, issues)
  const warnings = [...checked.warnings, ...warningsOf(input)]
  return issues.length === 0 ? Result.succeed({ value: checked.value, warnings }) : fail(issues, warnings)
}

/**
 * Validates a create-checkout request (R4): every constraint of the service
 * description, each violation reported with its path, code and rule; warnings
 * for what is allowed but ill-advised (R4.8). Unknown fields are left out of
 * the value and reported as warnings, naming the field meant when one is near
 * (R10.2); `unknownFields: "error"` refuses them, `"ignore"` leaves them out
 * silently. An option it does not have fails it (`unknown_option`).
 *
 * @example
 * ```ts
 * import * as Effect from "effect/Effect"
 * import { Checkout } from "payment-plan-engine"
 * const program = Checkout.validateRequest(body, { merchantId: "merchant-123", now: new Date() })
 * // Effect<Validated<CheckoutRequest>, ValidationError>
 * ```
 * @category Checkout
 * @since 0.1.0
 */
export const validateRequest = (
  input: unknown,
  options?: ValidateOptions
): Effect.Effect<Validated<CheckoutRequest>, ValidationError> =>
  validation(VALIDATE_SURFACE, options, () => validateRequestOutcome(input, options))

const VALIDATE_SURFACE = surface("Checkout.validateRequest", VALIDATE)

/**
 * A create-checkout request's validation as every surface answers it, the merchant configuration
 * read by the one reader (R9).
 *
 * Shared with the facade, whose plain functions are built on it; no entry point exports it.
 */
export const validateRequestOutcome = (
  input: unknown,
  options: ValidateOptions | undefined
): Outcome<CheckoutRequest> => {
  const o = optionsOf(options)
  return validated(
    Result.flatMap(
      decodeResult(o.merchant),
      (merchant) =>
        validateRequestResult(input, { merchantId: o.merchantId, now: o.now, merchant, timeZone: o.timeZone })
    )
  )
}
