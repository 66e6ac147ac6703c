/**
 * payment-plan-engine: exact, I/O-free calculations and validation for a
 * deposit-plus-instalments payment-plan service.
 *
 * The root offers the plain functions of rules.md's "Public surface" and, beside
 * them, the Effect-native modules they are built on.
 *
 * @packageDocumentation
 */

// Plain functions
export * from "./facade/index.ts"

// Errors and validation results
export { type Issue, type IssueCode, type Validated, type Validation, ValidationError } from "./core/issues.ts"
export { PlanTransitionError } from "./core/plan/events.ts"

// Effect-native modules
export * as Checkout from "./core/checkout/index.ts"
export * as Currency from "./core/currency.ts"
export * as Deposit from "./core/deposit.ts"
export * as ErrorResponse from "./core/error.ts"
export * as Merchant from "./core/merchant.ts"
export * as Money from "./core/money.ts"
export * as Notes from "./core/notes.ts"
export * as PlanTerms from "./core/plan-terms.ts"
export * as Plan from "./core/plan/index.ts"
export * as Refund from "./core/refund/index.ts"
export * as Routes from "./core/routes.ts"
export * as Search from "./core/search/index.ts"
export * as Time from "./core/time.ts"
export * as Verification from "./core/verification.ts"

// Types of the service's resources
export type { CheckoutItem, CheckoutRequest, CheckoutResponse, CheckoutSummary } from "./core/checkout/index.ts"
export type { MinimumDeposit } from "./core/deposit.ts"
export type { MerchantConfiguration } from "./core/merchant.ts"
export type { ListPlanNotesParams, PlanNote, PlanNotesList, PlanNotesPage } from "./core/notes.ts"
export type { ComputedPlanTerms, PlanTermsRequest, PlanTermsResponse, ScheduledPayment } from "./core/plan-terms.ts"
export type {
  CancellationReason,
  Installment,
  InstallmentStatus,
  ManagedInstallment,
  ManagedPlan,
  ManagedPlanSummary,
  PlanEvent,
  PlanRecord,
  PlanStatus,
  PlanSummary,
  SetMerchantOrderRequest,
  SetMerchantOrderResponse
} from "./core/plan/index.ts"
export type { CancelPlanRequest, CancelPlanResponse, RefundCalculation, RefundPolicy } from "./core/refund/index.ts"
export type {
  NormalizedPlanSearch,
  PlanSearchFilter,
  PlanSearchQuery,
  PlanSearchResponse,
  PlanSearchResult,
  SearchScope
} from "./core/search/index.ts"
export type { CheckoutVerification, DepositDecision, RedirectCheckoutId } from "./core/verification.ts"
