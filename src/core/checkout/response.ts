/**
 * The create-checkout response: declared once, strictly ({@link Checkout},
 * what this library answers), and read tolerantly ({@link CheckoutResponse},
 * what any service answers, R9).
 *
 * @module
 */
import * as Schema from "effect/Schema"
import * as Struct from "effect/Struct"
import { IssueBody } from "../foundation/issues.ts"
import * as Time from "../foundation/time/index.ts"
import { Enum, reshape, tolerant } from "../internal/schema-kit.ts"
import { CheckoutItem, CheckoutRequest, PLAN_TYPES } from "./request.ts"

/**
 * A checkout: the create-checkout response (service description, "Checkout
 * response (create)"), with this library's additions: `expiresAt` (R4.7),
 * `widgetUrl` (the hosted page of the sandbox) and the request's `warnings`.
 *
 * @category Checkout
 * @since 0.1.0
 */
export const Checkout = reshape(
  reshape(
    CheckoutRequest,
    Struct.pick([
      "merchantId",
      "merchantOrderId",
      "currencyCode",
      "redirectURL",
      "callbackURL",
      "externalCode",
      "merchantMetadata"
    ])
  ),
  Struct.assign({
    id: Schema.String,
    created: Time.DateTimeText,
    totalCost: Schema.Number,
    totalMinimumDeposit: Schema.Number,
    completionDate: Time.CalendarDateText,
    planType: Enum(PLAN_TYPES),
    items: Schema.Array(reshape(CheckoutItem, Struct.assign({ id: Schema.String }))),
    checkoutWorkflow: Schema.Struct({
      sdkWidget: Schema.Struct({ type: Schema.String, id: Schema.String, scriptUrl: Schema.String })
    }),
    createdAt: Time.DateTimeText,
    expiresAt: Schema.optionalKey(Time.DateTimeText),
    widgetUrl: Schema.optionalKey(Schema.String),
    warnings: Schema.optionalKey(Schema.Array(IssueBody))
  })
)

/**
 * @category Checkout
 * @since 0.1.0
 */
export type Checkout = typeof Checkout.Type

/**
 * A create-checkout response read tolerantly (R9): any field may be missing or
 * null but `id`, numbers may come as text, new values and fields are kept.
 *
 * @category Checkout
 * @since 0.1.0
 */
export const CheckoutResponse = tolerant(Checkout, ["id"])

/**
 * @category Checkout
 * @since 0.1.0
 */
export type CheckoutResponse = typeof CheckoutResponse.Type
