/**
 * The exposure report's figures as docs/cli.md cites them: one table, written
 * by `npm run bench` (benchmarks/exposure.bench.ts) with the machine and the
 * load it was measured on, so a user can run `npm run bench exposure` and
 * compare the same rows on their own machine. Kept apart from the benchmark so
 * a test can read the rows without running it.
 */

/** What the benchmark measures for the table. */
export interface ExposureFigures {
  /** CPU time of the report per plan, in one thread, µs */
  readonly reportCpuMicros: number
  /** CPU time of splitting and JSON.parse alone per plan, µs */
  readonly parseCpuMicros: number
  /** plans per second with two worker threads over 1,000,000 plans (wall clock) */
  readonly workersPlansPerSecond: number
  /** time per plan with two workers ÷ time per plan of splitting and JSON.parse in one thread */
  readonly workersToParse: number
  /** peak RSS and heap retained after the report, bytes, for 100,000 and 1,000,000 plans */
  readonly memory: {
    readonly [workers in "0" | "2"]: {
      readonly peakRss: readonly [number, number]
      readonly retainedHeap: readonly [number, number]
    }
  }
}

/** The rows of the table, in order: docs/cli.md cites them all. */
export const FIGURE_ROWS = [
  "CPU per plan, one thread",
  "plans per CPU-second, one thread",
  "plans per second, 2 worker threads, 1,000,000 plans",
  "peak RSS, one thread, 100,000 → 1,000,000 plans",
  "heap retained, one thread, 100,000 → 1,000,000 plans",
  "peak RSS, 2 worker threads, 100,000 → 1,000,000 plans"
] as const

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`
const whole = (n: number) => Math.round(n).toLocaleString("en")

/** The markdown table of docs/cli.md, and the line that says where it was measured. */
export const figuresTable = (f: ExposureFigures, machine: string): string => {
  const values: Record<(typeof FIGURE_ROWS)[number], string> = {
    "CPU per plan, one thread": `${f.reportCpuMicros.toFixed(1)} µs (split + JSON.parse alone: ${
      f.parseCpuMicros.toFixed(1)
    } µs, ${(f.reportCpuMicros / f.parseCpuMicros).toFixed(2)}×)`,
    "plans per CPU-second, one thread": whole(1e6 / f.reportCpuMicros),
    "plans per second, 2 worker threads, 1,000,000 plans": `${whole(f.workersPlansPerSecond)} (${
      f.workersToParse.toFixed(2)
    }× the time per plan of split + JSON.parse in one thread)`,
    "peak RSS, one thread, 100,000 → 1,000,000 plans": `${mb(f.memory["0"].peakRss[0])} → ${
      mb(f.memory["0"].peakRss[1])
    }`,
    "heap retained, one thread, 100,000 → 1,000,000 plans": `${mb(f.memory["0"].retainedHeap[0])} → ${
      mb(f.memory["0"].retainedHeap[1])
    }`,
    "peak RSS, 2 worker threads, 100,000 → 1,000,000 plans": `${mb(f.memory["2"].peakRss[0])} → ${
      mb(f.memory["2"].peakRss[1])
    }`
  }
  return [
    `Measured by \`npm run bench exposure\` on ${machine}:`,
    "",
    "| exposure report | measured |",
    "| --- | --- |",
    ...FIGURE_ROWS.map((row) => `| ${row} | ${values[row]} |`)
  ].join("\n")
}
