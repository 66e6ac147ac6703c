/**
 * Plain functions for refunds (see docs/rules.md, "Where the rules meet your code"): JSON in, JSON out.
 */
import * as Result from "effect/Result"
import { getOrThrow, toValidation, type Validation } from "../core/foundation/issues.ts"
import type { InstantInput } from "../core/foundation/time/index.ts"
import { decodeMerchantResult } from "../core/merchant/configuration.ts"
import type { RefundCalculation } from "../core/refund/calculation.ts"
import { type CancelPlanRequest, validateCancelRequestResult } from "../core/refund/cancel.ts"
import { quoteResult } from "../core/refund/quote.ts"
import { selectPolicyResult } from "../core/refund/select.ts"

/**
 * The index of the refund policy active `daysRemaining` days before the
 * redemption date (R7.2): the smallest `daysWithinRedemptionDate` that is ≥
 * `daysRemaining`, the first in list order on a tie, −1 when none (fully
 * refundable). Throws a `ValidationError` for policies without whole,
 * non-negative days or a day count that is not whole.
 *
 * @example
 * ```ts
 * import { selectRefundPolicy } from "payment-plan-engine"
 * const policies = [
 *   { daysWithinRedemptionDate: 60, refundablePercentage: 75 },
 *   { daysWithinRedemptionDate: 30, refundablePercentage: 50 }
 * ]
 * selectRefundPolicy(policies, 40) // 0
 * selectRefundPolicy(policies, 20) // 1
 * selectRefundPolicy(policies, 90) // -1
 * ```
 * @since 0.1.0
 */
export const selectRefundPolicy = (
  policies: ReadonlyArray<{ readonly daysWithinRedemptionDate: number }>,
  daysRemaining: number
): number => getOrThrow(selectPolicyResult(policies, daysRemaining))

/**
 * Options of {@link quoteRefund}.
 *
 * @since 0.1.0
 */
export interface QuoteRefundOptions {
  /** The instant of the calculation: `Date`, epoch milliseconds or RFC 3339 date-time with offset. */
  readonly at: InstantInput
  /** IANA zone of the calendar dates; default the plan's `timeZone`, else `UTC` (R3.1). */
  readonly timeZone?: string
  /** The merchant configuration: `defaultRefundPolicies`, default deposits, zero-decimal currencies. */
  readonly merchant?: unknown
}

/**
 * The refund calculation of a plan at an instant (R7), exactly the service's
 * response: `planTotalCost`, `totalPaymentsPaid`, `totalNonRefundableAmount`,
 * `suggestedRefundAmount`, `currencyCode` and per item its policies, the active
 * one and the greater of the non-refundable deposit and the policy's part.
 * Throws a `ValidationError` with every issue of the input.
 *
 * @example
 * ```ts
 * import { quoteRefund } from "payment-plan-engine"
 * const quote = quoteRefund(
 *   {
 *     currencyCode: "AUD",
 *     totalPaymentsPaid: 400,
 *     items: [{
 *       id: "t1", description: "Festival ticket", quantity: 2, costPerItem: 250, redemptionDate: "2027-03-01",
 *       refundPolicies: [
 *         { daysWithinRedemptionDate: 60, refundablePercentage: 75 },
 *         { daysWithinRedemptionDate: 30, refundablePercentage: 50 }
 *       ]
 *     }]
 *   },
 *   { at: "2027-01-20T09:00:00+11:00", timeZone: "Australia/Sydney" }
 * )
 * quote.items[0].activeRefundPolicyIndex // 0 (40 days before: the 60-day policy)
 * quote.suggestedRefundAmount            // 275 (400 paid − 125 non-refundable)
 * ```
 * @since 0.1.0
 */
export const quoteRefund = (plan: unknown, options: QuoteRefundOptions): RefundCalculation => {
  const merchant = getOrThrow(decodeMerchantResult(options?.merchant))
  return getOrThrow(quoteResult(plan, { at: options?.at, timeZone: options?.timeZone, merchant }))
}

/**
 * Validates a cancel-plan request against the plan it cancels (R7.8): the
 * fields of the request, one of the eight reasons, a `refundableAmount` from 0
 * to what was paid in the currency's precision, and a plan not already
 * `Cancelled`. Never throws: `{ ok: false, issues }` lists every problem.
 *
 * @example
 * ```ts
 * import { validateCancelPlanRequest } from "payment-plan-engine"
 * const plan = { id: "plan_1", status: "OnSchedule", currencyCode: "AUD", totalPaymentsPaid: 400 }
 * validateCancelPlanRequest(plan, { planId: "plan_1", refundableAmount: 300, reason: "MerchantRequest" }).ok // true
 * validateCancelPlanRequest(plan, { planId: "plan_1", refundableAmount: 400.01, reason: "Sorry" })
 * // { ok: false, issues: [reason: enum, refundableAmount: range], warnings: [] }
 * ```
 * @since 0.1.0
 */
export const validateCancelPlanRequest = (
  plan: unknown,
  request: unknown,
  options: { readonly merchant?: unknown } = {}
): Validation<CancelPlanRequest> => {
  const merchant = decodeMerchantResult(options?.merchant)
  if (Result.isFailure(merchant)) return { ok: false, issues: merchant.failure.issues, warnings: [] }
  return toValidation(validateCancelRequestResult(plan, request, { merchant: merchant.success }))
}
