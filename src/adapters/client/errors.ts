/**
 * Typed failures of the client. Every one is a {@link PaymentPlanClientError}:
 * an `Error` with a `_tag` (its class, one per class, for `Effect.catchTag`)
 * and a `code` (a {@link ClientErrorCode}, for a `switch`), recognised by
 * {@link isPaymentPlanClientError}. Each class is a Schema tagged error
 * (`Schema.TaggedError`), so it can stand in the error schema of a user's
 * HTTP API or RPC and travel as JSON: what it carries is data (the body as
 * JSON, a transport failure's cause as Effect's `Defect`).
 *
 * Failures of a call that was sent say which operation it was, where it went,
 * the HTTP status (when a whole answer came), the request id the service gave
 * (any of the request-id headers, `x-request-id`, `request-id`,
 * `x-correlation-id`, `x-amzn-requestid`, of any answer that began, whole or
 * not) and the body it sent, read tolerantly (R9).
 * None carries a header of the request, so none can show the credentials.
 *
 * An invalid request never leaves the process: it fails with a
 * {@link RequestValidationError} instead, before anything is sent. Bad options
 * are an {@link InvalidOptionsError}.
 *
 * @module
 */
// Over 400 lines: the client's typed failures, one class per error code (a table).
import * as Schema from "effect/Schema"
import { type Issue, IssueBody } from "../../core/foundation/issues.ts"
import { type Operation, OPERATIONS } from "../../core/wire/routes.ts"

/**
 * What went wrong, as a stable string (one per error class):
 *
 * | code | class | when |
 * | --- | --- | --- |
 * | `invalid_options` | {@link InvalidOptionsError} | `createClient` / the layer got bad options |
 * | `invalid_request` | {@link RequestValidationError} | the core refused the request; nothing was sent |
 * | `invalid_redirect` | {@link InvalidRedirectError} | `verifyCheckout`: no usable `service_checkout_id` (R8.1) |
 * | `service_validation` | {@link ServiceValidationError} | 400, 422 and any other 4xx not below |
 * | `unauthorized` | {@link UnauthorizedError} | 401 |
 * | `forbidden` | {@link ForbiddenError} | 403 |
 * | `not_found` | {@link NotFoundError} | 404 |
 * | `conflict` | {@link ConflictError} | 409 |
 * | `rate_limited` | {@link RateLimitedError} | 429 |
 * | `server_error` | {@link ServerError} | 5xx |
 * | `timeout` | {@link TimeoutError} | no whole answer within the attempt's `timeout` |
 * | `transport` | {@link TransportError} | connection refused or reset, DNS, TLS, a body cut off |
 * | `undecodable_body` | {@link UndecodableBodyError} | a success whose body cannot be read |
 *
 * @category Client
 * @since 0.1.0
 */
export type ClientErrorCode =
  | "invalid_options"
  | "invalid_request"
  | "invalid_redirect"
  | "service_validation"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "rate_limited"
  | "server_error"
  | "timeout"
  | "transport"
  | "undecodable_body"

const TypeId = Symbol.for("payment-plan-engine/client/PaymentPlanClientError")

/**
 * What every client error is: an `Error` (and an Effect failure you can
 * `yield*`) with `_tag` and `code`.
 *
 * @since 0.1.0
 */
export interface ClientErrorBase extends Error {
  readonly _tag: string
  readonly code: ClientErrorCode
}

/**
 * Whether `u` is an error of this client: the guard to use in a `catch`,
 * where TypeScript knows nothing of what was thrown. `code` then tells which.
 *
 * @example
 * ```ts
 * import { isPaymentPlanClientError } from "payment-plan-engine/client"
 *
 * const cancel = async (planId: string) => {
 *   try {
 *     return await client.cancelPlan({ planId, refundableAmount: 10, reason: "CustomerRequest" })
 *   } catch (error) {
 *     if (!isPaymentPlanClientError(error)) throw error
 *     switch (error.code) {
 *       case "conflict": return "already cancelled"
 *       case "invalid_request": return error.issues
 *       default: throw error
 *     }
 *   }
 * }
 * await cancel(planId) // { result: … }, "already cancelled", or the issues of a refused request
 * ```
 * @category Client
 * @since 0.1.0
 */
