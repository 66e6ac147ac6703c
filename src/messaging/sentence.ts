/**
 * The sentence of a plan message: what the product page says of plan terms,
 * in one place for `planMessage`, `renderPlanMessage` and the
 * `<payment-plan-message>` element, so the three read the same to the letter.
 * Schema-free and DOM-free: the element bundles it.
 *
 * Amounts are formatted with `Intl.NumberFormat` from their exact decimal text
 * (never a float product) with exactly the currency's digits (R1.2); dates with
 * `Intl.DateTimeFormat` from the calendar date (a date is a date: no zone moves
 * it). The wording is English; numbers and dates follow the locale.
 *
 * @module
 */
import { localeAmountText } from "../core/foundation/money.ts"
import { MS_PER_DAY, parseDate } from "../core/foundation/time/calendar.ts"
import type { PlanTerms } from "../core/plan-terms/index.ts"

const CADENCE_WORDS = { Weekly: "weekly", Fortnightly: "fortnightly", Monthly: "monthly" } as const

// Intl takes microseconds to build a formatter and to format, and a page shows the same few
// dates again and again: formatters and what they wrote are kept, per locale, in maps keyed by
// the values themselves, bounded as the core's caches are. Amounts are the core's
// (`localeAmountText`).
interface DateTexts {
  readonly format: Intl.DateTimeFormat
  readonly texts: Map<string, string>
}
const LIMIT = 2048
const datesByLocale = new Map<string, DateTexts>()

const bounded = <K, V>(map: Map<K, V>, key: K, value: V): V => {
  if (map.size >= LIMIT) map.clear()
  map.set(key, value)
  return value
}

/**
 * An amount of the terms (a JSON number in the currency's digits) for people:
 * "AUD 280.00", "JPY 10,000", formatted by the core from its exact decimal text.
 */
export const moneyText = (amount: number, currencyCode: string, digits: number, locale: string): string =>
  localeAmountText(amount, currencyCode, digits, locale)

/** A calendar date `YYYY-MM-DD` for people, in the locale: "February 11, 2027" in `en`. */
export const dateText = (date: string, locale: string): string => {
  const context = datesByLocale.get(locale) ?? bounded(datesByLocale, locale, {
    format: new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }),
    texts: new Map()
  })
  return context.texts.get(date) ??
    bounded(context.texts, date, context.format.format((parseDate(date) ?? 0) * MS_PER_DAY))
}

const locales = new Map<string, boolean>()

const acceptedLocale = (locale: string): boolean => {
  try {
    return Intl.getCanonicalLocales(locale).length === 1
  } catch {
    return false
  }
}

/** Whether `locale` is a BCP 47 language tag `Intl` accepts. */
export const isLocale = (locale: unknown): locale is string =>
  typeof locale === "string" && locale !== "" &&
  (locales.get(locale) ?? bounded(locales, locale, acceptedLocale(locale)))

/**
 * Why no plan can be offered, from the terms' validation entries (R6.6), or
 * `undefined` when the terms are acceptable and have instalments.
 */
const unavailableReason = (terms: PlanTerms, money: (amount: number) => string, locale: string) => {
  const keys = new Map(terms.installments.validation.map((entry) => [entry.key, entry.value]))
  const maximum = keys.get("installments.above_maximum_payment")
  if (maximum !== undefined) return `a payment would be above the maximum of ${money(Number(maximum))}`
  if (keys.has("deposit.above_maximum") || keys.has("deposit.below_minimum")) {
    return "the price is below the smallest amount a plan can take"
  }
  const completion = keys.get("installments.unavailable")
  if (completion !== undefined) return `the payments would have to be complete by ${dateText(completion, locale)}`
  return terms.installments.count === 0 || keys.size > 0 ? "these terms cannot be offered" : undefined
}

/**
 * The one sentence a product page shows of plan terms: the first payment
 * (the deposit with the remainder, R5.2), the number, cadence and amount of
 * the instalments and the date of the last, each from `terms.schedule`; or,
 * when the terms are not acceptable (R6.6), that no plan is available and why.
 */
export const sentenceOf = (terms: PlanTerms, digits: number, locale: string): string => {
  const money = (amount: number) => moneyText(amount, terms.currencyCode, digits, locale)
  const reason = unavailableReason(terms, money, locale)
  if (reason !== undefined) return `No payment plan is available for this purchase: ${reason}`
  const { count } = terms.installments
  const first = terms.schedule[0]!
  const last = terms.schedule[count]!
  const cadence = CADENCE_WORDS[terms.installments.cadence.frequency]
  const each = money(terms.installments.amount)
  return count === 1
    ? `Pay ${money(first.amount)} today, then 1 ${cadence} payment of ${each} on ${dateText(last.date, locale)}`
    : `Pay ${money(first.amount)} today, then ${count} ${cadence} payments of ${each}, the last on ${
      dateText(last.date, locale)
    }`
}
