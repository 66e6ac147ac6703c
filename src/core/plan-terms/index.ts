/**
 * Plan terms (R3, R5, R6): the compute-plan-terms request (strict) and
 * response (tolerant), instalment dates by cadence and time zone, and the
 * terms themselves with their schedule.
 *
 * @module
 */
export { isCheckoutResponse, type TermsCheckout } from "./checkout.ts"
export {
  DEPOSIT_STRATEGIES,
  depositRange,
  type DepositStrategy,
  type PaymentBounds,
  paymentBounds,
  type TermsInMinorUnits,
  termsInMinorUnits,
  type TermsInput
} from "./kernel.ts"
export {
  Cadence,
  FREQUENCIES,
  type Frequency,
  frequencyOf,
  PlanTermsRequest,
  requestUnknownFields,
  type ValidateOptions,
  validateRequest,
  type Weekday,
  weekdayOf,
  WEEKDAYS
} from "./request.ts"
export {
  PlanTerms,
  PlanTermsResponse,
  ResolvedCadenceJson,
  ScheduledPayment,
  TERMS_VALIDATION_KEYS,
  TermsValidation,
  type TermsValidationKey
} from "./response.ts"
export { cadenceDates, cadenceJson, firstDate, resolveCadence, type ResolvedCadence } from "./schedule.ts"
export { compute, type ComputeOptions } from "./terms.ts"
