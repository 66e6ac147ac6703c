/**
 * The customer's side, where the service offers a way to play it: the
 * sandbox's widget API (`/widget/api/checkouts/{id}` …, docs/sandbox.md). A
 * service without it (a real one) cannot have a checkout completed by a
 * program; the checks that need a completed checkout are then skipped with a
 * note.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import type { CheckoutRequest } from "../../core/checkout/index.ts"
import * as Money from "../../core/foundation/money.ts"
import { FREQUENCIES, type PlanTerms, type PlanTermsRequest } from "../../core/plan-terms/index.ts"
import { checkoutClasses, reachOf, refundClasses, termsClasses } from "../coverage.ts"
import {
  type CheckoutSpec,
  type CurrencyInfo,
  currencyOfSpec,
  type CustomerChoice,
  termsRequestOf,
  totalMinorOf
} from "../scenarios.ts"
import { at, type Check, Checks, type Halt, type Outcome, send, type Session } from "../session.ts"
import { engineCalculation, pickOf, steeredRequestOf, steerPolicies, steerRefundDates } from "../targets.ts"
import type { Exchange } from "../transport.ts"
import { completionDayOf, createCheckout, totalsChecks } from "./create.ts"
import { compareTerms, engineTerms } from "./terms.ts"

/** The sandbox's test cards (docs/sandbox.md). */
export const CARDS = {
  pay: "4242424242424242",
  "pay-then-miss": "4000000000000341",
  decline: "4000000000000002"
} as const

const api = (checkoutId: string) => `/widget/api/checkouts/${encodeURIComponent(checkoutId)}`

/** The note of a run without the widget API. */
export const NO_WIDGET =
  "the service offers no way to complete a checkout from a program (the sandbox's widget API answers nowhere): " +
  "checks that need a completed checkout (verify, refunds of new plans, search over new plans) were skipped"

/**
 * Whether the widget API answers for this checkout (learnt once per run).
 *
 * @since 0.1.0
 */
export const widgetAvailable = (session: Session, checkoutId: string): Effect.Effect<boolean, Halt> =>
  Effect.gen(function*() {
    if (session.widget !== "unknown") return session.widget === "available"
    const exchange = yield* send(session, "GET", api(checkoutId), undefined, { authenticated: false })
    const body = exchange.responseBody
    const available = exchange.status === 200 && typeof body === "object" && body !== null && "checkout" in body
    session.widget = available ? "available" : "unavailable"
    if (!available) session.notes.add(NO_WIDGET)
    return available
  })

/**
 * Terms a customer can complete with (no validation entry, R6.6), as the
 * engine computes them now: the chosen cadence first, then the others, then
 * paying in full (R6.8: a redemption too near for instalments); the deposit at
 * the chosen share of its range.
 *
 * @since 0.1.0
 */
export const acceptableTerms = (
  session: Session,
  request: CheckoutRequest,
  checkoutId: string,
  currency: CurrencyInfo,
  choice: Pick<CustomerChoice, "frequency" | "depositShare" | "timeZone" | "on">
): { readonly request: PlanTermsRequest; readonly terms: PlanTerms } | undefined => {
  const total = totalMinorOf(request, currency)
  const now = session.clock.now()
  const completion = completionDayOf(session, request, choice.timeZone)
  const spec = { timeZone: choice.timeZone, lowerCase: false, ...(choice.on === undefined ? {} : { on: choice.on }) }
  for (let k = 0; k < FREQUENCIES.length; k++) {
    const frequency = FREQUENCIES[(choice.frequency + k) % FREQUENCIES.length]!
    const plain = termsRequestOf(spec, frequency, checkoutId, currency, total, completion)
    const first = engineTerms(session, request, plain, now)
    if (!first.ok) continue
    const { min, max } = first.terms.deposit.range
    const minMinor = Money.toMinorUnits(min, currency.exponent) as number
    const maxMinor = Money.toMinorUnits(max, currency.exponent) as number
    const candidates: Array<PlanTermsRequest> = []
    if (maxMinor >= minMinor && choice.depositShare > 0) {
      const deposit = minMinor + Math.floor(((maxMinor - minMinor) * choice.depositShare) / 100)
      candidates.push({ ...plain, deposit: { amount: Money.fromMinorUnits(deposit, currency.exponent) } })
    }
    candidates.push(plain)
    for (const candidate of candidates) {
      const computed = engineTerms(session, request, candidate, now)
      if (computed.ok && computed.terms.installments.validation.length === 0) {
        return { request: candidate, terms: computed.terms }
      }
    }
  }
  const inFull = { ...termsRequestOf(spec, "Weekly", checkoutId, currency, total, completion), planType: "PayInFull" }
  const computed = engineTerms(session, request, inFull, now)
  return computed.ok && computed.terms.installments.validation.length === 0
    ? { request: inFull as PlanTermsRequest, terms: computed.terms }
    : undefined
}

