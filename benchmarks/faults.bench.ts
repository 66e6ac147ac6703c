/**
 * Budget of the fault catalogue: the conformance kit's own fault-detection score. Every
 * fault of `faults/catalogue.ts` is injected into a copy of the sandbox (or
 * its answers rewritten by a proxy) and the kit runs against it with its
 * default settings (100 scenarios, a cap of 1,000 requests, 100 per shrinking;
 * only the rate limit is raised, which changes no request) over a few seeds.
 * A fault is found when the run reports a disagreement; it is named when a
 * root cause the report gives is the fault's rule. False alarms: the same runs
 * against the unmodified sandbox and against answers that differ only in ways
 * R9 tolerates (numbers as strings, unknown fields).
 *
 * Budget: at least 95 % of faults found at the default settings, no false
 * alarm, every run within the default request cap.
 *
 * `FAULTS_KIT=<path of a kit's index.ts>` measures another kit (main's, say,
 * checked out apart); `FAULTS_BASELINE=<path>` measures that kit too, with
 * the same faults and seeds, and shows both (the score before a change;
 * `FAULTS_BASELINE_NAME` says what it is);
 * `FAULTS_SEEDS=1,2,3`; `FAULTS_ONLY=<part of a name>`.
 *
 * `npm run bench -- faults`
 */
import { pathToFileURL } from "node:url"
import type * as KitModule from "../src/conformance/index.ts"
import { type Fault, FAULTS, TOLERATED } from "./faults/catalogue.ts"
import {
  API_KEY,
  BASE_URL,
  type Copy,
  type Handler,
  MERCHANT_ID,
  original,
  patchedCopy,
  proxy,
  serve,
  startOf,
  ZONE
} from "./faults/service.ts"
import type { Note, Suite } from "./harness.ts"

const BUDGET_FOUND = 0.95
const DEFAULT_CAP = 1000

const seeds = (process.env["FAULTS_SEEDS"] ?? "1,2,3").split(",").map(Number)
const only = process.env["FAULTS_ONLY"]
const kitPath = process.env["FAULTS_KIT"]
const baselinePath = process.env["FAULTS_BASELINE"]
const baselineName = process.env["FAULTS_BASELINE_NAME"] ?? `the kit at ${baselinePath}`

interface RunResult {
  readonly seed: number
  readonly found: boolean
  /** the root causes the report names (every distinct rule when the kit names none) */
  readonly causes: ReadonlyArray<string>
  readonly requests: number
  readonly capReached: boolean
  readonly disagreements: ReadonlyArray<string>
}

const loadKit = async (path: string | undefined): Promise<typeof KitModule> =>
  path === undefined
    ? await import("../src/conformance/index.ts")
    : ((await import(pathToFileURL(path).href)) as typeof KitModule)

/** The root causes of a report: its `causes` where the kit names them, else every rule it reports. */
const causesOf = (report: KitModule.ConformanceReport): Array<string> => {
  const named = (report as { causes?: ReadonlyArray<{ readonly rule: string }> }).causes
  const rules = named === undefined ? report.disagreements.map((d) => d.rule) : named.map((c) => c.rule)
  return [...new Set(rules)]
}

const runOnce = async (kit: typeof KitModule, fetch: Handler, seed: number): Promise<RunResult> => {
  const report = await kit.runConformance({
    baseUrl: BASE_URL,
    merchantId: MERCHANT_ID,
    apiKey: API_KEY,
    timeZone: ZONE,
    fetch,
    seed,
    // the default rate limit (5 a second) is for real services: it changes when requests go, not which
    rps: 1_000_000
  })
  return {
    seed,
    found: report.disagreements.length > 0,
    causes: causesOf(report),
    requests: report.requests,
    capReached: report.capReached,
    disagreements: report.disagreements.map((d) => `${d.rule} ${d.operation} ${d.field}`)
  }
}

const runAgainst = async (
  kit: typeof KitModule,
  copy: Copy,
  rewrite: Fault["rewrite"]
): Promise<Array<RunResult>> => {
  const results: Array<RunResult> = []
  for (const seed of seeds) {
    const service = serve(copy, startOf(seed))
    try {
      results.push(await runOnce(kit, rewrite === undefined ? service.fetch : proxy(service.fetch, rewrite), seed))
    } finally {
      service.close()
    }
  }
  return results
}

interface FaultResult {
  readonly fault: Fault
  readonly runs: ReadonlyArray<RunResult>
}

interface Measurement {
  readonly faults: Array<FaultResult>
  readonly alarms: Array<{ readonly name: string; readonly runs: Array<RunResult> }>
}

const isNamed = (fault: Fault, run: RunResult) =>
  run.causes.some((c) => c === fault.rule || (fault.accept ?? []).includes(c))

let measured: { readonly kit: Measurement; readonly baseline: Measurement | undefined } | undefined

