/**
 * Plans in the sandbox: plan terms, creating a plan when the widget completes,
 * reading, searching, refunds, cancellation, notes and the test clock's
 * instalments. Every amount, date and transition is the core's: plan terms
 * (R6), the plan record and its lifecycle, refund quotes and cancellation (R7).
 *
 * @module
 */
import * as Result from "effect/Result"
import { ValidationError } from "../../core/foundation/issues.ts"
import * as Time from "../../core/foundation/time/index.ts"
import { type Issue, issue } from "../../core/internal/issue.ts"
import { isRecord } from "../../core/internal/predicates.ts"
import * as PlanTerms from "../../core/plan-terms/index.ts"
import * as Plan from "../../core/plan/index.ts"
import * as Notes from "../../core/plan/notes.ts"
import * as Refund from "../../core/refund/index.ts"
import * as Search from "../../core/search/index.ts"
import { type CardBehaviour, cardBehaviour, last4 } from "./cards.ts"
import { assertNotExpired, redirectUrlOf, widgetPagePath } from "./checkouts.ts"
import type { Context, Reply, SandboxEnvironment } from "./handler.ts"
import { HttpError, notFound, validationFailed } from "./http.ts"
import type { SandboxMerchant } from "./merchants.ts"
import type { StoredCheckout, StoredNote, StoredPlan } from "./store.ts"

// ---------------------------------------------------------------------------
// Plan terms (R6)

/**
 * The terms of a checkout (R6), read from its validated request: the core's
 * compiled path, where a response would be decoded anew every time. The
 * request must name this checkout.
 */
const termsResult = (checkout: StoredCheckout, request: unknown, merchant: SandboxMerchant, now: number, path = "") => {
  const named = isRecord(request) ? request["checkoutId"] : undefined
  if (typeof named === "string" && named !== checkout.id) {
    throw validationFailed([
      issue(`${path}checkoutId`, "conflict", "R6", `must be the id of the checkout, ${JSON.stringify(checkout.id)}`)
    ])
  }
  return PlanTerms.computeResult(checkout.request, request, { now, merchant: merchant.configuration })
}

const termsOf = (
  checkout: StoredCheckout,
  request: unknown,
  merchant: SandboxMerchant,
  now: number
): PlanTerms.PlanTerms => {
  const computed = termsResult(checkout, request, merchant, now)
  if (Result.isFailure(computed)) throw validationFailed(computed.failure.issues, "The plan-terms request is invalid")
  return computed.success
}

