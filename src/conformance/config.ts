/**
 * What a conformance run takes: where the service is, whose credentials, and
 * how much to send. Checked once, before any request.
 *
 * @module
 */
import * as Redacted from "effect/Redacted"
import type { Authorization, FetchLike } from "../adapters/client/index.ts"
import { isTimeZone } from "../core/foundation/time/index.ts"
import type { Routes } from "../core/wire/routes.ts"
import { ConformanceUsageError } from "./errors.ts"

/**
 * The groups of checks, as `--only` names them.
 *
 * @category Conformance
 * @since 0.1.0
 */
export const CHECK_GROUPS = ["create", "terms", "refund", "verify", "search", "plans", "notes"] as const

/**
 * A group of checks: `create`, `terms`, `refund`, `verify`, `search`, `plans`
 * (plan records and merchant orders) or `notes` (plan notes).
 *
 * @category Conformance
 * @since 0.1.0
 */
export type CheckGroup = (typeof CHECK_GROUPS)[number]

/**
 * Options of a conformance run.
 *
 * @example
 * ```ts
 * import type { ConformanceConfig } from "payment-plan-engine/conformance"
 *
 * const config: ConformanceConfig = {
 *   baseUrl: "http://127.0.0.1:4010",
 *   merchantId: "merchant-123",
 *   apiKey: process.env.PAYMENT_PLAN_API_KEY!,
 *   runs: 100,
 *   seed: 42
 * }
 * ```
 * @category Conformance
 * @since 0.1.0
 */
export interface ConformanceConfig {
  /** The service's base address (`{base_url}`). */
  readonly baseUrl: string | URL
  readonly merchantId: string
  /** Kept redacted; never printed, never in a report. */
  readonly apiKey: string | Redacted.Redacted<string>
  /** Scenarios in all, shared among the selected groups. Default 100. */
  readonly runs?: number | undefined
  /** The seed of every generated request: the same seed sends the same requests. Default: random. */
  readonly seed?: number | undefined
  /**
   * The groups to run; default all of {@link CHECK_GROUPS} (in read-only mode,
   * those that run without writing: `refund`, `search`, `plans`, `notes`). A
   * selected group that cannot run fails the run (`incomplete`); exclude it
   * here or with `skip`.
   */
  readonly only?: ReadonlyArray<CheckGroup> | undefined
  /** Groups left out of the selection. */
  readonly skip?: ReadonlyArray<CheckGroup> | undefined
  /** Send nothing that creates or changes anything (GET requests only). Default false. */
  readonly readOnly?: boolean | undefined
  /** Requests per second at most. Default 5. */
  readonly rps?: number | undefined
  /**
   * Hard cap of requests for the whole run, shrinking included, shared among
   * the groups (each group's share is its own, so one group's disagreements
   * never starve another). Default 1000.
   */
  readonly maxRequests?: number | undefined
  /** Requests one counterexample's shrinking may spend (within the cap). Default 100. */
  readonly maxShrinkRequests?: number | undefined
  /**
   * The zone in which the service turns a checkout's date-times into calendar
   * dates (R2.5). The rules say `UTC` (R3.1: a checkout has no zone of its
   * own); the sandbox uses its merchant's zone. Default `auto`: the run
   * learns it from a few checkouts created for the purpose (UTC in read-only
   * mode). A zone given that the service's answers contradict, where every
   * date it answered agrees with one other zone, stops the run with a usage
   * error naming that zone.
   */
  readonly timeZone?: string | undefined
  /**
   * Each boundary class the run is to reach must be reached at least this many
   * times, or the run is incomplete (exit 1). Default 0: the coverage is
   * reported, not required.
   */
  readonly minCoverage?: number | undefined
  /** Time limit of one request in milliseconds. Default 15 000. */
  readonly timeoutMs?: number | undefined
  /** The transport; default `globalThis.fetch`. Tests pass a handler. */
  readonly fetch?: FetchLike | undefined
  /** The `Authorization` header, as the client takes it; default `Basic base64(merchantId:apiKey)`. */
  readonly authorization?: Authorization | undefined
  /** Routes replacing the core's defaults, as the client takes them. */
  readonly routes?: Partial<Routes> | undefined
  /** Called with a line of progress now and then (the command prints them on stderr). */
  readonly onProgress?: ((line: string) => void) | undefined
}

/**
 * The checked configuration.
 *
 * @category Conformance
 * @since 0.1.0
 */
export interface ResolvedConfig {
  readonly baseUrl: URL
  readonly merchantId: string
  readonly apiKey: Redacted.Redacted<string>
  readonly runs: number
  readonly seed: number
  readonly only: ReadonlyArray<CheckGroup>
  /** Groups excluded by the caller (`skip`, or left out of `only`), or by read-only mode's default selection. */
  readonly excluded: ReadonlyArray<CheckGroup>
  readonly readOnly: boolean
  readonly rps: number
  readonly maxRequests: number
  readonly maxShrinkRequests: number
  /** An IANA zone, or `auto`. */
  readonly timeZone: string
  readonly minCoverage: number
  readonly timeoutMs: number
  readonly fetch: FetchLike
  readonly authorization: Authorization | undefined
  readonly routes: Partial<Routes> | undefined
  /** Receives progress lines (a no-op unless one was given). */
  readonly onProgress: (line: string) => void
}

/**
 * Defaults of a run.
 *
 * @category Conformance
 * @since 0.1.0
 */
