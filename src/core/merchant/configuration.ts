/**
 * The merchant configuration: the service's response, optionally with
 * `defaultRefundPolicies` and `subMerchants` added by the merchant. Declared
 * once, strictly ({@link MerchantConfiguration}); read tolerantly
 * ({@link MerchantConfigurationResponse}, R9), because every calculation that
 * takes one is reading what the service answered (R10.3). {@link readResult}
 * is the one reader every entry point uses: it also reports the fields no rule
 * reads (R10.2: a configuration's fields count as data).
 *
 * @module
 */
import type * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { contract, type Options, surface, validated, validation } from "../foundation/contract.ts"
import { fail, type Validated, type ValidationError } from "../foundation/issues.ts"
import { describe, type Issue, issue, prefixIssues } from "../internal/issue.ts"
import { isRecord } from "../internal/predicates.ts"
import { DESCRIBED, issuesFromSchema } from "../internal/schema-issues.ts"
import { NonNegativeNumber, tolerant, WholeNumber, withRule } from "../internal/schema-kit.ts"
import { compileValidator, unknownFieldsOf, withoutUndefined } from "../internal/validator.ts"
import { RefundPolicy } from "../refund-policy/policy.ts"

/**
 * A currency the merchant accepts, with its payment bounds (R6.4) and its
 * zero-decimal override (R1.2).
 *
 * @category Merchant
 * @since 0.1.0
 */
export const MerchantCurrency = Schema.Struct({
  currencyCode: Schema.String,
  minimumPaymentAmount: Schema.optionalKey(NonNegativeNumber("R6.4")),
  maximumPaymentAmount: Schema.optionalKey(NonNegativeNumber("R6.4")),
  paymentGatewayVariant: Schema.optionalKey(Schema.String),
  isZeroDecimal: Schema.optionalKey(Schema.Boolean)
})

/**
 * @category Merchant
 * @since 0.1.0
 */
export type MerchantCurrency = typeof MerchantCurrency.Type

/**
 * A sub-merchant a checkout may name by its `externalCode` (R4.5).
 *
 * @category Merchant
 * @since 0.1.0
 */
export const SubMerchant = Schema.Struct({
  externalCode: Schema.String,
  id: Schema.optionalKey(Schema.String),
  name: Schema.optionalKey(Schema.String)
})

/**
 * @category Merchant
 * @since 0.1.0
 */
export type SubMerchant = typeof SubMerchant.Type

/**
 * The merchant-configuration response, plus the merchant's own additions:
 * `defaultRefundPolicies` for items without policies (R7.2) and `subMerchants`,
 * the sub-merchants a checkout may name (R4.5).
 *
 * @example
 * ```ts
 * import { Merchant } from "payment-plan-engine"
 * const merchant: Merchant.MerchantConfiguration = {
 *   defaultMinDepositType: "Percentage",
 *   defaultMinDepositValue: 10,
 *   currencies: [{ currencyCode: "AUD", minimumPaymentAmount: 1, maximumPaymentAmount: 5000 }]
 * }
 * ```
 * @category Merchant
 * @since 0.1.0
 */
export const MerchantConfiguration = withRule(
  Schema.Struct({
    defaultPaymentDeadline: Schema.optionalKey(WholeNumber(0, "R2.4")),
    defaultMinDepositValue: Schema.optionalKey(NonNegativeNumber("R2.2")),
    defaultMinDepositType: Schema.optionalKey(Schema.String),
    currencies: Schema.Array(MerchantCurrency),
    gtmId: Schema.optionalKey(Schema.String),
    serviceGAMID: Schema.optionalKey(Schema.String),
    merchantGAMID: Schema.optionalKey(Schema.String),
    gtmInternalTrackingId: Schema.optionalKey(Schema.String),
    // ties of days are settled by list order (R7.2): no duplicate check here (R10.3)
    defaultRefundPolicies: Schema.optionalKey(Schema.Array(RefundPolicy)),
    subMerchants: Schema.optionalKey(Schema.Array(SubMerchant))
  }),
  "R9"
)

/**
 * @category Merchant
 * @since 0.1.0
 */
export type MerchantConfiguration = typeof MerchantConfiguration.Type

/**
 * A merchant configuration as the service answers it, read tolerantly (R9):
 * any field missing or null, numbers sent as strings, unknown fields kept.
 * Every calculation takes one.
 *
 * @example
 * ```ts
 * import * as Schema from "effect/Schema"
 * import { Merchant } from "payment-plan-engine"
 * const merchant = Schema.decodeUnknownSync(Merchant.MerchantConfigurationResponse)({
 *   defaultMinDepositType: "Percentage", defaultMinDepositValue: "10",
 *   currencies: [{ currencyCode: "AUD", minimumPaymentAmount: 1, maximumPaymentAmount: 5000 }]
 * })
 * merchant.defaultMinDepositValue // 10
 * ```
 * @category Merchant
 * @since 0.1.0
 */
