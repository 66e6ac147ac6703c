/**
 * What can happen to a plan: the events of the lifecycle (docs/plans.md) and
 * the error for an event the plan's status does not allow.
 *
 * The service description lists the plan statuses but shows no transitions;
 * these events and the state machine over them are this library's
 * (docs/decisions/0016-plans.md).
 *
 * @module
 */
import * as Data from "effect/Data"
import * as Schema from "effect/Schema"
import type { InstantInput } from "../foundation/time/index.ts"
import { everyMember } from "../internal/exhaustive.ts"
import type { CancellationReason } from "./record.ts"

/**
 * The events of a plan, tagged by `_tag`. Every event carries `at`, the instant
 * it happened (time is an argument, R3.1); it becomes the record's `updatedAt`.
 *
 * - `DepositAccepted`: the deposit (instalment 1) is paid. PendingDeposit → OnSchedule
 *   (Completed when the deposit was the only payment, as with PayInFull).
 * - `InstallmentPaid`: an instalment is paid in full: `installmentNumber`, else the
 *   earliest unpaid one (missed ones first). `amount`, when given, must be that
 *   instalment's amount and no more than remains. OnSchedule/Late → OnSchedule
 *   when nothing missed remains unpaid, Late otherwise, Completed after the last.
 * - `InstallmentMissed`: an instalment that fell due by `at` was not paid:
 *   `installmentNumber`, else the earliest upcoming one due. OnSchedule/Late → Late.
 * - `PaymentPaused`: no payment falls due before `until` (`pausePaymentUntil`):
 *   upcoming instalments due earlier move to `until`; amounts do not change.
 * - `PlanCancelled`: the plan ends with a `reason` (R7.8), optional `details` and
 *   the `refundAmount` paid back (0 ≤ refundAmount ≤ totalPaid). Any status but
 *   Cancelled → Cancelled; unpaid instalments become `CANCELLED`.
 * - `MerchantOrderSet`: the merchant sets or confirms its order id. Any status;
 *   the status does not change.
 *
 * @example
 * ```ts
 * import { Plan } from "payment-plan-engine"
 * const event = Plan.PlanEvent.PlanCancelled({ at: "2026-12-01T10:00:00Z", reason: "CustomerRequest", refundAmount: 50 })
 * ```
 * @category Plans
 * @since 0.1.0
 */
export type PlanEvent = Data.TaggedEnum<{
  DepositAccepted: {
    readonly at: InstantInput
    readonly amount?: number
    readonly paymentMethod?: string
    readonly transactionId?: string
  }
  InstallmentPaid: {
    readonly at: InstantInput
    readonly installmentNumber?: number
    readonly amount?: number
    readonly paymentMethod?: string
    readonly transactionId?: string
  }
  InstallmentMissed: {
    readonly at: InstantInput
    readonly installmentNumber?: number
  }
  PaymentPaused: {
    readonly at: InstantInput
    readonly until: InstantInput
  }
  PlanCancelled: {
    readonly at: InstantInput
    readonly reason: CancellationReason
    readonly details?: string
    readonly refundAmount: number
  }
  MerchantOrderSet: {
    readonly at: InstantInput
    readonly merchantOrderId: string
  }
}>

/**
 * Constructors and matchers of {@link PlanEvent}. Plain objects with the same
 * `_tag` and fields are events too (JSON from a queue, say).
 *
 * @category Plans
 * @since 0.1.0
 */
export const PlanEvent = Data.taggedEnum<PlanEvent>()

/**
 * The tags of {@link PlanEvent}, every one (a list without a new event's does not compile).
 *
 * @category Plans
 * @since 0.1.0
 */
export const PLAN_EVENT_TAGS = everyMember<PlanEvent["_tag"]>()([
  "DepositAccepted",
  "InstallmentPaid",
  "InstallmentMissed",
  "PaymentPaused",
  "PlanCancelled",
  "MerchantOrderSet"
])

/**
 * Why an event was refused by the plan in its current state:
 *
 * - `not_allowed`: the status does not take this event (a payment before the deposit, a
 *   second deposit, a pause of a completed plan);
 * - `already_cancelled`: the plan is cancelled, which is final;
 * - `already_paid` / `already_missed`: the instalment is already so;
 * - `unknown_installment`: no instalment has that number;
 * - `not_due`: the instalment does not fall due by `at`, or none does;
 * - `overpayment`: the amount is more than remains to pay;
 * - `amount_mismatch`: the amount is not the instalment's;
 * - `refund_exceeds_paid`: a refund above what was paid;
 * - `beyond_completion`: a pause past the plan's completion date;
 * - `out_of_order`: `at` is before the record's `updatedAt`.
 *
 * @category Plans
 * @since 0.1.0
 */
export type PlanEventRefusal = typeof PLAN_EVENT_REFUSALS[number]

/** Every {@link PlanEventRefusal}, in one list (the `PlanTransitionError` Schema reads it). */
const PLAN_EVENT_REFUSALS = [
  "not_allowed",
  "already_cancelled",
  "already_paid",
  "already_missed",
  "unknown_installment",
  "not_due",
  "overpayment",
  "amount_mismatch",
  "refund_exceeds_paid",
  "beyond_completion",
  "out_of_order"
] as const

/**
 * An event the plan's state does not allow. The record is unchanged. It is an
 * `Error`, a yieldable tagged error (`Effect.catchTag("PlanTransitionError", …)`)
 * and a Schema (`Schema.TaggedError`): it goes into an HTTP API's or an RPC's
 * error schema as it is, and is encoded to and decoded from JSON
 * (`{ _tag, code, status, event, message }`).
 *
 * @example
 * ```ts
 * import * as Effect from "effect/Effect"
 * import { Plan } from "payment-plan-engine"
 * const refused = Effect.runSync(Effect.flip(Plan.apply(cancelledPlan, Plan.PlanEvent.InstallmentPaid({ at: now }))))
 * // PlanTransitionError { code: "already_cancelled", status: "Cancelled", event: "InstallmentPaid", … }
 * ```
 * @category Plans
 * @since 0.1.0
 */
export class PlanTransitionError extends Schema.TaggedError<PlanTransitionError>()("PlanTransitionError", {
  code: Schema.Literals(PLAN_EVENT_REFUSALS),
  /** the plan's status when the event came */
  status: Schema.String,
  /** the event's `_tag` */
  event: Schema.String,
  message: Schema.String
}) {}
