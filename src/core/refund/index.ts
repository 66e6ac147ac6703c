/**
 * Refunds (R7): items' refund policies, the refund calculation and cancellation.
 *
 * @since 0.1.0
 */
export * from "./calculation.ts"
export * from "./cancel.ts"
export * from "./policy.ts"
