/**
 * Webhooks (docs/webhooks.md): the event catalogue (this library's and its
 * sandbox's: the service publishes none), the events a plan's transition or a
 * checkout's outcome produces, and the message a Standard Webhooks sender
 * signs and a receiver checks.
 *
 * @module
 */
export {
  CheckoutCompletedData,
  CheckoutDeclinedData,
  CheckoutExpiredData,
  EVENT_TYPES,
  isEventType,
  PlanCancelledData,
  PlanCompletedData,
  PlanInstallmentFailedData,
  PlanInstallmentPaidData,
  PlanMerchantOrderSetData,
  PlanPaymentsPausedData,
  PlanStatusChangedData,
  readEvent,
  type ReadWebhookEvent,
  UnknownWebhookEvent,
  WebhookEvent,
  type WebhookEventData,
  type WebhookEventOf,
  WebhookEventResponse,
  type WebhookEventType,
  WebhookTestData
} from "./catalogue.ts"
export { type CheckoutOutcome, eventOfCheckout, eventsOfTransition, transition } from "./emit.ts"
export { EXAMPLES } from "./examples.ts"
export {
  bodyOf,
  DEFAULT_TOLERANCE_SECONDS,
  HEADERS,
  isSecret,
  MAX_SECRET_BYTES,
  parseTimestamp,
  SECRET_PREFIX,
  signaturesOf,
  signingInput,
  timestampProblem,
  validateEndpoint,
  WebhookEndpoint,
  WebhookSecret
} from "./message.ts"
