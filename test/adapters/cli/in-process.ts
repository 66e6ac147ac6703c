/**
 * Runs the `payment-plan` command tree in this process (`run` of program.ts,
 * what the binary's main.ts calls) with in-memory streams: a CLI test that is
 * about what a command answers, not about the process, needs no build and no
 * spawn. The package's own exports (`payment-plan-engine/sandbox`, `/client`,
 * `/conformance`) resolve to the sources through vitest.config.ts's alias.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { PassThrough, Readable } from "node:stream"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll } from "vitest"
import { run } from "../../../src/adapters/cli/program.ts"

export interface Ran {
  readonly code: number
  readonly stdout: string
  readonly stderr: string
}

const collect = () => {
  const stream = new PassThrough()
  const chunks: Array<Buffer> = []
  stream.on("data", (b: Buffer) => chunks.push(b))
  return { stream, text: () => Buffer.concat(chunks).toString("utf8") }
}

/** A command running in this process: what it wrote so far, and its end. */
export interface Running {
  /** the first match of `pattern` in what the command writes on stderr, once it has written it */
  readonly stderrMatch: (pattern: RegExp) => Promise<RegExpExecArray>
  readonly done: Promise<Ran>
}

/**
 * Starts `args` and answers at once; `stdin` is what is piped (a string, possibly empty), or
 * `"terminal"` for an interactive terminal with nothing piped; `env` is the environment the
 * commands read (default: none, so the machine's own `PAYMENT_PLAN_API_KEY` or `PORT` never leak
 * into a test).
 */
export const startInProcess = (
  args: ReadonlyArray<string>,
  stdin: string | "terminal" = "terminal",
  env: Readonly<Record<string, string | undefined>> = {}
): Running => {
  const input = stdin === "terminal"
    ? Object.assign(Readable.from([]), { isTTY: true })
    : Readable.from(stdin === "" ? [] : [Buffer.from(stdin)])
  const out = collect()
  const err = collect()
  const done = run(args, { stdin: input, stdout: out.stream, stderr: err.stream, env }).then((code) => ({
    code,
    stdout: out.text(),
    stderr: err.text()
  }))
  const stderrMatch = (pattern: RegExp) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const look = () => {
        const found = pattern.exec(err.text())
        if (found === null) return false
        err.stream.off("data", look)
        resolve(found)
        return true
      }
      if (look()) return
      // each chunk is looked at after `collect` has kept it (its listener came first)
      err.stream.on("data", look)
      done.then((ran) => {
        if (!look()) {
          reject(new Error(`the command ended (${ran.code}) without writing ${pattern} on stderr: ${ran.stderr}`))
        }
      }, reject)
    })
  return { stderrMatch, done }
}

/** Runs `args` to its end (see {@link startInProcess} for `stdin` and `env`). */
export const runInProcess = (
  args: ReadonlyArray<string>,
  stdin: string | "terminal" = "terminal",
  env: Readonly<Record<string, string | undefined>> = {}
): Promise<Ran> => startInProcess(args, stdin, env).done

export const example = (name: string) => fileURLToPath(new URL(`../../../examples/${name}`, import.meta.url))

/**
 * What built-cli.ts's `useBuiltCli` gives, in this process: `cli` runs a command with `input` piped (empty
 * when none, as a spawned command's stdin) and `env` as its whole environment; `built().directory` is a
 * scratch directory of the calling test file, removed afterwards.
 */
export const useInProcessCli = () => {
  let directory: string | undefined
  beforeAll(() => {
    directory = mkdtempSync(join(tmpdir(), "cli-in-process-"))
  })
  afterAll(() => {
    if (directory !== undefined) rmSync(directory, { recursive: true, force: true })
  })
  return {
    built: (): { readonly directory: string } => ({ directory: directory! }),
    cli: (args: ReadonlyArray<string>, input?: string | Buffer, env?: Readonly<Record<string, string>>) =>
      runInProcess(args, input === undefined ? "" : input.toString(), env)
  }
}
