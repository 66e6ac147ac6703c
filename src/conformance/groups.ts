/**
 * The request budget of a run: each group's share of the scenarios and of the request cap, in
 * proportion to what its setup and its scenarios cost, its properties prepared within it, and
 * stage 1 run group by group.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import fc from "fast-check"
import { createProperty, invalidCreateProperty } from "./checks/create.ts"
import { notesProperty, notesSetup } from "./checks/notes.ts"
import { plansProperty, readOnlyPlansProperty } from "./checks/plans.ts"
import { readOnlyRefundProperty, refundProperty } from "./checks/refund.ts"
import { searchProperty, searchSetup } from "./checks/search.ts"
import { invalidTermsProperty, termsProperty } from "./checks/terms.ts"
import { verifyProperty } from "./checks/verify.ts"
import { type CheckGroup, type ResolvedConfig } from "./config.ts"
import { detect, type Detected, fatal, seedOf } from "./detection.ts"
import { type ConformanceError } from "./errors.ts"
import { type Prepared, skipped } from "./property.ts"
import type { PropertyTally } from "./report.ts"
import { checkoutSpec } from "./scenarios.ts"
import { call, type Halt, type Session } from "./session.ts"

/**
 * What each group costs in requests: once (its setup) and per scenario, on
 * average. A group's share of the request cap is in proportion, so every group
 * can run its scenarios and shrink its own counterexamples with what is left
 * of its share, whatever the others find.
 */
const GROUP_COST: { readonly [G in CheckGroup]: { readonly setup: number; readonly perScenario: number } } = {
  create: { setup: 40, perScenario: 1 },
  terms: { setup: 13, perScenario: 3 },
  refund: { setup: 0, perScenario: 6 },
  verify: { setup: 0, perScenario: 3 },
  search: { setup: 28, perScenario: 1 },
  plans: { setup: 0, perScenario: 6 },
  notes: { setup: 11, perScenario: 1 }
}

/**
 * How the scenarios of a run are shared among the groups: more to those whose
 * scenarios are cheap and try many rules (an invalid checkout tries up to
 * eight at one request), fewer to those a scenario of which pays a checkout.
 */
const GROUP_SCENARIOS: { readonly [G in CheckGroup]: number } = {
  create: 3,
  terms: 2,
  refund: 2,
  verify: 1,
  search: 1.5,
  plans: 1.5,
  notes: 1
}

/** The merchant's most recent plans (read-only mode calculates, reads and lists them), read once. */
const recentPlans = (session: Session): Effect.Effect<Array<string> | string, Halt> =>
  Effect.gen(function*() {
    const page = yield* call(session, session.client.searchPlans({ limit: 100 }))
    if (!page.ok) return `the plan search failed (${page.error.message})`
    return (page.value.plans ?? []).map((p) => p?.id).filter((id): id is string => typeof id === "string")
  })

/** The properties of a group. */
const prepare = (
  session: Session,
  group: CheckGroup,
  planIds: () => Effect.Effect<Array<string> | string, Halt>
): Effect.Effect<Array<Prepared>, Halt> =>
  Effect.gen(function*() {
    const { readOnly, seed } = session.config
    const writes = (name: string) =>
      skipped(group, name, "read-only: it creates checkouts (use it against a sandbox or a test account)")
    const existing = (property: string, use: (ids: Array<string>) => Prepared) =>
      Effect.map(planIds(), (ids) => (typeof ids === "string" ? skipped(group, property, ids) : use(ids)))
    switch (group) {
      case "create": {
        if (readOnly) return [writes("create"), writes("create.invalid")]
        const [spec] = fc.sample(checkoutSpec("any"), { seed: seedOf(seed, "create.invalid.setup"), numRuns: 1 })
        return [createProperty(session), yield* invalidCreateProperty(session, spec!)]
      }
      case "terms": {
        if (readOnly) return [writes("terms"), writes("terms.invalid")]
        const [spec] = fc.sample(checkoutSpec("payable"), { seed: seedOf(seed, "terms.invalid.setup"), numRuns: 1 })
        return [termsProperty(session), yield* invalidTermsProperty(session, spec!)]
      }
      case "refund":
        return [
          readOnly ? yield* existing("refund", (ids) => readOnlyRefundProperty(session, ids)) : refundProperty(session)
        ]
      case "verify":
        return [readOnly ? writes("verify") : verifyProperty(session)]
      case "search": {
        const [setup] = fc.sample(searchSetup, { seed: seedOf(seed, "search.setup"), numRuns: 1 })
        return [yield* searchProperty(session, setup!)]
      }
      case "plans":
        return [
          readOnly ? yield* existing("plans", (ids) => readOnlyPlansProperty(session, ids)) : plansProperty(session)
        ]
      case "notes": {
        const [setup] = fc.sample(notesSetup, { seed: seedOf(seed, "notes.setup"), numRuns: 1 })
        const ids = readOnly ? yield* planIds() : []
        if (typeof ids === "string") return [skipped(group, "notes", ids)]
        return [yield* notesProperty(session, setup!, ids)]
      }
    }
  })

