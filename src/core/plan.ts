/**
 * Plans as the service returns them (read tolerantly, R9): the plan record of
 * plan detail, the plan summary of search results, and the set-merchant-order
 * request (strict) and response.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { RefundPolicyResponse } from "./refund/policy.ts"
import { PLAN_TYPES } from "./checkout/request.ts"
import { loose, LooseBoolean, LooseNumber, OpenEnum, OpenStruct, PatternText } from "./schema.ts"

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

/**
 * Sets or confirms the merchant's order id on a plan. `merchantOrderId` takes
 * the create-checkout constraints.
 *
 * @since 0.1.0
 */
export const SetMerchantOrderRequest = Schema.Struct({
  planId: PatternText(1, 256),
  merchantOrderId: PatternText(1, 256)
})

/**
 * @since 0.1.0
 */
export type SetMerchantOrderRequest = typeof SetMerchantOrderRequest.Type

/**
 * @since 0.1.0
 */
export const SetMerchantOrderResponse = OpenStruct({
  planId: loose(Schema.String),
  merchantOrderId: loose(Schema.String)
})

/**
 * @since 0.1.0
 */
export type SetMerchantOrderResponse = typeof SetMerchantOrderResponse.Type
