/**
 * Checkouts: the create-checkout request and its validation (R4), the
 * response (R9), and the totals the service computes for it (R2).
 *
 * @module
 */

export {
  atLeastOneItem,
  CheckoutItem,
  CheckoutRequest,
  CurrencyCode,
  PLAN_TYPES,
  type PlanType,
  requestUnknownFields,
  type ValidateOptions,
  validateRequest,
  validateRequestResult
} from "./request.ts"
export { Checkout, CheckoutResponse } from "./response.ts"
export {
  type CheckoutSummary,
  DEFAULT_EXPIRY_MINUTES,
  expiryMinutes,
  type ItemSummary,
  PriceableCheckout,
  type PricedCheckout,
  type PricedItem,
  type PriceOptions,
  priceResult,
  priceUnknownResult,
  summarize,
  type SummarizeOptions,
  summarizeResult
} from "./totals.ts"
