/**
 * The CLI tests run the BUILT command as a process, as a user does. `npm test`
 * runs vitest before `npm run build`, so each test file builds the binary itself
 * (tsup, no declarations) into a directory of its own inside the repository,
 * where node_modules and the package's own name resolve as they do for dist/.
 */
import { spawn } from "node:child_process"
import { randomUUID } from "node:crypto"
import { mkdirSync, rmSync, writeFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { build } from "tsup"
import { afterAll, beforeAll } from "vitest"
import { CLI_BUNDLED, CLI_REQUIRE_SHIM } from "../../../tsup.config.ts"

const root = fileURLToPath(new URL("../../../", import.meta.url))

export interface Built {
  readonly directory: string
  readonly cli: string
  readonly remove: () => void
}

export const buildCli = async (): Promise<Built> => {
  const directory = `${root}.cli-test-build/${randomUUID()}`
  mkdirSync(directory, { recursive: true })
  await build({
    config: false,
    entry: {
      cli: `${root}src/adapters/cli/main.ts`,
      "exposure-worker": `${root}src/adapters/cli/exposure/worker.ts`,
      sandbox: `${root}src/adapters/sandbox/index.ts`,
      client: `${root}src/adapters/client/index.ts`,
      conformance: `${root}src/conformance/index.ts`
    },
    outDir: directory,
    format: ["esm"],
    platform: "node",
    target: "node22",
    // as tsup.config.ts builds the binary: effect and the CLI's own libraries bundled in
    noExternal: CLI_BUNDLED,
    banner: { js: CLI_REQUIRE_SHIM },
    // `serve` loads the sandbox through the package's own export, resolved by the package.json below
    external: ["payment-plan-engine"],
    removeNodeProtocol: false,
    dts: false,
    sourcemap: false,
    silent: true
  })
  writeFileSync(
    `${directory}/package.json`,
    JSON.stringify({
      name: "payment-plan-engine",
      version: "0.0.0-test",
      type: "module",
      exports: { "./sandbox": "./sandbox.js", "./client": "./client.js", "./conformance": "./conformance.js" }
    })
  )
  return { directory, cli: `${directory}/cli.js`, remove: () => rmSync(directory, { recursive: true, force: true }) }
}

export interface Ran {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
}

/**
 * Runs the built binary with `args`, writing `input` (if any) to its stdin; `env` is added to the
 * environment; `node` is the Node.js that runs it (default: this test's).
 */
export const runCli = (
  cli: string,
  args: ReadonlyArray<string>,
  input?: string | Buffer,
  env: Readonly<Record<string, string>> = {},
  node: string = process.execPath
): Promise<Ran> =>
  new Promise((resolve, reject) => {
    const child = spawn(node, [cli, ...args], {
      stdio: ["pipe", "pipe", "pipe"],
      env: { ...process.env, ...env }
    })
    const out: Array<Buffer> = []
    const err: Array<Buffer> = []
    child.stdout.on("data", (b: Buffer) => out.push(b))
    child.stderr.on("data", (b: Buffer) => err.push(b))
    child.on("error", reject)
    child.on(
      "close",
      (code) =>
        resolve({ code, stdout: Buffer.concat(out).toString("utf8"), stderr: Buffer.concat(err).toString("utf8") })
    )
    child.stdin.on("error", () => {}) // the command may exit before reading all of its input
    child.stdin.end(input)
  })

export const example = (name: string) => fileURLToPath(new URL(`../../../examples/${name}`, import.meta.url))

/**
 * Builds the binary once for the calling test file (beforeAll) and removes it
 * afterwards; `cli` runs it, `built()` gives its directory for scratch files.
 */
export const useBuiltCli = () => {
  let current: Built | undefined
  beforeAll(async () => {
    current = await buildCli()
  }, 120_000)
  afterAll(() => current?.remove())
  return {
    built: (): Built => current!,
    cli: (args: ReadonlyArray<string>, input?: string | Buffer, env?: Readonly<Record<string, string>>) =>
      runCli(current!.cli, args, input, env)
  }
}
