/**
 * Plan records and merchant orders: `GET /api/v2/plans/{planId}` compared with what
 * the engine computes for the plan (its totals, R2; its schedule, R5, R6),
 * and `PUT /api/v2/plans/{planId}/merchant-order` (a valid order id set and read
 * back; an invalid one refused with the engine's issues and nothing written).
 *
 * In read-only mode a plan's record is compared with what the engine computes
 * from the record's own inputs (its items, cadence, zone, creation instant
 * and first payment), not with the record's own totals.
 *
 * @module
 */
// Over 400 lines: one property, plan records and merchant orders compared with the engine.
import * as Effect from "effect/Effect"
import fc from "fast-check"
import type { CheckoutRequest } from "../../core/checkout/index.ts"
import * as Money from "../../core/foundation/money.ts"
import * as Time from "../../core/foundation/time/index.ts"
import type { PlanTerms, PlanTermsRequest } from "../../core/plan-terms/index.ts"
import type { PlanResponse } from "../../core/plan/index.ts"
import { expandPath, withRoutes } from "../../core/wire/routes.ts"
import { summarizeCheckoutResult, validateSetMerchantOrder } from "../../facade/index.ts"
import { type Property, ready, skipped } from "../property.ts"
import { type CheckoutSpec, checkoutSpec, type CustomerChoice, customerChoice } from "../scenarios.ts"
import { at, call, type Check, Checks, closest, type Halt, type Outcome, same, send, type Session } from "../session.ts"
import { PLANS_SLOTS } from "../targets.ts"
import type { Exchange } from "../transport.ts"
import { exponentOf, halfRoundedUnits, refusalCheck, refusalIssues, roundingExplanation } from "./create.ts"
import { engineTerms, listCheck, paymentsExplanation, undroppedCount } from "./terms.ts"
import { paidClasses, type PaidPlan, paidPlan } from "./widget.ts"

/**
 * What the engine says a plan record holds: the terms it was created with,
 * in the plan's zone, for the checkout's items.
 *
 * @since 0.1.0
 */
export interface RecordExpectation {
  readonly terms: PlanTerms
  readonly zone: string
  readonly checkout: CheckoutRequest
  readonly exponent: number | undefined
  /** The service's merchant configuration (default deposits and deadlines). */
  readonly merchant: unknown
  /** The count without R6.5's dropping (see `undroppedCount`). */
  readonly undropped?: number | undefined
  /** Whether the first payment is an input (read-only: taken from the record itself). */
  readonly firstPaymentGiven?: boolean
}

const startOf = (date: string, zone: string): string | undefined => {
  const day = Time.parseDate(date)
  return day === undefined ? undefined : Time.formatInstant(Time.startOfDay(day, zone))
}

/** An instant's calendar date in a zone, `YYYY-MM-DD`. */
const dateIn = (instant: unknown, zone: string): string | undefined => {
  const ms = typeof instant === "string" ? Time.parseDateTime(instant) : undefined
  return ms === undefined ? undefined : Time.formatDate(Time.localDay(ms, zone))
}

const RETRIEVE = "retrievePlan"

/** What the checks of one plan record share. */
interface RecordComparison {
  readonly checks: Checks
  readonly record: unknown
  readonly expected: RecordExpectation
  readonly exchange: Exchange | undefined
  /** the record's payments, as answered */
  readonly answered: ReadonlyArray<unknown>
  /** what explains different payments: R6.5 (instalments not dropped) or R5.1 (a split that cannot be) */
  readonly because: string | undefined
}

/** An amount of the record (or `actual`) against the engine's, in the currency's digits. */
const recordAmount = (
  { because, checks, exchange, expected, record }: RecordComparison,
  rule: string,
  name: string,
  value: unknown,
  actual = at(record, name)
) =>
  checks.amount(
    { rule, operation: RETRIEVE, field: name, expected: value, actual, exchange },
    expected.exponent,
    because
  )

/** The checkout's minimum deposit (R2.3, a rounding named as such) and completion date (R2.4). */
const totalsChecks = ({ checks, exchange, expected, record }: RecordComparison): void => {
  const { exponent, zone } = expected
  const summary = summarizeCheckoutResult(expected.checkout, { now: 0, timeZone: zone, merchant: expected.merchant })
  if (!summary.ok) return
  const deposit = exponent === undefined ? undefined : Money.toMinorUnits(summary.value.totalMinimumDeposit, exponent)
  const answeredDeposit = exponent === undefined
    ? undefined
    : Money.toMinorUnits(at(record, "minimumDepositAmount"), exponent)
  const halves = exponent === undefined ? 0 : halfRoundedUnits(expected.checkout, expected.merchant, exponent)
  checks.amount(
    {
      rule: "R2.3",
      operation: RETRIEVE,
      field: "minimumDepositAmount",
      expected: summary.value.totalMinimumDeposit,
      actual: at(record, "minimumDepositAmount"),
      exchange
    },
    exponent,
    roundingExplanation(deposit, answeredDeposit, halves)
  )
  checks.add({
    rule: "R2.4",
    operation: RETRIEVE,
    field: "planCompletionDate",
    expected: startOf(summary.value.completionDate, zone),
    actual: at(record, "planCompletionDate"),
    exchange
  })
}

