/**
 * Plans in the sandbox: plan terms, creating a plan when the customer
 * completes a checkout, reading, searching, refunds, cancellation and the card
 * paying a plan. Every amount, date and transition is the core's: plan terms
 * (R6), the plan record and its lifecycle, refund calculations and cancellation
 * (R7). No HTTP here: the routes call these.
 *
 * @module
 */
// Over 400 lines: the sandbox's operations on plans, one function per endpoint of the plan resource.
import * as Result from "effect/Result"
import { isRecord } from "../../../core/foundation/input.ts"
import type { Issue } from "../../../core/foundation/issues.ts"
import { ValidationError } from "../../../core/foundation/issues.ts"
import { issue } from "../../../core/foundation/issues.ts"
import { amountIssues, fromMinorUnits, toMinorUnits } from "../../../core/foundation/money.ts"
import * as Time from "../../../core/foundation/time/index.ts"
import type * as PlanTerms from "../../../core/plan-terms/index.ts"
import * as Plan from "../../../core/plan/index.ts"
import * as Search from "../../../core/search/index.ts"
import { computeResult } from "../../../facade/shared.ts"
import { createResult } from "../../../facade/shared.ts"
import { applyResult } from "../../../facade/shared.ts"
import { validateMerchantOrderResult } from "../../../facade/shared.ts"
import { calculateResult } from "../../../facade/shared.ts"
import { validateCancelRequestResult } from "../../../facade/shared.ts"
import { normalizeResult } from "../../../facade/shared.ts"
import { type CardBehaviour, cardBehaviour, last4 } from "../cards.ts"
import type { SandboxMerchant } from "../merchants.ts"
import type { StoredCheckout, StoredPlan } from "../store.ts"
import { planSaved, recordTransition } from "../webhooks/hooks.ts"
import {
  alreadyFinished,
  assertNotExpired,
  checkoutOf,
  currencyOf,
  customerCheckout,
  redirectUrlOf,
  saveCheckout
} from "./checkouts.ts"
import type { SandboxEnvironment } from "./environment.ts"
import { invalid, NotFound } from "./failures.ts"

// ---------------------------------------------------------------------------
// Writing plans, through the core's lifecycle

/** Every write of a plan: inside the request's transaction, the place to record what changed beside it. */
export const savePlan = (env: SandboxEnvironment, plan: StoredPlan): void => {
  env.store.putPlan(plan)
  planSaved(env.webhooks, plan)
}

/**
 * A core transition: the next record, or the core's refusal thrown as it is
 * (a `PlanTransitionError`: a cancelled plan cancelled again, a payment of a
 * cancelled plan), or a malformed event as `InvalidInput`.
 */
export const transition = (record: Plan.Plan, event: Plan.PlanEvent): Plan.Plan => {
  const next = applyResult(record, event)
  if (Result.isSuccess(next)) {
    recordTransition(record, event, next.success)
    return next.success
  }
  if (next.failure instanceof ValidationError) throw invalid(next.failure.issues)
  throw next.failure
}

/** The plan `id` of this merchant, or `NotFound` (another merchant's plan is not found either). */
export const planOf = (env: SandboxEnvironment, id: string, merchant: SandboxMerchant): StoredPlan => {
  const plan = env.store.getPlan(id)
  if (plan === undefined || plan.merchantId !== merchant.id) throw new NotFound({ what: `Plan ${id}` })
  return plan
}

// ---------------------------------------------------------------------------
// Plan terms (R6)

/**
 * The terms of a checkout (R6), read from its validated request: the core's
 * compiled path, where a response would be decoded anew every time. The
 * request must name this checkout.
 */
const termsResult = (
  checkout: StoredCheckout,
  request: unknown,
  merchant: SandboxMerchant,
  now: number,
  path = ""
): Result.Result<PlanTerms.PlanTerms, ValidationError> => {
  const named = isRecord(request) ? request["checkoutId"] : undefined
  if (typeof named === "string" && named !== checkout.id) {
    throw invalid([
      issue(`${path}checkoutId`, "conflict", "R6", `must be the id of the checkout, ${JSON.stringify(checkout.id)}`)
    ])
  }
  return computeResult(checkout.request, request, { now, merchant: merchant.configuration })
}