/** Shares `total` among `weights` (largest remainder), in order. */
export const share = (total: number, weights: ReadonlyArray<number>): Array<number> => {
  const sum = weights.reduce((a, b) => a + b, 0)
  if (sum === 0) return weights.map(() => 0)
  const exact = weights.map((w) => (total * w) / sum)
  const parts = exact.map(Math.floor)
  let left = total - parts.reduce((a, b) => a + b, 0)
  const order = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1])
  for (const [, i] of order) {
    if (left-- <= 0) break
    parts[i]!++
  }
  return parts
}

/** What each group did, as the run goes. */
export interface GroupRun {
  readonly group: CheckGroup
  readonly planned: number
  readonly budget: number
  requests: number
  scenarios: number
  skipped: Array<string>
  stopped: Array<string>
  detected: Array<Detected>
}

/** Read-only groups share one read of the merchant's recent plans. */
export const sharedPlanIds = (session: Session): () => Effect.Effect<Array<string> | string, Halt> => {
  let plans: Array<string> | string | undefined
  return () => plans !== undefined ? Effect.succeed(plans) : Effect.map(recentPlans(session), (ids) => (plans = ids))
}

/**
 * Every group's share of the scenarios, and of the `available` requests in
 * proportion to what that costs: a group's setup first (the plans it
 * searches, the notes it lists), then its scenarios.
 */
export const planGroups = (config: ResolvedConfig, available: number): Array<GroupRun> => {
  // every selected group runs at least one scenario, whatever `runs` is: none is left out unsaid
  const groupRuns = share(config.runs, config.only.map((g) => GROUP_SCENARIOS[g])).map((n) => Math.max(1, n))
  const setups = config.only.map((g) => GROUP_COST[g].setup)
  const setupTotal = setups.reduce((a, b) => a + b, 0)
  const scenarioCosts = config.only.map((g, i) => GROUP_COST[g].perScenario * groupRuns[i]!)
  const budgets = setupTotal <= available
    ? share(available - setupTotal, scenarioCosts).map((b, i) => b + setups[i]!)
    : share(available, config.only.map((_, i) => setups[i]! + scenarioCosts[i]!))
  return config.only.map((group, i) => ({
    group,
    planned: groupRuns[i]!,
    budget: budgets[i]!,
    requests: 0,
    scenarios: 0,
    skipped: [],
    stopped: [],
    detected: []
  }))
}

/** A group's properties; a setup that spent the group's share (or the cap) prepares none, and says so. */
const prepareGroup = (
  session: Session,
  run: GroupRun,
  planIds: () => Effect.Effect<Array<string> | string, Halt>
): Effect.Effect<Array<Prepared>, ConformanceError> =>
  Effect.catch(
    prepare(session, run.group, planIds),
    (halt) =>
      halt.kind === "group" || halt.kind === "cap"
        ? Effect.sync(() => {
          run.stopped.push(
            halt.kind === "group"
              ? "its share of the request cap was spent in its setup"
              : "the request cap was reached"
          )
          return [] as Array<Prepared>
        })
        : halt.error !== undefined
        ? Effect.fail(halt.error)
        : Effect.succeed([] as Array<Prepared>)
  )

/** The tally of a property that did not run, noted in the report. */
const skippedTally = (session: Session, run: GroupRun, name: string, reason: string): PropertyTally => {
  session.notes.add(`${name} skipped: ${reason}`)
  run.skipped.push(`${name}: ${reason}`)
  return { property: name, group: run.group, runs: 0, passed: 0, failed: 0, skipped: 0, skippedBecause: reason }
}

/**
 * Stage 1 for one group: its properties prepared, then each property's
 * scenarios run within its part of what is left of the group's share (by its
 * scenarios: one never starves the next). Skipped properties are tallied in
 * `tallies`.
 */
export const runGroup = (
  session: Session,
  run: GroupRun,
  planIds: () => Effect.Effect<Array<string> | string, Halt>,
  tallies: Array<PropertyTally>
): Effect.Effect<void, ConformanceError> =>
  Effect.gen(function*() {
    const { transport } = session
    const before = transport.requests
    transport.setGroupBudget(run.budget)
    try {
      const prepared = yield* prepareGroup(session, run, planIds)
      const weights = prepared.map((p) => (p._tag === "Ready" ? p.property.weight : 0))
      // every property that can run runs at least once
      const runs = share(run.planned, weights).map((n, i) => (weights[i]! > 0 ? Math.max(1, n) : 0))
      for (const [i, p] of prepared.entries()) {
        if (p._tag === "Skipped") {
          tallies.push(skippedTally(session, run, p.name, p.reason))
          continue
        }
        if (runs[i] === 0) continue
        const later = runs.slice(i).reduce((a, b, j) => a + (prepared[i + j]!._tag === "Ready" ? b : 0), 0)
        const left = run.budget - (transport.requests - before)
        transport.setGroupBudget(Math.floor((left * runs[i]!) / later))
        const detected = yield* fatal(detect(session, p.property, runs[i]!))
        run.detected.push(detected)
        run.scenarios += detected.evaluations.filter((e) => e.index >= 0).length
        if (detected.stopped !== undefined) run.stopped.push(`${p.property.name}: ${detected.stopped}`)
      }
    } finally {
      transport.setGroupBudget(undefined)
      transport.takeExchanges()
    }
    run.requests += transport.requests - before
  })
