/**
 * Currencies: the active ISO 4217 codes and their minor-unit exponents (R1.2),
 * with the merchant's `isZeroDecimal` override.
 *
 * The table is generated from dinero.js, which tracks the ISO 4217 list
 * (amendments through XCG, ZWG and XAD included); see docs/decisions/0003-foundation-currencies.md and
 * scripts/generate-iso4217.ts.
 *
 * @module
 */
import { DECIMAL_DIGITS } from "./iso4217.generated.ts"

const EXPONENTS: ReadonlyMap<string, number> = new Map(Object.entries(DECIMAL_DIGITS))

/**
 * Every active ISO 4217 alphabetic code, sorted.
 *
 * @example
 * ```ts
 * import { Currency } from "payment-plan-engine"
 * Currency.codes.includes("AUD") // true
 * ```
 * @category Currency
 * @since 0.1.0
 */
export const codes: ReadonlyArray<string> = [...EXPONENTS.keys()].sort()

/**
 * Whether `code` is an active ISO 4217 alphabetic code, upper case (R4.4).
 *
 * @example
 * ```ts
 * import { Currency } from "payment-plan-engine"
 * Currency.isActive("JPY") // true
 * Currency.isActive("jpy") // false
 * ```
 * @category Currency
 * @since 0.1.0
 */
export const isActive = (code: string): boolean => EXPONENTS.has(code)

/**
 * The ISO 4217 minor-unit exponent of a currency, or `undefined` for an unknown code.
 *
 * @example
 * ```ts
 * import { Currency } from "payment-plan-engine"
 * Currency.isoExponent("KWD") // 3
 * ```
 * @category Currency
 * @since 0.1.0
 */
export const isoExponent = (code: string): number | undefined => EXPONENTS.get(code)

/**
 * What the currency rules read of a merchant configuration: its currencies,
 * as the service answers them (R9: any field may be missing or null). A
 * merchant configuration is one.
 *
 * @category Currency
 * @since 0.1.0
 */
export interface CurrencySettings {
  readonly currencies?: ReadonlyArray<CurrencySetting | null | undefined> | null | undefined
}

/**
 * One currency of a merchant configuration, as the currency rules read it.
 *
 * @category Currency
 * @since 0.1.0
 */
export interface CurrencySetting {
  readonly currencyCode?: string | null | undefined
  readonly isZeroDecimal?: boolean | null | undefined
  readonly minimumPaymentAmount?: number | null | undefined
  readonly maximumPaymentAmount?: number | null | undefined
}

/**
 * The merchant's settings for one currency, if its configuration lists it.
 *
 * @example
 * ```ts
 * import { Currency } from "payment-plan-engine"
 * Currency.merchantCurrency({ currencies: [{ currencyCode: "AUD", minimumPaymentAmount: 1 }] }, "AUD") // { currencyCode: "AUD", minimumPaymentAmount: 1 }
 * ```
 * @category Currency
 * @since 0.1.0
 */
export const merchantCurrency = (merchant: CurrencySettings | undefined, code: string): CurrencySetting | undefined => {
  const currencies = merchant?.currencies
  if (!Array.isArray(currencies)) return undefined
  for (const c of currencies) if (c?.currencyCode === code) return c
  return undefined
}

/**
 * The exponent used for amounts in `code`: 0 when the merchant marks the
 * currency `isZeroDecimal`, else ISO 4217's (R1.2). `undefined` for an unknown code.
 *
 * @example
 * ```ts
 * import { Currency } from "payment-plan-engine"
 * Currency.exponent("AUD") // 2
 * Currency.exponent("AUD", { currencies: [{ currencyCode: "AUD", isZeroDecimal: true }] }) // 0
 * ```
 * @category Currency
 * @since 0.1.0
 */
export const exponent = (code: string, merchant?: CurrencySettings): number | undefined => {
  const iso = EXPONENTS.get(code)
  if (iso === undefined) return undefined
  return merchantCurrency(merchant, code)?.isZeroDecimal === true ? 0 : iso
}
