/**
 * Create checkout: generated valid checkouts are created and their totals
 * compared field by field with `summarizeCheckout` (R2, R4.7); invalid ones
 * must be refused with a 4xx (R4), never accepted and never a 5xx, and with
 * the same issues as the engine's (R4.1: every violation).
 *
 * @module
 */
import * as Effect from "effect/Effect"
import type { CheckoutRequest, CheckoutResponse } from "../../core/checkout/index.ts"
import type { Issue } from "../../core/foundation/issues.ts"
import * as Money from "../../core/foundation/money.ts"
import * as Time from "../../core/foundation/time/index.ts"
import { expandPath, withRoutes } from "../../core/wire/routes.ts"
import { summarizeCheckoutResult, validateCheckoutRequest } from "../../facade/index.ts"
import { checkoutClasses, reachOf } from "../coverage.ts"
import { issuesCheck, refusalRule } from "../diagnosis.ts"
import { type Prepared, type Property, ready } from "../property.ts"
import {
  breakCheckout,
  CHECKOUT_BREAKAGES,
  type CheckoutBreakage,
  checkoutRequestOf,
  type CheckoutSpec,
  checkoutSpec,
  invalidCheckoutSpec
} from "../scenarios.ts"
import { call, type Check, Checks, type Halt, type Outcome, same, send, type Session } from "../session.ts"
import { CREATE_SLOTS, steeredRequestOf } from "../targets.ts"
import type { Exchange } from "../transport.ts"

/**
 * What creating a checkout gave: the checkout as read (R9), or why there is none.
 *
 * @since 0.1.0
 */
export type Created =
  | { readonly ok: true; readonly checkout: CheckoutResponse; readonly exchange: Exchange | undefined }
  | {
    readonly ok: false
    readonly status: number | undefined
    readonly exchange: Exchange | undefined
    readonly reason: string
  }

/**
 * Creates a checkout through the client.
 *
 * @since 0.1.0
 */
export const createCheckout = (session: Session, request: CheckoutRequest): Effect.Effect<Created, Halt> =>
  Effect.gen(function*() {
    const result = yield* call(session, session.client.createCheckout(request))
    const exchange = session.transport.last()
    if (result.ok) return { ok: true, checkout: result.value.checkout, exchange } as const
    const error = result.error
    if (error._tag === "RequestValidationError") {
      return {
        ok: false,
        status: undefined,
        exchange: undefined,
        reason: `the kit generated a request the core refuses: ${error.message}`
      } as const
    }
    return { ok: false, status: error.status, exchange, reason: error.message } as const
  })

/** The digits of a currency of the run (R1.2), as the merchant's configuration gives them. */
export const exponentOf = (session: Session, currencyCode: string): number | undefined =>
  session.context.currencies.find((c) => c.code === currencyCode)?.exponent

/** The instant the service says it created the checkout at. */
const createdAtOf = (checkout: CheckoutResponse): string | undefined => {
  const value = (checkout as { createdAt?: unknown; created?: unknown }).createdAt ??
    (checkout as { created?: unknown }).created
  return typeof value === "string" && /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value))
    ? value
    : undefined
}

/**
 * The engine's completion date of a checkout (R2.4) with its date-times read
 * in `zone` (a plan's terms read them in the plan's zone, R3.1).
 *
 * @since 0.1.0
 */
export const completionDayOf = (session: Session, request: CheckoutRequest, zone: string): number | undefined => {
  const summary = summarizeCheckoutResult(request, {
    now: session.clock.now(),
    merchant: session.merchant,
    timeZone: zone
  })
  return summary.ok ? Time.parseDate(summary.value.completionDate) : undefined
}

/**
 * How many units of a checkout's items have a Percentage minimum deposit
 * (their own, or the merchant's default) that falls exactly on half a minor
 * unit, so rounds up (R1.5): the most a service rounding otherwise can be off
 * by, in minor units.
 */
export const halfRoundedUnits = (request: CheckoutRequest, merchant: unknown, exponent: number): number => {
  const defaults = merchant as { defaultMinDepositType?: unknown; defaultMinDepositValue?: unknown } | undefined
  let units = 0
  for (const item of request.items) {
    const unit = item.minimumDepositPerItem?.unit ?? defaults?.defaultMinDepositType
    const value = item.minimumDepositPerItem?.value ?? defaults?.defaultMinDepositValue
    if (typeof unit !== "string" || unit.toLowerCase() !== "percentage" || typeof value !== "number") continue
    const cost = Money.toMinorUnits(item.costPerItem, exponent)
    // the percentage in ten-thousandths of a percent: exact for what a request carries
    const scaled = Money.toMinorUnits(value, 4)
    if (typeof cost !== "number" || typeof scaled !== "number") continue
    const exact = BigInt(cost) * BigInt(scaled)
    if (exact % 1_000_000n === 500_000n && exact / 1_000_000n < BigInt(cost)) units += item.quantity
  }
  return units
}

