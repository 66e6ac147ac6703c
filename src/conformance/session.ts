/**
 * What the checks of a run share: the client over the run's transport, the
 * service's clock and merchant configuration, what generation depends on, and
 * how a failed call is told apart: a finding (the service answered, and the
 * answer is compared) or a reason to stop (no answer, credentials refused,
 * the request cap, the shrinking budget).
 *
 * @module
 */
import * as Data from "effect/Data"
import * as Effect from "effect/Effect"
import type { PaymentPlanClientApi } from "../adapters/client/index.ts"
import { cannotReach } from "../core/foundation/reach.ts"
import type { MerchantConfigurationResponse } from "../core/merchant/index.ts"
import type { ServiceClock } from "./clock.ts"
import type { ResolvedConfig } from "./config.ts"
import { type ConformanceError, CredentialsRefusedError, ServiceUnreachableError } from "./errors.ts"
import type { GenerationContext } from "./scenarios.ts"
import {
  type Exchange,
  GroupBudgetSpent,
  ReadOnlyViolation,
  RequestCapReached,
  ShrinkBudgetSpent,
  type Transport
} from "./transport.ts"

/**
 * A reason to stop evaluating: the cap or the shrinking budget is spent, the
 * run was interrupted, or the service cannot be talked to any more.
 *
 * @since 0.1.0
 */
export class Halt extends Data.TaggedError("Halt")<{
  /** `budget`: a shrinking's budget; `group`: the group's share of the cap */
  readonly kind: "cap" | "budget" | "group" | "aborted" | "fatal"
  readonly error?: ConformanceError | undefined
}> {}

/**
 * What every check of a run works with.
 *
 * @since 0.1.0
 */
export interface Session {
  readonly config: ResolvedConfig
  readonly client: PaymentPlanClientApi
  readonly transport: Transport
  readonly clock: ServiceClock
  /** The service's merchant configuration (R9), when it answered one. */
  readonly merchant: MerchantConfigurationResponse | undefined
  readonly context: GenerationContext
  /** The zone the service turns a checkout's date-times into dates in (R2.5), and how the run knows it. */
  readonly timeZone: string
  readonly timeZoneSource: "given" | "probed" | "assumed"
  /** Whether the sandbox's widget API answers (learnt on first use). */
  widget: "unknown" | "available" | "unavailable"
  /** Notes for the report (a check skipped, a currency class missing, …), each once. */
  readonly notes: Set<string>
  /** Time spent deciding the boundary classes scenarios reached, in ms (the coverage report's cost). */
  readonly timings: { coverageMs: number }
  readonly signal: AbortSignal
}

/**
 * One comparison: a field of an answer against what the engine says.
 *
 * @since 0.1.0
 */
export interface Check {
  readonly rule: string
  readonly operation: string
  /** The answer's field (`totalMinimumDeposit`, `installments.amount`, `schedule.date`, `status`). */
  readonly field: string
  /** Where in an array the field is (`schedule[3]`), when it is in one. */
  readonly at?: string | undefined
  readonly agrees: boolean
  readonly expected: unknown
  readonly actual: unknown
  /** The request whose answer was compared. */
  readonly exchange: Exchange | undefined
  /** The engine's whole answer the expected value is part of, for the report. */
  readonly engine?: unknown
  /**
   * An earlier rule that would explain this disagreement by itself (an amount
   * in other digits than the currency's: R1.2). It names the disagreement
   * when every occurrence of it has the same explanation (diagnosis.ts).
   */
  readonly explanation?: string | undefined
}

/**
 * What one scenario gave: its checks and every exchange it made, or why it
 * checked nothing.
 *
 * @since 0.1.0
 */
export interface Outcome {
  readonly checks: ReadonlyArray<Check>
  readonly exchanges: ReadonlyArray<Exchange>
  readonly skipped?: string | undefined
  /** Boundary classes reached that only the answers tell (a search's page against the plans searched). */
  readonly reached?: ReadonlyArray<string> | undefined
}

/** Key of a disagreement: the same rule, operation and field. */
export const keyOf = (check: Pick<Check, "rule" | "operation" | "field">): string =>
  `${check.rule} ${check.operation} ${check.field}`

const causeOf = (error: unknown): unknown =>
  typeof error === "object" && error !== null && "cause" in error ? (error as { cause: unknown }).cause : undefined

/**
 * The halt a thrown error or a client error means, if it means one.
 *
 * @since 0.1.0
 */
