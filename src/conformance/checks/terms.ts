/**
 * Compute plan terms: for a created checkout, a request for each cadence
 * (Weekly, Fortnightly, Monthly) compared with `computePlanTerms` at the
 * service's clock (R5, R6); invalid requests must be refused with a 4xx.
 *
 * @module
 */
// Over 400 lines: one property, compute plan terms: its scenarios, its invalid requests and their comparison.
import * as Effect from "effect/Effect"
import fc from "fast-check"
import type { CheckoutRequest } from "../../core/checkout/index.ts"
import { ValidationError } from "../../core/foundation/issues.ts"
import * as Money from "../../core/foundation/money.ts"
import { FREQUENCIES, type PlanTerms, type PlanTermsRequest } from "../../core/plan-terms/index.ts"
import { expandPath, withRoutes } from "../../core/wire/routes.ts"
import { computePlanTermsResult } from "../../facade/index.ts"
import { checkoutClasses, reachOf, termsClasses } from "../coverage.ts"
import { refusalRule } from "../diagnosis.ts"
import { type Property, ready, skipped } from "../property.ts"
import {
  breakTerms,
  checkoutRequestOf,
  type CheckoutSpec,
  checkoutSpec,
  currencyOfSpec,
  invalidTermsSpec,
  TERMS_BREAKAGES,
  type TermsBreakage,
  termsRequestOf,
  type TermsSpec,
  termsSpec,
  totalMinorOf
} from "../scenarios.ts"
import { at, call, type Check, Checks, closest, type Halt, type Outcome, send, type Session } from "../session.ts"
import { checkoutTargets, pickOf, requestTargets, steeredRequestOf, steerTerms, TERMS_SLOTS } from "../targets.ts"
import type { Exchange } from "../transport.ts"
import { completionDayOf, createCheckout, exponentOf, refusalCheck, refusalIssues, totalsChecks } from "./create.ts"

/**
 * The engine's terms at an instant, or the validation error it refuses the request with.
 *
 * @since 0.1.0
 */
export const engineTerms = (
  session: Session,
  checkout: CheckoutRequest,
  request: unknown,
  now: number
): { readonly ok: true; readonly terms: PlanTerms } | { readonly ok: false; readonly error: ValidationError } => {
  const answer = computePlanTermsResult(checkout, request, { now, merchant: session.merchant })
  return answer.ok
    ? { ok: true, terms: answer.value }
    : { ok: false, error: new ValidationError({ issues: answer.issues, warnings: answer.warnings }) }
}

/**
 * Compares two lists element by element as one check: the first index where
 * they differ (or where one ends) is reported.
 *
 * @since 0.1.0
 */
export const listCheck = (
  checks: Checks,
  base: Omit<Check, "agrees" | "expected" | "actual" | "at">,
  name: string,
  expected: ReadonlyArray<unknown>,
  actual: ReadonlyArray<unknown>,
  equal: (a: unknown, b: unknown) => boolean,
  /** the index of the lists' first element in the answer's list */
  offset = 0
) => {
  const n = Math.max(expected.length, actual.length)
  for (let i = 0; i < n; i++) {
    if (i >= expected.length || i >= actual.length || !equal(expected[i], actual[i])) {
      checks.add({ ...base, at: `${name}[${i + offset}]`, expected: expected[i], actual: actual[i], agrees: false })
      return
    }
  }
  checks.add({ ...base, expected: expected.length, actual: actual.length, agrees: true })
}

/** What the checks of one plan-terms answer share. */
interface TermsComparison {
  readonly checks: Checks
  readonly expected: PlanTerms
  readonly exchange: Exchange | undefined
  readonly exponent: number | undefined
  /** the rule a field cites: R6.8 for every field of PayInFull terms */
  readonly cite: (rule: string) => string
  /** what explains different amounts: instalments R6.5 drops not dropped, or a split that cannot be (R5.1) */
  readonly because: string | undefined
  readonly notDropped: boolean
}