export const MerchantConfigurationResponse = tolerant(MerchantConfiguration)

/**
 * @category Merchant
 * @since 0.1.0
 */
export type MerchantConfigurationResponse = typeof MerchantConfigurationResponse.Type

const decodeResponse = Schema.decodeUnknownResult(MerchantConfigurationResponse)
const checkPolicy = compileValidator(RefundPolicy, { rule: "R4.6", unknownKeys: "ignore" })
const unknownFields = unknownFieldsOf(MerchantConfiguration)

/**
 * A configuration read: its value, and its `unknown_field` warnings with paths from its root; the
 * answers built from it are kept too, so a configuration passed again and again allocates nothing.
 */
interface Reading {
  readonly value: MerchantConfigurationResponse
  readonly warnings: ReadonlyArray<Issue>
  decoded?: Result.Result<MerchantConfigurationResponse, never>
  /** the warnings under the last path asked for */
  under?: { readonly path: string; readonly warnings: ReadonlyArray<Issue> }
}

const readings = new WeakMap<object, Reading>()

/** `subMerchants` as strings (`"store-north"`) are read as their `externalCode`. */
const withSubMerchantObjects = (input: Record<string, unknown>): Record<string, unknown> => {
  const subMerchants = input["subMerchants"]
  if (!Array.isArray(subMerchants) || !subMerchants.some((s) => typeof s === "string")) return input
  return {
    ...input,
    subMerchants: subMerchants.map((s: unknown) => (typeof s === "string" ? { externalCode: s } : s))
  }
}

// no merchant given: one answer, allocated once
const NO_MERCHANT: Result.Result<Validated<undefined>, never> = Result.succeed({ value: undefined, warnings: [] })

/**
 * A sandbox merchants file (`{ merchants: [...] }`, no `currencies` of its own) is several merchants,
 * each with sandbox-only fields: read as one configuration, it would be an empty one.
 */
const sandboxFileIssue = (input: Record<string, unknown>, path: string): Issue | undefined => {
  const merchants = input["merchants"]
  if (!Array.isArray(merchants) || input["currencies"] !== undefined) return undefined
  const ids = merchants.map((m: unknown) => (isRecord(m) && typeof m["id"] === "string" ? m["id"] : undefined))
  const named = ids.filter((id) => id !== undefined)
  const listed = named.length === 0
    ? ""
    : ` (${named.slice(0, 5).join(", ")}${named.length > 5 ? `, and ${named.length - 5} more` : ""})`
  return issue(
    path,
    "type",
    "R9",
    `is a sandbox merchants file with ${merchants.length} merchant${merchants.length === 1 ? "" : "s"}${listed}, ` +
      "not one merchant's configuration: pass one of its entries (its merchants[0], say), " +
      "or on the command line --merchant FILE --merchant-id ID"
  )
}

/** Reads a configuration the first time it is seen: its value and warnings, or its issues under `path`. */
const readRecord = (input: Record<string, unknown>, path: string): Reading | ReadonlyArray<Issue> => {
  const file = sandboxFileIssue(input, path)
  if (file !== undefined) return [file]
  // a key whose value is undefined is absent (R10.1)
  const given = withoutUndefined(input) as Record<string, unknown>
  const result = decodeResponse(withSubMerchantObjects(given), DESCRIBED)
  if (Result.isFailure(result)) {
    const { issues } = issuesFromSchema(result.failure.issue, "R9", MerchantConfigurationResponse.ast)
    return prefixIssues(path, issues)
  }
  const issues: Array<Issue> = []
  result.success.defaultRefundPolicies?.forEach((policy, index) => {
    for (const found of checkPolicy(policy).issues) {
      issues.push({
        ...found,
        path: `${path}.defaultRefundPolicies[${index}]${found.path === "" ? "" : `.${found.path}`}`
      })
    }
  })
  if (issues.length > 0) return issues
  return { value: result.success, warnings: unknownFields(input) }
}

/**
 * The one reader of a merchant configuration given as plain JSON: tolerant (R9,
 * R10.3: what the service could answer is read, never refused, two default
 * policies with the same days included, R7.2), the refund policies the merchant
 * adds checked with an item's rules (R4.6), and every field no rule reads
 * reported as an `unknown_field` warning under `path` (R10.2; the field is kept,
 * as R9 keeps unknown fields, and no calculation reads it). A sandbox merchants
 * file (`{ merchants: [...] }`) is refused: it holds several merchants, pick
 * one. Results are remembered per object, so passing the same configuration in
 * a hot loop costs one reading.
 *
 * @example
 * ```ts
 * import * as Effect from "effect/Effect"
 * import { Merchant } from "payment-plan-engine"
 * const read = Effect.runSync(Merchant.read({ defaultMinDepositValue: "10", defaultRefundPolicy: [] }))
 * read.value?.defaultMinDepositValue // 10
 * read.warnings // [{ path: "merchant.defaultRefundPolicy", code: "unknown_field", rule: "R10.2", … }]
 * ```
 * @category Merchant
 * @since 0.2.0
 */
