/**
 * The conformance runner: opens a session with the service (merchant
 * configuration, clock), runs each property's scenarios with fast-check,
 * then shrinks one counterexample per disagreement over HTTP, within the
 * shrinking budget and the request cap, and reports.
 *
 * Shrinking replays the first scenario that disagreed on a rule, operation
 * and field (fast-check's `path`) and keeps the smallest scenario that still
 * disagrees on the same one; every disagreement gets its own counterexample.
 *
 * @since 0.1.0
 */
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import fc from "fast-check"
import { createClient } from "../adapters/client/index.ts"
import * as Time from "../core/foundation/time/index.ts"
import type { MerchantConfigurationResponse } from "../core/merchant/index.ts"
import { createProperty, invalidCreateProperty } from "./checks/create.ts"
import { readOnlyRefundProperty, refundProperty } from "./checks/refund.ts"
import { searchProperty, searchSetup } from "./checks/search.ts"
import { invalidTermsProperty, termsProperty } from "./checks/terms.ts"
import { verifyProperty } from "./checks/verify.ts"
import { serviceClock } from "./clock.ts"
import { type CheckGroup, type ConformanceConfig, resolveConformanceConfig, type ResolvedConfig } from "./config.ts"
import { type ConformanceError, ConformanceUsageError, isConformanceError, ServiceUnreachableError } from "./errors.ts"
import { type Prepared, type Property, skipped } from "./property.ts"
import type { ConformanceReport, Disagreement, PropertyTally, RequestView, RuleTally } from "./report.ts"
import { checkoutSpec, currenciesOf } from "./scenarios.ts"
import { type Check, Halt, haltOf, keyOf, type Outcome, send, type Session } from "./session.ts"
import { type Exchange, Transport } from "./transport.ts"

/** Counterexamples shrunk per property at most; other disagreements keep their first scenario. */
const MAX_SHRUNK_PER_PROPERTY = 8

/** A seed of its own for each property, so `--only` sends the same requests for the groups it keeps. */
const seedOf = (seed: number, name: string): number => {
  let hash = 2_166_136_261
  for (let i = 0; i < name.length; i++) hash = Math.imul(hash ^ name.charCodeAt(i), 16_777_619)
  return ((seed % 2 ** 32) ^ hash) | 0
}

const unreachable = (config: ResolvedConfig, status: number | undefined, what: string) =>
  new ServiceUnreachableError({
    status,
    message: `${config.baseUrl.origin} ${what}: nothing can be compared`
  })

/**
 * Opens a session: the client over the run's transport, the merchant's
 * configuration (a refusal of the credentials, no answer or a 5xx ends the run
 * with a {@link ConformanceError}) and the service's clock.
 */