/** The cadence the service resolved (R6.2: defaults, any case), where it answers one. */
const cadenceChecks = ({ checks, exchange, expected }: TermsComparison, cadence: unknown): void => {
  if (typeof cadence !== "object" || cadence === null) return
  const operation = "computePlanTerms"
  const resolved = expected.installments.cadence
  checks.add({
    rule: "R6.2",
    operation,
    field: "installments.cadence.frequency",
    expected: resolved.frequency,
    actual: at(cadence, "frequency"),
    exchange
  })
  const day = resolved.frequency === "Monthly" ? "dayOfMonth" : "dayOfWeek"
  checks.add({
    rule: "R6.2",
    operation,
    field: `installments.cadence.on.${day}`,
    expected: (resolved.on as Record<string, unknown>)[day],
    actual: at(cadence, `on.${day}`),
    exchange
  })
}

/**
 * The answered schedule: payment 1 is on the plan date (R6.1) and carries the
 * remainder (R5.2); the others follow the cadence (R6.3) in equal amounts (R6.9).
 */
const scheduleChecks = (
  { because, checks, cite, exchange, expected, exponent, notDropped }: TermsComparison,
  schedule: ReadonlyArray<unknown>
): void => {
  const base = { operation: "computePlanTerms", exchange }
  const dates = schedule.map((p) => (p as { date?: unknown })?.date)
  const amounts = schedule.map((p) => (p as { amount?: unknown })?.amount)
  const sameDate = (a: unknown, b: unknown) => typeof b === "string" && b.slice(0, 10) === a
  checks.add({
    ...base,
    rule: "R6.1",
    field: "schedule[0].date",
    expected: expected.schedule[0]?.date,
    actual: dates[0],
    agrees: sameDate(expected.schedule[0]?.date, dates[0])
  })
  checks.amount(
    {
      ...base,
      rule: cite("R5.2"),
      field: "schedule[0].amount",
      expected: expected.schedule[0]?.amount,
      actual: amounts[0]
    },
    exponent,
    because
  )
  listCheck(
    checks,
    { ...base, rule: cite("R6.3"), field: "schedule.date", ...(notDropped ? { explanation: "R6.5" } : {}) },
    "schedule",
    expected.schedule.slice(1).map((p) => p.date),
    dates.slice(1),
    sameDate,
    1
  )
  listCheck(
    checks,
    {
      ...base,
      rule: cite("R6.9"),
      field: "schedule.amount",
      ...(because === undefined ? {} : { explanation: because })
    },
    "schedule",
    expected.schedule.slice(1).map((p) => p.amount),
    amounts.slice(1),
    (a, b) => a === b,
    1
  )
}

/**
 * The checks of a plan-terms answer against the engine's terms (R5, R6). Each
 * field cites the rule that fixes it; every field of PayInFull terms cites
 * R6.8, and the plan date (the first payment's date) R6.1. Amounts are
 * compared in the currency's digits (`exponent`), so a service computing in
 * others is named by R1.2.
 *
 * @since 0.1.0
 */
