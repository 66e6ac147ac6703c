/**
 * The service a command talks to and the merchant it talks as: `--base-url`,
 * `--merchant-id` and `--api-key`, each falling back to its environment
 * variable (PAYMENT_PLAN_BASE_URL, PAYMENT_PLAN_MERCHANT_ID,
 * PAYMENT_PLAN_API_KEY), so a session sets them once for `webhooks listen`,
 * `webhooks trigger` and `conformance` alike; a flag wins over its variable.
 * The variables are read from the command's environment (`Io.env`), so a test
 * gives its own.
 *
 * @module
 */
import type { Command } from "commander"
import { cannotReach } from "../../core/foundation/reach.ts"
import { type Io, refused, usage } from "./io.ts"

/** Each flag's variable. */
export const VARIABLES = {
  baseUrl: "PAYMENT_PLAN_BASE_URL",
  merchantId: "PAYMENT_PLAN_MERCHANT_ID",
  apiKey: "PAYMENT_PLAN_API_KEY"
} as const

/** The local sandbox (`payment-plan serve`, `npm start`): where the webhook commands go by default. */
export const LOCAL_SANDBOX = "http://127.0.0.1:4010"

/** What every command with these flags says in its help. */
export const FLAG_WINS =
  "Each of --base-url, --merchant-id and --api-key falls back to its environment variable; a flag wins over its variable."

export interface ConnectionFlags {
  readonly baseUrl?: string
  readonly merchantId?: string
  readonly apiKey?: string
}

export interface Connection {
  /** without a trailing slash */
  readonly baseUrl: string
  readonly merchantId: string
  readonly apiKey: string
}

/**
 * Adds the three flags; `baseUrl` says what the base URL is, `baseUrlDefault` is its default where
 * the command has one (else it is required, as the credentials are); `credentials` says when the
 * credentials are needed.
 */
export const addConnectionOptions = (
  command: Command,
  baseUrl: string,
  baseUrlDefault?: string,
  credentials = "required"
): Command =>
  command
    .option(
      "--base-url <url>",
      `${baseUrl} (env ${VARIABLES.baseUrl}; ${
        baseUrlDefault === undefined ? "required" : `default: ${baseUrlDefault}`
      })`
    )
    .option(
      "--merchant-id <id>",
      `the merchant whose credentials are used (env ${VARIABLES.merchantId}; ${credentials})`
    )
    .option("--api-key <key>", `the merchant's API key, never printed (env ${VARIABLES.apiKey}; ${credentials})`)

const FLAG_NAMES = { baseUrl: "--base-url <url>", merchantId: "--merchant-id <id>", apiKey: "--api-key <key>" } as const

const given = (
  value: string | undefined
): string | undefined => (value === undefined || value === "" ? undefined : value)

/**
 * One setting: the flag, else its variable, else the default; missing is a usage error naming both.
 */
const setting = (
  flags: ConnectionFlags,
  io: Io,
  name: keyof ConnectionFlags,
  fallback?: string
): string => {
  const value = given(flags[name]) ?? given((io.env ?? process.env)[VARIABLES[name]]) ?? fallback
  if (value === undefined) {
    throw usage(`required option '${FLAG_NAMES[name]}' not specified, nor the ${VARIABLES[name]} variable`)
  }
  return value
}

/** Whether the merchant's credentials are given at all (flag or variable), without requiring them. */
export const hasCredentials = (flags: ConnectionFlags, io: Io): boolean => {
  const env = io.env ?? process.env
  return given(flags.merchantId ?? env[VARIABLES.merchantId]) !== undefined ||
    given(flags.apiKey ?? env[VARIABLES.apiKey]) !== undefined
}

/** The service and the merchant, from the flags and the variables; `baseUrlDefault` where the command has one. */
export const readConnection = (flags: ConnectionFlags, io: Io, baseUrlDefault?: string): Connection => {
  const baseUrl = setting(flags, io, "baseUrl", baseUrlDefault).replace(/\/+$/, "")
  if (!URL.canParse(baseUrl)) throw usage(`--base-url (or $${VARIABLES.baseUrl}) must be a URL, got "${baseUrl}"`)
  return {
    baseUrl,
    merchantId: setting(flags, io, "merchantId"),
    apiKey: setting(flags, io, "apiKey")
  }
}

/** The request headers that authenticate as the merchant (HTTP Basic, as the service's API). */
const authorization = (connection: Connection): Record<string, string> => ({
  authorization: `Basic ${Buffer.from(`${connection.merchantId}:${connection.apiKey}`).toString("base64")}`
})

/** A service's answer: its status and its body as text. */
export interface Answer {
  readonly status: number
  readonly ok: boolean
  readonly text: string
}

/**
 * Sends one request to the service as the merchant (a JSON `body` if given). A service that cannot
 * be reached is a usage error, worded as every command words it: nothing was asked, so nothing was
 * refused (exit 2).
 */
export const ask = async (
  connection: Connection,
  method: "GET" | "PUT" | "POST" | "DELETE",
  path: string,
  body?: unknown
): Promise<Answer> => {
  let response: Response
  try {
    response = await fetch(`${connection.baseUrl}${path}`, {
      method,
      headers: { ...authorization(connection), ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) })
    })
  } catch (error) {
    throw usage(cannotReach(connection.baseUrl, error))
  }
  return { status: response.status, ok: response.ok, text: await response.text() }
}

/** The answer's body when it is 2xx; any other is refused (exit 1) with what the service said. */
export const accepted = (answer: Answer): string => {
  if (!answer.ok) throw refused(`the sandbox answered ${answer.status}: ${answer.text}`)
  return answer.text
}
