/**
 * Cancelling a plan with a refund (R7.8): the request (strict) and response.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { rule } from "../issues.ts"
import { CANCELLATION_REASONS } from "../plan/record.ts"
import { Enum, FiniteNumber, loose, OpenStruct, PatternText } from "../schema.ts"

/**
 * The cancel-plan request. The amount's bound and precision depend on the plan
 * (R7.8) and are checked against it.
 *
 * @since 0.1.0
 */
export const CancelPlanRequest = Schema.Struct({
  planId: PatternText(1, 256),
  refundableAmount: FiniteNumber.check(rule<number>("range", "R7.8", "must not be negative", (n) => n >= 0)),
  reason: Enum(CANCELLATION_REASONS),
  details: Schema.optionalKey(Schema.String)
})

/**
 * @since 0.1.0
 */
export type CancelPlanRequest = typeof CancelPlanRequest.Type

/**
 * @since 0.1.0
 */
export const CancelPlanResponse = OpenStruct({ result: loose(Schema.String) })

/**
 * @since 0.1.0
 */
export type CancelPlanResponse = typeof CancelPlanResponse.Type