export const termsChecks = (
  expected: PlanTerms,
  actual: unknown,
  exchange: Exchange | undefined,
  exponent?: number,
  /** the count the engine gives without dropping instalments below the minimum payment (R6.5) */
  undropped?: number
): Array<Check> => {
  const checks = new Checks(expected)
  const operation = "computePlanTerms"
  const payInFull = expected.planType === "PayInFull"
  const cite = (rule: string) => (payInFull ? "R6.8" : rule)
  const count = at(actual, "installments.count")
  // terms that did not drop what R6.5 drops; a split whose remainder is negative or not below the count (R5.1)
  const notDropped = typeof count === "number" && count === undropped && count !== expected.installments.count
  const remainder = exponent === undefined
    ? undefined
    : Money.toMinorUnits(at(actual, "installments.remainder"), exponent)
  const badSplit = typeof count === "number" && count > 0 && typeof remainder === "number" &&
    (remainder < 0 || remainder >= count)
  const because = notDropped ? "R6.5" : badSplit ? "R5.1" : undefined
  const amount = (rule: string, name: string, value: unknown) =>
    checks.amount(
      { rule: cite(rule), operation, field: name, expected: value, actual: at(actual, name), exchange },
      exponent,
      because
    )
  const compared: TermsComparison = { checks, expected, exchange, exponent, cite, because, notDropped }
  amount("R2.1", "totalCost", expected.totalCost)
  amount("R6.4", "deposit.amount", expected.deposit.amount)
  amount("R6.4", "deposit.range.min", expected.deposit.range.min)
  amount("R6.4", "deposit.range.max", expected.deposit.range.max)
  checks.add({
    rule: cite("R6.3"),
    operation,
    field: "installments.count",
    expected: expected.installments.count,
    actual: count,
    exchange,
    ...(notDropped ? { explanation: "R6.5" } : {})
  })
  amount("R6.5", "installments.amount", expected.installments.amount)
  amount("R6.5", "installments.remainder", expected.installments.remainder)
  if (!payInFull) cadenceChecks(compared, at(actual, "installments.cadence"))
  const keys = (v: unknown) => (Array.isArray(v) ? v : []).map((e) => String((e as { key?: unknown })?.key)).sort()
  checks.add({
    rule: cite("R6.6"),
    operation,
    field: "installments.validation",
    expected: keys(expected.installments.validation),
    actual: keys(at(actual, "installments.validation")),
    exchange
  })
  // `schedule` is beyond the description's fields: compared when answered
  const schedule = at(actual, "schedule")
  if (Array.isArray(schedule)) scheduleChecks(compared, schedule)
  return checks.list
}

/**
 * The checks of one plan-terms call: its answer against the engine at either
 * end of the service's clock bracket, or its refusal (a valid request refused
 * is named by the issue the service gives; PayInFull by R6.8).
 *
 * @since 0.1.0
 */
export const compareTerms = (
  session: Session,
  checkout: CheckoutRequest,
  request: PlanTermsRequest
): Effect.Effect<ReadonlyArray<Check>, Halt> =>
  Effect.gen(function*() {
    const result = yield* call(session, session.client.computePlanTerms(request))
    const exchange = session.transport.last()
    if (!result.ok && result.error._tag === "RequestValidationError") return []
    const bracket = exchange === undefined
      ? { earliest: session.clock.now(), latest: session.clock.now() }
      : session.clock.bracketOf(exchange)
    const exponent = exponentOf(session, checkout.currencyCode)
    const instants = [bracket.earliest, bracket.latest]
    return closest(instants.map((now) => () => {
      const engine = engineTerms(session, checkout, request, now)
      if (!engine.ok) {
        // the engine refuses it: the service must too (R4), with the same issues
        if (exchange === undefined) return []
        return [
          refusalCheck(engine.error.issues[0]?.rule ?? "R4", "computePlanTerms", exchange),
          ...refusalIssues("computePlanTerms", engine.error.issues, exchange)
        ]
      }
      if (!result.ok) {
        const fallback = engine.terms.planType === "PayInFull" ? "R6.8" : "R6"
        return [{
          rule: fallback === "R6.8" ? fallback : refusalRule(request, exchange?.responseBody, fallback),
          operation: "computePlanTerms",
          field: "status",
          expected: "2xx",
          actual: exchange?.status ?? result.error.message,
          agrees: false,
          exchange
        }]
      }
      return termsChecks(
        engine.terms,
        result.value,
        exchange,
        exponent,
        undroppedCount(session, checkout, request, now)
      )
    }))
  })

/**
 * What explains payments that differ from the engine's: instalments R6.5
 * would have dropped (the count without dropping), or a split that cannot be
 * (R5.1: a first payment below the deposit, or a remainder not below the count).
 *
 * @since 0.1.0
 */
