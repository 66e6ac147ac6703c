/**
 * The plan terms' enumerations, Schema-free: the request's and the response's
 * schemas build their checks from them, and code that must stay small (the
 * sandbox's widget, a browser bundle) imports them without the schemas.
 *
 * @module
 */

/**
 * Cadence frequencies, read case-insensitively (R6.2).
 *
 * @category Plan terms
 * @since 0.1.0
 */
export const FREQUENCIES = ["Weekly", "Fortnightly", "Monthly"] as const

/**
 * A cadence frequency of a plan-terms request (R6.2).
 *
 * @category Plan terms
 * @since 0.1.0
 */
export type Frequency = (typeof FREQUENCIES)[number]

/**
 * Weekday names, read case-insensitively (R6.2), in the order of
 * `Date.prototype.getUTCDay` (0 Sunday).
 *
 * @category Plan terms
 * @since 0.1.0
 */
export const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const

/**
 * A weekday name as a cadence names it (R6.2).
 *
 * @category Plan terms
 * @since 0.1.0
 */
export type Weekday = (typeof WEEKDAYS)[number]

/**
 * Keys of `installments.validation` (R6.6).
 *
 * @category Plan terms
 * @since 0.1.0
 */
export const TERMS_VALIDATION_KEYS = [
  "deposit.below_minimum",
  "deposit.above_maximum",
  "deposit.precision",
  "installments.unavailable",
  "installments.above_maximum_payment"
] as const

/**
 * A key of `installments.validation`: why computable terms are not acceptable (R6.4).
 *
 * @category Plan terms
 * @since 0.1.0
 */
export type TermsValidationKey = (typeof TERMS_VALIDATION_KEYS)[number]