// eslint-disable-next-line max-lines-per-function -- split in issue 24 (adapters), pending
const openSession = (config: ResolvedConfig, signal: AbortSignal): Effect.Effect<Session, ConformanceError> =>
  // eslint-disable-next-line max-lines-per-function -- split in issue 24 (adapters), pending
  Effect.gen(function*() {
    const transport = new Transport(config, signal)
    const client = yield* Effect.try({
      try: () =>
        createClient({
          baseUrl: config.baseUrl,
          merchantId: config.merchantId,
          apiKey: config.apiKey,
          fetch: transport.fetch,
          // the wait for the rate limit happens inside fetch: it is not the service's time
          timeoutMs: config.timeoutMs + Math.ceil(1000 / config.rps),
          retry: false,
          ...(config.routes === undefined ? {} : { routes: config.routes }),
          ...(config.authorization === undefined ? {} : { authorization: config.authorization })
        }).effect,
      catch: (error) => new ConformanceUsageError({ message: (error as Error).message })
    })
    const notes = new Set<string>()
    const lite = { config, signal }
    const answered = yield* Effect.result(client.getMerchantConfiguration())
    let merchant: MerchantConfigurationResponse | undefined
    if (answered._tag === "Success") merchant = answered.success
    else {
      const error = answered.failure
      const halt = haltOf(lite as Session, error)
      if (halt?.error !== undefined) return yield* Effect.fail(halt.error)
      if (halt?.kind === "cap") return yield* Effect.fail(unreachable(config, undefined, "could not be asked anything"))
      const status = (error as { status?: number }).status
      if (status !== undefined && status >= 500) {
        return yield* Effect.fail(unreachable(config, status, `answered ${status} to GET merchant configuration`))
      }
      if (error._tag === "UndecodableBodyError") {
        return yield* Effect.fail(
          unreachable(config, status, `answered something that is not the service's JSON (${error.reason})`)
        )
      }
      notes.add(
        `the merchant configuration could not be read (${status ?? error._tag}): the engine computes without one ` +
          "(no default deposits, deadlines or refund policies; one minor unit as the minimum payment)"
      )
    }
    const configured = transport.last()
    // the sandbox's test clock, where there is one; any failure here only means there is none
    const clockAnswer = yield* Effect.result(
      send({ config, transport, signal } as Session, "GET", "/sandbox/clock")
    )
    if (clockAnswer._tag === "Failure" && clockAnswer.failure.kind === "cap") {
      return yield* Effect.fail(unreachable(config, undefined, "could not be asked anything"))
    }
    const clock = serviceClock(clockAnswer._tag === "Success" ? clockAnswer.success : undefined, configured)
    transport.takeExchanges()
    if (clock.source === "local clock") {
      notes.add("the service's clock is unknown (no sandbox clock, no Date header): the local clock is used")
    }
    const currencies = currenciesOf(merchant)
    for (const [digits, kind] of [[0, "zero-decimal"], [2, "two-digit"], [3, "three-digit"]] as const) {
      if (!currencies.some((c) => c.exponent === digits)) {
        notes.add(`the merchant takes no ${kind} currency (${digits} fraction digits): not covered`)
      }
    }
    const subMerchants = (merchant as { subMerchants?: unknown } | undefined)?.subMerchants
    const externalCodes = Array.isArray(subMerchants)
      ? subMerchants
        .map((s) => (typeof s === "string" ? s : (s as { externalCode?: unknown })?.externalCode))
        .filter((c): c is string => typeof c === "string")
      : []
    return {
      config,
      client,
      transport,
      clock,
      merchant,
      context: {
        // a UTC day at least a day after the service's today: every redemption date lies after now (R4.6)
        anchor: (Time.utcDay(clock.now()) + 2) * Time.MS_PER_DAY,
        merchantId: config.merchantId,
        orderPrefix: `conformance-s${config.seed}-`,
        currencies,
        externalCodes
      },
      widget: "unknown",
      notes,
      signal
    } satisfies Session
  })

/** The properties of the selected groups, in order. */
const prepare = (session: Session, group: CheckGroup): Effect.Effect<Array<Prepared>, Halt> =>
  Effect.gen(function*() {
    const { readOnly, seed } = session.config
    const writes = (name: string) =>
      skipped(group, name, "read-only: it creates checkouts (use it against a sandbox or a test account)")
    switch (group) {
      case "create":
        return readOnly
          ? [writes("create"), writes("create.invalid")]
          : [createProperty(session), invalidCreateProperty(session)]
      case "terms": {
        if (readOnly) return [writes("terms"), writes("terms.invalid")]
        const [spec] = fc.sample(checkoutSpec("payable"), { seed: seedOf(seed, "terms.invalid.setup"), numRuns: 1 })
        return [termsProperty(session), yield* invalidTermsProperty(session, spec!)]
      }
      case "refund":
        return [readOnly ? yield* readOnlyRefundProperty(session) : refundProperty(session)]
      case "verify":
        return [readOnly ? writes("verify") : verifyProperty(session)]
      case "search": {
        const [setup] = fc.sample(searchSetup, { seed: seedOf(seed, "search.setup"), numRuns: 1 })
        return [yield* searchProperty(session, setup!)]
      }
    }
  })

/** What one property gave. */
interface PropertyRun {
  readonly tally: PropertyTally
  readonly checks: ReadonlyArray<Check>
  readonly disagreements: ReadonlyArray<Disagreement>
}

const view = (exchange: Exchange): { method: string; path: string; body?: unknown } => ({
  method: exchange.method,
  path: exchange.path,
  ...(exchange.requestBody === undefined ? {} : { body: exchange.requestBody })
})

/** The request of a check, with the scenario's requests before it. */
const requestOf = (check: Check, outcome: Outcome, setup: Outcome | undefined): RequestView | undefined => {
  if (check.exchange === undefined) return undefined
  const index = outcome.exchanges.indexOf(check.exchange)
  const before = [...(setup?.exchanges ?? []), ...(index < 0 ? [] : outcome.exchanges.slice(0, index))]
  return { ...view(check.exchange), ...(before.length === 0 ? {} : { setup: before.map(view) }) }
}