/** The record's cadence: its frequency and its day (R6.2). */
const recordCadenceChecks = ({ checks, exchange, expected, record }: RecordComparison): void => {
  const cadence = expected.terms.installments.cadence
  checks.add({
    rule: "R6.2",
    operation: RETRIEVE,
    field: "installmentFrequency",
    expected: cadence.frequency,
    actual: at(record, "installmentFrequency"),
    exchange
  })
  const day = cadence.frequency === "Monthly"
    ? ["cadenceOnDayOfMonth", (cadence.on as { dayOfMonth: number }).dayOfMonth] as const
    : ["cadenceOnDayOfWeek", (cadence.on as { dayOfWeek: string }).dayOfWeek] as const
  checks.add({
    rule: "R6.2",
    operation: RETRIEVE,
    field: day[0],
    expected: day[1],
    actual: at(record, day[0]),
    exchange
  })
}

/**
 * The payments' due instants: the start of each payment's day in the plan's
 * zone (R6.9); a wrong day is R6.1 for the first (the plan date) and R6.3 for
 * the others.
 */
const dueChecks = ({ answered, because, checks, exchange, expected }: RecordComparison): void => {
  const { terms, zone } = expected
  const due = terms.schedule.map((p) => startOf(p.date, zone))
  const dues = answered.map((i) => at(i, "date"))
  const firstDue = dues[0]
  if (!same(due[0], firstDue)) {
    // the right day at another time of day (another zone's midnight) is the record's instant; another day the plan date
    const day = terms.schedule[0]?.date
    const rightDay = dateIn(firstDue, zone) === day || dateIn(firstDue, "UTC") === day
    checks.add({
      rule: rightDay ? "R6.9" : "R6.1",
      operation: RETRIEVE,
      field: rightDay ? "installments.date" : "installments[0].date",
      at: "installments[0]",
      expected: due[0],
      actual: firstDue,
      agrees: false,
      exchange
    })
  }
  // a payment on another day, in the plan's zone and in UTC alike, is a wrong date; otherwise a wrong instant
  const wrongDay = dues.slice(1).some((v, i) => {
    const day = terms.schedule[i + 1]?.date
    return day !== undefined && typeof v === "string" && dateIn(v, zone) !== day && dateIn(v, "UTC") !== day
  })
  listCheck(
    checks,
    {
      rule: wrongDay ? "R6.3" : "R6.9",
      operation: RETRIEVE,
      field: "installments.date",
      exchange,
      ...(because === "R6.5" ? { explanation: "R6.5" } : {})
    },
    "installments",
    due.slice(1),
    dues.slice(1),
    same,
    1
  )
}

/** The payments' amounts: the first and what was paid after the deposit (R5.2), the others (R6.9). */
const paymentChecks = (compared: RecordComparison): void => {
  const { answered, because, checks, exchange, expected } = compared
  const { terms } = expected
  if (expected.firstPaymentGiven !== true) {
    recordAmount(compared, "R5.2", "installments[0].amount", terms.schedule[0]?.amount, at(answered[0], "amount"))
    recordAmount(compared, "R5.2", "totalPaid", terms.schedule[0]?.amount)
  }
  listCheck(
    checks,
    {
      rule: "R6.9",
      operation: RETRIEVE,
      field: "installments.amount",
      exchange,
      ...(because === undefined ? {} : { explanation: because })
    },
    "installments",
    terms.schedule.slice(1).map((p) => p.amount),
    answered.slice(1).map((i) => at(i, "amount")),
    (a, b) => a === b,
    1
  )
}

/**
 * The checks of a plan record against the engine: totals (R2.1, R2.3, R2.4),
 * cadence (R6.2), the payments' count (R6.3), due instants (the start of each
 * payment's day in the plan's zone: R6.9; a wrong day is R6.1 for the first,
 * the plan date, and R6.3 for the others) and amounts (R5.2 for the first,
 * R6.9 for the others), and what was paid after the deposit (R5.2).
 *
 * @since 0.1.0
 */
