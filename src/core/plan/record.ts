/**
 * Plans as the service returns them (read tolerantly, R9): the plan record of
 * plan detail and the plan summary of search results; and {@link ManagedPlan},
 * the record this library builds and keeps consistent (create.ts, lifecycle.ts).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { PLAN_TYPES } from "../checkout/request.ts"
import { loose, LooseBoolean, LooseNumber, OpenEnum, OpenStruct } from "../internal/schema-kit.ts"
import { RefundPolicyResponse } from "../refund/policy.ts"

/**
 * Plan statuses the service lists. Others are kept as strings (R9).
 *
 * @since 0.1.0
 */
export const PLAN_STATUSES = ["PendingDeposit", "OnSchedule", "Late", "Completed", "Cancelled"] as const

/**
 * @since 0.1.0
 */
export type PlanStatus = (typeof PLAN_STATUSES)[number]

/**
 * Cancellation reasons of the cancel-plan request (R7.8).
 *
 * @since 0.1.0
 */
export const CANCELLATION_REASONS = [
  "CustomerRequest",
  "MerchantRequest",
  "PaymentIssue",
  "MerchantRequestWithPaymentLink",
  "Other",
  "CompletedElsewhere",
  "TerminatedThirdParty",
  "CreatedInError"
] as const

/**
 * @since 0.1.0
 */
export type CancellationReason = (typeof CANCELLATION_REASONS)[number]

/**
 * Instalment statuses: the service shows `UPCOMING`; the others are this
 * library's (docs/decisions.md).
 *
 * @since 0.1.0
 */
export const INSTALLMENT_STATUSES = ["UPCOMING", "PAID", "MISSED", "CANCELLED"] as const

/**
 * @since 0.1.0
 */
export type InstallmentStatus = (typeof INSTALLMENT_STATUSES)[number]

/**
 * The plan's currency with its payment bounds.
 *
 * @since 0.1.0
 */
export const PlanCurrency = OpenStruct({
  currencyCode: loose(Schema.String),
  label: loose(Schema.String),
  currencySymbol: loose(Schema.String),
  maximumPaymentAmount: loose(LooseNumber),
  minimumPaymentAmount: loose(LooseNumber)
})

/**
 * The merchant as a plan record shows it.
 *
 * @since 0.1.0
 */
export const PlanMerchant = OpenStruct({
  id: loose(Schema.String),
  name: loose(Schema.String),
  status: loose(OpenEnum(["Active"])),
  defaultMinimumDepositType: loose(Schema.String),
  defaultMinimumDepositValue: loose(LooseNumber),
  companyEmail: loose(Schema.String),
  phoneNumber: loose(Schema.String),
  merchantSupportEmail: loose(Schema.String),
  customerSupportEmail: loose(Schema.String),
  merchantPageUrl: loose(Schema.String),
  defaultPaymentDeadlineInDays: loose(LooseNumber),
  serviceFeePercentage: loose(LooseNumber),
  createdAt: loose(Schema.String),
  updatedAt: loose(Schema.String),
  defaultMarkupFeePercentage: loose(LooseNumber),
  defaultTransactionFeeIncludedSalesTax: loose(LooseNumber),
  countryAlpha3Code: loose(Schema.String),
  googleAnalyticsMeasurementID: loose(Schema.String),
  googleTagManagerID: loose(Schema.String),
  merchantGroupId: loose(Schema.String),
  defaultCheckoutExpirationMinutes: loose(LooseNumber),
  enforceUserVerificationAtCheckout: loose(LooseBoolean)
})

/**
 * An item of a plan record.
 *
 * @since 0.1.0
 */
export const PlanItem = OpenStruct({
  id: loose(Schema.String),
  planId: loose(Schema.String),
  status: loose(OpenEnum(["Active"])),
  sku: loose(Schema.String),
  merchantProductURL: loose(Schema.String),
  quantity: loose(LooseNumber),
  description: loose(Schema.String),
  costPerItem: loose(LooseNumber),
  minimumDepositPerItemType: loose(Schema.String),
  minimumDepositPerItemValue: loose(LooseNumber),
  depositRefundable: loose(LooseBoolean),
  redemptionDate: loose(Schema.String),
  paymentDeadline: loose(LooseNumber),
  refundPolicies: loose(Schema.Array(RefundPolicyResponse)),
  createdAt: loose(Schema.String),
  updatedAt: loose(Schema.String)
})

/**
 * @since 0.1.0
 */
export type PlanItem = typeof PlanItem.Type

/**
 * The customer of a plan.
 *
 * @since 0.1.0
 */
export const PlanUser = OpenStruct({
  id: loose(Schema.String),
  emailAddress: loose(Schema.String),
  phoneNumber: loose(Schema.String),
  firstName: loose(Schema.String),
  lastName: loose(Schema.String),
  status: loose(OpenEnum(["Active"])),
  createdAt: loose(Schema.String)
})

