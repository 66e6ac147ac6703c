/**
 * Stage 1 of a run, one property at a time: its scenarios run with fast-check, each answer
 * compared with the engine, every disagreement kept with its scenario and the request that showed
 * it, until the property's runs or its share of the request cap are spent.
 *
 * @module
 */
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import fc from "fast-check"
import { type ConformanceError, ServiceUnreachableError } from "./errors.ts"
import { type Property } from "./property.ts"
import type { RequestView } from "./report.ts"
import { scheduledProperty } from "./schedule.ts"
import { type Check, Halt, type Outcome, type Session } from "./session.ts"
import { type Exchange } from "./transport.ts"

/** A seed of its own for each property, so `--only` sends the same requests for the groups it keeps. */
export const seedOf = (seed: number, name: string): number => {
  let hash = 2_166_136_261
  for (let i = 0; i < name.length; i++) hash = Math.imul(hash ^ name.charCodeAt(i), 16_777_619)
  return ((seed % 2 ** 32) ^ hash) | 0
}

/** One scenario's outcome, where it came from. */
export interface Evaluation {
  readonly property: Property<any>
  /** the scenario's index in the property's run; -1 for its setup */
  readonly index: number
  readonly outcome: Outcome
  /** `property#index`: disagreements seen in the same scenario share it */
  readonly scenario: string
  /** The boundary classes it reached (each once). */
  readonly reached: ReadonlyArray<string>
}

/** What the detection of a property gave. */
export interface Detected {
  readonly property: Property<any>
  readonly runs: number
  readonly evaluations: ReadonlyArray<Evaluation>
  /** Why it stopped before its last scenario, if it did. */
  readonly stopped?: string | undefined
}

const view = (exchange: Exchange): { method: string; path: string; body?: unknown } => ({
  method: exchange.method,
  path: exchange.path,
  ...(exchange.requestBody === undefined ? {} : { body: exchange.requestBody })
})

/** The request of a check, with the scenario's requests before it. */
export const requestOf = (check: Check, outcome: Outcome, setup: Outcome | undefined): RequestView | undefined => {
  if (check.exchange === undefined) return undefined
  const index = outcome.exchanges.indexOf(check.exchange)
  const before = [...(setup?.exchanges ?? []), ...(index < 0 ? [] : outcome.exchanges.slice(0, index))]
  return { ...view(check.exchange), ...(before.length === 0 ? {} : { setup: before.map(view) }) }
}

export const responseOf = (check: Check) =>
  check.exchange === undefined
    ? undefined
    : {
      status: check.exchange.status,
      ...(check.exchange.responseBody === undefined ? {} : { body: check.exchange.responseBody })
    }

/**
 * The boundary classes a scenario reached: those its answers told, and, when
 * it compared something and was not skipped, those its input lies in.
 */
const reachedBy = <T>(session: Session, property: Property<T>, input: T, outcome: Outcome): ReadonlyArray<string> => {
  const started = performance.now()
  const compared = outcome.skipped === undefined && outcome.checks.length > 0
  const reached = new Set([...(outcome.reached ?? []), ...(compared ? property.classes?.(input) ?? [] : [])])
  session.timings.coverageMs += performance.now() - started
  return [...reached]
}

/** Runs an evaluation in Promise land for fast-check: its outcome, or the halt that stopped it. */
export const evaluateOnce = async <T>(property: Property<T>, input: T): Promise<Outcome | Halt> => {
  const exit = await Effect.runPromiseExit(property.evaluate(input))
  if (Exit.isSuccess(exit)) return exit.value
  const error = Cause.squash(exit.cause)
  if (error instanceof Halt) return error
  // a defect of the kit: stop, saying so, rather than let fast-check shrink it
  return new Halt({
    kind: "fatal",
    error: new ServiceUnreachableError({
      message: `the conformance kit failed on a scenario of ${property.name}: ${
        error instanceof Error ? error.message : String(error)
      }`
    })
  })
}

const stopReason = (halt: Halt, done: number, runs: number): string =>
  halt.kind === "group"
    ? `its share of the request cap was spent after ${done} of ${runs} scenarios`
    : `the request cap was reached after ${done} of ${runs} scenarios`

/** Runs a property's scenarios (no shrinking yet). */
export const detect = <T>(
  session: Session,
  property: Property<T>,
  runs: number
): Effect.Effect<Detected, ConformanceError | Halt> =>
  Effect.gen(function*() {
    const { config } = session
    const evaluations: Array<Evaluation> = []
    if (property.setup !== undefined) {
      evaluations.push({
        property,
        index: -1,
        outcome: property.setup,
        scenario: `${property.name}#setup`,
        reached: [...new Set(property.setup.reached ?? [])]
      })
    }
    let halt: Halt | undefined
    let index = 0
    yield* Effect.promise(() =>
      fc.check(
        scheduledProperty(property, async (input) => {
          const i = index++
          if (halt !== undefined) return true
          const result = await evaluateOnce(property, input)
          if (result instanceof Halt) halt = result
          else {
            evaluations.push({
              property,
              index: i,
              outcome: result,
              scenario: `${property.name}#${i}`,
              reached: reachedBy(session, property, input, result)
            })
          }
          if ((i + 1) % 10 === 0) config.onProgress(`${property.name}: ${i + 1}/${runs} scenarios`)
          return true
        }),
        { seed: seedOf(config.seed, property.name), numRuns: runs }
      )
    )
    const stopped = halt as Halt | undefined
    if (stopped?.kind === "fatal" && stopped.error !== undefined) return yield* Effect.fail(stopped.error)
    if (stopped?.kind === "aborted") return yield* Effect.fail(stopped)
    const done = evaluations.filter((e) => e.index >= 0).length
    return {
      property,
      runs,
      evaluations,
      ...(stopped === undefined ? {} : { stopped: stopReason(stopped, done, runs) })
    }
  })

/** A group's halt and a kit's failure as the run's error; any other halt is a defect here. */
export const fatal = <A>(effect: Effect.Effect<A, ConformanceError | Halt>): Effect.Effect<A, ConformanceError> =>
  Effect.catch(effect, (error) =>
    error instanceof Halt
      ? error.error !== undefined ? Effect.fail(error.error) : Effect.die(error)
      : Effect.fail(error))
