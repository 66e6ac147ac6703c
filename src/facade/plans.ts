/**
 * Plain functions for plans (issue 5): JSON in, JSON out, no Effect knowledge
 * needed. Each is a thin layer over the `Plan`, `Search` and `Notes` modules.
 */
import { Result } from "effect"
import { getOrThrow, toValidation, type ValidationError, type Validation } from "../core/issues.ts"
import * as Plan from "../core/plan/index.ts"
import type { InstantInput } from "../core/time.ts"

/**
 * Builds the plan record of a checkout and the chosen plan terms (R6.9):
 * status `PendingDeposit`, every instalment `UPCOMING`. Throws a
 * `ValidationError` naming every problem (an invalid checkout, a schedule that
 * does not add up to the checkout's `totalCost`, a bad `now` or `planId`).
 *
 * @example
 * ```ts
 * import { computePlanTerms, createPlanRecord } from "payment-plan-engine"
 * const terms = computePlanTerms(checkout, { checkoutId, type: "plan", timeZone: "Australia/Sydney" }, { now })
 * const plan = createPlanRecord(checkout, terms, { now, planId: "plan_1", timeZone: "Australia/Sydney" })
 * plan.status // "PendingDeposit"
 * ```
 * @since 0.1.0
 */
export const createPlanRecord = (checkout: unknown, terms: unknown, options: Plan.CreatePlanOptions): Plan.ManagedPlan =>
  getOrThrow(Plan.createPlanRecordResult(checkout, terms, options))

/**
 * The answer of {@link applyPlanEvent}.
 *
 * @since 0.1.0
 */
export type PlanEventOutcome =
  | { readonly ok: true; readonly plan: Plan.ManagedPlan }
  | { readonly ok: false; readonly error: Plan.PlanTransitionError | ValidationError }

/**
 * Applies an event to a plan record (docs/plans.md). Never throws: the next
 * record, or the error, a `PlanTransitionError` (`code` like `already_cancelled`,
 * `overpayment`) when the plan's state refuses the event, a `ValidationError`
 * when the event is malformed. The given record is not changed.
 *
 * @example
 * ```ts
 * import { applyPlanEvent } from "payment-plan-engine"
 * const outcome = applyPlanEvent(plan, { _tag: "DepositAccepted", at: "2026-11-22T10:00:00Z" })
 * if (outcome.ok) save(outcome.plan)
 * else console.log(outcome.error.message)
 * ```
 * @since 0.1.0
 */
export const applyPlanEvent = (plan: Plan.ManagedPlan, event: Plan.PlanEvent): PlanEventOutcome => {
  const result = Plan.applyPlanEventResult(plan, event)
  return Result.isSuccess(result) ? { ok: true, plan: result.success } : { ok: false, error: result.failure }
}

/**
 * The search-result summary of a plan record (remainingBalance,
 * totalInstallments, totalPaidInstallments, nextInstallmentNumber, completionDate…).
 *
 * @example
 * ```ts
 * import { planSummaryOf } from "payment-plan-engine"
 * planSummaryOf(plan).remainingBalance // plan.remainingAmount
 * ```
 * @since 0.1.0
 */
export const planSummaryOf = (plan: Plan.ManagedPlan): Plan.ManagedPlanSummary => Plan.planSummaryOf(plan)

/**
 * The instalments of a plan still `UPCOMING` that fall due by `at`.
 *
 * @example
 * ```ts
 * import { dueInstallments } from "payment-plan-engine"
 * dueInstallments(plan, "2026-12-07T00:00:00Z").map((i) => i.installmentNumber) // [2]
 * ```
 * @since 0.1.0
 */
export const dueInstallments = (plan: Plan.ManagedPlan, at: InstantInput): ReadonlyArray<Plan.ManagedInstallment> =>
  Plan.dueInstallments(plan, at)

/**
 * Validates a set-merchant-order request `{ planId, merchantOrderId }` with the
 * create-checkout constraints (R4.1, R4.3). Never throws.
 *
 * @example
 * ```ts
 * import { validateSetMerchantOrder } from "payment-plan-engine"
 * validateSetMerchantOrder({ planId: "plan_1", merchantOrderId: "order 1" })
 * // { ok: false, issues: [{ path: "merchantOrderId", code: "pattern", … }], warnings: [] }
 * ```
 * @since 0.1.0
 */
export const validateSetMerchantOrder = (input: unknown): Validation<Plan.SetMerchantOrderRequest> =>
  toValidation(Plan.validateSetMerchantOrderResult(input))
