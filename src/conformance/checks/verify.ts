/**
 * Verification (R8): a payable checkout is completed (paid, paid with a card
 * that will miss, declined) or abandoned in the sandbox's widget, then
 * retrieved as the merchant's back end does after the redirect. Only a paid
 * checkout may read `plan.deposit.status` `Accepted` (R8.2), the redirect
 * carries its id exactly once (R8.1), and the plan read back is the one the
 * engine computes for the chosen terms (R5.2, R6).
 *
 * @module
 */
import * as Effect from "effect/Effect"
import fc from "fast-check"
import type { CheckoutRequest } from "../../core/checkout/index.ts"
import type { PlanTerms, PlanTermsRequest } from "../../core/plan-terms/index.ts"
import { checkoutIdFromRedirect } from "../../facade/index.ts"
import { ready } from "../property.ts"
import {
  checkoutRequestOf,
  type CheckoutSpec,
  checkoutSpec,
  type CurrencyInfo,
  type CustomerChoice,
  customerChoice
} from "../scenarios.ts"
import { at, call, type Check, Checks, closest, type Halt, type Outcome, type Session } from "../session.ts"
import { VERIFY_SLOTS } from "../targets.ts"
import type { Exchange } from "../transport.ts"
import { compareTerms, engineTerms, paymentsExplanation, undroppedCount } from "./terms.ts"
import { abandon, acceptableTerms, CARDS, checkoutForWidget, complete, widgetStatusCheck } from "./widget.ts"

/**
 * The check of the redirect a widget call answered with (R8.1).
 *
 * @since 0.1.0
 */
export const redirectCheck = (checks: Checks, operation: string, exchange: Exchange, checkoutId: string) => {
  const redirectUrl = at(exchange.responseBody, "redirectUrl")
  if (typeof redirectUrl !== "string") return
  const read = checkoutIdFromRedirect(redirectUrl)
  checks.add({
    rule: "R8.1",
    operation,
    field: "redirectUrl",
    expected: `service_checkout_id=${checkoutId}`,
    actual: read.ok ? `service_checkout_id=${read.checkoutId}` : `${read.code}: ${redirectUrl}`,
    agrees: read.ok && read.checkoutId === checkoutId,
    exchange
  })
}

/** A scenario's checkout in the widget: the request, its id and currency, and the terms chosen (none: abandoned). */
interface WidgetCheckout {
  readonly request: CheckoutRequest
  readonly checkoutId: string
  readonly currency: CurrencyInfo
  readonly chosen: { readonly request: PlanTermsRequest; readonly terms: PlanTerms } | undefined
  /** the widget's answer to completing or abandoning it */
  readonly finished: Exchange
}

/**
 * The plan read back against the terms the engine computes at either end of
 * the service's clock bracket: its deposit (R5.2), its instalments' count
 * (R6.3) and amount (R6.5); every field of PayInFull terms R6.8.
 */
const planChecks = (
  session: Session,
  { chosen, currency, finished, request }: WidgetCheckout & { readonly chosen: { readonly request: PlanTermsRequest } },
  answer: unknown,
  exchange: Exchange | undefined
): ReadonlyArray<Check> => {
  const bracket = session.clock.bracketOf(finished)
  return closest([bracket.earliest, bracket.latest].map((now) => () => {
    const engine = engineTerms(session, request, chosen.request, now)
    if (!engine.ok) {
      return []
    }
    const terms = engine.terms
    const planChecks = new Checks(terms)
    const because = paymentsExplanation(
      { count: at(answer, "plan.instalments.count"), firstPayment: at(answer, "plan.deposit.amount") },
      terms,
      undroppedCount(session, request, chosen.request, now),
      currency.exponent
    )
    const field = (rule: string, name: string, expected: unknown, exponent?: number) =>
      planChecks.amount(
        {
          rule: terms.planType === "PayInFull" ? "R6.8" : rule,
          operation: "retrieveCheckout",
          field: name,
          expected,
          actual: at(answer, name),
          exchange
        },
        exponent,
        because
      )
    field("R5.2", "plan.deposit.amount", terms.schedule[0]!.amount, currency.exponent)
    field("R6.3", "plan.instalments.count", terms.installments.count)
    field("R6.5", "plan.instalments.amount", terms.installments.amount, currency.exponent)
    return planChecks.list
  }))
}

/**
 * The checkout retrieved as the merchant's back end does after the redirect:
 * its id, `plan.deposit.status` `Accepted` only when paid (R8.2), its
 * currency, and for a plan paid, the plan the engine computes.
 */
