/**
 * Runs the `payment-plan` command tree in this process (`run` of program.ts,
 * what the binary's main.ts calls) with in-memory streams: a CLI test that is
 * about what a command answers, not about the process, needs no build and no
 * spawn. The package's own exports (`payment-plan-engine/sandbox`, `/client`,
 * `/conformance`) resolve to the sources through vitest.config.ts's alias.
 */
import { PassThrough, Readable } from "node:stream"
import { fileURLToPath } from "node:url"
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

/**
 * Runs `args`; `stdin` is what is piped (a string, possibly empty), or
 * `"terminal"` for an interactive terminal with nothing piped; `env` is the
 * environment the commands read (default: none, so the machine's own
 * `PAYMENT_PLAN_API_KEY` or `PORT` never leak into a test).
 */
export const runInProcess = async (
  args: ReadonlyArray<string>,
  stdin: string | "terminal" = "terminal",
  env: Readonly<Record<string, string | undefined>> = {}
): Promise<Ran> => {
  const input = stdin === "terminal"
    ? Object.assign(Readable.from([]), { isTTY: true })
    : Readable.from(stdin === "" ? [] : [Buffer.from(stdin)])
  const out = collect()
  const err = collect()
  const code = await run(args, { stdin: input, stdout: out.stream, stderr: err.stream, env })
  return { code, stdout: out.text(), stderr: err.text() }
}

export const example = (name: string) => fileURLToPath(new URL(`../../../examples/${name}`, import.meta.url))
