/**
 * The checkout verification response (retrieve checkout): declared once,
 * strictly ({@link CheckoutVerification}, what this library answers), and
 * read tolerantly ({@link CheckoutVerificationResponse}, R9).
 *
 * @module
 */
import * as Schema from "effect/Schema"
import * as Struct from "effect/Struct"
import { Checkout } from "../checkout/response.ts"
import { Enum, reshape, tolerant, WholeNumber } from "../internal/schema-kit.ts"
import { WEEKDAYS } from "../plan-terms/request.ts"

/**
 * Where a checkout stands (this library's): open until the widget completes or
 * is refused, expired after its expiry (R4.7).
 *
 * @category Verification
 * @since 0.1.0
 */
export const CHECKOUT_STATUSES = ["Open", "Completed", "Rejected", "Expired"] as const

/**
 * Deposit statuses of a verified checkout's plan (R8.2), read in any case.
 *
 * @internal
 */
export const DEPOSIT_STATUSES = ["Accepted", "Rejected"] as const

/**
 * The plan of a verified checkout: the deposit and its status (R8.2) and, once
 * accepted, the plan's id and instalments (the description writes
 * `instalments`, and frequencies in lower case).
 *
 * @category Verification
 * @since 0.1.0
 */
export const VerifiedPlan = Schema.Struct({
  id: Schema.optionalKey(Schema.String),
  currencyCode: Schema.String,
  deposit: Schema.Struct({ amount: Schema.Number, status: Enum(DEPOSIT_STATUSES) }),
  instalments: Schema.optionalKey(
    Schema.Struct({
      amount: Schema.Number,
      count: WholeNumber(0, "R6.3"),
      cadence: Schema.Struct({
        frequency: Enum(["weekly", "fortnightly", "monthly"]),
        on: Schema.Struct({
          dayOfWeek: Schema.optionalKey(Enum(WEEKDAYS)),
          dayOfMonth: Schema.optionalKey(WholeNumber(1, "R6.2", 31))
        })
      })
    })
  )
})

/**
 * The checkout verification response (retrieve checkout): the checkout, its
 * `status`, and `plan` once the widget finished.
 *
 * @category Verification
 * @since 0.1.0
 */
export const CheckoutVerification = reshape(
  Checkout,
  Struct.assign({ status: Enum(CHECKOUT_STATUSES), plan: Schema.optionalKey(VerifiedPlan) })
)

/**
 * @category Verification
 * @since 0.1.0
 */
export type CheckoutVerification = typeof CheckoutVerification.Type

/**
 * A checkout verification response read tolerantly (R9): what R8.2 decides on.
 *
 * @category Verification
 * @since 0.1.0
 */
export const CheckoutVerificationResponse = tolerant(CheckoutVerification, ["id"])

/**
 * @category Verification
 * @since 0.1.0
 */
export type CheckoutVerificationResponse = typeof CheckoutVerificationResponse.Type
