/**
 * Child process of benchmarks/exposure.bench.ts: runs the exposure report on the
 * NDJSON piped to stdin and prints its memory as JSON: the peak resident set
 * (worker threads included: they share the process) and the heap still used
 * after a full collection once the report is built.
 *
 *   node scripts/generate-plans.ts 100000 | node --expose-gc benchmarks/exposure-memory.ts 2
 */
import { buildReport } from "../src/adapters/cli/exposure/report.ts"
import { localSettings, runExposure } from "../src/adapters/cli/exposure/run.ts"

const workers = Number(process.argv[2] ?? 2)
const workerUrl = process.argv[3] === undefined ? undefined : new URL(process.argv[3])
const settings = { at: Date.UTC(2026, 11, 1), timeZone: undefined, merchant: undefined, top: 10, timeline: undefined }
const outcome = await runExposure(process.stdin, {
  settings,
  skipInvalid: false,
  workers,
  workerUrl,
  // every batch in a worker from the first: runs of any size then hold the same threads
  workersOnly: workers > 0,
  onInvalid: () => {}
})
const report = buildReport(outcome, localSettings(settings))
globalThis.gc?.()
console.log(
  JSON.stringify({
    lines: report.lines,
    peakRssBytes: process.resourceUsage().maxRSS * 1024,
    heapUsedAfterGcBytes: process.memoryUsage().heapUsed
  })
)