export const paymentsExplanation = (
  answered: { readonly count: unknown; readonly firstPayment: unknown },
  expected: PlanTerms,
  undropped: number | undefined,
  exponent: number | undefined
): "R6.5" | "R5.1" | undefined => {
  const { count } = answered
  if (typeof count !== "number") return undefined
  if (count === undropped && count !== expected.installments.count) return "R6.5"
  if (exponent === undefined || expected.planType === "PayInFull" || count <= 0) return undefined
  const first = Money.toMinorUnits(answered.firstPayment, exponent)
  const deposit = Money.toMinorUnits(expected.deposit.amount, exponent)
  return typeof first === "number" && typeof deposit === "number" && (first < deposit || first - deposit >= count)
    ? "R5.1"
    : undefined
}

/**
 * The count the engine gives the terms without R6.5 (a minimum payment of one
 * minor unit drops nothing), so a service that keeps instalments below the
 * minimum payment is named by R6.5, not by the count (R6.3) it changes.
 *
 * @since 0.1.0
 */
export const undroppedCount = (
  session: Session,
  checkout: CheckoutRequest,
  request: unknown,
  now: number
): number | undefined => {
  const merchant = session.merchant as { currencies?: ReadonlyArray<unknown> } | undefined
  if (merchant?.currencies === undefined) return undefined
  const lowered = {
    ...merchant,
    currencies: merchant.currencies.map((c) =>
      typeof c === "object" && c !== null ? { ...c, minimumPaymentAmount: 0 } : c
    )
  }
  const terms = computePlanTermsResult(checkout, request, { now, merchant: lowered })
  return terms.ok ? terms.value.installments.count : undefined
}

/** A plan-terms scenario: a checkout, a request spec for each cadence, and the slot it is steered onto. */
export interface TermsInput {
  readonly checkout: CheckoutSpec
  readonly terms: readonly [TermsSpec, TermsSpec, TermsSpec]
  readonly slot?: ReadonlyArray<string> | undefined
}

/**
 * The requests of a plan-terms scenario: its checkout (steered onto the
 * slot's checkout targets, days counted in the first request's zone) and a
 * request for each cadence (steered onto its own), for the checkout `checkoutId`.
 *
 * @since 0.2.0
 */
export const termsScenario = (session: Session, input: TermsInput, checkoutId: string) => {
  // a scenario's evaluation and its classes ask for the same requests: steered once
  const known = scenarios.get(input)
  const scenario = known ?? steerScenario(session, input)
  if (known === undefined) scenarios.set(input, scenario)
  return { ...scenario, requests: scenario.requests.map((r) => ({ ...r, checkoutId })) }
}

const scenarios = new WeakMap<TermsInput, ReturnType<typeof steerScenario>>()

const steerScenario = (session: Session, input: TermsInput) => {
  const checkoutId = "chk_pending"
  const slot = input.slot ?? []
  // the checkout is steered for its requests' targets too (a total a deposit range fits, instalments ahead)
  const spec: CheckoutSpec = {
    ...input.checkout,
    targets: [...checkoutTargets(slot), ...[0, 1, 2].flatMap((i) => requestTargets(slot, i))]
  }
  const request = steeredRequestOf(spec, session.context, input.terms[0].timeZone)
  const currency = currencyOfSpec(spec, session.context)
  const total = totalMinorOf(request, currency)
  const pick = pickOf(spec)
  const requests = FREQUENCIES.map((frequency, i) => {
    const zone = input.terms[i]!.timeZone
    const plain = termsRequestOf(
      input.terms[i]!,
      frequency,
      checkoutId,
      currency,
      total,
      completionDayOf(session, request, zone)
    )
    return steerTerms(plain, requestTargets(slot, i), request, session.context, currency, pick + i) as PlanTermsRequest
  })
  return { request, currency, requests }
}

/**
 * The plan-terms property: a checkout (its totals compared, R2) and a request
 * for each cadence.
 *
 * @since 0.1.0
 */