export const haltOf = (session: Session, error: unknown): Halt | undefined => {
  const cause = causeOf(error)
  for (const e of [error, cause]) {
    if (e instanceof RequestCapReached) return new Halt({ kind: "cap" })
    if (e instanceof ShrinkBudgetSpent) return new Halt({ kind: "budget" })
    if (e instanceof GroupBudgetSpent) return new Halt({ kind: "group" })
    if (e instanceof ReadOnlyViolation) throw e
  }
  if (session.signal.aborted) return new Halt({ kind: "aborted" })
  const tag = typeof error === "object" && error !== null ? (error as { _tag?: unknown })._tag : undefined
  const base = session.config.baseUrl.origin
  if (tag === "UnauthorizedError" || tag === "ForbiddenError") {
    const status = (error as { status: number }).status
    return new Halt({
      kind: "fatal",
      error: new CredentialsRefusedError({
        status,
        message: `${base} refused the credentials of merchant ${session.config.merchantId} (${status})`
      })
    })
  }
  if (tag === "TimeoutError" || (error instanceof DOMException && error.name === "TimeoutError")) {
    return new Halt({
      kind: "fatal",
      error: new ServiceUnreachableError({
        message: `${base} did not answer within ${session.config.timeoutMs} ms`
      })
    })
  }
  if (tag === "TransportError" || tag === undefined) {
    // the deepest message says most: fetch's "fetch failed" wraps "connect ECONNREFUSED 127.0.0.1:4010"
    return new Halt({
      kind: "fatal",
      error: new ServiceUnreachableError({ message: cannotReach(base, cause ?? error) })
    })
  }
  return undefined
}

/**
 * A call of the client: its value, or the error it answered with (a finding),
 * or a {@link Halt}.
 *
 * @since 0.1.0
 */
export const call = <A, E>(
  session: Session,
  effect: Effect.Effect<A, E>
): Effect.Effect<{ readonly ok: true; readonly value: A } | { readonly ok: false; readonly error: E }, Halt> =>
  Effect.matchEffect(effect, {
    onSuccess: (value) => Effect.succeed({ ok: true as const, value }),
    onFailure: (error) => {
      const halt = haltOf(session, error)
      return halt === undefined ? Effect.succeed({ ok: false as const, error }) : Effect.fail(halt)
    }
  })

/**
 * A request sent as it is (no validation by the client); an answer of any
 * status is a value.
 *
 * @since 0.1.0
 */
export const send = (
  session: Session,
  method: string,
  path: string,
  body?: unknown,
  options?: { readonly authenticated?: boolean }
): Effect.Effect<Exchange, Halt> =>
  Effect.tryPromise({
    try: () => session.transport.send(method, path, body, options),
    catch: (error) => haltOf(session, error) ?? new Halt({ kind: "fatal" })
  })

/**
 * Collects the checks of one answer.
 *
 * @since 0.1.0
 */
export class Checks {
  readonly list: Array<Check> = []
  private readonly engine: unknown

  /** `engine`: the engine's whole answer, kept with every check for the report. */
  constructor(engine?: unknown) {
    this.engine = engine
  }

  /**
   * Records the comparison of an amount in a currency of `exponent` digits: a
   * disagreement the currency's digits explain carries that explanation (R1.2,
   * R1.4).
   */
  amount(
    check: Omit<Check, "agrees" | "explanation">,
    exponent: number | undefined,
    /** what else explains a disagreement when the digits do not (a split that cannot be, R5.1) */
    otherwise?: string
  ): boolean {
    const agrees = same(check.expected, check.actual)
    const explanation = agrees
      ? undefined
      : (exponent === undefined || typeof check.expected !== "number"
        ? undefined
        : digitsExplanation(check.expected, check.actual, exponent)) ?? otherwise
    return this.add({ ...check, agrees, ...(explanation === undefined ? {} : { explanation }) })
  }

  /**
   * Records that a request the engine has an answer for was refused: `2xx`
   * expected, the status (or the error, when no answer came) got.
   */
  refused(
    rule: string,
    operation: string,
    exchange: Exchange | undefined,
    error: { readonly message: string }
  ): void {
    this.add({
      rule,
      operation,
      field: "status",
      expected: "2xx",
      actual: exchange?.status ?? error.message,
      agrees: false,
      exchange
    })
  }

  /** Records one comparison; `same` decides agreement (default: {@link same}). */
  add(
    check: Omit<Check, "agrees"> & { readonly agrees?: boolean },
    equal: (expected: unknown, actual: unknown) => boolean = same
  ): boolean {
    const agrees = check.agrees ?? equal(check.expected, check.actual)
    this.list.push({ ...(this.engine === undefined ? {} : { engine: this.engine }), ...check, agrees })
    return agrees
  }
}

/** A JSON number's text. */
const NUMBER_TEXT = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/

