/**
 * `payment-plan-engine/conformance`: the property suite as an executable
 * specification of any implementation of the service. It runs generated
 * scenarios against a base URL over HTTP (creating checkouts, computing plan
 * terms, calculating refunds, verifying completed and abandoned checkouts, reading
 * plan records, setting merchant orders, listing notes, searching plans),
 * compares every answer field by field with this library's engine, and
 * reports each root cause with its rule, its field and a counterexample
 * shrunk over HTTP, and what follows from it (docs/conformance.md).
 *
 * - `run(config)`: the Effect; `runConformance(config)`: the Promise.
 * - `formatTable`, `toJson`, `renderHtml`: the report for a terminal, for
 *   programs (the `payment-plan conformance --format json` contract), for people.
 * - `payment-plan-engine/conformance/vitest`: `describeConformance(config)`.
 *
 * @packageDocumentation
 * @module payment-plan-engine/conformance
 */
export {
  CHECK_GROUPS,
  type CheckGroup,
  type ConformanceConfig,
  DEFAULTS,
  READ_ONLY_GROUPS,
  resolveConformanceConfig,
  type ResolvedConfig
} from "./config.ts"
export {
  type ConformanceError,
  ConformanceUsageError,
  CredentialsRefusedError,
  isConformanceError,
  ServiceUnreachableError
} from "./errors.ts"
export {
  type Cause,
  type ClassTally,
  type ConformanceReport,
  type Disagreement,
  formatTable,
  type GroupTally,
  type PropertyTally,
  renderHtml,
  type RequestView,
  type ResponseView,
  type RuleTally,
  toJson
} from "./report.ts"
export { run, runConformance, type RunOptions } from "./runner.ts"

/**
 * The exit code of a run, as the command gives it: 0 when every check agrees
 * and the run is complete, 1 when any disagrees or the run is incomplete (a
 * selected group could not run, a boundary class reached fewer times than
 * `minCoverage` asks), 2 when no comparison could be made (pass the error).
 *
 * @example
 * ```ts
 * import { exitCodeOf, runConformance } from "payment-plan-engine/conformance"
 *
 * // a local service need not be spared (default: 5 requests a second); the zone its dates are in is learnt
 * const config = { baseUrl, merchantId, apiKey, rps: 1000, runs: 5 }
 * process.exitCode = exitCodeOf(await runConformance(config).catch((error: unknown) => error)) // 0
 * ```
 * @category Conformance
 * @since 0.1.0
 */
export const exitCodeOf = (
  outcome: { readonly disagreements: ReadonlyArray<unknown>; readonly incomplete?: ReadonlyArray<unknown> } | unknown
): 0 | 1 | 2 => {
  if (typeof outcome !== "object" || outcome === null) return 2
  const report = outcome as { disagreements?: unknown; incomplete?: unknown }
  if (!Array.isArray(report.disagreements)) return 2
  const incomplete = Array.isArray(report.incomplete) ? report.incomplete.length : 0
  return report.disagreements.length === 0 && incomplete === 0 ? 0 : 1
}
