/**
 * Refund calculation (R7): the service's quote of a plan compared with
 * `quoteRefund` at the service's own clock. Plans are the run's own (a payable
 * checkout paid in the sandbox's widget: what was paid is the first payment
 * the engine computes, R5.2), and a cancellation is tried around the quote
 * (R7.8: above what was paid is refused, the suggestion is taken, a second
 * cancellation is refused). In read-only mode the merchant's existing plans
 * are quoted instead, from their records.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import fc from "fast-check"
import * as Money from "../../core/foundation/money.ts"
import type { RefundCalculation } from "../../core/refund/index.ts"
import { quoteRefundResult } from "../../facade/index.ts"
import { type Property, ready, skipped } from "../property.ts"
import { type CheckoutSpec, checkoutSpec, type CustomerChoice, customerChoice } from "../scenarios.ts"
import { at, call, type Check, Checks, closest, type Halt, type Session } from "../session.ts"
import type { Exchange } from "../transport.ts"
import { engineTerms, listCheck } from "./terms.ts"
import { widgetStatusCheck } from "./verify.ts"
import { acceptableTerms, CARDS, checkoutForWidget, complete } from "./widget.ts"

/**
 * The checks of a refund calculation against the engine's quote (R7).
 *
 * @since 0.1.0
 */
export const refundChecks = (expected: RefundCalculation, actual: unknown, exchange: Exchange | undefined) => {
  const checks = new Checks(expected)
  const operation = "calculateRefund"
  const field = (rule: string, name: string, value: unknown) =>
    checks.add({ rule, operation, field: name, expected: value, actual: at(actual, name), exchange })
  field("R7.1", "planTotalCost", expected.planTotalCost)
  field("R7.1", "totalPaymentsPaid", expected.totalPaymentsPaid)
  field("R7.1", "currencyCode", expected.currencyCode)
  const items = at(actual, "items")
  const answered = Array.isArray(items) ? items : []
  const list = (rule: string, name: string, of: (item: any) => ReadonlyArray<unknown>) =>
    listCheck(
      checks,
      { rule, operation, field: `items.${name}`, exchange },
      "items",
      expected.items.flatMap(of),
      answered.flatMap((item) => {
        const values = of(item ?? {})
        return Array.isArray(values) ? values : []
      }),
      (a, b) => a === b
    )
  list("R2.1", "totalCost", (i) => [i.totalCost])
  list("R7.2", "activeRefundPolicyIndex", (i) => [i.activeRefundPolicyIndex])
  list("R7.4", "minNonRefundableDeposit", (i) => [i.minNonRefundableDeposit])
  list("R7.5", "nonRefundableAmount", (i) => [i.nonRefundableAmount])
  list(
    "R7.3",
    "refundPolicies.nonRefundableAmount",
    (i) => (Array.isArray(i.refundPolicies) ? i.refundPolicies : []).map((p: any) => p?.nonRefundableAmount)
  )
  listCheck(
    checks,
    { rule: "R7.7", operation, field: "items.refundPolicies.activeFrom", exchange },
    "items",
    expected.items.flatMap((i) => i.refundPolicies.map((p) => p.activeFrom)),
    answered.flatMap((i: any) =>
      (Array.isArray(i?.refundPolicies) ? i.refundPolicies : []).map((p: any) => p?.activeFrom)
    ),
    (a, b) => typeof b === "string" && Date.parse(b) === Date.parse(String(a))
  )
  field("R7.6", "totalNonRefundableAmount", expected.totalNonRefundableAmount)
  field("R7.6", "suggestedRefundAmount", expected.suggestedRefundAmount)
  return checks.list
}

/** What the engine quotes, or undefined when it cannot quote the plan. */
const quote = (session: Session, plan: unknown, at: number, timeZone?: string): RefundCalculation | undefined => {
  const answer = quoteRefundResult(plan, {
    at,
    merchant: session.merchant,
    ...(timeZone === undefined ? {} : { timeZone })
  })
  return answer.ok ? answer.value : undefined
}

/** The check of a refund calculation the service did not answer. */
const refusedQuote = (checks: Checks, exchange: Exchange | undefined, error: { readonly message: string }) =>
  checks.add({
    rule: "R7",
    operation: "calculateRefund",
    field: "status",
    expected: "2xx",
    actual: exchange?.status ?? error.message,
    agrees: false,
    exchange
  })

/** A status check of a cancellation (R7.8). */
const cancelCheck = (checks: Checks, exchange: Exchange | undefined, expected: "2xx" | "4xx", what: string) => {
  const status = exchange?.status
  checks.add({
    rule: "R7.8",
    operation: "cancelPlan",
    field: `status (${what})`,
    expected,
    actual: status,
    agrees: status !== undefined &&
      (expected === "2xx" ? status >= 200 && status < 300 : status >= 400 && status < 500),
    exchange
  })
}

/**
 * The refund property over the run's own plans.
 *
 * @since 0.1.0
 */
