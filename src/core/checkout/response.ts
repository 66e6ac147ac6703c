/**
 * The create-checkout response, read tolerantly (R9).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { loose, LooseBoolean, LooseNumber, OpenEnum, OpenStruct } from "../internal/schema-kit.ts"
import { RefundPolicyResponse } from "../refund/policy.ts"
import { PLAN_TYPES } from "./request.ts"

/**
 * An item as the service returns it, with its `id`.
 *
 * @since 0.1.0
 */
export const CheckoutItemResponse = OpenStruct({
  id: loose(Schema.String),
  sku: loose(Schema.String),
  merchantProductURL: loose(Schema.String),
  quantity: loose(LooseNumber),
  description: loose(Schema.String),
  costPerItem: loose(LooseNumber),
  minimumDepositPerItem: loose(OpenStruct({ unit: loose(Schema.String), value: loose(LooseNumber) })),
  depositRefundable: loose(LooseBoolean),
  redemptionDate: loose(Schema.String),
  paymentDeadline: loose(LooseNumber),
  refundPolicies: loose(Schema.Array(RefundPolicyResponse))
})

/**
 * @since 0.1.0
 */
export type CheckoutItemResponse = typeof CheckoutItemResponse.Type

/**
 * The create-checkout response (service description, "Checkout response (create)").
 *
 * @since 0.1.0
 */
export const CheckoutResponse = OpenStruct({
  id: Schema.String,
  created: loose(Schema.String),
  merchantId: loose(Schema.String),
  merchantOrderId: loose(Schema.String),
  totalCost: loose(LooseNumber),
  totalMinimumDeposit: loose(LooseNumber),
  completionDate: loose(Schema.String),
  currencyCode: loose(Schema.String),
  redirectURL: loose(Schema.String),
  callbackURL: loose(Schema.String),
  planType: loose(OpenEnum(PLAN_TYPES)),
  items: loose(Schema.Array(CheckoutItemResponse)),
  checkoutWorkflow: loose(
    OpenStruct({
      sdkWidget: loose(
        OpenStruct({ type: loose(Schema.String), id: loose(Schema.String), scriptUrl: loose(Schema.String) })
      )
    })
  ),
  createdAt: loose(Schema.String)
})

/**
 * @since 0.1.0
 */
export type CheckoutResponse = typeof CheckoutResponse.Type
