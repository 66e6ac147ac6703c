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
import { DEFAULT_HOST, DEFAULT_PORT } from "./server.ts"
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
  /** Path of the merchants file (JSON). */
  readonly merchants: string
  /**
   * Where webhook endpoints may point: `loopback`, `*`, or `host[:port]`
   * entries (`createSandbox`'s `webhookAllow`); default `["loopback"]`.
   */
  readonly webhookAllow: ReadonlyArray<string>
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
  webhookAllow: { flag: "--webhook-allow", variable: "SANDBOX_WEBHOOK_ALLOW" }
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
   * `:memory:` and webhooks to loopback only unless given here. The merchants file has no default unless
   * given here: without one it is required.
   */
  readonly defaults?: Partial<SandboxSettings>
}

const given = (
  value: string | undefined
): string | undefined => (value === undefined || value === "" ? undefined : value)

/**
 * Reads the sandbox's settings: each from its flag, else its environment
 * variable (`PORT`, `HOST`, `SANDBOX_DB`, `SANDBOX_MERCHANTS`,
 * `SANDBOX_WEBHOOK_ALLOW`, a comma-separated list), else the default. A port
 * that is not a whole number from 0 to 65535, a webhook target that is not
 * `loopback`, `*` or `host[:port]`, or a missing merchants file name, is an
 * issue whose path names the flag or variable it came from.
 *
 * @example
 * ```ts
 * import { readSandboxSettings } from "payment-plan-engine/sandbox"
 * const read = readSandboxSettings({
 *   flags: { port: "8080" },
 *   environment: { PORT: "4404", SANDBOX_MERCHANTS: "merchants.json" }
 * })
 * if (read.ok) console.log(read.value) // { port: 8080, host: "127.0.0.1", database: ":memory:", merchants: "merchants.json", webhookAllow: ["loopback"] }
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
  const allowText = lookup("webhookAllow")
  let webhookAllow = defaults.webhookAllow ?? DEFAULT_WEBHOOK_ALLOW
  if (allowText !== undefined) {
    webhookAllow = allowText.value.split(",").map((entry) => entry.trim()).filter((entry) => entry !== "")
    issues.push(...webhookTargets(webhookAllow, allowText.from).issues)
  }
  const merchants = lookup("merchants")?.value ?? defaults.merchants
  if (merchants === undefined) {
    issues.push({
      path: SANDBOX_SETTINGS.merchants.flag,
      code: "required",
      rule: "sandbox",
      message:
        `the merchants file is required: give ${SANDBOX_SETTINGS.merchants.flag} FILE or set ${SANDBOX_SETTINGS.merchants.variable}`
    })
  }
  if (issues.length > 0 || merchants === undefined) return { ok: false, issues, warnings: [] }
  return {
    ok: true,
    value: {
      port,
      host: lookup("host")?.value ?? defaults.host ?? DEFAULT_HOST,
      database: lookup("database")?.value ?? defaults.database ?? ":memory:",
      merchants,
      webhookAllow
    },
    warnings: []
  }
}