const responseOf = (check: Check) =>
  check.exchange === undefined
    ? undefined
    : {
      status: check.exchange.status,
      ...(check.exchange.responseBody === undefined ? {} : { body: check.exchange.responseBody })
    }

/** Runs an evaluation in Promise land for fast-check: its outcome, or the halt that stopped it. */
const evaluateOnce = async <T>(property: Property<T>, input: T): Promise<Outcome | Halt> => {
  const exit = await Effect.runPromiseExit(property.evaluate(input))
  if (Exit.isSuccess(exit)) return exit.value
  const error = Cause.squash(exit.cause)
  if (error instanceof Halt) return error
  // a defect of the kit: stop, saying so, rather than let fast-check shrink it
  return new Halt({
    kind: "fatal",
    error: new ServiceUnreachableError({
      message: `the conformance kit failed on a scenario of ${property.name}: ${
        error instanceof Error ? error.message : String(error)
      }`
    })
  })
}

/** Runs a property: its scenarios, then a shrunk counterexample per disagreement. */
const runProperty = <T>(
  session: Session,
  property: Property<T>,
  runs: number
  // eslint-disable-next-line max-lines-per-function -- split in issue 24 (adapters), pending
): Effect.Effect<PropertyRun, ConformanceError | Halt> =>
  // eslint-disable-next-line max-lines-per-function -- split in issue 24 (adapters), pending
  Effect.gen(function*() {
    const { config, transport } = session
    const seed = seedOf(config.seed, property.name)
    const evaluations: Array<{ readonly index: number; readonly outcome: Outcome }> = []
    let halt: Halt | undefined
    let index = 0
    yield* Effect.promise(() =>
      fc.check(
        fc.asyncProperty(property.arbitrary, async (input) => {
          const i = index++
          if (halt !== undefined) return true
          const result = await evaluateOnce(property, input)
          if (result instanceof Halt) halt = result
          else evaluations.push({ index: i, outcome: result })
          if ((i + 1) % 10 === 0) config.onProgress(`${property.name}: ${i + 1}/${runs} scenarios`)
          return true
        }),
        { seed, numRuns: runs }
      )
    )
    if (halt?.kind === "fatal" && halt.error !== undefined) return yield* Effect.fail(halt.error)
    if (halt?.kind === "aborted") return yield* Effect.fail(halt)

    // the first scenario of each disagreement (rule, operation, field)
    const firsts = new Map<string, { readonly index: number; readonly check: Check; readonly outcome: Outcome }>()
    const setupOutcome = property.setup
    for (const check of setupOutcome?.checks ?? []) {
      if (!check.agrees && !firsts.has(keyOf(check))) {
        firsts.set(keyOf(check), { index: -1, check, outcome: setupOutcome! })
      }
    }
    for (const { index: i, outcome } of evaluations) {
      for (const check of outcome.checks) {
        if (!check.agrees && !firsts.has(keyOf(check))) {
          firsts.set(keyOf(check), { index: i, check, outcome })
        }
      }
    }
    const disagreements: Array<Disagreement> = []
    let shrunk = 0
    for (const [key, first] of firsts) {
      let last = first
      let shrinks = 0
      const budget = Math.min(config.maxShrinkRequests, config.maxRequests - transport.requests)
      if (first.index >= 0 && shrunk < MAX_SHRUNK_PER_PROPERTY && budget > 0 && !transport.capReached) {
        shrunk++
        config.onProgress(`${property.name}: shrinking ${key}`)
        transport.setBudget(budget)
        let stop = false
        let replayed = false
        try {
          yield* Effect.promise(() =>
            fc.check(
              fc.asyncProperty(property.arbitrary, async (input) => {
                if (stop) return true
                const result = await evaluateOnce(property, input)
                if (result instanceof Halt) {
                  stop = true
                  if (result.kind !== "budget" && result.kind !== "cap") halt = result
                  return true
                }
                const check = result.checks.find((c) => !c.agrees && keyOf(c) === key)
                const counted = replayed
                replayed = true
                if (check === undefined) return true
                if (counted) shrinks++
                last = { index: first.index, check, outcome: result }
                return false
              }),
              { seed, path: String(first.index), numRuns: Math.max(runs, first.index + 1) }
            )
          )
        } finally {
          transport.setBudget(undefined)
          transport.takeExchanges()
        }
        const stopped = halt as Halt | undefined
        if (stopped?.kind === "fatal" && stopped.error !== undefined) return yield* Effect.fail(stopped.error)
        if (stopped?.kind === "aborted") return yield* Effect.fail(stopped)
      }
      const setup = last.index >= 0 && property.setupInRequest === true ? property.setup : undefined
      disagreements.push({
        rule: last.check.rule,
        operation: last.check.operation,
        field: last.check.field,
        expected: last.check.expected,
        actual: last.check.actual,
        request: requestOf(last.check, last.outcome, setup),
        response: responseOf(last.check),
        ...(last.check.at === undefined ? {} : { at: last.check.at }),
        property: property.name,
        ...(last.check.engine === undefined ? {} : { engine: last.check.engine }),
        shrinks,
        first: {
          request: requestOf(first.check, first.outcome, first.index >= 0 ? setup : undefined),
          response: responseOf(first.check),
          expected: first.check.expected,
          actual: first.check.actual
        }
      })
    }
    // the setup's checks count by rule; the setup counts as a scenario only when it disagrees,
    // so `runs` stays the scenarios asked for and `failed` is never 0 beside a disagreement
    const setupFailed = setupOutcome !== undefined && setupOutcome.checks.some((c) => !c.agrees)
    const scored = evaluations.map((e) => e.outcome).concat(setupFailed ? [setupOutcome] : [])
    const checked = scored.filter((o) => o.checks.length > 0)
    for (const o of scored) if (o.skipped !== undefined) session.notes.add(`${property.name}: ${o.skipped}`)
    return {
      tally: {
        property: property.name,
        group: property.group,
        runs: checked.length,
        passed: checked.filter((o) => o.checks.every((c) => c.agrees)).length,
        failed: checked.filter((o) => o.checks.some((c) => !c.agrees)).length,
        skipped: scored.length - checked.length
      },
      checks: [...evaluations.flatMap((e) => e.outcome.checks), ...(setupOutcome?.checks ?? [])],
      disagreements
    }
  })