/** The plan-terms response for a checkout (R6), `schedule` included; 410 once an open checkout expired. */
export const planTerms = (
  context: Context,
  checkout: StoredCheckout,
  merchant: SandboxMerchant
): PlanTerms.PlanTerms => {
  const now = context.env.now(merchant.id)
  assertNotExpired(checkout, now)
  return termsOf(checkout, context.body, merchant, now)
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
// Completion (the widget)

/** The merchant as a plan record shows it. */
const planMerchant = (merchant: SandboxMerchant) => ({
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
})

/** A core transition, or the HTTP answer for a refused one (409) or a malformed one (422). */
const apply = (record: Plan.Plan, event: Plan.PlanEvent): Plan.Plan => {
  const next = Plan.applyResult(record, event)
  if (Result.isSuccess(next)) return next.success
  const error = next.failure
  if (error instanceof ValidationError) throw validationFailed(error.issues)
  throw new HttpError("conflict", `The plan refused ${error.event} while ${error.status}: ${error.message}`, {
    extra: { reason: error.code }
  })
}

/**
 * The widget's completion: plan terms computed (R6) and acceptable (R6.6);
 * then the declined card leaves the checkout Rejected without a plan (402),
 * any other test card pays the deposit and the plan is created with the core.
 */
export const completeCheckout = (
  context: Context,
  checkout: StoredCheckout,
  merchant: SandboxMerchant,
  card: CardBehaviour,
  termsRequest: unknown,
  now: number
): Reply => {
  const { env } = context
  const computed = termsResult(checkout, termsRequest, merchant, now, "planTerms.")
  if (Result.isFailure(computed)) {
    throw validationFailed(
      computed.failure.issues.map((i) => ({ ...i, path: i.path === "" ? "planTerms" : `planTerms.${i.path}` }))
    )
  }
  const terms = computed.success
  const unacceptable = termsIssues(terms)
  if (unacceptable.length > 0) throw validationFailed(unacceptable, "The chosen plan terms are not acceptable")
  const firstPayment = terms.schedule[0]!.amount
  const redirectUrl = redirectUrlOf(checkout)
  if (card === "declined") {
    env.store.putCheckout({
      ...checkout,
      state: "Rejected",
      deposit: { amount: firstPayment, status: "Rejected" },
      terms: { ...terms },
      finishedAt: now
    })
    return {
      status: 402,
      body: { code: "card_declined", message: "The card was declined; no plan was created", redirectUrl }
    }
  }
  const planId = env.newId("plan")
  const at = Time.formatInstant(now)
  const timeZone = (termsRequest as { timeZone: string }).timeZone
  const created = Plan.createResult(
    {
      ...checkout.request,
      id: checkout.id,
      createdAt: checkout.response["createdAt"],
      items: checkout.response["items"]
    },
    terms,
    {
      now,
      planId,
      merchant: planMerchant(merchant),
      merchantConfiguration: merchant.configuration,
      timeZone,
      checkoutUrl: `${context.baseUrl}${widgetPagePath(checkout.id)}`
    }
  )
  if (Result.isFailure(created)) throw validationFailed(created.failure.issues, "The plan could not be created")
  const paymentMethod = paymentMethodOf(env, card, at)
  const accepted = apply(
    { ...created.success, userPaymentMethod: paymentMethod },
    Plan.PlanEvent.DepositAccepted({ at: now, paymentMethod: paymentMethod.id, transactionId: env.newId("txn") })
  )
  env.store.putPlan({
    id: planId,
    merchantId: merchant.id,
    checkoutId: checkout.id,
    createdAt: now,
    record: accepted,
    card
  })
  env.store.putCheckout({
    ...checkout,
    state: "Completed",
    planId,
    deposit: { amount: firstPayment, status: "Accepted" },
    terms: { ...terms },
    finishedAt: now
  })
  return { status: 200, body: { planId, redirectUrl } }
}

// ---------------------------------------------------------------------------
// The merchant's plan endpoints

/** The plan `id` of this merchant, or 404 (another merchant's plan is not found either). */
export const planOf = (env: SandboxEnvironment, id: string, merchant: SandboxMerchant): StoredPlan => {
  const plan = env.store.getPlan(id)
  if (plan === undefined || plan.merchantId !== merchant.id) throw notFound(`Plan ${id}`)
  return plan
}

const recordOf = (plan: StoredPlan): Plan.Plan => plan.record as unknown as Plan.Plan

export const retrievePlan = ({ env, merchant, params }: Context): Reply => ({
  status: 200,
  body: planOf(env, params["planId"]!, merchant).record
})

export const setMerchantOrder = ({ env, merchant, params, body }: Context): Reply => {
  const plan = planOf(env, params["planId"]!, merchant)
  const validated = Plan.validateMerchantOrderResult(body)
  if (Result.isFailure(validated)) throw validationFailed(validated.failure.issues)
  const { planId, merchantOrderId } = validated.success.value
  if (planId !== plan.id) {
    throw validationFailed([issue("planId", "conflict", "sandbox", "must equal the plan id of the request's path")])
  }
  const record = apply(recordOf(plan), Plan.PlanEvent.MerchantOrderSet({ at: env.now(merchant.id), merchantOrderId }))
  env.store.putPlan({ ...plan, record })
  return { status: 200, body: { planId, merchantOrderId } }
}

/**
 * Plan search: the query normalized by the core (defaults, deprecated fields
 * as warnings), evaluated by the core over the summaries of the merchant's
 * plans, and of its merchant group's with `includeAllBrands`.
 */
export const searchPlans = ({ env, merchant, url }: Context): Reply => {
  const normalized = Search.normalizeResult(url.searchParams)
  if (Result.isFailure(normalized)) throw validationFailed(normalized.failure.issues, "The plan search is invalid")
  const query = normalized.success.value
  const group = merchant.merchantGroupId === undefined
    ? [merchant.id]
    : env.merchants.list.filter((m) => m.merchantGroupId === merchant.merchantGroupId).map((m) => m.id)
  const summaries = env.store.listPlans(query.includeAllBrands ? group : [merchant.id]).map((p) =>
    Plan.summaryOf(recordOf(p))
  )
  const result = Search.evaluate(summaries, query, { merchantId: merchant.id, merchantGroup: group })
  const warnings = normalized.success.warnings
  return { status: 200, body: warnings.length > 0 ? { ...result, warnings } : result }
}

export const calculateRefund = ({ env, merchant, params }: Context): Reply => {
  const plan = planOf(env, params["planId"]!, merchant)
  const quote = Refund.quoteResult(plan.record, { at: env.now(merchant.id), merchant: merchant.configuration })
  if (Result.isFailure(quote)) throw validationFailed(quote.failure.issues, "The plan cannot be quoted")
  return { status: 200, body: quote.success }
}

/**
 * Cancel with a refund (R7.8): checked by the core against the plan, then the
 * core's `PlanCancelled` transition. A cancelled plan answers 409.
 */
export const cancelPlan = ({ env, merchant, params, body }: Context): Reply => {
  const plan = planOf(env, params["planId"]!, merchant)
  const record = recordOf(plan)
  const validated = Refund.validateCancelRequestResult(record, body, { merchant: merchant.configuration })
  if (Result.isFailure(validated)) {
    const issues = validated.failure.issues
    if (issues.some((i) => i.path === "plan.status")) {
      throw new HttpError("conflict", `Plan ${plan.id} is already cancelled`)
    }
    throw validationFailed(issues, "The cancellation is invalid")
  }
  if (isRecord(body) && body["planId"] !== plan.id) {
    throw validationFailed([issue("planId", "conflict", "R7.8", "must equal the plan id of the request's path")])
  }
  const request = validated.success.value
  const cancelled = apply(
    record,
    Plan.PlanEvent.PlanCancelled({
      at: env.now(merchant.id),
      reason: request.reason,
      refundAmount: request.refundableAmount,
      ...(request.details !== undefined ? { details: request.details } : {})
    })
  )
  env.store.putPlan({ ...plan, record: cancelled })
  return {
    status: 200,
    body: { result: "Success", planId: plan.id, refundAmount: cancelled.refundAmount, status: cancelled.status }
  }
}

/** A page of the plan's notes, by the core (`showSoftDeletedPlanNotes`, `pageSize`, `pageOffset` from the query). */
export const listPlanNotes = ({ env, merchant, params, url, baseUrl }: Context): Reply => {
  const plan = planOf(env, params["planId"]!, merchant)
  const query = new URLSearchParams(url.searchParams)
  // the path names the plan; a planId in the query cannot name another
  query.set("planId", plan.id)
  const notes = env.store.listNotes(plan.id).map((n) => n.note as Notes.PlanNote)
  const page = Notes.listResult(notes, query as unknown as Notes.PlanNotesParams, {
    selfUrl: `${baseUrl}${url.pathname}`
  })
  if (Result.isFailure(page)) throw validationFailed(page.failure.issues, "The notes query is invalid")
  return { status: 200, body: page.success }
}

// ---------------------------------------------------------------------------
// Sandbox-only: notes, the card, the test clock

/** `POST /sandbox/plans/{planId}/notes`: `{ note, isPinned? }` → 201 the note. */
export const addPlanNote = ({ env, merchant, params, body }: Context): Reply => {
  const plan = planOf(env, params["planId"]!, merchant)
  const issues: Array<Issue> = []
  if (!isRecord(body)) throw validationFailed([issue("", "type", "sandbox", "must be an object { note, isPinned? }")])
  const text = body["note"]
  if (typeof text !== "string" || text.trim() === "") {
    issues.push(
      issue("note", typeof text === "string" ? "too_short" : "required", "sandbox", "must be a non-empty string")
    )
  }
  const pinned = body["isPinned"]
  if (pinned !== undefined && typeof pinned !== "boolean") {
    issues.push(issue("isPinned", "type", "sandbox", "must be a boolean"))
  }
  if (issues.length > 0) throw validationFailed(issues)
  const now = env.now(merchant.id)
  const at = Time.formatInstant(now)
  const author = { firstName: "Sandbox", lastName: merchant.name }
  const note = {
    id: env.newId("note"),
    note: text as string,
    isPinned: pinned === true,
    isSoftDeleted: false,
    createdAt: at,
    updatedAt: at,
    softDeletedAt: null,
    createdByUser: author,
    modifiedByUser: author,
    softDeletedByUser: null
  }
  const stored: StoredNote = { id: note.id, planId: plan.id, merchantId: merchant.id, createdAt: now, note }
  env.store.putNote(stored)
  return { status: 201, body: note }
}

const MISSABLE: ReadonlySet<string> = new Set(["OnSchedule", "Late"])

/** Pays whatever is missed with the plan's card, when it pays. */
const payMissed = (
  record: Plan.Plan,
  card: CardBehaviour,
  at: number,
  env: SandboxEnvironment
): { record: Plan.Plan; count: number } => {
  let count = 0
  if (card !== "succeeds") return { record, count }
  while (MISSABLE.has(record.status) && record.installments.some((i) => i.status === "MISSED")) {
    // without a number the core pays the earliest missed instalment
    record = apply(
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
 * `POST /sandbox/plans/{planId}/card`: `{ card }`, the test card paying the
 * plan from now on. With a paying card, missed instalments are paid at once.
 */
export const setPlanCard = ({ env, merchant, params, body }: Context): Reply => {
  const plan = planOf(env, params["planId"]!, merchant)
  const card = cardBehaviour(isRecord(body) ? body["card"] : undefined)
  if (typeof card !== "string") throw validationFailed([card])
  if (card === "declined") {
    throw validationFailed([issue("card", "enum", "sandbox", "the declined test card cannot pay a plan")])
  }
  const now = env.now(merchant.id)
  const at = Time.formatInstant(now)
  const method = paymentMethodOf(env, card, at)
  const { record, count } = payMissed({ ...recordOf(plan), userPaymentMethod: method }, card, now, env)
  env.store.putPlan({ ...plan, card, record })
  return { status: 200, body: { planId: plan.id, card: last4(card), status: record.status, paidInstallments: count } }
}

/**
 * Brings the merchant's plans up to `until`: each instalment that fell due is
 * paid with the plan's card (anything missed first), or missed with the
 * failing card, at its due instant. The transitions (Late, OnSchedule again,
 * Completed) are the core lifecycle's. Returns how many instalments were settled.
 */
export const settleDueInstalments = (context: Context, merchant: SandboxMerchant, until: number): number => {
  const { env } = context
  let settled = 0
  for (const plan of env.store.listPlans([merchant.id])) {
    let record = recordOf(plan)
    if (!MISSABLE.has(record.status)) continue
    const due = Plan.dueInstallments(record, until)
    if (due.length === 0) continue
    for (const installment of due) {
      if (!MISSABLE.has(record.status)) break
      const dueAt = Time.parseDateTime(installment.date) ?? until
      const updatedAt = Time.parseDateTime(record.updatedAt) ?? dueAt
      const at = Math.max(dueAt, updatedAt)
      if (plan.card === "succeeds") {
        const caughtUp = payMissed(record, plan.card, at, env)
        record = caughtUp.record
        settled += caughtUp.count
        record = apply(
          record,
          Plan.PlanEvent.InstallmentPaid({
            at,
            installmentNumber: installment.installmentNumber,
            paymentMethod: record.userPaymentMethod?.id ?? "card",
            transactionId: env.newId("txn")
          })
        )
      } else {
        record = apply(
          record,
          Plan.PlanEvent.InstallmentMissed({ at, installmentNumber: installment.installmentNumber })
        )
      }
      settled++
    }
    env.store.putPlan({ ...plan, record })
  }
  return settled
}

/** Each item's refund policies with the dates they take effect (R7.7), for the widget. */
export const refundMilestones = (checkout: StoredCheckout, merchant: SandboxMerchant, now: number) => {
  const quote = Refund.quoteResult(
    {
      currencyCode: checkout.request["currencyCode"],
      totalPaymentsPaid: 0,
      timeZone: checkout.timeZone,
      items: checkout.response["items"]
    },
    { at: now, merchant: merchant.configuration }
  )
  if (Result.isFailure(quote)) throw validationFailed(quote.failure.issues, "The stored checkout cannot be quoted")
  return quote.success.items.map((item) => ({ itemId: item.id, name: item.name, policies: item.refundPolicies }))
}
