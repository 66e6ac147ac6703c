/**
 * The retry policy: which failures are tried again, when, and for how long.
 *
 * - GET, PUT and DELETE (idempotent by HTTP's definition) after any transient
 *   failure: a transport failure, a timeout, a 429 or a 5xx.
 * - A POST or PATCH only when it cannot have reached the service (connection
 *   refused, DNS failure: {@link cannotHaveReachedServer}), or, when the
 *   caller says the service honours idempotency keys (`idempotencyKeys:
 *   "honoured"`), like a GET: it then carries a key, the same on every attempt.
 *   A POST that timed out, was reset, or was answered may have acted, and the
 *   service description does not promise that a repeated key is replayed.
 * - Exponential backoff with full jitter: before retry `n` (from 0) the client
 *   waits `random × min(maxDelayMs, baseDelayMs × 2^n)`, and at least the
 *   service's `Retry-After` on a 429.
 * - Bounded in count (`maxRetries`) and time (`maxElapsedMs`): no wait and no
 *   attempt runs past the budget; a retry's time limit is cut to what remains.
 *
 * Waiting goes through Effect's `Clock` and jitter through its `Random`, so a
 * test runs the policy under `TestClock` and a seeded `Random`, without sleeping.
 *
 * @internal
 * @module
 */
import * as Clock from "effect/Clock"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Random from "effect/Random"
import * as Result from "effect/Result"
import type { IdempotencyKeys, RetryOptions } from "./config.ts"
import type { ClientError } from "./errors.ts"
import type { PreparedRequest } from "./transport.ts"

/** Methods HTTP defines as idempotent, which the client may always repeat. */
const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS", "PUT", "DELETE"])

/**
 * Error codes (Node's, undici's) of failures that happen before a connection
 * exists, so before any byte of the request was sent: a refused connection,
 * a name that does not resolve, a connection that was never established.
 */
export const NOT_SENT_CODES: ReadonlySet<string> = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EAI_NONAME",
  "EAI_NODATA",
  "EAI_FAIL",
  "UND_ERR_CONNECT_TIMEOUT"
])

/**
 * Whether what `fetch` threw says the request cannot have reached the server:
 * the first error code down the `cause` chain is one of {@link NOT_SENT_CODES}
 * (for an `AggregateError`, one address tried after another, every one of
 * them). Anything else (a reset, a timeout, an error without a code) may have
 * come after the request was sent.
 *
 * @example
 * ```ts
 * const refused = new TypeError("fetch failed", { cause: Object.assign(new Error("connect"), { code: "ECONNREFUSED" }) })
 * cannotHaveReachedServer(refused) // true
 * cannotHaveReachedServer(new TypeError("fetch failed", { cause: { code: "ECONNRESET" } })) // false
 * ```
 */
export const cannotHaveReachedServer = (cause: unknown, depth = 0): boolean => {
  if (depth > 8 || typeof cause !== "object" || cause === null) return false
  const { code, errors } = cause as { readonly code?: unknown; readonly errors?: unknown }
  if (Array.isArray(errors) && errors.length > 0) {
    return errors.every((e) => cannotHaveReachedServer(e, depth + 1))
  }
  if (typeof code === "string") return NOT_SENT_CODES.has(code)
  return cannotHaveReachedServer((cause as { readonly cause?: unknown }).cause, depth + 1)
}

/**
 * Whether the request may be sent twice, whatever became of the first
 * attempt, without doing twice what it asks.
 *
 * @example
 * ```ts
 * isRepeatable({ method: "GET", idempotencyKey: undefined }, "unknown") // true
 * isRepeatable({ method: "POST", idempotencyKey: "2c9f…" }, "unknown") // false: the service may ignore the key
 * isRepeatable({ method: "POST", idempotencyKey: "2c9f…" }, "honoured") // true
 * ```
 */
export const isRepeatable = (
  request: Pick<PreparedRequest, "method" | "idempotencyKey">,
  idempotencyKeys: IdempotencyKeys
): boolean =>
  IDEMPOTENT_METHODS.has(request.method) || (idempotencyKeys === "honoured" && request.idempotencyKey !== undefined)

/**
 * Whether the failure may pass on another attempt.
 */
export const isTransient = (error: ClientError): boolean =>
  error._tag === "TransportError" || error._tag === "TimeoutError" || error._tag === "RateLimitedError" ||
  error._tag === "ServerError"

/**
 * Whether a request that failed so may be tried again: a transient failure of
 * a repeatable request, or a failure before the request can have reached the
 * server (which any request may retry).
 */
export const mayRetry = (
  request: Pick<PreparedRequest, "method" | "idempotencyKey">,
  idempotencyKeys: IdempotencyKeys,
  error: ClientError
): boolean =>
  isTransient(error) &&
  (isRepeatable(request, idempotencyKeys) ||
    (error._tag === "TransportError" && cannotHaveReachedServer(error.cause)))

/**
 * The backoff before retry `retry` (0 for the first), for a `random` in [0, 1):
 * full jitter over the exponential cap.
 *
 * @example
 * ```ts
 * backoffMs({ baseDelayMs: 200, maxDelayMs: 5000 }, 2, 0.5) // 0.5 × min(5000, 200 × 2²) = 400
 * ```
 */
export const backoffMs = (
  policy: Pick<RetryOptions, "baseDelayMs" | "maxDelayMs">,
  retry: number,
  random: number
): number => Math.floor(random * Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry))

/**
 * Runs `attempt` (numbered from 1, with its time limit) until it succeeds, the
 * failure may not be retried ({@link mayRetry}), or the count or time budget
 * is spent. The failure returned is the last one; its `attempts` says how many
 * were made.
 */
export const withRetries = <A>(
  policy: RetryOptions,
  timeoutMs: number,
  request: Pick<PreparedRequest, "method" | "idempotencyKey">,
  idempotencyKeys: IdempotencyKeys,
  attempt: (attempt: number, timeoutMs: number) => Effect.Effect<A, ClientError>
): Effect.Effect<A, ClientError> =>
  Effect.gen(function*() {
    const start = yield* Clock.currentTimeMillis
    let limit = timeoutMs
    for (let n = 1;; n++) {
      const result = yield* Effect.result(attempt(n, limit))
      if (Result.isSuccess(result)) return result.success
      const error = result.failure
      if (n > policy.maxRetries || !mayRetry(request, idempotencyKeys, error)) return yield* Effect.fail(error)
      let delay = backoffMs(policy, n - 1, yield* Random.next)
      if (error._tag === "RateLimitedError" && error.retryAfterMs !== undefined) {
        delay = Math.max(delay, error.retryAfterMs)
      }
      const remaining = policy.maxElapsedMs - ((yield* Clock.currentTimeMillis) - start) - delay
      // a retry needs some time of its own; one that cannot have any is not made
      if (remaining <= 0) {
        return yield* Effect.fail(error)
      }
      limit = Math.min(timeoutMs, remaining)
      if (delay > 0) yield* Effect.sleep(Duration.millis(delay))
    }
  })
