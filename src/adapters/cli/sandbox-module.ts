/**
 * The sandbox (`payment-plan-engine/sandbox`), loaded through the package's own
 * export as any user loads it, by every command that needs it: `serve`, and a
 * sandbox merchants file given as `--merchant`. The sandbox keeps its data in
 * `node:sqlite`, which Node.js has unflagged from 22.13 and the package's floor
 * (package.json "engines", effect's own) is 22.19: below it the module cannot
 * load, so the command says so in one line naming the version it found, a
 * usage error (exit 2), before trying.
 *
 * @module
 */
import { CliFailure, EXIT_USAGE } from "./io.ts"

const SANDBOX = "payment-plan-engine/sandbox"

/** The oldest Node.js the package runs on: package.json "engines" (a test holds them together). */
export const NODE_FLOOR = "22.19"

const majorMinor = (version: string): readonly [number, number] => {
  const [major = 0, minor = 0] = version.replace(/^v/, "").split(".").map(Number)
  return [major, minor]
}

/** The refusal of `what` on Node.js `version` (`process.version`'s form), or undefined at or above the floor. */
export const nodeRefusal = (what: string, version: string): CliFailure | undefined => {
  const [major, minor] = majorMinor(version)
  const [floorMajor, floorMinor] = majorMinor(NODE_FLOOR)
  if (major > floorMajor || (major === floorMajor && minor >= floorMinor)) return undefined
  return new CliFailure(
    EXIT_USAGE,
    `${what} needs Node.js ${NODE_FLOOR} or later (the sandbox runs on node:sqlite); this is Node.js ${version}`
  )
}

/** The sandbox module, typed as `what` needs it; refused below the Node.js floor. */
export const loadSandbox = async <Module>(what: string): Promise<Module> => {
  const refusal = nodeRefusal(what, process.version)
  if (refusal !== undefined) throw refusal
  return (await import(SANDBOX)) as Module
}