export const refundProperty = (session: Session) =>
  ready<{ readonly checkout: CheckoutSpec; readonly choice: CustomerChoice; readonly cancel: boolean }>({
    name: "refund",
    group: "refund",
    weight: 1,
    arbitrary: fc.record({ checkout: checkoutSpec("payable"), choice: customerChoice, cancel: fc.boolean() }),
    evaluate: ({ cancel, checkout: spec, choice }) =>
      Effect.gen(function*() {
        const ready = yield* checkoutForWidget(session, spec)
        if (ready.skip !== undefined) return ready.skip
        const { checkoutId, currency, request } = ready
        const chosen = acceptableTerms(session, request, checkoutId, currency, choice)
        if (chosen === undefined) {
          return {
            checks: [],
            exchanges: session.transport.takeExchanges(),
            skipped: "no terms the engine accepts for the generated checkout"
          }
        }
        const checks = new Checks()
        const paid = yield* complete(session, checkoutId, CARDS.pay, chosen.request)
        const planId = at(paid.responseBody, "planId")
        if (!widgetStatusCheck(checks, "widget.complete", paid, 200) || typeof planId !== "string") {
          return { checks: checks.list, exchanges: session.transport.takeExchanges() }
        }
        const result = yield* call(session, session.client.calculateRefund(planId))
        const exchange = session.transport.last()
        if (!result.ok) {
          refusedQuote(checks, exchange, result.error)
          return { checks: checks.list, exchanges: session.transport.takeExchanges() }
        }
        const paidAt = session.clock.bracketOf(paid)
        const quotedAt = exchange === undefined
          ? { earliest: session.clock.now(), latest: session.clock.now() }
          : session.clock.bracketOf(exchange)
        let suggested: number | undefined
        const candidates = [paidAt.earliest, paidAt.latest].flatMap((p) =>
          [quotedAt.earliest, quotedAt.latest].map((q) => (): ReadonlyArray<Check> => {
            const terms = engineTerms(session, request, chosen.request, p)
            if (!terms.ok) return []
            const expected = quote(session, {
              currencyCode: request.currencyCode,
              totalPaymentsPaid: terms.terms.schedule[0]!.amount,
              timeZone: chosen.request.timeZone,
              items: request.items
            }, q)
            if (expected === undefined) return []
            suggested ??= expected.suggestedRefundAmount
            return refundChecks(expected, result.value, exchange)
          })
        )
        checks.list.push(...closest(candidates))
        if (cancel && suggested !== undefined) {
          const firstPayment = chosen.terms.schedule[0]!.amount
          const above = Money.fromMinorUnits(
            (Money.toMinorUnits(firstPayment, currency.exponent) as number) + 1,
            currency.exponent
          )
          const tooMuch = yield* call(
            session,
            session.client.cancelPlan({ planId, refundableAmount: above, reason: "CustomerRequest" })
          )
          cancelCheck(checks, session.transport.last(), "4xx", "refund above what was paid")
          if (!tooMuch.ok) {
            yield* call(
              session,
              session.client.cancelPlan({ planId, refundableAmount: suggested, reason: "CustomerRequest" })
            )
            cancelCheck(checks, session.transport.last(), "2xx", "the suggested refund")
            yield* call(session, session.client.cancelPlan({ planId, refundableAmount: 0, reason: "Other" }))
            cancelCheck(checks, session.transport.last(), "4xx", "a second cancellation")
          }
        }
        return { checks: checks.list, exchanges: session.transport.takeExchanges() }
      })
  })

/**
 * Read-only: the merchant's most recent plans, each quoted by the service and
 * by the engine from the plan's record, at the service's clock.
 *
 * @since 0.1.0
 */
export const readOnlyRefundProperty = (session: Session): Effect.Effect<ReturnType<typeof ready>, Halt> =>
  Effect.gen(function*() {
    const page = yield* call(session, session.client.searchPlans({ limit: 100 }))
    const setupExchanges = session.transport.takeExchanges()
    const ids = page.ok
      ? (page.value.plans ?? []).map((p) => p?.id).filter((id): id is string => typeof id === "string")
      : []
    if (ids.length === 0) {
      return skipped(
        "refund",
        "refund",
        page.ok ? "the merchant has no plans to quote" : `the plan search failed (${page.error.message})`
      )
    }
    const property: Property<number> = {
      name: "refund",
      group: "refund",
      weight: 1,
      setup: { checks: [], exchanges: setupExchanges },
      arbitrary: fc.nat({ max: ids.length - 1 }),
      evaluate: (index) =>
        Effect.gen(function*() {
          const planId = ids[index]!
          const record = yield* call(session, session.client.retrievePlan(planId))
          if (!record.ok) {
            return {
              checks: [],
              exchanges: session.transport.takeExchanges(),
              skipped: `plan ${planId} could not be read (${record.error.message})`
            }
          }
          const result = yield* call(session, session.client.calculateRefund(planId))
          const exchange = session.transport.last()
          const checks = new Checks()
          if (!result.ok) {
            refusedQuote(checks, exchange, result.error)
            return { checks: checks.list, exchanges: session.transport.takeExchanges() }
          }
          const bracket = exchange === undefined
            ? { earliest: session.clock.now(), latest: session.clock.now() }
            : session.clock.bracketOf(exchange)
          const first = quote(session, record.value, bracket.earliest)
          if (first === undefined) {
            return {
              checks: [],
              exchanges: session.transport.takeExchanges(),
              skipped: `the engine cannot quote plan ${planId} from its record`
            }
          }
          const compared = closest([bracket.earliest, bracket.latest].map((q) => () => {
            const expected = quote(session, record.value, q)
            return expected === undefined ? [] : refundChecks(expected, result.value, exchange)
          }))
          return { checks: compared, exchanges: session.transport.takeExchanges() }
        })
    }
    return ready(property)
  })
