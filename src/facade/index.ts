/**
 * The plain functions of the package root: JSON in, JSON out, no Effect
 * knowledge needed (see docs/rules.md, "Where the rules meet your code").
 * Each is a thin layer over a core module.
 */
export { checkoutIdFromRedirect, decideDeposit, shouldDisplayWidget } from "../core/verification/index.ts"
export * from "./checkout.ts"
export * from "./money.ts"
export * from "./plan-terms.ts"
export * from "./plans.ts"
export * from "./refund.ts"
