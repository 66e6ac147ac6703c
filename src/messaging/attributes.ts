/**
 * The `<payment-plan-message>` element's attributes, read into plan terms and
 * their sentence without Schema: what the element computes in the browser.
 * Each attribute is read with the core's Schema-free rules (currencies and
 * their digits, exact amounts, the minimum deposit, the redemption date, the
 * cadence names, time zones) and the terms come from the core's kernel
 * (`termsOf`), the computation `computePlanTerms` uses after its own reading:
 * the drift property (test/properties/messaging.property.test.ts) holds this
 * reading and `planMessage` together.
 *
 * @module
 */
import { redemptionNotAfter } from "../core/checkout/redemption.ts"
import { unitMinimumDeposit } from "../core/deposit/unit-deposit.ts"
import * as Currency from "../core/foundation/currency.ts"
// types only: the foundation's issues module builds schemas, which the element's bundle must not carry
import type { Issue, IssueCode } from "../core/foundation/issues.ts"
import { MAX_MINOR_UNITS, toMinorUnits } from "../core/foundation/money.ts"
import { nearestName } from "../core/foundation/nearest.ts"
import { FIRST_DAY } from "../core/foundation/time/calendar.ts"
import { parseDateOrInstant, parseDateTime } from "../core/foundation/time/instant.ts"
import { isTimeZone, localDay } from "../core/foundation/time/zone.ts"
import { frequencyOf, weekdayOf } from "../core/plan-terms/cadence-names.ts"
import { WEEKDAYS } from "../core/plan-terms/enumerations.ts"
import type { Cadence } from "../core/plan-terms/index.ts"
import type { PlanTerms } from "../core/plan-terms/index.ts"
import { paymentBounds, planDayOrIssue, termsOf } from "../core/plan-terms/kernel.ts"
import { TAG } from "./markup.ts"
import { isLocale, sentenceOf } from "./sentence.ts"

/** The attributes the element reads; a change of any of them renders it again. */
export const ATTRIBUTES = [
  "currency",
  "amount",
  "quantity",
  "deposit",
  "redemption-date",
  "payment-deadline",
  "frequency",
  "day-of-week",
  "day-of-month",
  "min-payment",
  "time-zone",
  "locale",
  "now"
] as const

/** An attribute of the element. */
export type AttributeName = (typeof ATTRIBUTES)[number]

/**
 * The attributes any HTML element may carry, which the element leaves to the browser: the HTML
 * Standard's global attributes, the DOM's (`id`, `class`, `slot`), CSS shadow parts', ARIA's `role`,
 * XML's, and those browsers ship beyond the standard (MDN's list of global attributes, 2026).
 * `data-*`, `aria-*` and event handlers (`on*`) are recognised by their prefix.
 */
const GLOBAL_ATTRIBUTES: ReadonlySet<string> = new Set([
  "accesskey",
  "anchor",
  "autocapitalize",
  "autocorrect",
  "autofocus",
  "class",
  "containertiming",
  "containertimingignore",
  "contenteditable",
  "dir",
  "draggable",
  "enterkeyhint",
  "exportparts",
  "focusgroup",
  "focusgroupstart",
  "headingoffset",
  "headingreset",
  "hidden",
  "id",
  "inert",
  "inputmode",
  "is",
  "itemid",
  "itemprop",
  "itemref",
  "itemscope",
  "itemtype",
  "lang",
  "nonce",
  "part",
  "popover",
  "role",
  "slot",
  "spellcheck",
  "style",
  "tabindex",
  "title",
  "translate",
  "virtualkeyboardpolicy",
  "writingsuggestions",
  "xml:base",
  "xml:lang",
  "xmlns"
])
const GLOBAL_PREFIX = /^(?:data-|aria-|on)/
const OWN_ATTRIBUTES: ReadonlySet<string> = new Set(ATTRIBUTES)
const NO_ISSUES: ReadonlyArray<Issue> = []

/**
 * The element's warnings of the attributes it carries (R10.2): each one that is neither its own
 * nor one any HTML element may carry is left out and reported as an `unknown_field`, with the
 * nearest attribute of its own when one is near (`ammount`, `redemption_date`).
 */
export const unknownAttributes = (names: Iterable<string>): ReadonlyArray<Issue> => {
  let warnings: Array<Issue> | undefined
  for (const name of names) {
    if (OWN_ATTRIBUTES.has(name) || GLOBAL_ATTRIBUTES.has(name) || GLOBAL_PREFIX.test(name)) continue
    const near = nearestName(name, ATTRIBUTES)
    ;(warnings ??= []).push({
      path: name,
      code: "unknown_field",
      rule: "R10.2",
      message: `is not an attribute of ${TAG} and was left out${near === undefined ? "" : ` (did you mean "${near}"?)`}`
    })
  }
  return warnings ?? NO_ISSUES
}

