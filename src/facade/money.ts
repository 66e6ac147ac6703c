/**
 * Plain functions for money (see docs/rules.md, "Where the rules meet your code").
 */
import { getOrThrow } from "../core/foundation/issues.ts"
import { type InstallmentSplit, splitInstallmentsResult } from "../core/foundation/money.ts"
import { decodeMerchantResult } from "../core/merchant/configuration.ts"

/**
 * Splits `amount` of `currencyCode` into `count` instalments (R5): each
 * instalment truncated to the currency's minor unit, and the remainder (paid
 * with the deposit). `count × amount + remainder` equals the amount exactly.
 * Throws a `ValidationError` for an amount with too many digits, a negative
 * amount, an unknown currency or a count below 1.
 *
 * @example
 * ```ts
 * import { splitInstallments } from "payment-plan-engine"
 * splitInstallments(1234.57, 7, "AUD") // { amount: 176.36, remainder: 0.05 }
 * splitInstallments(10000, 3, "JPY")   // { amount: 3333, remainder: 1 }
 * ```
 * @since 0.1.0
 */
export const splitInstallments = (
  amount: number,
  count: number,
  currencyCode: string,
  options: { readonly merchant?: unknown } = {}
): InstallmentSplit => {
  const merchant = options?.merchant === undefined ? undefined : getOrThrow(decodeMerchantResult(options.merchant))
  return getOrThrow(splitInstallmentsResult(amount, count, currencyCode, { merchant }))
}
