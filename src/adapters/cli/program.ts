/**
 * The `payment-plan` command: one subcommand per capability of the engine, each
 * a thin layer over the package's plain functions. Parsing and help come from
 * commander; this module maps its errors to the exit codes of io.ts.
 */
import { Command, CommanderError, Option } from "commander"
import { readFileSync } from "node:fs"
import { summarizeCheckout, validateCheckoutRequest } from "../../facade/index.ts"
import { calculate, registerCalculations } from "./calculations.ts"
import { registerConformance } from "./conformance.ts"
import { registerExposure } from "./exposure/command.ts"
import {
  CliFailure,
  EXIT_OK,
  EXIT_REFUSED,
  EXIT_USAGE,
  type Format,
  type Io,
  issueRows,
  readJson,
  readJsonOption,
  renderIssues,
  writeJson
} from "./io.ts"
import { defined, examples, formatOption, merchantOption, parseInstant, zoneOption } from "./options.ts"
import { registerServe } from "./serve.ts"
import { renderPairs, renderTable } from "./table.ts"

/** Options every command shares. */
export interface CommonOptions {
  readonly format: Format
  readonly merchant?: string
  readonly tz?: string
}

const version = (): string => {
  // dist/cli.js and src/adapters/cli/program.ts sit at different depths below package.json
  for (const up of ["./package.json", "../package.json", "../../../package.json"]) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(up, import.meta.url), "utf8")) as { name?: string; version?: string }
      if (pkg.name === "payment-plan-engine" && pkg.version) return pkg.version
    } catch {
      // try the next level
    }
  }
  return "unknown"
}

/**
 * Builds the command tree; `register` adds the commands of other modules
 * (exposure, serve) so this one stays small.
 */
export const createProgram = (io: Io): Command => {
  const program = new Command("payment-plan")
    .description(
      "Validate checkouts, compute totals, plan terms and refund quotes, and report refund exposure, from the command line."
    )
    .version(version())
    .exitOverride()
    .showHelpAfterError("(add --help for usage)")
    .configureOutput({ writeOut: (s) => io.stdout.write(s), writeErr: (s) => io.stderr.write(s) })
    .addHelpText(
      "after",
      `\nInputs are JSON files, or stdin when the file is omitted or "-".\nExit codes: 0 success, 1 validation failure or refused input, 2 usage error.\n` +
        examples([
          "payment-plan validate checkout.json --merchant-id merchant-123",
          "cat checkout.json | payment-plan summarize --format table",
          "payment-plan exposure plans.ndjson --at 2026-12-01T00:00:00Z --format table"
        ])
    )

  program
    .command("validate")
    .description(
      "Validate a create-checkout request against every constraint of the service (R4); exit 1 when invalid."
    )
    .argument("[file]", "checkout request JSON (default: stdin)")
    .option("--merchant-id <id>", "the authenticated merchant id the request must name (R4.5)")
    .addOption(
      new Option("--now <instant>", "instant of the check: redemption dates must be after it (default: now)").argParser(
        parseInstant("--now")
      )
    )
    .addOption(zoneOption("in which calendar redemption dates start (default: UTC)"))
    .addOption(merchantOption())
    .addOption(formatOption())
    .addHelpText(
      "after",
      examples([
        "payment-plan validate checkout.json",
        "payment-plan validate checkout.json --merchant-id merchant-123 --now 2026-11-22T09:30:00Z --format table",
        "curl -s https://shop.example/checkout.json | payment-plan validate --merchant config.json"
      ])
    )
    .action(async (file: string | undefined, options: CommonOptions & { merchantId?: string; now?: string }) => {
      const input = await readJson(file, io)
      const merchant = await readJsonOption(options.merchant, io, "--merchant")
      const result = validateCheckoutRequest(
        input,
        defined({ merchantId: options.merchantId, now: options.now ?? new Date(), merchant, timeZone: options.tz })
      )
      if (options.format === "json") writeJson(io, result)
      else {
        const warnings = result.warnings.length === 0
          ? ""
          : `\nwarnings:\n${renderTable(["path", "code", "rule", "message"], issueRows(result.warnings))}`
        io.stdout.write(
          (result.ok ? "valid\n" : `invalid: ${result.issues.length} issue(s)\n${renderIssues(result.issues)}`) +
            warnings
        )
      }
      // the result is the answer; the exit code tells scripts it is a refusal
      if (!result.ok) throw new CliFailure(EXIT_REFUSED, "")
    })

  program
    .command("summarize")
    .description(
      "The totals the service computes for a checkout (R2): totalCost, totalMinimumDeposit, completionDate, expiresAt, each item."
    )
    .argument("[file]", "checkout request JSON (default: stdin)")
    .addOption(
      new Option("--now <instant>", "creation instant of the checkout: expiresAt counts from it (default: now)")
        .argParser(parseInstant("--now"))
    )
    .addOption(zoneOption("in which date-times become calendar dates (default: UTC)"))
    .addOption(merchantOption())
    .addOption(formatOption())
    .addHelpText(
      "after",
      examples([
        "payment-plan summarize checkout.json --now 2026-11-22T09:30:00Z",
        "payment-plan summarize checkout.json --tz Australia/Sydney --merchant config.json --format table"
      ])
    )
    .action(async (file: string | undefined, options: CommonOptions & { now?: string }) => {
      const input = await readJson(file, io)
      const merchant = await readJsonOption(options.merchant, io, "--merchant")
      const summary = calculate(() =>
        summarizeCheckout(input, defined({ now: options.now ?? new Date(), merchant, timeZone: options.tz }))
      )
      if (options.format === "json") return writeJson(io, summary)
      io.stdout.write(
        renderTable(
          ["item", "lineTotal", "minimumDeposit", "deadlineDate"],
          summary.items.map((
            item,
            i
          ) => [String(i), String(item.lineTotal), String(item.minimumDeposit), item.deadlineDate])
        ) +
          "\n" +
          renderPairs([
            ["currencyCode", summary.currencyCode],
            ["totalCost", summary.totalCost],
            ["totalMinimumDeposit", summary.totalMinimumDeposit],
            ["completionDate", summary.completionDate],
            ["expiresAt", summary.expiresAt]
          ])
      )
    })

  registerCalculations(program, io)
  registerExposure(program, io)
  registerServe(program, io)
  registerConformance(program, io)
  return program
}

/** Parses `argv` (without `node` and the script), runs the command, and answers its exit code. */
export const run = async (
  argv: ReadonlyArray<string>,
  io: Io,
  register: ReadonlyArray<(program: Command, io: Io) => void> = []
): Promise<number> => {
  const program = createProgram(io)
  for (const r of register) r(program, io)
  for (const command of program.commands) {
    command.exitOverride().configureOutput({ writeOut: (s) => io.stdout.write(s), writeErr: (s) => io.stderr.write(s) })
  }
  try {
    await program.parseAsync([...argv], { from: "user" })
    return EXIT_OK
  } catch (error) {
    if (error instanceof CommanderError) {
      // help and version end the run successfully; every other parse error is a usage error
      return error.code === "commander.helpDisplayed" || error.code === "commander.version" ||
          error.code === "commander.help"
        ? EXIT_OK
        : EXIT_USAGE
    }
    if (error instanceof CliFailure) {
      if (error.message !== "") io.stderr.write(`payment-plan: ${error.message}\n`)
      if (error.issues.length > 0) io.stderr.write(renderIssues(error.issues))
      return error.exitCode
    }
    io.stderr.write(`payment-plan: unexpected error: ${(error as Error)?.stack ?? String(error)}\n`)
    return EXIT_REFUSED
  }
}
