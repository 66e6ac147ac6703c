/**
 * `payment-plan conformance`: checks a service at a base URL against the rules
 * with the conformance kit (the package's `./conformance` export, loaded as any
 * user loads it). Exit codes: 0 every check agrees, 1 a disagreement, 2 a usage
 * error or a service that cannot be compared with (unreachable, failing, the
 * credentials refused), with its message on stderr and never a stack trace.
 *
 * @module
 */
import { type Command, InvalidArgumentError, Option } from "commander"
import { writeFile } from "node:fs/promises"
import { isTimeZone } from "../../core/foundation/time/index.ts"
import { addConnectionOptions, type ConnectionFlags, FLAG_WINS, readConnection } from "./connection.ts"
import { CliFailure, EXIT_REFUSED, EXIT_USAGE, type Io, usage, writeJson } from "./io.ts"
import { examples } from "./options.ts"

const CONFORMANCE = "payment-plan-engine/conformance"
const GROUPS = ["create", "terms", "refund", "verify", "search", "plans", "notes"] as const

/** What the command needs of `payment-plan-engine/conformance`. */
interface ConformanceModule {
  readonly runConformance: (config: Record<string, unknown>, options?: { signal?: AbortSignal }) => Promise<Report>
  readonly toJson: (report: Report) => unknown
  readonly formatTable: (report: Report) => string
  readonly renderHtml: (report: Report) => string
  readonly isConformanceError: (error: unknown) => boolean
}

interface Report {
  readonly disagreements: ReadonlyArray<unknown>
  readonly causes?: ReadonlyArray<{ readonly rule: string; readonly operation: string; readonly field: string }>
  readonly incomplete?: ReadonlyArray<string>
}

interface Options extends ConnectionFlags {
  readonly runs?: number
  readonly seed?: number
  readonly only?: ReadonlyArray<string>
  readonly skip?: ReadonlyArray<string>
  readonly readOnly?: boolean
  readonly format: "table" | "json"
  readonly report?: string
  readonly rps?: number
  readonly maxRequests?: number
  readonly maxShrinkRequests?: number
  readonly tz?: string
  readonly minCoverage?: number | true
  readonly timeout?: number
  readonly quiet?: boolean
}

const whole = (name: string, min: number) => (value: string) => {
  const n = Number(value)
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n < min) {
    throw new InvalidArgumentError(`${name} must be a whole number of at least ${min}, got "${value}"`)
  }
  return n
}

const positive = (value: string) => {
  const n = Number(value)
  if (value.trim() === "" || !Number.isFinite(n) || n <= 0) {
    throw new InvalidArgumentError(`must be a number above 0, got "${value}"`)
  }
  return n
}

