/**
 * Refund calculation (R7): the service's calculation of a plan compared with
 * `calculateRefund` at the service's own clock. Plans are the run's own (a payable
 * checkout paid in the sandbox's widget: what was paid is the first payment
 * the engine computes, R5.2), and a cancellation is tried around the calculation
 * (R7.8: above what was paid is refused, the suggestion is taken, a second
 * cancellation is refused). In read-only mode the merchant's existing plans
 * are calculated instead, from their records.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import fc from "fast-check"
import * as Money from "../../core/foundation/money.ts"
import type { RefundCalculation } from "../../core/refund/index.ts"
import { calculateRefundResult } from "../../facade/index.ts"
import { type Property, ready, skipped } from "../property.ts"
import { type CheckoutSpec, checkoutSpec, type CustomerChoice, customerChoice } from "../scenarios.ts"
import { at, call, type Check, Checks, closest, type Session } from "../session.ts"
import { REFUND_SLOTS } from "../targets.ts"
import type { Exchange } from "../transport.ts"
import { exponentOf } from "./create.ts"
import { paidRecordChecks, readRecord, recordFromInputsChecks } from "./plans.ts"
import { engineTerms, listCheck } from "./terms.ts"
import { paidClasses, paidPlan } from "./widget.ts"

/**
 * The checks of a refund calculation against the engine's calculation (R7).
 *
 * @since 0.1.0
 */