export const isPaymentPlanClientError = (u: unknown): u is PaymentPlanClientError =>
  typeof u === "object" && u !== null && (u as Record<symbol, unknown>)[TypeId] === TypeId

/**
 * An issue as the core reports it (`Issue`), as a Schema: its `code` is the
 * core's vocabulary, which the encoded form carries as text.
 */
const IssueField = IssueBody as unknown as Schema.Codec<Issue, typeof IssueBody.Encoded>

/** An operation of the route table. */
const OperationField = Schema.Literals(OPERATIONS)

/**
 * What every failure of a sent request carries, as Schema fields.
 */
const HTTP_FIELDS = {
  operation: OperationField,
  method: Schema.String,
  url: Schema.String,
  status: Schema.UndefinedOr(Schema.Number),
  requestId: Schema.UndefinedOr(Schema.String),
  body: Schema.UndefinedOr(Schema.Json),
  attempts: Schema.Number
}

/**
 * What every failure of a sent request carries.
 *
 * @category Client
 * @since 0.1.0
 */
export interface HttpErrorFields {
  readonly operation: Operation
  readonly method: string
  /** The URL called (no credentials ever appear in it). */
  readonly url: string
  /** The HTTP status, undefined when no whole answer came. */
  readonly status: number | undefined
  /**
   * The service's request id, from the first of the request-id headers (`x-request-id`, `request-id`,
   * `x-correlation-id`, `x-amzn-requestid`) present, on any answer that began (a body cut off or too slow
   * still had its headers).
   */
  readonly requestId: string | undefined
  /** The body: the decoded JSON when it is JSON, else its text; undefined without one. */
  readonly body: Schema.Json | undefined
  /** Attempts made before giving up (1 when nothing was retried). */
  readonly attempts: number
}

/**
 * Response headers read as the request id, in order.
 *
 * @internal
 */
export const REQUEST_ID_HEADERS = ["x-request-id", "request-id", "x-correlation-id", "x-amzn-requestid"] as const

const bodyMessage = (body: unknown): string => {
  if (typeof body === "object" && body !== null && typeof (body as { message?: unknown }).message === "string") {
    return `: ${(body as { message: string }).message}`
  }
  return ""
}

const describeFailure = (e: HttpErrorFields, what: string): string =>
  `${e.operation} (${e.method} ${e.url}) ${what}${e.requestId === undefined ? "" : ` [request id ${e.requestId}]`}${
    e.attempts > 1 ? ` after ${e.attempts} attempts` : ""
  }${bodyMessage(e.body)}`

const describeIssues = (issues: ReadonlyArray<Issue>): string => {
  const shown = issues.slice(0, 5).map((i) => `${i.path || "(input)"}: ${i.message} [${i.code}, ${i.rule}]`)
  const more = issues.length > 5 ? `; and ${issues.length - 5} more` : ""
  return `${shown.join("; ")}${more}`
}

/**
 * `createClient` or `PaymentPlanClient.layer` got bad options: `issues` names
 * every bad option (`path`), what is wrong (`code`, `message`) and the rule it
 * breaks (`rule`: `R4.1`/`R4.3` for the merchant id, as a request's, else
 * `client`). The API key is never shown.
 *
 * @category Client
 * @since 0.1.0
 */
export class InvalidOptionsError extends Schema.TaggedError<InvalidOptionsError>()("InvalidOptionsError", {
  issues: Schema.Array(IssueField)
}) {
  readonly code = "invalid_options" as const
  override get message(): string {
    return `invalid client options: ${describeIssues(this.issues)}`
  }
}

/**
 * The core refused the request before it was sent (nothing left the process):
 * `issues` lists every problem with its path, code and rule, as the core's
 * validation reports them; `warnings` what it warned about. Its `_tag` is its
 * own, `"RequestValidationError"`: `Effect.catchTag` tells it from the core's
 * `ValidationError`.
 *
 * @category Client
 * @since 0.1.0
 */
export class RequestValidationError extends Schema.TaggedError<RequestValidationError>()("RequestValidationError", {
  operation: OperationField,
  issues: Schema.Array(IssueField),
  warnings: Schema.Array(IssueField)
}) {
  readonly code = "invalid_request" as const
  override get message(): string {
    return `${this.operation}: invalid request, not sent: ${describeIssues(this.issues)}`
  }
}

