/**
 * Budget of the exposure report: `payment-plan exposure` reads at least 200,000 plans/s,
 * with memory that does not grow with the input.
 *
 * The cases run the report's own pipeline (chunks cut at newlines, JSON.parse,
 * `Refund.calculateTotals`, exact sums, top-K) over generated NDJSON held in
 * memory as 1 MiB chunks, so the disk is out of the figure. The baseline is the
 * floor of any NDJSON report: the same splitting and JSON.parse of every line,
 * nothing else, measured in the same run.
 *
 * Memory: the report runs as a child process over 100,000 and then 1,000,000
 * plans streamed into it. Memory that grew with the input would grow about ten
 * times; the heap kept after a full collection may grow at most 1.25×, the peak
 * resident set at most 1.5× (the collector lets the heap grow further before
 * collecting in a longer run, which is not memory kept).
 */
import { spawn } from "node:child_process"
import { once } from "node:events"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"
import { build } from "tsup"
import { generateNdjson } from "../scripts/generate-plans.ts"
import { type Batch, batches, eachLine } from "../src/adapters/cli/exposure/lines.ts"
import { runExposure } from "../src/adapters/cli/exposure/run.ts"
import { type ExposureFigures, figuresTable } from "./exposure-figures.ts"
import type { Note, Suite } from "./harness.ts"

const PLANS = 100_000
const chunks: Array<Buffer> = []
{
  // 1 MiB pieces, as a file stream with highWaterMark 1 MiB gives them
  let pending = Buffer.alloc(0)
  for (const piece of generateNdjson(PLANS, 8)) {
    pending = Buffer.concat([pending, Buffer.from(piece)])
    while (pending.length >= 1 << 20) {
      chunks.push(pending.subarray(0, 1 << 20))
      pending = pending.subarray(1 << 20)
    }
  }
  if (pending.length > 0) chunks.push(pending)
}
// the same 100,000 plans `times` over: 1,000,000 plans stream through the workers without holding 580 MB
const input = async function*(times = 1) {
  for (let i = 0; i < times; i++) yield* chunks
}

// The worker as the binary ships it (bundled, effect included): started from the sources, each
// worker would compile them and effect's index, a cost the shipped command does not have.
const builtWorker = mkdtempSync(join(tmpdir(), "exposure-bench-"))
await build({
  config: false,
  entry: { "exposure-worker": fileURLToPath(new URL("../src/adapters/cli/exposure/worker.ts", import.meta.url)) },
  outDir: builtWorker,
  format: ["esm"],
  platform: "node",
  target: "node22",
  noExternal: [/.*/],
  dts: false,
  silent: true
})
process.on("exit", () => rmSync(builtWorker, { recursive: true, force: true }))
const workerUrl = pathToFileURL(join(builtWorker, "exposure-worker.js"))

const settings = { at: Date.UTC(2026, 11, 1), timeZone: undefined, merchant: undefined, top: 10, timeline: undefined }
const report = (workers: number, times = 1) => async () => {
  const outcome = await runExposure(input(times), {
    settings,
    skipInvalid: false,
    workers,
    workerUrl,
    onInvalid: () => {}
  })
  if (outcome.lines !== PLANS * times || outcome.invalid !== 0) {
    throw new Error(`the benchmark input must be ${PLANS * times} valid plans`)
  }
  return outcome
}

const parseOnly = async () => {
  let parsed = 0
  for await (const batch of batches(input()) as AsyncGenerator<Batch>) {
    eachLine(batch, (text) => {
      if (JSON.parse(text) !== null) parsed++
      return true
    })
  }
  return parsed
}

const BASELINE = `baseline: split + JSON.parse only (${PLANS.toLocaleString("en")} plans)`

/** Peak RSS and retained heap of the report as a child process over `count` streamed plans. */
const memoryOf = async (count: number, workers: number) => {
  const probe = spawn(process.execPath, [
    "--expose-gc",
    fileURLToPath(new URL("./exposure-memory.ts", import.meta.url)),
    String(workers),
    workerUrl.href
  ], {
    stdio: ["pipe", "pipe", "inherit"]
  })
  const out: Array<Buffer> = []
  probe.stdout.on("data", (b: Buffer) => out.push(b))
  for (const piece of generateNdjson(count, 9)) if (!probe.stdin.write(piece)) await once(probe.stdin, "drain")
  probe.stdin.end()
  await once(probe, "close")
  return JSON.parse(Buffer.concat(out).toString()) as {
    lines: number
    peakRssBytes: number
    heapUsedAfterGcBytes: number
  }
}

