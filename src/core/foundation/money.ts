/**
 * Exact money (R1) and splitting into instalments (R5).
 *
 * Inside the engine an amount is an integer count of minor units held in a JS
 * number (always a safe integer), which keeps the hot paths at integer speed.
 * A JSON number in major units is converted exactly, and refused when it has more
 * fraction digits than its currency allows. Percentages are applied as exact
 * rationals, with bigint taking over when a product would leave the safe
 * integer range.
 *
 * @module
 */
import * as Result from "effect/Result"
import { describe, type Issue, issue } from "../internal/issue.ts"
import * as Currency from "./currency.ts"
import { fail, type ValidationError } from "./issues.ts"

const POW10 = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1e9, 1e10, 1e11, 1e12]

/**
 * The largest amount in minor units, 2^51 (22.5 trillion in a two-decimal
 * currency): below it every amount has exactly one JSON number and back, and
 * sums of a few thousand amounts stay exact integers.
 *
 * @category Money
 * @since 0.1.0
 */
export const MAX_MINOR_UNITS = 2 ** 51

/**
 * Why an amount could not be read: not a finite number, more fraction digits
 * than the currency has (`precision`, R1.3), or beyond exact integer range.
 *
 * @category Money
 * @since 0.1.0
 */
export type AmountProblem = "type" | "precision" | "range"

/**
 * Converts a JSON number in major units into integer minor units, exactly (R1.1, R1.3).
 * Returns the problem instead when the amount cannot be represented.
 *
 * @example
 * ```ts
 * import { Money } from "payment-plan-engine"
 * Money.toMinorUnits(1234.56, 2) // 123456
 * Money.toMinorUnits(10.005, 2)  // "precision"
 * Money.toMinorUnits(100, 0)     // 100
 * ```
 * @category Money
 * @since 0.1.0
 */
export const toMinorUnits = (amount: unknown, exponent: number): number | AmountProblem => {
  if (typeof amount !== "number" || !Number.isFinite(amount)) return "type"
  const scale = POW10[exponent] ?? 10 ** exponent
  // An amount written from m minor units (|m| ≤ 2^51) is the double nearest m / scale, off by at
  // most |m|·2^-53 ≤ 0.25 once multiplied back; rounding that product adds at most 0.125 (the
  // doubles below 2^51 are 0.25 apart). So the rounded product is m itself, and the division
  // round trip (correctly rounded, so it gives that nearest double again) tells m from any other
  // amount, which has more digits than the currency (R1.3). test/properties/money.property.test.ts
  // tries every exponent up to 8 near 2^51.
  const minor = Math.round(amount * scale)
  if (!(Math.abs(minor) <= MAX_MINOR_UNITS)) return "range"
  if (minor / scale !== amount) return "precision"
  return minor === 0 ? 0 : minor
}

/**
 * Converts integer minor units back into a JSON number in major units (R1.4).
 *
 * @example
 * ```ts
 * import { Money } from "payment-plan-engine"
 * Money.fromMinorUnits(123456, 2) // 1234.56
 * ```
 * @category Money
 * @since 0.1.0
 */
export const fromMinorUnits = (minor: number, exponent: number): number => {
  const result = minor / (POW10[exponent] ?? 10 ** exponent)
  return result === 0 ? 0 : result
}

/**
 * The exact decimal text of an amount in minor units, with exactly the
 * currency's digits (R1.2): what a person reads, and what a JSON number in major
 * units is written from (R1.4). A bigint counts past 2^53, for sums of many amounts.
 *
 * @example
 * ```ts
 * import { Money } from "payment-plan-engine"
 * Money.toDecimalText(123450, 2)  // "1234.50"
 * Money.toDecimalText(-5, 2)      // "-0.05"
 * Money.toDecimalText(10_000, 0)  // "10000"
 * Money.toDecimalText(10n ** 20n, 2) // "1000000000000000000.00"
 * ```
 * @category Money
 * @since 0.1.0
 */