/**
 * The service refused the request as invalid: a 4xx other than 401, 403, 404,
 * 409 and 429. `issues` are those the service names in its body (R4.1: path,
 * code, rule and message), empty when it names none; `body` is all of it.
 *
 * @category Client
 * @since 0.1.0
 */
export class ServiceValidationError extends Schema.TaggedError<ServiceValidationError>()("ServiceValidationError", {
  ...HTTP_FIELDS,
  issues: Schema.Array(IssueBody)
}) {
  readonly code = "service_validation" as const
  override get message(): string {
    return describeFailure(this, `was refused as invalid (${this.status})`)
  }
}

/**
 * 401: the credentials are missing or wrong.
 *
 * @category Client
 * @since 0.1.0
 */
export class UnauthorizedError extends Schema.TaggedError<UnauthorizedError>()("UnauthorizedError", HTTP_FIELDS) {
  readonly code = "unauthorized" as const
  override get message(): string {
    return describeFailure(this, "was not authorized (401); check the merchant id and API key")
  }
}

/**
 * 403: the credentials do not allow this operation.
 *
 * @category Client
 * @since 0.1.0
 */
export class ForbiddenError extends Schema.TaggedError<ForbiddenError>()("ForbiddenError", HTTP_FIELDS) {
  readonly code = "forbidden" as const
  override get message(): string {
    return describeFailure(this, "was forbidden (403)")
  }
}

/**
 * 404: no such checkout or plan (or it belongs to another merchant).
 *
 * @category Client
 * @since 0.1.0
 */
export class NotFoundError extends Schema.TaggedError<NotFoundError>()("NotFoundError", HTTP_FIELDS) {
  readonly code = "not_found" as const
  override get message(): string {
    return describeFailure(this, "found nothing (404)")
  }
}

/**
 * 409: the resource's state forbids it (a plan already cancelled, an
 * idempotency key reused with another body).
 *
 * @category Client
 * @since 0.1.0
 */
export class ConflictError extends Schema.TaggedError<ConflictError>()("ConflictError", HTTP_FIELDS) {
  readonly code = "conflict" as const
  override get message(): string {
    return describeFailure(this, "conflicted with the resource's state (409)")
  }
}

/**
 * 429: too many requests; `retryAfterMs` is the service's `Retry-After`.
 *
 * @category Client
 * @since 0.1.0
 */
export class RateLimitedError extends Schema.TaggedError<RateLimitedError>()("RateLimitedError", {
  ...HTTP_FIELDS,
  retryAfterMs: Schema.UndefinedOr(Schema.Number)
}) {
  readonly code = "rate_limited" as const
  override get message(): string {
    const wait = this.retryAfterMs === undefined ? "" : `, retry after ${this.retryAfterMs} ms`
    return describeFailure(this, `was rate limited (429${wait})`)
  }
}

/**
 * 5xx: the service failed.
 *
 * @category Client
 * @since 0.1.0
 */
export class ServerError extends Schema.TaggedError<ServerError>()("ServerError", HTTP_FIELDS) {
  readonly code = "server_error" as const
  override get message(): string {
    return describeFailure(this, `failed on the service's side (${this.status})`)
  }
}

/**
 * No complete answer within the attempt's time limit (headers and body);
 * `timeoutMs` is that limit.
 *
 * @category Client
 * @since 0.1.0
 */
export class TimeoutError extends Schema.TaggedError<TimeoutError>()("TimeoutError", {
  ...HTTP_FIELDS,
  timeoutMs: Schema.Number
}) {
  readonly code = "timeout" as const
  override get message(): string {
    return describeFailure(this, `timed out after ${this.timeoutMs} ms`)
  }
}

/**
 * The request or the response's body failed in transit (connection refused or
 * reset, DNS, TLS, a body cut off). `cause` is what `fetch` threw (as JSON, its
 * name, message and cause).
 *
 * @category Client
 * @since 0.1.0
 */
export class TransportError extends Schema.TaggedError<TransportError>()("TransportError", {
  ...HTTP_FIELDS,
  cause: Schema.Defect()
}) {
  readonly code = "transport" as const
  override get message(): string {
    const cause = this.cause instanceof Error ? `: ${this.cause.message}` : ""
    return `${describeFailure(this, "failed in transit")}${cause}`
  }
}