/** What the notes measured, for the table docs/cli.md cites. */
const measured: {
  cpu?: { report: number; parse: number }
  memory: Partial<Record<"0" | "2", ExposureFigures["memory"]["0"]>>
} = { memory: {} }

const WORKERS_CASE = `exposure, 2 worker threads (${(PLANS * 10).toLocaleString("en")} plans)`

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`

export const suite: Suite = {
  title: "Exposure report: NDJSON plans per second, memory",
  budgetsOf: "the exposure report",
  cases: [
    { name: BASELINE, run: parseOnly, samples: 5, items: PLANS, unit: "plans" },
    {
      name: `exposure, in this thread (${PLANS.toLocaleString("en")} plans)`,
      run: report(0),
      samples: 5,
      items: PLANS,
      unit: "plans",
      compareWith: [BASELINE]
    },
    {
      // as the command runs: one start of the workers (~0.2 s) over a long input, so the budget
      // is read at 1,000,000 plans; over 100,000 the start-up is most of the run
      name: WORKERS_CASE,
      run: report(2, 10),
      samples: 3,
      items: PLANS * 10,
      unit: "plans",
      budget: { minOpsPerSecond: 200_000 },
      compareWith: [BASELINE]
    }
  ],
  notes: async (): Promise<ReadonlyArray<Note>> => {
    const notes: Array<Note> = []
    // CPU time, not wall time: on a shared machine a thread gets a share of a core, and the
    // CPU one plan costs says what the code does whatever the load
    const cpu = async (run: () => Promise<unknown>) => {
      const before = process.cpuUsage()
      await run()
      const used = process.cpuUsage(before)
      return (used.user + used.system) / 1000
    }
    const parseMs = await cpu(parseOnly)
    const reportMs = await cpu(report(0))
    measured.cpu = { report: (reportMs * 1000) / PLANS, parse: (parseMs * 1000) / PLANS }
    notes.push({
      text: `CPU time in this thread: ${((reportMs * 1000) / PLANS).toFixed(2)} µs per plan for the report ` +
        `(${Math.round((PLANS / reportMs) * 1000).toLocaleString("en")} plans per CPU-second), ` +
        `${((parseMs * 1000) / PLANS).toFixed(2)} µs for split + JSON.parse alone (${(reportMs / parseMs).toFixed(2)}×)`
    })
    for (const workers of [0, 2]) {
      const small = await memoryOf(100_000, workers)
      const large = await memoryOf(1_000_000, workers)
      const rss = large.peakRssBytes / small.peakRssBytes
      const heap = large.heapUsedAfterGcBytes / small.heapUsedAfterGcBytes
      measured.memory[workers === 0 ? "0" : "2"] = {
        peakRss: [small.peakRssBytes, large.peakRssBytes],
        retainedHeap: [small.heapUsedAfterGcBytes, large.heapUsedAfterGcBytes]
      }
      notes.push({
        text: `peak RSS (${workers} workers): ${mb(small.peakRssBytes)} for 100,000 plans, ${
          mb(large.peakRssBytes)
        } for 1,000,000 (${rss.toFixed(2)}×, budget ≤ 1.5×)`,
        pass: rss <= 1.5
      })
      notes.push({
        text: `heap retained after the report (${workers} workers): ${
          mb(small.heapUsedAfterGcBytes)
        } for 100,000 plans, ${mb(large.heapUsedAfterGcBytes)} for 1,000,000 (${heap.toFixed(2)}×, budget ≤ 1.25×)`,
        pass: heap <= 1.25
      })
    }
    return notes
  },
  figures: (results, machine) => {
    const workers = results.find((r) => r.name === WORKERS_CASE)!
    const parse = results.find((r) => r.name === BASELINE)!
    return figuresTable({
      reportCpuMicros: measured.cpu!.report,
      parseCpuMicros: measured.cpu!.parse,
      workersPlansPerSecond: workers.opsPerSecond,
      workersToParse: (workers.medianNs / (PLANS * 10)) / (parse.medianNs / PLANS),
      memory: { "0": measured.memory["0"]!, "2": measured.memory["2"]! }
    }, machine)
  }
}
