/**
 * The compute-plan-terms response: declared once, strictly ({@link PlanTerms},
 * what this library computes, with its `schedule`, R6.9), and read
 * tolerantly ({@link PlanTermsResponse}, what any service answers, R9).
 *
 * @module
 */
import * as Schema from "effect/Schema"
import { PLAN_TYPES } from "../checkout/enumerations.ts"
import * as Time from "../foundation/time/index.ts"
import { Enum, tolerant, WholeNumber } from "../internal/schema-kit.ts"
import { TERMS_VALIDATION_KEYS, WEEKDAYS } from "./enumerations.ts"

/**
 * One payment of a computed schedule (R6.9): number 1 is the deposit with the
 * remainder, on the plan date; the others are the instalments on their cadence
 * dates. `date` is a calendar date `YYYY-MM-DD` in the request's time zone.
 *
 * @category Plan terms
 * @since 0.1.0
 */
export const ScheduledPayment = Schema.Struct({
  installmentNumber: WholeNumber(1, "R6.9"),
  date: Time.CalendarDateText,
  amount: Schema.Number
})

/**
 * @category Plan terms
 * @since 0.1.0
 */
export type ScheduledPayment = typeof ScheduledPayment.Type

// the enumerations live apart, Schema-free, for code that must stay small (the widget)
export { TERMS_VALIDATION_KEYS, type TermsValidationKey } from "./enumerations.ts"

/**
 * One entry of `installments.validation` (R6.6): the key says what is
 * unacceptable, the value gives the limit it breaks, as a string (an amount
 * as its JSON number is written, a date `YYYY-MM-DD`, or a number of digits).
 *
 * @category Plan terms
 * @since 0.1.0
 */
export const TermsValidation = Schema.Struct({ key: Enum(TERMS_VALIDATION_KEYS), value: Schema.String })

/**
 * @category Plan terms
 * @since 0.1.0
 */
export type TermsValidation = typeof TermsValidation.Type

/**
 * The cadence as the computed terms give it (R6.2): canonical names, the day
 * resolved (the plan date's when the request named none), and only the day
 * that applies to the frequency.
 *
 * @category Plan terms
 * @since 0.1.0
 */
export const ResolvedCadenceJson = Schema.Union([
  Schema.Struct({ frequency: Enum(["Weekly", "Fortnightly"]), on: Schema.Struct({ dayOfWeek: Enum(WEEKDAYS) }) }),
  Schema.Struct({ frequency: Enum(["Monthly"]), on: Schema.Struct({ dayOfMonth: WholeNumber(1, "R6.2", 31) }) })
])

/**
 * @category Plan terms
 * @since 0.1.0
 */
export type ResolvedCadenceJson = typeof ResolvedCadenceJson.Type

/**
 * Plan terms as computed by this library (R6): the service's
 * compute-plan-terms response and `schedule` (R6.9). Amounts are JSON numbers
 * in the currency's major units.
 *
 * @category Plan terms
 * @since 0.1.0
 */
export const PlanTerms = Schema.Struct({
  type: Enum(["plan"]),
  planType: Enum(PLAN_TYPES),
  deposit: Schema.Struct({
    amount: Schema.Number,
    range: Schema.Struct({ min: Schema.Number, max: Schema.Number })
  }),
  installments: Schema.Struct({
    amount: Schema.Number,
    remainder: Schema.Number,
    count: WholeNumber(0, "R6.3"),
    cadence: ResolvedCadenceJson,
    validation: Schema.Array(TermsValidation)
  }),
  totalCost: Schema.Number,
  currencyCode: Schema.String,
  /** The checkout's `redirectURL`; absent when a checkout response lacks it. */
  redirectURL: Schema.optionalKey(Schema.String),
  schedule: Schema.Array(ScheduledPayment)
})

/**
 * @category Plan terms
 * @since 0.1.0
 */
export type PlanTerms = typeof PlanTerms.Type

/**
 * A compute-plan-terms response read tolerantly (R9).
 *
 * @category Plan terms
 * @since 0.1.0
 */
export const PlanTermsResponse = tolerant(PlanTerms)

/**
 * @category Plan terms
 * @since 0.1.0
 */
export type PlanTermsResponse = typeof PlanTermsResponse.Type
