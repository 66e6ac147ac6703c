/**
 * A small layer over mitata: each benchmark file exports a suite of cases, each
 * case may carry a budget (operations per second, or a median time) and name the
 * case it is compared with. Figures are medians; budgets are checked here, never
 * in the test suite.
 */
import { do_not_optimize, measure } from "mitata"

export interface Budget {
  /** at least this many operations per second (median) */
  readonly minOpsPerSecond?: number
  /** at most this many milliseconds per operation (median) */
  readonly maxMedianMs?: number
}

export interface Case {
  readonly name: string
  readonly run: () => unknown
  readonly budget?: Budget
  /** names of cases measured in the same run to print ratios against */
  readonly compareWith?: ReadonlyArray<string>
}

export interface Suite {
  readonly title: string
  /** the issue whose budgets these are */
  readonly issue: string
  readonly cases: ReadonlyArray<Case>
}

export interface Measured {
  readonly suite: string
  readonly issue: string
  readonly name: string
  readonly medianNs: number
  readonly opsPerSecond: number
  readonly budget: string
  readonly pass: boolean | undefined
  readonly ratios: ReadonlyArray<string>
}

const describeBudget = (budget: Budget | undefined) =>
  budget === undefined
    ? ""
    : budget.minOpsPerSecond !== undefined
      ? `≥ ${budget.minOpsPerSecond.toLocaleString("en")}/s`
      : `≤ ${budget.maxMedianMs} ms`

export const runSuite = async (suite: Suite): Promise<Array<Measured>> => {
  const medians = new Map<string, number>()
  const results: Array<Measured> = []
  for (const c of suite.cases) {
    const stats = await measure(() => do_not_optimize(c.run()), { min_cpu_time: 500 * 1e6 })
    const medianNs = stats.p50
    medians.set(c.name, medianNs)
    const opsPerSecond = 1e9 / medianNs
    const pass =
      c.budget === undefined
        ? undefined
        : c.budget.minOpsPerSecond !== undefined
          ? opsPerSecond >= c.budget.minOpsPerSecond
          : medianNs / 1e6 <= (c.budget.maxMedianMs ?? Infinity)
    const ratios = (c.compareWith ?? []).flatMap((other) => {
      const base = medians.get(other)
      return base === undefined ? [] : [`${(medianNs / base).toFixed(2)}× ${other}`]
    })
    results.push({ suite: suite.title, issue: suite.issue, name: c.name, medianNs, opsPerSecond, budget: describeBudget(c.budget), pass, ratios })
  }
  return results
}

const formatNs = (ns: number) => (ns >= 1e6 ? `${(ns / 1e6).toFixed(2)} ms` : ns >= 1e3 ? `${(ns / 1e3).toFixed(2)} µs` : `${ns.toFixed(1)} ns`)
const formatOps = (ops: number) => (ops >= 1e6 ? `${(ops / 1e6).toFixed(2)} M/s` : ops >= 1e3 ? `${(ops / 1e3).toFixed(1)} k/s` : `${ops.toFixed(1)}/s`)

export const tableRows = (results: ReadonlyArray<Measured>): Array<Array<string>> =>
  results.map((r) => [
    r.name,
    formatNs(r.medianNs),
    formatOps(r.opsPerSecond),
    r.budget,
    r.pass === undefined ? "" : r.pass ? "pass" : "FAIL",
    r.ratios.join(", ")
  ])

export const HEADER = ["case", "median", "ops/s", "budget", "", "ratio (median time, this ÷ other)"]
