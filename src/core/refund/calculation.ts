/**
 * The refund-calculation response (R7), read tolerantly (R9).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { loose, LooseNumber, OpenStruct } from "../internal/schema-kit.ts"

/**
 * A refund policy of an item as the refund calculation shows it (R7.7).
 *
 * @since 0.1.0
 */
export const RefundPolicyQuote = OpenStruct({
  activeFrom: loose(Schema.String),
  name: loose(Schema.String),
  nonRefundableAmount: loose(LooseNumber)
})

/**
 * An item of the refund calculation.
 *
 * @since 0.1.0
 */
export const RefundItemQuote = OpenStruct({
  id: loose(Schema.String),
  name: loose(Schema.String),
  quantity: loose(LooseNumber),
  costPerItem: loose(LooseNumber),
  totalCost: loose(LooseNumber),
  minNonRefundableDeposit: loose(LooseNumber),
  nonRefundableAmount: loose(LooseNumber),
  activeRefundPolicyIndex: loose(LooseNumber),
  refundPolicies: loose(Schema.Array(RefundPolicyQuote))
})

/**
 * The refund calculation for a plan (R7).
 *
 * @since 0.1.0
 */
export const RefundCalculation = OpenStruct({
  planTotalCost: loose(LooseNumber),
  totalPaymentsPaid: loose(LooseNumber),
  totalNonRefundableAmount: loose(LooseNumber),
  suggestedRefundAmount: loose(LooseNumber),
  currencyCode: loose(Schema.String),
  items: loose(Schema.Array(RefundItemQuote))
})

/**
 * @since 0.1.0
 */
export type RefundCalculation = typeof RefundCalculation.Type
