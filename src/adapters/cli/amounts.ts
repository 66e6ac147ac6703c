/**
 * Amounts in the command line's tables: every one written by the core's
 * formatter (`amountText`) with its currency's digits (R1.2), so `300.00`
 * stands beside `280.06` and `10000` in JPY has no point. JSON output keeps the
 * engine's numbers as they are (R1.4).
 *
 * The digits are the ones the calculation used: a checkout's are its
 * currency's, as the merchant configuration may make them zero; a plan's are
 * read by the one reader of a plan (a plan record may state its own).
 *
 * @module
 */
import * as Currency from "../../core/foundation/currency.ts"
import { isRecord } from "../../core/foundation/input.ts"
import { amountText } from "../../core/foundation/money.ts"
import { readPlanCurrency } from "../../facade/shared.ts"
import { CALCULATION_READING } from "../../facade/shared.ts"

/** Writes amounts in a currency of `exponent` digits; an unknown exponent writes them as they are. */
export type Amounts = (amount: number) => string

const inDigits = (exponent: number | undefined): Amounts => (amount) =>
  exponent === undefined ? String(amount) : amountText(amount, exponent)

const settingsOf = (merchant: unknown): Currency.CurrencySettings | undefined =>
  isRecord(merchant) ? merchant : undefined

/** The amounts of an answer about a checkout in `currencyCode` (summary, plan terms). */
export const checkoutAmounts = (currencyCode: string, merchant: unknown): Amounts =>
  inDigits(Currency.exponent(currencyCode, settingsOf(merchant)))

/** The amounts of a refund calculation of `plan`, in the digits the calculation read it in. */
export const planAmounts = (plan: unknown, merchant: unknown): Amounts =>
  inDigits(
    isRecord(plan)
      ? readPlanCurrency(plan, settingsOf(merchant), CALCULATION_READING, [], undefined)?.exponent
      : undefined
  )

/** Amounts in a currency of `exponent` digits (the exposure report's, which knows them). */
export const amountsIn = (exponent: number): Amounts => inDigits(exponent)
