/**
 * Cadence frequencies and weekday names read in any case (R6.2), Schema-free:
 * the request's validation, the schedule and the product-page element
 * (`payment-plan-engine/messaging/element`) all read them here.
 *
 * @module
 */
import { caseInsensitive } from "../internal/case-insensitive.ts"
import { FREQUENCIES, type Frequency, WEEKDAYS } from "./enumerations.ts"

/**
 * A frequency as written in any case (R6.2), by its canonical name; `undefined` when it is none.
 *
 * @example
 * ```ts
 * import { PlanTerms } from "payment-plan-engine"
 * PlanTerms.frequencyOf("fortNIGHTly") // "Fortnightly"
 * ```
 * @category Plan terms
 * @since 0.1.0
 */
export const frequencyOf: (text: string) => Frequency | undefined = caseInsensitive(FREQUENCIES)

/**
 * A weekday name as written in any case (R6.2), as its index (0 Sunday … 6); `undefined` when it is none.
 *
 * @example
 * ```ts
 * import { PlanTerms } from "payment-plan-engine"
 * PlanTerms.weekdayOf("friday") // 5
 * ```
 * @category Plan terms
 * @since 0.1.0
 */
export const weekdayOf = (text: string): number | undefined => {
  const weekday = weekdayNameOf(text)
  return weekday === undefined ? undefined : WEEKDAYS.indexOf(weekday)
}

const weekdayNameOf = caseInsensitive(WEEKDAYS)