export const toDecimalText = (minor: number | bigint, exponent: number): string => {
  const negative = minor < 0
  const digits = String(negative ? -minor : minor)
  if (exponent <= 0) return negative ? `-${digits}` : digits
  const padded = digits.padStart(exponent + 1, "0")
  const point = padded.length - exponent
  return `${negative ? "-" : ""}${padded.slice(0, point)}.${padded.slice(point)}`
}

/**
 * An amount in major units (a JSON number, as the engine answers it, R1.4) as
 * exact decimal text with exactly the currency's digits (R1.2): `300` in AUD is
 * `"300.00"`, `1413.4` is `"1413.40"`, `10000` in JPY stays `"10000"`. An amount
 * the currency cannot hold (more digits, beyond the exact range) is written as
 * it is, never rounded. What every table of amounts writes (the command line's, the exposure
 * report's); the package's layers share it (no entry point exports it).
 */
export const amountText = (amount: number, exponent: number): string => {
  const minor = toMinorUnits(amount, exponent)
  return typeof minor === "number" ? toDecimalText(minor, exponent) : String(amount)
}

const group = (whole: string): string => whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")

/**
 * Minor units for people, with exactly the currency's digits (R1.2), grouped by thousands and
 * after the currency's code: `123450` in AUD is `"AUD\u00a01,234.50"`, `10000` in JPY
 * `"JPY\u00a010,000"`. What the sandbox's hosted page shows; the package's layers share it.
 */
export const formatMinorUnits = (minor: number, exponent: number, currencyCode: string): string => {
  const text = toDecimalText(minor, exponent)
  const negative = text.startsWith("-")
  const [whole = "", fraction] = (negative ? text.slice(1) : text).split(".")
  const number = group(whole) + (fraction === undefined ? "" : `.${fraction}`)
  return `${negative ? "-" : ""}${currencyCode}\u00a0${number}`
}

// Intl takes microseconds to build a formatter and to format, and a page shows the same few
// prices again and again: formatters and what they wrote are kept, per locale and currency, in
// maps keyed by the values themselves (no key string is built per call), bounded as the core's
// caches are.
interface LocaleTexts {
  readonly format: Intl.NumberFormat
  readonly texts: Map<number, string>
}
const LOCALE_LIMIT = 2048
const textsByLocale = new Map<string, Map<string, LocaleTexts>>()

const bounded = <K, V>(map: Map<K, V>, key: K, value: V): V => {
  if (map.size >= LOCALE_LIMIT) map.clear()
  map.set(key, value)
  return value
}

const localeTexts = (locale: string, currencyCode: string, exponent: number): LocaleTexts => {
  const byCurrency = textsByLocale.get(locale) ?? bounded(textsByLocale, locale, new Map<string, LocaleTexts>())
  // a merchant's zero-decimal override (R1.2) gives one currency two digit counts
  const key = exponent === 2 ? currencyCode : `${currencyCode}/${exponent}`
  return byCurrency.get(key) ?? bounded(byCurrency, key, {
    format: new Intl.NumberFormat(locale, {
      style: "currency",
      currency: currencyCode,
      currencyDisplay: "code",
      minimumFractionDigits: exponent,
      maximumFractionDigits: exponent
    }),
    texts: new Map()
  })
}

/**
 * An amount in major units (a JSON number in the currency's digits) for people in `locale`:
 * "AUD 280.00", "JPY 10,000", Intl formatting its exact decimal text ({@link amountText}), never a
 * binary floating-point number. What plan messaging writes; the package's layers share it.
 */
export const localeAmountText = (amount: number, currencyCode: string, exponent: number, locale: string): string => {
  const context = localeTexts(locale, currencyCode, exponent)
  const known = context.texts.get(amount)
  if (known !== undefined) return known
  return bounded(
    context.texts,
    amount,
    context.format.format(amountText(amount, exponent) as Intl.StringNumericLiteral)
  )
}

/**
 * `numerator / denominator` rounded half-up, away from zero (R1.5), for integers
 * whose quotient is a safe integer.
 *
 * @category Money
 * @since 0.1.0
 */
