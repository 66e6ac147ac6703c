/**
 * The report of a conformance run, and its three renderings: a table by rule
 * for the terminal, the JSON of the command's contract, and an HTML page with
 * each disagreement's request and both answers side by side.
 *
 * @module
 */
// Over 400 lines: the report of a run and its three renderings (terminal, JSON, HTML) of the same data.
import { escapeHtml as escape } from "../core/foundation/html.ts"
import type { CheckGroup } from "./config.ts"
import { byRule } from "./diagnosis.ts"

/**
 * A request as a report shows it: method, path and body (never a header,
 * so never the credentials), with the requests of its scenario before it.
 *
 * @category Conformance
 * @since 0.1.0
 */
export interface RequestView {
  readonly method: string
  readonly path: string
  readonly body?: unknown
  /** The scenario's earlier requests (creating the checkout a calculation is for, …), oldest first. */
  readonly setup?: ReadonlyArray<{ readonly method: string; readonly path: string; readonly body?: unknown }>
}

/**
 * An answer as a report shows it.
 *
 * @category Conformance
 * @since 0.1.0
 */
export interface ResponseView {
  readonly status: number | undefined
  readonly body?: unknown
}

/**
 * One disagreement, its counterexample shrunk.
 *
 * @category Conformance
 * @since 0.1.0
 */
export interface Disagreement {
  /** The rule's number (`R2.3`). */
  readonly rule: string
  /** The operation whose answer disagrees (`createCheckout`, `computePlanTerms`, `widget.complete`, …). */
  readonly operation: string
  /** The answer's field (`totalMinimumDeposit`, `installments.amount`, `status`). */
  readonly field: string
  readonly expected: unknown
  readonly actual: unknown
  readonly request: RequestView | undefined
  readonly response: ResponseView | undefined
  /** Where in a list the first difference is (`schedule[2]`), when the field is in one. */
  readonly at?: string | undefined
  /** The property that found it (`create`, `create.invalid`, `terms`, …). */
  readonly property: string
  /** The engine's whole answer, beside the service's in the HTML report. */
  readonly engine?: unknown
  /**
   * The root cause this disagreement follows from (`"R1.2 createCheckout totalMinimumDeposit"`):
   * a disagreement of an earlier rule seen in every scenario this one was. Absent for a root cause.
   */
  readonly cause?: string | undefined
  /** Failing scenarios found smaller than the first while shrinking. */
  readonly shrinks: number
  /** The first failing scenario, before shrinking. */
  readonly first: {
    readonly request: RequestView | undefined
    readonly response: ResponseView | undefined
    readonly expected: unknown
    readonly actual: unknown
  }
}

/**
 * Checks of one rule: run, agreed, disagreed.
 *
 * @category Conformance
 * @since 0.1.0
 */
export interface RuleTally {
  readonly rule: string
  readonly checks: number
  readonly agreed: number
  readonly disagreed: number
}

/**
 * Scenarios of one property.
 *
 * @category Conformance
 * @since 0.1.0
 */
export interface PropertyTally {
  readonly property: string
  readonly group: CheckGroup
  readonly runs: number
  readonly passed: number
  readonly failed: number
  readonly skipped: number
  /** Why the property ran nothing, when it did not run. */
  readonly skippedBecause?: string | undefined
}

/**
 * A root cause: a disagreement no earlier one explains, with the
 * disagreements that follow from it.
 *
 * @category Conformance
 * @since 0.2.0
 */
export interface Cause {
  readonly rule: string
  readonly operation: string
  readonly field: string
  /** `rule operation field` of each disagreement grouped under it. */
  readonly consequences: ReadonlyArray<string>
}

/**
 * What a group of checks did: ran its scenarios, ran some of them before its
 * share of the request cap was spent, or could not run (and why).
 *
 * @category Conformance
 * @since 0.2.0
 */
export interface GroupTally {
  readonly group: CheckGroup
  readonly status: "ran" | "partial" | "skipped"
  /** Scenarios evaluated (compared or skipped). */
  readonly scenarios: number
  /** Scenarios the group was given. */
  readonly planned: number
  /** Requests it sent, shrinking included. */
  readonly requests: number
  /** Its share of the request cap. */
  readonly budget: number
  /** Why it did not run all of its scenarios. */
  readonly reason?: string | undefined
}

