/**
 * Opening a conformance session with the service: the connection, the merchant configuration and
 * the service's clock read (or given), the client moved to the service's time, the time zone
 * learnt, and the reach a run plans.
 *
 * @module
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import { createClient, type PaymentPlanClientApi } from "../adapters/client/index.ts"
import * as Time from "../core/foundation/time/index.ts"
import type { MerchantConfigurationResponse } from "../core/merchant/index.ts"
import { createProperty } from "./checks/create.ts"
import { plansProperty } from "./checks/plans.ts"
import { refundProperty } from "./checks/refund.ts"
import { termsProperty } from "./checks/terms.ts"
import { verifyProperty } from "./checks/verify.ts"
import { type ServiceClock, serviceClock } from "./clock.ts"
import { type CheckGroup, type ConformanceConfig, resolveConformanceConfig, type ResolvedConfig } from "./config.ts"
import { fatal, seedOf } from "./detection.ts"
import { type ConformanceError, ConformanceUsageError, ServiceUnreachableError } from "./errors.ts"
import { planGroups, share } from "./groups.ts"
import { type Prepared, type Property } from "./property.ts"
import { currenciesOf } from "./scenarios.ts"
import { scenariosOf } from "./schedule.ts"
import { haltOf, send, type Session } from "./session.ts"
import { type Exchange, Transport } from "./transport.ts"
import { probeZone } from "./zone.ts"

export const unreachable = (config: ResolvedConfig, status: number | undefined, what: string) =>
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
export const connect = (
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
export const openSession = (config: ResolvedConfig, signal: AbortSignal): Effect.Effect<Session, ConformanceError> =>
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
