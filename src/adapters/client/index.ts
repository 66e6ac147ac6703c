/**
 * payment-plan-engine/client: an HTTP client for the payment-plan service. The
 * core validates every request before it is sent and reads every answer
 * tolerantly (R9); failures are typed; requests are retried only when that
 * cannot make the service act twice.
 *
 * - `createClient(options)`: Promise API.
 * - `PaymentPlanClient`: the Effect service, with `PaymentPlanClient.layer(options)` and
 *   `PaymentPlanClient.layerConfig()` (from `Config`).
 * - `isPaymentPlanClientError(error)`: the guard for a `catch`; `error.code` says what failed.
 * - `verifyWebhook(request, secret)`: verifies a webhook delivery (Standard Webhooks) and reads its event.
 *
 * Exactly what docs/client.md lists under "Exports"; the contract suite for
 * your own tests is `payment-plan-engine/client/testing`.
 *
 * @module payment-plan-engine/client
 */
export type { DepositDecision, RedirectProblem, RefusalReason } from "../../core/verification/index.ts"
export type { HttpMethod, Operation, Route, Routes } from "../../core/wire/routes.ts"
export type { Authorization, Credentials } from "./auth.ts"
export type { ClientOptions, FetchLike, RetryOptions } from "./config.ts"
export {
  type CallError,
  type ClientError,
  type ClientErrorCode,
  ConflictError,
  ForbiddenError,
  type HttpErrorFields,
  InvalidOptionsError,
  InvalidRedirectError,
  isPaymentPlanClientError,
  NotFoundError,
  PaymentPlanClientError,
  RateLimitedError,
  RequestValidationError,
  ServerError,
  ServiceValidationError,
  TimeoutError,
  TransportError,
  UnauthorizedError,
  UndecodableBodyError
} from "./errors.ts"
export { type Client, createClient, type RequestOptions } from "./facade.ts"
export type {
  CallOptions,
  CreateCheckoutOutcome,
  CreatedCheckout,
  VerifiedCheckout,
  VerifyExpectations
} from "./operations.ts"
export type { ListedPlanNote, SearchedPlan } from "./pagination.ts"
export { type IdempotencyKeys, type RetrySchedule, retrySchedule, type RetryScheduleOptions } from "./retry.ts"
export { PaymentPlanClient, type PaymentPlanClientApi } from "./service.ts"
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
