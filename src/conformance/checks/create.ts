/**
 * Create checkout: generated valid checkouts are created and their totals
 * compared field by field with `summarizeCheckout` (R2, R4.7); invalid ones
 * must be refused with a 4xx (R4), never accepted and never a 5xx.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import type { CheckoutRequest, CheckoutResponse } from "../../core/checkout/index.ts"
import { expandPath, withRoutes } from "../../core/wire/routes.ts"
import { summarizeCheckout, validateCheckoutRequest } from "../../facade/index.ts"
import { type Property, ready } from "../property.ts"
import {
  breakCheckout,
  type CheckoutBreakage,
  checkoutRequestOf,
  type CheckoutSpec,
  checkoutSpec,
  invalidCheckoutSpec
} from "../scenarios.ts"
import { call, type Check, Checks, type Halt, type Outcome, send, type Session } from "../session.ts"
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
    const outcome = yield* session.client.createCheckout(request)
    const exchange = session.transport.last()
    if (outcome.ok) return { ok: true, checkout: outcome.checkout, exchange } as const
    const result = yield* call(session, Effect.fail(outcome.error))
    const error = result.ok ? undefined : result.error
    if (error?._tag === "ValidationError") {
      return {
        ok: false,
        status: undefined,
        exchange: undefined,
        reason: `the kit generated a request the core refuses: ${error.message}`
      } as const
    }
    return { ok: false, status: outcome.status, exchange, reason: error?.message ?? "refused" } as const
  })

/** The instant the service says it created the checkout at. */
const createdAtOf = (checkout: CheckoutResponse): string | undefined => {
  const value = (checkout as { createdAt?: unknown; created?: unknown }).createdAt ??
    (checkout as { created?: unknown }).created
  return typeof value === "string" && /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value))
    ? value
    : undefined
}

/**
 * The checks of a created checkout against `summarizeCheckout` (R2, R4.7).
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
    const checks = new Checks()
    checks.add({
      rule: "R4",
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
  const summary = summarizeCheckout(request, { now, merchant: session.merchant, timeZone: session.config.timeZone })
  const checks = new Checks(summary)
  const field = (rule: string, name: string, expected: unknown) =>
    checks.add({
      rule,
      operation,
      field: name,
      expected,
      actual: (checkout as Record<string, unknown>)[name],
      exchange
    })
  field("R2.1", "totalCost", summary.totalCost)
  field("R2.3", "totalMinimumDeposit", summary.totalMinimumDeposit)
  field("R2.4", "completionDate", summary.completionDate)
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
    weight: 2,
    arbitrary: checkoutSpec("any"),
    evaluate: (spec) =>
      Effect.gen(function*() {
        const request = checkoutRequestOf(spec, session.context)
        const created = yield* createCheckout(session, request)
        const exchanges = session.transport.takeExchanges()
        if (!created.ok && created.exchange === undefined) return { checks: [], exchanges, skipped: created.reason }
        return { checks: totalsChecks(session, request, created), exchanges }
      })
  })

/**
 * A 4xx check of an invalid request's answer (R4: refused, never accepted, never a 5xx).
 *
 * @since 0.1.0
 */
export const refusalCheck = (rule: string, operation: string, exchange: Exchange): Check => ({
  rule,
  operation,
  field: "status",
  expected: "4xx",
  actual: exchange.status,
  agrees: exchange.status !== undefined && exchange.status >= 400 && exchange.status < 500,
  exchange
})

/**
 * The invalid-checkout property: a valid checkout broken one way, sent as it
 * is (the client would refuse it), must be refused with a 4xx. The rule is
 * the one the core's validation names.
 *
 * @since 0.1.0
 */
export const invalidCreateProperty = (session: Session) => {
  const routes = withRoutes(session.config.routes)
  const property: Property<
    { readonly spec: CheckoutSpec; readonly breakage: CheckoutBreakage; readonly item: number }
  > = {
    name: "create.invalid",
    group: "create",
    weight: 1,
    arbitrary: invalidCheckoutSpec,
    evaluate: ({ breakage, item, spec }) =>
      Effect.gen(function*() {
        const request = checkoutRequestOf(spec, session.context)
        const broken = breakCheckout(request, breakage, item, session.context)
        const verdict = validateCheckoutRequest(broken, {
          merchantId: session.config.merchantId,
          now: session.clock.now(),
          merchant: session.merchant,
          timeZone: session.config.timeZone
        })
        if (verdict.ok) return { checks: [], exchanges: [], skipped: `the core accepts "${breakage}"` } as Outcome
        const exchange = yield* send(
          session,
          routes.createCheckout.method,
          expandPath(routes.createCheckout, {}),
          broken
        )
        return {
          checks: [refusalCheck(verdict.issues[0]!.rule, "createCheckout", exchange)],
          exchanges: session.transport.takeExchanges()
        }
      })
  }
  return ready(property)
}