export const read = (
  input: unknown,
  options?: ReadOptions
): Effect.Effect<Validated<MerchantConfigurationResponse | undefined>, ValidationError> =>
  validation(READ_SURFACE, options, () => validated(readResult(input)))

/** The contract of reading a merchant configuration (R10.2): no option but `unknownFields`. */
export const READ = contract({})

const READ_SURFACE = surface("Merchant.read", READ)

/**
 * Options of {@link read}: what to do with the configuration's unknown fields (R10.2).
 *
 * @category Merchant
 * @since 0.2.0
 */
export interface ReadOptions extends Options<typeof READ> {}

/**
 * {@link read} as a synchronous `Result`, for the facade and the adapters.
 *
 * @since 0.1.0
 */
export const readResult = (
  input: unknown,
  path = "merchant"
): Result.Result<Validated<MerchantConfigurationResponse | undefined>, ValidationError> => {
  if (input === undefined) return NO_MERCHANT
  const reading = readingOf(input, path)
  return "value" in reading
    ? Result.succeed({ value: reading.value, warnings: warningsUnder(reading, path) })
    : fail(reading)
}

/** The reading of a configuration given (remembered per object), or its issues under `path`. */
const readingOf = (input: unknown, path: string): Reading | ReadonlyArray<Issue> => {
  if (!isRecord(input)) {
    return [issue(path, "type", "R9", `must be a merchant configuration object, got ${describe(input)}`)]
  }
  const known = readings.get(input)
  if (known !== undefined) return known
  const found = readRecord(input, path)
  if ("value" in found) readings.set(input, found)
  return found
}

const warningsUnder = (reading: Reading, path: string): ReadonlyArray<Issue> => {
  if (reading.warnings.length === 0) return reading.warnings
  if (reading.under?.path !== path) reading.under = { path, warnings: prefixIssues(path, reading.warnings) }
  return reading.under.warnings
}

/**
 * {@link readResult}'s configuration without its warnings: reads a merchant
 * configuration given as plain JSON, tolerantly (R9); the refund policies the
 * merchant adds are checked with an item's rules (R4.6), ties between them
 * settled by list order (R7.2); a sandbox merchants file is refused. Results
 * are remembered per object, so passing the same configuration in a hot loop
 * costs one decode.
 *
 * @example
 * ```ts
 * import * as Result from "effect/Result"
 * const read = decodeResult({ subMerchants: ["store-north"] })
 * if (Result.isSuccess(read)) read.success?.subMerchants // [{ externalCode: "store-north" }]
 * ```
 * @since 0.1.0
 */
export const decodeResult = (
  input: unknown,
  path = "merchant"
): Result.Result<MerchantConfigurationResponse | undefined, ValidationError> => {
  if (input === undefined) return NO_CONFIGURATION
  const reading = readingOf(input, path)
  return "value" in reading ? (reading.decoded ??= Result.succeed(reading.value)) : fail(reading)
}

// no merchant given: one answer, allocated once
const NO_CONFIGURATION: Result.Result<undefined, never> = Result.succeed(undefined)
const NO_WARNINGS: ReadonlyArray<Issue> = []

/**
 * The `unknown_field` warnings (R10.2) of a merchant configuration under `path`, from the same
 * reading as {@link readResult} (remembered per object): for the plain functions, which read the
 * configuration with {@link decodeResult} and gather warnings beside their answer. None for a
 * configuration that cannot be read (its issues are the answer).
 *
 * @internal
 */
export const merchantWarnings = (input: unknown, path = "merchant"): ReadonlyArray<Issue> => {
  if (input === undefined) return NO_WARNINGS
  const reading = readingOf(input, path)
  return "value" in reading ? warningsUnder(reading, path) : NO_WARNINGS
}

/**
 * The `merchant` option of every operation that takes one: the merchant configuration as the
 * service answers it (JSON of any shape), read by the one reader ({@link readResult}, R9).
 */
export const MerchantOption = Schema.optional(Schema.Unknown)

/**
 * The warnings of the configuration an operation's options carry as `merchant`: its fields count
 * as data (R10.2), read once per object. An operation's contract reports them
 * (core/foundation/contract.ts, `optionWarnings`).
 */
export const merchantOptionWarnings = (options: Readonly<Record<string, unknown>>): ReadonlyArray<Issue> =>
  merchantWarnings(options["merchant"])
