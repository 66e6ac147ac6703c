/**
 * Compute plan terms: for a created checkout, a request for each cadence
 * (Weekly, Fortnightly, Monthly) compared with `computePlanTerms` at the
 * service's clock (R5, R6); invalid requests must be refused with a 4xx.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import fc from "fast-check"
import type { CheckoutRequest } from "../../core/checkout/index.ts"
import { ValidationError } from "../../core/foundation/issues.ts"
import { FREQUENCIES, type PlanTerms, type PlanTermsRequest } from "../../core/plan-terms/index.ts"
import { expandPath, withRoutes } from "../../core/wire/routes.ts"
import { computePlanTermsResult } from "../../facade/index.ts"
import { type Property, ready, skipped } from "../property.ts"
import {
  breakTerms,
  checkoutRequestOf,
  type CheckoutSpec,
  checkoutSpec,
  currencyOfSpec,
  invalidTermsSpec,
  type TermsBreakage,
  termsRequestOf,
  type TermsSpec,
  termsSpec,
  totalMinorOf
} from "../scenarios.ts"
import { at, call, type Check, Checks, closest, type Halt, type Outcome, send, type Session } from "../session.ts"
import type { Exchange } from "../transport.ts"
import { createCheckout, refusalCheck } from "./create.ts"

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
  equal: (a: unknown, b: unknown) => boolean
) => {
  const n = Math.max(expected.length, actual.length)
  for (let i = 0; i < n; i++) {
    if (i >= expected.length || i >= actual.length || !equal(expected[i], actual[i])) {
      checks.add({ ...base, at: `${name}[${i}]`, expected: expected[i], actual: actual[i], agrees: false })
      return
    }
  }
  checks.add({ ...base, expected: expected.length, actual: actual.length, agrees: true })
}

/**
 * The checks of a plan-terms answer against the engine's terms (R5, R6).
 *
 * @since 0.1.0
 */
export const termsChecks = (expected: PlanTerms, actual: unknown, exchange: Exchange | undefined): Array<Check> => {
  const checks = new Checks(expected)
  const operation = "computePlanTerms"
  const payInFull = expected.planType === "PayInFull"
  const field = (rule: string, name: string, value: unknown) =>
    checks.add({ rule, operation, field: name, expected: value, actual: at(actual, name), exchange })
  field("R2.1", "totalCost", expected.totalCost)
  field(payInFull ? "R6.8" : "R6.4", "deposit.amount", expected.deposit.amount)
  field("R6.4", "deposit.range.min", expected.deposit.range.min)
  field("R6.4", "deposit.range.max", expected.deposit.range.max)
  field(payInFull ? "R6.8" : "R6.3", "installments.count", expected.installments.count)
  field("R6.5", "installments.amount", expected.installments.amount)
  field("R6.5", "installments.remainder", expected.installments.remainder)
  const keys = (v: unknown) => (Array.isArray(v) ? v : []).map((e) => String((e as { key?: unknown })?.key)).sort()
  checks.add({
    rule: "R6.6",
    operation,
    field: "installments.validation",
    expected: keys(expected.installments.validation),
    actual: keys(at(actual, "installments.validation")),
    exchange
  })
  // `schedule` is beyond the description's fields: compared when answered
  const schedule = at(actual, "schedule")
  if (Array.isArray(schedule)) {
    const base = { operation, exchange }
    listCheck(
      checks,
      { ...base, rule: "R6.3", field: "schedule.date" },
      "schedule",
      expected.schedule.map((p) => p.date),
      schedule.map((p) => (p as { date?: unknown })?.date),
      (a, b) => typeof b === "string" && b.slice(0, 10) === a
    )
    listCheck(
      checks,
      { ...base, rule: "R6.9", field: "schedule.amount" },
      "schedule",
      expected.schedule.map((p) => p.amount),
      schedule.map((p) => (p as { amount?: unknown })?.amount),
      (a, b) => a === b
    )
  }
  return checks.list
}