/** R1.5 when a minimum deposit is off by no more than its units that fall on a half (see {@link halfRoundedUnits}). */
export const roundingExplanation = (
  expected: number | string | undefined,
  answered: number | string | undefined,
  halves: number
): "R1.5" | undefined =>
  typeof expected === "number" && typeof answered === "number" && halves > 0 &&
    Math.abs(answered - expected) <= halves
    ? "R1.5"
    : undefined

/**
 * The checks of a created checkout against `summarizeCheckout` (R2, R4.7); a
 * refusal of it is named by the issue the service gives (R1.2 for an amount
 * it finds too precise, R4.3 for a pattern, …; R4 otherwise).
 *
 * @since 0.1.0
 */
export const totalsChecks = (
  session: Session,
  request: CheckoutRequest,
  created: Created
): ReadonlyArray<Check> => {
  const operation = "createCheckout"
  if (!created.ok) {
    if (created.exchange === undefined) return []
    const checks = new Checks()
    checks.add({
      rule: refusalRule(request, created.exchange.responseBody, "R4"),
      operation,
      field: "status",
      expected: "2xx",
      actual: created.status ?? created.reason,
      agrees: false,
      exchange: created.exchange
    })
    return checks.list
  }
  const { checkout, exchange } = created
  const createdAt = createdAtOf(checkout)
  const now = createdAt ?? (exchange === undefined ? session.clock.now() : session.clock.bracketOf(exchange).earliest)
  const summarized = summarizeCheckoutResult(request, {
    now,
    merchant: session.merchant,
    timeZone: session.timeZone
  })
  if (!summarized.ok) return []
  const summary = summarized.value
  const exponent = exponentOf(session, request.currencyCode)
  const checks = new Checks(summary)
  const field = (rule: string, name: string, expected: unknown) =>
    checks.amount({
      rule,
      operation,
      field: name,
      expected,
      actual: (checkout as Record<string, unknown>)[name],
      exchange
    }, typeof expected === "number" ? exponent : undefined)
  field("R2.1", "totalCost", summary.totalCost)
  // a minimum deposit off by no more than the units whose percentage falls on a half: the rounding (R1.5)
  const halves = exponent === undefined ? 0 : halfRoundedUnits(request, session.merchant, exponent)
  const answeredDeposit = exponent === undefined
    ? undefined
    : Money.toMinorUnits((checkout as Record<string, unknown>)["totalMinimumDeposit"], exponent)
  const expectedDeposit = exponent === undefined ? undefined : Money.toMinorUnits(summary.totalMinimumDeposit, exponent)
  checks.amount(
    {
      rule: "R2.3",
      operation,
      field: "totalMinimumDeposit",
      expected: summary.totalMinimumDeposit,
      actual: (checkout as Record<string, unknown>)["totalMinimumDeposit"],
      exchange
    },
    exponent,
    roundingExplanation(expectedDeposit, answeredDeposit, halves)
  )
  // a completion date the checkout's date-times give when read in UTC rather than the service's zone: R2.5
  const answered = (checkout as Record<string, unknown>)["completionDate"]
  const inUtc = session.timeZone === "UTC" || same(summary.completionDate, answered)
    ? undefined
    : summarizeCheckoutResult(request, { now, merchant: session.merchant, timeZone: "UTC" })
  checks.add({
    rule: "R2.4",
    operation,
    field: "completionDate",
    expected: summary.completionDate,
    actual: answered,
    exchange,
    ...(inUtc?.ok === true && same(inUtc.value.completionDate, answered) ? { explanation: "R2.5" } : {})
  })
  // beyond the description's fields: compared when the service answers them
  if ((checkout as Record<string, unknown>)["expiresAt"] !== undefined && createdAt !== undefined) {
    field("R4.7", "expiresAt", summary.expiresAt)
  }
  return checks.list
}

/**
 * The valid-checkout property.
 *
 * @since 0.1.0
 */
export const createProperty = (session: Session) =>
  ready<CheckoutSpec>({
    name: "create",
    group: "create",
    // totals are compared in every group's checkouts too: the invalid checkouts get more of the runs
    weight: 1,
    arbitrary: checkoutSpec("any"),
    slots: CREATE_SLOTS,
    targeted: (targets) => checkoutSpec("any").map((spec) => ({ ...spec, targets })),
    classes: (spec) => checkoutClasses(reachOf(session), steeredRequestOf(spec, session.context)),
    evaluate: (spec) =>
      Effect.gen(function*() {
        const request = steeredRequestOf(spec, session.context)
        const created = yield* createCheckout(session, request)
        const exchanges = session.transport.takeExchanges()
        if (!created.ok && created.exchange === undefined) return { checks: [], exchanges, skipped: created.reason }
        return { checks: totalsChecks(session, request, created), exchanges }
      })
  })