export const divideHalfUp = (numerator: number, denominator: number): number => {
  const negative = numerator < 0 !== denominator < 0
  const n = Math.abs(numerator)
  const d = Math.abs(denominator)
  const remainder = n % d
  const quotient = (n - remainder) / d + (2 * remainder >= d ? 1 : 0)
  return negative && quotient !== 0 ? -quotient : quotient
}

/**
 * `percentage` % of an amount in minor units, rounded half-up to the minor unit (R1.5).
 * Exact for any percentage written as a JSON number.
 *
 * @example
 * ```ts
 * import { Money } from "payment-plan-engine"
 * Money.percentageOf(10_001, 50)  // 5001 (50.005 rounds up)
 * Money.percentageOf(100, 33.333) // 33
 * ```
 * @category Money
 * @since 0.1.0
 */
export const percentageOf = (minor: number, percentage: number): number => {
  // The percentage as an exact fraction units / 10^scale (33.33 → 3333 / 10^2),
  // found without allocating: hot loops apply a few percentages millions of times.
  // Beyond 8 decimals, or when the product leaves the safe integers, bigint.
  for (let scale = 0; scale <= 8; scale++) {
    const units = scale === 0
      ? (Number.isInteger(percentage) ? percentage : undefined)
      : toMinorUnits(percentage, scale)
    if (typeof units === "number") {
      const numerator = minor * units
      if (Number.isSafeInteger(numerator)) return divideHalfUp(numerator, 100 * (POW10[scale] as number))
      break
    }
    if (units === "range" || units === "type") break
  }
  // NaN and the infinities have no decimal to be exact about: IEEE arithmetic's answer (NaN or an
  // infinity, which dividing by 100 leaves as it is), never a throw
  if (!Number.isFinite(percentage) || !Number.isFinite(minor)) return minor * percentage
  // exact in bigint: the percentage's shortest decimal (what JSON wrote) over a power of ten
  const [units, scale] = decimalOf(percentage)
  const numerator = BigInt(minor) * units
  const denominator = 100n * 10n ** BigInt(scale)
  const negative = numerator < 0n
  const magnitude = negative ? -numerator : numerator
  const quotient = magnitude / denominator + (2n * (magnitude % denominator) >= denominator ? 1n : 0n)
  // a bigint has no −0, so neither has this number
  return Number(negative ? -quotient : quotient)
}

/** A finite number as the exact decimal JSON writes for it: `digits × 10^-scale` (33.33 → [3333n, 2], 1e21 → [10n ** 21n, 0]). */
const decimalOf = (n: number): readonly [digits: bigint, scale: number] => {
  const [mantissa = "0", exponent = "0"] = String(n).toLowerCase().split("e")
  const negative = mantissa.startsWith("-")
  const [whole = "0", fraction = ""] = (negative ? mantissa.slice(1) : mantissa).split(".")
  let digits = BigInt(whole + fraction)
  let scale = fraction.length - Number(exponent)
  if (scale < 0) {
    digits *= 10n ** BigInt(-scale)
    scale = 0
  }
  return [negative ? -digits : digits, scale]
}

/**
 * The result of splitting an amount into `count` equal instalments (R5.1).
 *
 * @category Money
 * @since 0.1.0
 */
export interface Split {
  /** Each instalment, truncated to the minor unit. */
  readonly each: number
  /** `amount − count × each`: 0 ≤ remainder < count minor units, paid with the first payment (R5.2). */
  readonly remainder: number
}

/**
 * Splits an amount in minor units (a safe integer) into `count` (whole) instalments (R5.1),
 * so that `count × each + remainder` is the amount and 0 ≤ remainder < count, a
 * negative amount included. With `count` 0 nothing is split and the whole amount
 * is the remainder.
 *
 * @example
 * ```ts
 * import { Money } from "payment-plan-engine"
 * Money.split(123457, 7) // { each: 17636, remainder: 5 }
 * ```
 * @category Money
 * @since 0.1.0
 */