export const recordChecks = (
  record: unknown,
  expected: RecordExpectation,
  exchange: Exchange | undefined
): Array<Check> => {
  const { exponent, terms } = expected
  const checks = new Checks(terms)
  const installments = at(record, "installments")
  const answered: ReadonlyArray<unknown> = Array.isArray(installments) ? installments : []
  // what explains different payments: instalments R6.5 would have dropped, or a first payment below the
  // deposit or with a remainder not below the count (a split that cannot be, R5.1)
  const because = expected.firstPaymentGiven === true
    ? undefined
    : paymentsExplanation(
      { count: answered.length - 1, firstPayment: at(answered[0], "amount") },
      terms,
      expected.undropped,
      exponent
    )
  const compared: RecordComparison = { checks, record, expected, exchange, answered, because }
  recordAmount(compared, "R2.1", "totalCost", terms.totalCost)
  totalsChecks(compared)
  if (terms.planType !== "PayInFull") recordCadenceChecks(compared)
  checks.add({
    rule: terms.planType === "PayInFull" ? "R6.8" : "R6.3",
    operation: RETRIEVE,
    field: "installments.length",
    expected: terms.schedule.length,
    actual: answered.length,
    exchange,
    ...(because === "R6.5" ? { explanation: "R6.5" } : {})
  })
  dueChecks(compared)
  paymentChecks(compared)
  return checks.list
}

/**
 * A plan record's inputs, as far as the record gives them: the checkout (its
 * items in the record's spelling read back), the plan-terms request (cadence,
 * zone, plan type, and the first payment as the deposit, which gives the same
 * schedule) and the instant the plan was created at. Undefined when the
 * record lacks what is needed.
 *
 * @since 0.1.0
 */
export const recordInputs = (
  record: PlanResponse
): { readonly checkout: CheckoutRequest; readonly request: PlanTermsRequest; readonly at: number } | undefined => {
  const r = record as Record<string, any>
  const createdAt = typeof r["createdAt"] === "string" ? Time.parseDateTime(r["createdAt"]) : undefined
  const currencyCode = r["currency"]?.currencyCode
  const items = r["items"]
  const zone = r["timeZone"]
  const first = Array.isArray(r["installments"]) ? r["installments"][0]?.amount : undefined
  if (
    createdAt === undefined || typeof currencyCode !== "string" || !Array.isArray(items) || items.length === 0 ||
    typeof zone !== "string" || !Time.isTimeZone(zone) || typeof first !== "number"
  ) return undefined
  const checkout = {
    type: "plan",
    merchantId: String(r["merchantId"] ?? "merchant"),
    merchantOrderId: String(r["merchantOrderId"] ?? "order"),
    currencyCode,
    redirectURL: "https://conformance.invalid/",
    items: items.map((item: Record<string, any>) => ({
      quantity: item["quantity"],
      description: typeof item["description"] === "string" && item["description"] !== "" ? item["description"] : "item",
      costPerItem: item["costPerItem"],
      ...(item["minimumDepositPerItemType"] == null || item["minimumDepositPerItemValue"] == null
        ? {}
        : {
          minimumDepositPerItem: { unit: item["minimumDepositPerItemType"], value: item["minimumDepositPerItemValue"] }
        }),
      ...(typeof item["depositRefundable"] === "boolean" ? { depositRefundable: item["depositRefundable"] } : {}),
      redemptionDate: item["redemptionDate"],
      ...(typeof item["paymentDeadline"] === "number" ? { paymentDeadline: item["paymentDeadline"] } : {}),
      ...(Array.isArray(item["refundPolicies"]) && item["refundPolicies"].length > 0
        ? {
          refundPolicies: item["refundPolicies"].map((p: Record<string, unknown>) => ({
            daysWithinRedemptionDate: p["daysWithinRedemptionDate"],
            refundablePercentage: p["refundablePercentage"]
          }))
        }
        : {})
    }))
  } as unknown as CheckoutRequest
  const planType = r["planType"] === "PayInFull" || r["planType"] === "Custom" ? r["planType"] : "Installment"
  const frequency = typeof r["installmentFrequency"] === "string" ? r["installmentFrequency"] : undefined
  const on = typeof r["cadenceOnDayOfMonth"] === "number" && frequency === "Monthly"
    ? { dayOfMonth: r["cadenceOnDayOfMonth"] }
    : typeof r["cadenceOnDayOfWeek"] === "string"
    ? { dayOfWeek: r["cadenceOnDayOfWeek"] }
    : undefined
  const request = {
    checkoutId: String(r["id"]),
    type: "plan",
    planType,
    ...(planType === "PayInFull" ? {} : { deposit: { amount: first } }),
    ...(frequency === undefined
      ? {}
      : { installments: { cadence: { frequency, ...(on === undefined ? {} : { on }) } } }),
    timeZone: zone
  } as PlanTermsRequest
  return { checkout, request, at: createdAt }
}

