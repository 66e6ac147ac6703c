/**
 * The minimum deposit of one unit of an item (R2.2), Schema-free: the checkout
 * totals, refund calculations and the product-page element
 * (`payment-plan-engine/messaging/element`) compute it here.
 *
 * @module
 */
import { percentageOf, toMinorUnits } from "../foundation/money.ts"
import { caseInsensitive } from "../internal/case-insensitive.ts"

/**
 * Units of a minimum deposit, read case-insensitively (R2.2).
 *
 * @category Deposit
 * @since 0.1.0
 */
export const MINIMUM_DEPOSIT_UNITS = ["Currency", "Percentage"] as const

/**
 * What the deposit rule reads of a merchant configuration: its default
 * minimum deposit (R2.2), as the service answers it. A merchant configuration is one.
 *
 * @category Deposit
 * @since 0.1.0
 */
export interface DepositDefaults {
  readonly defaultMinDepositType?: string | null | undefined
  readonly defaultMinDepositValue?: number | null | undefined
}

/**
 * The minimum deposit of one unit of an item in minor units (R2.2): the item's
 * `minimumDepositPerItem`, else the merchant's default, else 0; `Percentage`
 * rounded half-up; capped at `costPerItem`. A merchant default in an unknown unit,
 * or with more digits than the currency has, counts as no default / is rounded,
 * since the configuration is read tolerantly (R9).
 *
 * @example
 * ```ts
 * import { Deposit } from "payment-plan-engine"
 * Deposit.unitMinimumDeposit(5000, { unit: "currency", value: 20 }, undefined, 2) // 2000
 * Deposit.unitMinimumDeposit(5000, undefined, { defaultMinDepositType: "Percentage", defaultMinDepositValue: 10 }, 2) // 500
 * ```
 * @category Deposit
 * @since 0.1.0
 */
export const unitMinimumDeposit = (
  costPerItem: number,
  own: { readonly unit: string; readonly value: number } | undefined,
  merchant: DepositDefaults | undefined,
  exponent: number
): number => unitMinimumDepositOf(costPerItem, own?.unit, own?.value, merchant, exponent)

/**
 * {@link unitMinimumDeposit} with the item's unit and value given apart, as a
 * plan record carries them (`minimumDepositPerItemType`, `minimumDepositPerItemValue`),
 * so hot loops need not build an object per item. Either `undefined`: the merchant's default.
 *
 * @example
 * ```ts
 * import { Deposit } from "payment-plan-engine"
 * Deposit.unitMinimumDepositOf(5000, "Percentage", 10, undefined, 2) // 500
 * ```
 * @category Deposit
 * @since 0.1.0
 */
export const unitMinimumDepositOf = (
  costPerItem: number,
  ownUnit: string | undefined,
  ownValue: number | undefined,
  merchant: DepositDefaults | undefined,
  exponent: number
): number => {
  const unit = ownUnit ?? merchant?.defaultMinDepositType
  const value = ownValue ?? merchant?.defaultMinDepositValue
  if (typeof unit !== "string" || typeof value !== "number" || !(value >= 0)) return 0
  let minor: number
  switch (depositUnit(unit)) {
    case "currency": {
      const exact = toMinorUnits(value, exponent)
      // value × 10^exponent, rounded half-up, without a float multiplication
      minor = typeof exact === "number" ? exact : percentageOf(100 * 10 ** exponent, value)
      break
    }
    case "percentage":
      minor = percentageOf(costPerItem, Math.min(value, 100))
      break
    default:
      return 0
  }
  return Math.min(minor, costPerItem)
}

/**
 * A minimum deposit's `unit` as written in any case (R2.2), by its canonical
 * name (`Currency`, `Percentage`); `undefined` when it is none. A plan record
 * spells the unit this way (`minimumDepositPerItemType`).
 *
 * @internal
 */
export const minimumDepositUnitOf = caseInsensitive(MINIMUM_DEPOSIT_UNITS)

/**
 * A minimum deposit's `unit` read case-insensitively (R2.2): `currency`,
 * `percentage`, or `undefined` for anything else (ASCII letters fold, nothing
 * else: `"PERCENTAGE"` is a unit, `"percent"` is not).
 *
 * @example
 * ```ts
 * import { Deposit } from "payment-plan-engine"
 * Deposit.depositUnit("CURRENCY") // "currency"
 * Deposit.depositUnit("percent")  // undefined
 * ```
 * @category Deposit
 * @since 0.1.0
 */
export const depositUnit = (unit: string): "currency" | "percentage" | undefined => {
  switch (minimumDepositUnitOf(unit)) {
    case "Currency":
      return "currency"
    case "Percentage":
      return "percentage"
    default:
      return undefined
  }
}