export const split = (minor: number, count: number): Split => {
  if (count <= 0) return { each: 0, remainder: minor }
  let each = Math.trunc(minor / count)
  let remainder = minor - each * count
  // For safe integers the float quotient never crosses an integer (that takes an amount of 2^53 or
  // more), so truncation leaves 0 ≤ remainder < count, or −count < remainder < 0 for a negative
  // amount: floor that one, so 0 ≤ remainder < count there too (R5.1).
  if (remainder < 0) {
    each -= 1
    remainder += count
  }
  return { each, remainder }
}

/**
 * An instalment split in major units, as the public surface gives it (R5).
 *
 * @category Money
 * @since 0.1.0
 */
export interface InstallmentSplit {
  readonly amount: number
  readonly remainder: number
}

/**
 * What {@link splitAmountResult} reads of a merchant configuration: its currencies (R1.2).
 */
export interface SplitInputs {
  readonly merchant?: Currency.CurrencySettings | undefined
}

/** Reads a non-negative amount in a currency, or reports why it cannot be used (shared with the sandbox). */
export const amountIssues = (path: string, value: unknown, exponent: number, rule = "R1.3"): Issue | number => {
  const minor = toMinorUnits(value, exponent)
  switch (minor) {
    case "type":
      return issue(path, "type", rule, `must be a finite number, got ${describe(value)}`)
    case "precision":
      return issue(path, "precision", "R1.3", `has more than ${exponent} fraction digits: ${describe(value)}`)
    case "range":
      return issue(path, "range", "R1.1", `is beyond the largest exact amount: ${describe(value)}`)
  }
  return minor < 0 ? issue(path, "range", "R1.3", `must not be negative, got ${describe(value)}`) : minor
}

/** Finds the exponent of a currency code, or reports it unknown. @internal */
export const currencyExponentOrIssue = (
  path: string,
  currencyCode: unknown,
  merchant: Currency.CurrencySettings | undefined
): Issue | number => {
  const exponent = typeof currencyCode === "string" ? Currency.exponent(currencyCode, merchant) : undefined
  return exponent ??
    issue(
      path,
      "unknown_currency",
      "R4.4",
      `must be an active ISO 4217 code in upper case, got ${describe(currencyCode)}`
    )
}

/**
 * Splits `amount` (major units) of `currencyCode` into `count` instalments (R5), as a synchronous
 * `Result`: each instalment truncated to the currency's minor unit, the remainder apart; every
 * problem reported (the root's `Money.splitInstallments` and `splitInstallments` are built on it).
 *
 * @since 0.1.0
 */
export const splitAmountResult = (
  amount: unknown,
  count: unknown,
  currencyCode: unknown,
  options?: SplitInputs
): Result.Result<InstallmentSplit, ValidationError> => {
  const exponent = typeof currencyCode === "string" ? Currency.exponent(currencyCode, options?.merchant) : undefined
  const minor = exponent === undefined ? undefined : toMinorUnits(amount, exponent)
  if (
    typeof minor === "number" && minor >= 0 && typeof count === "number" && Number.isSafeInteger(count) && count >= 1
  ) {
    const { each, remainder } = split(minor, count)
    return Result.succeed({ amount: fromMinorUnits(each, exponent!), remainder: fromMinorUnits(remainder, exponent!) })
  }
  // Something is wrong: say everything that is.
  const issues: Array<Issue> = []
  if (exponent === undefined) {
    issues.push(currencyExponentOrIssue("currencyCode", currencyCode, options?.merchant) as Issue)
  } else {
    const problem = amountIssues("amount", amount, exponent)
    if (typeof problem === "object") issues.push(problem)
  }
  if (typeof count !== "number" || !Number.isSafeInteger(count) || count < 1) {
    issues.push(
      issue(
        "count",
        typeof count === "number" ? "range" : "type",
        "R5.1",
        `must be a whole number of at least 1, got ${describe(count)}`
      )
    )
  }
  return fail(issues)
}