/**
 * Equality of an engine value and an answer read tolerantly (R9): numbers
 * exactly, also when sent as a string (`"50"` is 50), calendar dates by their
 * `YYYY-MM-DD` (a date-time answer at that date's start agrees), instants by
 * the instant, other values structurally.
 *
 * @example
 * ```ts
 * same(280, 280)                                     // true
 * same(280, "280")                                   // true
 * same("2027-02-11", "2027-02-11T00:00:00Z")         // true
 * same("2026-11-23T09:30:00.000Z", "2026-11-23T20:30:00+11:00") // true
 * ```
 * @since 0.1.0
 */
export const same = (expected: unknown, actual: unknown): boolean => {
  if (typeof expected === "number") {
    // R9: a number sent as a string is read as the number
    return actual === expected ||
      (typeof actual === "string" && NUMBER_TEXT.test(actual) && Number(actual) === expected)
  }
  if (typeof expected === "string" && typeof actual === "string") {
    if (expected === actual) return true
    if (/^\d{4}-\d{2}-\d{2}$/.test(expected)) {
      return /^\d{4}-\d{2}-\d{2}T00:00(:00(\.0+)?)?(Z|[+-]00:00)$/.test(actual) &&
        actual.startsWith(expected)
    }
    if (/^\d{4}-\d{2}-\d{2}T/.test(expected) && /^\d{4}-\d{2}-\d{2}T/.test(actual)) {
      const a = Date.parse(expected)
      return !Number.isNaN(a) && a === Date.parse(actual)
    }
    return false
  }
  return JSON.stringify(expected) === JSON.stringify(actual)
}

/**
 * The value at a dotted path of an answer.
 *
 * @since 0.1.0
 */
export const at = (value: unknown, path: string): unknown =>
  path.split(".").reduce<unknown>(
    (o, k) => (typeof o === "object" && o !== null ? (o as Record<string, unknown>)[k] : undefined),
    value
  )

/**
 * Among several ways to compute what is expected (the engine asked at each
 * end of the service's clock bracket), the one the answer agrees with most.
 *
 * @since 0.1.0
 */
export const closest = (candidates: ReadonlyArray<() => ReadonlyArray<Check>>): ReadonlyArray<Check> => {
  let best: ReadonlyArray<Check> | undefined
  let bestMisses = Infinity
  for (const candidate of candidates) {
    const checks = candidate()
    const misses = checks.filter((c) => !c.agrees).length
    if (misses < bestMisses) {
      best = checks
      bestMisses = misses
    }
    if (misses === 0) break
  }
  return best ?? []
}

/**
 * The number of fraction digits a JSON number is written with (`1.25` → 2,
 * `1e-7` → 7, `0.30000000000000004` → 17).
 *
 * @example
 * ```ts
 * fractionDigits(12.5) // 1
 * fractionDigits(100) // 0
 * ```
 * @since 0.1.0
 */
export const fractionDigits = (n: number): number => {
  const [mantissa = "", exponent = "0"] = String(Math.abs(n)).toLowerCase().split("e")
  const fraction = mantissa.split(".")[1] ?? ""
  return Math.max(0, fraction.replace(/0+$/, "").length - Number(exponent))
}

/**
 * Whether an amount that disagrees is explained by the currency's digits:
 * `R1.2` when the service answers an amount of a currency of 0 or 3 digits
 * with other digits (0, 2 or 3: a three-digit currency computed with two, near
 * the engine's amount; a zero-decimal one with fractions), `R1.4` when it
 * answers more digits than any currency has (binary floating point), or more
 * than a two-digit currency has. The run names a disagreement so only when
 * every occurrence of it is explained the same way.
 *
 * @example
 * ```ts
 * digitsExplanation(1.235, 1.23, 3) // "R1.2"
 * digitsExplanation(124, 123.5, 0) // "R1.2"
 * digitsExplanation(12.35, 12.345, 2) // "R1.4"
 * digitsExplanation(0.3, 0.30000000000000004, 2) // "R1.4"
 * digitsExplanation(12.35, 12.34, 2) // undefined
 * ```
 * @since 0.1.0
 */
export const digitsExplanation = (expected: number, actual: unknown, exponent: number): string | undefined => {
  if (typeof actual !== "number" || !Number.isFinite(actual)) return undefined
  const digits = fractionDigits(actual)
  if (digits > 3) return "R1.4"
  if (digits === exponent) return undefined
  if (digits > exponent) return exponent !== 2 ? "R1.2" : "R1.4"
  // fewer digits than the currency has, near the engine's amount (within a major unit: a sum of rounded parts)
  return exponent !== 2 && Math.abs(actual - expected) < 1 && fractionDigits(expected) > digits ? "R1.2" : undefined
}
