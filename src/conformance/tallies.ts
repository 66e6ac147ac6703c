/**
 * Stage 4 of a run: the report's findings and tallies (by property, rule and group), what was left
 * incomplete, and the boundary classes the scenarios reached.
 *
 * @module
 */
import { type Diagnosis, type Seen } from "./causes.ts"
import { type ResolvedConfig } from "./config.ts"
import { coverageTallies } from "./coverage.ts"
import { requestOf, responseOf } from "./detection.ts"
import { byChain } from "./diagnosis.ts"
import { type GroupRun } from "./groups.ts"
import type { Cause as ReportCause, ClassTally, Disagreement, GroupTally, PropertyTally, RuleTally } from "./report.ts"
import { type Check, type Session } from "./session.ts"
import { type Shrunk } from "./shrinking.ts"

/** The disagreement reported under `key`: its smallest scenario, and the first one that showed it. */
const disagreementOf = (key: string, { causeOf, firsts }: Diagnosis, shrunk: Map<string, Shrunk>): Disagreement => {
  const first = firsts.get(key)!
  const best = shrunk.get(key)
  const check = best?.check ?? first.check
  const outcome = best?.outcome ?? first.evaluation.outcome
  const property = first.evaluation.property
  const setupFor = (index: number) => (index >= 0 && property.setupInRequest === true ? property.setup : undefined)
  const cause = causeOf.get(key)
  return {
    rule: first.rule,
    operation: check.operation,
    field: check.field,
    expected: check.expected,
    actual: check.actual,
    request: requestOf(check, outcome, setupFor(first.evaluation.index)),
    response: responseOf(check),
    ...(check.at === undefined ? {} : { at: check.at }),
    property: property.name,
    ...(check.engine === undefined ? {} : { engine: check.engine }),
    ...(cause === undefined ? {} : { cause }),
    shrinks: best?.shrinks ?? 0,
    first: {
      request: requestOf(first.check, first.evaluation.outcome, setupFor(first.evaluation.index)),
      response: responseOf(first.check),
      expected: first.check.expected,
      actual: first.check.actual
    }
  }
}

/** Stage 4: the report's disagreements, each root cause then what follows from it, and the causes. */
export const findings = (
  diagnosis: Diagnosis,
  shrunk: Map<string, Shrunk>
): { readonly disagreements: Array<Disagreement>; readonly causes: Array<ReportCause> } => {
  const { causeOf, firsts, keys, roots } = diagnosis
  const ordered = roots.flatMap((root) => [
    root,
    ...keys.filter((k) => causeOf.get(k) === root).sort((a, b) => byChain(firsts.get(a)!.rule, firsts.get(b)!.rule))
  ])
  const disagreements = ordered.map((key) => disagreementOf(key, diagnosis, shrunk))
  const causes = roots.map((root) => {
    const d = disagreements.find((x) => `${x.rule} ${x.operation} ${x.field}` === root) ??
      disagreements[ordered.indexOf(root)]!
    return {
      rule: d.rule,
      operation: d.operation,
      field: d.field,
      consequences: ordered.filter((k) => causeOf.get(k) === root)
    }
  })
  return { disagreements, causes }
}

/** Tallies the scenarios of each property that ran into `tallies`; gives every check the run made. */
export const propertyTallies = (
  session: Session,
  groups: ReadonlyArray<GroupRun>,
  tallies: Array<PropertyTally>
): Array<Check> => {
  const checks: Array<Check> = []
  for (const run of groups) {
    for (const d of run.detected) {
      const scored = d.evaluations.filter((e) => e.index >= 0 || e.outcome.checks.some((c) => !c.agrees))
      const checked = scored.filter((e) => e.outcome.checks.length > 0)
      for (const e of scored) {
        if (e.outcome.skipped !== undefined) session.notes.add(`${d.property.name}: ${e.outcome.skipped}`)
      }
      tallies.push({
        property: d.property.name,
        group: d.property.group,
        runs: checked.length,
        passed: checked.filter((e) => e.outcome.checks.every((c) => c.agrees)).length,
        failed: checked.filter((e) => e.outcome.checks.some((c) => !c.agrees)).length,
        skipped: scored.length - checked.length
      })
      for (const e of d.evaluations) checks.push(...e.outcome.checks)
    }
  }
  return checks
}

