/**
 * The compute-plan-terms request (R6.2, R3.1), validated strictly (R4.1 style):
 * every problem reported with its path, code and rule.
 *
 * @module
 */
import type * as Effect from "effect/Effect"
import type * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { PLAN_TYPES } from "../checkout/enumerations.ts"
import { contract, type Options, surface, validated, validation } from "../foundation/contract.ts"
import { requestValidator, type Validated, type ValidationError } from "../foundation/issues.ts"
import * as Time from "../foundation/time/index.ts"
import type { Issue } from "../internal/issue.ts"
import {
  CaseInsensitiveEnum,
  Enum,
  NonEmptyText,
  NonNegativeNumber,
  WholeNumber,
  withRule
} from "../internal/schema-kit.ts"
import { unknownFieldsOf } from "../internal/validator.ts"
import { FREQUENCIES, WEEKDAYS } from "./enumerations.ts"

// the enumerations live apart, Schema-free, for code that must stay small (the widget)
export { FREQUENCIES, type Frequency, type Weekday, WEEKDAYS } from "./enumerations.ts"

// read in any case by the Schema-free readers, which the element of `payment-plan-engine/messaging` bundles
export { frequencyOf, weekdayOf } from "./cadence-names.ts"

/**
 * The instalment cadence of a request (R6.2).
 *
 * @category Plan terms
 * @since 0.1.0
 */
export const Cadence = withRule(
  Schema.Struct({
    frequency: Schema.optionalKey(CaseInsensitiveEnum(FREQUENCIES, "R6.2")),
    on: Schema.optionalKey(
      Schema.Struct({
        dayOfWeek: Schema.optionalKey(CaseInsensitiveEnum(WEEKDAYS, "R6.2")),
        dayOfMonth: Schema.optionalKey(WholeNumber(1, "R6.2", 31))
      })
    )
  }),
  "R6.2"
)

/**
 * @category Plan terms
 * @since 0.1.0
 */
export type Cadence = typeof Cadence.Type

/**
 * The compute-plan-terms request (service description, "Compute plan terms for
 * a checkout"; R6). The deposit's precision depends on the checkout's currency
 * and is judged when the terms are computed (`deposit.precision`, R6.6).
 *
 * @category Plan terms
 * @since 0.1.0
 */
export const PlanTermsRequest = withRule(
  Schema.Struct({
    checkoutId: NonEmptyText("R6"),
    type: Enum(["plan"]),
    planType: Schema.optionalKey(Enum(PLAN_TYPES)),
    // a deposit is an amount (R1.3); its precision depends on the checkout's currency (R6.6)
    deposit: Schema.optionalKey(Schema.Struct({ amount: Schema.optionalKey(NonNegativeNumber("R1.3")) })),
    installments: Schema.optionalKey(Schema.Struct({ cadence: Schema.optionalKey(Cadence) })),
    timeZone: Time.TimeZoneName
  }),
  "R6"
)

/**
 * @category Plan terms
 * @since 0.1.0
 */
export type PlanTermsRequest = typeof PlanTermsRequest.Type

/**
 * The `unknown_field` warnings (R10.2) of a compute-plan-terms request, whatever its values.
 *
 * @example
 * ```ts
 * import { PlanTerms } from "payment-plan-engine"
 * PlanTerms.requestUnknownFields({ checkoutId: "chk_1", timezone: "UTC" }).map((w) => w.path) // ["timezone"]
 * ```
 * @category Plan terms
 * @since 0.1.0
 */
export const requestUnknownFields: (input: unknown) => ReadonlyArray<Issue> = unknownFieldsOf(PlanTermsRequest)

const check = requestValidator(PlanTermsRequest, "R6")

/**
 * {@link validateRequest} as a synchronous `Result`, for hot loops and for
 * adapters that answer HTTP requests.
 *
 * @example
 * ```ts
 * import * as Result from "effect/Result"
 * const result = validateRequestResult({ checkoutId: "chk_1", type: "plan", timeZone: "Mars/Base" })
 * if (Result.isFailure(result)) result.failure.issues // [{ path: "timeZone", code: "time_zone", rule: "R3.1", … }]
 * ```
 * @since 0.1.0
 */
export const validateRequestResult = (input: unknown): Result.Result<Validated<PlanTermsRequest>, ValidationError> =>
  check(input)

/**
 * Validates a compute-plan-terms request strictly: an unknown time zone
 * (R3.1), frequency or weekday, a day of month outside 1..31 (R6.2), a deposit
 * that is not a number or is negative (R1.3), a missing `checkoutId` or `type`.
 * Every problem is reported; unknown fields are warnings and left out.
 *
 * @example
 * ```ts
 * import * as Effect from "effect/Effect"
 * import { PlanTerms } from "payment-plan-engine"
 * const { value } = Effect.runSync(PlanTerms.validateRequest({ checkoutId: "chk_1", type: "plan", timeZone: "Australia/Sydney" }))
 * ```
 * @category Plan terms
 * @since 0.1.0
 */
export const validateRequest = (
  input: unknown,
  options?: ValidateOptions
): Effect.Effect<Validated<PlanTermsRequest>, ValidationError> =>
  validation(VALIDATE_SURFACE, options, () => validated(validateRequestResult(input)))

/** The contract of a plan-terms request's validation (R10.2): no option but `unknownFields`. */
export const VALIDATE = contract({})

const VALIDATE_SURFACE = surface("PlanTerms.validateRequest", VALIDATE)

/**
 * Options of {@link validateRequest}: what to do with the request's unknown fields (R10.2).
 *
 * @category Plan terms
 * @since 0.2.0
 */
export interface ValidateOptions extends Options<typeof VALIDATE> {}
