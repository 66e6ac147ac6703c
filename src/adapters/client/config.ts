/**
 * The client's configuration: what a merchant passes, checked and completed
 * with defaults once, before any request. The merchant id is checked by the
 * core's own schema of a checkout request's `merchantId` (R4.1, R4.3), so an
 * id the service could never authenticate is refused here, not at the first
 * call.
 *
 * @module
 */
import * as Duration from "effect/Duration"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as Result from "effect/Result"
import * as Schedule from "effect/Schedule"
import * as Schema from "effect/Schema"
import { CheckoutRequest } from "../../core/checkout/index.ts"
import { isRecord } from "../../core/foundation/input.ts"
import { type Issue, issue, requestValidator } from "../../core/foundation/issues.ts"
import { OPERATIONS, type Routes, withRoutes } from "../../core/wire/routes.ts"
import type { Authorization } from "./auth.ts"
import { InvalidOptionsError } from "./errors.ts"
import { type IdempotencyKeys, type RetrySchedule, retrySchedule } from "./retry.ts"

/**
 * Any WHATWG `fetch`, or a handler with the same shape (`(Request) => Promise<Response>`,
 * the sandbox's, say). The client always calls it with one `Request`.
 *
 * @category Client
 * @since 0.1.0
 */
export type FetchLike = (request: Request) => Promise<Response>

/**
 * When and how a failed request is tried again, as numbers: the form earlier
 * versions took, read into the same schedule {@link retrySchedule} builds.
 *
 * @deprecated Pass a `Schedule` as `retry` (`retrySchedule({ retries, base, cap, budget })` builds the
 * default kind), and `idempotencyKeyHeader` as an option of its own.
 * @category Client
 * @since 0.1.0
 */
export interface RetryOptions {
  /** Retries after the first attempt (0 turns retries off). Default 3. */
  readonly maxRetries: number
  /** Cap of the first backoff; it doubles on every retry. Default 200 ms. */
  readonly baseDelayMs: number
  /** Largest backoff before jitter. Default 5 000 ms. */
  readonly maxDelayMs: number
  /** No retry waits or starts past this many milliseconds after the first failure. Default 30 000 ms. */
  readonly maxElapsedMs: number
  /** Header carrying the idempotency key of a POST. Default `Idempotency-Key`. */
  readonly idempotencyKeyHeader: string
}

/**
 * The default of the deprecated numeric retry options.
 *
 * @internal
 */
export const DEFAULT_RETRY = {
  maxRetries: 3,
  baseDelayMs: 200,
  maxDelayMs: 5_000,
  maxElapsedMs: 30_000
} as const

/** The default header of an idempotency key. */
const DEFAULT_IDEMPOTENCY_KEY_HEADER = "Idempotency-Key"

/**
 * Default time limit of one attempt, response body included.
 *
 * @internal
 */
export const DEFAULT_TIMEOUT_MS = 10_000

/**
 * What `createClient` and `PaymentPlanClient.layer` take.
 *
 * @example
 * ```ts
 * import type { ClientOptions } from "payment-plan-engine/client"
 * const options: ClientOptions = {
 *   baseUrl: "http://127.0.0.1:4010",
 *   merchantId: "merchant-123",
 *   apiKey: process.env.PAYMENT_PLAN_API_KEY!
 * }
 * ```
 * @category Client
 * @since 0.1.0
 */
