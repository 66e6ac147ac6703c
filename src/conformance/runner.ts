/**
 * The conformance runner: opens a session with the service (merchant
 * configuration, clock), runs each group's properties with fast-check within
 * the group's share of the request cap, names the root causes of what
 * disagrees (diagnosis.ts), then shrinks each root cause's counterexample over
 * HTTP with what is left of its group's share, and reports.
 *
 * Shrinking replays the first scenario that disagreed on a rule, operation
 * and field (fast-check's `path`) and keeps the smallest scenario that still
 * disagrees on the same one; every root cause gets its own counterexample.
 *
 * @module
 */
import * as Cause from "effect/Cause"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import fc from "fast-check"
import { createClient, type PaymentPlanClientApi } from "../adapters/client/index.ts"
import * as Time from "../core/foundation/time/index.ts"
import type { MerchantConfigurationResponse } from "../core/merchant/index.ts"
import { createProperty, invalidCreateProperty } from "./checks/create.ts"
import { notesProperty, notesSetup } from "./checks/notes.ts"
import { plansProperty, readOnlyPlansProperty } from "./checks/plans.ts"
import { readOnlyRefundProperty, refundProperty } from "./checks/refund.ts"
import { searchProperty, searchSetup } from "./checks/search.ts"
import { invalidTermsProperty, termsProperty } from "./checks/terms.ts"
import { verifyProperty } from "./checks/verify.ts"
import { type ServiceClock, serviceClock } from "./clock.ts"
import { type CheckGroup, type ConformanceConfig, resolveConformanceConfig, type ResolvedConfig } from "./config.ts"
import { coverageTallies } from "./coverage.ts"
import { byChain, rootCauses } from "./diagnosis.ts"
import { type ConformanceError, ConformanceUsageError, isConformanceError, ServiceUnreachableError } from "./errors.ts"
import { type Prepared, type Property, skipped } from "./property.ts"
import type {
  Cause as ReportCause,
  ClassTally,
  ConformanceReport,
  Disagreement,
  GroupTally,
  PropertyTally,
  RequestView,
  RuleTally
} from "./report.ts"
import { checkoutSpec, currenciesOf } from "./scenarios.ts"
import { scenariosOf, scheduledProperty } from "./schedule.ts"
import { call, type Check, Halt, haltOf, keyOf, type Outcome, send, type Session } from "./session.ts"
import { type Exchange, Transport } from "./transport.ts"
import { contradictedZone, probeZone } from "./zone.ts"

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
 * The client with its clock moved to the service's: what it checks against
 * "now" before sending (a redemption date after now, R4.6) is judged at the
 * service's time, which may be ahead (a sandbox's test clock) or behind.
 */
const onServiceTime = (client: PaymentPlanClientApi, offset: number): PaymentPlanClientApi => {
  if (offset === 0) return client
  const shifted = (clock: Clock.Clock): Clock.Clock => ({
    currentTimeMillisUnsafe: () => clock.currentTimeMillisUnsafe() + offset,
    currentTimeMillis: Effect.sync(() => clock.currentTimeMillisUnsafe() + offset),
    currentTimeNanosUnsafe: () => clock.currentTimeNanosUnsafe() + BigInt(offset) * 1_000_000n,
    currentTimeNanos: Effect.sync(() => clock.currentTimeNanosUnsafe() + BigInt(offset) * 1_000_000n),
    monotonicTimeNanosUnsafe: () => clock.monotonicTimeNanosUnsafe(),
    monotonicTimeNanos: clock.monotonicTimeNanos,
    sleep: (duration) => clock.sleep(duration)
  })
  const wrapped: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(client)) {
    wrapped[name] = typeof value !== "function" ?
      value :
      (...args: Array<unknown>) =>
        Effect.clockWith((clock) =>
          Effect.provideService(
            (value as (...a: Array<unknown>) => Effect.Effect<unknown, unknown>)(...args),
            Clock.Clock,
            shifted(clock)
          )
        )
  }
  return wrapped as unknown as PaymentPlanClientApi
}

/** The days of the merchant's default refund policies, in their order (R7.2). */
const defaultPolicyDaysOf = (merchant: MerchantConfigurationResponse | undefined): Array<number> => {
  const policies = (merchant as { defaultRefundPolicies?: unknown } | undefined)?.defaultRefundPolicies
  return Array.isArray(policies)
    ? policies
      .map((p) => (p as { daysWithinRedemptionDate?: unknown })?.daysWithinRedemptionDate)
      .filter((d): d is number => typeof d === "number" && Number.isSafeInteger(d) && d >= 0)
    : []
}