/**
 * A 4xx check of an invalid request's answer (R4: refused, never accepted,
 * never a 5xx, which R4.9 names).
 *
 * @since 0.1.0
 */
export const refusalCheck = (rule: string, operation: string, exchange: Exchange): Check => ({
  // an exception instead of the issues (R4.9: input of any shape gives issues, never an exception)
  rule: exchange.status !== undefined && exchange.status >= 500 ? "R4.9" : rule,
  operation,
  field: "status",
  expected: "4xx",
  actual: exchange.status,
  agrees: exchange.status !== undefined && exchange.status >= 400 && exchange.status < 500,
  exchange
})

/**
 * The check of a refusal's issues against the engine's (R4.1), when the
 * service refused with a list of them; none when it did not refuse.
 *
 * @since 0.1.0
 */
export const refusalIssues = (
  operation: string,
  engine: ReadonlyArray<Issue>,
  exchange: Exchange
): ReadonlyArray<Check> => {
  if (exchange.status === undefined || exchange.status < 400 || exchange.status >= 500) return []
  const check = issuesCheck(operation, engine, exchange)
  return check === undefined ? [] : [check]
}

/** Which of several ways of checking agrees most: the one with the fewest disagreements. */
const fewestMisses = (candidates: ReadonlyArray<ReadonlyArray<Check>>): ReadonlyArray<Check> =>
  candidates.reduce((best, c) => c.filter((x) => !x.agrees).length < best.filter((x) => !x.agrees).length ? c : best)

/** The checks of one invalid checkout request sent as it is, judged at both ends of the service's clock bracket. */
const sendInvalid = (
  session: Session,
  broken: unknown
): Effect.Effect<{ readonly checks: ReadonlyArray<Check> } | { readonly accepted: true }, Halt> =>
  Effect.gen(function*() {
    const routes = withRoutes(session.config.routes)
    const verdictAt = (now: number) =>
      validateCheckoutRequest(broken, {
        merchantId: session.config.merchantId,
        now,
        merchant: session.merchant,
        timeZone: session.timeZone
      })
    if (verdictAt(session.clock.now()).ok) return { accepted: true } as const
    const exchange = yield* send(session, routes.createCheckout.method, expandPath(routes.createCheckout, {}), broken)
    const bracket = session.clock.bracketOf(exchange)
    const candidates = [bracket.earliest, bracket.latest].map((now) => {
      const at = verdictAt(now)
      return at.ok
        ? []
        : [
          refusalCheck(at.issues[0]!.rule, "createCheckout", exchange),
          ...refusalIssues("createCheckout", at.issues, exchange)
        ]
    })
    return { checks: fewestMisses(candidates) }
  })

/**
 * The invalid-checkout property: a valid checkout broken one to sixteen ways,
 * sent as it is (the client would refuse it), must be refused with a 4xx and
 * the engine's issues. The rule of the status is the one the core's
 * validation names first. A check that depends on the day (a redemption date
 * of today, R4.6) is judged at both ends of the service's clock bracket. Its
 * setup first breaks one checkout of the seed each way alone, so every way is
 * tried in every run whatever the scenarios draw.
 *
 * @since 0.1.0
 */
export const invalidCreateProperty = (
  session: Session,
  sweepSpec: CheckoutSpec
): Effect.Effect<Prepared, Halt> =>
  Effect.gen(function*() {
    const sweep: Array<Check> = []
    const request = checkoutRequestOf(sweepSpec, session.context)
    for (const breakage of CHECKOUT_BREAKAGES) {
      const sent = yield* sendInvalid(session, breakCheckout(request, [{ breakage, item: 0 }], session.context))
      if ("checks" in sent) sweep.push(...sent.checks)
    }
    const property: Property<
      {
        readonly spec: CheckoutSpec
        readonly breakages: ReadonlyArray<{ readonly breakage: CheckoutBreakage; readonly item: number }>
      }
    > = {
      name: "create.invalid",
      group: "create",
      weight: 2,
      setup: { checks: sweep, exchanges: session.transport.takeExchanges() },
      arbitrary: invalidCheckoutSpec,
      evaluate: ({ breakages, spec }) =>
        Effect.gen(function*() {
          const broken = breakCheckout(checkoutRequestOf(spec, session.context), breakages, session.context)
          const sent = yield* sendInvalid(session, broken)
          if ("accepted" in sent) {
            return {
              checks: [],
              exchanges: [],
              skipped: `the core accepts "${breakages.map((b) => b.breakage).join(", ")}"`
            } as Outcome
          }
          return { checks: sent.checks, exchanges: session.transport.takeExchanges() }
        })
    }
    return ready(property)
  })