export const termsProperty = (session: Session) => {
  const arbitrary = fc.record({ checkout: checkoutSpec("any"), terms: fc.tuple(termsSpec, termsSpec, termsSpec) })
  return ready<TermsInput>({
    name: "terms",
    group: "terms",
    weight: 1,
    arbitrary,
    slots: TERMS_SLOTS,
    targeted: (slot) => arbitrary.map((input) => ({ ...input, slot })),
    classes: (input) => {
      const { currency, request, requests } = termsScenario(session, input, "chk_classes")
      const reach = reachOf(session)
      return [...checkoutClasses(reach, request), ...requests.flatMap((r) => termsClasses(reach, request, r, currency))]
    },
    evaluate: (input) =>
      Effect.gen(function*() {
        const { request } = termsScenario(session, input, "chk_pending")
        const created = yield* createCheckout(session, request)
        const checks: Array<Check> = [...totalsChecks(session, request, created)]
        if (!created.ok) {
          return {
            checks,
            exchanges: session.transport.takeExchanges(),
            skipped: `a checkout for plan terms was not created (${created.status ?? created.reason})`
          }
        }
        for (const termsRequest of termsScenario(session, input, created.checkout.id).requests) {
          checks.push(...(yield* compareTerms(session, request, termsRequest)))
        }
        return { checks, exchanges: session.transport.takeExchanges() }
      })
  })
}

/**
 * The invalid plan-terms property: one checkout created for the property,
 * then requests broken one to four ways, which the engine refuses, sent as they are;
 * the refusal's issues are compared with the engine's.
 *
 * @since 0.1.0
 */
export const invalidTermsProperty = (session: Session, setupSpec: CheckoutSpec) =>
  Effect.gen(function*() {
    const routes = withRoutes(session.config.routes)
    const request = checkoutRequestOf(setupSpec, session.context)
    const created = yield* createCheckout(session, request)
    const setupChecks = [...totalsChecks(session, request, created)]
    const setupExchanges = session.transport.takeExchanges()
    if (!created.ok) {
      return skipped("terms", "terms.invalid", `its checkout was not created (${created.status ?? created.reason})`)
    }
    const checkoutId = created.checkout.id
    const currency = currencyOfSpec(setupSpec, session.context)
    const total = totalMinorOf(request, currency)
    const path = expandPath(routes.computePlanTerms, { checkoutId })
    const sendBroken = (broken: unknown) =>
      Effect.gen(function*() {
        const engine = engineTerms(session, request, broken, session.clock.now())
        if (engine.ok) return undefined
        const exchange = yield* send(session, routes.computePlanTerms.method, path, broken)
        return [
          refusalCheck(engine.error.issues[0]?.rule ?? "R6.2", "computePlanTerms", exchange),
          ...refusalIssues("computePlanTerms", engine.error.issues, exchange)
        ]
      })
    // every way alone first, so each is tried in every run
    const [sweepSpec] = fc.sample(termsSpec, { seed: session.config.seed, numRuns: 1 })
    for (const breakage of TERMS_BREAKAGES) {
      const checks = yield* sendBroken(
        breakTerms(termsRequestOf(sweepSpec!, "Weekly", checkoutId, currency, total), [breakage])
      )
      if (checks !== undefined) setupChecks.push(...checks)
    }
    const property: Property<{ readonly breakages: ReadonlyArray<TermsBreakage>; readonly spec: TermsSpec }> = {
      name: "terms.invalid",
      group: "terms",
      // one request each, trying up to six rules: as many as the valid scenarios of four requests
      weight: 1,
      setup: { checks: setupChecks, exchanges: [...setupExchanges, ...session.transport.takeExchanges()] },
      setupInRequest: true,
      arbitrary: invalidTermsSpec,
      evaluate: ({ breakages, spec }) =>
        Effect.gen(function*() {
          const checks = yield* sendBroken(
            breakTerms(termsRequestOf(spec, "Weekly", checkoutId, currency, total), breakages)
          )
          if (checks === undefined) {
            return { checks: [], exchanges: [], skipped: `the engine computes "${breakages.join(", ")}"` } as Outcome
          }
          return { checks, exchanges: session.transport.takeExchanges() }
        })
    }
    return ready(property)
  })
