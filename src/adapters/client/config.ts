/**
 * The client's configuration: what a merchant passes, checked and completed
 * with defaults once, before any request.
 *
 * @since 0.1.0
 */
import * as Redacted from "effect/Redacted"
import * as Result from "effect/Result"
import { ValidationError } from "../../core/foundation/issues.ts"
import { type Issue, issue } from "../../core/internal/issue.ts"
import { isRecord } from "../../core/internal/predicates.ts"
import { OPERATIONS, type Routes, withRoutes } from "../../core/wire/routes.ts"
import type { Authorization } from "./auth.ts"

/**
 * Any WHATWG `fetch`, or a handler with the same shape (`(Request) => Promise<Response>`,
 * the sandbox's, say). The client always calls it with one `Request`.
 *
 * @since 0.1.0
 */
export type FetchLike = (request: Request) => Promise<Response>

/**
 * When and how a failed request is tried again.
 *
 * @since 0.1.0
 */
export interface RetryOptions {
  /** Retries after the first attempt (0 turns retries off). Default 3. */
  readonly maxRetries: number
  /** Cap of the first backoff; it doubles on every retry. Default 200 ms. */
  readonly baseDelayMs: number
  /** Largest backoff before jitter. Default 5 000 ms. */
  readonly maxDelayMs: number
  /**
   * Time budget of a call, attempts and waits included: no retry starts (or
   * waits) past it. Default 30 000 ms.
   */
  readonly maxElapsedMs: number
  /** Header carrying the idempotency key of a POST. Default `Idempotency-Key`. */
  readonly idempotencyKeyHeader: string
  /**
   * Whether the client gives every POST an idempotency key (generated once per
   * call, the same on every attempt), which makes it safe to retry. Default
   * true. A POST without a key is never retried.
   */
  readonly idempotencyKeys: boolean
}

/**
 * The default retry policy.
 *
 * @since 0.1.0
 */
export const DEFAULT_RETRY: RetryOptions = {
  maxRetries: 3,
  baseDelayMs: 200,
  maxDelayMs: 5_000,
  maxElapsedMs: 30_000,
  idempotencyKeyHeader: "Idempotency-Key",
  idempotencyKeys: true
}

/**
 * Default time limit of one attempt, response body included.
 *
 * @since 0.1.0
 */
export const DEFAULT_TIMEOUT_MS = 10_000

/**
 * What `createClient` and `PaymentPlanClient.layer` take.
 *
 * @example
 * ```ts
 * const options: ClientOptions = {
 *   baseUrl: "http://127.0.0.1:4010",
 *   merchantId: "merchant-123",
 *   apiKey: process.env.PAYMENT_PLAN_API_KEY!
 * }
 * ```
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
  /** Time limit of one attempt in milliseconds; default 10 000. */
  readonly timeoutMs?: number | undefined
  /** The retry policy, completed with {@link DEFAULT_RETRY}; `false` for no retries. */
  readonly retry?: Partial<RetryOptions> | false | undefined
  /** Routes replacing the defaults of the core's table. */
  readonly routes?: Partial<Routes> | undefined
  /** The `Authorization` header; default `Basic base64(merchantId:apiKey)`. */
  readonly authorization?: Authorization | undefined
}

/**
 * The checked configuration.
 *
 * @since 0.1.0
 */
export interface ClientConfig {
  readonly baseUrl: URL
  readonly merchantId: string
  readonly apiKey: Redacted.Redacted<string>
  readonly fetch: FetchLike
  readonly timeoutMs: number
  readonly retry: RetryOptions
  readonly routes: Routes
  readonly authorization: Authorization | undefined
}

const RULE = "client"

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/

const wholeAtLeast = (issues: Array<Issue>, path: string, value: unknown, min: number): void => {
  if (typeof value !== "number" || !Number.isSafeInteger(value)) {
    issues.push(issue(path, "type", RULE, "must be a whole number"))
  } else if (value < min) issues.push(issue(path, "range", RULE, `must be at least ${min}`))
}