/** The plan terms of a checkout (R6), `schedule` included; `CheckoutExpired` once an open checkout expired. */
export const planTermsOf = (
  env: SandboxEnvironment,
  checkout: StoredCheckout,
  merchant: SandboxMerchant,
  request: unknown
): PlanTerms.PlanTerms => {
  const now = env.now(merchant.id)
  assertNotExpired(checkout, now)
  const computed = termsResult(checkout, request, merchant, now)
  if (Result.isFailure(computed)) throw invalid(computed.failure.issues, "The plan-terms request is invalid")
  return computed.success
}

/** Compute plan terms for the merchant's own checkout. */
export const computePlanTerms = (
  env: SandboxEnvironment,
  merchant: SandboxMerchant,
  checkoutId: string,
  request: unknown
): PlanTerms.PlanTerms => planTermsOf(env, checkoutOf(env, checkoutId, merchant), merchant, request)

/** Plan terms as the customer's widget asks for them (the checkout by id alone). */
export const planTermsForCustomer = (
  env: SandboxEnvironment,
  checkoutId: string,
  request: unknown
): PlanTerms.PlanTerms => {
  const { checkout, merchant } = customerCheckout(env, checkoutId)
  return planTermsOf(env, checkout, merchant, request)
}

/** Unacceptable terms (R6.6) as issues: the widget may not complete with them. */
const termsIssues = (terms: PlanTerms.PlanTerms): Array<Issue> =>
  terms.installments.validation.map((v) =>
    issue(
      v.key.startsWith("deposit.") ? "planTerms.deposit.amount" : "planTerms.installments",
      "range",
      "R6.6",
      `the terms are not acceptable: ${v.key} (${v.value})`
    )
  )

// ---------------------------------------------------------------------------
// Completion (the customer, in the widget)

/** The merchant as a plan record shows it. */
const planMerchant = (merchant: SandboxMerchant): Plan.PlanMerchant => ({
  id: merchant.id,
  name: merchant.name,
  status: "Active" as const,
  ...(merchant.merchantGroupId != null ? { merchantGroupId: merchant.merchantGroupId } : {}),
  ...(merchant.configuration.defaultMinDepositType != null
    ? { defaultMinimumDepositType: merchant.configuration.defaultMinDepositType }
    : {}),
  ...(merchant.configuration.defaultMinDepositValue != null
    ? { defaultMinimumDepositValue: merchant.configuration.defaultMinDepositValue }
    : {}),
  ...(merchant.configuration.defaultPaymentDeadline != null
    ? { defaultPaymentDeadlineInDays: merchant.configuration.defaultPaymentDeadline }
    : {}),
  ...(merchant.config.serviceFeePercentage != null
    ? { serviceFeePercentage: merchant.config.serviceFeePercentage }
    : {}),
  ...(merchant.config.companyEmail != null ? { companyEmail: merchant.config.companyEmail } : {}),
  ...(merchant.config.customerSupportEmail != null
    ? { customerSupportEmail: merchant.config.customerSupportEmail }
    : {}),
  ...(merchant.config.merchantPageUrl != null ? { merchantPageUrl: merchant.config.merchantPageUrl } : {}),
  ...(merchant.config.countryAlpha3Code != null ? { countryAlpha3Code: merchant.config.countryAlpha3Code } : {})
})

/** The test card as the plan record's payment method. */
const paymentMethodOf = (env: SandboxEnvironment, card: CardBehaviour, at: string) => ({
  id: env.newId("pm"),
  cardBrand: "Visa",
  funding: "Credit",
  default: true,
  description: `Sandbox test card ending ${last4(card)}`,
  last4Digits: last4(card),
  expMonth: 12,
  expYear: 2030,
  createdAt: at,
  updatedAt: at
} satisfies Plan.UserPaymentMethod)

