/**
 * The compute-plan-terms request (R6.2, R3.1), validated strictly (R4.1 style):
 * every problem reported with its path, code and rule.
 *
 * @since 0.1.0
 */
import { Effect, type Result, Schema } from "effect"
import { PLAN_TYPES } from "../checkout/request.ts"
import { rule, type Validated, type ValidationError } from "../foundation/issues.ts"
import * as Time from "../foundation/time/index.ts"
import { CaseInsensitiveEnum, Enum, FiniteNumber, WholeNumber } from "../internal/schema-kit.ts"
import { requestValidator } from "../internal/validator.ts"

/**
 * Cadence frequencies, read case-insensitively (R6.2).
 *
 * @since 0.1.0
 */
export const FREQUENCIES = ["Weekly", "Fortnightly", "Monthly"] as const

/**
 * @since 0.1.0
 */
export type Frequency = (typeof FREQUENCIES)[number]

/**
 * Weekday names, read case-insensitively (R6.2), in the order of
 * `Date.prototype.getUTCDay` (0 Sunday).
 *
 * @since 0.1.0
 */
export const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const

/**
 * @since 0.1.0
 */
export type Weekday = (typeof WEEKDAYS)[number]

/**
 * The instalment cadence of a request (R6.2).
 *
 * @since 0.1.0
 */
export const Cadence = Schema.Struct({
  frequency: Schema.optionalKey(CaseInsensitiveEnum(FREQUENCIES, "R6.2")),
  on: Schema.optionalKey(
    Schema.Struct({
      dayOfWeek: Schema.optionalKey(CaseInsensitiveEnum(WEEKDAYS, "R6.2")),
      dayOfMonth: Schema.optionalKey(
        WholeNumber(1, "R6.2").check(rule<number>("range", "R6.2", "must be at most 31", (n) => n <= 31))
      )
    })
  )
})

/**
 * @since 0.1.0
 */
export type Cadence = typeof Cadence.Type

/** A deposit is an amount: a finite number, not negative (R1.3). */
const DepositAmount = FiniteNumber.check(rule<number>("range", "R1.3", "must not be negative", (n) => !(n < 0)))

/**
 * The compute-plan-terms request (service description, "Compute plan terms for
 * a checkout"; R6). The deposit's precision depends on the checkout's currency
 * and is judged when the terms are computed (`deposit.precision`, R6.6).
 *
 * @since 0.1.0
 */
export const PlanTermsRequest = Schema.Struct({
  checkoutId: Schema.String.check(rule<string>("too_short", "R6", "must not be empty", (s) => s.length > 0)),
  type: Enum(["plan"]),
  planType: Schema.optionalKey(Enum(PLAN_TYPES)),
  deposit: Schema.optionalKey(Schema.Struct({ amount: Schema.optionalKey(DepositAmount) })),
  installments: Schema.optionalKey(Schema.Struct({ cadence: Schema.optionalKey(Cadence) })),
  timeZone: Schema.String.check(rule<string>("time_zone", "R3.1", "must be an IANA time zone name", Time.isTimeZone))
})

/**
 * @since 0.1.0
 */
export type PlanTermsRequest = typeof PlanTermsRequest.Type

const check = requestValidator(PlanTermsRequest, "R6")

/**
 * {@link validateRequest} as a synchronous `Result`, for hot loops and for
 * adapters that answer HTTP requests.
 *
 * @example
 * ```ts
 * import { Result } from "effect"
 * import { PlanTerms } from "payment-plan-engine"
 * const result = PlanTerms.validateRequestResult({ checkoutId: "chk_1", type: "plan", timeZone: "Mars/Base" })
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
 * import { Effect } from "effect"
 * import { PlanTerms } from "payment-plan-engine"
 * const { value } = Effect.runSync(PlanTerms.validateRequest({ checkoutId: "chk_1", type: "plan", timeZone: "Australia/Sydney" }))
 * ```
 * @since 0.1.0
 */
export const validateRequest = (input: unknown): Effect.Effect<Validated<PlanTermsRequest>, ValidationError> =>
  Effect.fromResult(validateRequestResult(input))
