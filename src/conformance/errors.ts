/**
 * Why a conformance run could not be made at all (exit code 2 of the
 * `payment-plan conformance` command). A disagreement is never an error: it
 * is a finding, in the report. None of these carries the API key.
 *
 * @module
 */
import * as Data from "effect/Data"

/**
 * The configuration is unusable (a missing merchant id, `runs` of 0, an
 * unknown check group, …).
 *
 * @category Conformance
 * @since 0.1.0
 */
export class ConformanceUsageError extends Data.TaggedError("ConformanceUsageError")<{
  readonly message: string
}> {}

/**
 * The service could not be reached, stopped answering, or answered the first
 * requests with a server error (5xx): nothing could be compared.
 *
 * @category Conformance
 * @since 0.1.0
 */
export class ServiceUnreachableError extends Data.TaggedError("ServiceUnreachableError")<{
  readonly message: string
  readonly status?: number | undefined
}> {}

/**
 * The service refused the credentials (401 or 403).
 *
 * @category Conformance
 * @since 0.1.0
 */
export class CredentialsRefusedError extends Data.TaggedError("CredentialsRefusedError")<{
  readonly message: string
  readonly status: number
}> {}

/**
 * Every way a run can fail; each means exit code 2.
 *
 * @category Conformance
 * @since 0.1.0
 */
export type ConformanceError = ConformanceUsageError | ServiceUnreachableError | CredentialsRefusedError

/**
 * Whether a value is one of the {@link ConformanceError}s.
 *
 * @example
 * ```ts
 * import { isConformanceError, runConformance } from "payment-plan-engine/conformance"
 *
 * try {
 *   await runConformance({ baseUrl, merchantId, apiKey: "sk_not_the_key" })
 * } catch (error) {
 *   if (isConformanceError(error)) console.error(error._tag, error.message) // CredentialsRefusedError …: exit 2
 * }
 * ```
 * @category Conformance
 * @since 0.1.0
 */
export const isConformanceError = (value: unknown): value is ConformanceError =>
  value instanceof ConformanceUsageError || value instanceof ServiceUnreachableError ||
  value instanceof CredentialsRefusedError
