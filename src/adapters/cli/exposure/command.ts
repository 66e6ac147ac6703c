/**
 * `payment-plan exposure`: the refund-exposure report over NDJSON plans.
 *
 * It follows the command line's conventions: `--merchant` with `--merchant-id`
 * read by merchant.ts's `readMerchant`, every warning printed by io.ts's
 * `reportWarnings`, `--strict` refusing on any. Its warnings come in two kinds:
 * the `--merchant`'s own, known before any line is read (under `--strict` the
 * run is refused before it starts), and those of the lines (their unknown
 * fields, a `--merchant` that disagrees with a record's digits), known only
 * once the lines are read: said once per distinct warning with the lines it
 * was on, after the run and before the report, which `--strict` then withholds.
 *
 * @module
 */
import { SingleBar } from "cli-progress"
import { type Command, InvalidArgumentError, Option } from "commander"
import * as Result from "effect/Result"
import { createReadStream } from "node:fs"
import { stat, writeFile } from "node:fs/promises"
import { availableParallelism } from "node:os"
import * as Time from "../../../core/foundation/time/index.ts"
import { readResult } from "../../../facade/shared.ts"
import {
  CliFailure,
  EXIT_REFUSED,
  type Format,
  type Io,
  refused,
  reportWarnings,
  strictOption,
  usage,
  writeJson
} from "../io.ts"
import { merchantFileOption, merchantIdOption, readMerchant } from "../merchant.ts"
import { DATE_MEANING, examples, formatOption, type When, whenOption, zoneOption } from "../options.ts"
import type { Settings } from "./accumulate.ts"
import { renderHtml } from "./html.ts"
import { LineTooLong } from "./lines.ts"
import { buildReport, renderReport } from "./report.ts"
import { type Outcome, runExposure } from "./run.ts"
import { asIssue, MAX_WARNINGS } from "./warnings.ts"

/** The longest timeline: ten years of days keeps the report and the page small. */
const MAX_TIMELINE_DAYS = 3661

const parseTimeline = (value: string): { from: number; to: number } => {
  const match = /^(\d{4}-\d{2}-\d{2})\.\.(\d{4}-\d{2}-\d{2})$/.exec(value)
  const from = match ? Time.parseDate(match[1]!) : undefined
  const to = match ? Time.parseDate(match[2]!) : undefined
  if (from === undefined || to === undefined) {
    throw new InvalidArgumentError(`must be FROM..TO, two dates YYYY-MM-DD, got "${value}"`)
  }
  if (to < from) throw new InvalidArgumentError(`ends before it starts: "${value}"`)
  if (to - from + 1 > MAX_TIMELINE_DAYS) {
    throw new InvalidArgumentError(`spans more than ${MAX_TIMELINE_DAYS} days: "${value}"`)
  }
  return { from, to }
}

const parseCount = (name: string, max: number) => (value: string) => {
  const n = Number(value)
  if (!/^\d+$/.test(value) || n > max) {
    throw new InvalidArgumentError(`${name} must be a whole number from 0 to ${max}, got "${value}"`)
  }
  return n
}

interface ExposureOptions {
  readonly at?: When
  readonly tz?: string
  readonly merchant?: string
  readonly merchantId?: string
  readonly strict?: boolean
  readonly top: number
  readonly skipInvalid?: boolean
  readonly timeline?: { from: number; to: number }
  readonly html?: string
  readonly workers?: number
  readonly format: Format
}

const defaultWorkers = () => (availableParallelism() >= 2 ? 2 : 0)

/**
 * The warnings of the lines (R10.2, R1.2), each distinct one once with the lines
 * it was on, through the command line's one helper; under `--strict` they
 * refuse the run.
 */
const reportLineWarnings = (io: Io, outcome: Outcome, strict: boolean | undefined) => {
  if (outcome.warningsOverflow) {
    io.stderr.write(`payment-plan: more than ${MAX_WARNINGS} distinct warnings: the first ${MAX_WARNINGS} are listed\n`)
  }
  reportWarnings(io, outcome.warnings.map(asIssue), strict)
}

const progressBar = (io: Io, totalBytes: number | undefined) => {
  if (!io.stderr.isTTY) return undefined
  const bar = new SingleBar({
    stream: io.stderr as NodeJS.WritableStream as never,
    format: totalBytes === undefined
      ? "exposure | {lines} lines | {rate} lines/s"
      : "exposure [{bar}] {percentage}% | {lines} lines | {rate} lines/s | ETA {eta_formatted}",
    hideCursor: true,
    etaBuffer: 50,
    fps: 5
  })
  const started = Date.now()
  bar.start(totalBytes ?? 1, 0, { lines: 0, rate: 0 })
  return {
    update: (lines: number, bytes: number) => {
      const seconds = (Date.now() - started) / 1000
      bar.update(totalBytes === undefined ? 0 : bytes, { lines, rate: seconds > 0 ? Math.round(lines / seconds) : 0 })
    },
    stop: () => bar.stop()
  }
}

