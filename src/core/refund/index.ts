/**
 * Refunds (R7): items' refund policies, what a refund reads of a plan, the
 * refund calculation and cancellation.
 *
 * @module
 */
export { RefundPlan, RefundPlanItem, refundPlanOf, refundPlanUnknownFields } from "../plan/reading.ts"
export {
  isRefundPolicy,
  PERCENTAGE_REFUNDABLE_DAYS_WITHIN_REDEMPTION_DATE,
  RefundPolicies,
  RefundPolicy
} from "../refund-policy/policy.ts"
export { RefundCalculation, RefundCalculationResponse, RefundItemQuote, RefundPolicyQuote } from "./calculation.ts"
export {
  type CancellablePlan,
  type CancelOptions,
  CancelPlanRequest,
  CancelPlanResponse,
  CancelPlanResult,
  validateCancelRequest,
  validateCancelRequestResult
} from "./cancel.ts"
export { policyName, quote, type QuoteOptions, quoteResult, type QuoteTotals, quoteTotals } from "./quote.ts"
export { daysRemaining, type PolicyWindow, redemptionDay, selectPolicy, selectPolicyResult } from "./select.ts"
