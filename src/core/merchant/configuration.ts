/**
 * The merchant configuration: the service's response, optionally with
 * `defaultRefundPolicies` and `subMerchants` added by the merchant. Declared
 * once, strictly ({@link MerchantConfiguration}); read tolerantly
 * ({@link MerchantConfigurationResponse}, R9), because every calculation that
 * takes one is reading what the service answered (R10.3).
 *
 * @since 0.1.0
 */
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { fail, type ValidationError } from "../foundation/issues.ts"
import { describe, type Issue, issue, prefixIssues } from "../internal/issue.ts"
import { isRecord } from "../internal/predicates.ts"
import { issuesFromSchema } from "../internal/schema-issues.ts"
import { NonNegativeNumber, tolerant, WholeNumber, withRule } from "../internal/schema-kit.ts"
import { compileValidator } from "../internal/validator.ts"
import { RefundPolicy } from "../refund/policy.ts"

/**
 * A currency the merchant accepts, with its payment bounds (R6.4) and its
 * zero-decimal override (R1.2).
 *
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
 * @since 0.1.0
 */
export type MerchantCurrency = typeof MerchantCurrency.Type

/**
 * A sub-merchant a checkout may name by its `externalCode` (R4.5).
 *
 * @since 0.1.0
 */
export const SubMerchant = Schema.Struct({
  externalCode: Schema.String,
  id: Schema.optionalKey(Schema.String),
  name: Schema.optionalKey(Schema.String)
})

/**
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
 * @since 0.1.0
 */
export const MerchantConfigurationResponse = tolerant(MerchantConfiguration)

/**
 * @since 0.1.0
 */
export type MerchantConfigurationResponse = typeof MerchantConfigurationResponse.Type

const decodeResponse = Schema.decodeUnknownResult(MerchantConfigurationResponse)
const checkPolicy = compileValidator(RefundPolicy, { rule: "R4.6", unknownKeys: "ignore" })
const decoded = new WeakMap<object, MerchantConfigurationResponse>()

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
const NO_MERCHANT = Result.succeed(undefined)

/**
 * Reads a merchant configuration given as plain JSON, tolerantly (R9): what
 * the service could answer is read, never refused; the refund policies the
 * merchant adds are checked with an item's rules (R4.6), ties between them
 * settled by list order (R7.2). Results are remembered per object, so passing
 * the same configuration in a hot loop costs one decode.
 *
 * @example
 * ```ts
 * import * as Result from "effect/Result"
 * import { Merchant } from "payment-plan-engine"
 * const read = Merchant.decodeResult({ subMerchants: ["store-north"] })
 * if (Result.isSuccess(read)) read.success?.subMerchants // [{ externalCode: "store-north" }]
 * ```
 * @since 0.1.0
 */
export const decodeResult = (
  input: unknown,
  path = "merchant"
): Result.Result<MerchantConfigurationResponse | undefined, ValidationError> => {
  if (input === undefined) return NO_MERCHANT
  if (!isRecord(input)) {
    return fail([issue(path, "type", "R9", `must be a merchant configuration object, got ${describe(input)}`)])
  }
  const known = decoded.get(input)
  if (known) return Result.succeed(known)
  const result = decodeResponse(withSubMerchantObjects(input), { errors: "all", reportInput: true })
  if (Result.isFailure(result)) {
    const { issues } = issuesFromSchema(result.failure.issue, "R9", MerchantConfigurationResponse.ast)
    return fail(prefixIssues(path, issues))
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
  if (issues.length > 0) return fail(issues)
  decoded.set(input, result.success)
  return Result.succeed(result.success)
}
