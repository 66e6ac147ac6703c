/**
 * The plain functions of the package root: JSON in, JSON out, no Effect
 * knowledge needed (see docs/rules.md, "Where the rules meet your code").
 * Each is a thin layer over a core module.
 *
 * @module
 */
export { checkoutIdFromRedirect, decideDeposit, shouldDisplayWidget } from "../core/verification/index.ts"
export {
  summarizeCheckout,
  type SummarizeCheckoutOptions,
  summarizeCheckoutResult,
  validateCheckoutRequest,
  type ValidateCheckoutRequestOptions
} from "./checkout.ts"
export { splitInstallments, type SplitInstallmentsOptions, splitInstallmentsResult } from "./money.ts"
export {
  computePlanTerms,
  type ComputePlanTermsOptions,
  computePlanTermsResult,
  validatePlanTermsRequest
} from "./plan-terms.ts"
export {
  applyPlanEvent,
  applyPlanEventResult,
  createPlanRecord,
  type CreatePlanRecordOptions,
  createPlanRecordResult,
  dueInstallments,
  listPlanNotes,
  type ListPlanNotesOptions,
  listPlanNotesResult,
  normalizePlanSearch,
  planSummaryOf,
  searchPlans,
  type SearchPlansOptions,
  searchPlansResult,
  validateSetMerchantOrder
} from "./plans.ts"
export {
  calculateRefund,
  type CalculateRefundOptions,
  calculateRefundResult,
  type RefundPlanInput,
  selectRefundPolicy,
  selectRefundPolicyResult,
  validateCancelPlanRequest
} from "./refund.ts"
