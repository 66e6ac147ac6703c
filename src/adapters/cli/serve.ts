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
  readonly merchants?: string
  readonly webhookAllow: ReadonlyArray<string>
  readonly allowedHosts: ReadonlyArray<string>
  readonly publicUrl?: string
  readonly log: "pretty" | "json" | "off"
}

type Flags = { readonly [K in keyof Settings]?: string | undefined }

/** A merchant of a merchants file, as far as printing its credentials goes. */
interface FileMerchant {
  readonly id: string
  readonly apiKey?: string
}

/** What `serve` needs of `payment-plan-engine/sandbox`. */
interface SandboxModule {
  readonly readSandboxSettings: (sources: {
    readonly flags?: Flags
    readonly environment?: Readonly<Record<string, string | undefined>>
    readonly terminal?: boolean
  }) =>
    | { readonly ok: true; readonly value: Settings }
    | { readonly ok: false; readonly issues: ReadonlyArray<Issue> }
  readonly startSandbox: (
    settings: Omit<Settings, "merchants"> & {
      readonly merchants: string | ReadonlyArray<unknown>
      readonly logTo: (text: string) => void
      readonly onHashProgress: (hashed: number, total: number) => void
    }
  ) => Promise<
    { readonly url: string; readonly warnings: ReadonlyArray<string>; readonly close: () => Promise<void> }
  >
  readonly DEMO_MERCHANTS: { readonly merchants: ReadonlyArray<FileMerchant> }
  readonly loadMerchants: (file: unknown) => ReadonlyArray<unknown>
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
    ? `the sandbox refused its settings or the merchants file ${settings.merchants ?? "(the demo merchants)"}:`
    : String(error["message"])
  return new CliFailure(EXIT_USAGE, message, issues)
}

/** The fewest plain keys whose hashing is shown: about a second of scrypt; fewer start at once. */
const PROGRESS_FROM = 20

/**
 * Progress of hashing plain keys, on stderr: a line at the start, at each
 * tenth and at the end (a file of many plain keys takes a while to start).
 */
const hashProgress = (io: Io) => {
  let shown = -1
  return (hashed: number, total: number) => {
    const tenth = Math.floor((hashed * 10) / total)
    if (total < PROGRESS_FROM || (tenth === shown && hashed !== total)) return
    shown = tenth
    io.stderr.write(
      `payment-plan: hashing ${total} plain API keys (store apiKeyHash values to skip this): ${hashed} of ${total}\n`
    )
  }
}

/** The credentials of the merchants with a plain key (the demo's are published), as `npm start` prints them. */
const credentials = (merchants: ReadonlyArray<FileMerchant>): string =>
  merchants
    .filter((m) => m.apiKey !== undefined)
    .map((m) =>
      `  merchant id: ${m.id}\n  API key:     ${m.apiKey}\n  Authorization: Basic ${
        Buffer.from(`${m.id}:${m.apiKey}`).toString("base64")
      }\n`
    )
    .join("\n")

/** Runs the sandbox until SIGINT or SIGTERM. */
const serve = async (io: Io, { allowedHost, ...flags }: Omit<Flags, "allowedHosts"> & { allowedHost?: string }) => {
  const sandbox = await loadSandbox<SandboxModule>("serve")
  const read = sandbox.readSandboxSettings({
    // --allowed-host is one host a time (repeatable), the setting a list
    flags: { ...flags, allowedHosts: allowedHost },
    environment: io.env ?? process.env,
    terminal: io.stderr.isTTY === true
  })
  if (!read.ok) throw new CliFailure(EXIT_USAGE, "the sandbox's settings were refused:", read.issues)
  const settings = read.value
  // no merchants file: the demo merchants, whose published keys are printed below
  const demo = settings.merchants === undefined ? sandbox.DEMO_MERCHANTS : undefined
  let running
  try {
    running = await sandbox.startSandbox({
      ...settings,
      merchants: demo === undefined ? settings.merchants! : sandbox.loadMerchants(demo),
      logTo: (text) => void io.stderr.write(text),
      onHashProgress: hashProgress(io)
    })
  } catch (error) {
    throw startRefusal(error, settings) ?? error
  }
  // the signals are heard before anything is said: whoever reads the first line may stop it at once
  const stopped = new Promise<void>((resolve) => {
    const stop = () => {
      process.off("SIGINT", stop)
      process.off("SIGTERM", stop)
      resolve()
    }
    process.on("SIGINT", stop)
    process.on("SIGTERM", stop)
  })
  io.stdout.write(
    `payment-plan sandbox listening on ${running.url} (data: ${settings.database})\n` +
      (demo === undefined
        ? ""
        : `\nDemo merchants (no --merchants file; their keys are published: anyone has them)\n${
          credentials(demo.merchants)
        }`)
  )
  for (const warning of running.warnings) io.stderr.write(`payment-plan: warning: ${warning}\n`)
  await stopped
  await running.close()
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
      "merchants JSON: ids, API keys (or their hashes) and configurations (env SANDBOX_MERCHANTS; " +
        "default: the demo merchants, their credentials printed)"
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
    .option(
      "--allowed-host <hosts>",
      "more hosts to answer for (a request's Host), comma-separated or repeated: host[:port], loopback or * " +
        "(env SANDBOX_ALLOWED_HOSTS; loopback, the address listened on and the public URL's host always; " +
        "any other is refused with 421)",
      (value: string, previous: string | undefined) => (previous === undefined ? value : `${previous},${value}`)
    )
    .option(
      "--public-url <url>",
      "where the sandbox is reached, the start of every address it writes: widget, script, plan links " +
        "(env SANDBOX_PUBLIC_URL; default: the address listened on)"
    )
    .option(
      "--log <format>",
      "a line per request on stderr (time, request id, merchant, method, path, status, ms): pretty, json or off " +
        "(env SANDBOX_LOG; default: pretty on a terminal, else json)"
    )
    .addHelpText(
      "after",
      examples([
        "payment-plan serve --merchants sandbox-merchants.json",
        "payment-plan serve --merchants sandbox-merchants.json --port 8080 --database .sandbox/data.sqlite",
        "PORT=8080 SANDBOX_MERCHANTS=sandbox-merchants.json payment-plan serve",
        "payment-plan serve --merchants merchants.json --webhook-allow loopback,hooks.internal:8080",
        "payment-plan serve --host 0.0.0.0 --public-url https://sandbox.staging.example --merchants team.json",
        "payment-plan serve --log json 2> requests.jsonl"
      ])
    )
    .action((flags: Omit<Flags, "allowedHosts"> & { allowedHost?: string }) => serve(io, flags))
}