/** Shares `total` among `weights` (largest remainder), in order. */
const share = (total: number, weights: ReadonlyArray<number>): Array<number> => {
  const sum = weights.reduce((a, b) => a + b, 0)
  const exact = weights.map((w) => (total * w) / sum)
  const parts = exact.map(Math.floor)
  let left = total - parts.reduce((a, b) => a + b, 0)
  const order = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1])
  for (const [, i] of order) {
    if (left-- <= 0) break
    parts[i]!++
  }
  return parts
}

/** The run with a checked configuration. */
const runResolved = (config: ResolvedConfig, signal: AbortSignal): Effect.Effect<ConformanceReport, ConformanceError> =>
  Effect.gen(function*() {
    const started = Date.now()
    const session = yield* openSession(config, signal)
    config.onProgress(
      `session open: ${
        session.context.currencies.map((c) => c.code).join(", ")
      }; clock from the ${session.clock.source}`
    )
    const groupRuns = share(config.runs, config.only.map(() => 1))
    const tallies: Array<PropertyTally> = []
    const checks: Array<Check> = []
    const disagreements: Array<Disagreement> = []
    for (const [g, group] of config.only.entries()) {
      const prepared = yield* Effect.catch(
        prepare(session, group),
        (halt) => (halt.error !== undefined ? Effect.fail(halt.error) : Effect.succeed([] as Array<Prepared>))
      )
      const weights = prepared.map((p) => (p._tag === "Ready" ? p.property.weight : 1))
      const runs = share(groupRuns[g]!, weights)
      for (const [i, p] of prepared.entries()) {
        if (p._tag === "Skipped") {
          tallies.push({ property: p.name, group, runs: 0, passed: 0, failed: 0, skipped: 0, skippedBecause: p.reason })
          session.notes.add(`${p.name} skipped: ${p.reason}`)
          continue
        }
        if (runs[i] === 0) continue
        const result = yield* Effect.catch(runProperty(session, p.property, runs[i]!), (error) =>
          error instanceof Halt
            ? error.error !== undefined ? Effect.fail(error.error) : Effect.die(error)
            : Effect.fail(error))
        tallies.push(result.tally)
        checks.push(...result.checks)
        disagreements.push(...result.disagreements)
      }
    }
    if (disagreements.some((d) => d.field === "completionDate") && config.timeZone === "UTC") {
      session.notes.add(
        "completionDate disagrees: a service that reads a checkout's date-times in another zone than UTC " +
          "(the sandbox: its merchant's) gives other calendar dates near midnight; name its zone with --tz (timeZone)"
      )
    }
    const rules = new Map<string, { checks: number; agreed: number; disagreed: number }>()
    for (const check of checks) {
      const tally = rules.get(check.rule) ?? { checks: 0, agreed: 0, disagreed: 0 }
      tally.checks++
      if (check.agrees) tally.agreed++
      else tally.disagreed++
      rules.set(check.rule, tally)
    }
    const ruleTallies: Array<RuleTally> = [...rules].map(([rule, t]) => ({ rule, ...t }))
    const sum = (k: "runs" | "passed" | "failed" | "skipped") => tallies.reduce((a, t) => a + t[k], 0)
    return {
      baseUrl: config.baseUrl.href,
      merchantId: config.merchantId,
      seed: config.seed,
      runs: sum("runs"),
      passed: sum("passed"),
      failed: sum("failed"),
      skipped: sum("skipped"),
      readOnly: config.readOnly,
      requests: session.transport.requests,
      capReached: session.transport.capReached,
      durationMs: Date.now() - started,
      clock: session.clock.source,
      rules: ruleTallies,
      properties: tallies,
      disagreements,
      notes: [...session.notes]
    }
  })