const groups = (value: string) => {
  const list = value.split(",").map((g) => g.trim()).filter((g) => g !== "")
  const unknown = list.filter((g) => !(GROUPS as ReadonlyArray<string>).includes(g))
  if (list.length === 0 || unknown.length > 0) {
    throw new InvalidArgumentError(`must be among ${GROUPS.join(",")}, got "${value}"`)
  }
  return list
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** The command's run: the kit loaded, the service checked, the report written; exit 1 when something disagrees. */
const conformance = async (io: Io, options: Options): Promise<void> => {
  const { baseUrl, merchantId, apiKey } = readConnection(options, io)
  let kit: ConformanceModule
  try {
    kit = (await import(CONFORMANCE)) as ConformanceModule
  } catch (error) {
    throw usage(`cannot load ${CONFORMANCE}: ${message(error)}`)
  }
  const progress = options.quiet !== true && io.stderr.isTTY === true
  const controller = new AbortController()
  const stop = () => controller.abort(new Error("interrupted"))
  process.once("SIGINT", stop)
  let report: Report
  try {
    report = await kit.runConformance({
      baseUrl,
      merchantId,
      apiKey,
      runs: options.runs,
      seed: options.seed,
      only: options.only,
      skip: options.skip,
      readOnly: options.readOnly === true,
      rps: options.rps,
      maxRequests: options.maxRequests,
      maxShrinkRequests: options.maxShrinkRequests,
      timeZone: options.tz,
      minCoverage: options.minCoverage === true ? 1 : options.minCoverage,
      timeoutMs: options.timeout,
      ...(progress ? { onProgress: (line: string) => io.stderr.write(`conformance: ${line}\n`) } : {})
    }, { signal: controller.signal })
  } catch (error) {
    // a usage error, or a service that cannot be compared with: exit 2, the message only
    throw new CliFailure(
      EXIT_USAGE,
      kit.isConformanceError(error) ? message(error) : `conformance stopped: ${message(error)}`
    )
  } finally {
    process.off("SIGINT", stop)
  }
  if (options.format === "json") writeJson(io, kit.toJson(report))
  else io.stdout.write(kit.formatTable(report))
  if (options.report !== undefined) {
    try {
      await writeFile(options.report, kit.renderHtml(report))
    } catch (error) {
      throw usage(`cannot write ${options.report}: ${(error as NodeJS.ErrnoException).code ?? message(error)}`)
    }
  }
  const found = report.disagreements.length
  const incomplete = report.incomplete ?? []
  if (found > 0) {
    const causes = (report.causes ?? []).map((c) => `${c.rule} ${c.operation} ${c.field}`)
    throw new CliFailure(
      EXIT_REFUSED,
      `${found} disagreement(s) with the rules${causes.length === 0 ? "" : `; root cause(s): ${causes.join("; ")}`}${
        incomplete.length === 0 ? "" : `; and the run is incomplete: ${incomplete.join("; ")}`
      }`
    )
  }
  // a group that could not run, or a boundary class left unreached: never a silent pass
  if (incomplete.length > 0) throw new CliFailure(EXIT_REFUSED, `the run is incomplete: ${incomplete.join("; ")}`)
}

const zone = (value: string) => {
  if (value !== "auto" && !isTimeZone(value)) {
    throw new InvalidArgumentError(`not an IANA time zone nor auto: "${value}" (R3.1)`)
  }
  return value
}

const ONLY = () =>
  new Option(
    "--only <checks>",
    `comma-separated among ${GROUPS.join(",")} (default all; with --read-only, refund,search,plans,notes)`
  ).argParser(groups)

const SKIP = () =>
  new Option(
    "--skip <checks>",
    "groups left out: a selected group that cannot run (no widget API, say) fails the run unless skipped"
  ).argParser(groups)

const TZ = () =>
  new Option(
    "--tz <zone>",
    "IANA time zone in which the service turns a checkout's date-times into calendar dates (R2.5), or auto " +
      "(default): learnt from a few checkouts created for it (UTC in read-only mode)"
  ).argParser(zone)

const MIN_COVERAGE = () =>
  new Option(
    "--min-coverage [n]",
    "fail the run (exit 1) when a boundary class it is to reach is reached fewer than n times (default 1)"
  ).argParser(whole("--min-coverage", 0))

export const registerConformance = (program: Command, io: Io): void => {
  const command = program
    .command("conformance")
    .description(
      "Check a service at a base URL against the rules: generated checkouts, plan terms, refund calculations, verification, " +
        "plan records, merchant orders, notes and searches compared field by field with the engine; each root cause " +
        "named with its rule, field and smallest request, and what follows from it."
    )
  // required, checked in the action so that a message names the variable each may come from
  addConnectionOptions(command, "the service's base address ({base_url})")
    .addOption(
      new Option("--runs <n>", "scenarios in all, shared among the groups of checks (default 100)").argParser(
        whole("--runs", 1)
      )
    )
    .addOption(
      new Option("--seed <s>", "seed of the generated requests: the same seed sends the same requests").argParser(
        whole("--seed", 0)
      )
    )
    .addOption(ONLY())
    .addOption(SKIP())
    .option("--read-only", "send nothing that creates or changes anything (GET requests only)")
    .addOption(
      new Option("--format <format>", "table for people, json for programs").choices(["table", "json"]).default("table")
    )
    .option("--report <file>", "also write an HTML report: each disagreement's request and both answers side by side")
    .addOption(new Option("--rps <n>", "requests per second at most (default 5)").argParser(positive))
    .addOption(
      new Option(
        "--max-requests <n>",
        "hard cap of requests, shrinking included, shared among the groups (default 1000)"
      ).argParser(
        whole("--max-requests", 1)
      )
    )
    .addOption(
      new Option("--max-shrink-requests <n>", "requests one counterexample's shrinking may spend (default 100)")
        .argParser(
          whole("--max-shrink-requests", 0)
        )
    )
    .addOption(TZ())
    .addOption(MIN_COVERAGE())
    .addOption(
      new Option("--timeout <ms>", "time limit of one request (default 15000)").argParser(whole("--timeout", 1))
    )
    .option("--quiet", "no progress lines on stderr")
    .addHelpText(
      "after",
      `\n${FLAG_WINS}\n` +
        "Exit codes: 0 every check agrees, 1 a disagreement was found or the run is incomplete (a selected group could\n" +
        "not run, a boundary class below --min-coverage), 2 a usage error (a --tz the service's dates contradict\n" +
        "included) or a service that cannot be reached, answers 5xx, or refuses the credentials.\n" +
        examples([
          "payment-plan conformance --base-url http://127.0.0.1:4010 --merchant-id merchant-123 --api-key sk_sandbox_demo_0123456789 --rps 100",
          "payment-plan conformance --base-url https://api.sandbox.example --merchant-id m-1 --api-key $KEY --runs 200 --seed 42 --format json",
          "PAYMENT_PLAN_BASE_URL=http://127.0.0.1:4010 PAYMENT_PLAN_MERCHANT_ID=merchant-123 PAYMENT_PLAN_API_KEY=sk_… payment-plan conformance",
          "payment-plan conformance --base-url https://api.example --merchant-id m-1 --api-key $KEY --read-only --only refund,search --report report.html"
        ])
    )
    .action((options: Options) => conformance(io, options))
}
