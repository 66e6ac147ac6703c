/**
 * Refunds (R7): items' refund policies, the refund calculation and cancellation.
 *
 * @since 0.1.0
 */
export * from "./calculation.ts"
export * from "./cancel.ts"
export * from "./policy.ts"
export {
  policyName,
  type Quote,
  quote,
  type QuoteItem,
  type QuoteOptions,
  type QuotePolicy,
  quoteResult,
  type QuoteTotals,
  quoteTotals,
  type RefundPlan,
  type RefundPlanItem,
  type RefundPolicyInput
} from "./quote.ts"
export * from "./select.ts"
