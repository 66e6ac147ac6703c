/**
 * Deposits: the minimum deposit an item asks for (R2.2), from its own
 * `minimumDepositPerItem` or the merchant's defaults.
 *
 * @module
 */
import * as Schema from "effect/Schema"
import { anyCasePattern, CaseInsensitiveEnum, NonNegativeNumber, ruleAt, withRule } from "../internal/schema-kit.ts"
import { depositUnit, MINIMUM_DEPOSIT_UNITS } from "./unit-deposit.ts"

// the rule's arithmetic is Schema-free, for the product-page element's bundle
export {
  type DepositDefaults,
  depositUnit,
  MINIMUM_DEPOSIT_UNITS,
  unitMinimumDeposit,
  unitMinimumDepositOf
} from "./unit-deposit.ts"
// the unit reader is the core's own (a plan record's spelling): no public name, out of the declarations
/** @internal */
export { minimumDepositUnitOf } from "./unit-deposit.ts"

/**
 * An item's `minimumDepositPerItem`: `Currency` means `value` per unit,
 * `Percentage` means `value` % of `costPerItem` (R2.2, R4.6).
 *
 * @category Deposit
 * @since 0.1.0
 */
export const MinimumDeposit = withRule(
  Schema.Struct({
    unit: CaseInsensitiveEnum(MINIMUM_DEPOSIT_UNITS, "R4.6"),
    value: NonNegativeNumber("R4.6")
  }),
  "R4.6"
).check(
  ruleAt<{ readonly unit: string; readonly value: number }>(
    "range",
    "R4.6",
    "a Percentage minimum deposit must be at most 100",
    ["value"],
    (d) => d.value <= 100 || depositUnit(d.unit) !== "percentage",
    (d) => String(d.value),
    {
      if: { properties: { unit: { type: "string", pattern: anyCasePattern(["Percentage"]) } }, required: ["unit"] },
      then: { properties: { value: { type: "number", maximum: 100 } } }
    }
  )
)

/**
 * @category Deposit
 * @since 0.1.0
 */
export type MinimumDeposit = typeof MinimumDeposit.Type
