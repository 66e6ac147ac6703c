/**
 * Below Node.js 22.19 (package.json "engines": effect's floor, and node:sqlite
 * unflagged), every command that needs the sandbox's node:sqlite says so in
 * one line naming the version it found, exit 2, never a stack. The process is
 * the point: the built binary is run by an older Node.js of this machine (the
 * system's; the tests themselves run on the pinned one).
 */
import { spawnSync } from "node:child_process"
import { existsSync, readFileSync } from "node:fs"
import { delimiter, join } from "node:path"
import { describe, expect, it } from "vitest"
import { NODE_FLOOR, nodeRefusal } from "../../../src/adapters/cli/sandbox-module.ts"
import { example, runCli, useBuiltCli } from "./built-cli.ts"

const { built } = useBuiltCli()

/** `major.minor.patch` as numbers. */
const parts = (version: string) => version.replace(/^v/, "").split(".").map(Number)
const below = (version: string, floor: string) => {
  const [a = 0, b = 0] = parts(version)
  const [c = 0, d = 0] = parts(floor)
  return a < c || (a === c && b < d)
}

/** A Node.js older than the floor on this machine (the system's, off node_modules/.bin), if any. */
const oldNode = ((): { readonly path: string; readonly version: string } | undefined => {
  const candidates = [
    ...(process.env["PATH"] ?? "").split(delimiter).filter((d) => !d.includes("node_modules")).map((d) =>
      join(d, "node")
    ),
    "/usr/bin/node",
    "/usr/local/bin/node"
  ]
  for (const path of new Set(candidates)) {
    if (!existsSync(path)) continue
    const ran = spawnSync(path, ["-p", "process.version"], { encoding: "utf8" })
    const version = ran.stdout?.trim() ?? ""
    if (ran.status === 0 && /^v\d+\.\d+\.\d+$/.test(version) && below(version, NODE_FLOOR)) return { path, version }
  }
  return undefined
})()

describe("the Node.js floor", () => {
  it("is package.json's engines, which effect's own floor sets", () => {
    const pkg = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8"))
    expect(pkg.engines.node).toBe(`>=${NODE_FLOOR}`)
  })

  it("refuses each version below it, in one line naming the version found; none at or above it", () => {
    for (const version of ["v20.20.2", "v22.5.0", "v22.18.9", "v21.99.0", "v18.0.0"]) {
      const refusal = nodeRefusal("payment-plan serve", version)
      expect(refusal?.exitCode, version).toBe(2)
      expect(refusal?.message).toBe(
        `payment-plan serve needs Node.js ${NODE_FLOOR} or later (the sandbox runs on node:sqlite); this is Node.js ${version}`
      )
    }
    // 22.9 is below 22.19: versions compare as numbers, not text
    for (const version of ["v22.19.0", "v22.20.1", "v23.0.0", "v24.21.0", "v100.0.0"]) {
      expect(nodeRefusal("payment-plan serve", version), version).toBeUndefined()
    }
  })
})

describe.skipIf(oldNode === undefined)(
  `commands that need node:sqlite, run by ${oldNode?.version ?? "(skipped: no Node.js below 22.19 on this machine)"}`,
  () => {
    const run = (args: ReadonlyArray<string>, input?: string) =>
      runCli(built().cli, args, input, { PORT: "0" }, oldNode!.path)

    it.each([
      ["serve", ["serve", "--merchants", example("sandbox-merchants.json"), "--port", "0"]],
      [
        "calculate-refund --merchant <sandbox merchants file>",
        ["calculate-refund", "--merchant", example("sandbox-merchants.json"), "--merchant-id", "merchant-123"]
      ],
      [
        "validate --merchant <sandbox merchants file>",
        ["validate", example("checkout-request.json"), "--merchant", example("sandbox-merchants.json")]
      ]
    ])("%s: one line, the version found, exit 2", async (_, args) => {
      const ran = await run(args, "{}")
      expect(ran.code, ran.stderr).toBe(2)
      expect(ran.stdout).toBe("")
      expect(ran.stderr).toMatch(
        new RegExp(
          `^payment-plan: .+ needs Node\\.js 22\\.19 or later \\(the sandbox runs on node:sqlite\\); this is Node\\.js ${
            oldNode!.version.replaceAll(".", "\\.")
          }\\n$`
        )
      )
    })

    it("a command that needs no sandbox still answers", async () => {
      const ran = await run(["summarize", example("checkout-request.json"), "--now", "2026-11-22T00:00:00Z"])
      expect(ran.code, ran.stderr).toBe(0)
      expect(JSON.parse(ran.stdout).totalCost).toBe(1100)
    })
  }
)

describe("the built binary", () => {
  it("--version prints the version of the package.json beside it", async () => {
    const ran = await runCli(built().cli, ["--version"])
    expect(ran.code).toBe(0)
    expect(ran.stdout.trim()).toBe("0.0.0-test")
  })
})