const retryOf = (input: unknown, issues: Array<Issue>): RetryOptions => {
  if (input === undefined) return DEFAULT_RETRY
  if (input === false) return { ...DEFAULT_RETRY, maxRetries: 0 }
  if (!isRecord(input)) {
    issues.push(issue("retry", "type", RULE, "must be an object or false"))
    return DEFAULT_RETRY
  }
  const retry = { ...DEFAULT_RETRY, ...(input as Partial<RetryOptions>) }
  wholeAtLeast(issues, "retry.maxRetries", retry.maxRetries, 0)
  wholeAtLeast(issues, "retry.baseDelayMs", retry.baseDelayMs, 0)
  wholeAtLeast(issues, "retry.maxDelayMs", retry.maxDelayMs, 0)
  wholeAtLeast(issues, "retry.maxElapsedMs", retry.maxElapsedMs, 0)
  if (typeof retry.idempotencyKeyHeader !== "string" || !HEADER_NAME.test(retry.idempotencyKeyHeader)) {
    issues.push(issue("retry.idempotencyKeyHeader", "format", RULE, "must be an HTTP header name"))
  }
  if (typeof retry.idempotencyKeys !== "boolean") {
    issues.push(issue("retry.idempotencyKeys", "type", RULE, "must be a boolean"))
  }
  return retry
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
 * Checks the options and fills in the defaults; every problem is reported,
 * none of them echoes the API key.
 *
 * @example
 * ```ts
 * const config = resolveConfig({ baseUrl: "http://127.0.0.1:4010", merchantId: "m-1", apiKey: "k" })
 * // Result.succeed({ baseUrl: URL, retry: DEFAULT_RETRY, timeoutMs: 10000, … })
 * ```
 * @since 0.1.0
 */
export const resolveConfig = (options: ClientOptions): Result.Result<ClientConfig, ValidationError> => {
  const issues: Array<Issue> = []
  if (!isRecord(options)) {
    return Result.fail(new ValidationError({ issues: [issue("", "type", RULE, "must be an object")], warnings: [] }))
  }
  const rawBase = options.baseUrl
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
  if (typeof options.merchantId !== "string" || options.merchantId === "") {
    issues.push(issue("merchantId", "required", RULE, "must be a non-empty string"))
  } else if (options.merchantId.includes(":")) {
    // Basic credentials split at the first colon (RFC 7617)
    issues.push(issue("merchantId", "format", RULE, "must not contain a colon"))
  }
  const apiKey = Redacted.isRedacted(options.apiKey)
    ? (options.apiKey as Redacted.Redacted<string>)
    : Redacted.make(options.apiKey as string)
  const key = Redacted.value(apiKey)
  if (typeof key !== "string" || key === "") {
    issues.push(issue("apiKey", "required", RULE, "must be a non-empty string"))
  }
  const given = options.fetch ?? (globalThis.fetch as FetchLike | undefined)
  // called as a plain function: a browser's fetch throws when called as a method of another object
  const fetch: FetchLike = (request) => given!(request)
  if (typeof given !== "function") {
    issues.push(issue("fetch", "required", RULE, "must be a function; this runtime has no global fetch"))
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  wholeAtLeast(issues, "timeoutMs", timeoutMs, 1)
  const retry = retryOf(options.retry, issues)
  const routes = routesOf(options.routes, issues)
  const authorization = options.authorization
  if (
    authorization !== undefined && typeof authorization !== "string" && typeof authorization !== "function" &&
    !Redacted.isRedacted(authorization)
  ) {
    issues.push(issue("authorization", "type", RULE, "must be a string or a function"))
  }
  if (issues.length > 0) return Result.fail(new ValidationError({ issues, warnings: [] }))
  return Result.succeed({
    baseUrl: baseUrl!,
    merchantId: options.merchantId,
    apiKey,
    fetch,
    timeoutMs,
    retry,
    routes,
    authorization
  })
}
