/**
 * Runs an exposure report over a stream of NDJSON: in this thread, or split
 * between worker threads by batches of lines, whose states are merged exactly
 * at the end (sums add, the K largest of all are kept). Each batch's warnings
 * come back with its answer and are taken in input order, so a run stopped at a
 * line says the warnings of the lines before it and none after, whichever thread
 * counted them. Memory stays bounded: at most two batches per worker are in
 * flight, and no plan outlives its line.
 */
import * as Result from "effect/Result"
import { Worker } from "node:worker_threads"
import { decodeResult } from "../../../core/merchant/configuration.ts"
import { Accumulator, type Settings, type Snapshot } from "./accumulate.ts"
import { type Batch, batches, eachLine } from "./lines.ts"
import { type LineWarning, type LineWarningList, LineWarnings } from "./warnings.ts"

export interface Invalid {
  readonly line: number
  readonly message: string
}

export interface Outcome {
  readonly accumulator: Accumulator
  /** lines read, blank ones included */
  readonly lines: number
  /** lines refused (skipped with --skip-invalid) */
  readonly invalid: number
  /** without --skip-invalid: the first refused line, where the run stopped */
  readonly stoppedAt: Invalid | undefined
  /** the distinct warnings of the lines counted (up to `stoppedAt`), in the order first met */
  readonly warnings: ReadonlyArray<LineWarning>
  /** more distinct warnings were met than are kept */
  readonly warningsOverflow: boolean
}

/** What counting a batch answers: its refused lines, whether the run stops there, its warnings. */
export interface Counted {
  readonly invalid: Array<Invalid>
  readonly stopped: boolean
  readonly warnings: LineWarningList
}

/** Settings as they cross to a worker: the merchant configuration as the user gave it. */
export type WorkerSettings = Omit<Settings, "merchant"> & { readonly merchant: unknown }

export interface RunOptions {
  readonly settings: WorkerSettings
  readonly skipInvalid: boolean
  /** 0: in this thread */
  readonly workers: number
  /** each refused line, in input order, when skipping */
  readonly onInvalid: (invalid: Invalid) => void
  readonly onProgress?: ((lines: number, bytes: number) => void) | undefined
  /** every batch to a worker, this thread only reads (tests of the merge; default false) */
  readonly workersOnly?: boolean | undefined
  /** the worker module (benchmarks point it at a built one; default: beside this module) */
  readonly workerUrl?: URL | undefined
}

/** Decodes the merchant configuration once per thread. */
export const localSettings = (settings: WorkerSettings): Settings => {
  const merchant = decodeResult(settings.merchant)
  if (Result.isFailure(merchant)) throw merchant.failure
  return { ...settings, merchant: merchant.success }
}

/** The lines of one batch through an accumulator; what a worker does with each batch. */
export const countBatch = (accumulator: Accumulator, batch: Batch, skipInvalid: boolean): Counted => {
  const invalid: Array<Invalid> = []
  let stopped = false
  eachLine(batch, (text, line) => {
    const why = accumulator.line(text, line)
    if (why === undefined) return true
    invalid.push({ line, message: why })
    stopped = !skipInvalid
    return skipInvalid
  })
  return { invalid, stopped, warnings: accumulator.takeWarnings() }
}

const finished = (
  accumulator: Accumulator,
  lines: number,
  invalid: number,
  stoppedAt: Invalid | undefined,
  warnings: LineWarnings
): Outcome => {
  const { warnings: list, overflow } = warnings.list()
  return { accumulator, lines, invalid, stoppedAt, warnings: list, warningsOverflow: overflow }
}

const inThread = async (input: AsyncIterable<Buffer | string>, options: RunOptions): Promise<Outcome> => {
  const accumulator = new Accumulator(localSettings(options.settings))
  const warnings = new LineWarnings()
  let lines = 0
  let invalid = 0
  for await (const batch of batches(input)) {
    const counted = countBatch(accumulator, batch, options.skipInvalid)
    invalid += counted.invalid.length
    warnings.merge(counted.warnings)
    if (counted.stopped) return finished(accumulator, counted.invalid[0]!.line, invalid, counted.invalid[0], warnings)
    for (const i of counted.invalid) options.onInvalid(i)
    lines = batch.firstLine + batch.lines - 1
    options.onProgress?.(lines, batch.bytes)
  }
  return finished(accumulator, lines, invalid, undefined, warnings)
}

const workerUrl = () =>
  // from the sources (tests of the library, benchmarks) the worker is a .ts module beside this one; in dist/ its own entry
  import.meta.url.endsWith(".ts")
    ? new URL("./worker.ts", import.meta.url)
    : new URL("./exposure-worker.js", import.meta.url)

type FromWorker =
  | { readonly type: "ready" }
  | ({ readonly type: "done"; readonly id: number } & Counted)
  | { readonly type: "snapshot"; readonly snapshot: Snapshot }

/** Batches a worker may hold at once: one being counted, one waiting, so it never idles and memory stays bounded. */
const PER_WORKER = 2

/** Batches counted but not yet reported, per worker, at most: answers wait for the slowest batch before them. */
const REORDER_WINDOW = 4