/** What the element falls back on: the browser's clock, zone and the document's language. */
export interface Surroundings {
  readonly now: number
  readonly timeZone: string
  readonly locale: string
}

/** The element's reading: the terms and the sentence, or every issue of the attributes. */
export type AttributeReading =
  | { readonly ok: true; readonly terms: PlanTerms; readonly text: string }
  | { readonly ok: false; readonly issues: ReadonlyArray<Issue> }

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)$/
const WHOLE = /^[+-]?\d+$/

/** Reads the attributes one by one, gathering every issue. */
class Reader {
  readonly issues: Array<Issue> = []
  private readonly get: (name: AttributeName) => string | null
  constructor(get: (name: AttributeName) => string | null) {
    this.get = get
  }

  text(name: AttributeName): string | undefined {
    const value = this.get(name)
    return value === null ? undefined : value.trim()
  }

  problem(name: AttributeName, code: IssueCode, rule: string, message: string): undefined {
    this.issues.push({ path: name, code, rule, message })
    return undefined
  }

  /** A decimal number, or `undefined` (reported when given and not one). */
  number(name: AttributeName, text: string | undefined): number | undefined {
    if (text === undefined) return undefined
    if (!NUMBER.test(text)) return this.problem(name, "format", "R1.1", `must be a decimal number, got "${text}"`)
    return Number(text)
  }

  /** A whole number at least `min` (and at most `max`), or `undefined`. */
  whole(name: AttributeName, rule: string, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
    const text = this.text(name)
    if (text === undefined) return undefined
    if (!WHOLE.test(text)) return this.problem(name, "format", rule, `must be a whole number, got "${text}"`)
    const n = Number(text)
    if (n < min || n > max) return this.problem(name, "range", rule, `must be between ${min} and ${max}, got ${n}`)
    return n
  }

  /** An amount in minor units of the currency: exact (R1.3), at least 0 or above 0 (R4.6). */
  amount(name: AttributeName, value: number | undefined, digits: number, positive: boolean): number | undefined {
    if (value === undefined) return undefined
    if (positive ? !(value > 0) : !(value >= 0)) {
      return this.problem(name, "range", "R4.6", `must be ${positive ? "greater than" : "at least"} 0, got ${value}`)
    }
    const minor = toMinorUnits(value, digits)
    if (minor === "precision") {
      return this.problem(name, "precision", "R1.3", `must have at most ${digits} decimal places, got ${value}`)
    }
    return typeof minor === "number" ? minor : this.problem(name, "range", "R1.1", "is beyond the largest exact amount")
  }
}

/** The deposit attribute: an amount per unit, or a percentage of the price written "10%" (R2.2, R4.6). */
const depositOf = (r: Reader, digits: number): { readonly unit: string; readonly value: number } | undefined => {
  const text = r.text("deposit")
  if (text === undefined) return undefined
  if (text.endsWith("%")) {
    const value = r.number("deposit", text.slice(0, -1).trim())
    if (value === undefined) return undefined
    if (!(value >= 0 && value <= 100)) {
      return r.problem("deposit", "range", "R4.6", `a percentage must be between 0% and 100%, got ${text}`)
    }
    return { unit: "Percentage", value }
  }
  const value = r.number("deposit", text)
  return r.amount("deposit", value, digits, false) === undefined ? undefined : { unit: "Currency", value: value! }
}

const cadenceOf = (r: Reader): Cadence | undefined => {
  const frequencyText = r.text("frequency")
  const frequency = frequencyText === undefined ? undefined : frequencyOf(frequencyText)
  if (frequencyText !== undefined && frequency === undefined) {
    r.problem("frequency", "enum", "R6.2", `must be Weekly, Fortnightly or Monthly, got "${frequencyText}"`)
  }
  const weekdayText = r.text("day-of-week")
  const weekday = weekdayText === undefined ? undefined : weekdayOf(weekdayText)
  if (weekdayText !== undefined && weekday === undefined) {
    r.problem("day-of-week", "enum", "R6.2", `must be a weekday name, got "${weekdayText}"`)
  }
  const dayOfMonth = r.whole("day-of-month", "R6.2", 1, 31)
  const on = {
    ...(weekday === undefined ? {} : { dayOfWeek: WEEKDAYS[weekday]! }),
    ...(dayOfMonth === undefined ? {} : { dayOfMonth })
  }
  return frequency === undefined && weekday === undefined && dayOfMonth === undefined
    ? undefined
    : { ...(frequency === undefined ? {} : { frequency }), on }
}