/** How a completion ended: the plan created, or the declined card (the checkout is then `Rejected`). */
export type Completion =
  | { readonly _tag: "Completed"; readonly planId: string; readonly redirectUrl: string }
  | { readonly _tag: "Declined"; readonly redirectUrl: string }

/**
 * The completion body `{ card, planTerms, firstPayment? }`: the card's
 * behaviour, the plan-terms request and the first payment the customer was
 * shown, in minor units of the checkout's currency (`digits`), or every issue.
 */
const completionRequest = (
  body: unknown,
  digits: number
): { readonly card: CardBehaviour; readonly termsRequest: unknown; readonly shown: number | undefined } => {
  if (!isRecord(body)) throw invalid([issue("", "type", "sandbox", "must be an object { card, planTerms }")])
  const card = cardBehaviour(body["card"])
  const problems = typeof card === "string" ? [] : [card]
  if (!isRecord(body["planTerms"])) {
    problems.push(issue("planTerms", "required", "sandbox", "must be a compute-plan-terms request"))
  }
  const shown = body["firstPayment"] === undefined
    ? undefined
    : amountIssues("firstPayment", body["firstPayment"], digits)
  if (typeof shown === "object") problems.push(shown)
  if (problems.length > 0 || typeof card !== "string") throw invalid(problems)
  return { card, termsRequest: body["planTerms"], shown: shown as number | undefined }
}

/**
 * What the customer pays today: payment 1 of the terms' schedule, the deposit
 * with the split's remainder (R5.2, R6.9), the one amount the page shows, the
 * card is charged, the record and the webhooks carry. When the page says what
 * it showed (`firstPayment`), any other amount is refused before anything is
 * charged: the terms changed since (the clock moved on), and the customer
 * sees the new ones first.
 */
const firstPaymentOf = (terms: PlanTerms.PlanTerms, shown: number | undefined, digits: number): number => {
  const first = terms.schedule[0]!.amount
  if (shown === undefined || shown === toMinorUnits(first, digits)) return first
  const message = `is ${
    fromMinorUnits(shown, digits)
  }, the terms' first payment (deposit + remainder, R5.2) is ${first}`
  throw invalid(
    [issue("firstPayment", "conflict", "R6.9", `${message}: show the terms again`)],
    "The first payment is not the one shown; nothing was charged"
  )
}

/**
 * The customer completes a checkout with `{ card, planTerms, firstPayment? }`:
 * the checkout must be open and not expired; the terms computed (R6) and
 * acceptable (R6.6), their first payment the one shown when `firstPayment` is
 * given; then the declined card leaves the checkout `Rejected` without a plan,
 * and any other test card pays the first payment (deposit + remainder, R5.2)
 * and the plan is created with the core. Its `checkoutUrl` is the checkout's
 * own `widgetUrl`, written when the merchant created it: this call needs no
 * credentials, so the address of its request (its `Host`) is never written
 * into a record the merchant reads.
 */