/**
 * Runs the conformance checks against the service of `config` (Effect API).
 * Disagreements are findings, in the report; the effect fails only when no
 * comparison can be made ({@link ConformanceError}: bad configuration, the
 * service unreachable or failing, the credentials refused). Interrupting it
 * stops the request in flight.
 *
 * @example
 * ```ts
 * import { Effect } from "effect"
 * import { run } from "payment-plan-engine/conformance"
 *
 * // the sandbox: its merchant's zone, and a local service need not be spared (default: 5 requests a second)
 * const config = { baseUrl, merchantId, apiKey, timeZone: "Australia/Sydney", rps: 1000, runs: 5, seed: 7 }
 * const report = await Effect.runPromise(run(config))
 * report.disagreements // [] when the service agrees with the rules
 * ```
 * @since 0.1.0
 */
export const run = (config: ConformanceConfig): Effect.Effect<ConformanceReport, ConformanceError> =>
  Effect.gen(function*() {
    const resolved = yield* Effect.try({
      try: () => resolveConformanceConfig(config),
      catch: (error) =>
        isConformanceError(error) ? error : new ConformanceUsageError({ message: String((error as Error)?.message) })
    })
    const controller = new AbortController()
    return yield* runResolved(resolved, controller.signal).pipe(
      Effect.onInterrupt(() => Effect.sync(() => controller.abort(new Error("the conformance run was interrupted"))))
    )
  })

/**
 * Options of {@link runConformance}.
 *
 * @since 0.1.0
 */
export interface RunOptions {
  /** Stops the run; the promise rejects with the signal's reason. */
  readonly signal?: AbortSignal | undefined
}

/**
 * Runs the conformance checks (Promise API): resolves with the report, rejects
 * with a {@link ConformanceError} when no comparison can be made.
 *
 * @example
 * ```ts
 * import { runConformance, formatTable } from "payment-plan-engine/conformance"
 *
 * const report = await runConformance({ baseUrl, merchantId, apiKey, timeZone: "Australia/Sydney", rps: 1000, runs: 5 })
 * console.log(formatTable(report))
 * process.exitCode = report.disagreements.length === 0 ? 0 : 1
 * ```
 * @since 0.1.0
 */
export const runConformance = async (
  config: ConformanceConfig,
  options: RunOptions = {}
): Promise<ConformanceReport> => {
  options.signal?.throwIfAborted()
  const exit = await Effect.runPromiseExit(
    run(config),
    options.signal === undefined ? undefined : { signal: options.signal }
  )
  if (Exit.isSuccess(exit)) return exit.value
  if (options.signal?.aborted === true) throw options.signal.reason
  throw Cause.squash(exit.cause)
}
