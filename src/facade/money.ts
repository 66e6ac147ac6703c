/**
 * Plain functions for money (see docs/rules.md, "Where the rules meet your code").
 *
 * @module
 */
import type { Validation } from "../core/foundation/issues.ts"
import type { InstallmentSplit } from "../core/foundation/money.ts"
import { SPLIT, type SplitOptions, splitOutcome } from "../core/money/split.ts"
import { answer, plainFunction, valueOf } from "./plain.ts"

/**
 * Options of {@link splitInstallments}: the split's one contract, `Money.SplitOptions` (`merchant`,
 * `unknownFields`).
 *
 * @category Money
 * @since 0.1.0
 */
export type SplitInstallmentsOptions = SplitOptions

const SPLIT_PLAIN = plainFunction("splitInstallments", SPLIT)
const SPLIT_RESULT = plainFunction("splitInstallmentsResult", SPLIT)

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
): InstallmentSplit => valueOf(SPLIT_PLAIN, options, splitOutcome(amount, count, currencyCode, options))

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
): Validation<InstallmentSplit> => answer(SPLIT_RESULT, options, splitOutcome(amount, count, currencyCode, options))
