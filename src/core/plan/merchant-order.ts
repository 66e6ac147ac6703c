/**
 * Setting or confirming the merchant's order id on a plan: the request
 * (strict, with the create-checkout constraints of `merchantOrderId`, R4.1/R4.3)
 * and the response (R9).
 *
 * @since 0.1.0
 */
import { Effect, type Result, Schema } from "effect"
import type { Validated, ValidationError } from "../foundation/issues.ts"
import { loose, OpenStruct, PatternText } from "../internal/schema-kit.ts"
import { compileValidator, requestValidator } from "../internal/validator.ts"

/**
 * The merchant's order id: 1 to 256 characters, no spaces or line breaks, as
 * on create checkout (R4.1, R4.3).
 *
 * @since 0.1.0
 */
export const MerchantOrderId = PatternText(1, 256)

/**
 * Sets or confirms the merchant's order id on a plan.
 *
 * @since 0.1.0
 */
export const SetMerchantOrderRequest = Schema.Struct({
  planId: PatternText(1, 256),
  merchantOrderId: MerchantOrderId
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

const check = requestValidator(SetMerchantOrderRequest, "R4.1")

/** Checks the `merchantOrderId` of a larger object (an event). @internal */
export const checkMerchantOrderId = compileValidator(Schema.Struct({ merchantOrderId: MerchantOrderId }), {
  rule: "R4.1",
  unknownKeys: "ignore"
})

/**
 * {@link validateSetMerchantOrder} as a synchronous `Result`.
 *
 * @since 0.1.0
 */
export const validateSetMerchantOrderResult = (
  input: unknown
): Result.Result<Validated<SetMerchantOrderRequest>, ValidationError> => check(input)

/**
 * Validates a set-merchant-order request strictly: `planId` and
 * `merchantOrderId` required, each 1 to 256 characters without spaces or line
 * breaks (R4.1, R4.3). Every violation is reported; unknown fields are warnings
 * and left out (R4.9).
 *
 * @example
 * ```ts
 * import { Effect } from "effect"
 * import { Plan } from "payment-plan-engine"
 * Effect.runSync(Plan.validateSetMerchantOrder({ planId: "plan_1", merchantOrderId: "order-0001" }))
 * // { value: { planId: "plan_1", merchantOrderId: "order-0001" }, warnings: [] }
 * ```
 * @since 0.1.0
 */
export const validateSetMerchantOrder = (
  input: unknown
): Effect.Effect<Validated<SetMerchantOrderRequest>, ValidationError> => Effect.fromResult(check(input))