/**
 * The checks of a plan record in read-only mode: recomputed by the engine
 * from the record's inputs, or none when it cannot be.
 *
 * @since 0.1.0
 */
export const recordFromInputsChecks = (
  session: Session,
  record: PlanResponse,
  exchange: Exchange | undefined
): ReadonlyArray<Check> => {
  const inputs = recordInputs(record)
  if (inputs === undefined) return []
  const terms = engineTerms(session, inputs.checkout, inputs.request, inputs.at)
  if (!terms.ok) return []
  return recordChecks(record, {
    terms: terms.terms,
    zone: inputs.request.timeZone,
    checkout: inputs.checkout,
    exponent: exponentOf(session, inputs.checkout.currencyCode),
    merchant: session.merchant,
    firstPaymentGiven: true
  }, exchange)
}

/**
 * The checks of the record of a plan the run paid for, against the engine's
 * terms at either end of the instant it was paid at.
 *
 * @since 0.1.0
 */
export const paidRecordChecks = (
  session: Session,
  plan: PaidPlan,
  record: unknown,
  exchange: Exchange | undefined
): ReadonlyArray<Check> => {
  const bracket = session.clock.bracketOf(plan.paid)
  return closest([bracket.earliest, bracket.latest].map((now) => () => {
    const terms = engineTerms(session, plan.request, plan.chosen.request, now)
    return terms.ok
      ? recordChecks(record, {
        terms: terms.terms,
        zone: plan.chosen.request.timeZone,
        checkout: plan.request,
        exponent: plan.currency.exponent,
        merchant: session.merchant,
        undropped: undroppedCount(session, plan.request, plan.chosen.request, now)
      }, exchange)
      : []
  }))
}

// ---------------------------------------------------------------------------
// Merchant orders

/** How a scenario breaks a merchant order (after setting a valid one). */
const MERCHANT_ORDER_BREAKAGES = [
  "space in merchantOrderId",
  "line break in merchantOrderId",
  "merchantOrderId of 257 code points",
  "empty merchantOrderId",
  "missing merchantOrderId",
  "missing planId"
] as const

const merchantOrderSpec = fc.constantFrom(...MERCHANT_ORDER_BREAKAGES)

const merchantOrderBody = (
  planId: string,
  merchantOrderId: string,
  breakage: (typeof MERCHANT_ORDER_BREAKAGES)[number] | undefined
): Record<string, unknown> => {
  const body: Record<string, unknown> = { planId, merchantOrderId }
  switch (breakage) {
    case "space in merchantOrderId":
      body["merchantOrderId"] = `${merchantOrderId} b`
      break
    case "line break in merchantOrderId":
      body["merchantOrderId"] = `${merchantOrderId}\nb`
      break
    case "merchantOrderId of 257 code points":
      body["merchantOrderId"] = "\u{1F600}".repeat(257)
      break
    case "empty merchantOrderId":
      body["merchantOrderId"] = ""
      break
    case "missing merchantOrderId":
      delete body["merchantOrderId"]
      break
    case "missing planId":
      delete body["planId"]
      break
  }
  return body
}

/**
 * Sets a plan's merchant order twice and reads the plan back: a new valid id
 * must be answered (R9), a request broken one way refused with the engine's
 * issues (R4.1, R4.3), and the plan must then hold the valid id: kept, and
 * not changed by the refused request.
 */
