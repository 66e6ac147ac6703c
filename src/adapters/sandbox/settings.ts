/**
 * The settings of a sandbox process: where it listens, where it keeps its data
 * and whose merchants it serves. One reader for every way of starting it
 * (`npm start`, `payment-plan serve`, your own script), so the same
 * environment variables mean the same thing everywhere, and a flag wins over
 * its variable.
 *
 * @module
 */
import type { Issue, Validation } from "../../core/foundation/issues.ts"
import { hostList } from "./hosts.ts"
import { REQUEST_LOG_FORMATS, type RequestLogFormat } from "./log.ts"
import { DEFAULT_HOST, DEFAULT_PORT, publicUrlIssues } from "./server.ts"
import { DEFAULT_WEBHOOK_ALLOW, webhookTargets } from "./webhooks/targets.ts"

/**
 * What a sandbox process needs to start: the options `startSandbox` takes for them.
 *
 * @category Sandbox
 * @since 0.1.0
 */
export interface SandboxSettings {
  /** TCP port; `0` picks a free one. */
  readonly port: number
  /** Address to listen on. */
  readonly host: string
  /** SQLite file of the sandbox's data; `:memory:` keeps nothing. */
  readonly database: string
  /**
   * Path of the merchants file (JSON). Not set when neither the flag, the
   * variable nor the defaults give one: the one starting the sandbox says
   * what then (`payment-plan serve` starts the demo merchants).
   */
  readonly merchants?: string
  /**
   * Where webhook endpoints may point: `loopback`, `*`, or `host[:port]`
   * entries (`createSandbox`'s `webhookAllow`); default `["loopback"]`.
   */
  readonly webhookAllow: ReadonlyArray<string>
  /**
   * More hosts the server answers for (`startSandbox`'s `allowedHosts`), as
   * `webhookAllow`'s entries; loopback, its own address and its public URL's
   * host are always accepted. Default none.
   */
  readonly allowedHosts: ReadonlyArray<string>
  /** Where the sandbox is reached, the start of every address it writes (`startSandbox`'s `publicUrl`). */
  readonly publicUrl?: string
  /** The request log on standard error: `pretty`, `json` or `off`; default `pretty` on a terminal, else `json`. */
  readonly log: RequestLogFormat
}

/**
 * Each setting's command-line flag and environment variable.
 *
 * @category Sandbox
 * @since 0.1.0
 */
export const SANDBOX_SETTINGS = {
  port: { flag: "--port", variable: "PORT" },
  host: { flag: "--host", variable: "HOST" },
  database: { flag: "--database", variable: "SANDBOX_DB" },
  merchants: { flag: "--merchants", variable: "SANDBOX_MERCHANTS" },
  webhookAllow: { flag: "--webhook-allow", variable: "SANDBOX_WEBHOOK_ALLOW" },
  allowedHosts: { flag: "--allowed-host", variable: "SANDBOX_ALLOWED_HOSTS" },
  publicUrl: { flag: "--public-url", variable: "SANDBOX_PUBLIC_URL" },
  log: { flag: "--log", variable: "SANDBOX_LOG" }
} as const

/**
 * Where {@link readSandboxSettings} looks, strongest first: `flags`, then
 * `environment`, then `defaults`. A flag or variable that is undefined or
 * empty is not set.
 *
 * @category Sandbox
 * @since 0.1.0
 */
export interface SandboxSettingsSources {
  /** Values given on a command line, as text (`{ port: "8080", webhookAllow: "loopback,hooks.test:8080" }`). */
  readonly flags?: { readonly [K in keyof SandboxSettings]?: string | undefined }
  /** The process environment (default `process.env`). */
  readonly environment?: Readonly<Record<string, string | undefined>>
  /**
   * What applies when neither says: port 4010, host 127.0.0.1, database
   * `:memory:`, webhooks to loopback only, no more accepted hosts, the
   * sandbox's own address as its public URL, unless given here. The merchants
   * file has no default unless given here.
   */
  readonly defaults?: Partial<SandboxSettings>
  /** Whether the request log goes to a terminal (default: whether standard error is one): its default format. */
  readonly terminal?: boolean
}

const given = (
  value: string | undefined
): string | undefined => (value === undefined || value === "" ? undefined : value)

