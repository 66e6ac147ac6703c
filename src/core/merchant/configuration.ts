/**
 * The merchant configuration: the service's response (read tolerantly, R9),
 * optionally with `defaultRefundPolicies` and `subMerchants` added by the
 * merchant (rules.md, "Public surface").
 *
 * @since 0.1.0
 */
import { Result, Schema } from "effect"
import {
  describe,
  fail,
  issue,
  issuesFromSchema,
  LENIENT,
  prefixPath,
  type ValidationError
} from "../foundation/issues.ts"
import { loose, LooseBoolean, LooseNumber, OpenStruct } from "../internal/schema-kit.ts"
import { duplicateDaysIssues, RefundPolicies } from "../refund/policy.ts"

/**
 * A currency the merchant accepts, with its payment bounds.
 *
 * @since 0.1.0
 */
export const MerchantCurrency = OpenStruct({
  currencyCode: loose(Schema.String),
  minimumPaymentAmount: loose(LooseNumber),
  maximumPaymentAmount: loose(LooseNumber),
  paymentGatewayVariant: loose(Schema.String),
  isZeroDecimal: loose(LooseBoolean)
})

/**
 * @since 0.1.0
 */
export type MerchantCurrency = typeof MerchantCurrency.Type

/**
 * The merchant-configuration response, plus the merchant's own additions:
 * `defaultRefundPolicies` for items without policies (R7.2) and `subMerchants`,
 * the externalCodes a checkout may name (R4.5).
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Merchant } from "payment-plan-engine"
 * const merchant = Schema.decodeUnknownSync(Merchant.MerchantConfiguration)({
 *   defaultMinDepositType: "Percentage", defaultMinDepositValue: "10",
 *   currencies: [{ currencyCode: "AUD", minimumPaymentAmount: 1, maximumPaymentAmount: 5000 }]
 * })
 * merchant.defaultMinDepositValue // 10
 * ```
 * @since 0.1.0
 */
export const MerchantConfiguration = OpenStruct({
  defaultPaymentDeadline: loose(LooseNumber),
  defaultMinDepositValue: loose(LooseNumber),
  defaultMinDepositType: loose(Schema.String),
  currencies: loose(Schema.Array(MerchantCurrency)),
  gtmId: loose(Schema.String),
  serviceGAMID: loose(Schema.String),
  merchantGAMID: loose(Schema.String),
  gtmInternalTrackingId: loose(Schema.String),
  defaultRefundPolicies: loose(RefundPolicies),
  subMerchants: loose(Schema.Array(Schema.String))
})

/**
 * @since 0.1.0
 */
export type MerchantConfiguration = typeof MerchantConfiguration.Type

/**
 * What the calculations read of a merchant configuration. A decoded
 * {@link MerchantConfiguration} is one.
 *
 * @since 0.1.0
 */
export type MerchantLike = Partial<MerchantConfiguration>

const decodeMerchant = Schema.decodeUnknownResult(MerchantConfiguration)
const decoded = new WeakMap<object, MerchantConfiguration>()

/**
 * Reads a merchant configuration given as plain JSON, tolerantly (R9); refund
 * policies it adds are checked as strictly as an item's (R4.6). Results are
 * remembered per object, so passing the same configuration in a hot loop costs
 * one decode.
 *
 * @since 0.1.0
 */
export const decodeMerchantResult = (
  input: unknown,
  path = "merchant"
): Result.Result<MerchantConfiguration | undefined, ValidationError> => {
  if (input === undefined) return Result.succeed(undefined)
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    return fail([issue(path, "type", "R9", `must be a merchant configuration object, got ${describe(input)}`)])
  }
  const known = decoded.get(input)
  if (known) return Result.succeed(known)
  const result = decodeMerchant(input, LENIENT)
  if (Result.isFailure(result)) {
    const { issues } = issuesFromSchema(result.failure.issue, "R9")
    return fail(issues.map((i) => ({ ...i, path: prefixPath(path, i.path) })))
  }
  const duplicates = duplicateDaysIssues(result.success.defaultRefundPolicies, `${path}.defaultRefundPolicies`)
  if (duplicates.length > 0) return fail(duplicates)
  decoded.set(input, result.success)
  return Result.succeed(result.success)
}
