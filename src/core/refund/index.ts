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
export {
  calculate,
  type CalculateOptions,
  calculateTotals,
  policyName,
  type RefundCalculationTotals,
  type RefundPlanInput
} from "./calculate.ts"
export {
  RefundCalculation,
  RefundCalculationItem,
  RefundCalculationPolicy,
  RefundCalculationResponse
} from "./calculation.ts"
export {
  type CancellablePlan,
  type CancelOptions,
  CancelPlanRequest,
  CancelPlanResponse,
  CancelPlanResult,
  validateCancelPlanRequest
} from "./cancel.ts"
export { daysRemaining, type PolicyWindow, redemptionDay, selectPolicy } from "./select.ts"