/**
 * Reads the sandbox's settings: each from its flag, else its environment
 * variable (`PORT`, `HOST`, `SANDBOX_DB`, `SANDBOX_MERCHANTS`,
 * `SANDBOX_WEBHOOK_ALLOW` and `SANDBOX_ALLOWED_HOSTS`, comma-separated
 * lists, `SANDBOX_PUBLIC_URL`, `SANDBOX_LOG`), else the default. A port that
 * is not a whole number from 0 to 65535, a webhook target or an accepted
 * host that is not `loopback`, `*` or `host[:port]`, a public URL that is not
 * an absolute http(s) URL, or a log format other than `pretty`, `json` and
 * `off`, is an issue whose path names the flag or variable it came from.
 *
 * @example
 * ```ts
 * import { readSandboxSettings } from "payment-plan-engine/sandbox"
 * const read = readSandboxSettings({
 *   flags: { port: "8080" },
 *   environment: { PORT: "4404", SANDBOX_MERCHANTS: "merchants.json" }
 * })
 * if (read.ok) console.log(read.value) // { port: 8080, host: "127.0.0.1", database: ":memory:", merchants: "merchants.json", webhookAllow: ["loopback"], allowedHosts: [], log: "json" }
 * else console.error(read.issues) // each with the flag or variable it came from as its path
 * // then: await startSandbox(read.value)
 * ```
 * @category Sandbox
 * @since 0.1.0
 */
export const readSandboxSettings = (sources: SandboxSettingsSources = {}): Validation<SandboxSettings> => {
  const environment = sources.environment ?? process.env
  const defaults = sources.defaults ?? {}
  const issues: Array<Issue> = []
  /** The value and the name it was given under (flag or variable), or undefined. */
  const lookup = (key: keyof SandboxSettings): { readonly value: string; readonly from: string } | undefined => {
    const { flag, variable } = SANDBOX_SETTINGS[key]
    const fromFlag = given(sources.flags?.[key])
    if (fromFlag !== undefined) return { value: fromFlag, from: flag }
    const fromVariable = given(environment[variable])
    return fromVariable === undefined ? undefined : { value: fromVariable, from: variable }
  }

  const portText = lookup("port")
  let port = defaults.port ?? DEFAULT_PORT
  if (portText !== undefined) {
    port = /^\d{1,5}$/.test(portText.value) ? Number(portText.value) : Number.NaN
    if (!(port <= 65_535)) {
      issues.push({
        path: portText.from,
        code: "range",
        rule: "sandbox",
        message: `must be a port number from 0 to 65535, got ${JSON.stringify(portText.value)}`
      })
    }
  }
  const list = (key: "webhookAllow" | "allowedHosts") => {
    const text = lookup(key)
    if (text === undefined) return undefined
    const entries = text.value.split(",").map((entry) => entry.trim()).filter((entry) => entry !== "")
    return { entries, from: text.from }
  }
  const allow = list("webhookAllow")
  if (allow !== undefined) issues.push(...webhookTargets(allow.entries, allow.from).issues)
  const hosts = list("allowedHosts")
  if (hosts !== undefined) issues.push(...hostList(hosts.entries, hosts.from).issues)
  const publicUrl = lookup("publicUrl")
  if (publicUrl !== undefined) issues.push(...publicUrlIssues(publicUrl.value, publicUrl.from))
  const logText = lookup("log")
  const terminal = sources.terminal ?? process.stderr.isTTY === true
  let log: RequestLogFormat = defaults.log ?? (terminal ? "pretty" : "json")
  if (logText !== undefined) {
    if (REQUEST_LOG_FORMATS.includes(logText.value as RequestLogFormat)) log = logText.value as RequestLogFormat
    else {
      issues.push({
        path: logText.from,
        code: "enum",
        rule: "sandbox",
        message: `must be ${REQUEST_LOG_FORMATS.slice(0, -1).join(", ")} or ${REQUEST_LOG_FORMATS.at(-1)}, got ${
          JSON.stringify(logText.value)
        }`
      })
    }
  }
  if (issues.length > 0) return { ok: false, issues, warnings: [] }
  const merchants = lookup("merchants")?.value ?? defaults.merchants
  const publicUrlValue = publicUrl?.value ?? defaults.publicUrl
  return {
    ok: true,
    value: {
      port,
      host: lookup("host")?.value ?? defaults.host ?? DEFAULT_HOST,
      database: lookup("database")?.value ?? defaults.database ?? ":memory:",
      ...(merchants !== undefined ? { merchants } : {}),
      webhookAllow: allow?.entries ?? defaults.webhookAllow ?? DEFAULT_WEBHOOK_ALLOW,
      allowedHosts: hosts?.entries ?? defaults.allowedHosts ?? [],
      ...(publicUrlValue !== undefined ? { publicUrl: publicUrlValue } : {}),
      log
    },
    warnings: []
  }
}