/**
 * Completes a checkout in the widget with a test card and the chosen terms.
 *
 * @since 0.1.0
 */
export const complete = (
  session: Session,
  checkoutId: string,
  card: string,
  planTerms: PlanTermsRequest
): Effect.Effect<Exchange, Halt> =>
  send(session, "POST", `${api(checkoutId)}/complete`, { card, planTerms }, { authenticated: false })

/**
 * Abandons a checkout in the widget.
 *
 * @since 0.1.0
 */
export const abandon = (session: Session, checkoutId: string): Effect.Effect<Exchange, Halt> =>
  send(session, "POST", `${api(checkoutId)}/cancel`, undefined, { authenticated: false })

/**
 * A checkout created for a scenario that the widget then completes or
 * abandons (its totals compared, R2), or the outcome that skips the scenario
 * (no widget API, the checkout not created, the widget not answering it).
 * Items redeemed on a refund policy's boundary count their days from today in
 * `planZone`, the zone of the plan to be.
 */
export const checkoutForWidget = (
  session: Session,
  spec: CheckoutSpec,
  /** the request of `spec` (its items on a policy's boundary counted in the plan's zone), steered onto its targets */
  request: CheckoutRequest
): Effect.Effect<
  | { readonly skip: Outcome }
  | {
    readonly skip?: undefined
    readonly request: CheckoutRequest
    readonly checkoutId: string
    readonly currency: CurrencyInfo
    /** the totals of the created checkout compared with the engine's */
    readonly checks: ReadonlyArray<Check>
  },
  Halt
> =>
  Effect.gen(function*() {
    if (session.widget === "unavailable") return { skip: { checks: [], exchanges: [], skipped: NO_WIDGET } }
    const created = yield* createCheckout(session, request)
    const checks = totalsChecks(session, request, created)
    if (!created.ok) {
      const skipped = `the checkout was not created (${created.status ?? created.reason})`
      return { skip: { checks, exchanges: session.transport.takeExchanges(), skipped } }
    }
    const checkoutId = created.checkout.id
    if (!(yield* widgetAvailable(session, checkoutId))) {
      return { skip: { checks: [], exchanges: session.transport.takeExchanges(), skipped: NO_WIDGET } }
    }
    return { request, checkoutId, currency: currencyOfSpec(spec, session.context), checks }
  })

/**
 * The check of a widget call's status.
 *
 * @since 0.1.0
 */
export const widgetStatusCheck = (
  checks: Checks,
  operation: string,
  exchange: Exchange,
  expected: number,
  /** the plan type of the terms completed with: PayInFull refused is R6.8 */
  planType?: string
): boolean =>
  checks.add({
    // acceptable terms refused means the service computes other terms (R6.6), or no PayInFull (R6.8)
    rule: expected === 200 && exchange.status !== 200
      ? planType === "PayInFull" ? "R6.8" : exchange.status === 422 ? "R6.6" : "R8"
      : "R8",
    operation,
    field: "status",
    expected,
    actual: exchange.status,
    exchange
  })

/**
 * The request of a payable checkout a customer will pay with `choice`,
 * steered onto its targets: the checkout's (targets.ts), then its redemption
 * dates and deposits onto a refund policy's boundary (R7.2, R7.4, R7.5), then,
 * with the first payment of the terms the engine gives now, its policies'
 * percentages (R7.5, R7.6, and R1.5's halves of a refundable part).
 *
 * @since 0.2.0
 */
export const payableRequest = (session: Session, spec: CheckoutSpec, choice: CustomerChoice): CheckoutRequest => {
  // a scenario's evaluation and its classes ask for the same request: steered once
  const known = steered.get(spec)?.get(choice)
  if (known !== undefined) return known
  const request = steerPayable(session, spec, choice)
  steered.set(spec, (steered.get(spec) ?? new WeakMap()).set(choice, request))
  return request
}

