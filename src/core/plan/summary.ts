/**
 * A plan as an element of the search result (the description's "Plan
 * summary"), derived from the record: the shared fields picked, the summary's
 * own computed.
 *
 * @module
 */
import { type Plan, PLAN_SUMMARY_FIELDS_OF_PLAN, type PlanSummary } from "./record.ts"

/**
 * The summary of a plan record for search results: the fields it shares with
 * the record, and `remainingBalance`, `totalInstallments` (the deposit counts
 * as instalment 1), `totalPaidInstallments`, `nextInstallmentNumber` (the
 * earliest unpaid instalment, missed ones included; `null` when none is left),
 * `completionDate` (the record's `planCompletionDate`), `currencyCode`,
 * `merchant` (`id`, `name`, and `merchantGroupId` when known) and
 * `subMerchant.externalCode` (the checkout's `externalCode`).
 *
 * @example
 * ```ts
 * import { Plan } from "payment-plan-engine"
 * const summary = Plan.summaryOf(plan)
 * summary.remainingBalance === plan.remainingAmount // true
 * ```
 * @category Plans
 * @since 0.1.0
 */
export const summaryOf = (plan: Plan): PlanSummary => {
  let next: number | null = null
  for (const i of plan.installments) {
    if ((i.status === "UPCOMING" || i.status === "MISSED") && (next === null || i.installmentNumber < next)) {
      next = i.installmentNumber
    }
  }
  const shared: Record<string, unknown> = {}
  for (const key of PLAN_SUMMARY_FIELDS_OF_PLAN) shared[key] = plan[key]
  const merchant = plan.merchant
  return {
    ...(shared as Pick<Plan, (typeof PLAN_SUMMARY_FIELDS_OF_PLAN)[number]>),
    currencyCode: plan.currency.currencyCode,
    remainingBalance: plan.remainingAmount,
    totalInstallments: plan.installments.length,
    totalPaidInstallments: plan.numPaidInstallments,
    nextInstallmentNumber: next,
    completionDate: plan.planCompletionDate,
    merchant: {
      id: merchant.id ?? plan.merchantId,
      name: merchant.name ?? plan.merchantName,
      ...(merchant.merchantGroupId === undefined ? {} : { merchantGroupId: merchant.merchantGroupId })
    },
    subMerchant: plan.subMerchantId === null ? null : { externalCode: plan.subMerchantId }
  }
}
