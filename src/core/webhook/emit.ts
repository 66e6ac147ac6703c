/**
 * Which webhook events a change produces: a plan's transition (the lifecycle's
 * events, docs/plans.md) and a checkout's outcome, each turned into the
 * catalogue's events. Pure: every timestamp is the change's own instant.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import { ValidationError } from "../foundation/issues.ts"
import * as Time from "../foundation/time/index.ts"
import { exhaustive } from "../internal/exhaustive.ts"
import { describe, issue } from "../internal/issue.ts"
import type { PlanEvent, PlanTransitionError } from "../plan/events.ts"
import { applyResult } from "../plan/lifecycle.ts"
import type { Installment, Plan } from "../plan/record.ts"
import type { WebhookEvent, WebhookEventData, WebhookEventOf, WebhookEventType } from "./catalogue.ts"

const make = <T extends WebhookEventType>(type: T, timestamp: string, data: WebhookEventData<T>): WebhookEventOf<T> =>
  ({ type, timestamp, data }) as WebhookEventOf<T>

/** An instant as RFC 3339 text; throws a `ValidationError` when `at` is not an instant (R3.1). */
const instantText = (at: Time.InstantInput, path: string): string => {
  const ms = Time.toEpochMillis(at)
  if (ms === undefined) {
    throw new ValidationError({
      issues: [issue(path, "format", "R3.1", `must be an instant, got ${describe(at)}`)],
      warnings: []
    })
  }
  return Time.formatInstant(ms)
}

const installmentData = (plan: Plan, installment: Installment) => ({
  planId: plan.id,
  merchantOrderId: plan.merchantOrderId,
  installmentNumber: installment.installmentNumber,
  amount: installment.amount,
  currencyCode: plan.currency.currencyCode,
  dueDate: installment.date,
  totalPaid: plan.totalPaid,
  remainingAmount: plan.remainingAmount
})

/**
 * The webhook events of one applied transition of a plan, in the order a
 * receiver gets them:
 *
 * 1. what happened: `plan.installment_paid` for each instalment that became
 *    `PAID` (the deposit is instalment 1), `plan.installment_failed` for each
 *    that became `MISSED`, `plan.payments_paused` for a pause,
 *    `plan.merchant_order_set` when the merchant set its order id,
 *    `plan.cancelled` for a cancellation;
 * 2. `plan.status_changed` when the status moved;
 * 3. `plan.completed` when the plan became `Completed`.
 *
 * `before` is the record the event was applied to and `after` the record it
 * gave; every event's `timestamp` is `after.updatedAt`, the instant of the
 * plan's event. Nothing else changes a plan, so nothing else is emitted.
 *
 * @example
 * ```ts
 * import { Effect } from "effect"
 * import { Plan } from "payment-plan-engine"
 * import * as Webhook from "payment-plan-engine/webhook"
 * // planOnSchedule: its deposit paid, instalment 2 due on 2026-12-11
 * const event = Plan.PlanEvent.InstallmentMissed({ at: "2026-12-12T00:00:00Z" })
 * const after = Effect.runSync(Plan.apply(planOnSchedule, event)) // OnSchedule → Late
 * Webhook.eventsOfTransition(planOnSchedule, event, after).map((e) => e.type)
 * // ["plan.installment_failed", "plan.status_changed"]
 * ```
 * @category Webhooks
 * @since 0.2.0
 */
export const eventsOfTransition = (
  before: Plan,
  event: Pick<PlanEvent, "_tag">,
  after: Plan
): ReadonlyArray<WebhookEvent> => {
  const at = after.updatedAt
  const out: Array<WebhookEvent> = []
  const planFields = { planId: after.id, merchantOrderId: after.merchantOrderId }
  for (let k = 0; k < after.installments.length; k++) {
    const now = after.installments[k]!
    const was = before.installments[k]
    if (was?.status === now.status) continue
    if (now.status === "PAID") {
      out.push(make("plan.installment_paid", at, { ...installmentData(after, now), transactionId: now.transactionId }))
    } else if (now.status === "MISSED") {
      out.push(make("plan.installment_failed", at, installmentData(after, now)))
    }
  }
  switch (event._tag) {
    case "DepositAccepted":
    case "InstallmentPaid":
    case "InstallmentMissed":
      // their events are the instalments that changed, above
      break
    case "PaymentPaused":
      if (after.pausePaymentUntil !== null) {
        out.push(make("plan.payments_paused", at, { ...planFields, pausedUntil: after.pausePaymentUntil }))
      }
      break
    case "MerchantOrderSet":
      out.push(make("plan.merchant_order_set", at, planFields))
      break
    case "PlanCancelled":
      out.push(make("plan.cancelled", at, {
        ...planFields,
        currencyCode: after.currency.currencyCode,
        reason: after.cancellationReason ?? "Other",
        details: after.cancellationDetails,
        refundAmount: after.refundAmount,
        totalPaid: after.totalPaid
      }))
      break
    default:
      // every plan event is handled above: a new one does not compile until it is
      exhaustive(event._tag)
  }
  if (before.status !== after.status) {
    out.push(make("plan.status_changed", at, { ...planFields, previousStatus: before.status, status: after.status }))
    if (after.status === "Completed") {
      out.push(make("plan.completed", at, {
        ...planFields,
        currencyCode: after.currency.currencyCode,
        totalPaid: after.totalPaid
      }))
    }
  }
  return out
}

