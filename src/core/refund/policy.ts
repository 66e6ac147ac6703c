/**
 * Refund policies as items carry them (R4.6): the percentage of an item's cost
 * that stays refundable within a number of days of its redemption date.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { type Issue, issue } from "../foundation/issues.ts"
import { Enum, loose, LooseNumber, NumberBetween, OpenStruct, WholeNumber } from "../internal/schema-kit.ts"

/**
 * The only policy type the service describes, and the default when `type` is absent (R4.6).
 *
 * @since 0.1.0
 */
export const PERCENTAGE_REFUNDABLE_DAYS_WITHIN_REDEMPTION_DATE = "percentage_refundable_days_within_redemption_date"

/**
 * One refund policy of an item.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { RefundPolicy } from "payment-plan-engine"
 * Schema.decodeUnknownSync(RefundPolicy.RefundPolicy)({ daysWithinRedemptionDate: 30, refundablePercentage: 50 })
 * ```
 * @since 0.1.0
 */
export const RefundPolicy = Schema.Struct({
  type: Schema.optionalKey(Enum([PERCENTAGE_REFUNDABLE_DAYS_WITHIN_REDEMPTION_DATE])),
  daysWithinRedemptionDate: WholeNumber(0, "R4.6"),
  refundablePercentage: NumberBetween(0, 100, "R4.6")
})

/**
 * @since 0.1.0
 */
export type RefundPolicy = typeof RefundPolicy.Type

/**
 * A refund policy as the service returns it on an item, read tolerantly (R9).
 *
 * @since 0.1.0
 */
export const RefundPolicyResponse = OpenStruct({
  type: loose(Schema.String),
  daysWithinRedemptionDate: loose(LooseNumber),
  refundablePercentage: loose(LooseNumber)
})

/**
 * An item's policies, in the order given: the order decides ties (R7.2).
 *
 * @since 0.1.0
 */
export const RefundPolicies = Schema.Array(RefundPolicy)

/**
 * Issues for policies repeating another's `daysWithinRedemptionDate` (R4.6,
 * `duplicate`). Runs on raw input, so it reports duplicates even while another
 * policy of the list is invalid.
 *
 * @since 0.1.0
 */
export const duplicateDaysIssues = (policies: unknown, path: string): Array<Issue> => {
  const issues: Array<Issue> = []
  if (!Array.isArray(policies)) return issues
  const seen = new Map<number, number>()
  policies.forEach((policy: unknown, index) => {
    const days = typeof policy === "object" && policy !== null
      ? (policy as { daysWithinRedemptionDate?: unknown }).daysWithinRedemptionDate
      : undefined
    if (typeof days !== "number") return
    const first = seen.get(days)
    if (first === undefined) seen.set(days, index)
    else {
      issues.push(
        issue(
          `${path}[${index}].daysWithinRedemptionDate`,
          "duplicate",
          "R4.6",
          `repeats the ${days} days of ${path}[${first}]`
        )
      )
    }
  })
  return issues
}
