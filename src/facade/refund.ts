/**
 * Plain functions for refunds (see docs/rules.md, "Where the rules meet your code"): JSON in, JSON out.
 *
 * @module
 */
import { NO_OPTIONS } from "../core/foundation/contract.ts"
import type { Input, Validation } from "../core/foundation/issues.ts"
import type { PlanResponse } from "../core/plan/index.ts"
import type { RefundPolicy } from "../core/refund-policy/policy.ts"
import { CALCULATE, type CalculateOptions, calculateOutcome, type RefundPlanInput } from "../core/refund/calculate.ts"
import type { RefundCalculation } from "../core/refund/calculation.ts"
import { CANCEL, type CancelOptions, type CancelPlanRequest, validateCancelOutcome } from "../core/refund/cancel.ts"
import { type PolicyWindow, selectPolicyResult } from "../core/refund/select.ts"
import { answer, outcome, plainFunction, valueOf } from "./plain.ts"

export type { RefundPlanInput } from "../core/refund/calculate.ts"

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
 * @category Refunds
 * @since 0.1.0
 */
export const selectRefundPolicy = (
  policies: ReadonlyArray<Input<RefundPolicy> | PolicyWindow>,
  daysRemaining: number
): number => valueOf(SELECT, undefined, outcome(selectPolicyResult(policies, daysRemaining)))

const SELECT = plainFunction("selectRefundPolicy", NO_OPTIONS)
const SELECT_RESULT = plainFunction("selectRefundPolicyResult", NO_OPTIONS)

/**
 * {@link selectRefundPolicy} without throwing: `{ ok: true, value, warnings }` with the index, or
 * `{ ok: false, issues, warnings }`.
 *
 * @example
 * ```ts
 * import { selectRefundPolicyResult } from "payment-plan-engine"
 * selectRefundPolicyResult([{ daysWithinRedemptionDate: 30 }], 2.5)
 * // { ok: false, issues: [{ path: "daysRemaining", code: "format", rule: "R7.2", … }], warnings: [] }
 * ```
 * @category Refunds
 * @since 0.1.0
 */
export const selectRefundPolicyResult = (policies: unknown, daysRemaining: unknown): Validation<number> =>
  answer(SELECT_RESULT, undefined, outcome(selectPolicyResult(policies, daysRemaining)))

/**
 * Options of {@link calculateRefund}: the refund calculation's one contract, `Refund.CalculateOptions`
 * (`at`, `timeZone`, `merchant`, `unknownFields`).
 *
 * @category Refunds
 * @since 0.2.0
 */
export type CalculateRefundOptions = CalculateOptions

const CALCULATE_REFUND = plainFunction("calculateRefund", CALCULATE)
const CALCULATE_REFUND_RESULT = plainFunction("calculateRefundResult", CALCULATE)

/**
 * The refund calculation of a plan at an instant (R7), exactly the service's
 * response: `planTotalCost`, `totalPaymentsPaid`, `totalNonRefundableAmount`,
 * `suggestedRefundAmount`, `currencyCode` and per item its policies, the active
 * one and the greater of the non-refundable deposit and the policy's part.
 * Throws a `ValidationError` with every issue of the input. An option it does
 * not have is refused (`unknown_option`); a field of the plan no rule reads is
 * a process warning, once per path (R10.2, docs/api.md).
 *
 * @example
 * ```ts
 * import { calculateRefund } from "payment-plan-engine"
 * const calculation = calculateRefund(
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
 * calculation.items[0].activeRefundPolicyIndex // 0 (40 days before: the 60-day policy)
 * calculation.suggestedRefundAmount            // 275 (400 paid − 125 non-refundable)
 * ```
 * @category Refunds
 * @since 0.2.0
 */
export const calculateRefund: {
  (plan: RefundPlanInput, options: CalculateRefundOptions): RefundCalculation
  (plan: PlanResponse, options: CalculateRefundOptions): RefundCalculation
} = (plan: unknown, options: CalculateRefundOptions): RefundCalculation =>
  valueOf(CALCULATE_REFUND, options, calculateOutcome(plan, options))

/**
 * {@link calculateRefund} without throwing: `{ ok: true, value, warnings }` or `{ ok: false, issues,
 * warnings }`, for a plan of any shape (JSON of unknown type). The warnings name each field of the
 * plan no rule reads (R10.2), so `refundPolicy` for `refundPolicies` is never a silent full refund;
 * an option the function does not have is refused (`unknown_option`).
 *
 * @example
 * ```ts
 * import { calculateRefundResult } from "payment-plan-engine"
 * const answer = calculateRefundResult(
 *   JSON.parse(`{ "currencyCode": "AUD", "totalPaymentsPaid": 400, "items": [{ "id": "t1", "quantity": 2,
 *     "costPerItem": 250, "redemptionDate": "2027-03-01",
 *     "refundPolicy": [{ "daysWithinRedemptionDate": 60, "refundablePercentage": 75 }] }] }`),
 *   { at: "2027-01-20T09:00:00+11:00", timeZone: "Australia/Sydney" }
 * )
 * answer.warnings.map((w) => w.path) // ["items[0].refundPolicy"]
 * ```
 * @category Refunds
 * @since 0.2.0
 */
export const calculateRefundResult = (plan: unknown, options: CalculateRefundOptions): Validation<RefundCalculation> =>
  answer(CALCULATE_REFUND_RESULT, options, calculateOutcome(plan, options))

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
 * // { ok: false, issues: [{ path: "reason", code: "enum" }, { path: "refundableAmount", code: "range" }], warnings: [] }
 * ```
 * @category Refunds
 * @since 0.1.0
 */
export const validateCancelPlanRequest = (
  plan: unknown,
  request: unknown,
  options?: CancelOptions
): Validation<CancelPlanRequest> => answer(CANCEL_PLAIN, options, validateCancelOutcome(plan, request, options))

const CANCEL_PLAIN = plainFunction("validateCancelPlanRequest", CANCEL)
