/**
 * The retry policy: which failures are tried again (the client's to say),
 * and when and for how long (a `Schedule`'s).
 *
 * - GET, PUT and DELETE (idempotent by HTTP's definition) after any transient
 *   failure: a transport failure, a timeout, a 429 or a 5xx.
 * - A POST or PATCH only when it cannot have reached the service (connection
 *   refused, DNS failure: {@link cannotHaveReachedServer}), or, when the
 *   caller says the service honours idempotency keys (`idempotencyKeys:
 *   "honoured"`), like a GET: it then carries a key, the same on every attempt.
 *   A POST that timed out, was reset, or was answered may have acted, and the
 *   service description does not promise that a repeated key is replayed.
 * - When, and how many times: a `Schedule` of the failures, the caller's
 *   (which replaces the default, so a user's own retries never multiply with
 *   the client's) or {@link retrySchedule}'s default: exponential backoff with
 *   full jitter (before retry `n`, from 0, a random wait below
 *   `min(cap, base × 2^n)`), at most 3 retries, none waiting or starting past
 *   30 s after the first failure. A 429's `Retry-After` is waited at least,
 *   whatever the schedule says.
 *
 * Waiting goes through Effect's `Clock` and jitter through its `Random`, so a
 * test runs the policy under `TestClock` and a seeded `Random`, without sleeping.
 *
 * @module
 */
import * as Cause from "effect/Cause"
import * as Clock from "effect/Clock"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Random from "effect/Random"
import * as Result from "effect/Result"
import * as Schedule from "effect/Schedule"
import type { ClientError } from "./errors.ts"

/** What decides whether a request may be sent again: its method and its idempotency key. */
interface Sent {
  readonly method: string
  readonly idempotencyKey: string | undefined
}

/**
 * Whether the service is known to honour the `Idempotency-Key` header
 * (replaying the first answer to a repeated key instead of acting twice).
 *
 * - `"unknown"` (the default): the service description does not promise it,
 *   so the client generates no key and retries a POST only when it cannot have
 *   reached the service (connection refused, DNS failure).
 * - `"honoured"`: every POST carries a key (generated once per call, the same
 *   on every attempt) and is retried like a GET.
 *
 * @category Client
 * @since 0.1.0
 */
export type IdempotencyKeys = "honoured" | "unknown"

/**
 * When a failure that may be retried is tried again: a `Schedule` fed with
 * each failure (`Schedule.spaced("1 second").pipe(Schedule.upTo({ times: 2 }))`,
 * {@link retrySchedule}, …). Its delay is the wait before the next attempt; when
 * it stops, the last failure is the call's.
 *
 * @category Client
 * @since 0.2.0
 */
export type RetrySchedule = Schedule.Schedule<unknown, ClientError>

/** Methods HTTP defines as idempotent, which the client may always repeat. */
const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS", "PUT", "DELETE"])

/**
 * Error codes (Node's, undici's) of failures that happen before a connection
 * exists, so before any byte of the request was sent: a refused connection,
 * a name that does not resolve, a connection that was never established.
 *
 * @internal
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
 *
 * @internal
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
 *
 * @internal
 */
export const isRepeatable = (
  request: Sent,
  idempotencyKeys: IdempotencyKeys
): boolean =>
  IDEMPOTENT_METHODS.has(request.method) || (idempotencyKeys === "honoured" && request.idempotencyKey !== undefined)

/**
 * Whether the failure may pass on another attempt.
 *
 * @internal
 */
export const isTransient = (error: ClientError): boolean =>
  error._tag === "TransportError" || error._tag === "TimeoutError" || error._tag === "RateLimitedError" ||
  error._tag === "ServerError"

/**
 * Whether a request that failed so may be tried again: a transient failure of
 * a repeatable request, or a failure before the request can have reached the
 * server (which any request may retry).
 *
 * @internal
 */
export const mayRetry = (
  request: Sent,
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
 *
 * @internal
 */
export const backoffMs = (
  policy: { readonly baseDelayMs: number; readonly maxDelayMs: number },
  retry: number,
  random: number
): number => Math.floor(random * Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry))