export const completeCheckout = (env: SandboxEnvironment, checkoutId: string, body: unknown): Completion => {
  const { checkout, merchant, now } = customerCheckout(env, checkoutId)
  if (checkout.state !== "Open") throw alreadyFinished(checkout)
  assertNotExpired(checkout, now)
  const { digits } = currencyOf(merchant, checkout.request.currencyCode)
  const { card, termsRequest, shown } = completionRequest(body, digits)
  const computed = termsResult(checkout, termsRequest, merchant, now, "planTerms.")
  if (Result.isFailure(computed)) {
    throw invalid(
      computed.failure.issues.map((i) => ({ ...i, path: i.path === "" ? "planTerms" : `planTerms.${i.path}` }))
    )
  }
  const terms = computed.success
  const unacceptable = termsIssues(terms)
  if (unacceptable.length > 0) throw invalid(unacceptable, "The chosen plan terms are not acceptable")
  const firstPayment = firstPaymentOf(terms, shown, digits)
  const redirectUrl = redirectUrlOf(checkout)
  if (card === "declined") {
    saveCheckout(env, {
      ...checkout,
      state: "Rejected",
      deposit: { amount: firstPayment, status: "Rejected" },
      terms,
      finishedAt: now
    })
    return { _tag: "Declined", redirectUrl }
  }
  const planId = env.newId("plan")
  const at = Time.formatInstant(now)
  const timeZone = (termsRequest as { timeZone: string }).timeZone
  const created = createResult(
    { ...checkout.request, id: checkout.id, createdAt: checkout.response.createdAt, items: checkout.response.items },
    terms,
    {
      now,
      planId,
      planMerchant: planMerchant(merchant),
      merchant: merchant.configuration,
      timeZone,
      checkoutUrl: checkout.response.widgetUrl
    }
  )
  if (Result.isFailure(created)) throw invalid(created.failure.issues, "The plan could not be created")
  const paymentMethod = paymentMethodOf(env, card, at)
  const accepted = transition(
    { ...created.success, userPaymentMethod: paymentMethod },
    // the charge is the first payment; the core checks it is the record's instalment 1
    Plan.PlanEvent.DepositAccepted({
      at: now,
      amount: firstPayment,
      paymentMethod: paymentMethod.id,
      transactionId: env.newId("txn")
    })
  )
  savePlan(env, {
    id: planId,
    merchantId: merchant.id,
    checkoutId: checkout.id,
    createdAt: now,
    record: accepted,
    card
  })
  saveCheckout(env, {
    ...checkout,
    state: "Completed",
    planId,
    deposit: { amount: firstPayment, status: "Accepted" },
    terms,
    finishedAt: now
  })
  return { _tag: "Completed", planId, redirectUrl }
}

// ---------------------------------------------------------------------------
// The merchant's plans

/** Retrieve plan: the core's plan record. */
export const retrievePlan = (env: SandboxEnvironment, merchant: SandboxMerchant, planId: string): Plan.Plan =>
  planOf(env, planId, merchant).record

/** Set merchant order: `{ planId, merchantOrderId }` checked by the core, then its `MerchantOrderSet` transition. */
export const setMerchantOrder = (
  env: SandboxEnvironment,
  merchant: SandboxMerchant,
  planId: string,
  body: unknown
): { readonly planId: string; readonly merchantOrderId: string } => {
  const plan = planOf(env, planId, merchant)
  const validated = validateMerchantOrderResult(body)
  if (Result.isFailure(validated)) throw invalid(validated.failure.issues)
  const request = validated.success.value
  if (request.planId !== plan.id) {
    throw invalid([issue("planId", "conflict", "sandbox", "must equal the plan id of the request's path")])
  }
  const record = transition(
    plan.record,
    Plan.PlanEvent.MerchantOrderSet({ at: env.now(merchant.id), merchantOrderId: request.merchantOrderId })
  )
  savePlan(env, { ...plan, record })
  return { planId: request.planId, merchantOrderId: request.merchantOrderId }
}

/**
 * Plan search: the query normalized by the core (defaults, deprecated fields
 * as warnings), evaluated by the core over the summaries of the merchant's
 * plans, and of its merchant group's with `includeAllBrands`.
 */
export const searchPlans = (env: SandboxEnvironment, merchant: SandboxMerchant, query: URLSearchParams) => {
  const normalized = normalizeResult(query)
  if (Result.isFailure(normalized)) throw invalid(normalized.failure.issues, "The plan search is invalid")
  const search = normalized.success.value
  const group = merchant.merchantGroupId === undefined
    ? [merchant.id]
    : env.merchants.list.filter((m) => m.merchantGroupId === merchant.merchantGroupId).map((m) => m.id)
  const summaries = env.store.listPlans(search.includeAllBrands ? group : [merchant.id]).map((p) =>
    Plan.summaryOf(p.record)
  )
  const result = Search.evaluate(summaries, search, { merchantId: merchant.id, merchantGroup: group })
  const warnings = normalized.success.warnings
  return warnings.length > 0 ? { ...result, warnings } : result
}