/** The client over the run's transport; options it refuses are a usage error. */
const connect = (
  config: ResolvedConfig,
  transport: Transport
): Effect.Effect<PaymentPlanClientApi, ConformanceUsageError> =>
  Effect.try({
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

/**
 * The merchant's configuration: a refusal of the credentials, no answer or a
 * 5xx ends the run; any other failure is noted, and the engine computes
 * without one.
 */
const readMerchant = (
  config: ResolvedConfig,
  signal: AbortSignal,
  client: PaymentPlanClientApi,
  notes: Set<string>
): Effect.Effect<MerchantConfigurationResponse | undefined, ConformanceError> =>
  Effect.gen(function*() {
    const answered = yield* Effect.result(client.getMerchantConfiguration())
    if (answered._tag === "Success") return answered.success
    const error = answered.failure
    const halt = haltOf({ config, signal } as Session, error)
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
    return undefined
  })

/** The service's clock: the sandbox's test clock where there is one, else the `Date` of `configured`'s answer. */
const readClock = (
  config: ResolvedConfig,
  transport: Transport,
  signal: AbortSignal,
  configured: Exchange | undefined
): Effect.Effect<ServiceClock, ConformanceError> =>
  Effect.gen(function*() {
    // any failure here only means there is no test clock
    const clockAnswer = yield* Effect.result(
      send({ config, transport, signal } as Session, "GET", "/sandbox/clock")
    )
    if (clockAnswer._tag === "Failure" && clockAnswer.failure.kind === "cap") {
      return yield* Effect.fail(unreachable(config, undefined, "could not be asked anything"))
    }
    return serviceClock(clockAnswer._tag === "Success" ? clockAnswer.success : undefined, configured)
  })

/** Notes what the run cannot cover: the local clock in place of the service's, a class of currency missing. */
const coverageNotes = (notes: Set<string>, clock: ServiceClock, currencies: ReturnType<typeof currenciesOf>) => {
  if (clock.source === "local clock") {
    notes.add("the service's clock is unknown (no sandbox clock, no Date header): the local clock is used")
  }
  for (const [digits, kind] of [[0, "zero-decimal"], [2, "two-digit"], [3, "three-digit"]] as const) {
    if (!currencies.some((c) => c.exponent === digits)) {
      notes.add(`the merchant takes no ${kind} currency (${digits} fraction digits): not covered`)
    }
  }
}

/** The external codes of the merchant's sub-merchants (stores), as far as it answers them. */
const externalCodesOf = (merchant: MerchantConfigurationResponse | undefined): Array<string> => {
  const subMerchants = (merchant as { subMerchants?: unknown } | undefined)?.subMerchants
  return Array.isArray(subMerchants)
    ? subMerchants
      .map((s) => (typeof s === "string" ? s : (s as { externalCode?: unknown })?.externalCode))
      .filter((c): c is string => typeof c === "string")
    : []
}

/**
 * Opens a session: the client over the run's transport, the merchant's
 * configuration (a refusal of the credentials, no answer or a 5xx ends the run
 * with a {@link ConformanceError}) and the service's clock.
 */
const openSession = (config: ResolvedConfig, signal: AbortSignal): Effect.Effect<Session, ConformanceError> =>
  Effect.gen(function*() {
    const transport = new Transport(config, signal)
    const client = yield* connect(config, transport)
    const notes = new Set<string>()
    const merchant = yield* readMerchant(config, signal, client, notes)
    const clock = yield* readClock(config, transport, signal, transport.last())
    transport.takeExchanges()
    const currencies = currenciesOf(merchant)
    coverageNotes(notes, clock, currencies)
    const given = config.timeZone === "auto" ? undefined : config.timeZone
    const session = sessionOf(config, merchant, clock, given ?? "UTC", {
      client: onServiceTime(client, clock.offset),
      transport,
      notes,
      signal
    })
    return given === undefined ? yield* learnZone(session) : session
  })

/**
 * A session over `merchant` and `clock` with the service's zone `zone`
 * (what generation depends on); `io` is what talks to the service.
 */
const sessionOf = (
  config: ResolvedConfig,
  merchant: MerchantConfigurationResponse | undefined,
  clock: ServiceClock,
  zone: string,
  io: Pick<Session, "client" | "transport" | "notes" | "signal">
): Session => ({
  ...io,
  config,
  clock,
  merchant,
  context: {
    // a UTC day at least a day after the service's today: every redemption date lies after now (R4.6)
    anchor: (Time.utcDay(clock.now()) + 2) * Time.MS_PER_DAY,
    merchantId: config.merchantId,
    orderPrefix: `conformance-s${config.seed}-`,
    currencies: currenciesOf(merchant),
    externalCodes: externalCodesOf(merchant),
    defaultPolicyDays: defaultPolicyDaysOf(merchant),
    now: clock.now,
    timeZone: zone,
    merchant
  },
  timeZone: zone,
  timeZoneSource: config.timeZone === "auto" ? "assumed" : "given",
  widget: "unknown",
  timings: { coverageMs: 0 }
})

/**
 * The boundary classes a run of `config` reaches by what it generates, decided
 * without sending anything: the scenarios of the properties whose classes
 * their input decides (create, terms, refund, verify, plans), as the run
 * generates them at the service's time `now` in zone `zone`, counted by
 * class. Search's and notes' classes are reached by their setups' sweeps and
 * the answers, not counted here.
 *
 * @since 0.2.0
 */
export const plannedReach = (
  given: ConformanceConfig,
  merchant: MerchantConfigurationResponse | undefined,
  now: number,
  zone: string
): Map<string, number> => {
  const config = resolveConformanceConfig(given)
  const clock = serviceClock(undefined, undefined)
  const fixed = { ...clock, now: () => now }
  const session = sessionOf(config, merchant, fixed, zone, {
    client: undefined as never,
    transport: undefined as never,
    notes: new Set(),
    signal: new AbortController().signal
  })
  const reached = new Map<string, number>()
  const of = (prepared: Prepared): Property<any> => (prepared as Extract<Prepared, { _tag: "Ready" }>).property
  const byGroup: { readonly [G in CheckGroup]?: ReadonlyArray<Property<any> | number> } = {
    // the invalid properties' weights: they share the group's runs
    create: [of(createProperty(session)), 2],
    terms: [of(termsProperty(session)), 1],
    refund: [of(refundProperty(session))],
    verify: [of(verifyProperty(session))],
    plans: [of(plansProperty(session))]
  }
  for (const run of planGroups(config, config.maxRequests)) {
    const members = byGroup[run.group]
    if (members === undefined) continue
    const weights = members.map((m) => (typeof m === "number" ? m : m.weight))
    const runs = share(run.planned, weights).map((n) => Math.max(1, n))
    members.forEach((m, i) => {
      if (typeof m === "number") return
      for (const input of scenariosOf(m, seedOf(config.seed, m.name), runs[i]!)) {
        for (const id of new Set(m.classes?.(input) ?? [])) reached.set(id, (reached.get(id) ?? 0) + 1)
      }
    })
  }
  return reached
}

/**
 * The session with the zone the service reads a checkout's date-times in,
 * learnt by probes (write mode); UTC, noted, in read-only mode or when the
 * probes tell nothing.
 */
const learnZone = (session: Session): Effect.Effect<Session, ConformanceError> =>
  Effect.gen(function*() {
    const assumed = (why: string) => {
      session.notes.add(`the service's zone was not learnt (${why}): its date-times are read in UTC (give --tz)`)
      return session
    }
    if (session.config.readOnly) return assumed("read-only: the zone is learnt from checkouts created for it")
    const currency = session.context.currencies[0]
    if (currency === undefined) return assumed("the merchant takes no currency")
    const learnt = yield* fatal(probeZone(session, currency))
    session.transport.takeExchanges()
    if ("failed" in learnt) return assumed(learnt.failed)
    session.config.onProgress(`the service reads a checkout's date-times in ${learnt.zone}`)
    return {
      ...session,
      context: { ...session.context, timeZone: learnt.zone },
      timeZone: learnt.zone,
      timeZoneSource: "probed"
    }
  })

/**
 * What each group costs in requests: once (its setup) and per scenario, on
 * average. A group's share of the request cap is in proportion, so every group
 * can run its scenarios and shrink its own counterexamples with what is left
 * of its share, whatever the others find.
 */
const GROUP_COST: { readonly [G in CheckGroup]: { readonly setup: number; readonly perScenario: number } } = {
  create: { setup: 40, perScenario: 1 },
  terms: { setup: 13, perScenario: 3 },
  refund: { setup: 0, perScenario: 6 },
  verify: { setup: 0, perScenario: 3 },
  search: { setup: 28, perScenario: 1 },
  plans: { setup: 0, perScenario: 6 },
  notes: { setup: 11, perScenario: 1 }
}

/**
 * How the scenarios of a run are shared among the groups: more to those whose
 * scenarios are cheap and try many rules (an invalid checkout tries up to
 * eight at one request), fewer to those a scenario of which pays a checkout.
 */
const GROUP_SCENARIOS: { readonly [G in CheckGroup]: number } = {
  create: 3,
  terms: 2,
  refund: 2,
  verify: 1,
  search: 1.5,
  plans: 1.5,
  notes: 1
}

/** The merchant's most recent plans (read-only mode calculates their refunds, reads and lists them), read once. */
const recentPlans = (session: Session): Effect.Effect<Array<string> | string, Halt> =>
  Effect.gen(function*() {
    const page = yield* call(session, session.client.searchPlans({ limit: 100 }))
    if (!page.ok) return `the plan search failed (${page.error.message})`
    return (page.value.plans ?? []).map((p) => p?.id).filter((id): id is string => typeof id === "string")
  })

/** The properties of a group. */
const prepare = (
  session: Session,
  group: CheckGroup,
  planIds: () => Effect.Effect<Array<string> | string, Halt>
): Effect.Effect<Array<Prepared>, Halt> =>
  Effect.gen(function*() {
    const { readOnly, seed } = session.config
    const writes = (name: string) =>
      skipped(group, name, "read-only: it creates checkouts (use it against a sandbox or a test account)")
    const existing = (property: string, use: (ids: Array<string>) => Prepared) =>
      Effect.map(planIds(), (ids) => (typeof ids === "string" ? skipped(group, property, ids) : use(ids)))
    switch (group) {
      case "create": {
        if (readOnly) return [writes("create"), writes("create.invalid")]
        const [spec] = fc.sample(checkoutSpec("any"), { seed: seedOf(seed, "create.invalid.setup"), numRuns: 1 })
        return [createProperty(session), yield* invalidCreateProperty(session, spec!)]
      }
      case "terms": {
        if (readOnly) return [writes("terms"), writes("terms.invalid")]
        const [spec] = fc.sample(checkoutSpec("payable"), { seed: seedOf(seed, "terms.invalid.setup"), numRuns: 1 })
        return [termsProperty(session), yield* invalidTermsProperty(session, spec!)]
      }
      case "refund":
        return [
          readOnly ? yield* existing("refund", (ids) => readOnlyRefundProperty(session, ids)) : refundProperty(session)
        ]
      case "verify":
        return [readOnly ? writes("verify") : verifyProperty(session)]
      case "search": {
        const [setup] = fc.sample(searchSetup, { seed: seedOf(seed, "search.setup"), numRuns: 1 })
        return [yield* searchProperty(session, setup!)]
      }
      case "plans":
        return [
          readOnly ? yield* existing("plans", (ids) => readOnlyPlansProperty(session, ids)) : plansProperty(session)
        ]
      case "notes": {
        const [setup] = fc.sample(notesSetup, { seed: seedOf(seed, "notes.setup"), numRuns: 1 })
        const ids = readOnly ? yield* planIds() : []
        if (typeof ids === "string") return [skipped(group, "notes", ids)]
        return [yield* notesProperty(session, setup!, ids)]
      }
    }
  })

/** One scenario's outcome, where it came from. */
interface Evaluation {
  readonly property: Property<any>
  /** the scenario's index in the property's run; -1 for its setup */
  readonly index: number
  readonly outcome: Outcome
  /** `property#index`: disagreements seen in the same scenario share it */
  readonly scenario: string
  /** The boundary classes it reached (each once). */
  readonly reached: ReadonlyArray<string>
}

/** What the detection of a property gave. */
interface Detected {
  readonly property: Property<any>
  readonly runs: number
  readonly evaluations: ReadonlyArray<Evaluation>
  /** Why it stopped before its last scenario, if it did. */
  readonly stopped?: string | undefined
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

/**
 * The boundary classes a scenario reached: those its answers told, and, when
 * it compared something and was not skipped, those its input lies in.
 */
const reachedBy = <T>(session: Session, property: Property<T>, input: T, outcome: Outcome): ReadonlyArray<string> => {
  const started = performance.now()
  const compared = outcome.skipped === undefined && outcome.checks.length > 0
  const reached = new Set([...(outcome.reached ?? []), ...(compared ? property.classes?.(input) ?? [] : [])])
  session.timings.coverageMs += performance.now() - started
  return [...reached]
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

const stopReason = (halt: Halt, done: number, runs: number): string =>
  halt.kind === "group"
    ? `its share of the request cap was spent after ${done} of ${runs} scenarios`
    : `the request cap was reached after ${done} of ${runs} scenarios`

/** Runs a property's scenarios (no shrinking yet). */
const detect = <T>(
  session: Session,
  property: Property<T>,
  runs: number
): Effect.Effect<Detected, ConformanceError | Halt> =>
  Effect.gen(function*() {
    const { config } = session
    const evaluations: Array<Evaluation> = []
    if (property.setup !== undefined) {
      evaluations.push({
        property,
        index: -1,
        outcome: property.setup,
        scenario: `${property.name}#setup`,
        reached: [...new Set(property.setup.reached ?? [])]
      })
    }
    let halt: Halt | undefined
    let index = 0
    yield* Effect.promise(() =>
      fc.check(
        scheduledProperty(property, async (input) => {
          const i = index++
          if (halt !== undefined) return true
          const result = await evaluateOnce(property, input)
          if (result instanceof Halt) halt = result
          else {
            evaluations.push({
              property,
              index: i,
              outcome: result,
              scenario: `${property.name}#${i}`,
              reached: reachedBy(session, property, input, result)
            })
          }
          if ((i + 1) % 10 === 0) config.onProgress(`${property.name}: ${i + 1}/${runs} scenarios`)
          return true
        }),
        { seed: seedOf(config.seed, property.name), numRuns: runs }
      )
    )
    const stopped = halt as Halt | undefined
    if (stopped?.kind === "fatal" && stopped.error !== undefined) return yield* Effect.fail(stopped.error)
    if (stopped?.kind === "aborted") return yield* Effect.fail(stopped)
    const done = evaluations.filter((e) => e.index >= 0).length
    return {
      property,
      runs,
      evaluations,
      ...(stopped === undefined ? {} : { stopped: stopReason(stopped, done, runs) })
    }
  })

/**
 * Shrinks one disagreement over HTTP: replays the first scenario that showed
 * it (fast-check's `path`) and keeps the smallest that still shows it, within
 * `budget` requests. Gives the smallest scenario's check and outcome, and how
 * many smaller ones were found.
 */
const shrink = (
  session: Session,
  first: Evaluation,
  matches: (check: Check) => boolean,
  budget: number
): Effect.Effect<
  { readonly check: Check; readonly outcome: Outcome; readonly shrinks: number } | undefined,
  ConformanceError | Halt
> =>
  Effect.gen(function*() {
    const { config, transport } = session
    const property = first.property
    let last: { check: Check; outcome: Outcome } | undefined
    let shrinks = 0
    let stop = false
    let replayed = false
    let halt: Halt | undefined
    transport.setBudget(budget)
    try {
      yield* Effect.promise(() =>
        fc.check(
          scheduledProperty(property, async (input) => {
            if (stop) return true
            const result = await evaluateOnce(property, input)
            if (result instanceof Halt) {
              stop = true
              if (result.kind !== "budget" && result.kind !== "cap" && result.kind !== "group") halt = result
              return true
            }
            const check = result.checks.find((c) => !c.agrees && matches(c))
            const counted = replayed
            replayed = true
            if (check === undefined) return true
            if (counted) shrinks++
            last = { check, outcome: result }
            return false
          }),
          {
            seed: seedOf(config.seed, property.name),
            path: String(first.index),
            numRuns: Math.max(first.index + 1, 1)
          }
        )
      )
    } finally {
      transport.setBudget(undefined)
      transport.takeExchanges()
    }
    const stopped = halt as Halt | undefined
    if (stopped?.kind === "fatal" && stopped.error !== undefined) return yield* Effect.fail(stopped.error)
    if (stopped?.kind === "aborted") return yield* Effect.fail(stopped)
    const found = last as { check: Check; outcome: Outcome } | undefined
    return found === undefined ? undefined : { ...found, shrinks }
  })

/** Shares `total` among `weights` (largest remainder), in order. */
const share = (total: number, weights: ReadonlyArray<number>): Array<number> => {
  const sum = weights.reduce((a, b) => a + b, 0)
  if (sum === 0) return weights.map(() => 0)
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

/** A disagreement seen: its check, its scenario, and the key it is reported under. */
interface Seen {
  readonly check: Check
  readonly evaluation: Evaluation
  /** the check's own key (what shrinking looks for) */
  readonly own: string
  /** the key it is reported under: an explanation every occurrence shares (R1.2, R1.4) renames it */
  key: string
  rule: string
}

/** What each group did, as the run goes. */
interface GroupRun {
  readonly group: CheckGroup
  readonly planned: number
  readonly budget: number
  requests: number
  scenarios: number
  skipped: Array<string>
  stopped: Array<string>
  detected: Array<Detected>
}

/** A group's halt and a kit's failure as the run's error; any other halt is a defect here. */
const fatal = <A>(effect: Effect.Effect<A, ConformanceError | Halt>): Effect.Effect<A, ConformanceError> =>
  Effect.catch(effect, (error) =>
    error instanceof Halt
      ? error.error !== undefined ? Effect.fail(error.error) : Effect.die(error)
      : Effect.fail(error))

/** Read-only groups share one read of the merchant's recent plans. */
const sharedPlanIds = (session: Session): () => Effect.Effect<Array<string> | string, Halt> => {
  let plans: Array<string> | string | undefined
  return () => plans !== undefined ? Effect.succeed(plans) : Effect.map(recentPlans(session), (ids) => (plans = ids))
}

/**
 * Every group's share of the scenarios, and of the `available` requests in
 * proportion to what that costs: a group's setup first (the plans it
 * searches, the notes it lists), then its scenarios.
 */
const planGroups = (config: ResolvedConfig, available: number): Array<GroupRun> => {
  // every selected group runs at least one scenario, whatever `runs` is: none is left out unsaid
  const groupRuns = share(config.runs, config.only.map((g) => GROUP_SCENARIOS[g])).map((n) => Math.max(1, n))
  const setups = config.only.map((g) => GROUP_COST[g].setup)
  const setupTotal = setups.reduce((a, b) => a + b, 0)
  const scenarioCosts = config.only.map((g, i) => GROUP_COST[g].perScenario * groupRuns[i]!)
  const budgets = setupTotal <= available
    ? share(available - setupTotal, scenarioCosts).map((b, i) => b + setups[i]!)
    : share(available, config.only.map((_, i) => setups[i]! + scenarioCosts[i]!))
  return config.only.map((group, i) => ({
    group,
    planned: groupRuns[i]!,
    budget: budgets[i]!,
    requests: 0,
    scenarios: 0,
    skipped: [],
    stopped: [],
    detected: []
  }))
}

/** A group's properties; a setup that spent the group's share (or the cap) prepares none, and says so. */
const prepareGroup = (
  session: Session,
  run: GroupRun,
  planIds: () => Effect.Effect<Array<string> | string, Halt>
): Effect.Effect<Array<Prepared>, ConformanceError> =>
  Effect.catch(
    prepare(session, run.group, planIds),
    (halt) =>
      halt.kind === "group" || halt.kind === "cap"
        ? Effect.sync(() => {
          run.stopped.push(
            halt.kind === "group"
              ? "its share of the request cap was spent in its setup"
              : "the request cap was reached"
          )
          return [] as Array<Prepared>
        })
        : halt.error !== undefined
        ? Effect.fail(halt.error)
        : Effect.succeed([] as Array<Prepared>)
  )

/** The tally of a property that did not run, noted in the report. */
const skippedTally = (session: Session, run: GroupRun, name: string, reason: string): PropertyTally => {
  session.notes.add(`${name} skipped: ${reason}`)
  run.skipped.push(`${name}: ${reason}`)
  return { property: name, group: run.group, runs: 0, passed: 0, failed: 0, skipped: 0, skippedBecause: reason }
}

/**
 * Stage 1 for one group: its properties prepared, then each property's
 * scenarios run within its part of what is left of the group's share (by its
 * scenarios: one never starves the next). Skipped properties are tallied in
 * `tallies`.
 */
const runGroup = (
  session: Session,
  run: GroupRun,
  planIds: () => Effect.Effect<Array<string> | string, Halt>,
  tallies: Array<PropertyTally>
): Effect.Effect<void, ConformanceError> =>
  Effect.gen(function*() {
    const { transport } = session
    const before = transport.requests
    transport.setGroupBudget(run.budget)
    try {
      const prepared = yield* prepareGroup(session, run, planIds)
      const weights = prepared.map((p) => (p._tag === "Ready" ? p.property.weight : 0))
      // every property that can run runs at least once
      const runs = share(run.planned, weights).map((n, i) => (weights[i]! > 0 ? Math.max(1, n) : 0))
      for (const [i, p] of prepared.entries()) {
        if (p._tag === "Skipped") {
          tallies.push(skippedTally(session, run, p.name, p.reason))
          continue
        }
        if (runs[i] === 0) continue
        const later = runs.slice(i).reduce((a, b, j) => a + (prepared[i + j]!._tag === "Ready" ? b : 0), 0)
        const left = run.budget - (transport.requests - before)
        transport.setGroupBudget(Math.floor((left * runs[i]!) / later))
        const detected = yield* fatal(detect(session, p.property, runs[i]!))
        run.detected.push(detected)
        run.scenarios += detected.evaluations.filter((e) => e.index >= 0).length
        if (detected.stopped !== undefined) run.stopped.push(`${p.property.name}: ${detected.stopped}`)
      }
    } finally {
      transport.setGroupBudget(undefined)
      transport.takeExchanges()
    }
    run.requests += transport.requests - before
  })

/** Every disagreement of the run, under its own key. */
const disagreementsSeen = (groups: ReadonlyArray<GroupRun>): Array<Seen> => {
  const seen: Array<Seen> = []
  for (const run of groups) {
    for (const d of run.detected) {
      for (const evaluation of d.evaluations) {
        for (const check of evaluation.outcome.checks) {
          if (!check.agrees) seen.push({ check, evaluation, own: keyOf(check), key: keyOf(check), rule: check.rule })
        }
      }
    }
  }
  return seen
}

/**
 * Renames disagreements by an explanation: one names the disagreements every
 * occurrence of which it explains, when it explains two occurrences at least
 * in the run (once may be chance) or other disagreements already name its rule.
 */
const nameByExplanation = (seen: ReadonlyArray<Seen>): void => {
  const byOwn = new Map<string, Array<Seen>>()
  for (const s of seen) byOwn.set(s.own, [...(byOwn.get(s.own) ?? []), s])
  const explained = (list: ReadonlyArray<Seen>) => {
    const explanation = list[0]!.check.explanation
    return explanation !== undefined && list.every((s) => s.check.explanation === explanation)
      ? explanation
      : undefined
  }
  const rename = (list: ReadonlyArray<Seen>, rule: string) => {
    for (const s of list) {
      s.rule = rule
      s.key = keyOf({ ...s.check, rule })
    }
  }
  const explainedBy = new Map<string, Array<ReadonlyArray<Seen>>>()
  for (const list of byOwn.values()) {
    const explanation = explained(list)
    if (explanation !== undefined) explainedBy.set(explanation, [...(explainedBy.get(explanation) ?? []), list])
  }
  const named = new Set(seen.map((s) => s.rule))
  for (const [explanation, lists] of explainedBy) {
    if (lists.reduce((n, l) => n + l.length, 0) >= 2 || named.has(explanation)) {
      for (const list of lists) rename(list, explanation)
    }
  }
}

/** The run's disagreements named and grouped under their root causes. */
interface Diagnosis {
  readonly seen: ReadonlyArray<Seen>
  /** the root cause of each key that follows from another */
  readonly causeOf: Map<string, string>
  /** each key's first occurrence */
  readonly firsts: Map<string, Seen>
  readonly keys: ReadonlyArray<string>
  /** the keys that follow from no other, in the order of the rules' chain */
  readonly roots: ReadonlyArray<string>
}

/** Stage 2: every disagreement, named by an explanation all its occurrences share, under its root cause. */
const diagnose = (groups: ReadonlyArray<GroupRun>): Diagnosis => {
  const seen = disagreementsSeen(groups)
  nameByExplanation(seen)
  const causeOf = rootCauses(seen.map((s) => ({ key: s.key, rule: s.rule, scenario: s.evaluation.scenario })))
  const firsts = new Map<string, Seen>()
  for (const s of seen) if (!firsts.has(s.key)) firsts.set(s.key, s)
  const keys = [...firsts.keys()]
  const roots = keys.filter((k) => !causeOf.has(k)).sort((a, b) => byChain(firsts.get(a)!.rule, firsts.get(b)!.rule))
  return { seen, causeOf, firsts, keys, roots }
}

/** A root cause's smallest scenario found by shrinking. */
type Shrunk = { readonly check: Check; readonly outcome: Outcome; readonly shrinks: number }

/** Stage 3: the root causes shrunk, each within what is left of its group's share. */
const shrinkRoots = (
  session: Session,
  groups: ReadonlyArray<GroupRun>,
  { firsts, roots, seen }: Diagnosis
): Effect.Effect<Map<string, Shrunk>, ConformanceError> =>
  Effect.gen(function*() {
    const { config, transport } = session
    const left = new Map(groups.map((g) => [g.group, g.budget - g.requests]))
    const shrunkPer = new Map<string, number>()
    const shrunk = new Map<string, Shrunk>()
    for (const key of roots) {
      // a setup (a sweep every run makes) is not shrunk: its first scenario that showed the same is
      const found = firsts.get(key)!
      const first = found.evaluation.index >= 0
        ? found
        : seen.find((s) =>
          s.key === key && s.evaluation.index >= 0 && s.evaluation.property === found.evaluation.property
        ) ??
          found
      const property = first.evaluation.property
      const group = property.group
      const budget = Math.min(config.maxShrinkRequests, left.get(group) ?? 0, config.maxRequests - transport.requests)
      const count = shrunkPer.get(property.name) ?? 0
      if (first.evaluation.index < 0 || budget <= 0 || count >= MAX_SHRUNK_PER_PROPERTY || transport.capReached) {
        continue
      }
      shrunkPer.set(property.name, count + 1)
      config.onProgress(`${property.name}: shrinking ${key}`)
      const before = transport.requests
      const result = yield* fatal(shrink(session, first.evaluation, (c) => keyOf(c) === first.own, budget))
      const used = transport.requests - before
      left.set(group, (left.get(group) ?? 0) - used)
      const run = groups.find((g) => g.group === group)!
      run.requests += used
      if (result !== undefined) shrunk.set(key, result)
    }
    return shrunk
  })

/** The disagreement reported under `key`: its smallest scenario, and the first one that showed it. */
const disagreementOf = (key: string, { causeOf, firsts }: Diagnosis, shrunk: Map<string, Shrunk>): Disagreement => {
  const first = firsts.get(key)!
  const best = shrunk.get(key)
  const check = best?.check ?? first.check
  const outcome = best?.outcome ?? first.evaluation.outcome
  const property = first.evaluation.property
  const setupFor = (index: number) => (index >= 0 && property.setupInRequest === true ? property.setup : undefined)
  const cause = causeOf.get(key)
  return {
    rule: first.rule,
    operation: check.operation,
    field: check.field,
    expected: check.expected,
    actual: check.actual,
    request: requestOf(check, outcome, setupFor(first.evaluation.index)),
    response: responseOf(check),
    ...(check.at === undefined ? {} : { at: check.at }),
    property: property.name,
    ...(check.engine === undefined ? {} : { engine: check.engine }),
    ...(cause === undefined ? {} : { cause }),
    shrinks: best?.shrinks ?? 0,
    first: {
      request: requestOf(first.check, first.evaluation.outcome, setupFor(first.evaluation.index)),
      response: responseOf(first.check),
      expected: first.check.expected,
      actual: first.check.actual
    }
  }
}

/** Stage 4: the report's disagreements, each root cause then what follows from it, and the causes. */
const findings = (
  diagnosis: Diagnosis,
  shrunk: Map<string, Shrunk>
): { readonly disagreements: Array<Disagreement>; readonly causes: Array<ReportCause> } => {
  const { causeOf, firsts, keys, roots } = diagnosis
  const ordered = roots.flatMap((root) => [
    root,
    ...keys.filter((k) => causeOf.get(k) === root).sort((a, b) => byChain(firsts.get(a)!.rule, firsts.get(b)!.rule))
  ])
  const disagreements = ordered.map((key) => disagreementOf(key, diagnosis, shrunk))
  const causes = roots.map((root) => {
    const d = disagreements.find((x) => `${x.rule} ${x.operation} ${x.field}` === root) ??
      disagreements[ordered.indexOf(root)]!
    return {
      rule: d.rule,
      operation: d.operation,
      field: d.field,
      consequences: ordered.filter((k) => causeOf.get(k) === root)
    }
  })
  return { disagreements, causes }
}

/** Tallies the scenarios of each property that ran into `tallies`; gives every check the run made. */
const propertyTallies = (
  session: Session,
  groups: ReadonlyArray<GroupRun>,
  tallies: Array<PropertyTally>
): Array<Check> => {
  const checks: Array<Check> = []
  for (const run of groups) {
    for (const d of run.detected) {
      const scored = d.evaluations.filter((e) => e.index >= 0 || e.outcome.checks.some((c) => !c.agrees))
      const checked = scored.filter((e) => e.outcome.checks.length > 0)
      for (const e of scored) {
        if (e.outcome.skipped !== undefined) session.notes.add(`${d.property.name}: ${e.outcome.skipped}`)
      }
      tallies.push({
        property: d.property.name,
        group: d.property.group,
        runs: checked.length,
        passed: checked.filter((e) => e.outcome.checks.every((c) => c.agrees)).length,
        failed: checked.filter((e) => e.outcome.checks.some((c) => !c.agrees)).length,
        skipped: scored.length - checked.length
      })
      for (const e of d.evaluations) checks.push(...e.outcome.checks)
    }
  }
  return checks
}

/** The checks by rule, an explained disagreement under its explanation. */
const ruleTallies = (checks: ReadonlyArray<Check>, seen: ReadonlyArray<Seen>): Array<RuleTally> => {
  const renamed = new Map(seen.map((s) => [s.check, s.rule]))
  const rules = new Map<string, { checks: number; agreed: number; disagreed: number }>()
  for (const check of checks) {
    const rule = renamed.get(check) ?? check.rule
    const tally = rules.get(rule) ?? { checks: 0, agreed: 0, disagreed: 0 }
    tally.checks++
    if (check.agrees) tally.agreed++
    else tally.disagreed++
    rules.set(rule, tally)
  }
  return [...rules].map(([rule, t]) => ({ rule, ...t }))
}

/** What each group did; a group that did not run in full is noted with why. */
const groupTallies = (session: Session, groups: ReadonlyArray<GroupRun>): Array<GroupTally> => {
  const tallies: Array<GroupTally> = groups.map((g) => {
    const evaluations = g.detected.flatMap((d) => d.evaluations)
    // a group ran when one of its scenarios (or its setup) compared something
    const ran = evaluations.some((e) => e.outcome.skipped === undefined && e.outcome.checks.length > 0)
    const why = [...new Set(evaluations.map((e) => e.outcome.skipped).filter((w) => w !== undefined))]
    const reasons = [
      ...g.skipped,
      ...g.stopped,
      ...(ran || why.length === 0 ? [] : [`every scenario was skipped (${why.join("; ")})`])
    ]
    const status = !ran ? "skipped" : g.stopped.length > 0 || g.skipped.length > 0 ? "partial" : "ran"
    return {
      group: g.group,
      status,
      scenarios: g.scenarios,
      planned: g.planned,
      requests: g.requests,
      budget: g.budget,
      // a group that did not run in full always says why
      ...(status === "ran" ? {} : { reason: reasons.length > 0 ? reasons.join("; ") : "it ran no scenario" })
    }
  })
  for (const g of tallies) {
    if (g.status === "partial") session.notes.add(`group ${g.group} ran in part: ${g.reason}`)
  }
  return tallies
}

/**
 * Why the run is not a pass though nothing may disagree: a selected group
 * that could not run (exclude it with `skip` or `only` to run without it), a
 * boundary class reached fewer times than `minCoverage` asks.
 */
const incompleteOf = (
  config: ResolvedConfig,
  groups: ReadonlyArray<GroupTally>,
  coverage: ReadonlyArray<ClassTally>
): Array<string> => {
  const reasons = groups
    .filter((g) => g.status === "skipped")
    .map((g) => `group ${g.group} could not run: ${g.reason} (exclude it with --skip ${g.group} to run without it)`)
  const short = coverage.filter((c) => c.expected && c.reached < config.minCoverage)
  if (short.length > 0) {
    reasons.push(
      `${short.length} boundary class(es) reached fewer than ${config.minCoverage} time(s) (--min-coverage): ${
        short.map((c) => `${c.rule}/${c.class} (${c.reached})`).join(", ")
      }`
    )
  }
  return reasons
}

/**
 * A zone mistaken for a rule: when the completion dates the service answered
 * disagree in the run's zone and all agree in one other, the run stops with
 * a usage error naming that zone rather than report R2.4.
 */
const checkZone = (session: Session, groups: ReadonlyArray<GroupRun>): Effect.Effect<void, ConformanceError> => {
  const checks = groups.flatMap((g) => g.detected.flatMap((d) => d.evaluations.flatMap((e) => e.outcome.checks)))
  const zone = contradictedZone(session, checks)
  if (zone === undefined) return Effect.void
  const against = checks.filter((c) => c.field === "completionDate" && !c.agrees).length
  return Effect.fail(
    new ConformanceUsageError({
      message: `the service turns a checkout's date-times into calendar dates in ${zone}, not ${session.timeZone} ` +
        `(${session.timeZoneSource === "given" ? "--tz" : session.timeZoneSource}): every completionDate it answered ` +
        `agrees with ${zone}, ${against} disagree with ${session.timeZone}; run with --tz ${zone}, or --tz auto`
    })
  )
}

/** The run with a checked configuration. */
const runResolved = (config: ResolvedConfig, signal: AbortSignal): Effect.Effect<ConformanceReport, ConformanceError> =>
  Effect.gen(function*() {
    const started = Date.now()
    const session = yield* openSession(config, signal)
    const { transport } = session
    config.onProgress(
      `session open: ${
        session.context.currencies.map((c) => c.code).join(", ")
      }; clock from the ${session.clock.source}`
    )
    const planIds = sharedPlanIds(session)
    const groups = planGroups(config, Math.max(0, config.maxRequests - transport.requests))
    const tallies: Array<PropertyTally> = []
    for (const run of groups) yield* runGroup(session, run, planIds, tallies)
    yield* checkZone(session, groups)
    const diagnosis = diagnose(groups)
    const shrunk = yield* shrinkRoots(session, groups, diagnosis)
    const { causes, disagreements } = findings(diagnosis, shrunk)
    const checks = propertyTallies(session, groups, tallies)
    const rules = ruleTallies(checks, diagnosis.seen)
    const groupTally = groupTallies(session, groups)
    const coverage = coverageOf(session, groups, groupTally)
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
      requests: transport.requests,
      capReached: transport.capReached || groups.some((g) => g.stopped.length > 0),
      durationMs: Date.now() - started,
      clock: session.clock.source,
      rules,
      properties: tallies,
      disagreements,
      causes,
      groups: groupTally,
      coverage,
      coverageMs: Math.round(session.timings.coverageMs),
      timeZone: session.timeZone,
      timeZoneSource: session.timeZoneSource,
      incomplete: incompleteOf(config, groupTally, coverage),
      notes: [...session.notes]
    }
  })

/** The coverage table: how many scenarios (and setups) of the run reached each boundary class. */
const coverageOf = (
  session: Session,
  groups: ReadonlyArray<GroupRun>,
  groupTally: ReadonlyArray<GroupTally>
): Array<ClassTally> => {
  const started = performance.now()
  const reached = new Map<string, number>()
  for (const run of groups) {
    for (const d of run.detected) {
      for (const e of d.evaluations) for (const id of e.reached) reached.set(id, (reached.get(id) ?? 0) + 1)
    }
  }
  const ran = groupTally.filter((g) => g.status !== "skipped").map((g) => g.group)
  const tallies = coverageTallies(reached, ran, session.merchant, session.timeZone)
  session.timings.coverageMs += performance.now() - started
  return tallies
}

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
 * // a local service need not be spared (default: 5 requests a second); the zone its dates are in is learnt
 * const config = { baseUrl, merchantId, apiKey, rps: 1000, runs: 5, seed: 7 }
 * const report = await Effect.runPromise(run(config))
 * report.disagreements // [] when the service agrees with the rules
 * ```
 * @category Conformance
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
 * @category Conformance
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
 * const report = await runConformance({ baseUrl, merchantId, apiKey, rps: 1000, runs: 5 })
 * console.log(formatTable(report))
 * process.exitCode = report.disagreements.length === 0 ? 0 : 1
 * ```
 * @category Conformance
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