/**
 * What {@link retrySchedule} takes: each optional, the default's value when absent.
 *
 * @category Client
 * @since 0.2.0
 */
export interface RetryScheduleOptions {
  /** Retries after the first attempt; 0 for none. Default 3. */
  readonly retries?: number | undefined
  /** Cap of the first backoff; it doubles on every retry. Default 200 ms. */
  readonly base?: Duration.Input | undefined
  /** Largest backoff before jitter. Default 5 seconds. */
  readonly cap?: Duration.Input | undefined
  /** No retry waits or starts past this long after the first failure. Default 30 seconds. */
  readonly budget?: Duration.Input | undefined
}

/**
 * The client's default kind of retry schedule, as a `Schedule` of its failures:
 * exponential backoff with full jitter (before retry `n`, from 0, a random wait
 * below `min(cap, base × 2^n)`, at least a 429's `Retry-After`), at most
 * `retries` retries, and none whose wait would end past `budget` after the
 * first failure. `retrySchedule()` is what a client uses when given no `retry`.
 *
 * @example
 * ```ts
 * import { createClient, retrySchedule } from "payment-plan-engine/client"
 * const client = createClient({ baseUrl, merchantId, apiKey, retry: retrySchedule({ retries: 5, budget: "1 minute" }) })
 * ```
 * @category Client
 * @since 0.2.0
 */
export const retrySchedule = (options: RetryScheduleOptions = {}): RetrySchedule => {
  const retries = options.retries ?? 3
  const policy = {
    baseDelayMs: Duration.toMillis(options.base ?? 200),
    maxDelayMs: Duration.toMillis(options.cap ?? 5_000)
  }
  const budgetMs = Duration.toMillis(options.budget ?? 30_000)
  return Schedule.fromStepWithMetadata(
    Effect.succeed((step: Schedule.InputMetadata<ClientError>) =>
      Effect.gen(function*() {
        if (step.attempt > retries) return yield* Cause.done(step.attempt)
        const delay = Math.max(backoffMs(policy, step.attempt - 1, yield* Random.next), retryAfterOf(step.input))
        // a retry needs some time of its own: one that could only start at the end of the budget is not made
        if (step.elapsed + delay >= budgetMs) return yield* Cause.done(step.attempt)
        return [step.attempt, Duration.millis(delay)] as [number, Duration.Duration]
      })
    )
  )
}

/** What a 429 asks to be waited, in milliseconds; 0 for any other failure. */
const retryAfterOf = (error: ClientError): number =>
  error._tag === "RateLimitedError" && error.retryAfterMs !== undefined ? error.retryAfterMs : 0

/**
 * Runs `attempt` (numbered from 1) until it succeeds, the failure may not be
 * retried ({@link mayRetry}), or the schedule stops. The failure returned is
 * the last one; its `attempts` says how many were made.
 *
 * @internal
 */
export const withRetries = <A>(
  schedule: RetrySchedule,
  request: Sent,
  idempotencyKeys: IdempotencyKeys,
  attempt: (attempt: number) => Effect.Effect<A, ClientError>
): Effect.Effect<A, ClientError> =>
  Effect.gen(function*() {
    let step:
      | ((now: number, input: ClientError) => Effect.Effect<readonly [unknown, Duration.Duration], unknown>)
      | undefined
    for (let n = 1;; n++) {
      const result = yield* Effect.result(attempt(n))
      if (Result.isSuccess(result)) return result.success
      const error = result.failure
      if (!mayRetry(request, idempotencyKeys, error)) return yield* Effect.fail(error)
      step ??= yield* Schedule.toStep(schedule)
      const next = yield* Effect.exit(step(yield* Clock.currentTimeMillis, error))
      if (Exit.isFailure(next)) return yield* Effect.fail(error)
      const delay = Math.max(Duration.toMillis(next.value[1]), retryAfterOf(error))
      yield* Effect.logDebug(`${error.operation}: retrying after ${error._tag} in ${delay} ms`).pipe(
        Effect.annotateLogs({ operation: error.operation, attempt: n })
      )
      if (delay > 0) yield* Effect.sleep(Duration.millis(delay))
    }
  })