const merchantOrderChecks = (
  session: Session,
  planId: string,
  breakage: (typeof MERCHANT_ORDER_BREAKAGES)[number]
): Effect.Effect<ReadonlyArray<Check>, Halt> =>
  Effect.gen(function*() {
    const routes = withRoutes(session.config.routes)
    const operation = "setMerchantOrder"
    const path = expandPath(routes.setMerchantOrder, { planId })
    const wanted = `${session.context.orderPrefix}${planId.slice(-6).replace(/[^A-Za-z0-9_-]/g, "")}-m`
    const checks = new Checks()
    const valid = yield* send(session, routes.setMerchantOrder.method, path, { planId, merchantOrderId: wanted })
    checks.add({
      rule: "R9",
      operation,
      field: "status",
      expected: "2xx",
      actual: valid.status,
      agrees: valid.status !== undefined && valid.status >= 200 && valid.status < 300,
      exchange: valid
    })
    if (valid.status !== undefined && valid.status < 300) {
      checks.add({
        rule: "R9",
        operation,
        field: "merchantOrderId",
        expected: wanted,
        actual: at(valid.responseBody, "merchantOrderId"),
        exchange: valid
      })
    }
    const body = merchantOrderBody(planId, wanted, breakage)
    const verdict = validateSetMerchantOrder(body)
    if (!verdict.ok) {
      const broken = yield* send(session, routes.setMerchantOrder.method, path, body)
      checks.list.push(
        refusalCheck(verdict.issues[0]!.rule, operation, broken),
        ...refusalIssues(operation, verdict.issues, broken)
      )
    }
    const readBack = yield* call(session, session.client.retrievePlan(planId))
    const readExchange = session.transport.last()
    if (readBack.ok) {
      checks.add({
        rule: "R9",
        operation,
        field: "merchantOrderId (read back)",
        expected: wanted,
        actual: at(readBack.value, "merchantOrderId"),
        exchange: readExchange
      })
    }
    return checks.list
  })

// ---------------------------------------------------------------------------
// The property

/**
 * The plans property: a payable checkout paid in the widget, its plan record
 * compared with the engine's terms at the instant of payment, then its
 * merchant order set validly and then by a broken request, and read back.
 *
 * @since 0.1.0
 */
export const plansProperty = (session: Session) => {
  const arbitrary = fc.record({ checkout: checkoutSpec("payable"), choice: customerChoice, order: merchantOrderSpec })
  return ready<{
    readonly checkout: CheckoutSpec
    readonly choice: CustomerChoice
    readonly order: (typeof MERCHANT_ORDER_BREAKAGES)[number]
  }>({
    name: "plans",
    group: "plans",
    weight: 1,
    arbitrary,
    slots: PLANS_SLOTS,
    targeted: (targets) => arbitrary.map((input) => ({ ...input, checkout: { ...input.checkout, targets } })),
    classes: ({ checkout, choice }) => paidClasses(session, checkout, choice, false),
    evaluate: ({ checkout: spec, choice, order }) =>
      Effect.gen(function*() {
        const plan = yield* paidPlan(session, spec, choice)
        if (plan.outcome !== undefined) return plan.outcome
        const { checks, planId } = plan
        const record = yield* call(session, session.client.retrievePlan(planId))
        const exchange = session.transport.last()
        if (!record.ok) {
          checks.refused("R9", "retrievePlan", exchange, record.error)
          return { checks: checks.list, exchanges: session.transport.takeExchanges() }
        }
        checks.list.push(...paidRecordChecks(session, plan, record.value, exchange))
        checks.list.push(...(yield* merchantOrderChecks(session, planId, order)))
        return { checks: checks.list, exchanges: session.transport.takeExchanges() }
      })
  })
}

/**
 * A plan's record as read, or the outcome of a scenario that could not read it.
 *
 * @since 0.1.0
 */
export const readRecord = (
  session: Session,
  planId: string
): Effect.Effect<
  | { readonly outcome?: undefined; readonly record: PlanResponse; readonly exchange: Exchange | undefined }
  | { readonly outcome: Outcome },
  Halt
> =>
  Effect.gen(function*() {
    const record = yield* call(session, session.client.retrievePlan(planId))
    const exchange = session.transport.last()
    if (record.ok) return { record: record.value, exchange }
    return {
      outcome: {
        checks: [],
        exchanges: session.transport.takeExchanges(),
        skipped: `plan ${planId} could not be read (${record.error.message})`
      }
    }
  })

/**
 * Read-only: the merchant's most recent plans, each record recomputed from
 * its own inputs.
 *
 * @since 0.1.0
 */
export const readOnlyPlansProperty = (
  session: Session,
  planIds: ReadonlyArray<string>
): ReturnType<typeof ready> => {
  if (planIds.length === 0) return skipped("plans", "plans", "the merchant has no plans to read")
  const property: Property<number> = {
    name: "plans",
    group: "plans",
    weight: 1,
    arbitrary: fc.nat({ max: planIds.length - 1 }),
    evaluate: (index) =>
      Effect.gen(function*() {
        const planId = planIds[index]!
        const read = yield* readRecord(session, planId)
        if (read.outcome !== undefined) return read.outcome
        const checks = recordFromInputsChecks(session, read.record, read.exchange)
        return {
          checks,
          exchanges: session.transport.takeExchanges(),
          ...(checks.length === 0 ? { skipped: `the engine cannot recompute plan ${planId} from its record` } : {})
        }
      })
  }
  return ready(property)
}
