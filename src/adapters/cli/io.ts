/**
 * Input, output and exit codes of the `payment-plan` command.
 *
 * Exit codes: 0 success, 1 a validation failure or refused input, 2 a usage
 * error (unknown option, missing input, a malformed option value).
 */
import { readFile } from "node:fs/promises"
import { type Issue } from "../../core/internal/issue.ts"
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
  /** the environment `serve` reads its settings from (default `process.env`) */
  readonly env?: Readonly<Record<string, string | undefined>>
}

/** The whole of a file, or of stdin for `-` or no file. Refuses an interactive stdin: nothing was piped. */
export const readText = async (file: string | undefined, io: Io): Promise<string> => {
  if (file === undefined || file === "-") {
    if (io.stdin.isTTY) throw usage("no input: give a file or pipe JSON on stdin")
    const chunks: Array<Buffer> = []
    for await (const chunk of io.stdin) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer))
    return Buffer.concat(chunks).toString("utf8")
  }
  try {
    return await readFile(file, "utf8")
  } catch (error) {
    throw usage(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`)
  }
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
