/**
 * Stage 2 of a run: the disagreements seen, named by the explanation they share (R1.2, R1.4), and
 * their root causes along the chain of rules (diagnosis.ts).
 *
 * @module
 */
import { type Evaluation } from "./detection.ts"
import { byChain, rootCauses } from "./diagnosis.ts"
import { type GroupRun } from "./groups.ts"
import { type Check, keyOf } from "./session.ts"

/** A disagreement seen: its check, its scenario, and the key it is reported under. */
export interface Seen {
  readonly check: Check
  readonly evaluation: Evaluation
  /** the check's own key (what shrinking looks for) */
  readonly own: string
  /** the key it is reported under: an explanation every occurrence shares (R1.2, R1.4) renames it */
  key: string
  rule: string
}

/** Every disagreement of the run, under its own key. */
const disagreementsSeen = (groups: ReadonlyArray<GroupRun>): Array<Seen> => {
  const seen: Array<Seen> = []
  for (const run of groups) {
    for (const d of run.detected) {
      for (const evaluation of d.evaluations) {
        for (const check of evaluation.outcome.checks) {
          if (!check.agrees) seen.push({ check, evaluation, own: keyOf(check), key: keyOf(check), rule: check.rule })
        }
      }
    }
  }
  return seen
}

/**
 * Renames disagreements by an explanation: one names the disagreements every
 * occurrence of which it explains, when it explains two occurrences at least
 * in the run (once may be chance) or other disagreements already name its rule.
 */
const nameByExplanation = (seen: ReadonlyArray<Seen>): void => {
  const byOwn = new Map<string, Array<Seen>>()
  for (const s of seen) byOwn.set(s.own, [...(byOwn.get(s.own) ?? []), s])
  const explained = (list: ReadonlyArray<Seen>) => {
    const explanation = list[0]!.check.explanation
    return explanation !== undefined && list.every((s) => s.check.explanation === explanation)
      ? explanation
      : undefined
  }
  const rename = (list: ReadonlyArray<Seen>, rule: string) => {
    for (const s of list) {
      s.rule = rule
      s.key = keyOf({ ...s.check, rule })
    }
  }
  const explainedBy = new Map<string, Array<ReadonlyArray<Seen>>>()
  for (const list of byOwn.values()) {
    const explanation = explained(list)
    if (explanation !== undefined) explainedBy.set(explanation, [...(explainedBy.get(explanation) ?? []), list])
  }
  const named = new Set(seen.map((s) => s.rule))
  for (const [explanation, lists] of explainedBy) {
    if (lists.reduce((n, l) => n + l.length, 0) >= 2 || named.has(explanation)) {
      for (const list of lists) rename(list, explanation)
    }
  }
}

/** The run's disagreements named and grouped under their root causes. */
export interface Diagnosis {
  readonly seen: ReadonlyArray<Seen>
  /** the root cause of each key that follows from another */
  readonly causeOf: Map<string, string>
  /** each key's first occurrence */
  readonly firsts: Map<string, Seen>
  readonly keys: ReadonlyArray<string>
  /** the keys that follow from no other, in the order of the rules' chain */
  readonly roots: ReadonlyArray<string>
}

/** Stage 2: every disagreement, named by an explanation all its occurrences share, under its root cause. */
export const diagnose = (groups: ReadonlyArray<GroupRun>): Diagnosis => {
  const seen = disagreementsSeen(groups)
  nameByExplanation(seen)
  const causeOf = rootCauses(seen.map((s) => ({ key: s.key, rule: s.rule, scenario: s.evaluation.scenario })))
  const firsts = new Map<string, Seen>()
  for (const s of seen) if (!firsts.has(s.key)) firsts.set(s.key, s)
  const keys = [...firsts.keys()]
  const roots = keys.filter((k) => !causeOf.has(k)).sort((a, b) => byChain(firsts.get(a)!.rule, firsts.get(b)!.rule))
  return { seen, causeOf, firsts, keys, roots }
}
