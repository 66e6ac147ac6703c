/**
 * Setting or confirming the merchant's order id on a plan: the request
 * (strict, with the create-checkout constraints of `merchantOrderId`, R4.1/R4.3)
 * and the response (R9).
 *
 * @module
 */
import type * as Effect from "effect/Effect"
import type * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import * as Struct from "effect/Struct"
import { contract, type Options, surface, validated, validation } from "../foundation/contract.ts"
import { requestValidator, type Validated, type ValidationError } from "../foundation/issues.ts"
import { PatternText, reshape, tolerant, withRule } from "../internal/schema-kit.ts"
import { compileValidator } from "../internal/validator.ts"

/**
 * The merchant's order id: 1 to 256 characters, no spaces or line breaks, as
 * on create checkout (R4.1, R4.3).
 *
 * @category Plans
 * @since 0.1.0
 */
export const MerchantOrderId = PatternText(1, 256)

/**
 * Sets or confirms the merchant's order id on a plan.
 *
 * @category Plans
 * @since 0.1.0
 */
export const SetMerchantOrderRequest = withRule(
  Schema.Struct({
    planId: PatternText(1, 256),
    merchantOrderId: MerchantOrderId
  }),
  "R4.1"
)

/**
 * @category Plans
 * @since 0.1.0
 */
export type SetMerchantOrderRequest = typeof SetMerchantOrderRequest.Type

/**
 * The set-merchant-order response, read tolerantly (R9): the service answers
 * the pair it set, so the response is the request's shape.
 *
 * @category Plans
 * @since 0.1.0
 */
export const SetMerchantOrderResponse = tolerant(SetMerchantOrderRequest)

/**
 * @category Plans
 * @since 0.1.0
 */
export type SetMerchantOrderResponse = typeof SetMerchantOrderResponse.Type

const check = requestValidator(SetMerchantOrderRequest, "R4.1")

/** Checks the `merchantOrderId` of a larger object (an event). @internal */
export const checkMerchantOrderId = compileValidator(
  reshape(SetMerchantOrderRequest, Struct.pick(["merchantOrderId"])),
  {
    rule: "R4.1",
    unknownKeys: "ignore"
  }
)

/**
 * {@link validateSetMerchantOrder} as a synchronous `Result`.
 *
 * @since 0.1.0
 */
export const validateMerchantOrderResult = (
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
 * import * as Effect from "effect/Effect"
 * import { Plan } from "payment-plan-engine"
 * Effect.runSync(Plan.validateSetMerchantOrder({ planId: "plan_1", merchantOrderId: "order-0001" }))
 * // { value: { planId: "plan_1", merchantOrderId: "order-0001" }, warnings: [] }
 * ```
 * @category Plans
 * @since 0.2.0
 */
export const validateSetMerchantOrder = (
  input: unknown,
  options?: SetMerchantOrderOptions
): Effect.Effect<Validated<SetMerchantOrderRequest>, ValidationError> =>
  validation(SET_MERCHANT_ORDER_SURFACE, options, () => validated(check(input)))

/** The contract of a set-merchant-order request's validation (R10.2): no option but `unknownFields`. */
export const SET_MERCHANT_ORDER = contract({})

const SET_MERCHANT_ORDER_SURFACE = surface("Plan.validateSetMerchantOrder", SET_MERCHANT_ORDER)

/**
 * Options of {@link validateSetMerchantOrder}: what to do with the request's unknown fields (R10.2).
 *
 * @category Plans
 * @since 0.2.0
 */
export interface SetMerchantOrderOptions extends Options<typeof SET_MERCHANT_ORDER> {}