/** The checks by rule, an explained disagreement under its explanation. */
export const ruleTallies = (checks: ReadonlyArray<Check>, seen: ReadonlyArray<Seen>): Array<RuleTally> => {
  const renamed = new Map(seen.map((s) => [s.check, s.rule]))
  const rules = new Map<string, { checks: number; agreed: number; disagreed: number }>()
  for (const check of checks) {
    const rule = renamed.get(check) ?? check.rule
    const tally = rules.get(rule) ?? { checks: 0, agreed: 0, disagreed: 0 }
    tally.checks++
    if (check.agrees) tally.agreed++
    else tally.disagreed++
    rules.set(rule, tally)
  }
  return [...rules].map(([rule, t]) => ({ rule, ...t }))
}

/** What each group did; a group that did not run in full is noted with why. */
export const groupTallies = (session: Session, groups: ReadonlyArray<GroupRun>): Array<GroupTally> => {
  const tallies: Array<GroupTally> = groups.map((g) => {
    const evaluations = g.detected.flatMap((d) => d.evaluations)
    // a group ran when one of its scenarios (or its setup) compared something
    const ran = evaluations.some((e) => e.outcome.skipped === undefined && e.outcome.checks.length > 0)
    const why = [...new Set(evaluations.map((e) => e.outcome.skipped).filter((w) => w !== undefined))]
    const reasons = [
      ...g.skipped,
      ...g.stopped,
      ...(ran || why.length === 0 ? [] : [`every scenario was skipped (${why.join("; ")})`])
    ]
    const status = !ran ? "skipped" : g.stopped.length > 0 || g.skipped.length > 0 ? "partial" : "ran"
    return {
      group: g.group,
      status,
      scenarios: g.scenarios,
      planned: g.planned,
      requests: g.requests,
      budget: g.budget,
      // a group that did not run in full always says why
      ...(status === "ran" ? {} : { reason: reasons.length > 0 ? reasons.join("; ") : "it ran no scenario" })
    }
  })
  for (const g of tallies) {
    if (g.status === "partial") session.notes.add(`group ${g.group} ran in part: ${g.reason}`)
  }
  return tallies
}

/**
 * Why the run is not a pass though nothing may disagree: a selected group
 * that could not run (exclude it with `skip` or `only` to run without it), a
 * boundary class reached fewer times than `minCoverage` asks.
 */
export const incompleteOf = (
  config: ResolvedConfig,
  groups: ReadonlyArray<GroupTally>,
  coverage: ReadonlyArray<ClassTally>
): Array<string> => {
  const reasons = groups
    .filter((g) => g.status === "skipped")
    .map((g) => `group ${g.group} could not run: ${g.reason} (exclude it with --skip ${g.group} to run without it)`)
  const short = coverage.filter((c) => c.expected && c.reached < config.minCoverage)
  if (short.length > 0) {
    reasons.push(
      `${short.length} boundary class(es) reached fewer than ${config.minCoverage} time(s) (--min-coverage): ${
        short.map((c) => `${c.rule}/${c.class} (${c.reached})`).join(", ")
      }`
    )
  }
  return reasons
}

/** The coverage table: how many scenarios (and setups) of the run reached each boundary class. */
export const coverageOf = (
  session: Session,
  groups: ReadonlyArray<GroupRun>,
  groupTally: ReadonlyArray<GroupTally>
): Array<ClassTally> => {
  const started = performance.now()
  const reached = new Map<string, number>()
  for (const run of groups) {
    for (const d of run.detected) {
      for (const e of d.evaluations) for (const id of e.reached) reached.set(id, (reached.get(id) ?? 0) + 1)
    }
  }
  const ran = groupTally.filter((g) => g.status !== "skipped").map((g) => g.group)
  const tallies = coverageTallies(reached, ran, session.merchant, session.timeZone)
  session.timings.coverageMs += performance.now() - started
  return tallies
}