/** The instant, zone and locale: the attributes', else the surroundings'. */
const settingsOf = (r: Reader, around: Surroundings) => {
  const nowText = r.text("now")
  const now = nowText === undefined ? around.now : parseDateTime(nowText)
  if (now === undefined) r.problem("now", "format", "R3.1", `must be an RFC 3339 date-time, got "${nowText}"`)
  const timeZone = r.text("time-zone") ?? around.timeZone
  if (!isTimeZone(timeZone)) r.problem("time-zone", "time_zone", "R3.1", `must be an IANA time zone, got "${timeZone}"`)
  const locale = r.text("locale") ?? around.locale
  if (!isLocale(locale)) r.problem("locale", "format", "R10.2", `must be a BCP 47 language tag, got "${locale}"`)
  return { now, timeZone, locale }
}

/**
 * The terms and the sentence the attributes describe, or every issue of them
 * (path: the attribute's name, code and rule as the core's validation gives them).
 */
export const readAttributes = (get: (name: AttributeName) => string | null, around: Surroundings): AttributeReading => {
  const r = new Reader(get)
  const currencyCode = r.text("currency")
  const digits = currencyCode === undefined ? undefined : Currency.isoExponent(currencyCode)
  if (currencyCode === undefined) r.problem("currency", "required", "R4.1", "is required")
  else if (digits === undefined) {
    r.problem("currency", "unknown_currency", "R4.4", `must be an active ISO 4217 code, got "${currencyCode}"`)
  }
  const exponent = digits ?? 2
  const amountText = r.text("amount")
  if (amountText === undefined) r.problem("amount", "required", "R4.1", "is required")
  const cost = r.amount("amount", r.number("amount", amountText), exponent, true)
  const quantity = r.whole("quantity", "R4.6", 1) ?? (r.text("quantity") === undefined ? 1 : undefined)
  const deposit = depositOf(r, exponent)
  const deadline = r.whole("payment-deadline", "R4.6", 0) ?? 0
  const minPayment = r.amount("min-payment", r.number("min-payment", r.text("min-payment")), exponent, false)
  const cadence = cadenceOf(r)
  const { now, timeZone, locale } = settingsOf(r, around)
  const redemptionText = r.text("redemption-date")
  const redemption = redemptionText === undefined ? undefined : parseDateOrInstant(redemptionText)
  if (redemptionText === undefined) r.problem("redemption-date", "required", "R4.1", "is required")
  else if (redemption === undefined) {
    r.problem("redemption-date", "format", "R2.5", `must be a date YYYY-MM-DD or a date-time, got "${redemptionText}"`)
  }
  if (cost !== undefined && quantity !== undefined && cost * quantity > MAX_MINOR_UNITS) {
    r.problem("quantity", "range", "R1.1", "makes the total larger than the largest exact amount")
  }
  const zoneOk = isTimeZone(timeZone)
  const today = now !== undefined && zoneOk ? planDayOrIssue(now, timeZone) : undefined
  if (typeof today === "object") r.issues.push({ ...today, path: "now" })
  if (redemption !== undefined && now !== undefined && typeof today === "number") {
    if (redemptionNotAfter(redemption, now, today)) {
      r.problem("redemption-date", "past_date", "R4.6", `must be after now, got "${redemptionText}"`)
    }
  }
  const redemptionDay = redemption === undefined || !zoneOk
    ? undefined
    : redemption._tag === "Date"
    ? redemption.day
    : localDay(redemption.ms, timeZone)
  if (redemptionDay !== undefined && redemptionDay - deadline < FIRST_DAY) {
    r.problem("payment-deadline", "range", "R2.4", `puts the deadline before 0001-01-01, got ${deadline}`)
  }
  if (
    r.issues.length > 0 || currencyCode === undefined || digits === undefined || cost === undefined ||
    quantity === undefined || redemptionDay === undefined || typeof today !== "number"
  ) {
    return { ok: false, issues: r.issues }
  }
  const merchant = minPayment === undefined
    ? undefined
    : { currencies: [{ currencyCode, minimumPaymentAmount: Number(r.text("min-payment")) }] }
  const terms = termsOf({
    planType: "Installment",
    checkout: {
      id: undefined,
      currencyCode,
      exponent: digits,
      totalCost: cost * quantity,
      totalMinimumDeposit: unitMinimumDeposit(cost, deposit, undefined, digits) * quantity,
      completionDay: redemptionDay - deadline,
      redirectURL: undefined
    },
    planDay: today,
    cadence,
    bounds: paymentBounds(merchant, currencyCode, digits),
    requested: undefined,
    strategy: "minimum"
  })
  return { ok: true, terms, text: sentenceOf(terms, digits, locale) }
}
