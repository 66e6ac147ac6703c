/**
 * Naming what went wrong: the rule a refused request or a list of issues
 * points at, and the root causes of a run's disagreements.
 *
 * A fault rarely shows in one field only: one amount off through totals,
 * terms and refund calculations, a plan date in UTC through every instalment date. Each
 * disagreement is a rule, an operation and a field (a key), seen in some
 * scenarios. A key is a consequence of another when that other is of an
 * earlier rule in the chain of calculations ({@link byChain}: R1 before R2
 * before R6 before R7; the same rule seen in more scenarios first) and
 * disagreed in every scenario the key disagreed in; the
 * earliest such key is its cause, and keys without one are the root causes
 * the report names first.
 *
 * @module
 */
import { codePointLength } from "../core/foundation/input.ts"
import type { Issue } from "../core/foundation/issues.ts"
import type { Check } from "./session.ts"
import { at } from "./session.ts"
import type { Exchange } from "./transport.ts"

/** Natural order of rule numbers: R1.2 before R2.3 before R2.10, R4 before R4.1. */
export const byRule = (a: string, b: string): number => a.localeCompare(b, "en", { numeric: true })

/**
 * The order in which rules feed one another, for naming causes: money (R1),
 * totals (R2), time (R3), validation (R4), then plan terms as they are
 * computed (the plan date, the cadence, the dates, the deposit, the split and
 * its remainder, the validation entries, the schedule), refunds (R7),
 * verification (R8) and what is read back (R9). A split (R5) comes after the
 * count it divides by, so a wrong cadence is not named as a wrong remainder.
 */
const CHAIN = [
  "R1",
  "R2",
  "R3",
  "R4",
  "R6.1",
  "R6.2",
  "R6.3",
  "R6.4",
  "R6.7",
  "R6.8",
  "R6.5",
  "R5.1",
  "R5.2",
  "R5",
  "R6.6",
  "R6",
  "R6.9",
  "R7",
  "R8",
  "R9"
]

const chainRank = (rule: string): number => {
  for (
    let prefix = rule;
    prefix !== "";
    prefix = prefix.includes(".") ? prefix.slice(0, prefix.lastIndexOf(".")) : ""
  ) {
    const i = CHAIN.indexOf(prefix)
    if (i >= 0) return i
  }
  return CHAIN.length
}

/**
 * The order of rules along the chain of calculations (R1 before R2 before
 * R6 before R7; within plan terms, the cadence before the split), by number
 * within a step.
 *
 * @example
 * ```ts
 * ["R5.2", "R6.2", "R1.2"].sort(byChain) // ["R1.2", "R6.2", "R5.2"]
 * ```
 * @since 0.1.0
 */
export const byChain = (a: string, b: string): number => chainRank(a) - chainRank(b) || byRule(a, b)

/** An issue as a service answers it (R9: any field may be missing). */
interface AnsweredIssue {
  readonly path?: unknown
  readonly code?: unknown
  readonly rule?: unknown
}

/** The `issues` of an error answer, when it has a list of them. */
export const answeredIssues = (exchange: Exchange | undefined): ReadonlyArray<AnsweredIssue> | undefined => {
  const issues = at(exchange?.responseBody, "issues")
  return Array.isArray(issues)
    ? issues.filter((i): i is AnsweredIssue => typeof i === "object" && i !== null)
    : undefined
}

/** The value at an issue's path (`items[1].description`) of a request body. */
const valueAt = (body: unknown, path: string): unknown =>
  path
    .split(/\.|\[(\d+)\]/)
    .filter((part) => part !== undefined && part !== "")
    .reduce<unknown>(
      (o, k) => (typeof o === "object" && o !== null ? (o as Record<string, unknown>)[k] : undefined),
      body
    )

/**
 * The rule a valid request's refusal points at, read from the first issue the
 * service gives: an amount it finds too precise although it has the
 * currency's digits means it reads the currency with other digits (R1.2); a
 * text it finds too long or too short that holds characters beyond the basic
 * plane is counted in UTF-16 units (R4.2); a pattern it refuses (R4.3); and so
 * on. `fallback` when the answer names no issue the kit can place.
 *
 * @example
 * ```ts
 * refusalRule({ merchantOrderId: "a\tb" }, { issues: [{ path: "merchantOrderId", code: "pattern" }] }, "R4") // "R4.3"
 * ```
 * @since 0.1.0
 */