const retrievedChecks = (
  session: Session,
  checks: Checks,
  widget: WidgetCheckout,
  paid: boolean
): Effect.Effect<void, Halt> =>
  Effect.gen(function*() {
    const { checkoutId, chosen, finished, request } = widget
    const retrieved = yield* call(session, session.client.retrieveCheckout(checkoutId))
    const exchange = session.transport.last()
    if (!retrieved.ok) {
      checks.refused("R8.2", "retrieveCheckout", exchange, retrieved.error)
      return
    }
    const answer = retrieved.value
    const base = { rule: "R8.2", operation: "retrieveCheckout", exchange }
    checks.add({ ...base, field: "id", expected: checkoutId, actual: answer.id })
    const status = at(answer, "plan.deposit.status")
    const accepted = typeof status === "string" && status.toLowerCase() === "accepted"
    checks.add({
      ...base,
      field: "plan.deposit.status",
      expected: paid ? "Accepted" : "not Accepted",
      actual: status,
      agrees: paid === accepted
    })
    if (at(answer, "plan") !== undefined && at(answer, "plan.currencyCode") !== undefined) {
      checks.add({
        ...base,
        field: "plan.currencyCode",
        expected: request.currencyCode,
        actual: at(answer, "plan.currencyCode")
      })
    }
    if (paid && chosen !== undefined && finished.status === 200) {
      const planId = at(finished.responseBody, "planId")
      if (typeof planId === "string") {
        checks.add({ ...base, field: "plan.id", expected: planId, actual: at(answer, "plan.id") })
      }
      checks.list.push(...planChecks(session, { ...widget, chosen }, answer, exchange))
    }
  })

/**
 * One scenario: the checkout completed (paid, paid with a card that will
 * miss, declined) or abandoned in the widget, the widget's answer and its
 * redirect checked (R8.1), then the checkout retrieved.
 */
const verifyScenario = (
  session: Session,
  { checkout: spec, choice }: { readonly checkout: CheckoutSpec; readonly choice: CustomerChoice }
): Effect.Effect<Outcome, Halt> =>
  Effect.gen(function*() {
    const prepared = yield* checkoutForWidget(session, spec, checkoutRequestOf(spec, session.context, choice.timeZone))
    if (prepared.skip !== undefined) return prepared.skip
    const { checkoutId, currency, request } = prepared
    const chosen = choice.outcome === "cancel"
      ? undefined
      : acceptableTerms(session, request, checkoutId, currency, choice)
    const outcome = chosen === undefined ? "cancel" : choice.outcome
    const checks = new Checks()
    checks.list.push(...prepared.checks)
    const operation = outcome === "cancel" ? "widget.cancel" : "widget.complete"
    const finished = chosen === undefined || outcome === "cancel"
      ? yield* abandon(session, checkoutId)
      : yield* complete(session, checkoutId, CARDS[outcome as keyof typeof CARDS], chosen.request)
    const completed = widgetStatusCheck(
      checks,
      operation,
      finished,
      outcome === "decline" ? 402 : 200,
      chosen?.terms.planType
    )
    if (!completed && chosen !== undefined && finished.status !== undefined && finished.status < 500) {
      // terms the engine accepts refused: the service's own terms for them say where it differs
      checks.list.push(...(yield* compareTerms(session, request, chosen.request)))
    }
    redirectCheck(checks, operation, finished, checkoutId)
    const paid = outcome === "pay" || outcome === "pay-then-miss"
    yield* retrievedChecks(session, checks, { request, checkoutId, currency, chosen, finished }, paid)
    return { checks: checks.list, exchanges: session.transport.takeExchanges() }
  })

/**
 * The verification property.
 *
 * @since 0.1.0
 */
export const verifyProperty = (session: Session) => {
  const arbitrary = fc.record({ checkout: checkoutSpec("payable"), choice: customerChoice })
  return ready<{ readonly checkout: CheckoutSpec; readonly choice: CustomerChoice }>({
    name: "verify",
    group: "verify",
    weight: 1,
    arbitrary,
    slots: VERIFY_SLOTS,
    targeted: (targets) => arbitrary.map((input) => steerVerify(input, targets)),
    classes: ({ checkout, choice }) => verifyClasses(checkout.redirectURL, choice.outcome),
    evaluate: (input) => verifyScenario(session, input)
  })
}

const OUTCOME_OF: Readonly<Record<string, CustomerChoice["outcome"]>> = {
  "R8.2/accepted": "pay",
  "R8.2/missed": "pay-then-miss",
  "R8.2/declined": "decline",
  "R8.2/abandoned": "cancel"
}

/** A scenario steered onto R8's classes: the customer's outcome, a redirect URL with a query or a fragment. */
const steerVerify = (
  input: { readonly checkout: CheckoutSpec; readonly choice: CustomerChoice },
  targets: ReadonlyArray<string>
): { readonly checkout: CheckoutSpec; readonly choice: CustomerChoice } => {
  let url = input.checkout.redirectURL
  let outcome = input.choice.outcome
  for (const target of targets) {
    outcome = OUTCOME_OF[target] ?? outcome
    const [base = url, fragment] = url.split("#")
    if (target === "R8.1/redirect-query" && !base.includes("?")) {
      url = `${base}?ref=kit${fragment === undefined ? "" : `#${fragment}`}`
    }
    if (target === "R8.1/redirect-fragment" && fragment === undefined) url = `${url}#top`
  }
  return { checkout: { ...input.checkout, redirectURL: url, targets }, choice: { ...input.choice, outcome } }
}

/** The classes of R8 a scenario reaches: its outcome, its redirect URL's query and fragment. */
const verifyClasses = (redirectURL: string, outcome: CustomerChoice["outcome"]): Array<string> => [
  ...Object.entries(OUTCOME_OF).filter(([, o]) => o === outcome).map(([id]) => id),
  ...(redirectURL.split("#")[0]!.includes("?") ? ["R8.1/redirect-query"] : []),
  ...(redirectURL.includes("#") ? ["R8.1/redirect-fragment"] : [])
]
