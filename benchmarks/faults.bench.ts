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
 * Budget: every fault found at every seed at the default settings, no false
 * alarm, every run within the default request cap. The detection is reported
 * per seed too (how many faults each seed's runs found, and which it missed).
 * A run that stops with a usage error naming the zone the service reads
 * date-times in (`--tz` contradicted by every answer) has found a zone fault
 * (R2.5): the command exits 2 with that zone.
 *
 * `FAULTS_KIT=<path of a kit's index.ts>` measures another kit (main's, say,
 * checked out apart); `FAULTS_BASELINE=<path>` measures that kit too, with
 * the same faults and seeds, and shows both (the score before a change;
 * `FAULTS_BASELINE_NAME` says what it is);
 * `FAULTS_SEEDS=1,2,3` or `1-20` (the default); `FAULTS_ONLY=<part of a name>`.
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

const DEFAULT_CAP = 1000

/** `1,2,3` or a range `1-20`. */
const seedsOf = (text: string): Array<number> =>
  text.split(",").flatMap((part) => {
    const [from, to] = part.split("-").map(Number)
    return to === undefined ? [from!] : Array.from({ length: to - from! + 1 }, (_, i) => from! + i)
  })

const seeds = seedsOf(process.env["FAULTS_SEEDS"] ?? "1-20")
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
  readonly ms: number
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

/** The zone a usage error says the service reads date-times in, where it says one (the kit's zone check). */
const zoneNamed = (error: unknown): string | undefined =>
  /turns a checkout's date-times into calendar dates in (\S+), not/.exec(String((error as Error)?.message))?.[1]

const runOnce = async (kit: typeof KitModule, fetch: Handler, seed: number): Promise<RunResult> => {
  const started = Date.now()
  const report = await kit.runConformance({
    baseUrl: BASE_URL,
    merchantId: MERCHANT_ID,
    apiKey: API_KEY,
    timeZone: ZONE,
    fetch,
    seed,
    // the default rate limit (5 a second) is for real services: it changes when requests go, not which
    rps: 1_000_000
  }).catch((error: unknown) => {
    // the service's dates all in another zone than the one named: exit 2 naming it, the zone fault found
    if (zoneNamed(error) === undefined) throw error
    return error as Error
  })
  if (report instanceof Error) {
    return {
      seed,
      found: true,
      causes: ["R2.5"],
      requests: 0,
      capReached: false,
      disagreements: [`R2.5 the service's zone: ${zoneNamed(report)}`],
      ms: Date.now() - started
    }
  }
  return {
    seed,
    found: report.disagreements.length > 0,
    causes: causesOf(report),
    requests: report.requests,
    capReached: report.capReached,
    disagreements: report.disagreements.map((d) => `${d.rule} ${d.operation} ${d.field}`),
    ms: Date.now() - started
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

/** The seeds as written, a range where they are one. */
const seedRange = () =>
  seeds.every((seed, i) => i === 0 || seed === seeds[i - 1]! + 1) && seeds.length > 2
    ? `${seeds[0]}–${seeds.at(-1)}`
    : seeds.join(", ")

/** Each seed's runs: how many faults they found, of how many, and which they missed. */
const perSeed = ({ faults }: Measurement) =>
  seeds.map((seed) => {
    const runs = faults.map((f) => ({ fault: f.fault, run: f.runs.find((r) => r.seed === seed) }))
    return {
      seed,
      found: runs.filter((r) => r.run?.found === true).length,
      of: runs.length,
      missed: runs.filter((r) => r.run?.found !== true).map((r) => r.fault.name)
    }
  })

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
    const missedSeeds = perSeed(kit).filter((p) => p.missed.length > 0)
    const notes: Array<Note> = [
      {
        text: `${s.faults} faults × seeds ${seedRange()} against ${name}: ${s.found} of ${s.runs} runs found ` +
          `the fault (${percent(s.found, s.runs)}); budget: every fault at every seed`,
        pass: s.found === s.runs
      },
      {
        text: `detection per seed: ${
          perSeed(kit).map((p) => `${p.seed}: ${p.found}/${p.of}`).join(", ")
        }; seeds that missed a fault: ${missedSeeds.length === 0 ? "none" : missedSeeds.map((p) => p.seed).join(", ")}`
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
    const bySeed = perSeed(kit).map((p) =>
      `| ${p.seed} | ${p.found}/${p.of} | ${p.missed.join("; ") || "-"} |${
        baseline === undefined ? "" : ` ${perSeed(baseline).find((b) => b.seed === p.seed)!.found}/${p.of} |`
      }`
    )
    return [
      `| rule | fault | found | named | root causes reported | requests (mean) |${extra}`,
      `| --- | --- | --- | --- | --- | --- |${baseline === undefined ? "" : " --- | --- |"}`,
      ...rows,
      "",
      `| seed | faults found | missed |${baseline === undefined ? "" : " baseline found |"}`,
      `| --- | --- | --- |${baseline === undefined ? "" : " --- |"}`,
      ...bySeed
    ].join("\n")
  }
}
