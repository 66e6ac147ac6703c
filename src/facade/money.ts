/**
 * Plain functions for money (see docs/rules.md, "Where the rules meet your code").
 *
 * @module
 */
import * as Result from "effect/Result"
import type { UnknownFields, Validation } from "../core/foundation/issues.ts"
import { type InstallmentSplit, splitAmountResult as split } from "../core/foundation/money.ts"
import { decodeResult } from "../core/merchant/configuration.ts"
import { answer, optionsOf, type Outcome, outcome, plainFunction, valueOf } from "./plain.ts"

/**
 * Options of {@link splitInstallments}.
 *
 * @category Money
 * @since 0.1.0
 */
export interface SplitInstallmentsOptions {
  /** The merchant configuration (zero-decimal currencies, R1.2). */
  readonly merchant?: unknown
  /** A field of the merchant configuration no rule reads: reported (`"warn"`, default), refused (`"error"`) or not (`"ignore"`) (R10.2). */
  readonly unknownFields?: UnknownFields | undefined
}

const SPLIT = plainFunction("splitInstallments", ["merchant"])
const SPLIT_RESULT = plainFunction("splitInstallmentsResult", ["merchant"])

/**
 * Splits `amount` of `currencyCode` into `count` instalments (R5): each
 * instalment truncated to the currency's minor unit, and the remainder (paid
 * with the deposit). `count × amount + remainder` equals the amount exactly.
 * Throws a `ValidationError` for an amount with too many digits, a negative
 * amount, an unknown currency, a count below 1 or an option it does not have
 * (`unknown_option`, R10.2).
 *
 * @example
 * ```ts
 * import { splitInstallments } from "payment-plan-engine"
 * splitInstallments(1234.57, 7, "AUD") // { amount: 176.36, remainder: 0.05 }
 * splitInstallments(10000, 3, "JPY")   // { amount: 3333, remainder: 1 }
 * ```
 * @category Money
 * @since 0.1.0
 */
export const splitInstallments = (
  amount: number,
  count: number,
  currencyCode: string,
  options?: SplitInstallmentsOptions
): InstallmentSplit => valueOf(SPLIT, options, splitWith(amount, count, currencyCode, options))

const splitWith = (
  amount: number,
  count: number,
  currencyCode: string,
  options: SplitInstallmentsOptions | undefined
): Outcome<InstallmentSplit> => {
  const merchant = decodeResult(optionsOf(options).merchant)
  return outcome(
    Result.isFailure(merchant)
      ? Result.fail(merchant.failure)
      : split(amount, count, currencyCode, { merchant: merchant.success })
  )
}

/**
 * {@link splitInstallments} without throwing: `{ ok: true, value, warnings }` or
 * `{ ok: false, issues, warnings }`.
 *
 * @example
 * ```ts
 * import { splitInstallmentsResult } from "payment-plan-engine"
 * splitInstallmentsResult(10.005, 3, "AUD") // { ok: false, issues: [{ path: "amount", code: "precision", … }], warnings: [] }
 * ```
 * @category Money
 * @since 0.1.0
 */
export const splitInstallmentsResult = (
  amount: number,
  count: number,
  currencyCode: string,
  options?: SplitInstallmentsOptions
): Validation<InstallmentSplit> => answer(SPLIT_RESULT, options, splitWith(amount, count, currencyCode, options))
