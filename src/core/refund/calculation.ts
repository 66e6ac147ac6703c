/**
 * The refund calculation (R7): declared once, strictly
 * ({@link RefundCalculation}, what a calculation gives), and read tolerantly
 * ({@link RefundCalculationResponse}, what any service answers, R9).
 *
 * @module
 */
import * as Schema from "effect/Schema"
import * as Time from "../foundation/time/index.ts"
import { tolerant, WholeNumber } from "../internal/schema-kit.ts"

/**
 * A refund policy of an item as the refund calculation shows it (R7.7).
 *
 * @category Refunds
 * @since 0.2.0
 */
export const RefundCalculationPolicy = Schema.Struct({
  /** the start of the day (redemption date minus days) in the zone, an ISO instant */
  activeFrom: Time.DateTimeText,
  name: Schema.String,
  /** `lineTotal - rounded(lineTotal * refundablePercentage / 100)` (R7.3) */
  nonRefundableAmount: Schema.Number
})

/**
 * @category Refunds
 * @since 0.2.0
 */
export type RefundCalculationPolicy = typeof RefundCalculationPolicy.Type

/**
 * An item of the refund calculation: its line, the deposit it keeps (R7.4),
 * the active policy (−1 for none, R7.2) and the greater of the two (R7.5).
 *
 * @category Refunds
 * @since 0.2.0
 */
export const RefundCalculationItem = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  quantity: WholeNumber(1, "R4.6"),
  costPerItem: Schema.Number,
  totalCost: Schema.Number,
  minNonRefundableDeposit: Schema.Number,
  nonRefundableAmount: Schema.Number,
  activeRefundPolicyIndex: WholeNumber(-1, "R7.2"),
  refundPolicies: Schema.Array(RefundCalculationPolicy)
})

/**
 * @category Refunds
 * @since 0.2.0
 */
export type RefundCalculationItem = typeof RefundCalculationItem.Type

/**
 * The refund calculation for a plan (R7), exactly the service's response.
 *
 * @category Refunds
 * @since 0.1.0
 */
export const RefundCalculation = Schema.Struct({
  planTotalCost: Schema.Number,
  totalPaymentsPaid: Schema.Number,
  totalNonRefundableAmount: Schema.Number,
  suggestedRefundAmount: Schema.Number,
  currencyCode: Schema.String,
  items: Schema.Array(RefundCalculationItem)
})

/**
 * @category Refunds
 * @since 0.1.0
 */
export type RefundCalculation = typeof RefundCalculation.Type

/**
 * A refund calculation read tolerantly (R9).
 *
 * @category Refunds
 * @since 0.1.0
 */
export const RefundCalculationResponse = tolerant(RefundCalculation)

/**
 * @category Refunds
 * @since 0.1.0
 */
export type RefundCalculationResponse = typeof RefundCalculationResponse.Type