export interface ClientOptions {
  /** The service's base address (`{base_url}`), an absolute http(s) URL; a path prefix is kept. */
  readonly baseUrl: string | URL
  readonly merchantId: string
  /** The merchant's API key; kept redacted, never shown. */
  readonly apiKey: string | Redacted.Redacted<string>
  /** The transport; default `globalThis.fetch`. */
  readonly fetch?: FetchLike | undefined
  /** Time limit of one attempt, response body included: a `Duration` or its input (`"5 seconds"`, millis); default 10 seconds. */
  readonly timeout?: Duration.Input | undefined
  /**
   * Time limit of one attempt in milliseconds.
   *
   * @deprecated Use `timeout`, a `Duration` (`timeout: "10 seconds"`).
   */
  readonly timeoutMs?: number | undefined
  /**
   * When a failed request is tried again: a `Schedule` of the failures, which
   * replaces the default ({@link retrySchedule}: 3 retries, exponential backoff
   * with full jitter from 200 ms to 5 s, within 30 s), or `false` for no retries.
   * The schedule decides among the failures that are safe to try again (never
   * a POST that may have acted, docs/client.md); a 429's `Retry-After` is
   * waited at least. The numeric form is deprecated.
   */
  readonly retry?: RetrySchedule | Partial<RetryOptions> | false | undefined
  /**
   * `"honoured"` when the service is known to honour idempotency keys: POSTs
   * then carry one and are retried like GETs. Default `"unknown"`.
   */
  readonly idempotencyKeys?: IdempotencyKeys | undefined
  /** Header carrying the idempotency key of a POST. Default `Idempotency-Key`. */
  readonly idempotencyKeyHeader?: string | undefined
  /** Routes replacing the defaults of the core's table. */
  readonly routes?: Partial<Routes> | undefined
  /** The `Authorization` header; default `Basic base64(merchantId:apiKey)`. */
  readonly authorization?: Authorization | undefined
}

/**
 * The checked configuration (not exported from the entry).
 *
 * @since 0.1.0
 */
export interface ClientConfig {
  readonly baseUrl: URL
  readonly merchantId: string
  readonly apiKey: Redacted.Redacted<string>
  readonly fetch: FetchLike
  readonly timeoutMs: number
  readonly retry: RetrySchedule
  readonly idempotencyKeys: IdempotencyKeys
  readonly idempotencyKeyHeader: string
  readonly routes: Routes
  readonly authorization: Authorization | undefined
}

const RULE = "client"

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/

const OPTION_NAMES: ReadonlySet<string> = new Set([
  "baseUrl",
  "merchantId",
  "apiKey",
  "fetch",
  "timeout",
  "timeoutMs",
  "retry",
  "idempotencyKeys",
  "idempotencyKeyHeader",
  "routes",
  "authorization"
])

const RETRY_NAMES: ReadonlySet<string> = new Set([...Object.keys(DEFAULT_RETRY), "idempotencyKeyHeader"])

/** Options replaced by others, and what to use instead. */
const REPLACED: Readonly<Record<string, string>> = {
  "retry.idempotencyKeys": "was replaced by the option idempotencyKeys (\"honoured\" | \"unknown\")"
}

/** The entries whose value is not `undefined`: an option set to undefined is absent. */
const defined = (record: Readonly<Record<string, unknown>>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined))

const unknownOptions = (issues: Array<Issue>, prefix: string, given: object, known: ReadonlySet<string>): void => {
  for (const name of Object.keys(given)) {
    if (known.has(name)) continue
    const path = `${prefix}${name}`
    issues.push(issue(path, "unknown_field", RULE, REPLACED[path] ?? `is not an option (${[...known].join(", ")})`))
  }
}

/**
 * The merchant id as the core checks a checkout request's (R4.1: 5 to 256
 * characters; R4.3: no spaces or line breaks): the same schema, not a copy.
 */
const checkMerchantId = requestValidator(
  Schema.Struct({ merchantId: CheckoutRequest.fields.merchantId }),
  "R4.1"
)

const wholeAtLeast = (issues: Array<Issue>, path: string, value: unknown, min: number): void => {
  if (typeof value !== "number" || !Number.isSafeInteger(value)) {
    issues.push(issue(path, "type", RULE, "must be a whole number"))
  } else if (value < min) issues.push(issue(path, "range", RULE, `must be at least ${min}`))
}

