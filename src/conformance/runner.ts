/**
 * The conformance runner: opens a session with the service (merchant
 * configuration, clock), runs each group's properties with fast-check within
 * the group's share of the request cap, names the root causes of what
 * disagrees (diagnosis.ts), then shrinks each root cause's counterexample over
 * HTTP with what is left of its group's share, and reports.
 *
 * The stages are a module each: the session (opening.ts), the request budget
 * and stage 1 by group (groups.ts, detection.ts), the root causes (causes.ts),
 * shrinking (shrinking.ts) and the report's tallies (tallies.ts); this module
 * runs them in order.
 *
 * @module
 */
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import { diagnose } from "./causes.ts"
import { type ConformanceConfig, resolveConformanceConfig, type ResolvedConfig } from "./config.ts"
import { type ConformanceError, ConformanceUsageError, isConformanceError } from "./errors.ts"
import { type GroupRun, planGroups, runGroup, sharedPlanIds } from "./groups.ts"
import { openSession } from "./opening.ts"
import type { ConformanceReport, PropertyTally } from "./report.ts"
import { type Session } from "./session.ts"
import { shrinkRoots } from "./shrinking.ts"
import { coverageOf, findings, groupTallies, incompleteOf, propertyTallies, ruleTallies } from "./tallies.ts"
import { contradictedZone } from "./zone.ts"

/**
 * A zone mistaken for a rule: when the completion dates the service answered
 * disagree in the run's zone and all agree in one other, the run stops with
 * a usage error naming that zone rather than report R2.4.
 */
const checkZone = (session: Session, groups: ReadonlyArray<GroupRun>): Effect.Effect<void, ConformanceError> => {
  const checks = groups.flatMap((g) => g.detected.flatMap((d) => d.evaluations.flatMap((e) => e.outcome.checks)))
  const zone = contradictedZone(session, checks)
  if (zone === undefined) return Effect.void
  const against = checks.filter((c) => c.field === "completionDate" && !c.agrees).length
  return Effect.fail(
    new ConformanceUsageError({
      message: `the service turns a checkout's date-times into calendar dates in ${zone}, not ${session.timeZone} ` +
        `(${session.timeZoneSource === "given" ? "--tz" : session.timeZoneSource}): every completionDate it answered ` +
        `agrees with ${zone}, ${against} disagree with ${session.timeZone}; run with --tz ${zone}, or --tz auto`
    })
  )
}

/** The run with a checked configuration. */
const runResolved = (config: ResolvedConfig, signal: AbortSignal): Effect.Effect<ConformanceReport, ConformanceError> =>
  Effect.gen(function*() {
    const started = Date.now()
    const session = yield* openSession(config, signal)
    const { transport } = session
    config.onProgress(
      `session open: ${
        session.context.currencies.map((c) => c.code).join(", ")
      }; clock from the ${session.clock.source}`
    )
    const planIds = sharedPlanIds(session)
    const groups = planGroups(config, Math.max(0, config.maxRequests - transport.requests))
    const tallies: Array<PropertyTally> = []
    for (const run of groups) yield* runGroup(session, run, planIds, tallies)
    yield* checkZone(session, groups)
    const diagnosis = diagnose(groups)
    const shrunk = yield* shrinkRoots(session, groups, diagnosis)
    const { causes, disagreements } = findings(diagnosis, shrunk)
    const checks = propertyTallies(session, groups, tallies)
    const rules = ruleTallies(checks, diagnosis.seen)
    const groupTally = groupTallies(session, groups)
    const coverage = coverageOf(session, groups, groupTally)
    const sum = (k: "runs" | "passed" | "failed" | "skipped") => tallies.reduce((a, t) => a + t[k], 0)
    return {
      baseUrl: config.baseUrl.href,
      merchantId: config.merchantId,
      seed: config.seed,
      runs: sum("runs"),
      passed: sum("passed"),
      failed: sum("failed"),
      skipped: sum("skipped"),
      readOnly: config.readOnly,
      requests: transport.requests,
      capReached: transport.capReached || groups.some((g) => g.stopped.length > 0),
      durationMs: Date.now() - started,
      clock: session.clock.source,
      rules,
      properties: tallies,
      disagreements,
      causes,
      groups: groupTally,
      coverage,
      coverageMs: Math.round(session.timings.coverageMs),
      timeZone: session.timeZone,
      timeZoneSource: session.timeZoneSource,
      incomplete: incompleteOf(config, groupTally, coverage),
      notes: [...session.notes]
    }
  })

/**
 * Runs the conformance checks against the service of `config` (Effect API).
 * Disagreements are findings, in the report; the effect fails only when no
 * comparison can be made ({@link ConformanceError}: bad configuration, the
 * service unreachable or failing, the credentials refused). Interrupting it
 * stops the request in flight.
 *
 * @example
 * ```ts
 * import { Effect } from "effect"
 * import { run } from "payment-plan-engine/conformance"
 *
 * // a local service need not be spared (default: 5 requests a second); the zone its dates are in is learnt
 * const config = { baseUrl, merchantId, apiKey, rps: 1000, runs: 5, seed: 7 }
 * const report = await Effect.runPromise(run(config))
 * report.disagreements // [] when the service agrees with the rules
 * ```
 * @category Conformance
 * @since 0.1.0
 */
export const run = (config: ConformanceConfig): Effect.Effect<ConformanceReport, ConformanceError> =>
  Effect.gen(function*() {
    const resolved = yield* Effect.try({
      try: () => resolveConformanceConfig(config),
      catch: (error) =>
        isConformanceError(error) ? error : new ConformanceUsageError({ message: String((error as Error)?.message) })
    })
    const controller = new AbortController()
    return yield* runResolved(resolved, controller.signal).pipe(
      Effect.onInterrupt(() => Effect.sync(() => controller.abort(new Error("the conformance run was interrupted"))))
    )
  })

/**
 * Options of {@link runConformance}.
 *
 * @category Conformance
 * @since 0.1.0
 */
export interface RunOptions {
  /** Stops the run; the promise rejects with the signal's reason. */
  readonly signal?: AbortSignal | undefined
}

/**
 * Runs the conformance checks (Promise API): resolves with the report, rejects
 * with a {@link ConformanceError} when no comparison can be made.
 *
 * @example
 * ```ts
 * import { runConformance, formatTable } from "payment-plan-engine/conformance"
 *
 * const report = await runConformance({ baseUrl, merchantId, apiKey, rps: 1000, runs: 5 })
 * console.log(formatTable(report))
 * process.exitCode = report.disagreements.length === 0 ? 0 : 1
 * ```
 * @category Conformance
 * @since 0.1.0
 */
export const runConformance = async (
  config: ConformanceConfig,
  options: RunOptions = {}
): Promise<ConformanceReport> => {
  options.signal?.throwIfAborted()
  const exit = await Effect.runPromiseExit(
    run(config),
    options.signal === undefined ? undefined : { signal: options.signal }
  )
  if (Exit.isSuccess(exit)) return exit.value
  if (options.signal?.aborted === true) throw options.signal.reason
  throw Cause.squash(exit.cause)
}