/**
 * The checks of one plan-terms call: its answer against the engine at either
 * end of the service's clock bracket, or its refusal.
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
    if (!result.ok && result.error._tag === "ValidationError") return []
    const bracket = exchange === undefined
      ? { earliest: session.clock.now(), latest: session.clock.now() }
      : session.clock.bracketOf(exchange)
    const instants = [bracket.earliest, bracket.latest]
    return closest(instants.map((now) => () => {
      const engine = engineTerms(session, checkout, request, now)
      if (!engine.ok) {
        // the engine refuses it: the service must too (R4)
        return exchange === undefined
          ? []
          : [refusalCheck(engine.error.issues[0]?.rule ?? "R4", "computePlanTerms", exchange)]
      }
      if (!result.ok) {
        return [{
          rule: "R6",
          operation: "computePlanTerms",
          field: "status",
          expected: "2xx",
          actual: exchange?.status ?? result.error.message,
          agrees: false,
          exchange
        }]
      }
      return termsChecks(engine.terms, result.value, exchange)
    }))
  })

/**
 * The plan-terms property: a checkout and a request for each cadence.
 *
 * @since 0.1.0
 */
export const termsProperty = (session: Session) =>
  ready<{ readonly checkout: CheckoutSpec; readonly terms: readonly [TermsSpec, TermsSpec, TermsSpec] }>({
    name: "terms",
    group: "terms",
    weight: 2,
    arbitrary: fc.record({ checkout: checkoutSpec("any"), terms: fc.tuple(termsSpec, termsSpec, termsSpec) }),
    evaluate: ({ checkout: spec, terms }) =>
      Effect.gen(function*() {
        const request = checkoutRequestOf(spec, session.context)
        const created = yield* createCheckout(session, request)
        if (!created.ok) {
          return {
            checks: [],
            exchanges: session.transport.takeExchanges(),
            skipped: `a checkout for plan terms was not created (${created.status ?? created.reason})`
          }
        }
        const currency = currencyOfSpec(spec, session.context)
        const total = totalMinorOf(request, currency)
        const checks: Array<Check> = []
        for (const [i, frequency] of FREQUENCIES.entries()) {
          const termsRequest = termsRequestOf(terms[i]!, frequency, created.checkout.id, currency, total)
          checks.push(...(yield* compareTerms(session, request, termsRequest)))
        }
        return { checks, exchanges: session.transport.takeExchanges() }
      })
  })

/**
 * The invalid plan-terms property: one checkout created for the property,
 * then requests broken one way, which the engine refuses, sent as they are.
 *
 * @since 0.1.0
 */
export const invalidTermsProperty = (session: Session, setupSpec: CheckoutSpec) =>
  Effect.gen(function*() {
    const routes = withRoutes(session.config.routes)
    const request = checkoutRequestOf(setupSpec, session.context)
    const created = yield* createCheckout(session, request)
    const setupExchanges = session.transport.takeExchanges()
    if (!created.ok) {
      return skipped("terms", "terms.invalid", `its checkout was not created (${created.status ?? created.reason})`)
    }
    const checkoutId = created.checkout.id
    const currency = currencyOfSpec(setupSpec, session.context)
    const total = totalMinorOf(request, currency)
    const property: Property<{ readonly breakage: TermsBreakage; readonly spec: TermsSpec }> = {
      name: "terms.invalid",
      group: "terms",
      weight: 1,
      setup: { checks: [], exchanges: setupExchanges },
      setupInRequest: true,
      arbitrary: invalidTermsSpec,
      evaluate: ({ breakage, spec }) =>
        Effect.gen(function*() {
          const broken = breakTerms(termsRequestOf(spec, "Weekly", checkoutId, currency, total), breakage)
          const engine = engineTerms(session, request, broken, session.clock.now())
          if (engine.ok) return { checks: [], exchanges: [], skipped: `the engine computes "${breakage}"` } as Outcome
          const path = expandPath(routes.computePlanTerms, { checkoutId })
          const exchange = yield* send(session, routes.computePlanTerms.method, path, broken)
          return {
            checks: [refusalCheck(engine.error.issues[0]?.rule ?? "R6.2", "computePlanTerms", exchange)],
            exchanges: session.transport.takeExchanges()
          }
        })
    }
    return ready(property)
  })