/** Where a batch lies in the input, without its text. */
type Place = Pick<Batch, "firstLine" | "lines" | "bytes">

/**
 * Workers take a while to start (each loads the engine), so this thread counts
 * the batches itself until a worker is ready, and whenever every ready worker
 * is full: a small input never waits for them, and no thread idles. Answers are
 * taken in input order, so refused lines are reported in order and the run
 * stops at the first one.
 */
const withWorkers = async (input: AsyncIterable<Buffer | string>, options: RunOptions): Promise<Outcome> => {
  const accumulator = new Accumulator(localSettings(options.settings))
  const workers = Array.from(
    { length: options.workers },
    () =>
      new Worker(options.workerUrl ?? workerUrl(), {
        workerData: { settings: options.settings, skipInvalid: options.skipInvalid }
      })
  )
  const ready: Array<boolean> = workers.map(() => false)
  const used: Array<boolean> = workers.map(() => false)
  const load: Array<number> = workers.map(() => 0)
  let failure: unknown
  // every message bumps `events`; `settle` waits only when none arrived since it last returned
  let events = 0
  let seen = 0
  let wake: (() => void) | undefined
  const signal = () => {
    events++
    const w = wake
    wake = undefined
    w?.()
  }
  const settle = (): Promise<void> => {
    if (events !== seen) {
      seen = events
      return Promise.resolve()
    }
    return new Promise<void>((resolve) => {
      wake = () => {
        seen = events
        resolve()
      }
    })
  }
  const snapshots: Array<Snapshot> = []
  // answers per batch id, taken in input order; only the batches' place is kept, never their text
  const done = new Map<number, Counted & { readonly batch: Place }>()
  const sent = new Map<number, Place>()
  workers.forEach((worker, w) => {
    worker.on("message", (m: FromWorker) => {
      if (m.type === "ready") ready[w] = true
      else if (m.type === "done") {
        load[w]!--
        done.set(m.id, { invalid: m.invalid, stopped: m.stopped, warnings: m.warnings, batch: sent.get(m.id)! })
        sent.delete(m.id)
      } else snapshots.push(m.snapshot)
      signal()
    })
    worker.on("error", (error) => {
      failure ??= error
      signal()
    })
  })

  let next = 0
  let flushed = 0
  let lines = 0
  let invalid = 0
  let stoppedAt: Invalid | undefined
  const warnings = new LineWarnings()
  const flush = () => {
    for (let d = done.get(flushed); d !== undefined && stoppedAt === undefined; d = done.get(flushed)) {
      done.delete(flushed)
      flushed++
      invalid += d.invalid.length
      warnings.merge(d.warnings)
      if (d.stopped) {
        stoppedAt = d.invalid[0]!
        lines = stoppedAt.line
        break
      }
      for (const i of d.invalid) options.onInvalid(i)
      lines = d.batch.firstLine + d.batch.lines - 1
      options.onProgress?.(lines, d.batch.bytes)
    }
  }
  const freeWorker = () => {
    for (let w = 0; w < workers.length; w++) if (ready[w] && load[w]! < PER_WORKER) return w
    return -1
  }
  try {
    for await (const batch of batches(input)) {
      // let the workers' messages in: an input that is already in memory would otherwise never leave the microtask queue
      await new Promise(setImmediate)
      flush()
      if (failure !== undefined) throw failure
      if (stoppedAt !== undefined) break
      // a worker slow on one batch holds the answers after it: bound how far ahead this thread goes
      while (next - flushed >= REORDER_WINDOW * workers.length && failure === undefined && stoppedAt === undefined) {
        await settle()
        flush()
      }
      if (failure !== undefined) throw failure
      if (stoppedAt !== undefined) break
      let w = freeWorker()
      while (options.workersOnly === true && w < 0 && failure === undefined) {
        await settle()
        flush()
        w = freeWorker()
      }
      if (failure !== undefined) throw failure
      const place = { firstLine: batch.firstLine, lines: batch.lines, bytes: batch.bytes }
      if (w < 0) {
        done.set(next, { ...countBatch(accumulator, batch, options.skipInvalid), batch: place })
      } else {
        sent.set(next, place)
        load[w]!++
        used[w] = true
        workers[w]!.postMessage({ type: "batch", id: next, batch })
      }
      next++
    }
    while (flushed < next && failure === undefined && stoppedAt === undefined) {
      await settle()
      flush()
    }
    if (failure !== undefined) throw failure
    if (stoppedAt === undefined) {
      // only the workers that counted something have a state to hand over
      const asked = workers.filter((_, w) => used[w])
      for (const worker of asked) worker.postMessage({ type: "finish" })
      while (snapshots.length < asked.length && failure === undefined) await settle()
      if (failure !== undefined) throw failure
      for (const snapshot of snapshots) accumulator.merge(snapshot)
    }
  } finally {
    await Promise.all(workers.map((w) => w.terminate()))
  }
  return finished(accumulator, lines, invalid, stoppedAt, warnings)
}

export const runExposure = (input: AsyncIterable<Buffer | string>, options: RunOptions): Promise<Outcome> =>
  options.workers > 0 ? withWorkers(input, options) : inThread(input, options)