/**
 * The user who created a plan on the merchant's side.
 *
 * @since 0.1.0
 */
export const PlanCreatedByUser = OpenStruct({
  id: loose(Schema.String),
  emailAddress: loose(Schema.String),
  firstName: loose(Schema.String),
  lastName: loose(Schema.String),
  phoneNumber: loose(Schema.String),
  status: loose(Schema.String),
  createdAt: loose(Schema.String)
})

/**
 * The customer's payment method.
 *
 * @since 0.1.0
 */
export const UserPaymentMethod = OpenStruct({
  id: loose(Schema.String),
  cardBrand: loose(OpenEnum(["Unknown"])),
  funding: loose(OpenEnum(["Credit"])),
  default: loose(LooseBoolean),
  userPaymentIdentityId: loose(Schema.String),
  description: loose(Schema.String),
  last4Digits: loose(Schema.String),
  expMonth: loose(LooseNumber),
  expYear: loose(LooseNumber),
  payId: loose(Schema.String),
  bsbNumber: loose(Schema.String),
  routingNumber: loose(Schema.String),
  bankName: loose(Schema.String),
  createdAt: loose(Schema.String),
  updatedAt: loose(Schema.String)
})

/**
 * One payment of a plan's schedule.
 *
 * @since 0.1.0
 */
export const Installment = OpenStruct({
  installmentNumber: loose(LooseNumber),
  date: loose(Schema.String),
  status: loose(OpenEnum(INSTALLMENT_STATUSES)),
  amount: loose(LooseNumber),
  paymentMethod: loose(Schema.String),
  transactionId: loose(Schema.String)
})

/**
 * @since 0.1.0
 */
export type Installment = typeof Installment.Type

const planCommonFields = {
  id: Schema.String,
  status: loose(OpenEnum(PLAN_STATUSES)),
  installmentFrequency: loose(OpenEnum(["Weekly", "Fortnightly", "Monthly"])),
  cadenceOnDayOfWeek: loose(Schema.String),
  cadenceOnDayOfMonth: loose(LooseNumber),
  cancellationReason: loose(OpenEnum(CANCELLATION_REASONS)),
  cancellationDetails: loose(Schema.String),
  checkoutType: loose(OpenEnum(["Web"])),
  planType: loose(OpenEnum(PLAN_TYPES)),
  merchantId: loose(Schema.String),
  pausePaymentUntil: loose(Schema.String),
  timeZone: loose(Schema.String),
  serviceFeePercentage: loose(LooseNumber),
  createdAt: loose(Schema.String),
  updatedAt: loose(Schema.String),
  minimumDepositAmount: loose(LooseNumber),
  merchantOrderId: loose(Schema.String),
  subMerchantId: loose(Schema.String),
  createdByUserId: loose(Schema.String),
  checkoutUrl: loose(Schema.String),
  totalPaid: loose(LooseNumber),
  installments: loose(Schema.Array(Installment)),
  items: loose(Schema.Array(PlanItem)),
  user: loose(PlanUser)
}

/**
 * The plan record of plan detail.
 *
 * @since 0.1.0
 */
export const PlanRecord = OpenStruct({
  ...planCommonFields,
  description: loose(Schema.String),
  installmentAmount: loose(LooseNumber),
  merchantName: loose(Schema.String),
  subMerchantName: loose(Schema.String),
  numPaidInstallments: loose(LooseNumber),
  numberOfInstallments: loose(LooseNumber),
  planCompletionDate: loose(Schema.String),
  redemptionDate: loose(Schema.String),
  totalCost: loose(LooseNumber),
  remainingAmount: loose(LooseNumber),
  refundAmount: loose(LooseNumber),
  cancellationDate: loose(Schema.String),
  serviceFees: loose(LooseNumber),
  merchantRevenue: loose(LooseNumber),
  transactionFeesPaid: loose(LooseNumber),
  maxPayment: loose(LooseNumber),
  currency: loose(PlanCurrency),
  merchant: loose(PlanMerchant),
  createdByUser: loose(PlanCreatedByUser),
  userPaymentMethod: loose(UserPaymentMethod),
  checkout: loose(OpenStruct({ expiry: loose(Schema.String) }))
})

/**
 * @since 0.1.0
 */
export type PlanRecord = typeof PlanRecord.Type

/**
 * A plan as an element of the search result.
 *
 * @since 0.1.0
 */
export const PlanSummary = OpenStruct({
  ...planCommonFields,
  currencyCode: loose(Schema.String),
  remainingBalance: loose(LooseNumber),
  totalInstallments: loose(LooseNumber),
  totalPaidInstallments: loose(LooseNumber),
  nextInstallmentNumber: loose(LooseNumber),
  completionDate: loose(Schema.String),
  createdByUser: loose(PlanCreatedByUser),
  merchant: loose(OpenStruct({ id: loose(Schema.String), name: loose(Schema.String) })),
  subMerchant: loose(OpenStruct({ externalCode: loose(Schema.String) }))
})

