/**
 * The `payment-plan` command: one subcommand per capability of the engine, each
 * a thin layer over the package's plain functions. Parsing and help come from
 * commander; this module maps its errors to the exit codes of io.ts.
 *
 * @module
 */
import { Command, CommanderError } from "commander"
import { readFileSync } from "node:fs"
import { registerCalculateRefund, registerPlanTerms, registerRenamedCommands } from "./calculations.ts"
import { registerSummarize, registerValidate } from "./checkout.ts"
import { registerConformance } from "./conformance.ts"
import { registerExposure } from "./exposure/command.ts"
import { CliFailure, EXIT_OK, EXIT_REFUSED, EXIT_USAGE, type Io, renderIssues } from "./io.ts"
import { DATE_MEANING, examples } from "./options.ts"
import { registerServe } from "./serve.ts"
import { registerWebhooks } from "./webhooks.ts"

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
 * Builds the command tree: each command is registered by its own module, one
 * line each.
 */
export const createProgram = (io: Io): Command => {
  const program = new Command("payment-plan")
    .description(
      "Validate checkouts, compute totals, plan terms and refund calculations, and report refund exposure, from the command line."
    )
    .version(version())
    .exitOverride()
    .showHelpAfterError("(add --help for usage)")
    .configureOutput({ writeOut: (s) => io.stdout.write(s), writeErr: (s) => io.stderr.write(s) })
    .addHelpText(
      "after",
      `\nInputs are JSON files, or stdin when the file is omitted or "-".\n${DATE_MEANING}\n` +
        "Warnings (a field no rule reads, R10.2) are printed on stderr; --strict refuses the input on any.\n" +
        "Exit codes: 0 success; 1 input the engine refuses (an invalid request, unacceptable terms, a refused plan, a warning under --strict);\n" +
        "2 usage error (no command, an unknown command or option, a bad option value, no input, a file that cannot be read).\n" +
        examples([
          "payment-plan validate checkout.json --merchant-id merchant-123",
          "cat checkout.json | payment-plan summarize --format table",
          "payment-plan exposure plans.ndjson --at 2026-12-01T00:00:00Z --format table"
        ])
    )

  // one line per command
  registerValidate(program, io)
  registerSummarize(program, io)
  registerPlanTerms(program, io)
  registerCalculateRefund(program, io)
  registerExposure(program, io)
  registerServe(program, io)
  registerWebhooks(program, io)
  registerConformance(program, io)
  registerRenamedCommands(program)
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
      // help asked for (--help, `help [command]`) and --version end the run successfully; help shown
      // because no command was given (`payment-plan`, `payment-plan webhooks`: commander's help on
      // stderr with a non-zero code) and every other parse error are usage errors
      return error.code === "commander.helpDisplayed" || error.code === "commander.version" ||
          (error.code === "commander.help" && error.exitCode === 0)
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
