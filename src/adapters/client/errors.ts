/**
 * Typed failures of a call to the service. Every one says which operation it
 * was, where it went, the HTTP status (when an answer came), the request id the
 * service gave (any of {@link REQUEST_ID_HEADERS}) and the body it sent, read
 * tolerantly (R9). None carries a header of the request, so none can show the
 * credentials.
 *
 * An invalid request never leaves the process: it fails with the core's
 * `ValidationError` instead, before anything is sent.
 *
 * @since 0.1.0
 */
import * as Data from "effect/Data"
import type { RedirectProblem } from "../../core/verification/index.ts"
import type { Operation } from "../../core/wire/routes.ts"

/**
 * What every HTTP failure carries.
 *
 * @since 0.1.0
 */
export interface HttpErrorFields {
  readonly operation: Operation
  readonly method: string
  /** The URL called (no credentials ever appear in it). */
  readonly url: string
  /** The HTTP status, undefined when no answer came. */
  readonly status: number | undefined
  /** The service's request id, from the first of {@link REQUEST_ID_HEADERS} present. */
  readonly requestId: string | undefined
  /** The body: the decoded JSON when it is JSON, else its text; undefined without one. */
  readonly body: unknown
  /** Attempts made before giving up (1 when nothing was retried). */
  readonly attempts: number
}

/**
 * Response headers read as the request id, in order.
 *
 * @since 0.1.0
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

/**
 * The service refused the request as invalid: a 4xx other than 401, 403, 404,
 * 409 and 429. `body.issues` lists the problems when the service names them.
 *
 * @since 0.1.0
 */
export class ServiceValidationError extends Data.TaggedError("ServiceValidationError")<HttpErrorFields> {
  override get message(): string {
    return describeFailure(this, `was refused as invalid (${this.status})`)
  }
}

/**
 * 401: the credentials are missing or wrong.
 *
 * @since 0.1.0
 */
export class UnauthorizedError extends Data.TaggedError("UnauthorizedError")<HttpErrorFields> {
  override get message(): string {
    return describeFailure(this, "was not authorized (401); check the merchant id and API key")
  }
}

/**
 * 403: the credentials do not allow this operation.
 *
 * @since 0.1.0
 */
export class ForbiddenError extends Data.TaggedError("ForbiddenError")<HttpErrorFields> {
  override get message(): string {
    return describeFailure(this, "was forbidden (403)")
  }
}

/**
 * 404: no such checkout or plan (or it belongs to another merchant).
 *
 * @since 0.1.0
 */
export class NotFoundError extends Data.TaggedError("NotFoundError")<HttpErrorFields> {
  override get message(): string {
    return describeFailure(this, "found nothing (404)")
  }
}

/**
 * 409: the resource's state forbids it (a plan already cancelled, an
 * idempotency key reused with another body).
 *
 * @since 0.1.0
 */
export class ConflictError extends Data.TaggedError("ConflictError")<HttpErrorFields> {
  override get message(): string {
    return describeFailure(this, "conflicted with the resource's state (409)")
  }
}

/**
 * 429: too many requests; `retryAfterMs` is the service's `Retry-After`.
 *
 * @since 0.1.0
 */
export class RateLimitedError extends Data.TaggedError("RateLimitedError")<
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
 * @since 0.1.0
 */
export class ServerError extends Data.TaggedError("ServerError")<HttpErrorFields> {
  override get message(): string {
    return describeFailure(this, `failed on the service's side (${this.status})`)
  }
}

/**
 * No complete answer within `timeoutMs` (headers and body).
 *
 * @since 0.1.0
 */
export class TimeoutError extends Data.TaggedError("TimeoutError")<HttpErrorFields & { readonly timeoutMs: number }> {
  override get message(): string {
    return describeFailure(this, `timed out after ${this.timeoutMs} ms`)
  }
}

/**
 * The request or the response's body failed in transit (connection refused or
 * reset, DNS, TLS, a body cut off). `cause` is what `fetch` threw.
 *
 * @since 0.1.0
 */
export class TransportError extends Data.TaggedError("TransportError")<HttpErrorFields & { readonly cause: unknown }> {
  override get message(): string {
    const cause = this.cause instanceof Error ? `: ${this.cause.message}` : ""
    return `${describeFailure(this, "failed in transit")}${cause}`
  }
}

/**
 * A successful status with a body that is not what the operation returns: an
 * HTML page, truncated JSON, JSON of another shape. `reason` says what is wrong.
 *
 * @since 0.1.0
 */
export class UndecodableBodyError
  extends Data.TaggedError("UndecodableBodyError")<HttpErrorFields & { readonly reason: string }>
{
  override get message(): string {
    return `${describeFailure(this, `answered ${this.status} with a body that cannot be read`)}: ${this.reason}`
  }
}

/**
 * `verifyCheckout` found no usable `service_checkout_id` in the redirect (R8.1).
 *
 * @since 0.1.0
 */
export class InvalidRedirectError extends Data.TaggedError("InvalidRedirectError")<{ readonly code: RedirectProblem }> {
  override get message(): string {
    return `the redirect's service_checkout_id is ${this.code} (R8.1)`
  }
}

/**
 * Every failure of a request that was sent.
 *
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
