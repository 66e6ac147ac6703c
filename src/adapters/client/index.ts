/**
 * payment-plan-engine/client: an HTTP client for the payment-plan service. The
 * core validates every request before it is sent and reads every answer
 * tolerantly (R9); failures are typed; safe requests are retried.
 *
 * - `createClient(options)`: Promise API.
 * - `PaymentPlanClient`: the Effect service, with `PaymentPlanClient.layer(options)`.
 * - `verifyWebhook(request, secret)`: verifies a webhook delivery (Standard Webhooks) and reads its event.
 *
 * See docs/client.md.
 *
 * @packageDocumentation
 */
export { ValidationError } from "../../core/foundation/issues.ts"
export type {
  CheckoutVerification,
  DepositDecision,
  RedirectProblem,
  RefusalReason
} from "../../core/verification/index.ts"
export type {
  ReadWebhookEvent,
  UnknownWebhookEvent,
  WebhookEvent,
  WebhookEventResponse,
  WebhookEventType
} from "../../core/webhook/index.ts"
export type { HttpMethod, Operation, Route, Routes } from "../../core/wire/routes.ts"
export { type Authorization, basicAuthorization, type Credentials } from "./auth.ts"
export {
  type ClientConfig,
  type ClientOptions,
  DEFAULT_RETRY,
  DEFAULT_TIMEOUT_MS,
  type FetchLike,
  resolveConfig,
  type RetryOptions
} from "./config.ts"
export {
  type ClientError,
  ConflictError,
  ForbiddenError,
  type HttpErrorFields,
  InvalidRedirectError,
  NotFoundError,
  RateLimitedError,
  REQUEST_ID_HEADERS,
  ServerError,
  ServiceValidationError,
  TimeoutError,
  TransportError,
  UnauthorizedError,
  UndecodableBodyError
} from "./errors.ts"
export { type Client, createClient, type RequestOptions } from "./facade.ts"
export {
  type CallOptions,
  type CreateCheckoutOutcome,
  type VerifiedCheckout,
  type VerifyExpectations
} from "./operations.ts"
export { backoffMs, isRepeatable, isTransient } from "./retry.ts"
export { type CallError, make, makeApi, PaymentPlanClient, type PaymentPlanClientApi } from "./service.ts"
export {
  memoryReplayGuard,
  type VerifiedWebhook,
  verifyWebhook,
  verifyWebhookEffect,
  type VerifyWebhookOptions,
  type WebhookDelivery,
  type WebhookError,
  WebhookHeaderError,
  type WebhookHeaders,
  WebhookPayloadError,
  WebhookReplayError,
  type WebhookReplayGuard,
  WebhookSecretError,
  WebhookSignatureError,
  WebhookTimestampError
} from "./webhooks.ts"