/**
 * A boundary class of the rules (`testing/boundaries.ts`) and how often the
 * run reached it: whether a scenario's input lay in it, as the engine reads
 * what was sent.
 *
 * @category Conformance
 * @since 0.2.0
 */
export interface ClassTally {
  /** The rule's number (`R6.3`), or `search` / `notes`. */
  readonly rule: string
  /** The class's name within its rule (`monthly-today`). */
  readonly class: string
  readonly description: string
  /** Scenarios (and setups) that reached it. */
  readonly reached: number
  /**
   * Whether the run was to reach it: a group whose scenarios target it ran,
   * and the merchant's configuration and the service's zone allow it.
   */
  readonly expected: boolean
  /** Why it was not to be reached, when it was not. */
  readonly why?: string | undefined
}

/**
 * A conformance run's report.
 *
 * @category Conformance
 * @since 0.1.0
 */
export interface ConformanceReport {
  readonly baseUrl: string
  readonly merchantId: string
  readonly seed: number
  /** Scenarios run (each compared at least one field). */
  readonly runs: number
  /** Scenarios whose every check agreed. */
  readonly passed: number
  /** Scenarios with at least one disagreement. */
  readonly failed: number
  /** Scenarios that compared nothing (see `notes`). */
  readonly skipped: number
  readonly readOnly: boolean
  /** Requests sent, shrinking included. */
  readonly requests: number
  /** Whether the request cap stopped the run early. */
  readonly capReached: boolean
  readonly durationMs: number
  /** How the service's clock was read (`sandbox clock`, `Date header`, `local clock`). */
  readonly clock: string
  readonly rules: ReadonlyArray<RuleTally>
  readonly properties: ReadonlyArray<PropertyTally>
  /**
   * One per rule, operation and field, each with its counterexample (a root
   * cause's shrunk): each root cause first, then what follows from it.
   */
  readonly disagreements: ReadonlyArray<Disagreement>
  /** The root causes, earliest rule first. */
  readonly causes: ReadonlyArray<Cause>
  /** Every group selected: what it ran, or why it could not. */
  readonly groups: ReadonlyArray<GroupTally>
  /** Every boundary class of the rules, with how often the run reached it. */
  readonly coverage: ReadonlyArray<ClassTally>
  /** Milliseconds of `durationMs` spent deciding which classes the scenarios reached. */
  readonly coverageMs: number
  /** The zone the service turns a checkout's date-times into dates in (R2.5), and how the run knows it. */
  readonly timeZone: string
  readonly timeZoneSource: "given" | "probed" | "assumed"
  /**
   * Why the run is not a pass though nothing disagreed: a selected group that
   * could not run, a class reached fewer times than `minCoverage` asks. The
   * command exits 1 when this or `disagreements` is not empty.
   */
  readonly incomplete: ReadonlyArray<string>
  readonly notes: ReadonlyArray<string>
}

/**
 * The report as the command's `--format json` writes it (the contract): `{ runs,
 * passed, failed, seed, disagreements: [{ rule, operation, field, expected,
 * actual, request, response, cause }], causes: [{ rule, operation, field,
 * consequences }], groups: [{ group, status, scenarios, planned, requests,
 * budget, reason }], coverage: [{ rule, class, reached, expected }],
 * incomplete: [reason], timeZone }`.
 *
 * @example
 * ```ts
 * import { toJson } from "payment-plan-engine/conformance"
 *
 * console.log(JSON.stringify(toJson(report), null, 2)) // { "runs": 9, "passed": 9, "failed": 0, "seed": 42, … }
 * ```
 * @category Conformance
 * @since 0.1.0
 */
