/**
 * Refund policies as items carry them (R4.6): the percentage of an item's cost
 * that stays refundable within a number of days of its redemption date. The
 * schemas here are the one definition of R4.6's policy rules: checkout
 * validation, refund quotes, plan terms, the client and the sandbox all check
 * policies with them.
 *
 * @since 0.1.0
 */
import * as Schema from "effect/Schema"
import { Enum, NumberBetween, ruleAtEach, WholeNumber, withRule } from "../internal/schema-kit.ts"
import { compileGuard } from "../internal/validator.ts"

/**
 * The only policy type the service describes, and the default when `type` is absent (R4.6).
 *
 * @since 0.1.0
 */
export const PERCENTAGE_REFUNDABLE_DAYS_WITHIN_REDEMPTION_DATE = "percentage_refundable_days_within_redemption_date"

/**
 * One refund policy of an item (R4.6): `type` (absent means the only type),
 * `daysWithinRedemptionDate` a whole number ≥ 0, `refundablePercentage` 0..100.
 *
 * @example
 * ```ts
 * import * as Schema from "effect/Schema"
 * import { Refund } from "payment-plan-engine"
 * Schema.decodeUnknownSync(Refund.RefundPolicy)({ daysWithinRedemptionDate: 30, refundablePercentage: 50 })
 * ```
 * @since 0.1.0
 */
export const RefundPolicy = withRule(
  Schema.Struct({
    type: Schema.optionalKey(Enum([PERCENTAGE_REFUNDABLE_DAYS_WITHIN_REDEMPTION_DATE])),
    daysWithinRedemptionDate: WholeNumber(0, "R4.6"),
    refundablePercentage: NumberBetween(0, 100, "R4.6")
  }),
  "R4.6"
)

/**
 * @since 0.1.0
 */
export type RefundPolicy = typeof RefundPolicy.Type

/** Policies that repeat an earlier one's days, each with the index of the first. */
const repeats = (policies: ReadonlyArray<RefundPolicy>) => {
  const found: Array<{ readonly at: ReadonlyArray<PropertyKey>; readonly detail: string }> = []
  if (policies.length < 2) return found
  const seen = new Map<number, number>()
  policies.forEach((policy, index) => {
    const first = seen.get(policy.daysWithinRedemptionDate)
    if (first === undefined) seen.set(policy.daysWithinRedemptionDate, index)
    else {found.push({
        at: [index, "daysWithinRedemptionDate"],
        detail: `${policy.daysWithinRedemptionDate}, as policy ${first}`
      })}
  })
  return found
}

/** Whether no two policies share their days, without allocating (items carry a handful of policies). */
const distinctDays = (policies: ReadonlyArray<RefundPolicy>): boolean => {
  if (policies.length > 32) return repeats(policies).length === 0
  for (let i = 1; i < policies.length; i++) {
    const days = policies[i]!.daysWithinRedemptionDate
    for (let j = 0; j < i; j++) if (policies[j]!.daysWithinRedemptionDate === days) return false
  }
  return true
}

/**
 * An item's policies, in the order given (the order decides ties, R7.2), no two
 * with the same `daysWithinRedemptionDate` (R4.6, `duplicate`).
 *
 * @since 0.1.0
 */
export const RefundPolicies = Schema.Array(RefundPolicy).check(
  ruleAtEach<ReadonlyArray<RefundPolicy>>(
    "duplicate",
    "R4.6",
    "repeats the days of another policy",
    repeats,
    distinctDays
  )
)

/**
 * Whether a value is a valid refund policy (R4.6): the {@link RefundPolicy}
 * schema compiled into a guard that allocates nothing, for hot loops.
 *
 * @since 0.1.0
 */
export const isRefundPolicy = compileGuard(RefundPolicy)