/** A retry policy: a `Schedule`, `false` for none, or the deprecated numbers read into the default kind of schedule. */
const retryOf = (
  input: unknown,
  issues: Array<Issue>
): { readonly schedule: RetrySchedule; readonly header?: unknown } => {
  if (input === undefined) return { schedule: retrySchedule() }
  if (input === false) return { schedule: retrySchedule({ retries: 0 }) }
  if (Schedule.isSchedule(input)) return { schedule: input as RetrySchedule }
  if (!isRecord(input)) {
    issues.push(issue("retry", "type", RULE, "must be a Schedule, false, or (deprecated) an object of numbers"))
    return { schedule: retrySchedule() }
  }
  const given = defined(input)
  unknownOptions(issues, "retry.", given, RETRY_NAMES)
  const retry = { ...DEFAULT_RETRY, ...(given as Partial<RetryOptions>) }
  wholeAtLeast(issues, "retry.maxRetries", retry.maxRetries, 0)
  wholeAtLeast(issues, "retry.baseDelayMs", retry.baseDelayMs, 0)
  wholeAtLeast(issues, "retry.maxDelayMs", retry.maxDelayMs, 0)
  wholeAtLeast(issues, "retry.maxElapsedMs", retry.maxElapsedMs, 0)
  return {
    schedule: retrySchedule({
      retries: retry.maxRetries,
      base: Duration.millis(retry.baseDelayMs),
      cap: Duration.millis(retry.maxDelayMs),
      budget: Duration.millis(retry.maxElapsedMs)
    }),
    header: given["idempotencyKeyHeader"]
  }
}

/** An attempt's time limit in milliseconds: `timeout` (a Duration's input) or the deprecated `timeoutMs`. */
const timeoutOf = (given: Partial<ClientOptions>, issues: Array<Issue>): number => {
  if (given.timeout !== undefined && given.timeoutMs !== undefined) {
    issues.push(issue("timeoutMs", "conflict", RULE, "is the deprecated form of timeout: give one of them"))
  }
  if (given.timeout === undefined) {
    const timeoutMs = given.timeoutMs ?? DEFAULT_TIMEOUT_MS
    wholeAtLeast(issues, "timeoutMs", timeoutMs, 1)
    return timeoutMs
  }
  const duration = Option.getOrUndefined(Duration.fromInput(given.timeout))
  const millis = duration === undefined ? Number.NaN : Duration.toMillis(duration)
  if (!(millis >= 1 && Number.isFinite(millis))) {
    issues.push(issue("timeout", "range", RULE, "must be a finite Duration of at least 1 millisecond"))
    return DEFAULT_TIMEOUT_MS
  }
  return millis
}

const routesOf = (input: unknown, issues: Array<Issue>): Routes => {
  if (input === undefined) return withRoutes()
  if (!isRecord(input)) {
    issues.push(issue("routes", "type", RULE, "must be an object of routes by operation"))
    return withRoutes()
  }
  const known = new Set<string>(OPERATIONS)
  for (const [name, route] of Object.entries(input)) {
    if (!known.has(name)) {
      issues.push(issue(`routes.${name}`, "enum", RULE, `is not an operation (${OPERATIONS.join(", ")})`))
    } else if (!isRecord(route) || typeof route["path"] !== "string" || !route["path"].startsWith("/")) {
      issues.push(issue(`routes.${name}`, "format", RULE, "must be { method, path } with a path starting with /"))
    } else if (!["GET", "POST", "PUT", "PATCH", "DELETE"].includes(route["method"] as string)) {
      issues.push(issue(`routes.${name}.method`, "enum", RULE, "must be one of GET, POST, PUT, PATCH, DELETE"))
    }
  }
  return withRoutes(input as Partial<Routes>)
}

/**
 * Checks the options and fills in the defaults; every problem is reported at
 * once (each bad option with its rule), none of them echoes the API key.
 *
 * @example
 * ```ts
 * const config = resolveConfig({ baseUrl: "http://127.0.0.1:4010", merchantId: "merchant-123", apiKey: "k" })
 * // Result.succeed({ baseUrl: URL, retry: Schedule, idempotencyKeys: "unknown", timeoutMs: 10000, … })
 * resolveConfig({ baseUrl: "http://127.0.0.1:4010", merchantId: "a b", apiKey: "k" })
 * // Result.fail(InvalidOptionsError { issues: [merchantId: too_short (R4.1), merchantId: pattern (R4.3)] })
 * ```
 * @internal
 */
