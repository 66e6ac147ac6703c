/**
 * Refunds (R7): items' refund policies, what a refund reads of a plan, the
 * refund calculation and cancellation.
 *
 * @since 0.1.0
 */
export * from "./calculation.ts"
export * from "./cancel.ts"
export { RefundPlan, RefundPlanItem, refundPlanOf, refundPlanUnknownFields } from "./plan-input.ts"
export * from "./policy.ts"
export { policyName, quote, type QuoteOptions, quoteResult, type QuoteTotals, quoteTotals } from "./quote.ts"
export * from "./select.ts"
