/**
 * payment-plan-engine: exact, I/O-free calculations and validation for a
 * deposit-plus-instalments payment-plan service.
 *
 * The root offers the plain functions of the public surface and, beside them,
 * the Effect-native modules they are built on.
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
export * as Deposit from "./core/deposit/index.ts"
export * as Currency from "./core/foundation/currency.ts"
export * as Money from "./core/foundation/money.ts"
export * as Time from "./core/foundation/time/index.ts"
export * as Merchant from "./core/merchant/index.ts"
export * as PlanTerms from "./core/plan-terms/index.ts"
export * as Plan from "./core/plan/index.ts"
export * as Notes from "./core/plan/notes.ts"
export * as Refund from "./core/refund/index.ts"
export * as Search from "./core/search/index.ts"
export * as Verification from "./core/verification/index.ts"
export * as Webhook from "./core/webhook/index.ts"
export * as ErrorResponse from "./core/wire/error-response.ts"
export * as Routes from "./core/wire/routes.ts"

// Types of the service's resources: strict (what this library builds) and their tolerant readings (R9).
// `Checkout.Checkout`, `Plan.Plan` and `PlanTerms.PlanTerms` are reached through their modules.
export type { CheckoutItem, CheckoutRequest, CheckoutResponse, CheckoutSummary } from "./core/checkout/index.ts"
export type { MinimumDeposit } from "./core/deposit/index.ts"
export type { MerchantConfiguration, MerchantConfigurationResponse } from "./core/merchant/index.ts"
export type { PlanTermsRequest, PlanTermsResponse, ScheduledPayment } from "./core/plan-terms/index.ts"
export type {
  CancellationReason,
  Installment,
  InstallmentStatus,
  PlanEvent,
  PlanResponse,
  PlanStatus,
  PlanSummary,
  PlanSummaryResponse,
  SetMerchantOrderRequest,
  SetMerchantOrderResponse
} from "./core/plan/index.ts"
export type { PlanNote, PlanNoteResponse, PlanNotes, PlanNotesQuery, PlanNotesResponse } from "./core/plan/notes.ts"
export type {
  CancelPlanRequest,
  CancelPlanResponse,
  RefundCalculation,
  RefundCalculationResponse,
  RefundPlan,
  RefundPolicy
} from "./core/refund/index.ts"
export type {
  NormalizedPlanSearch,
  PlanSearchFilter,
  PlanSearchPage,
  PlanSearchQuery,
  PlanSearchResponse,
  PlanSearchResult,
  SearchScope
} from "./core/search/index.ts"
export type {
  CheckoutVerification,
  CheckoutVerificationResponse,
  DepositDecision,
  RedirectCheckoutId
} from "./core/verification/index.ts"
export type {
  ReadWebhookEvent,
  UnknownWebhookEvent,
  WebhookEndpoint,
  WebhookEvent,
  WebhookEventResponse,
  WebhookEventType
} from "./core/webhook/index.ts"
