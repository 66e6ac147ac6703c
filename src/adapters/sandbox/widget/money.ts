/**
 * The hosted page's money: the core's minor units (R1). An amount is an
 * integer count of minor units, read from JSON with `Money.toMinorUnits`,
 * written back with `Money.fromMinorUnits` and shown with
 * `Money.toDecimalText`, so binary floating point never computes an amount.
 * Browser code, bundled into the page's script.
 *
 * @module
 */
import { formatMinorUnits, toDecimalText, toMinorUnits } from "../../../core/foundation/money.ts"

/** A currency as the page uses it: its code and its digits (R1.2). */
export interface PageCurrency {
  readonly currencyCode: string
  readonly digits: number
}

/** The minor units of an amount from the API (a JSON number), or null when the currency cannot hold it (R1.3). */
export const minorOf = (amount: unknown, digits: number): number | null => {
  const minor = toMinorUnits(amount, digits)
  return typeof minor === "number" ? minor : null
}

const DECIMAL = /^(\d+)(?:\.(\d*))?$/
const trimZeros = (whole: string, fraction: string): string =>
  `${whole.replace(/^0+(?=\d)/, "")}.${fraction.replace(/0+$/, "")}`

/**
 * The minor units of what the customer typed ("280", "280.5", "0.05"), or null
 * when it is not a plain non-negative decimal or the currency cannot hold it
 * exactly. The core reads the number the text denotes; the text must read back
 * the same, so "280.001" in a two-digit currency is refused even where binary
 * floating point would round it away.
 */
export const minorOfText = (text: string, digits: number): number | null => {
  const match = DECIMAL.exec(text.trim())
  if (match === null) return null
  const minor = minorOf(Number(match[0]), digits)
  if (minor === null) return null
  const [whole = "0", fraction = ""] = toDecimalText(minor, digits).split(".")
  return trimZeros(whole, fraction) === trimZeros(match[1]!, match[2] ?? "") ? minor : null
}

/** Minor units for people, with exactly the currency's digits (R1.2): "AUD 1,234.50", "JPY 10,000" (the core's). */
export const formatMinor = (minor: number, currency: PageCurrency): string =>
  formatMinorUnits(minor, currency.digits, currency.currencyCode)

/** An amount from the API for people; one the currency cannot hold is shown as received, never rounded. */
export const formatMoney = (amount: unknown, currency: PageCurrency): string => {
  const minor = minorOf(amount, currency.digits)
  return minor === null ? String(amount) : formatMinor(minor, currency)
}
