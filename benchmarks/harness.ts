/**
 * A small layer over mitata: each benchmark file exports a suite of cases, each
 * case may carry a budget (operations per second, or a median time) and name the
 * case it is compared with. Figures are medians; budgets are checked here, never
 * in the test suite.
 */
import { do_not_optimize, measure } from "mitata"
import os from "node:os"

/**
 * The machine and its load, as every published figure names them: on a busy
 * machine absolute figures fall while ratios hold.
 */
export const machineDescription = (): string => {
  const cpus = os.cpus()
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? "cpu"}, ${
    Math.round(os.totalmem() / 2 ** 30)
  } GiB, Node ${process.version}, load average ${os.loadavg()[0]!.toFixed(1)} (${
    new Date().toISOString().slice(0, 10)
  })`
}

export interface Budget {
  /** at least this many operations per second (median) */
  readonly minOpsPerSecond?: number
  /** at most this many milliseconds per operation (median) */
  readonly maxMedianMs?: number
}

export interface Case {
  readonly name: string
  /** one operation; may return a promise (then it is awaited and timed by hand, see `samples`) */
  readonly run: () => unknown
  readonly budget?: Budget
  /** names of cases measured in the same run to print ratios against */
  readonly compareWith?: ReadonlyArray<string>
  /**
   * For long operations (a whole report over many plans): time this many runs
   * by hand, after one warm-up, instead of mitata's sampling, and take the median.
   */
  readonly samples?: number
  /** items one run handles (plans in a report): throughput and budgets are then per item */
  readonly items?: number
  /** what an item is, for the printed throughput ("plans") */
  readonly unit?: string
}

export interface Suite {
  readonly title: string
  /** what these budgets guard, in the project's words ("the sandbox") */
  readonly budgetsOf: string
  readonly cases: ReadonlyArray<Case>
  /**
   * Measured after the cases, printed and written under the suite's table:
   * figures a median cannot show (peak memory, memory retained).
   */
  readonly notes?: () => Promise<ReadonlyArray<Note>> | ReadonlyArray<Note>
  /**
   * After the notes: a table the documentation cites (markdown), printed as
   * it is and written under the suite's section, naming the machine.
   */
  readonly figures?: (results: ReadonlyArray<Measured>, machine: string) => string
}

/** A line under a suite's table; a note with a budget passes or fails like a case. */
export interface Note {
  readonly text: string
  readonly pass?: boolean
}

export interface Measured {
  readonly suite: string
  readonly budgetsOf: string
  readonly name: string
  readonly medianNs: number
  /** operations, or items when the case names them, per second */
  readonly opsPerSecond: number
  readonly unit?: string
  readonly budget: string
  readonly pass: boolean | undefined
  readonly ratios: ReadonlyArray<string>
}

const describeBudget = (budget: Budget | undefined, unit?: string) =>
  budget === undefined
    ? ""
    : budget.minOpsPerSecond !== undefined
    ? `≥ ${budget.minOpsPerSecond.toLocaleString("en")}${unit === undefined ? "" : ` ${unit}`}/s`
    : `≤ ${budget.maxMedianMs} ms`

/** Median of `samples` runs timed by hand, after one warm-up run; promises are awaited. */
const measureByHand = async (run: () => unknown, samples: number): Promise<number> => {
  await run()
  const times: Array<number> = []
  for (let i = 0; i < samples; i++) {
    const start = process.hrtime.bigint()
    do_not_optimize(await run())
    times.push(Number(process.hrtime.bigint() - start))
  }
  times.sort((a, b) => a - b)
  const middle = times.length >> 1
  return times.length % 2 === 1 ? times[middle]! : (times[middle - 1]! + times[middle]!) / 2
}

export const runSuite = async (suite: Suite): Promise<Array<Measured>> => {
  const medians = new Map<string, number>()
  const results: Array<Measured> = []
  for (const c of suite.cases) {
    const medianNs = c.samples !== undefined
      ? await measureByHand(c.run, c.samples)
      : (await measure(() => do_not_optimize(c.run()), { min_cpu_time: 500 * 1e6 })).p50
    // per item, so a case over more items than its baseline still compares like with like
    medians.set(c.name, medianNs / (c.items ?? 1))
    const opsPerSecond = ((c.items ?? 1) * 1e9) / medianNs
    const pass = c.budget === undefined
      ? undefined
      : c.budget.minOpsPerSecond !== undefined
      ? opsPerSecond >= c.budget.minOpsPerSecond
      : medianNs / 1e6 <= (c.budget.maxMedianMs ?? Infinity)
    const ratios = (c.compareWith ?? []).flatMap((other) => {
      const base = medians.get(other)
      return base === undefined ? [] : [`${(medianNs / (c.items ?? 1) / base).toFixed(2)}× ${other}`]
    })
    results.push({
      suite: suite.title,
      budgetsOf: suite.budgetsOf,
      name: c.name,
      medianNs,
      opsPerSecond,
      ...(c.unit === undefined ? {} : { unit: c.unit }),
      budget: describeBudget(c.budget, c.unit),
      pass,
      ratios
    })
  }
  return results
}

const formatNs = (
  ns: number
) => (ns >= 1e6 ? `${(ns / 1e6).toFixed(2)} ms` : ns >= 1e3 ? `${(ns / 1e3).toFixed(2)} µs` : `${ns.toFixed(1)} ns`)
const formatOps = (
  ops: number
) => (ops >= 1e6
  ? `${(ops / 1e6).toFixed(2)} M/s`
  : ops >= 1e3
  ? `${(ops / 1e3).toFixed(1)} k/s`
  : `${ops.toFixed(1)}/s`)

export const tableRows = (results: ReadonlyArray<Measured>): Array<Array<string>> =>
  results.map((r) => [
    r.name,
    formatNs(r.medianNs),
    r.unit === undefined ? formatOps(r.opsPerSecond) : formatOps(r.opsPerSecond).replace("/s", ` ${r.unit}/s`),
    r.budget,
    r.pass === undefined ? "" : r.pass ? "pass" : "FAIL",
    r.ratios.join(", ")
  ])

export const HEADER = ["case", "median", "ops/s", "budget", "", "ratio (median time per item, this ÷ other)"]