/**
 * A successful status with a body that is not what the operation returns: an
 * HTML page, truncated JSON, JSON of another shape. `reason` says what is wrong.
 *
 * @category Client
 * @since 0.1.0
 */
export class UndecodableBodyError extends Schema.TaggedError<UndecodableBodyError>()("UndecodableBodyError", {
  ...HTTP_FIELDS,
  reason: Schema.String
}) {
  readonly code = "undecodable_body" as const
  override get message(): string {
    return `${describeFailure(this, `answered ${this.status} with a body that cannot be read`)}: ${this.reason}`
  }
}

/**
 * `verifyCheckout` found no usable `service_checkout_id` in the redirect
 * (R8.1); `problem` says why (`missing`, `repeated`, `malformed`). Nothing was
 * sent.
 *
 * @category Client
 * @since 0.1.0
 */
export class InvalidRedirectError extends Schema.TaggedError<InvalidRedirectError>()("InvalidRedirectError", {
  problem: Schema.Literals(["missing", "repeated", "malformed"])
}) {
  readonly code = "invalid_redirect" as const
  override get message(): string {
    return `the redirect's service_checkout_id is ${this.problem} (R8.1)`
  }
}

const CLASSES = [
  InvalidOptionsError,
  RequestValidationError,
  ServiceValidationError,
  UnauthorizedError,
  ForbiddenError,
  NotFoundError,
  ConflictError,
  RateLimitedError,
  ServerError,
  TimeoutError,
  TransportError,
  UndecodableBodyError,
  InvalidRedirectError
]
// the mark the guard reads: one copy of the package or several, decoded or built here
for (const c of CLASSES) Object.defineProperty(c.prototype, TypeId, { value: TypeId })

/**
 * Every failure of a request that was sent (an answer, or none).
 *
 * @category Client
 * @since 0.1.0
 */
export type ClientError =
  | ServiceValidationError
  | UnauthorizedError
  | ForbiddenError
  | NotFoundError
  | ConflictError
  | RateLimitedError
  | ServerError
  | TimeoutError
  | TransportError
  | UndecodableBodyError

/**
 * What a call can fail with: a failure of the request that was sent
 * ({@link ClientError}), or a request the core refused, which was then never
 * sent ({@link RequestValidationError}).
 *
 * @category Client
 * @since 0.1.0
 */
export type CallError = ClientError | RequestValidationError

/**
 * Every error of the client, told apart by `code` (or `_tag`); what
 * {@link isPaymentPlanClientError} recognises.
 *
 * @category Client
 * @since 0.1.0
 */
export type PaymentPlanClientError = CallError | InvalidRedirectError | InvalidOptionsError

/** What `instanceof PaymentPlanClientError` asks: the guard. */
abstract class AnyClientError {
  static [Symbol.hasInstance](u: unknown): boolean {
    return isPaymentPlanClientError(u)
  }
}

/**
 * For `error instanceof PaymentPlanClientError`: true for every error of the
 * client, whichever copy of the package made it (it asks
 * {@link isPaymentPlanClientError}).
 *
 * @category Client
 * @since 0.1.0
 */
export const PaymentPlanClientError: abstract new(...args: never) => ClientErrorBase = AnyClientError as never

/** The issues a refusal's body names (R4.1), each as the service wrote it; none when it names none. */
const issuesOf = (body: unknown): ReadonlyArray<typeof IssueBody.Type> => {
  const issues = typeof body === "object" && body !== null ? (body as { issues?: unknown }).issues : undefined
  return Array.isArray(issues) ? issues.filter(isIssueBody) : []
}

const isIssueBody = Schema.is(IssueBody)

/**
 * The error for a non-success status.
 *
 * @internal
 */
export const errorForStatus = (
  fields: HttpErrorFields & { readonly status: number },
  retryAfterMs: number | undefined
): ClientError => {
  switch (fields.status) {
    case 401:
      return new UnauthorizedError(fields)
    case 403:
      return new ForbiddenError(fields)
    case 404:
      return new NotFoundError(fields)
    case 409:
      return new ConflictError(fields)
    case 429:
      return new RateLimitedError({ ...fields, retryAfterMs })
    default:
      return fields.status >= 500
        ? new ServerError(fields)
        : new ServiceValidationError({ ...fields, issues: issuesOf(fields.body) })
  }
}
