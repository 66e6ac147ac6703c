/**
 * A plan as an element of the search result (the description's "Plan
 * summary"), derived from the record.
 *
 * @since 0.1.0
 */
import type { ManagedPlan, ManagedPlanCommon } from "./record.ts"

/**
 * The summary of a {@link ManagedPlan}; it is a {@link PlanSummary}. `merchant`
 * keeps the record's `merchantGroupId` when it has one (for `includeAllBrands`).
 *
 * @since 0.1.0
 */
export type ManagedPlanSummary = ManagedPlanCommon & {
  readonly currencyCode: string
  readonly remainingBalance: number
  readonly totalInstallments: number
  readonly totalPaidInstallments: number
  readonly nextInstallmentNumber: number | null
  readonly completionDate: string
  readonly merchant: { readonly id: string | null; readonly name: string | null; readonly merchantGroupId?: string }
  readonly subMerchant: { readonly externalCode: string } | null
}

/**
 * The summary of a plan record for search results: `remainingBalance`,
 * `totalInstallments` (the deposit counts as instalment 1), `totalPaidInstallments`,
 * `nextInstallmentNumber` (the earliest unpaid instalment, missed ones included;
 * `null` when none is left), `completionDate` (the record's `planCompletionDate`),
 * `subMerchant.externalCode` (the checkout's `externalCode`).
 *
 * @example
 * ```ts
 * import { Plan } from "payment-plan-engine"
 * const summary = Plan.planSummaryOf(plan)
 * summary.remainingBalance === plan.remainingAmount // true
 * ```
 * @since 0.1.0
 */
export const planSummaryOf = (plan: ManagedPlan): ManagedPlanSummary => {
  let next: number | null = null
  for (const i of plan.installments) {
    if ((i.status === "UPCOMING" || i.status === "MISSED") && (next === null || i.installmentNumber < next)) {
      next = i.installmentNumber
    }
  }
  const merchant = plan.merchant
  const group = merchant.merchantGroupId
  return {
    id: plan.id,
    status: plan.status,
    installmentFrequency: plan.installmentFrequency,
    cadenceOnDayOfWeek: plan.cadenceOnDayOfWeek,
    cadenceOnDayOfMonth: plan.cadenceOnDayOfMonth,
    cancellationReason: plan.cancellationReason,
    cancellationDetails: plan.cancellationDetails,
    checkoutType: plan.checkoutType,
    planType: plan.planType,
    merchantId: plan.merchantId,
    currencyCode: plan.currency.currencyCode,
    pausePaymentUntil: plan.pausePaymentUntil,
    timeZone: plan.timeZone,
    serviceFeePercentage: plan.serviceFeePercentage,
    createdAt: plan.createdAt,
    updatedAt: plan.updatedAt,
    minimumDepositAmount: plan.minimumDepositAmount,
    merchantOrderId: plan.merchantOrderId,
    subMerchantId: plan.subMerchantId,
    createdByUserId: plan.createdByUserId,
    checkoutUrl: plan.checkoutUrl,
    totalPaid: plan.totalPaid,
    remainingBalance: plan.remainingAmount,
    totalInstallments: plan.installments.length,
    totalPaidInstallments: plan.numPaidInstallments,
    installments: plan.installments,
    nextInstallmentNumber: next,
    completionDate: plan.planCompletionDate,
    items: plan.items,
    user: plan.user,
    createdByUser: plan.createdByUser,
    merchant: {
      id: typeof merchant.id === "string" ? merchant.id : plan.merchantId,
      name: typeof merchant.name === "string" ? merchant.name : plan.merchantName,
      ...(typeof group === "string" ? { merchantGroupId: group } : {})
    },
    subMerchant: plan.subMerchantId === null ? null : { externalCode: plan.subMerchantId }
  }
}
