/**
 * The compute-plan-terms response: the service's, read tolerantly (R9), and
 * the one this library computes, with its `schedule` (R6.9).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { PLAN_TYPES, type PlanType } from "../checkout/request.ts"
import { loose, LooseNumber, OpenEnum, OpenStruct } from "../internal/schema-kit.ts"
import { FREQUENCIES, type Weekday } from "./request.ts"

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
 * The compute-plan-terms response (R6), with this library's `schedule`, read
 * tolerantly (R9).
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

/**
 * One payment of a computed schedule (R6.9): number 1 is the deposit with the
 * remainder, on the plan date; the others are the instalments on their cadence
 * dates. `date` is a calendar date `YYYY-MM-DD` in the request's time zone.
 *
 * @since 0.1.0
 */
export interface ScheduledPayment {
  readonly installmentNumber: number
  readonly date: string
  readonly amount: number
}

/**
 * The cadence as the computed terms give it (R6.2): canonical names, the day
 * resolved (the plan date's when the request named none), and only the day
 * that applies to the frequency.
 *
 * @since 0.1.0
 */
export type ResolvedCadenceJson =
  | { readonly frequency: "Weekly" | "Fortnightly"; readonly on: { readonly dayOfWeek: Weekday } }
  | { readonly frequency: "Monthly"; readonly on: { readonly dayOfMonth: number } }

/**
 * Keys of `installments.validation` (R6.6).
 *
 * @since 0.1.0
 */
export type TermsValidationKey =
  | "deposit.below_minimum"
  | "deposit.above_maximum"
  | "deposit.precision"
  | "installments.unavailable"
  | "installments.above_maximum_payment"

/**
 * One entry of `installments.validation` (R6.6): the key says what is
 * unacceptable, the value gives the limit it breaks, as a string (an amount
 * as its JSON number is written, a date `YYYY-MM-DD`, or a number of digits).
 *
 * @since 0.1.0
 */
export interface TermsValidation {
  readonly key: TermsValidationKey
  readonly value: string
}

/**
 * Plan terms as computed by this library: the service's response fields and
 * `schedule` (R6.9). Amounts are JSON numbers in the currency's major units.
 *
 * @since 0.1.0
 */
export interface ComputedPlanTerms {
  readonly type: "plan"
  readonly planType: PlanType
  readonly deposit: { readonly amount: number; readonly range: { readonly min: number; readonly max: number } }
  readonly installments: {
    readonly amount: number
    readonly remainder: number
    readonly count: number
    readonly cadence: ResolvedCadenceJson
    readonly validation: ReadonlyArray<TermsValidation>
  }
  readonly totalCost: number
  readonly currencyCode: string
  /** The checkout's `redirectURL`; absent when a checkout response lacks it. */
  readonly redirectURL?: string
  readonly schedule: ReadonlyArray<ScheduledPayment>
}
