/**
 * Plans: the record and summary as the service returns them (R9), and the
 * lifecycle this library keeps them by: creation from a checkout and chosen
 * terms, events, summaries, the merchant order (docs/plans.md).
 *
 * @module
 */

export { ChosenSchedule, create, type CreatePlanOptions, PlannableCheckout } from "./create.ts"
export { PLAN_EVENT_TAGS, PlanEvent, type PlanEventRefusal, PlanTransitionError } from "./events.ts"
export { ALLOWED_IN, apply, type ApplyOptions, dueInstallments } from "./lifecycle.ts"
export {
  MerchantOrderId,
  type SetMerchantOrderOptions,
  SetMerchantOrderRequest,
  SetMerchantOrderResponse,
  validateSetMerchantOrder
} from "./merchant-order.ts"
export {
  CANCELLATION_REASONS,
  type CancellationReason,
  Installment,
  INSTALLMENT_STATUSES,
  type InstallmentStatus,
  Plan,
  PLAN_STATUSES,
  PLAN_SUMMARY_FIELDS_OF_PLAN,
  PlanCreatedByUser,
  PlanCurrency,
  PlanItem,
  PlanMerchant,
  PlanResponse,
  type PlanStatus,
  PlanSummary,
  PlanSummaryResponse,
  PlanUser,
  UserPaymentMethod
} from "./record.ts"
export { summaryOf } from "./summary.ts"