export const resolveConfig = (options: ClientOptions): Result.Result<ClientConfig, InvalidOptionsError> => {
  const issues: Array<Issue> = []
  if (!isRecord(options)) {
    return Result.fail(new InvalidOptionsError({ issues: [issue("", "type", RULE, "must be an object")] }))
  }
  const given = defined(options) as Partial<ClientOptions>
  unknownOptions(issues, "", given, OPTION_NAMES)
  const rawBase = given.baseUrl
  const baseUrl = typeof rawBase === "string"
    ? URL.parse(rawBase)
    : rawBase instanceof URL
    ? new URL(rawBase.href)
    : null
  if (baseUrl === null || (baseUrl.protocol !== "http:" && baseUrl.protocol !== "https:")) {
    issues.push(issue("baseUrl", "format", RULE, "must be an absolute http or https URL"))
  } else if (baseUrl.username !== "" || baseUrl.password !== "" || baseUrl.search !== "" || baseUrl.hash !== "") {
    issues.push(issue("baseUrl", "format", RULE, "must not carry credentials, a query or a fragment"))
  }
  const merchantId = checkMerchantId({ merchantId: given.merchantId })
  if (Result.isFailure(merchantId)) issues.push(...merchantId.failure.issues)
  const authorization = given.authorization
  if (
    authorization === undefined && typeof given.merchantId === "string" && given.merchantId.includes(":")
  ) {
    // the default Basic credentials split at the first colon (RFC 7617)
    issues.push(issue("merchantId", "format", RULE, "must not contain a colon with the default Basic authorization"))
  }
  const apiKey = Redacted.isRedacted(given.apiKey)
    ? (given.apiKey as Redacted.Redacted<string>)
    : Redacted.make(given.apiKey as string)
  const key = Redacted.value(apiKey)
  if (typeof key !== "string" || key === "") {
    issues.push(issue("apiKey", "required", RULE, "must be a non-empty string"))
  }
  const fetchGiven = given.fetch ?? (globalThis.fetch as FetchLike | undefined)
  // called as a plain function: a browser's fetch throws when called as a method of another object
  const fetch: FetchLike = (request) => fetchGiven!(request)
  if (typeof fetchGiven !== "function") {
    issues.push(issue("fetch", "required", RULE, "must be a function; this runtime has no global fetch"))
  }
  const timeoutMs = timeoutOf(given, issues)
  const retry = retryOf(given.retry, issues)
  const idempotencyKeys = given.idempotencyKeys ?? "unknown"
  if (idempotencyKeys !== "honoured" && idempotencyKeys !== "unknown") {
    issues.push(issue("idempotencyKeys", "enum", RULE, "must be \"honoured\" or \"unknown\""))
  }
  const header = given.idempotencyKeyHeader ?? retry.header ?? DEFAULT_IDEMPOTENCY_KEY_HEADER
  if (typeof header !== "string" || !HEADER_NAME.test(header)) {
    const path = given.idempotencyKeyHeader === undefined ? "retry.idempotencyKeyHeader" : "idempotencyKeyHeader"
    issues.push(issue(path, "format", RULE, "must be an HTTP header name"))
  }
  const routes = routesOf(given.routes, issues)
  if (
    authorization !== undefined && typeof authorization !== "string" && typeof authorization !== "function" &&
    !Redacted.isRedacted(authorization)
  ) {
    issues.push(issue("authorization", "type", RULE, "must be a string or a function"))
  }
  if (issues.length > 0) return Result.fail(new InvalidOptionsError({ issues }))
  return Result.succeed({
    baseUrl: baseUrl!,
    merchantId: given.merchantId!,
    apiKey,
    fetch,
    timeoutMs,
    retry: retry.schedule,
    idempotencyKeys,
    idempotencyKeyHeader: header as string,
    routes,
    authorization
  })
}