/**
 * @since 0.1.0
 */
export type PlanSummary = typeof PlanSummary.Type

// ---------------------------------------------------------------------------
// The record this library builds

/**
 * One payment of a {@link ManagedPlan}: number 1 is the deposit (R6.9). `date`
 * is the instant it falls due (the start of its calendar day in the plan's zone).
 *
 * @since 0.1.0
 */
export type ManagedInstallment = {
  readonly installmentNumber: number
  readonly date: string
  readonly status: InstallmentStatus
  readonly amount: number
  readonly paymentMethod: string | null
  readonly transactionId: string | null
}

/**
 * An item of a {@link ManagedPlan}, as the checkout gave it.
 *
 * @since 0.1.0
 */
export type ManagedPlanItem = {
  readonly id: string
  readonly planId: string
  readonly status: "Active"
  readonly sku: string | null
  readonly merchantProductURL: string | null
  readonly quantity: number
  readonly description: string
  readonly costPerItem: number
  readonly minimumDepositPerItemType: string | null
  readonly minimumDepositPerItemValue: number | null
  readonly depositRefundable: boolean
  readonly redemptionDate: string
  readonly paymentDeadline: number | null
  readonly refundPolicies: ReadonlyArray<{
    readonly type: string
    readonly daysWithinRedemptionDate: number
    readonly refundablePercentage: number
  }>
  readonly createdAt: string
  readonly updatedAt: string
}

/**
 * The plan's currency in a {@link ManagedPlan}; `isZeroDecimal` (this library's)
 * keeps the merchant's zero-decimal override with the record, so later events
 * are read in the same precision (R1.2).
 *
 * @since 0.1.0
 */
export type ManagedPlanCurrency = {
  readonly currencyCode: string
  readonly label: string | null
  readonly currencySymbol: string | null
  readonly maximumPaymentAmount: number | null
  readonly minimumPaymentAmount: number | null
  readonly isZeroDecimal: boolean
}

/**
 * The fields a {@link ManagedPlan} and its summary share (the description's
 * common fields of plan records and summaries).
 *
 * @since 0.1.0
 */
export type ManagedPlanCommon = {
  readonly id: string
  readonly status: PlanStatus
  readonly installmentFrequency: string | null
  readonly cadenceOnDayOfWeek: string | null
  readonly cadenceOnDayOfMonth: number | null
  readonly cancellationReason: CancellationReason | null
  readonly cancellationDetails: string | null
  readonly checkoutType: "Web"
  readonly planType: string
  readonly merchantId: string
  readonly pausePaymentUntil: string | null
  readonly timeZone: string
  readonly serviceFeePercentage: number | null
  readonly createdAt: string
  readonly updatedAt: string
  readonly minimumDepositAmount: number
  readonly merchantOrderId: string
  readonly subMerchantId: string | null
  readonly createdByUserId: string | null
  readonly checkoutUrl: string | null
  readonly totalPaid: number
  readonly installments: ReadonlyArray<ManagedInstallment>
  readonly items: ReadonlyArray<ManagedPlanItem>
  readonly user: typeof PlanUser.Type | null
  readonly createdByUser: typeof PlanCreatedByUser.Type | null
}

/**
 * A plan record built by `createPlanRecord` and advanced by `applyPlanEvent`:
 * every field of the description's plan record that can be known is present
 * (`null` where it cannot), amounts are JSON numbers in the currency's digits,
 * and at every step `totalPaid + remainingAmount = totalCost`,
 * `numPaidInstallments` counts the `PAID` instalments and
 * `refundAmount ≤ totalPaid`. It is a {@link PlanRecord}.
 *
 * @since 0.1.0
 */
export type ManagedPlan = ManagedPlanCommon & {
  readonly cancellationDate: string | null
  readonly subMerchantName: string | null
  readonly description: string
  readonly installmentAmount: number
  readonly merchantName: string | null
  readonly numPaidInstallments: number
  readonly numberOfInstallments: number
  readonly planCompletionDate: string
  readonly redemptionDate: string
  readonly totalCost: number
  readonly remainingAmount: number
  readonly refundAmount: number
  readonly serviceFees: number | null
  readonly merchantRevenue: number | null
  readonly transactionFeesPaid: number | null
  readonly maxPayment: number
  readonly currency: ManagedPlanCurrency
  readonly merchant: typeof PlanMerchant.Type
  readonly userPaymentMethod: typeof UserPaymentMethod.Type | null
  readonly checkout: { readonly expiry: string }
}
