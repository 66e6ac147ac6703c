/**
 * Plans: the plan record of plan detail and the plan summary of search
 * results, each declared once, strictly ({@link Plan}, {@link PlanSummary}:
 * what this library builds and keeps consistent, create.ts and lifecycle.ts),
 * and read tolerantly ({@link PlanResponse}, {@link PlanSummaryResponse}: what
 * any service answers, R9).
 *
 * @module
 */
// Over 400 lines: the plan record and the plan summary, one schema of the service's fields each (tables).
import * as Schema from "effect/Schema"
import * as Struct from "effect/Struct"
import { PLAN_TYPES } from "../checkout/request.ts"
import * as Time from "../foundation/time/index.ts"
import { caseInsensitive } from "../internal/case-insensitive.ts"
import { Enum, reshape, tolerant, WholeNumber } from "../internal/schema-kit.ts"
import { FREQUENCIES, WEEKDAYS } from "../plan-terms/request.ts"
import { PERCENTAGE_REFUNDABLE_DAYS_WITHIN_REDEMPTION_DATE, RefundPolicy } from "../refund-policy/policy.ts"

/**
 * Plan statuses the service lists. Others are kept as strings when read (R9).
 *
 * @category Plans
 * @since 0.1.0
 */
export const PLAN_STATUSES = ["PendingDeposit", "OnSchedule", "Late", "Completed", "Cancelled"] as const

/**
 * The status of a plan record.
 *
 * @category Plans
 * @since 0.1.0
 */
export type PlanStatus = (typeof PLAN_STATUSES)[number]

/**
 * A plan status as written in any case (a plan record read tolerantly, R9; `cancelled` is
 * Cancelled for R7.8), by its canonical name; `undefined` for a status the service does not list.
 * Shared with the command line's exposure report through src/facade/shared.ts.
 */
export const planStatusOf = caseInsensitive(PLAN_STATUSES)

/**
 * Cancellation reasons of the cancel-plan request (R7.8).
 *
 * @category Plans
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
 * One of the eight reasons a plan may be cancelled for (R7.8).
 *
 * @category Plans
 * @since 0.1.0
 */
export type CancellationReason = (typeof CANCELLATION_REASONS)[number]

/**
 * Instalment statuses: the service shows `UPCOMING`; the others are this
 * library's (docs/decisions/0016-plans.md).
 *
 * @category Plans
 * @since 0.1.0
 */
export const INSTALLMENT_STATUSES = ["UPCOMING", "PAID", "MISSED", "CANCELLED"] as const

/**
 * The status of an instalment of a plan record.
 *
 * @category Plans
 * @since 0.1.0
 */
export type InstallmentStatus = (typeof INSTALLMENT_STATUSES)[number]

const Text = Schema.String
const OptionalText = Schema.optionalKey(Schema.String)
const Nullable = <S extends Schema.Top>(schema: S) => Schema.NullOr(schema)

/**
 * One payment of a plan: number 1 is the deposit (R6.9). `date` is the
 * instant it falls due (the start of its calendar day in the plan's zone).
 *
 * @category Plans
 * @since 0.1.0
 */
export const Installment = Schema.Struct({
  installmentNumber: WholeNumber(1, "R6.9"),
  date: Time.DateTimeText,
  status: Enum(INSTALLMENT_STATUSES),
  amount: Schema.Number,
  paymentMethod: Nullable(Text),
  transactionId: Nullable(Text)
})

/**
 * @category Plans
 * @since 0.1.0
 */
export type Installment = typeof Installment.Type

/**
 * An item of a plan, as the checkout gave it (the record's spelling of a
 * minimum deposit: `minimumDepositPerItemType` and `minimumDepositPerItemValue`).
 *
 * @category Plans
 * @since 0.1.0
 */
export const PlanItem = Schema.Struct({
  id: Text,
  planId: Text,
  status: Enum(["Active"]),
  sku: Nullable(Text),
  merchantProductURL: Nullable(Text),
  quantity: WholeNumber(1, "R4.6"),
  description: Text,
  costPerItem: Schema.Number,
  minimumDepositPerItemType: Nullable(Text),
  minimumDepositPerItemValue: Nullable(Schema.Number),
  depositRefundable: Schema.Boolean,
  redemptionDate: Time.DateTimeText,
  paymentDeadline: Nullable(Schema.Number),
  refundPolicies: Schema.Array(
    reshape(RefundPolicy, Struct.assign({ type: Enum([PERCENTAGE_REFUNDABLE_DAYS_WITHIN_REDEMPTION_DATE]) }))
  ),
  createdAt: Time.DateTimeText,
  updatedAt: Time.DateTimeText
})

/**
 * @category Plans
 * @since 0.1.0
 */
export type PlanItem = typeof PlanItem.Type

