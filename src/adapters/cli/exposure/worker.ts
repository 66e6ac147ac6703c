/**
 * A worker of the exposure report: counts the batches of lines it is sent into
 * its own accumulator, answers each batch with the lines it refused, and hands
 * its state over when told to finish.
 *
 * @module
 */
import { parentPort, workerData } from "node:worker_threads"
import { Accumulator } from "./accumulate.ts"
import type { Batch } from "./lines.ts"
import { countBatch, localSettings, type WorkerSettings } from "./run.ts"

const { settings, skipInvalid } = workerData as { settings: WorkerSettings; skipInvalid: boolean }
const accumulator = new Accumulator(localSettings(settings))

parentPort!.on("message", (m: { type: "batch"; id: number; batch: Batch } | { type: "finish" }) => {
  if (m.type === "batch") {
    parentPort!.postMessage({ type: "done", id: m.id, ...countBatch(accumulator, m.batch, skipInvalid) })
  } else parentPort!.postMessage({ type: "snapshot", snapshot: accumulator.snapshot() })
})
// loaded: the main thread starts sending batches now
parentPort!.postMessage({ type: "ready" })