export const refusalRule = (requestBody: unknown, responseBody: unknown, fallback: string): string => {
  const issues = at(responseBody, "issues")
  const first = Array.isArray(issues) ? (issues[0] as AnsweredIssue | undefined) : undefined
  const code = typeof first?.code === "string" ? first.code : undefined
  const path = typeof first?.path === "string" ? first.path : ""
  switch (code) {
    case "precision":
      return "R1.2"
    case "too_long":
    case "too_short": {
      const value = valueAt(requestBody, path)
      return typeof value === "string" && codePointLength(value) !== value.length ? "R4.2" : "R4.1"
    }
    case "pattern":
      return "R4.3"
    case "format":
      return /url/i.test(path) ? "R4.4" : path === "expiry" ? "R4.7" : fallback
    case "unknown_currency":
      return "R4.4"
    case "merchant_mismatch":
    case "unknown_external_code":
      return "R4.5"
    case "past_date":
    case "duplicate":
      return "R4.6"
    case "time_zone":
      return "R3.1"
    default:
      return fallback
  }
}

/** An issue as the kit compares it: path and code, and the rule where the service names one. */
const issueKey = (issue: AnsweredIssue, withRule: boolean): string =>
  `${String(issue.path)} ${String(issue.code)}${withRule ? ` ${String(issue.rule)}` : ""}`

/**
 * The check of a refusal's issues against the engine's, as sets of
 * (path, code, rule) (R4.1: every violation, not only the first). The rule is
 * compared where the service's issues carry one. A service that misses or
 * adds an issue breaks the rule of that issue; one that reports the engine's
 * first issue alone where the engine finds several is explained by R4.1 (the
 * run names it so when every occurrence is). Undefined when the answer has no
 * list of issues to compare.
 *
 * @since 0.1.0
 */
export const issuesCheck = (
  operation: string,
  engine: ReadonlyArray<Issue>,
  exchange: Exchange
): Check | undefined => {
  const answered = answeredIssues(exchange)
  if (answered === undefined) return undefined
  const withRule = answered.length > 0 && answered.every((i) => typeof i.rule === "string")
  const expected = [...new Set(engine.map((i) => issueKey(i, withRule)))].sort()
  const actual = [...new Set(answered.map((i) => issueKey(i, withRule)))].sort()
  const missing = engine.filter((i) => !actual.includes(issueKey(i, withRule)))
  const extra = answered.filter((i) => !expected.includes(issueKey(i, withRule)))
  const agrees = missing.length === 0 && extra.length === 0
  const rule = agrees
    ? engine[0]?.rule ?? "R4.1"
    : missing[0]?.rule ??
      refusalRule(exchange.requestBody, { issues: extra }, typeof extra[0]?.rule === "string" ? extra[0].rule : "R4.1")
  // the engine's first issue alone, of several: only the first violation reported (R4.1), when every
  // occurrence looks so (one breakage the service misses looks so now and then)
  const firstOnly = !agrees && extra.length === 0 && answered.length === 1 && engine.length > 1 &&
    engine[0] !== undefined && issueKey(engine[0], withRule) === issueKey(answered[0]!, withRule)
  return {
    rule,
    operation,
    field: "issues",
    expected,
    actual,
    agrees,
    exchange,
    ...(firstOnly ? { explanation: "R4.1" } : {})
  }
}

/** One disagreement seen in a run: its check and the scenario it was seen in. */
export interface Occurrence {
  readonly key: string
  readonly rule: string
  readonly scenario: string
}

/** The cause of each key that has one (key → its root's key); roots are absent. */
export const rootCauses = (occurrences: ReadonlyArray<Occurrence>): Map<string, string> => {
  const scenarios = new Map<string, Set<string>>()
  const rules = new Map<string, string>()
  const order: Array<string> = []
  for (const o of occurrences) {
    if (!scenarios.has(o.key)) {
      scenarios.set(o.key, new Set())
      rules.set(o.key, o.rule)
      order.push(o.key)
    }
    scenarios.get(o.key)!.add(o.scenario)
  }
  // earliest rule first; within a rule, the key seen in more scenarios; then the first seen
  const ranked = [...order].sort((a, b) =>
    byChain(rules.get(a)!, rules.get(b)!) || scenarios.get(b)!.size - scenarios.get(a)!.size ||
    order.indexOf(a) - order.indexOf(b)
  )
  const causeOf = new Map<string, string>()
  for (const [i, key] of ranked.entries()) {
    const seen = scenarios.get(key)!
    for (const earlier of ranked.slice(0, i)) {
      const theirs = scenarios.get(earlier)!
      if ([...seen].every((s) => theirs.has(s))) {
        causeOf.set(key, causeOf.get(earlier) ?? earlier)
        break
      }
    }
  }
  return causeOf
}