/**
 * The plan's currency with its payment bounds; `isZeroDecimal` (this
 * library's) keeps the merchant's zero-decimal override with the record, so
 * later events are read in the same precision (R1.2).
 *
 * @category Plans
 * @since 0.1.0
 */
export const PlanCurrency = Schema.Struct({
  currencyCode: Text,
  label: Nullable(Text),
  currencySymbol: Nullable(Text),
  maximumPaymentAmount: Nullable(Schema.Number),
  minimumPaymentAmount: Nullable(Schema.Number),
  isZeroDecimal: Schema.Boolean
})

/**
 * @category Plans
 * @since 0.1.0
 */
export type PlanCurrency = typeof PlanCurrency.Type

/**
 * The merchant as a plan record shows it: the fields known are given.
 *
 * @category Plans
 * @since 0.1.0
 */
export const PlanMerchant = Schema.Struct({
  id: OptionalText,
  name: OptionalText,
  status: Schema.optionalKey(Enum(["Active"])),
  merchantGroupId: OptionalText,
  defaultMinimumDepositType: OptionalText,
  defaultMinimumDepositValue: Schema.optionalKey(Schema.Number),
  companyEmail: OptionalText,
  phoneNumber: OptionalText,
  merchantSupportEmail: OptionalText,
  customerSupportEmail: OptionalText,
  merchantPageUrl: OptionalText,
  defaultPaymentDeadlineInDays: Schema.optionalKey(Schema.Number),
  serviceFeePercentage: Schema.optionalKey(Schema.Number),
  createdAt: OptionalText,
  updatedAt: OptionalText,
  defaultMarkupFeePercentage: Schema.optionalKey(Schema.Number),
  defaultTransactionFeeIncludedSalesTax: Schema.optionalKey(Schema.Number),
  countryAlpha3Code: OptionalText,
  googleAnalyticsMeasurementID: OptionalText,
  googleTagManagerID: OptionalText,
  defaultCheckoutExpirationMinutes: Schema.optionalKey(Schema.Number),
  enforceUserVerificationAtCheckout: Schema.optionalKey(Schema.Boolean)
})

/**
 * @category Plans
 * @since 0.1.0
 */
export type PlanMerchant = typeof PlanMerchant.Type

/**
 * The customer of a plan: the fields known are given.
 *
 * @category Plans
 * @since 0.1.0
 */
export const PlanUser = Schema.Struct({
  id: OptionalText,
  emailAddress: OptionalText,
  phoneNumber: OptionalText,
  firstName: OptionalText,
  lastName: OptionalText,
  status: Schema.optionalKey(Enum(["Active"])),
  createdAt: Schema.optionalKey(Time.DateTimeText)
})

/**
 * @category Plans
 * @since 0.1.0
 */
export type PlanUser = typeof PlanUser.Type

/**
 * The user who created a plan on the merchant's side.
 *
 * @category Plans
 * @since 0.1.0
 */
export const PlanCreatedByUser = Schema.Struct({
  id: OptionalText,
  emailAddress: OptionalText,
  firstName: OptionalText,
  lastName: OptionalText,
  phoneNumber: OptionalText,
  status: OptionalText,
  createdAt: Schema.optionalKey(Time.DateTimeText)
})

/**
 * @category Plans
 * @since 0.1.0
 */
export type PlanCreatedByUser = typeof PlanCreatedByUser.Type

/**
 * The customer's payment method.
 *
 * @category Plans
 * @since 0.1.0
 */
export const UserPaymentMethod = Schema.Struct({
  id: OptionalText,
  cardBrand: OptionalText,
  funding: OptionalText,
  default: Schema.optionalKey(Schema.Boolean),
  userPaymentIdentityId: OptionalText,
  description: OptionalText,
  last4Digits: OptionalText,
  expMonth: Schema.optionalKey(Schema.Number),
  expYear: Schema.optionalKey(Schema.Number),
  payId: OptionalText,
  bsbNumber: OptionalText,
  routingNumber: OptionalText,
  bankName: OptionalText,
  createdAt: OptionalText,
  updatedAt: OptionalText
})

/**
 * @category Plans
 * @since 0.1.0
 */
export type UserPaymentMethod = typeof UserPaymentMethod.Type

/**
 * The fields a plan record and its summary share (the description lists them
 * under both), in one place: the summary picks them from {@link Plan}.
 *
 * @category Plans
 * @since 0.1.0
 */
export const PLAN_SUMMARY_FIELDS_OF_PLAN = [
  "id",
  "status",
  "installmentFrequency",
  "cadenceOnDayOfWeek",
  "cadenceOnDayOfMonth",
  "cancellationReason",
  "cancellationDetails",
  "checkoutType",
  "planType",
  "merchantId",
  "pausePaymentUntil",
  "timeZone",
  "serviceFeePercentage",
  "createdAt",
  "updatedAt",
  "minimumDepositAmount",
  "merchantOrderId",
  "subMerchantId",
  "createdByUserId",
  "checkoutUrl",
  "totalPaid",
  "installments",
  "items",
  "user",
  "createdByUser"
] as const

