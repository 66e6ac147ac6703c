/**
 * Refund policies as items carry them (R4.6): the percentage of an item's cost
 * that stays refundable within a number of days of its redemption date. The
 * schemas here are the one definition of R4.6's policy rules: checkout
 * validation, refund calculations, plan terms, the client and the sandbox all check
 * policies with them.
 *
 * @module
 */
import * as Schema from "effect/Schema"
import { Enum, type Found, NumberBetween, ruleAtEach, WholeNumber, withRule } from "../internal/schema-kit.ts"
import { compileGuard } from "../internal/validator.ts"

/**
 * The only policy type the service describes, and the default when `type` is absent (R4.6).
 *
 * @category Refunds
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
 * @category Refunds
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
 * @category Refunds
 * @since 0.1.0
 */
export type RefundPolicy = typeof RefundPolicy.Type

/**
 * Each policy that repeats an earlier one's days, with the index of the first. Items carry a
 * handful of policies: compared pairwise, allocating nothing; a long list is indexed by its days.
 */
const repeatedDays = (policies: ReadonlyArray<RefundPolicy>, found: Found): void => {
  if (policies.length <= 32) {
    for (let i = 1; i < policies.length; i++) {
      const days = policies[i]!.daysWithinRedemptionDate
      for (let j = 0; j < i; j++) {
        if (policies[j]!.daysWithinRedemptionDate === days) {
          if (!repeated(found, policies, i, j)) return
          break
        }
      }
    }
    return
  }
  const seen = new Map<number, number>()
  for (let i = 0; i < policies.length; i++) {
    const days = policies[i]!.daysWithinRedemptionDate
    const first = seen.get(days)
    if (first === undefined) seen.set(days, i)
    else if (!repeated(found, policies, i, first)) return
  }
}

/** Tells `found` that policy `index` repeats the days of policy `first`. */
const repeated = (found: Found, policies: ReadonlyArray<RefundPolicy>, index: number, first: number) =>
  found([index, "daysWithinRedemptionDate"], `${policies[index]!.daysWithinRedemptionDate}, as policy ${first}`)

/**
 * An item's policies, in the order given (the order decides ties, R7.2), no two
 * with the same `daysWithinRedemptionDate` (R4.6, `duplicate`).
 *
 * @category Refunds
 * @since 0.1.0
 */
export const RefundPolicies = Schema.Array(RefundPolicy).check(
  ruleAtEach<ReadonlyArray<RefundPolicy>>(
    "duplicate",
    "R4.6",
    "repeats the days of another policy",
    repeatedDays
  )
)

/**
 * Whether a value is a valid refund policy (R4.6): the {@link RefundPolicy}
 * schema compiled into a guard that allocates nothing, for hot loops.
 *
 * @category Refunds
 * @since 0.1.0
 */
export const isRefundPolicy = compileGuard(RefundPolicy)
