/**
 * The delivery policy of the sandbox's webhooks (docs/webhooks.md, "Retries"):
 * exponential backoff with jitter, a bounded number of attempts, a timeout
 * per attempt. Every number can be replaced (tests run the schedule in
 * milliseconds).
 *
 * @module
 */

/**
 * How deliveries are timed.
 *
 * @category Sandbox
 * @since 0.1.0
 */
export interface DeliveryPolicy {
  /** attempts in all, the first included (default 8) */
  readonly maxAttempts: number
  /** how long an attempt may take before it counts as failed, headers and body (default 10 s) */
  readonly timeoutMs: number
  /** the wait after failed attempt `attempt` (1-based), given a random number in [0, 1) */
  readonly retryDelayMs: (attempt: number, random: number) => number
}

/** The first retry's wait before jitter: 5 s, so the first retry comes within 10 s. */
export const FIRST_RETRY_MS = 5_000

/** Each retry waits this many times longer than the one before. */
export const BACKOFF_FACTOR = 4

/**
 * The wait after failed attempt `attempt`: 5 s × 4^(attempt − 1), times a
 * jitter factor between 0.5 and 1 (so retries of many events spread out, and
 * the first comes 2.5 to 5 s after the failure).
 */
export const retryDelayMs = (attempt: number, random: number): number =>
  Math.round(FIRST_RETRY_MS * BACKOFF_FACTOR ** (attempt - 1) * (0.5 + random / 2))

/**
 * The sandbox's policy: 8 attempts over at most about 8 hours, 10 s each.
 *
 * @category Sandbox
 * @since 0.1.0
 */
export const DEFAULT_DELIVERY_POLICY: DeliveryPolicy = {
  maxAttempts: 8,
  timeoutMs: 10_000,
  retryDelayMs
}
