/**
 * payment-plan-engine: exact, I/O-free calculations and validation for a
 * deposit-plus-instalments payment-plan service.
 *
 * The root offers the plain functions of the public surface and, beside them,
 * the Effect-native modules they are built on.
 *
 * @module payment-plan-engine
 */

// Plain functions
// eslint-disable-next-line no-restricted-syntax -- the facade's index lists the plain functions one by one
export * from "./facade/index.ts"

// Errors and validation results
export {
  type Input,
  type Issue,
  type IssueCode,
  type UnknownFields,
  type Validated,
  type Validation,
  ValidationError
} from "./core/foundation/issues.ts"
export { PlanTransitionError } from "./core/plan/events.ts"

// Effect-native modules
/**
 * Checkouts: the create-checkout request and its validation (R4), the response read tolerantly (R9), the totals (R2).
 *
 * @category Checkout
 * @since 0.1.0
 */
export * as Checkout from "./core/checkout/index.ts"
/**
 * Minimum deposits per item (R2.2): units, merchant defaults, the unit deposit in minor units.
 *
 * @category Deposit
 * @since 0.1.0
 */
export * as Deposit from "./core/deposit/index.ts"
/**
 * Currencies (R1): the ISO 4217 table, minor-unit exponents, zero-decimal overrides of a merchant.
 *
 * @category Currency
 * @since 0.1.0
 */
export * as Currency from "./core/foundation/currency.ts"
/**
 * Exact money (R1, R5): integer minor units, conversions, half-up division, percentages, splits.
 *
 * @category Money
 * @since 0.1.0
 */
export * as Money from "./core/money/index.ts"
/**
 * Time (R3): calendar dates as epoch days, instants given as arguments, IANA time zones; never the clock.
 *
 * @category Time
 * @since 0.1.0
 */
export * as Time from "./core/foundation/time/index.ts"
/**
 * The merchant configuration (R9, R10.3): declared strictly, read tolerantly.
 *
 * @category Merchant
 * @since 0.1.0
 */
export * as Merchant from "./core/merchant/index.ts"
/**
 * Plan terms (R5, R6): the request, cadences and dates, the terms and their schedule.
 *
 * @category Plan terms
 * @since 0.1.0
 */
export * as PlanTerms from "./core/plan-terms/index.ts"
/**
 * Plan records: creation from a checkout and its terms, events and their lifecycle, summaries, merchant order.
 *
 * @category Plans
 * @since 0.1.0
 */
export * as Plan from "./core/plan/index.ts"
/**
 * Plan notes: the notes resource, its query (pages, soft-deleted notes) and the page of notes.
 *
 * @category Notes
 * @since 0.1.0
 */
export * as Notes from "./core/plan/notes-api.ts"
/**
 * Refunds (R7): policies and their selection, the refund calculation (greater-of rule), cancellation.
 *
 * @category Refunds
 * @since 0.1.0
 */
export * as Refund from "./core/refund/index.ts"
/**
 * Plan search: the query parameters and their defaults, filters, sorting and paging over summaries.
 *
 * @category Search
 * @since 0.1.0
 */
export * as Search from "./core/search/index.ts"
/**
 * Verification (R8): the checkout id of a redirect, the deposit decision, when to show the widget.
 *
 * @category Verification
 * @since 0.1.0
 */
export * as Verification from "./core/verification/index.ts"
/**
 * The service's error body, strict and read tolerantly (R9).
 *
 * @category Wire
 * @since 0.1.0
 */
export * as ErrorResponse from "./core/wire/error-response.ts"
/**
 * The service's route table (method and path per operation), shared by the client and the sandbox.
 *
 * @category Wire
 * @since 0.1.0
 */
export * as Routes from "./core/wire/routes-api.ts"

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