/** Refund calculation: the core's calculation of the plan at the merchant's time, with its default policies (R7). */
export const calculateRefund = (env: SandboxEnvironment, merchant: SandboxMerchant, planId: string) => {
  const plan = planOf(env, planId, merchant)
  const calculation = calculateResult(plan.record, { at: env.now(merchant.id), merchant: merchant.configuration })
  if (Result.isFailure(calculation)) throw invalid(calculation.failure.issues, "The plan's refund cannot be calculated")
  return calculation.success
}

/**
 * Cancel with a refund (R7.8). The plan's lifecycle decides first whether it
 * may be cancelled at all: a cancelled plan refuses with the core's
 * `PlanTransitionError` (`already_cancelled`), whatever the request. Then the
 * request is checked by the core against the plan, and the core's
 * `PlanCancelled` transition records it.
 */
export const cancelPlan = (env: SandboxEnvironment, merchant: SandboxMerchant, planId: string, body: unknown) => {
  const plan = planOf(env, planId, merchant)
  const at = env.now(merchant.id)
  // a refund of 0 is within every plan's bound, so only the plan's state can refuse this one
  transition(plan.record, Plan.PlanEvent.PlanCancelled({ at, reason: "Other", refundAmount: 0 }))
  const validated = validateCancelRequestResult(plan.record, body, { merchant: merchant.configuration })
  if (Result.isFailure(validated)) throw invalid(validated.failure.issues, "The cancellation is invalid")
  if (isRecord(body) && body["planId"] !== plan.id) {
    throw invalid([issue("planId", "conflict", "R7.8", "must equal the plan id of the request's path")])
  }
  const request = validated.success.value
  const cancelled = transition(
    plan.record,
    Plan.PlanEvent.PlanCancelled({
      at,
      reason: request.reason,
      refundAmount: request.refundableAmount,
      ...(request.details !== undefined ? { details: request.details } : {})
    })
  )
  savePlan(env, { ...plan, record: cancelled })
  return {
    result: "Success" as const,
    planId: plan.id,
    refundAmount: cancelled.refundAmount,
    status: cancelled.status
  }
}

// ---------------------------------------------------------------------------
// Payments: the card and what falls due

const MISSABLE: ReadonlySet<string> = new Set(["OnSchedule", "Late"])

/** Whether the plan still takes payments and misses (`OnSchedule` or `Late`). */
export const isRunning = (record: Plan.Plan): boolean => MISSABLE.has(record.status)

/** Pays whatever is missed with the plan's card, when it pays: the record after, and how many were paid. */
export const payMissed = (
  env: SandboxEnvironment,
  record: Plan.Plan,
  card: CardBehaviour,
  at: number
): { readonly record: Plan.Plan; readonly count: number } => {
  let count = 0
  if (card !== "succeeds") return { record, count }
  while (isRunning(record) && record.installments.some((i) => i.status === "MISSED")) {
    // without a number the core pays the earliest missed instalment
    record = transition(
      record,
      Plan.PlanEvent.InstallmentPaid({
        at,
        paymentMethod: record.userPaymentMethod?.id ?? "card",
        transactionId: env.newId("txn")
      })
    )
    count++
  }
  return { record, count }
}

/**
 * The test card paying a plan from now on, `{ card }`. With a paying card,
 * missed instalments are paid at once (not at the next clock advance). The
 * declined card cannot pay a plan.
 */
export const setPlanCard = (env: SandboxEnvironment, merchant: SandboxMerchant, planId: string, body: unknown) => {
  const plan = planOf(env, planId, merchant)
  const card = cardBehaviour(isRecord(body) ? body["card"] : undefined)
  if (typeof card !== "string") throw invalid([card])
  if (card === "declined") {
    throw invalid([issue("card", "enum", "sandbox", "the declined test card cannot pay a plan")])
  }
  const now = env.now(merchant.id)
  const method = paymentMethodOf(env, card, Time.formatInstant(now))
  const { record, count } = payMissed(env, { ...plan.record, userPaymentMethod: method }, card, now)
  savePlan(env, { ...plan, card, record })
  return { planId: plan.id, card: last4(card), status: record.status, paidInstallments: count }
}
