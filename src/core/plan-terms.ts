/**
 * Plan terms (R6): the compute-plan-terms request (strict) and response.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { PLAN_TYPES } from "./checkout/request.ts"
import { rule } from "./issues.ts"
import { CaseInsensitiveEnum, Enum, FiniteNumber, loose, LooseNumber, OpenEnum, OpenStruct, WholeNumber } from "./schema.ts"
import * as Time from "./time.ts"

/**
 * Cadence frequencies, read case-insensitively (R6.2).
 *
 * @since 0.1.0
 */
export const FREQUENCIES = ["Weekly", "Fortnightly", "Monthly"] as const

/**
 * Weekday names, read case-insensitively (R6.2).
 *
 * @since 0.1.0
 */
export const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const

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

/**
 * The compute-plan-terms request (R6).
 *
 * @since 0.1.0
 */
export const PlanTermsRequest = Schema.Struct({
  checkoutId: Schema.String,
  type: Enum(["plan"]),
  planType: Schema.optionalKey(Enum(PLAN_TYPES)),
  deposit: Schema.optionalKey(Schema.Struct({ amount: Schema.optionalKey(FiniteNumber) })),
  installments: Schema.optionalKey(Schema.Struct({ cadence: Schema.optionalKey(Cadence) })),
  timeZone: Schema.String.check(rule<string>("time_zone", "R3.1", "must be an IANA time zone name", Time.isTimeZone))
})

/**
 * @since 0.1.0
 */
export type PlanTermsRequest = typeof PlanTermsRequest.Type

/**
 * One payment of the schedule this library adds to the response (R6.9);
 * payment 1 is the deposit with the remainder.
 *
 * @since 0.1.0
 */
export const SchedulePayment = OpenStruct({
  installmentNumber: loose(LooseNumber),
  date: loose(Schema.String),
  amount: loose(LooseNumber)
})

/**
 * The compute-plan-terms response (R6), with this library's `schedule`.
 *
 * @since 0.1.0
 */
export const PlanTermsResponse = OpenStruct({
  type: loose(Schema.String),
  planType: loose(OpenEnum(PLAN_TYPES)),
  deposit: loose(
    OpenStruct({
      amount: loose(LooseNumber),
      range: loose(OpenStruct({ min: loose(LooseNumber), max: loose(LooseNumber) }))
    })
  ),
  installments: loose(
    OpenStruct({
      amount: loose(LooseNumber),
      remainder: loose(LooseNumber),
      count: loose(LooseNumber),
      cadence: loose(
        OpenStruct({
          frequency: loose(OpenEnum(FREQUENCIES)),
          on: loose(OpenStruct({ dayOfWeek: loose(Schema.String), dayOfMonth: loose(LooseNumber) }))
        })
      ),
      validation: loose(Schema.Array(OpenStruct({ key: loose(Schema.String), value: loose(Schema.String) })))
    })
  ),
  totalCost: loose(LooseNumber),
  currencyCode: loose(Schema.String),
  redirectURL: loose(Schema.String),
  schedule: loose(Schema.Array(SchedulePayment))
})

/**
 * @since 0.1.0
 */
export type PlanTermsResponse = typeof PlanTermsResponse.Type
