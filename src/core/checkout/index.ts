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
  DEFAULT_EXPIRY_MINUTES,
  expiryMinutes,
  PLAN_TYPES,
  type PlanType,
  requestUnknownFields,
  type ValidateOptions,
  validateRequest
} from "./request.ts"
export { Checkout, CheckoutResponse } from "./response.ts"
export {
  type CheckoutSummary,
  type ItemSummary,
  price,
  PriceableCheckout,
  type PricedCheckout,
  type PricedItem,
  type PriceOptions,
  summarize,
  type SummarizeOptions
} from "./totals.ts"