/** The command's run: the input checked, the merchant's configuration read, the lines counted, the report written. */
const exposure = async (io: Io, file: string | undefined, options: ExposureOptions): Promise<void> => {
  if (options.html !== undefined && options.timeline === undefined) throw usage("--html needs --timeline FROM..TO")
  const fromStdin = file === undefined || file === "-"
  if (fromStdin && io.stdin.isTTY) throw usage("no input: give a file or pipe NDJSON on stdin")
  let size: number | undefined
  if (!fromStdin) {
    try {
      size = (await stat(file)).size
    } catch (error) {
      throw usage(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`)
    }
  }
  const merchantInput = await readMerchant(options, io)
  const merchant = readResult(merchantInput, "--merchant")
  if (Result.isFailure(merchant)) throw refused("the merchant configuration was refused:", merchant.failure.issues)
  // known before any line is read: under --strict nothing is read
  reportWarnings(io, merchant.success.warnings, options.strict)
  const when = options.at
  const settings: Settings = {
    // a date is each plan's start of that day (or in --tz): the accumulator works it out per plan
    at: when === undefined ? Date.now() : "instant" in when ? Time.toEpochMillis(when.instant)! : Number.NaN,
    atDay: when !== undefined && "day" in when ? when.day : undefined,
    timeZone: options.tz,
    merchant: merchant.success.value,
    top: options.top,
    timeline: options.timeline
  }
  const input = fromStdin ? io.stdin : createReadStream(file, { highWaterMark: 1 << 20 })
  const bar = progressBar(io, size)
  let outcome
  try {
    outcome = await runExposure(input as AsyncIterable<Buffer>, {
      settings: { ...settings, merchant: merchantInput },
      skipInvalid: options.skipInvalid === true,
      workers: options.workers ?? defaultWorkers(),
      onInvalid: (i) => io.stderr.write(`payment-plan: skipped line ${i.line}: ${i.message}\n`),
      onProgress: bar?.update
    })
  } catch (error) {
    if (error instanceof LineTooLong) throw refused(error.message)
    throw error
  } finally {
    bar?.stop()
  }
  if (outcome.stoppedAt !== undefined) {
    // the warnings of the lines up to the refused one, before the refusal (as a refused input's are)
    reportLineWarnings(io, outcome, false)
    const { line, message } = outcome.stoppedAt
    throw new CliFailure(
      EXIT_REFUSED,
      `line ${line}: ${message}\npayment-plan: stopped at line ${line} (add --skip-invalid to skip refused lines)`
    )
  }
  // found only by reading the lines: under --strict the report (and its page) is withheld
  reportLineWarnings(io, outcome, options.strict)
  const report = buildReport(outcome, settings)
  if (options.html !== undefined) await writeFile(options.html, renderHtml(report))
  if (options.format === "json") writeJson(io, report)
  else io.stdout.write(renderReport(report, (code) => outcome.accumulator.currencies.get(code)!.exponent))
}

export const registerExposure = (program: Command, io: Io): void => {
  program
    .command("exposure")
    .description(
      "Refund exposure of many plans (NDJSON, one plan per line) at an instant: per currency the plans, total paid, total non-refundable, " +
        "total suggested refunds (what cancelling every plan would cost) and the largest exposures; cancelled plans counted apart."
    )
    .argument(
      "[file]",
      "NDJSON plans: currencyCode, status, totalPaymentsPaid, items with refund policies (default: stdin)"
    )
    .addOption(whenOption("--at", "instant of the report (a date: its start in each plan's zone, or in --tz)"))
    .addOption(zoneOption("of the calendar dates (default: each plan's timeZone, else UTC)"))
    .addOption(merchantFileOption())
    .addOption(merchantIdOption())
    .addOption(
      new Option("--top <k>", "largest exposures kept per currency").argParser(parseCount("--top", 10_000)).default(10)
    )
    .option("--skip-invalid", "report a refused line on stderr and go on (default: stop with exit 1)")
    .addOption(
      new Option(
        "--timeline <from..to>",
        "also the total non-refundable amount at the start of each day FROM..TO (dates YYYY-MM-DD, as --at reads a date)"
      ).argParser(parseTimeline)
    )
    .option("--html <file>", "write the timeline as a self-contained HTML page with a chart (needs --timeline)")
    .addOption(
      new Option("--workers <n>", "worker threads (0: this thread; default: 2 where 2 cores are available)").argParser(
        parseCount("--workers", 16)
      )
    )
    .addOption(strictOption())
    .addOption(formatOption())
    .addHelpText(
      "after",
      `\n${DATE_MEANING}\n` + examples([
        "payment-plan exposure plans.ndjson --at 2026-12-01T00:00:00Z",
        "payment-plan exposure plans.ndjson --at 2026-12-01 --top 5 --format table",
        "cat plans.ndjson | payment-plan exposure --skip-invalid --merchant config.json",
        "payment-plan exposure plans.ndjson --merchant sandbox-merchants.json --merchant-id merchant-123 --strict",
        "payment-plan exposure plans.ndjson --timeline 2026-12-01..2027-03-31 --html exposure.html"
      ])
    )
    .action((file: string | undefined, options: ExposureOptions) => exposure(io, file, options))
}
