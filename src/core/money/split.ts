/**
 * Splitting an amount into instalments (R5) as an operation: its one input contract (R10.2), for
 * the root's `splitInstallments`, its twin and `Money.splitInstallments`. The arithmetic is the
 * foundation's (`splitAmountResult`); the merchant configuration it reads (zero-decimal
 * currencies, R1.2) is read by the one reader, whose module sits above the foundation.
 *
 * @module
 */
import type * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import {
  calculation,
  contract,
  type Options,
  optionsOf,
  type Outcome,
  outcome,
  surface
} from "../foundation/contract.ts"
import type { ValidationError } from "../foundation/issues.ts"
import { type InstallmentSplit, splitAmountResult } from "../foundation/money.ts"
import { decodeResult, MerchantOption, merchantOptionWarnings } from "../merchant/configuration.ts"

/** The contract of a split (R10.2): its options, declared once. */
export const SPLIT = contract({
  /** The merchant configuration: zero-decimal currencies (R1.2). */
  merchant: MerchantOption
}, { optionWarnings: merchantOptionWarnings })

/**
 * Options of {@link splitInstallments}: `merchant` (the merchant configuration as the service
 * answers it: its zero-decimal currencies, R1.2) and `unknownFields` (R10.2).
 *
 * @category Money
 * @since 0.1.0
 */
export interface SplitOptions extends Options<typeof SPLIT> {}

/**
 * A split as every surface answers it, the merchant configuration read by the one reader (R9).
 *
 * Shared with the facade, whose plain functions are built on it; no entry point exports it.
 */
export const splitOutcome = (
  amount: unknown,
  count: unknown,
  currencyCode: unknown,
  options: SplitOptions | undefined
): Outcome<InstallmentSplit> => {
  const merchant = decodeResult(optionsOf(options).merchant)
  return outcome(
    Result.isFailure(merchant)
      ? Result.fail(merchant.failure)
      : splitAmountResult(amount, count, currencyCode, { merchant: merchant.success })
  )
}

const SPLIT_SURFACE = surface("Money.splitInstallments", SPLIT)

/**
 * Splits `amount` (major units) of `currencyCode` into `count` instalments (R5):
 * each instalment truncated to the currency's minor unit, the remainder apart.
 * Fails with a `ValidationError` naming every problem (an amount with too many
 * digits, a negative amount, an unknown currency, a count below 1, an option it
 * does not have: `unknown_option`, R10.2); a field of the merchant configuration
 * no rule reads is logged at Warning level. A span named
 * `Money.splitInstallments` when a tracer is installed.
 *
 * @example
 * ```ts
 * import * as Effect from "effect/Effect"
 * import { Money } from "payment-plan-engine"
 * Effect.runSync(Money.splitInstallments(1234.57, 7, "AUD")) // { amount: 176.36, remainder: 0.05 }
 * ```
 * @category Money
 * @since 0.2.0
 */
export const splitInstallments = (
  amount: number,
  count: number,
  currencyCode: string,
  options?: SplitOptions
): Effect.Effect<InstallmentSplit, ValidationError> =>
  calculation(SPLIT_SURFACE, options, () => splitOutcome(amount, count, currencyCode, options))
