/**
 * Runs an exposure report over a stream of NDJSON: in this thread, or split
 * between worker threads by batches of lines, whose states are merged exactly
 * at the end (sums add, the K largest of all are kept). Each batch's warnings
 * come back with its answer and are taken in input order, so a run stopped at a
 * line says the warnings of the lines before it and none after, whichever thread
 * counted them. Memory stays bounded: at most two batches per worker are in
 * flight, and no plan outlives its line.
 *
 * @module
 */
import * as Result from "effect/Result"
import { Worker } from "node:worker_threads"
import { decodeResult } from "../../../facade/shared.ts"
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

/** A batch's answer, with its place (never its text). */
type Answer = Counted & { readonly batch: Place }

/**
 * The worker threads, what each holds and what they answered. Every message
 * bumps `events`; `settle` waits only when none arrived since it last returned.
 */
class Pool {
  readonly workers: ReadonlyArray<Worker>
  readonly ready: Array<boolean>
  readonly used: Array<boolean>
  readonly load: Array<number>
  failure: unknown
  events = 0
  seen = 0
  wake: (() => void) | undefined
  readonly snapshots: Array<Snapshot> = []
  /** answers per batch id, taken in input order */
  readonly done = new Map<number, Answer>()
  readonly sent = new Map<number, Place>()

  constructor(options: RunOptions) {
    this.workers = Array.from(
      { length: options.workers },
      () =>
        new Worker(options.workerUrl ?? workerUrl(), {
          workerData: { settings: options.settings, skipInvalid: options.skipInvalid }
        })
    )
    this.ready = this.workers.map(() => false)
    this.used = this.workers.map(() => false)
    this.load = this.workers.map(() => 0)
    this.workers.forEach((worker, w) => {
      worker.on("message", (m: FromWorker) => this.received(w, m))
      worker.on("error", (error) => {
        this.failure ??= error
        this.signal()
      })
    })
  }

  received(w: number, m: FromWorker): void {
    if (m.type === "ready") this.ready[w] = true
    else if (m.type === "done") {
      this.load[w]!--
      this.done.set(m.id, { invalid: m.invalid, stopped: m.stopped, warnings: m.warnings, batch: this.sent.get(m.id)! })
      this.sent.delete(m.id)
    } else this.snapshots.push(m.snapshot)
    this.signal()
  }

  signal(): void {
    this.events++
    const w = this.wake
    this.wake = undefined
    w?.()
  }

  settle(): Promise<void> {
    if (this.events !== this.seen) {
      this.seen = this.events
      return Promise.resolve()
    }
    return new Promise<void>((resolve) => {
      this.wake = () => {
        this.seen = this.events
        resolve()
      }
    })
  }

  /** Throws the first worker's failure, if one failed. */
  check(): void {
    if (this.failure !== undefined) throw this.failure
  }

  /** A ready worker with room for a batch, or -1. */
  free(): number {
    for (let w = 0; w < this.workers.length; w++) if (this.ready[w] && this.load[w]! < PER_WORKER) return w
    return -1
  }

  send(w: number, id: number, batch: Batch, place: Place): void {
    this.sent.set(id, place)
    this.load[w]!++
    this.used[w] = true
    this.workers[w]!.postMessage({ type: "batch", id, batch })
  }

  /** The states of the workers that counted something (the others have none to hand over). */
  async finish(): Promise<ReadonlyArray<Snapshot>> {
    const asked = this.workers.filter((_, w) => this.used[w])
    for (const worker of asked) worker.postMessage({ type: "finish" })
    while (this.snapshots.length < asked.length && this.failure === undefined) await this.settle()
    this.check()
    return this.snapshots
  }
}

/** The answers taken in input order: refused lines reported in order, the run stopped at the first one. */
class InOrder {
  next = 0
  flushed = 0
  lines = 0
  invalid = 0
  stoppedAt: Invalid | undefined
  readonly warnings = new LineWarnings()

  readonly done: Map<number, Answer>
  readonly options: RunOptions

  constructor(done: Map<number, Answer>, options: RunOptions) {
    this.done = done
    this.options = options
  }

  flush(): void {
    const { done, options } = this
    for (let d = done.get(this.flushed); d !== undefined && this.stoppedAt === undefined; d = done.get(this.flushed)) {
      done.delete(this.flushed)
      this.flushed++
      this.invalid += d.invalid.length
      this.warnings.merge(d.warnings)
      if (d.stopped) {
        this.stoppedAt = d.invalid[0]!
        this.lines = this.stoppedAt.line
        break
      }
      for (const i of d.invalid) options.onInvalid(i)
      this.lines = d.batch.firstLine + d.batch.lines - 1
      options.onProgress?.(this.lines, d.batch.bytes)
    }
  }
}

/** Waits for the workers' answers while `more` holds and nothing failed or stopped the run. */
const waitWhile = async (pool: Pool, order: InOrder, more: () => boolean): Promise<void> => {
  while (more() && pool.failure === undefined && order.stoppedAt === undefined) {
    await pool.settle()
    order.flush()
  }
  pool.check()
}

/**
 * Hands each batch to a free worker, or counts it here when none is ready or
 * free, until the input ends or the run stops at a refused line.
 */
const dispatch = async (
  input: AsyncIterable<Buffer | string>,
  options: RunOptions,
  accumulator: Accumulator,
  pool: Pool,
  order: InOrder
): Promise<void> => {
  for await (const batch of batches(input)) {
    // let the workers' messages in: an input that is already in memory would otherwise never leave the microtask queue
    await new Promise(setImmediate)
    order.flush()
    pool.check()
    if (order.stoppedAt !== undefined) return
    // a worker slow on one batch holds the answers after it: bound how far ahead this thread goes
    await waitWhile(pool, order, () => order.next - order.flushed >= REORDER_WINDOW * pool.workers.length)
    if (order.stoppedAt !== undefined) return
    if (options.workersOnly === true) await waitWhile(pool, order, () => pool.free() < 0)
    if (order.stoppedAt !== undefined) return
    const w = pool.free()
    const place = { firstLine: batch.firstLine, lines: batch.lines, bytes: batch.bytes }
    if (w < 0) pool.done.set(order.next, { ...countBatch(accumulator, batch, options.skipInvalid), batch: place })
    else pool.send(w, order.next, batch, place)
    order.next++
  }
}

/**
 * Workers take a while to start (each loads the engine), so this thread counts
 * the batches itself until a worker is ready, and whenever every ready worker
 * is full: a small input never waits for them, and no thread idles. Answers are
 * taken in input order, so refused lines are reported in order and the run
 * stops at the first one.
 */

const withWorkers = async (input: AsyncIterable<Buffer | string>, options: RunOptions): Promise<Outcome> => {
  const accumulator = new Accumulator(localSettings(options.settings))
  const pool = new Pool(options)
  const order = new InOrder(pool.done, options)
  try {
    await dispatch(input, options, accumulator, pool, order)
    await waitWhile(pool, order, () => order.flushed < order.next)
    if (order.stoppedAt === undefined) { for (const snapshot of await pool.finish()) accumulator.merge(snapshot) }
  } finally {
    await Promise.all(pool.workers.map((w) => w.terminate()))
  }
  return finished(accumulator, order.lines, order.invalid, order.stoppedAt, order.warnings)
}

export const runExposure = (input: AsyncIterable<Buffer | string>, options: RunOptions): Promise<Outcome> =>
  options.workers > 0 ? withWorkers(input, options) : inThread(input, options)
