/**
 * Stage 3 of a run: each root cause's counterexample shrunk over HTTP with what is left of its
 * group's share. Shrinking replays the first scenario that disagreed on a rule, operation and
 * field (fast-check's `path`) and keeps the smallest scenario that still disagrees on the same one.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import fc from "fast-check"
import { type Diagnosis } from "./causes.ts"
import { evaluateOnce, type Evaluation, fatal, seedOf } from "./detection.ts"
import { type ConformanceError } from "./errors.ts"
import { type GroupRun } from "./groups.ts"
import { scheduledProperty } from "./schedule.ts"
import { type Check, Halt, keyOf, type Outcome, type Session } from "./session.ts"

/** Counterexamples shrunk per property at most; other disagreements keep their first scenario. */
const MAX_SHRUNK_PER_PROPERTY = 8

/**
 * Shrinks one disagreement over HTTP: replays the first scenario that showed
 * it (fast-check's `path`) and keeps the smallest that still shows it, within
 * `budget` requests. Gives the smallest scenario's check and outcome, and how
 * many smaller ones were found.
 */
export const shrink = (
  session: Session,
  first: Evaluation,
  matches: (check: Check) => boolean,
  budget: number
): Effect.Effect<
  { readonly check: Check; readonly outcome: Outcome; readonly shrinks: number } | undefined,
  ConformanceError | Halt
> =>
  Effect.gen(function*() {
    const { config, transport } = session
    const property = first.property
    let last: { check: Check; outcome: Outcome } | undefined
    let shrinks = 0
    let stop = false
    let replayed = false
    let halt: Halt | undefined
    transport.setBudget(budget)
    try {
      yield* Effect.promise(() =>
        fc.check(
          scheduledProperty(property, async (input) => {
            if (stop) return true
            const result = await evaluateOnce(property, input)
            if (result instanceof Halt) {
              stop = true
              if (result.kind !== "budget" && result.kind !== "cap" && result.kind !== "group") halt = result
              return true
            }
            const check = result.checks.find((c) => !c.agrees && matches(c))
            const counted = replayed
            replayed = true
            if (check === undefined) return true
            if (counted) shrinks++
            last = { check, outcome: result }
            return false
          }),
          {
            seed: seedOf(config.seed, property.name),
            path: String(first.index),
            numRuns: Math.max(first.index + 1, 1)
          }
        )
      )
    } finally {
      transport.setBudget(undefined)
      transport.takeExchanges()
    }
    const stopped = halt as Halt | undefined
    if (stopped?.kind === "fatal" && stopped.error !== undefined) return yield* Effect.fail(stopped.error)
    if (stopped?.kind === "aborted") return yield* Effect.fail(stopped)
    const found = last as { check: Check; outcome: Outcome } | undefined
    return found === undefined ? undefined : { ...found, shrinks }
  })

/** A root cause's smallest scenario found by shrinking. */
export type Shrunk = { readonly check: Check; readonly outcome: Outcome; readonly shrinks: number }

/** Stage 3: the root causes shrunk, each within what is left of its group's share. */
export const shrinkRoots = (
  session: Session,
  groups: ReadonlyArray<GroupRun>,
  { firsts, roots, seen }: Diagnosis
): Effect.Effect<Map<string, Shrunk>, ConformanceError> =>
  Effect.gen(function*() {
    const { config, transport } = session
    const left = new Map(groups.map((g) => [g.group, g.budget - g.requests]))
    const shrunkPer = new Map<string, number>()
    const shrunk = new Map<string, Shrunk>()
    for (const key of roots) {
      // a setup (a sweep every run makes) is not shrunk: its first scenario that showed the same is
      const found = firsts.get(key)!
      const first = found.evaluation.index >= 0
        ? found
        : seen.find((s) =>
          s.key === key && s.evaluation.index >= 0 && s.evaluation.property === found.evaluation.property
        ) ??
          found
      const property = first.evaluation.property
      const group = property.group
      const budget = Math.min(config.maxShrinkRequests, left.get(group) ?? 0, config.maxRequests - transport.requests)
      const count = shrunkPer.get(property.name) ?? 0
      if (first.evaluation.index < 0 || budget <= 0 || count >= MAX_SHRUNK_PER_PROPERTY || transport.capReached) {
        continue
      }
      shrunkPer.set(property.name, count + 1)
      config.onProgress(`${property.name}: shrinking ${key}`)
      const before = transport.requests
      const result = yield* fatal(shrink(session, first.evaluation, (c) => keyOf(c) === first.own, budget))
      const used = transport.requests - before
      left.set(group, (left.get(group) ?? 0) - used)
      const run = groups.find((g) => g.group === group)!
      run.requests += used
      if (result !== undefined) shrunk.set(key, result)
    }
    return shrunk
  })