export const toJson = (report: ConformanceReport) => ({
  runs: report.runs,
  passed: report.passed,
  failed: report.failed,
  seed: report.seed,
  disagreements: report.disagreements.map((d) => ({
    rule: d.rule,
    operation: d.operation,
    field: d.field,
    expected: d.expected ?? null,
    actual: d.actual ?? null,
    request: d.request ?? null,
    response: d.response ?? null,
    cause: d.cause ?? null
  })),
  causes: report.causes,
  groups: report.groups.map((g) => ({ ...g, reason: g.reason ?? null })),
  coverage: report.coverage.map((c) => ({ rule: c.rule, class: c.class, reached: c.reached, expected: c.expected })),
  incomplete: report.incomplete,
  timeZone: report.timeZone
})

const NUMERIC = /^-?[\d,]+(\.\d+)?$/

const table = (header: ReadonlyArray<string>, rows: ReadonlyArray<ReadonlyArray<string>>): string => {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)))
  const line = (cells: ReadonlyArray<string>) =>
    cells
      .map((c, i) => (NUMERIC.test(c) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join("  ")
      .trimEnd()
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n") + "\n"
}

/** A value in one line, for the terminal. */
export const shown = (value: unknown): string =>
  value === undefined ? "(absent)" : typeof value === "string" ? value : JSON.stringify(value)

/**
 * The report for a terminal: checks by rule, then each disagreement with its
 * smallest request.
 *
 * @example
 * ```ts
 * import { formatTable } from "payment-plan-engine/conformance"
 *
 * console.log(formatTable(report))
 * ```
 * @category Conformance
 * @since 0.1.0
 */
export const formatTable = (report: ConformanceReport): string => {
  const rules = [...report.rules].sort((a, b) => byRule(a.rule, b.rule))
  const out: Array<string> = [
    `conformance of ${report.baseUrl} (merchant ${report.merchantId}), seed ${report.seed}${
      report.readOnly ? ", read-only" : ""
    }`,
    "",
    table(
      ["rule", "checks", "agreed", "disagreed"],
      rules.map((r) => [r.rule, String(r.checks), String(r.agreed), String(r.disagreed)])
    ),
    `${report.runs} scenarios: ${report.passed} agreed, ${report.failed} disagreed${
      report.skipped > 0 ? `, ${report.skipped} skipped` : ""
    }; ${report.requests} requests in ${(report.durationMs / 1000).toFixed(1)} s (clock: ${report.clock})`,
    "",
    table(
      ["group", "status", "scenarios", "requests", "budget", "why not all"],
      report.groups.map((g) => [
        g.group,
        g.status,
        `${g.scenarios}/${g.planned}`,
        String(g.requests),
        String(g.budget),
        g.reason ?? ""
      ])
    )
  ]
  out.push(coverageTable(report), "")
  if (report.causes.length > 0) {
    out.push(`root causes (${report.causes.length}):`)
    for (const c of report.causes) {
      out.push(
        `  ${c.rule} ${c.operation} ${c.field}${
          c.consequences.length === 0 ? "" : `, and what follows from it: ${c.consequences.join("; ")}`
        }`
      )
    }
  }
  for (const [i, d] of report.disagreements.entries()) {
    out.push(
      "",
      `${i + 1}. ${d.rule} ${d.operation} ${d.field}${d.at === undefined ? "" : ` at ${d.at}`}: expected ${
        shown(d.expected)
      }, got ${shown(d.actual)}${d.cause === undefined ? "" : ` (follows from ${d.cause})`}`,
      `   smallest request (${d.shrinks} shrinks, found by ${d.property}): ${
        d.request === undefined ? "(none)" : `${d.request.method} ${d.request.path}`
      }`
    )
    if (d.request?.setup !== undefined) {
      for (const s of d.request.setup) {
        out.push(`     after ${s.method} ${s.path}${s.body === undefined ? "" : ` ${JSON.stringify(s.body)}`}`)
      }
    }
    if (d.request?.body !== undefined) out.push(`   body: ${JSON.stringify(d.request.body)}`)
    if (d.response !== undefined) {
      out.push(`   answer ${d.response.status ?? "(none)"}: ${JSON.stringify(d.response.body)}`)
    }
  }
  for (const note of report.notes) out.push("", `note: ${note}`)
  if (report.capReached) out.push("", `note: the request cap stopped the run after ${report.requests} requests`)
  for (const reason of report.incomplete) out.push("", `incomplete: ${reason}`)
  return out.join("\n") + "\n"
}

/** What a class's count says: how often, or why the run was not to reach it. */
const reachedText = (c: ClassTally): string =>
  c.expected ? String(c.reached) : c.reached > 0 ? `${c.reached} (n/a)` : "n/a"

/**
 * The coverage table: every boundary class by rule, how often the run reached
 * it (`n/a`: the run was not to reach it), and a line of totals.
 */
const coverageTable = (report: ConformanceReport): string => {
  const expected = report.coverage.filter((c) => c.expected)
  const reached = expected.filter((c) => c.reached > 0)
  return table(
    ["rule", "boundary class", "reached"],
    report.coverage.map((c) => [c.rule, c.class, reachedText(c)])
  ) +
    `${reached.length} of ${expected.length} boundary classes reached (dates of date-times read in ${report.timeZone}, ${report.timeZoneSource})\n`
}

const pretty = (value: unknown): string =>
  escape(value === undefined ? "(nothing)" : typeof value === "string" ? value : JSON.stringify(value, null, 2))

const HTML_STYLE = `<style>
body{font:14px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:72rem;padding:0 1rem;color:#222}
table{border-collapse:collapse}td,th{padding:.2rem .8rem;border-bottom:1px solid #ddd;text-align:right}
td:first-child,th:first-child{text-align:left}tr.bad td{background:#fde8e8}
pre{background:#f6f6f6;padding:.6rem;overflow:auto;max-height:28rem;font-size:12px}
.side{display:grid;grid-template-columns:1fr 1fr;gap:1rem}.rule{color:#a00}
section.disagreement{border-top:2px solid #ccc;margin-top:2rem}
</style>`

/** The table by rule. */
const rulesHtml = (report: ConformanceReport): string => {
  const rows = [...report.rules]
    .sort((a, b) => byRule(a.rule, b.rule))
    .map((r) =>
      `<tr class="${r.disagreed > 0 ? "bad" : "good"}"><td>${
        escape(r.rule)
      }</td><td>${r.checks}</td><td>${r.agreed}</td><td>${r.disagreed}</td></tr>`
    )
    .join("\n")
  return `<table><thead><tr><th>rule</th><th>checks</th><th>agreed</th><th>disagreed</th></tr></thead><tbody>
${rows}
</tbody></table>`
}

/** The table by group. */
const groupsHtml = (report: ConformanceReport): string =>
  `<h2>Groups</h2>
<table><thead><tr><th>group</th><th>status</th><th>scenarios</th><th>requests</th><th>budget</th><th>why not all</th></tr></thead><tbody>
${
    report.groups.map((g) =>
      `<tr class="${g.status === "ran" ? "good" : "bad"}"><td>${
        escape(g.group)
      }</td><td>${g.status}</td><td>${g.scenarios}/${g.planned}</td><td>${g.requests}</td><td>${g.budget}</td><td>${
        escape(g.reason ?? "")
      }</td></tr>`
    ).join("\n")
  }
</tbody></table>`

/** The coverage table: every boundary class, how often the run reached it. */
const coverageHtml = (report: ConformanceReport): string =>
  `<h2>Boundary classes reached</h2>
<table><thead><tr><th>rule</th><th>class</th><th>reached</th><th>what it is</th></tr></thead><tbody>
${
    report.coverage.map((c) =>
      `<tr class="${c.expected && c.reached === 0 ? "bad" : "good"}"><td>${escape(c.rule)}</td><td>${
        escape(c.class)
      }</td><td>${escape(reachedText(c))}</td><td style="text-align:left">${escape(c.why ?? c.description)}</td></tr>`
    ).join("\n")
  }
</tbody></table>`

/** The root causes, each with how many disagreements follow from it. */
const causesHtml = (report: ConformanceReport): string =>
  report.causes.length === 0
    ? ""
    : `<h2>Root causes</h2><ol>${
      report.causes.map((c) =>
        `<li><span class="rule">${escape(c.rule)}</span> ${escape(c.operation)} <code>${escape(c.field)}</code>${
          c.consequences.length === 0 ? "" : `: and ${c.consequences.length} disagreement(s) that follow from it`
        }</li>`
      ).join("")
    }</ol>`

/** The `i`th disagreement: its smallest request and, side by side, the service's answer and the engine's. */
const disagreementHtml = (d: Disagreement, i: number): string => {
  const setup = (d.request?.setup ?? [])
    .map((s) =>
      `<li><code>${escape(`${s.method} ${s.path}`)}</code>${
        s.body === undefined ? "" : `<pre>${pretty(s.body)}</pre>`
      }</li>`
    )
    .join("")
  return `<section class="disagreement" id="d${i + 1}">
<h2>${i + 1}. <span class="rule">${escape(d.rule)}</span> ${escape(d.operation)} <code>${escape(d.field)}</code>${
    d.at === undefined ? "" : ` at <code>${escape(d.at)}</code>`
  }</h2>
<p>expected <code>${pretty(d.expected)}</code>, the service answered <code>${pretty(d.actual)}</code>.
Found by <em>${escape(d.property)}</em>; shrunk ${d.shrinks} times.${
    d.cause === undefined ? " A root cause." : ` Follows from <code>${escape(d.cause)}</code>.`
  }</p>
${setup === "" ? "" : `<details><summary>requests before it</summary><ol>${setup}</ol></details>`}
<h3>Request</h3>
<p><code>${escape(d.request === undefined ? "(none)" : `${d.request.method} ${d.request.path}`)}</code></p>
${d.request?.body === undefined ? "" : `<pre>${pretty(d.request.body)}</pre>`}
<div class="side">
<div><h3>The service answered${d.response?.status === undefined ? "" : ` (${d.response.status})`}</h3><pre>${
    pretty(d.response?.body)
  }</pre></div>
<div><h3>The engine computes</h3><pre>${pretty(d.engine ?? { [d.field]: d.expected })}</pre></div>
</div>
<details><summary>the first failing request, before shrinking</summary>
<p>expected <code>${pretty(d.first.expected)}</code>, answered <code>${pretty(d.first.actual)}</code></p>
<pre>${pretty(d.first.request)}</pre><pre>${pretty(d.first.response)}</pre></details>
</section>`
}

/**
 * The report as one self-contained HTML page: the table by rule, then each
 * disagreement with its smallest request and, side by side, the service's
 * answer and the engine's.
 *
 * @example
 * ```ts
 * import { writeFileSync } from "node:fs"
 * import { renderHtml } from "payment-plan-engine/conformance"
 *
 * writeFileSync("report.html", renderHtml(report))
 * ```
 * @category Conformance
 * @since 0.1.0
 */
export const renderHtml = (report: ConformanceReport): string => {
  const notes = [
    ...report.notes,
    ...(report.capReached ? [`the request cap stopped the run after ${report.requests} requests`] : []),
    ...report.incomplete.map((reason) => `incomplete: ${reason}`)
  ]
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Conformance of ${escape(report.baseUrl)}</title>
${HTML_STYLE}</head><body>
<h1>Conformance of ${escape(report.baseUrl)}</h1>
<p>Merchant <code>${escape(report.merchantId)}</code>, seed <code>${report.seed}</code>${
    report.readOnly ? ", read-only" : ""
  }: ${report.runs} scenarios, ${report.passed} agreed, ${report.failed} disagreed${
    report.skipped > 0 ? `, ${report.skipped} skipped` : ""
  }; ${report.requests} requests in ${(report.durationMs / 1000).toFixed(1)} s (clock: ${escape(report.clock)}).</p>
${rulesHtml(report)}
${groupsHtml(report)}
${coverageHtml(report)}
${causesHtml(report)}
${notes.map((n) => `<p class="note">Note: ${escape(n)}</p>`).join("\n")}
${
    report.disagreements.length === 0
      ? "<p>Every check agrees.</p>"
      : report.disagreements.map((d, i) => disagreementHtml(d, i)).join("\n")
  }
</body></html>
`
}
