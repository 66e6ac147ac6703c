/**
 * Plain functions for money (see docs/rules.md, "Where the rules meet your code").
 */
import * as Result from "effect/Result"
import {
  answerOf,
  both,
  type UnknownFields,
  unknownOptions,
  type Validation,
  valueOf
} from "../core/foundation/issues.ts"
import { type InstallmentSplit, splitAmountResult as split } from "../core/foundation/money.ts"
import { decodeResult, merchantWarnings } from "../core/merchant/configuration.ts"

/**
 * Options of {@link splitInstallments}.
 *
 * @since 0.1.0
 */
export interface SplitInstallmentsOptions {
  /** The merchant configuration (zero-decimal currencies, R1.2). */
  readonly merchant?: unknown
  /** An option no parameter reads: reported (`"warn"`, default) or refused (R10.2). */
  readonly unknownFields?: UnknownFields
}

const SPLIT_OPTIONS: ReadonlySet<string> = new Set(["merchant"])
// the default options, one object: a split in a hot loop allocates none
const NO_OPTIONS: SplitInstallmentsOptions = {}

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
  options: SplitInstallmentsOptions = NO_OPTIONS
): InstallmentSplit =>
  valueOf(
    splitWith(amount, count, currencyCode, options),
    both(merchantWarnings(options?.merchant), unknownOptions(options, SPLIT_OPTIONS)),
    options?.unknownFields
  )

const splitWith = (amount: number, count: number, currencyCode: string, options: SplitInstallmentsOptions) => {
  const merchant = decodeResult(options?.merchant)
  return Result.isFailure(merchant)
    ? Result.fail(merchant.failure)
    : split(amount, count, currencyCode, { merchant: merchant.success })
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
 * @since 0.1.0
 */
export const splitInstallmentsResult = (
  amount: number,
  count: number,
  currencyCode: string,
  options: SplitInstallmentsOptions = NO_OPTIONS
): Validation<InstallmentSplit> =>
  answerOf(
    splitWith(amount, count, currencyCode, options),
    both(merchantWarnings(options?.merchant), unknownOptions(options, SPLIT_OPTIONS)),
    options?.unknownFields
  )