export const DEFAULTS = {
  runs: 100,
  rps: 5,
  maxRequests: 1000,
  maxShrinkRequests: 100,
  timeZone: "auto",
  minCoverage: 0,
  timeoutMs: 15_000
} as const

/**
 * The groups that run without writing anything: read-only mode's selection
 * when none is given.
 *
 * @example
 * ```ts
 * import { READ_ONLY_GROUPS } from "payment-plan-engine/conformance"
 *
 * READ_ONLY_GROUPS // ["refund", "search", "plans", "notes"]
 * ```
 * @category Conformance
 * @since 0.2.0
 */
export const READ_ONLY_GROUPS: ReadonlyArray<CheckGroup> = ["refund", "search", "plans", "notes"]

const wholeIn = (problems: Array<string>, name: string, value: unknown, min: number, max: number): number => {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < min || value > max) {
    problems.push(`${name} must be a whole number from ${min} to ${max}, got ${String(value)}`)
    return min
  }
  return value
}

/**
 * Checks a configuration and fills in the defaults; every problem is named in
 * one {@link ConformanceUsageError}, none of them shows the API key.
 *
 * @example
 * ```ts
 * import { resolveConformanceConfig } from "payment-plan-engine/conformance"
 *
 * resolveConformanceConfig({ baseUrl: "http://127.0.0.1:4010", merchantId: "m", apiKey: "k" }).rps // 5
 * ```
 * @category Conformance
 * @since 0.1.0
 */
export const resolveConformanceConfig = (config: ConformanceConfig): ResolvedConfig => {
  const problems: Array<string> = []
  const base = typeof config.baseUrl === "string" ? URL.parse(config.baseUrl) : config.baseUrl
  if (!(base instanceof URL) || (base.protocol !== "http:" && base.protocol !== "https:")) {
    problems.push(`the base URL must be an absolute http or https URL, got ${JSON.stringify(String(config.baseUrl))}`)
  } else if (base.username !== "" || base.password !== "") {
    problems.push("the base URL must not carry credentials (give --merchant-id and --api-key)")
  }
  if (typeof config.merchantId !== "string" || config.merchantId === "") problems.push("a merchant id is required")
  const apiKey = Redacted.isRedacted(config.apiKey)
    ? (config.apiKey as Redacted.Redacted<string>)
    : Redacted.make(String(config.apiKey ?? ""))
  if (Redacted.value(apiKey) === "") problems.push("an API key is required")
  const runs = wholeIn(problems, "runs", config.runs ?? DEFAULTS.runs, 1, 100_000)
  const seed = config.seed ?? Math.floor(Math.random() * 2 ** 31)
  if (!Number.isSafeInteger(seed)) problems.push(`the seed must be a whole number, got ${String(seed)}`)
  const only = config.only ?? (config.readOnly === true ? READ_ONLY_GROUPS : CHECK_GROUPS)
  const skip = config.skip ?? []
  for (const [name, list] of [["checks", only], ["skipped checks", skip]] as const) {
    const unknown = list.filter((g) => !(CHECK_GROUPS as ReadonlyArray<string>).includes(g))
    if (unknown.length > 0 || (name === "checks" && list.length === 0)) {
      problems.push(`${name} must be among ${CHECK_GROUPS.join(", ")}, got ${JSON.stringify(list.join(","))}`)
    }
  }
  const selected = CHECK_GROUPS.filter((g) => only.includes(g) && !skip.includes(g))
  if (selected.length === 0 && only.length > 0) problems.push("every group selected is skipped: nothing to check")
  const rps = config.rps ?? DEFAULTS.rps
  if (typeof rps !== "number" || !(rps > 0)) problems.push(`rps must be a number above 0, got ${String(rps)}`)
  const maxRequests = wholeIn(problems, "max requests", config.maxRequests ?? DEFAULTS.maxRequests, 1, 10_000_000)
  const maxShrinkRequests = wholeIn(
    problems,
    "max shrink requests",
    config.maxShrinkRequests ?? DEFAULTS.maxShrinkRequests,
    0,
    10_000_000
  )
  const timeZone = config.timeZone ?? DEFAULTS.timeZone
  if (timeZone !== "auto" && !isTimeZone(timeZone)) {
    problems.push(`not an IANA time zone nor auto: ${JSON.stringify(timeZone)}`)
  }
  const minCoverage = wholeIn(problems, "min coverage", config.minCoverage ?? DEFAULTS.minCoverage, 0, 1_000_000)
  const timeoutMs = wholeIn(problems, "timeout", config.timeoutMs ?? DEFAULTS.timeoutMs, 1, 600_000)
  const given = config.fetch ?? (globalThis.fetch as FetchLike | undefined)
  if (typeof given !== "function") problems.push("no fetch: this runtime has none, pass one")
  if (problems.length > 0) throw new ConformanceUsageError({ message: problems.join("; ") })
  const baseUrl = new URL((base as URL).href)
  return {
    baseUrl,
    merchantId: config.merchantId,
    apiKey,
    runs,
    seed,
    // in the order of CHECK_GROUPS, each once
    only: selected,
    excluded: CHECK_GROUPS.filter((g) => !selected.includes(g)),
    readOnly: config.readOnly === true,
    rps,
    maxRequests,
    maxShrinkRequests,
    timeZone,
    minCoverage,
    timeoutMs,
    fetch: (request) => given!(request),
    authorization: config.authorization,
    routes: config.routes,
    onProgress: config.onProgress ?? (() => undefined)
  }
}
