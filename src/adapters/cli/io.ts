/**
 * Input, output and exit codes of the `payment-plan` command.
 *
 * Exit codes: 0 success, 1 a validation failure or refused input, 2 a usage
 * error (unknown option, missing input, a malformed option value).
 *
 * @module
 */
import { Option } from "commander"
import { readFile } from "node:fs/promises"
import type { Issue, Validation } from "../../core/foundation/issues.ts"
import { renderTable } from "./table.ts"

export const EXIT_OK = 0
export const EXIT_REFUSED = 1
export const EXIT_USAGE = 2

/** A failure that ends the command with an exit code and a message on stderr. */
export class CliFailure extends Error {
  readonly exitCode: number
  readonly issues: ReadonlyArray<Issue>
  constructor(exitCode: number, message: string, issues: ReadonlyArray<Issue> = []) {
    super(message)
    this.exitCode = exitCode
    this.issues = issues
  }
}

export const usage = (message: string) => new CliFailure(EXIT_USAGE, message)
export const refused = (message: string, issues: ReadonlyArray<Issue> = []) =>
  new CliFailure(EXIT_REFUSED, message, issues)

export type Format = "json" | "table"

/** What every command writes to; tests and the binary pass process streams. */
export interface Io {
  readonly stdin: NodeJS.ReadableStream & { readonly isTTY?: boolean }
  readonly stdout: NodeJS.WritableStream
  readonly stderr: NodeJS.WritableStream & { readonly isTTY?: boolean }
  /** the environment the commands read their variables from: `serve`'s settings, the session's service and merchant (default `process.env`) */
  readonly env?: Readonly<Record<string, string | undefined>>
}

/**
 * The whole of a file, or of stdin for `-` or no file. Refuses an interactive
 * stdin (nothing was piped) and an empty or blank input (`< /dev/null`): no
 * input is a usage error, not text that fails to parse.
 */
export const readText = async (file: string | undefined, io: Io): Promise<string> => {
  const fromStdin = file === undefined || file === "-"
  let text: string
  if (fromStdin) {
    if (io.stdin.isTTY) throw usage("no input: give a file or pipe JSON on stdin")
    const chunks: Array<Buffer> = []
    for await (const chunk of io.stdin) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer))
    text = Buffer.concat(chunks).toString("utf8")
  } else {
    try {
      text = await readFile(file, "utf8")
    } catch (error) {
      throw usage(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`)
    }
  }
  if (text.trim() === "") {
    throw usage(
      fromStdin ? "no input: stdin is empty; give a file or pipe JSON on stdin" : `no input: ${file} is empty`
    )
  }
  return text
}

/** JSON of a file or stdin; malformed JSON is refused input (exit 1). */
export const readJson = async (file: string | undefined, io: Io, what = file ?? "stdin"): Promise<unknown> => {
  const text = await readText(file, io)
  try {
    return JSON.parse(text)
  } catch (error) {
    throw refused(`${what} is not valid JSON: ${(error as Error).message}`)
  }
}

/** A JSON option file (`--merchant config.json`); a missing file is a usage error. */
export const readJsonOption = async (file: string | undefined, io: Io, option: string): Promise<unknown> =>
  file === undefined ? undefined : readJson(file, io, `${option} ${file}`)

export const writeJson = (io: Io, value: unknown) => {
  io.stdout.write(JSON.stringify(value, null, 2) + "\n")
}

/** Issues as the table format shows them, and as stderr shows them for a refusal. */
export const issueRows = (issues: ReadonlyArray<Issue>) =>
  issues.map((i) => [i.path === "" ? "(input)" : i.path, i.code, i.rule, i.message])

export const renderIssues = (issues: ReadonlyArray<Issue>): string =>
  renderTable(["path", "code", "rule", "message"], issueRows(issues))

/**
 * `--strict`: any warning refuses the input (R10.2), so a typo such as
 * `refundPolicy` for `refundPolicies` fails a script instead of calculating a full refund.
 */
export const strictOption = () =>
  new Option(
    "--strict",
    "refuse the input on any warning (exit 1), such as a field no rule reads (R10.2); warnings are always printed on stderr"
  )

/**
 * Prints each warning of an answer on stderr (path, code, rule, message, as a
 * refusal's issues are printed) and, under `--strict`, refuses the input for
 * them. Every command that computes from data reports its warnings through this
 * one function (R10.2: never silent on any surface).
 */
export const reportWarnings = (io: Io, warnings: ReadonlyArray<Issue>, strict: boolean | undefined): void => {
  if (warnings.length === 0) return
  io.stderr.write(`payment-plan: ${warnings.length === 1 ? "warning" : `${warnings.length} warnings`}:\n`)
  io.stderr.write(renderIssues(warnings))
  if (strict === true) {
    throw refused(
      `refused under --strict: ${warnings.length === 1 ? "a warning" : `${warnings.length} warnings`} (above)`
    )
  }
}

/**
 * The value of a plain API answer (`{ ok, value | issues, warnings }`, a
 * `…Result` twin's): its warnings on stderr (see {@link reportWarnings}), and a
 * refusal turned into refused input (exit 1) with every issue.
 */
export const answered = <A>(answer: Validation<A>, io: Io, strict: boolean | undefined): A => {
  if (!answer.ok) {
    reportWarnings(io, answer.warnings, false)
    throw refused("the input was refused:", answer.issues)
  }
  reportWarnings(io, answer.warnings, strict)
  return answer.value
}