const steered = new WeakMap<CheckoutSpec, WeakMap<CustomerChoice, CheckoutRequest>>()

const steerPayable = (session: Session, spec: CheckoutSpec, choice: CustomerChoice): CheckoutRequest => {
  const targets = spec.targets ?? []
  const zone = choice.timeZone
  const request = steeredRequestOf(spec, session.context, zone)
  if (!targets.some((t) => t.startsWith("R7") || t.startsWith("R1.5/refund"))) return request
  const pick = pickOf(spec)
  const dated = steerRefundDates(request, targets, session.context, zone, pick)
  const currency = currencyOfSpec(spec, session.context)
  const chosen = acceptableTerms(session, dated, "chk_steering", currency, choice)
  if (chosen === undefined) return dated
  const paid = Money.toMinorUnits(chosen.terms.schedule[0]!.amount, currency.exponent) as number
  const now = session.clock.now()
  return steerPolicies(
    dated,
    targets,
    paid,
    currency.exponent,
    (r) => engineCalculation(r, paid, currency.exponent, zone, now, session.merchant),
    pick
  )
}

/**
 * The boundary classes a paid plan's scenario reaches: its checkout's, the
 * terms it is paid with, and, for a refund, its calculation's (R7) with what the
 * engine says was paid.
 *
 * @since 0.2.0
 */
export const paidClasses = (
  session: Session,
  spec: CheckoutSpec,
  choice: CustomerChoice,
  calculated: boolean
): Array<string> => {
  const reach = reachOf(session)
  const request = payableRequest(session, spec, choice)
  const currency = currencyOfSpec(spec, session.context)
  const chosen = acceptableTerms(session, request, "chk_classes", currency, choice)
  if (chosen === undefined) return checkoutClasses(reach, request)
  const paid = Money.toMinorUnits(chosen.terms.schedule[0]!.amount, currency.exponent) as number
  return [
    ...checkoutClasses(reach, request),
    ...termsClasses(reach, request, chosen.request, currency),
    ...(calculated ? refundClasses(reach, request, paid, choice.timeZone, currency) : [])
  ]
}

/** A plan paid for a scenario: the checkout, the terms it was paid with, the widget's answer, the checks so far. */
export interface PaidPlan {
  readonly outcome?: undefined
  readonly request: CheckoutRequest
  readonly checkoutId: string
  readonly currency: CurrencyInfo
  readonly chosen: { readonly request: PlanTermsRequest; readonly terms: PlanTerms }
  /** the widget's completion */
  readonly paid: Exchange
  readonly planId: string
  /** the created checkout's totals (R2) and the completion's status */
  readonly checks: Checks
}

/**
 * A payable checkout created and paid in the widget with terms the engine
 * accepts, or the scenario's outcome when it cannot be (skipped, or the
 * completion refused: then the service's own terms for the same request are
 * compared, which say where it differs).
 */
export const paidPlan = (
  session: Session,
  spec: CheckoutSpec,
  choice: CustomerChoice
): Effect.Effect<PaidPlan | { readonly outcome: Outcome }, Halt> =>
  Effect.gen(function*() {
    const prepared = yield* checkoutForWidget(session, spec, payableRequest(session, spec, choice))
    if (prepared.skip !== undefined) return { outcome: prepared.skip }
    const { checkoutId, currency, request } = prepared
    const chosen = acceptableTerms(session, request, checkoutId, currency, choice)
    if (chosen === undefined) {
      return {
        outcome: {
          checks: prepared.checks,
          exchanges: session.transport.takeExchanges(),
          skipped: "no terms the engine accepts for the generated checkout"
        }
      }
    }
    const checks = new Checks()
    checks.list.push(...prepared.checks)
    const paid = yield* complete(session, checkoutId, CARDS.pay, chosen.request)
    const planId = at(paid.responseBody, "planId")
    if (!widgetStatusCheck(checks, "widget.complete", paid, 200, chosen.terms.planType) || typeof planId !== "string") {
      if (paid.status !== undefined && paid.status < 500) {
        checks.list.push(...(yield* compareTerms(session, request, chosen.request)))
      }
      return { outcome: { checks: checks.list, exchanges: session.transport.takeExchanges() } }
    }
    return { request, checkoutId, currency, chosen, paid, planId, checks }
  })