/**
 * {@link transition} as a synchronous `Result`: the lifecycle's
 * `applyResult`, and {@link eventsOfTransition} of what it did.
 * A refused event changes nothing and emits nothing.
 *
 * @example
 * ```ts
 * import { Result } from "effect"
 * import { Plan } from "payment-plan-engine"
 * const step = transitionResult(plan, Plan.PlanEvent.PlanCancelled({ at: now, reason: "CustomerRequest", refundAmount: 0 }))
 * if (Result.isSuccess(step)) step.success.events.map((e) => e.type) // ["plan.cancelled", "plan.status_changed"]
 * ```
 * @since 0.2.0
 */
export const transitionResult = (
  plan: Plan,
  event: PlanEvent
): Result.Result<
  { readonly plan: Plan; readonly events: ReadonlyArray<WebhookEvent> },
  ValidationError | PlanTransitionError
> =>
  Result.map(applyResult(plan, event), (after) => ({
    plan: after,
    events: eventsOfTransition(plan, event, after)
  }))

/**
 * A plan's transition with its webhook events: the next record (the
 * lifecycle's `Plan.apply`) and the events of what it did
 * ({@link eventsOfTransition}); a refused event fails as `Plan.apply` does
 * and emits nothing.
 *
 * @example
 * ```ts
 * import * as Effect from "effect/Effect"
 * import { Plan } from "payment-plan-engine"
 * import * as Webhook from "payment-plan-engine/webhook"
 * const { plan: next, events } = Effect.runSync(
 *   Webhook.transition(planOnSchedule, Plan.PlanEvent.InstallmentPaid({ at: "2026-12-10T09:00:00Z" }))
 * )
 * events.map((e) => e.type) // ["plan.installment_paid"]: instalment 2, paid the day before it falls due
 * ```
 * @category Webhooks
 * @since 0.2.0
 */
export const transition = (
  plan: Plan,
  event: PlanEvent
): Effect.Effect<
  { readonly plan: Plan; readonly events: ReadonlyArray<WebhookEvent> },
  ValidationError | PlanTransitionError
> => Effect.fromResult(transitionResult(plan, event))

/**
 * How a checkout ended, for its webhook event:
 *
 * - `Completed`: the deposit was accepted and `plan` exists (the record after
 *   its `DepositAccepted`);
 * - `Declined`: the deposit (`depositAmount`) was refused, no plan;
 * - `Expired`: the checkout reached `expiresAt` open (R4.7), no plan.
 *
 * `at` is when it happened (for `Expired`, the expiry itself); an `at` that
 * is not an instant throws a `ValidationError` (R3.1).
 *
 * @category Webhooks
 * @since 0.2.0
 */
export type CheckoutOutcome =
  | {
    readonly _tag: "Completed"
    readonly checkoutId: string
    readonly plan: Plan
    readonly at: Time.InstantInput
  }
  | {
    readonly _tag: "Declined"
    readonly checkoutId: string
    readonly merchantOrderId: string
    readonly currencyCode: string
    readonly depositAmount: number
    readonly reason?: string
    readonly at: Time.InstantInput
  }
  | {
    readonly _tag: "Expired"
    readonly checkoutId: string
    readonly merchantOrderId: string
    readonly expiresAt: Time.InstantInput
  }

/**
 * The webhook event of a checkout's outcome: `checkout.completed`,
 * `checkout.declined` or `checkout.expired`. A completed checkout's event
 * comes before its plan's first events (a receiver learns of the plan, its
 * checkout and order before anything happens to it).
 *
 * @example
 * ```ts
 * import * as Webhook from "payment-plan-engine/webhook"
 * Webhook.eventOfCheckout({ _tag: "Expired", checkoutId: "chk_1", merchantOrderId: "order-1", expiresAt: "2026-11-23T00:00:00Z" })
 * // { type: "checkout.expired", timestamp: "2026-11-23T00:00:00.000Z", data: { checkoutId: "chk_1", merchantOrderId: "order-1", expiredAt: "2026-11-23T00:00:00.000Z" } }
 * ```
 * @category Webhooks
 * @since 0.2.0
 */
export const eventOfCheckout = (outcome: CheckoutOutcome): WebhookEvent => {
  switch (outcome._tag) {
    case "Completed": {
      const plan = outcome.plan
      return make("checkout.completed", instantText(outcome.at, "at"), {
        checkoutId: outcome.checkoutId,
        planId: plan.id,
        merchantOrderId: plan.merchantOrderId,
        currencyCode: plan.currency.currencyCode,
        depositAmount: plan.installments[0]?.amount ?? 0,
        totalCost: plan.totalCost,
        planStatus: plan.status
      })
    }
    case "Declined": {
      const at = instantText(outcome.at, "at")
      return make("checkout.declined", at, {
        checkoutId: outcome.checkoutId,
        merchantOrderId: outcome.merchantOrderId,
        currencyCode: outcome.currencyCode,
        depositAmount: outcome.depositAmount,
        reason: outcome.reason ?? "card_declined"
      })
    }
    case "Expired": {
      const at = instantText(outcome.expiresAt, "expiresAt")
      return make("checkout.expired", at, {
        checkoutId: outcome.checkoutId,
        merchantOrderId: outcome.merchantOrderId,
        expiredAt: at
      })
    }
  }
}
