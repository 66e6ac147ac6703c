/**
 * Typed failures of the client. Every one is a {@link PaymentPlanClientError}:
 * an `Error` with a `_tag` (its class, for `Effect.catchTag`) and a `code` (a
 * {@link ClientErrorCode}, for a `switch`), recognised by
 * {@link isPaymentPlanClientError}.
 *
 * Failures of a call that was sent say which operation it was, where it went,
 * the HTTP status (when an answer came), the request id the service gave (any
 * of the request-id headers (`x-request-id`, `request-id`, `x-correlation-id`, `x-amzn-requestid`)) and the body it sent, read tolerantly (R9).
 * None carries a header of the request, so none can show the credentials.
 *
 * An invalid request never leaves the process: it fails with a
 * {@link RequestValidationError} instead, before anything is sent. Bad options
 * are an {@link InvalidOptionsError}.
 *
 * @module
 */
import * as Data from "effect/Data"
import type { Issue } from "../../core/foundation/issues.ts"
import type { RedirectProblem } from "../../core/verification/index.ts"
import type { Operation } from "../../core/wire/routes.ts"

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
 * | `timeout` | {@link TimeoutError} | no whole answer within `timeoutMs` |
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
 * The base of every client error: an `Error` (and an Effect failure you can
 * `yield*`) with `_tag` and `code`. Exported from the entry as the value
 * {@link PaymentPlanClientError}.
 *
 * @since 0.1.0
 */
export abstract class ClientErrorBase extends Data.Error<{}> {
  abstract readonly _tag: string
  abstract readonly code: ClientErrorCode
}
Object.defineProperty(ClientErrorBase.prototype, TypeId, { value: TypeId })

/**
 * The constructor of a client error class with its tag and code.
 *
 * @since 0.1.0
 */
export type ClientErrorClass<Tag extends string, Code extends ClientErrorCode> = new<
  A extends Record<string, any> = {}
>(args: { readonly [P in keyof A]: A[P] }) => ClientErrorBase & {
  readonly _tag: Tag
  readonly code: Code
} & Readonly<A>

/** A class of client error, as `Data.TaggedError` builds one, with its code. */
const clientError = <const Tag extends string, const Code extends ClientErrorCode>(
  tag: Tag,
  code: Code
): ClientErrorClass<Tag, Code> => {
  class Base extends ClientErrorBase {
    readonly _tag = tag
    readonly code = code
  }
  Base.prototype.name = tag
  return Base as never
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
  /** The HTTP status, undefined when no answer came. */
  readonly status: number | undefined
  /** The service's request id, from the first of the request-id headers (`x-request-id`, `request-id`, `x-correlation-id`, `x-amzn-requestid`) present. */
  readonly requestId: string | undefined
  /** The body: the decoded JSON when it is JSON, else its text; undefined without one. */
  readonly body: unknown
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
export class InvalidOptionsError extends clientError("InvalidOptionsError", "invalid_options")<{
  readonly issues: ReadonlyArray<Issue>
}> {
  override get message(): string {
    return `invalid client options: ${describeIssues(this.issues)}`
  }
}

/**
 * The core refused the request before it was sent (nothing left the process):
 * `issues` lists every problem with its path, code and rule, as the core's
 * validation reports them; `warnings` what it warned about. Its `_tag` is
 * `"ValidationError"`, the core's, so `Effect.catchTag("ValidationError", …)`
 * catches a refusal wherever it comes from.
 *
 * @category Client
 * @since 0.1.0
 */
export class RequestValidationError extends clientError("ValidationError", "invalid_request")<{
  readonly operation: Operation
  readonly issues: ReadonlyArray<Issue>
  readonly warnings: ReadonlyArray<Issue>
}> {
  override get message(): string {
    return `${this.operation}: invalid request, not sent: ${describeIssues(this.issues)}`
  }
}

/**
 * The service refused the request as invalid: a 4xx other than 401, 403, 404,
 * 409 and 429. `body.issues` lists the problems when the service names them.
 *
 * @category Client
 * @since 0.1.0
 */
export class ServiceValidationError
  extends clientError("ServiceValidationError", "service_validation")<HttpErrorFields>
{
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
export class UnauthorizedError extends clientError("UnauthorizedError", "unauthorized")<HttpErrorFields> {
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
export class ForbiddenError extends clientError("ForbiddenError", "forbidden")<HttpErrorFields> {
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
export class NotFoundError extends clientError("NotFoundError", "not_found")<HttpErrorFields> {
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
export class ConflictError extends clientError("ConflictError", "conflict")<HttpErrorFields> {
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
export class RateLimitedError extends clientError("RateLimitedError", "rate_limited")<
  HttpErrorFields & {
    readonly retryAfterMs: number | undefined
  }
> {
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
export class ServerError extends clientError("ServerError", "server_error")<HttpErrorFields> {
  override get message(): string {
    return describeFailure(this, `failed on the service's side (${this.status})`)
  }
}

/**
 * No complete answer within `timeoutMs` (headers and body).
 *
 * @category Client
 * @since 0.1.0
 */
export class TimeoutError
  extends clientError("TimeoutError", "timeout")<HttpErrorFields & { readonly timeoutMs: number }>
{
  override get message(): string {
    return describeFailure(this, `timed out after ${this.timeoutMs} ms`)
  }
}

/**
 * The request or the response's body failed in transit (connection refused or
 * reset, DNS, TLS, a body cut off). `cause` is what `fetch` threw.
 *
 * @category Client
 * @since 0.1.0
 */
export class TransportError
  extends clientError("TransportError", "transport")<HttpErrorFields & { readonly cause: unknown }>
{
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
export class UndecodableBodyError
  extends clientError("UndecodableBodyError", "undecodable_body")<HttpErrorFields & { readonly reason: string }>
{
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
export class InvalidRedirectError extends clientError("InvalidRedirectError", "invalid_redirect")<{
  readonly problem: RedirectProblem
}> {
  override get message(): string {
    return `the redirect's service_checkout_id is ${this.problem} (R8.1)`
  }
}

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

/**
 * The base class of every client error, for `instanceof` (within one copy of
 * the package; {@link isPaymentPlanClientError} also works across copies).
 *
 * @category Client
 * @since 0.1.0
 */
export const PaymentPlanClientError: abstract new(...args: never) => ClientErrorBase = ClientErrorBase

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
      return fields.status >= 500 ? new ServerError(fields) : new ServiceValidationError(fields)
  }
}