/**
 * A plan record as this library builds it with `Plan.create` and moves it
 * with `Plan.apply`: every field of the description's plan record that can be
 * known is present (`null` where it cannot), amounts are JSON numbers in the
 * currency's digits, and at every step `totalPaid + remainingAmount = totalCost`,
 * `numPaidInstallments` counts the `PAID` instalments and `refundAmount ≤ totalPaid`.
 *
 * @category Plans
 * @since 0.1.0
 */
export const Plan = Schema.Struct({
  id: Text,
  status: Enum(PLAN_STATUSES),
  installmentFrequency: Nullable(Enum(FREQUENCIES)),
  cadenceOnDayOfWeek: Nullable(Enum(WEEKDAYS)),
  cadenceOnDayOfMonth: Nullable(WholeNumber(1, "R6.2", 31)),
  cancellationReason: Nullable(Enum(CANCELLATION_REASONS)),
  cancellationDetails: Nullable(Text),
  cancellationDate: Nullable(Time.DateTimeText),
  checkoutType: Enum(["Web"]),
  planType: Enum(PLAN_TYPES),
  merchantId: Text,
  pausePaymentUntil: Nullable(Time.DateTimeText),
  timeZone: Text,
  serviceFeePercentage: Nullable(Schema.Number),
  createdAt: Time.DateTimeText,
  updatedAt: Time.DateTimeText,
  minimumDepositAmount: Schema.Number,
  merchantOrderId: Text,
  subMerchantId: Nullable(Text),
  subMerchantName: Nullable(Text),
  createdByUserId: Nullable(Text),
  checkoutUrl: Nullable(Text),
  description: Text,
  installmentAmount: Schema.Number,
  merchantName: Nullable(Text),
  numPaidInstallments: WholeNumber(0, "R6.9"),
  numberOfInstallments: WholeNumber(1, "R6.9"),
  planCompletionDate: Time.DateTimeText,
  redemptionDate: Time.DateTimeText,
  totalCost: Schema.Number,
  totalPaid: Schema.Number,
  remainingAmount: Schema.Number,
  refundAmount: Schema.Number,
  serviceFees: Nullable(Schema.Number),
  merchantRevenue: Nullable(Schema.Number),
  transactionFeesPaid: Nullable(Schema.Number),
  maxPayment: Schema.Number,
  currency: PlanCurrency,
  merchant: PlanMerchant,
  items: Schema.Array(PlanItem),
  user: Nullable(PlanUser),
  createdByUser: Nullable(PlanCreatedByUser),
  userPaymentMethod: Nullable(UserPaymentMethod),
  checkout: Schema.Struct({ expiry: Time.DateTimeText }),
  installments: Schema.Array(Installment)
})

/**
 * @category Plans
 * @since 0.1.0
 */
export type Plan = typeof Plan.Type

/**
 * A plan record (plan detail) read tolerantly (R9): any field may be missing
 * or null but `id`, a new status stays a string, unknown fields are kept.
 *
 * @category Plans
 * @since 0.1.0
 */
export const PlanResponse = tolerant(Plan, ["id"])

/**
 * @category Plans
 * @since 0.1.0
 */
export type PlanResponse = typeof PlanResponse.Type

/**
 * A plan as an element of the search result (the description's "Plan
 * summary"): the fields it shares with the record, picked from {@link Plan},
 * and its own. `merchant` keeps the record's `merchantGroupId` when it has one
 * (for `includeAllBrands`).
 *
 * @category Plans
 * @since 0.1.0
 */
export const PlanSummary = reshape(
  reshape(Plan, Struct.pick(PLAN_SUMMARY_FIELDS_OF_PLAN)),
  Struct.assign({
    currencyCode: Text,
    remainingBalance: Schema.Number,
    totalInstallments: WholeNumber(1, "R6.9"),
    totalPaidInstallments: WholeNumber(0, "R6.9"),
    nextInstallmentNumber: Nullable(WholeNumber(1, "R6.9")),
    completionDate: Time.DateTimeText,
    merchant: Schema.Struct({ id: Nullable(Text), name: Nullable(Text), merchantGroupId: OptionalText }),
    subMerchant: Nullable(Schema.Struct({ externalCode: Text }))
  })
)

/**
 * @category Plans
 * @since 0.1.0
 */
export type PlanSummary = typeof PlanSummary.Type

/**
 * A plan summary read tolerantly (R9).
 *
 * @category Plans
 * @since 0.1.0
 */
export const PlanSummaryResponse = tolerant(PlanSummary, ["id"])

/**
 * @category Plans
 * @since 0.1.0
 */
export type PlanSummaryResponse = typeof PlanSummaryResponse.Type
