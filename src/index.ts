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
export {
  type Issue,
  type IssueCode,
  type Validated,
  type Validation,
  ValidationError
} from "./core/foundation/issues.ts"
export { PlanTransitionError } from "./core/plan/events.ts"

// Effect-native modules
export * as Checkout from "./core/checkout/index.ts"
export * as Deposit from "./core/deposit/minimum-deposit.ts"
export * as Currency from "./core/foundation/currency.ts"
export * as Money from "./core/foundation/money.ts"
export * as Time from "./core/foundation/time/index.ts"
export * as Merchant from "./core/merchant/configuration.ts"
export * as PlanTerms from "./core/plan-terms/index.ts"
export * as Plan from "./core/plan/index.ts"
export * as Notes from "./core/plan/notes.ts"
export * as Refund from "./core/refund/index.ts"
export * as Search from "./core/search/index.ts"
export * as Verification from "./core/verification/index.ts"
export * as ErrorResponse from "./core/wire/error-response.ts"
export * as Routes from "./core/wire/routes.ts"

// Types of the service's resources
export type { CheckoutItem, CheckoutRequest, CheckoutResponse, CheckoutSummary } from "./core/checkout/index.ts"
export type { MinimumDeposit } from "./core/deposit/minimum-deposit.ts"
export type { MerchantConfiguration } from "./core/merchant/configuration.ts"
export type {
  ComputedPlanTerms,
  PlanTermsRequest,
  PlanTermsResponse,
  ScheduledPayment
} from "./core/plan-terms/index.ts"
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
export type { ListPlanNotesParams, PlanNote, PlanNotesList, PlanNotesPage } from "./core/plan/notes.ts"
export type { CancelPlanRequest, CancelPlanResponse, RefundCalculation, RefundPolicy } from "./core/refund/index.ts"
export type {
  NormalizedPlanSearch,
  PlanSearchFilter,
  PlanSearchQuery,
  PlanSearchResponse,
  PlanSearchResult,
  SearchScope
} from "./core/search/index.ts"
export type { CheckoutVerification, DepositDecision, RedirectCheckoutId } from "./core/verification/index.ts"
