/**
 * Which refund policy of an item applies (R7.2), and the day count it is
 * chosen by, taken in the plan's time zone (R3, R7.1).
 *
 * @module
 */
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import * as Struct from "effect/Struct"
import { type ValidationError } from "../foundation/issues.ts"
import { fail } from "../foundation/issues.ts"
import * as Time from "../foundation/time/index.ts"
import { prefixIssues } from "../internal/issue.ts"
import { reshape, WholeNumber } from "../internal/schema-kit.ts"
import { compileValidator } from "../internal/validator.ts"
import { RefundPolicy } from "../refund-policy/policy.ts"

/**
 * What selection reads of a policy: its window in days before the redemption date.
 *
 * @category Refunds
 * @since 0.1.0
 */
export interface PolicyWindow {
  readonly daysWithinRedemptionDate: number
}

/**
 * The index of the active policy (R7.2): the one with the smallest
 * `daysWithinRedemptionDate` that is ≥ `daysRemaining`, the first in list order
 * on a tie; −1 when none covers the day count (the item is then fully
 * refundable). One pass, no sorting: the list's order is what ties are decided by.
 *
 * @example
 * ```ts
 * import { Refund } from "payment-plan-engine"
 * const policies = [{ daysWithinRedemptionDate: 60 }, { daysWithinRedemptionDate: 30 }]
 * Refund.selectPolicy(policies, 40) // 0: the 60-day policy
 * Refund.selectPolicy(policies, 20) // 1: the 30-day policy
 * Refund.selectPolicy(policies, 61) // -1: fully refundable
 * ```
 * @category Refunds
 * @since 0.1.0
 */
export const selectPolicy = (policies: ReadonlyArray<PolicyWindow>, daysRemaining: number): number => {
  let active = -1
  let activeDays = Infinity
  for (let i = 0; i < policies.length; i++) {
    const days = policies[i]!.daysWithinRedemptionDate
    // strictly smaller: an equal window later in the list loses the tie
    if (days >= daysRemaining && days < activeDays) {
      active = i
      activeDays = days
    }
  }
  return active
}

/** What selection reads of policies, with the policy's own rule for the days (R4.6). */
const PolicyWindows = Schema.Array(reshape(RefundPolicy, Struct.pick(["daysWithinRedemptionDate"])))
const checkWindows = compileValidator(PolicyWindows, { rule: "R7.2", unknownKeys: "ignore" })
const checkDays = compileValidator(WholeNumber(Number.MIN_SAFE_INTEGER, "R7.2"), {
  rule: "R7.2",
  unknownKeys: "ignore"
})

/**
 * {@link selectPolicy} for input of any shape: the index, or a
 * `ValidationError` naming every policy without whole, non-negative days
 * (R4.6) and a day count that is not whole.
 *
 * @example
 * ```ts
 * import * as Result from "effect/Result"
 * selectPolicyResult([{ daysWithinRedemptionDate: 30 }], 20) // Result.succeed(0)
 * Result.isFailure(selectPolicyResult([{ daysWithinRedemptionDate: -1 }], 20)) // true
 * ```
 * @since 0.1.0
 */
export const selectPolicyResult = (
  policies: unknown,
  daysRemaining: unknown
): Result.Result<number, ValidationError> => {
  const issues = [
    ...prefixIssues("policies", checkWindows(policies).issues),
    ...prefixIssues("daysRemaining", checkDays(daysRemaining).issues)
  ]
  return issues.length > 0
    ? fail(issues)
    : Result.succeed(selectPolicy(policies as ReadonlyArray<PolicyWindow>, daysRemaining as number))
}

/**
 * The calendar date of a redemption date in a zone (R2.5, R3.1): a
 * `YYYY-MM-DD` is that date, a date-time with an offset is its date in `timeZone`.
 * `undefined` when the text is neither. Allocates nothing for either form.
 *
 * @example
 * ```ts
 * import { Refund, Time } from "payment-plan-engine"
 * Time.formatDate(Refund.redemptionDay("2027-03-01T10:00:00+11:00", "America/Los_Angeles")!) // "2027-02-28"
 * ```
 * @category Refunds
 * @since 0.1.0
 */
export const redemptionDay = (redemptionDate: string, timeZone: string): Time.EpochDay | undefined => {
  if (redemptionDate.length === 10) return Time.parseDate(redemptionDate)
  const ms = Time.parseDateTime(redemptionDate)
  return ms === undefined ? undefined : Time.localDay(ms, timeZone)
}

/**
 * Days from `at` to the redemption date, both as calendar dates in `timeZone`
 * (R7.1, R3.2): 0 on the redemption date itself, negative after it. The zone
 * must be valid (see `Time.isTimeZone`).
 *
 * @example
 * ```ts
 * import { Refund } from "payment-plan-engine"
 * // 23:30 on 31 December in Sydney is still 31 December there
 * Refund.daysRemaining(Date.parse("2026-12-31T12:30:00Z"), "2027-01-10", "Australia/Sydney") // 10
 * ```
 * @category Refunds
 * @since 0.1.0
 */
export const daysRemaining = (at: number, redemptionDate: string, timeZone: string): number | undefined => {
  const day = redemptionDay(redemptionDate, timeZone)
  return day === undefined ? undefined : Time.daysBetween(Time.localDay(at, timeZone), day)
}
