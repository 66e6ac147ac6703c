/**
 * `payment-plan serve`: the local sandbox of the service (the package's
 * `./sandbox` export) on an HTTP port, until interrupted.
 *
 * The sandbox is loaded through the package's own export, as any user loads
 * it, so this adapter depends on the sandbox's published surface only. Its
 * settings are read by the sandbox's own reader, as `npm start` reads them:
 * a flag wins over its environment variable (PORT, HOST, SANDBOX_DB,
 * SANDBOX_MERCHANTS).
 *
 * @module
 */
import type { Command } from "commander"
import { isRecord } from "../../core/foundation/input.ts"
import type { Issue } from "../../core/foundation/issues.ts"
import { CliFailure, EXIT_USAGE, type Io } from "./io.ts"
import { examples } from "./options.ts"
import { loadSandbox } from "./sandbox-module.ts"

interface Settings {
  readonly port: number
  readonly host: string
  readonly database: string
  readonly merchants: string
  readonly webhookAllow: ReadonlyArray<string>
}

/** What `serve` needs of `payment-plan-engine/sandbox`. */
interface SandboxModule {
  readonly readSandboxSettings: (sources: {
    readonly flags?: { readonly [K in keyof Settings]?: string | undefined }
    readonly environment?: Readonly<Record<string, string | undefined>>
  }) =>
    | { readonly ok: true; readonly value: Settings }
    | { readonly ok: false; readonly issues: ReadonlyArray<Issue> }
  readonly startSandbox: (
    settings: Settings
  ) => Promise<
    { readonly url: string; readonly warnings: ReadonlyArray<string>; readonly close: () => Promise<void> }
  >
}

/**
 * What the sandbox refuses to start with, told by its tag (the sandbox is a
 * module of its own, so `instanceof` cannot tell): a merchants file that
 * cannot be used (`MerchantsFileError`, its issues naming each field),
 * options it refuses (`ValidationError`: a webhook target the allow-list
 * refuses, say) and an address it cannot listen on (`SandboxListenError`).
 * Each is the command's input gone wrong: a usage error, one line and the
 * issues, never a stack.
 */
const START_REFUSALS: ReadonlySet<unknown> = new Set(["MerchantsFileError", "ValidationError", "SandboxListenError"])

const startRefusal = (error: unknown, settings: Settings): CliFailure | undefined => {
  if (!isRecord(error) || !START_REFUSALS.has(error["_tag"])) return undefined
  const issues = Array.isArray(error["issues"]) ? (error["issues"] as ReadonlyArray<Issue>) : []
  const message = error["_tag"] === "ValidationError"
    ? `the sandbox refused its settings or the merchants file ${settings.merchants}:`
    : String(error["message"])
  return new CliFailure(EXIT_USAGE, message, issues)
}

export const registerServe = (program: Command, io: Io): void => {
  program
    .command("serve")
    .description(
      "Run the local sandbox of the service (checkouts, hosted widget, plans, refunds) until interrupted. " +
        "Each option falls back to its environment variable, as `npm start` reads them; an option wins over its variable."
    )
    .option(
      "--merchants <file>",
      "merchants JSON: ids, API keys (or their hashes) and configurations (env SANDBOX_MERCHANTS; required)"
    )
    .option("--port <port>", "port to listen on, 0 for any free port (env PORT; default: 4010)")
    .option("--host <host>", "address to listen on (env HOST; default: 127.0.0.1)")
    .option(
      "--database <file>",
      "SQLite file for the sandbox's data (env SANDBOX_DB; default: in memory, nothing kept)"
    )
    .option(
      "--webhook-allow <targets>",
      "where webhook endpoints may point, comma-separated: loopback, * (anywhere) or host[:port] " +
        "(env SANDBOX_WEBHOOK_ALLOW; default: loopback)"
    )
    .addHelpText(
      "after",
      examples([
        "payment-plan serve --merchants sandbox-merchants.json",
        "payment-plan serve --merchants sandbox-merchants.json --port 8080 --database .sandbox/data.sqlite",
        "PORT=8080 SANDBOX_MERCHANTS=sandbox-merchants.json payment-plan serve",
        "payment-plan serve --merchants merchants.json --webhook-allow loopback,hooks.internal:8080"
      ])
    )
    .action(async (
      flags: { merchants?: string; port?: string; host?: string; database?: string; webhookAllow?: string }
    ) => {
      const sandbox = await loadSandbox<SandboxModule>("serve")
      const read = sandbox.readSandboxSettings({ flags, environment: io.env ?? process.env })
      if (!read.ok) throw new CliFailure(EXIT_USAGE, "the sandbox's settings were refused:", read.issues)
      const settings = read.value
      let running
      try {
        running = await sandbox.startSandbox(settings)
      } catch (error) {
        throw startRefusal(error, settings) ?? error
      }
      io.stdout.write(`payment-plan sandbox listening on ${running.url} (data: ${settings.database})\n`)
      for (const warning of running.warnings) io.stderr.write(`payment-plan: warning: ${warning}\n`)
      await new Promise<void>((resolve) => {
        const stop = () => {
          process.off("SIGINT", stop)
          process.off("SIGTERM", stop)
          resolve()
        }
        process.on("SIGINT", stop)
        process.on("SIGTERM", stop)
      })
      await running.close()
    })
}