export const refundChecks = (
  expected: RefundCalculation,
  actual: unknown,
  exchange: Exchange | undefined,
  exponent?: number
) => {
  const checks = new Checks(expected)
  const operation = "calculateRefund"
  const field = (rule: string, name: string, value: unknown) =>
    checks.amount({ rule, operation, field: name, expected: value, actual: at(actual, name), exchange }, exponent)
  field("R7.1", "planTotalCost", expected.planTotalCost)
  field("R7.1", "totalPaymentsPaid", expected.totalPaymentsPaid)
  checks.add({
    rule: "R7.1",
    operation,
    field: "currencyCode",
    expected: expected.currencyCode,
    actual: at(actual, "currencyCode"),
    exchange
  })
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
  // an item's policies are its own, else the merchant's defaults (R7.2): how many each item has
  list("R7.2", "refundPolicies.length", (i) => [Array.isArray(i.refundPolicies) ? i.refundPolicies.length : 0])
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

/** What the engine calculates, or undefined when it cannot calculate the refund of the plan. */
const calculation = (session: Session, plan: unknown, at: number, timeZone?: string): RefundCalculation | undefined => {
  const answer = calculateRefundResult(plan, {
    at,
    merchant: session.merchant,
    ...(timeZone === undefined ? {} : { timeZone })
  })
  return answer.ok ? answer.value : undefined
}

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

/** An amount one minor unit above `amount`. */
const oneAbove = (amount: number, exponent: number): number =>
  Money.fromMinorUnits((Money.toMinorUnits(amount, exponent) as number) + 1, exponent)

/**
 * A refund scenario steered onto a slot: its checkout's targets, and the
 * customer's deposit and zone where the slot needs them (the least deposit
 * for a payment below the non-refundable part; a zone a slot names, R7.1).
 */
const steerRefundInput = <T extends { readonly checkout: CheckoutSpec; readonly choice: CustomerChoice }>(
  input: T,
  targets: ReadonlyArray<string>
): T => ({
  ...input,
  checkout: { ...input.checkout, targets },
  choice: {
    ...input.choice,
    // a tie of default policies cannot be tuned: the least deposit
    ...(targets.includes("R7.6/paid-below") ? { depositShare: 0 } : {}),
    // one whose today is not UTC's
    ...Object.fromEntries(targets.filter((t) => t.startsWith("zone:")).map((t) => ["timeZone", t.slice(5)]))
  }
})

/**
 * The refund property over the run's own plans: a payable checkout (redeemed
 * far, near, or on a policy's exact day as seen from the plan's zone) paid in
 * the widget, its plan record read (what was paid, R5.2), its calculation compared
 * with the engine's, and half the time cancellations tried around what the
 * service itself says was paid (R7.8), so a first payment the kit and the
 * service see differently is named once (R5.2), not again as R7.8.
 *
 * @since 0.1.0
 */
export const refundProperty = (session: Session) => {
  const arbitrary = fc.record({ checkout: checkoutSpec("payable"), choice: customerChoice, cancel: fc.boolean() })
  return ready<{ readonly checkout: CheckoutSpec; readonly choice: CustomerChoice; readonly cancel: boolean }>({
    name: "refund",
    group: "refund",
    weight: 1,
    arbitrary,
    slots: REFUND_SLOTS,
    targeted: (targets) => arbitrary.map((input) => steerRefundInput(input, targets)),
    classes: ({ checkout, choice }) => paidClasses(session, checkout, choice, true),
    evaluate: ({ cancel, checkout: spec, choice }) =>
      Effect.gen(function*() {
        const plan = yield* paidPlan(session, spec, choice)
        if (plan.outcome !== undefined) return plan.outcome
        const { checks, chosen, currency, planId, request } = plan
        const paidAt = session.clock.bracketOf(plan.paid)
        const zone = chosen.request.timeZone
        const record = yield* call(session, session.client.retrievePlan(planId))
        if (record.ok) checks.list.push(...paidRecordChecks(session, plan, record.value, session.transport.last()))
        const result = yield* call(session, session.client.calculateRefund(planId))
        const exchange = session.transport.last()
        if (!result.ok) {
          checks.refused("R7", "calculateRefund", exchange, result.error)
          return { checks: checks.list, exchanges: session.transport.takeExchanges() }
        }
        const calculatedAt = exchange === undefined
          ? { earliest: session.clock.now(), latest: session.clock.now() }
          : session.clock.bracketOf(exchange)
        let suggested: number | undefined
        const candidates = [paidAt.earliest, paidAt.latest].flatMap((p) =>
          [calculatedAt.earliest, calculatedAt.latest].map((q) => (): ReadonlyArray<Check> => {
            const terms = engineTerms(session, request, chosen.request, p)
            if (!terms.ok) return []
            const expected = calculation(session, {
              currencyCode: request.currencyCode,
              totalPaymentsPaid: terms.terms.schedule[0]!.amount,
              timeZone: zone,
              items: request.items
            }, q)
            if (expected === undefined) return []
            suggested ??= expected.suggestedRefundAmount
            return refundChecks(expected, result.value, exchange, currency.exponent)
          })
        )
        checks.list.push(...closest(candidates))
        if (cancel && suggested !== undefined) {
          // R7.8 is about what the service says was paid: the kit's own figure may differ (R5.2, above)
          const answeredPaid = at(result.value, "totalPaymentsPaid")
          const servicePaid = typeof answeredPaid === "number" ? answeredPaid : chosen.terms.schedule[0]!.amount
          const tooMuch = yield* call(
            session,
            session.client.cancelPlan({
              planId,
              refundableAmount: oneAbove(servicePaid, currency.exponent),
              reason: "CustomerRequest"
            })
          )
          cancelCheck(checks, session.transport.last(), "4xx", "refund above what was paid")
          if (!tooMuch.ok) {
            const refund = Math.min(Math.max(0, suggested), servicePaid)
            yield* call(
              session,
              session.client.cancelPlan({ planId, refundableAmount: refund, reason: "CustomerRequest" })
            )
            cancelCheck(checks, session.transport.last(), "2xx", "a refund within what was paid")
            yield* call(session, session.client.cancelPlan({ planId, refundableAmount: 0, reason: "Other" }))
            cancelCheck(checks, session.transport.last(), "4xx", "a second cancellation")
          }
        }
        return { checks: checks.list, exchanges: session.transport.takeExchanges() }
      })
  })
}

/** What a plan record says was paid: the amounts of its paid payments, added up in minor units (R5). */
const paidOf = (record: unknown, exponent: number): number | undefined => {
  const installments = at(record, "installments")
  if (!Array.isArray(installments)) return undefined
  let minor = 0
  for (const i of installments) {
    if (String(at(i, "status")).toUpperCase() !== "PAID") continue
    const amount = Money.toMinorUnits(at(i, "amount"), exponent)
    if (typeof amount !== "number") return undefined
    minor += amount
  }
  return Money.fromMinorUnits(minor, exponent)
}

/**
 * Read-only: the merchant's most recent plans, each calculated by the service and
 * by the engine from the record's inputs (its items, and what its paid
 * payments add up to, not its own `totalPaid`), at the service's clock; the
 * record itself is recomputed from its inputs too (checks/plans.ts).
 *
 * @since 0.1.0
 */
export const readOnlyRefundProperty = (session: Session, planIds: ReadonlyArray<string>): ReturnType<typeof ready> => {
  if (planIds.length === 0) return skipped("refund", "refund", "the merchant has no plans to calculate")
  const property: Property<number> = {
    name: "refund",
    group: "refund",
    weight: 1,
    arbitrary: fc.nat({ max: planIds.length - 1 }),
    evaluate: (index) =>
      Effect.gen(function*() {
        const planId = planIds[index]!
        const read = yield* readRecord(session, planId)
        if (read.outcome !== undefined) return read.outcome
        const record = read.record
        const checks = new Checks()
        checks.list.push(...recordFromInputsChecks(session, record, read.exchange))
        const result = yield* call(session, session.client.calculateRefund(planId))
        const exchange = session.transport.last()
        if (!result.ok) {
          checks.refused("R7", "calculateRefund", exchange, result.error)
          return { checks: checks.list, exchanges: session.transport.takeExchanges() }
        }
        const currencyCode = at(record, "currency.currencyCode")
        const exponent = typeof currencyCode === "string" ? exponentOf(session, currencyCode) : undefined
        const paid = exponent === undefined ? undefined : paidOf(record, exponent)
        const input = paid === undefined ? record : { ...record, totalPaid: paid }
        const bracket = exchange === undefined
          ? { earliest: session.clock.now(), latest: session.clock.now() }
          : session.clock.bracketOf(exchange)
        if (calculation(session, input, bracket.earliest) === undefined) {
          return {
            checks: checks.list,
            exchanges: session.transport.takeExchanges(),
            ...(checks.list.length === 0
              ? { skipped: `the engine cannot calculate plan ${planId} from its record` }
              : {})
          }
        }
        checks.list.push(...closest([bracket.earliest, bracket.latest].map((q) => () => {
          const expected = calculation(session, input, q)
          return expected === undefined ? [] : refundChecks(expected, result.value, exchange, exponent)
        })))
        return { checks: checks.list, exchanges: session.transport.takeExchanges() }
      })
  }
  return ready(property)
}