/** Every fault and every tolerated variant against one kit. */
const measureKit = async (kit: typeof KitModule, label: string): Promise<Measurement> => {
  const faults: Array<FaultResult> = []
  const selected = FAULTS.filter((f) => only === undefined || f.name.includes(only) || f.rule === only)
  for (const fault of selected) {
    const copy = fault.patches === undefined ? await original() : await patchedCopy(fault.patches)
    try {
      faults.push({ fault, runs: await runAgainst(kit, copy, fault.rewrite) })
    } finally {
      copy.dispose()
    }
    const last = faults[faults.length - 1]!
    console.log(
      `  ${label}: ${last.runs.filter((r) => r.found).length}/${last.runs.length} ${fault.rule} ${fault.name}: ${
        last.runs.map((r) => r.causes.join(",") || "-").join(" | ")
      }`
    )
  }
  const alarms: Array<{ name: string; runs: Array<RunResult> }> = []
  const plain = await original()
  for (const variant of only === undefined ? TOLERATED : []) {
    const runs = await runAgainst(kit, plain, variant.rewrite)
    alarms.push({ name: variant.name, runs })
    console.log(
      `  ${label}: false alarms, ${variant.name}: ${runs.map((r) => r.disagreements.join("; ") || "none").join(" | ")}`
    )
  }
  return { faults, alarms }
}

const measure = async () => {
  const kit = await measureKit(await loadKit(kitPath), kitPath === undefined ? "this kit" : kitPath)
  const baseline = baselinePath === undefined
    ? undefined
    : await measureKit(await loadKit(baselinePath), "baseline")
  measured = { kit, baseline }
  return measured
}

const percent = (n: number, of: number) => (of === 0 ? "-" : `${((100 * n) / of).toFixed(1)} %`)

/** The scores of a measurement. */
const scoresOf = ({ alarms, faults }: Measurement) => {
  const runs = faults.flatMap((f) => f.runs)
  const alarmRuns = alarms.flatMap((a) => a.runs)
  const all = [...runs, ...alarmRuns]
  const requests = all.map((r) => r.requests)
  return {
    faults: faults.length,
    runs: runs.length,
    found: runs.filter((r) => r.found).length,
    named: faults.reduce((n, f) => n + f.runs.filter((r) => isNamed(f.fault, r)).length, 0),
    alarmRuns: alarmRuns.length,
    falseAlarms: alarmRuns.filter((r) => r.found).length,
    capped: all.filter((r) => r.capReached).length,
    all: all.length,
    mean: requests.reduce((a, b) => a + b, 0) / Math.max(1, requests.length),
    most: Math.max(0, ...requests)
  }
}

export const suite: Suite = {
  title: "Conformance kit: faults found at the default settings",
  budgetsOf: "the fault catalogue",
  cases: [],
  notes: async (): Promise<ReadonlyArray<Note>> => {
    const { baseline, kit } = await measure()
    const s = scoresOf(kit)
    const name = kitPath === undefined ? "this kit" : `the kit at ${kitPath}`
    const notes: Array<Note> = [
      {
        text: `${s.faults} faults × seeds ${seeds.join(", ")} against ${name}: ${s.found} of ${s.runs} runs found ` +
          `the fault (${percent(s.found, s.runs)}); budget ≥ ${BUDGET_FOUND * 100} %`,
        pass: only !== undefined || s.found >= BUDGET_FOUND * s.runs
      },
      {
        text: `root cause named (the fault's rule among the causes the report gives): ${s.named} of ${s.runs} ` +
          `(${percent(s.named, s.runs)})`
      },
      {
        text: `false alarms: ${s.falseAlarms} of ${s.alarmRuns} runs against the unmodified sandbox and ` +
          `answers differing only in tolerated ways; budget 0`,
        pass: s.falseAlarms === 0
      },
      {
        text: `requests per run: mean ${s.mean.toFixed(0)}, at most ${s.most}; ${s.capped} of ${s.all} ` +
          `runs reached the default cap of ${DEFAULT_CAP}`,
        pass: s.most <= DEFAULT_CAP
      }
    ]
    if (baseline !== undefined) {
      const b = scoresOf(baseline)
      notes.push({
        text: `baseline, ${baselineName}, the same faults and seeds: ${b.found} of ${b.runs} found ` +
          `(${percent(b.found, b.runs)}), ${b.named} named (${percent(b.named, b.runs)}), ${b.falseAlarms} of ` +
          `${b.alarmRuns} false alarms, requests per run mean ${b.mean.toFixed(0)}, at most ${b.most} (${b.capped} ` +
          `of ${b.all} runs reached the cap)`
      })
    }
    return notes
  },
  figures: () => {
    if (measured === undefined) return ""
    const { baseline, kit } = measured
    const rows = kit.faults.map(({ fault, runs }, i) => {
      const found = runs.filter((r) => r.found).length
      const named = runs.filter((r) => isNamed(fault, r)).length
      const causes = [...new Set(runs.flatMap((r) => r.causes))].join(", ") || "-"
      const requests = Math.round(runs.reduce((a, r) => a + r.requests, 0) / runs.length)
      const before = baseline?.faults[i]
      const then = before === undefined
        ? ""
        : ` ${before.runs.filter((r) => r.found).length}/${before.runs.length} | ${
          before.runs.filter((r) => isNamed(fault, r)).length
        }/${before.runs.length} |`
      return `| ${fault.rule} | ${fault.name} | ${found}/${runs.length} | ${named}/${runs.length} | ${causes} | ${requests} |${then}`
    })
    const extra = baseline === undefined ? "" : " baseline found | baseline named |"
    return [
      `| rule | fault | found | named | root causes reported | requests (mean) |${extra}`,
      `| --- | --- | --- | --- | --- | --- |${baseline === undefined ? "" : " --- | --- |"}`,
      ...rows
    ].join("\n")
  }
}
