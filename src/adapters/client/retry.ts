/**
 * The retry policy: which failures are tried again, when, and for how long.
 *
 * - Only requests that are safe to repeat: GET, PUT and DELETE (idempotent by
 *   HTTP's definition), and a POST or PATCH that carries an idempotency key.
 * - Only failures that may pass: transport failures, timeouts, 429 and 5xx.
 * - Exponential backoff with full jitter: before retry `n` (from 0) the client
 *   waits `random × min(maxDelayMs, baseDelayMs × 2^n)`, and at least the
 *   service's `Retry-After` on a 429.
 * - Bounded in count (`maxRetries`) and time (`maxElapsedMs`): no wait and no
 *   attempt runs past the budget; a retry's time limit is cut to what remains.
 *
 * Waiting goes through Effect's `Clock` and jitter through its `Random`, so a
 * test runs the policy under `TestClock` and a seeded `Random`, without sleeping.
 *
 * @since 0.1.0
 */
import * as Clock from "effect/Clock"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Random from "effect/Random"
import * as Result from "effect/Result"
import type { RetryOptions } from "./config.ts"
import type { ClientError } from "./errors.ts"
import type { PreparedRequest } from "./transport.ts"

/**
 * Whether the request may be sent twice without doing twice what it asks.
 *
 * @example
 * ```ts
 * isRepeatable({ method: "POST", idempotencyKey: undefined }) // false
 * isRepeatable({ method: "POST", idempotencyKey: "2c9f…" }) // true
 * ```
 * @since 0.1.0
 */
export const isRepeatable = (request: Pick<PreparedRequest, "method" | "idempotencyKey">): boolean =>
  request.method === "GET" || request.method === "PUT" || request.method === "DELETE" ||
  request.idempotencyKey !== undefined

/**
 * Whether the failure may pass on another attempt.
 *
 * @since 0.1.0
 */
export const isTransient = (error: ClientError): boolean =>
  error._tag === "TransportError" || error._tag === "TimeoutError" || error._tag === "RateLimitedError" ||
  error._tag === "ServerError"

/**
 * The backoff before retry `retry` (0 for the first), for a `random` in [0, 1):
 * full jitter over the exponential cap.
 *
 * @example
 * ```ts
 * backoffMs(DEFAULT_RETRY, 2, 0.5) // 0.5 × min(5000, 200 × 4) = 400
 * ```
 * @since 0.1.0
 */
export const backoffMs = (
  policy: Pick<RetryOptions, "baseDelayMs" | "maxDelayMs">,
  retry: number,
  random: number
): number => Math.floor(random * Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry))

/**
 * Runs `attempt` (numbered from 1, with its time limit) until it succeeds, the
 * failure is not transient, the request is not repeatable, or the count or
 * time budget is spent. The failure returned is the last one; its `attempts`
 * says how many were made.
 *
 * @since 0.1.0
 */
export const withRetries = <A>(
  policy: RetryOptions,
  timeoutMs: number,
  request: Pick<PreparedRequest, "method" | "idempotencyKey">,
  attempt: (attempt: number, timeoutMs: number) => Effect.Effect<A, ClientError>
): Effect.Effect<A, ClientError> =>
  Effect.gen(function*() {
    const repeatable = policy.maxRetries > 0 && isRepeatable(request)
    const start = yield* Clock.currentTimeMillis
    let limit = timeoutMs
    for (let n = 1;; n++) {
      const result = yield* Effect.result(attempt(n, limit))
      if (Result.isSuccess(result)) return result.success
      const error = result.failure
      if (!repeatable || n > policy.maxRetries || !isTransient(error)) return yield* Effect.fail(error)
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
