/**
 * `payment-plan-engine/messaging`: plan terms as a product page shows them.
 * `planMessage` answers the terms `computePlanTerms` computes for a checkout
 * (or one item) with the minimum deposit, and the one sentence a page shows of
 * them; `renderPlanMessage` writes the `<payment-plan-message>` element with
 * that sentence as declarative shadow DOM, which the element
 * (`payment-plan-engine/messaging/element`) takes over in the browser.
 * docs/messaging.md tells the whole story.
 *
 * @module payment-plan-engine/messaging
 */
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import * as Checkout from "../core/checkout/index.ts"
import { depositUnit } from "../core/deposit/index.ts"
import { contract, InstantOption, type Options } from "../core/foundation/contract.ts"
import * as Currency from "../core/foundation/currency.ts"
import { escapeHtml } from "../core/foundation/html.ts"
import {
  fail,
  type Input,
  type Issue,
  issue,
  unknownField,
  type Validation,
  type ValidationError
} from "../core/foundation/issues.ts"
import * as Time from "../core/foundation/time/index.ts"
import { type MerchantConfigurationResponse } from "../core/merchant/index.ts"
import * as PlanTerms from "../core/plan-terms/index.ts"
import { answer, optionsOf, outcome, plainFunction, reportUnknown } from "../facade/plain.ts"
import { redemptionNotAfter } from "../facade/shared.ts"
import { decodeResult, MerchantOption, merchantOptionWarnings } from "../facade/shared.ts"
import { computeResult } from "../facade/shared.ts"
import { type AttributeName, ATTRIBUTES } from "./attributes.ts"
import { SHADOW_CLOSE, SHADOW_OPEN, TAG } from "./markup.ts"
import { isLocale, sentenceOf } from "./sentence.ts"

/**
 * One product as a product page knows it: its currency, the price of one
 * unit, how many (default 1), its own minimum deposit per unit, its
 * redemption date and payment deadline: the checkout item's fields (R2).
 *
 * @category Messaging
 * @since 0.2.0
 */
export interface PlanMessageItem {
  readonly currencyCode: string
  readonly costPerItem: number
  readonly quantity?: number
  readonly minimumDepositPerItem?: { readonly unit: string; readonly value: number }
  readonly redemptionDate: string
  readonly paymentDeadline?: number
}

/** The contract of a plan message (R10.2): its options, declared once, for both functions. */
const MESSAGE = contract({
  /** The instant of the message: its date in `timeZone` is the plan date (R6.1). */
  now: InstantOption,
  /** The IANA zone of the plan date and the schedule's dates (R3.1). */
  timeZone: Schema.String,
  /** The cadence (R6.2); default `Weekly`. */
  frequency: Schema.optional(Schema.Literals(PlanTerms.FREQUENCIES)),
  /** The weekday of a Weekly or Fortnightly cadence (any case, R6.2); default the plan date's. */
  dayOfWeek: Schema.optional(Schema.String),
  /** The day of a Monthly cadence, 1..31 (R6.2); default the plan date's. */
  dayOfMonth: Schema.optional(Schema.Number),
  /** The merchant configuration: payment bounds (R6.4), default deposits and deadlines (R2), zero-decimal currencies. */
  merchant: MerchantOption,
  /** The BCP 47 locale of the sentence's numbers and date; default `en`. */
  locale: Schema.optional(Schema.String)
}, { optionWarnings: merchantOptionWarnings })

/**
 * Options of {@link planMessage} and {@link renderPlanMessage}, a closed set (R10.2): `now`,
 * `timeZone`, `frequency`, `dayOfWeek`, `dayOfMonth`, `merchant`, `locale` and `unknownFields`.
 *
 * @category Messaging
 * @since 0.2.0
 */
export interface PlanMessageOptions extends Options<typeof MESSAGE> {}

/**
 * What a product page shows: the sentence and the terms it says.
 *
 * @category Messaging
 * @since 0.2.0
 */
export interface PlanMessage {
  /** One sentence in the locale, e.g. "Pay AUD 280.00 today, then 8 weekly payments of AUD 102.50, the last on February 11, 2027". */
  readonly text: string
  /** Exactly what `computePlanTerms` answers for the checkout with the minimum deposit (R6), schedule included. */
  readonly terms: PlanTerms.PlanTerms
}

const PLAN_MESSAGE = plainFunction("planMessage", MESSAGE)
const RENDER = plainFunction("renderPlanMessage", MESSAGE)

const ITEM_FIELDS: ReadonlySet<string> = new Set([
  "currencyCode",
  "costPerItem",
  "quantity",
  "minimumDepositPerItem",
  "redemptionDate",
  "paymentDeadline"
])

const isRecord = (u: unknown): u is Readonly<Record<string, unknown>> =>
  typeof u === "object" && u !== null && !Array.isArray(u)

/** Whether the input is one item rather than a checkout request (which has `items`). */
const isItem = (checkout: unknown): checkout is Readonly<Record<string, unknown>> =>
  isRecord(checkout) && !("items" in checkout)

/**
 * The checkout that is priced: the request as given, or a request of the one item (quantity 1 by
 * default). Built field by field, without a spread: it is made on every call.
 */
const priceable = (checkout: unknown): unknown => {
  if (!isItem(checkout)) return checkout
  // field by field, monomorphic: this runs on every call (R10.1: an `undefined` field is absent)
  const item: Record<string, unknown> = { quantity: checkout["quantity"] ?? 1 }
  const { costPerItem, minimumDepositPerItem, redemptionDate, paymentDeadline, currencyCode } = checkout
  if (costPerItem !== undefined) item["costPerItem"] = costPerItem
  if (minimumDepositPerItem !== undefined) item["minimumDepositPerItem"] = minimumDepositPerItem
  if (redemptionDate !== undefined) item["redemptionDate"] = redemptionDate
  if (paymentDeadline !== undefined) item["paymentDeadline"] = paymentDeadline
  return currencyCode === undefined ? { items: [item] } : { currencyCode, items: [item] }
}

/** Issue paths as the caller wrote them: an item's fields under `checkout`, the cadence's under its option. */
const CADENCE_PATHS: ReadonlyArray<readonly [string, string]> = [
  ["installments.cadence.on.dayOfWeek", "dayOfWeek"],
  ["installments.cadence.on.dayOfMonth", "dayOfMonth"],
  ["installments.cadence.frequency", "frequency"]
]
const callerPath = (path: string, item: boolean): string => {
  for (const [from, to] of CADENCE_PATHS) if (path.startsWith(from)) return to + path.slice(from.length)
  if (item && path.startsWith("checkout.items[0]")) return `checkout${path.slice("checkout.items[0]".length)}`
  return path
}

/** The unknown fields of the checkout (R10.2): an item's against its six fields, a request's by its schema. */
const checkoutWarnings = (checkout: unknown): ReadonlyArray<Issue> => {
  if (!isItem(checkout)) {
    return Checkout.requestUnknownFields(checkout).map((w) => ({ ...w, path: `checkout.${w.path}` }))
  }
  let warnings: Array<Issue> | undefined
  for (const key in checkout) {
    if (!ITEM_FIELDS.has(key) && checkout[key] !== undefined) {
      ;(warnings ??= []).push(unknownField(`checkout.${key}`, key, ITEM_FIELDS, "a plan message's item"))
    }
  }
  return warnings ?? NO_ISSUES
}

const NO_ISSUES: ReadonlyArray<Issue> = []

/** R4.6: a redemption date not after `now` is refused, as a new checkout's would be. */
const pastDates = (checkout: unknown, now: number, timeZone: string, item: boolean): ReadonlyArray<Issue> => {
  const items: ReadonlyArray<unknown> = item
    ? [checkout]
    : isRecord(checkout) && Array.isArray(checkout["items"])
    ? checkout["items"]
    : []
  const today = Time.localDay(now, timeZone)
  let issues: Array<Issue> | undefined
  for (let index = 0; index < items.length; index++) {
    const entry = items[index]
    const text = isRecord(entry) ? entry["redemptionDate"] : undefined
    const redemption = typeof text === "string" ? Time.parseDateOrInstant(text) : undefined
    if (redemption !== undefined && redemptionNotAfter(redemption, now, today)) {
      const path = item ? "checkout.redemptionDate" : `checkout.items[${index}].redemptionDate`
      ;(issues ??= []).push(issue(path, "past_date", "R4.6", "must be after now"))
    }
  }
  return issues ?? NO_ISSUES
}

/** The plan-terms request of the options: the cadence's keys only when given (R10.1). */
const termsRequest = (o: PlanMessageOptions): Record<string, unknown> => {
  const { timeZone, frequency, dayOfWeek, dayOfMonth } = o
  const request: Record<string, unknown> = { checkoutId: "product-page", type: "plan" }
  if (timeZone !== undefined) request["timeZone"] = timeZone
  if (frequency === undefined && dayOfWeek === undefined && dayOfMonth === undefined) return request
  const cadence: Record<string, unknown> = {}
  if (frequency !== undefined) cadence["frequency"] = frequency
  if (dayOfWeek !== undefined || dayOfMonth !== undefined) {
    const on: Record<string, unknown> = {}
    if (dayOfWeek !== undefined) on["dayOfWeek"] = dayOfWeek
    if (dayOfMonth !== undefined) on["dayOfMonth"] = dayOfMonth
    cadence["on"] = on
  }
  request["installments"] = { cadence }
  return request
}

/** The message, or every issue of the checkout and the options. */
const messageResult = (checkout: unknown, o: PlanMessageOptions): Result.Result<PlanMessage, ValidationError> => {
  const merchant = decodeResult(o.merchant)
  if (Result.isFailure(merchant)) return Result.fail(merchant.failure)
  const item = isItem(checkout)
  const computed = computeResult(priceable(checkout), termsRequest(o), {
    now: o.now,
    merchant: merchant.success
  })
  const issues: Array<Issue> = Result.isFailure(computed)
    ? computed.failure.issues.map((i) => ({ ...i, path: callerPath(i.path, item) }))
    : []
  const now = Time.toEpochMillis(o.now)
  if (now !== undefined && Time.isTimeZone(o.timeZone)) issues.push(...pastDates(checkout, now, o.timeZone, item))
  const locale = o.locale ?? "en"
  if (!isLocale(locale)) issues.push(issue("locale", "format", "R10.2", "must be a BCP 47 language tag"))
  if (issues.length > 0 || Result.isFailure(computed)) return fail(issues)
  const terms = computed.success
  const digits = Currency.exponent(terms.currencyCode, merchant.success as MerchantConfigurationResponse) ?? 2
  return Result.succeed({ text: sentenceOf(terms, digits, locale), terms })
}

/**
 * The plan message of a product page: the terms `computePlanTerms` computes
 * for `checkout` (a create-checkout request, or one item) with the minimum
 * deposit (R6.7), schedule included, and one sentence of them in the locale:
 * the first payment, the number, cadence and amount of the instalments and
 * the date of the last, amounts with `Intl.NumberFormat` in the currency's own
 * digits. When no plan can be offered (the redemption is too soon, the price
 * is too low, R6.6), the sentence says so and `terms.installments.validation`
 * says why. Never throws: `{ ok: true, value: { text, terms }, warnings }` or
 * `{ ok: false, issues, warnings }`; an unknown option is refused and an
 * unknown field of the checkout reported (R10.2).
 *
 * @example
 * ```ts
 * import { planMessage } from "payment-plan-engine/messaging"
 * const message = planMessage(
 *   { currencyCode: "AUD", costPerItem: 1100, minimumDepositPerItem: { unit: "Currency", value: 280 }, redemptionDate: "2027-02-11" },
 *   { now: "2026-11-22T09:30:00Z", timeZone: "Australia/Sydney", locale: "en-AU" }
 * )
 * if (message.ok) console.log(message.value.text)
 * // "Pay AUD 280.06 today, then 11 weekly payments of AUD 74.54, the last on 7 February 2027"
 * ```
 * @category Messaging
 * @since 0.2.0
 */
export const planMessage = (
  checkout: Input<Checkout.CheckoutRequest> | Input<PlanMessageItem>,
  options: PlanMessageOptions
): Validation<PlanMessage> => {
  const o = optionsOf(options)
  return answer(PLAN_MESSAGE, options, outcome(safely(() => messageResult(checkout, o)), checkoutWarnings(checkout)))
}

/** A result, or the unexpected thrown as an issue: a `…Result`-style function never throws. */
const safely = <A>(f: () => Result.Result<A, ValidationError>): Result.Result<A, ValidationError> => {
  try {
    return f()
  } catch (error) {
    return fail([issue("", "format", "R10.2", `could not be read: ${String(error)}`)])
  }
}

/** The element's attributes for an item (the only item of a request): what it reads to compute the same sentence. */
const attributesOf = (checkout: unknown, o: PlanMessageOptions): Array<readonly [AttributeName, string]> => {
  const items = isItem(checkout)
    ? [checkout]
    : isRecord(checkout) && Array.isArray(checkout["items"])
    ? checkout["items"]
    : []
  const merchant = isRecord(o.merchant) ? o.merchant : {}
  const item: Readonly<Record<string, unknown>> | undefined = items.length === 1 && isRecord(items[0])
    ? items[0]
    : undefined
  // several items have no attributes: the element keeps the server's sentence as written
  if (item === undefined) return [["locale", o.locale ?? "en"]]
  const currencyCode = isItem(checkout)
    ? checkout["currencyCode"]
    : isRecord(checkout)
    ? checkout["currencyCode"]
    : undefined
  const currencies = Array.isArray(merchant["currencies"]) ? merchant["currencies"] : []
  const setting: unknown = currencies.find((c: unknown) => isRecord(c) && c["currencyCode"] === currencyCode)
  // the item's own minimum deposit, else the merchant's default (R2.2)
  const deposit = isRecord(item["minimumDepositPerItem"])
    ? item["minimumDepositPerItem"]
    : merchant["defaultMinDepositType"] != null && merchant["defaultMinDepositValue"] != null
    ? { unit: merchant["defaultMinDepositType"], value: merchant["defaultMinDepositValue"] }
    : undefined
  const depositText = deposit === undefined
    ? undefined
    : typeof deposit["unit"] === "string" && depositUnit(deposit["unit"]) === "percentage"
    ? `${String(deposit["value"])}%`
    : String(deposit["value"])
  const values: Record<AttributeName, unknown> = {
    currency: currencyCode,
    amount: item["costPerItem"],
    quantity: item["quantity"],
    deposit: depositText,
    "redemption-date": item["redemptionDate"],
    "payment-deadline": item["paymentDeadline"] ?? merchant["defaultPaymentDeadline"],
    frequency: o.frequency,
    "day-of-week": o.dayOfWeek,
    "day-of-month": o.dayOfMonth,
    "min-payment": isRecord(setting) ? setting["minimumPaymentAmount"] : undefined,
    "time-zone": o.timeZone,
    locale: o.locale ?? "en",
    // the element computes at the browser's instant: a cached page stays true the next day
    now: undefined
  }
  return ATTRIBUTES.flatMap((name) => values[name] == null ? [] : [[name, String(values[name])] as const])
}

/**
 * The `<payment-plan-message>` element of {@link planMessage}'s sentence, as
 * HTML with declarative shadow DOM: a page rendered on the server shows the
 * sentence before any script runs, and the element's script
 * (`payment-plan-engine/messaging/element`) takes it over without rendering it
 * differently. The attributes are the item's (and the options'), escaped;
 * when `planMessage` refuses the input the element is empty, as the browser
 * would show it. Never throws: an unknown option or field of the item, which
 * it has no answer to carry, is a process warning (R10.2), as a throwing
 * function's warnings are.
 *
 * @example
 * ```ts
 * import { renderPlanMessage } from "payment-plan-engine/messaging"
 * const html = renderPlanMessage(
 *   { currencyCode: "AUD", costPerItem: 1100, minimumDepositPerItem: { unit: "Currency", value: 280 }, redemptionDate: "2027-02-11" },
 *   { now: "2026-11-22T09:30:00Z", timeZone: "Australia/Sydney", locale: "en-AU" }
 * )
 * // '<payment-plan-message currency="AUD" amount="1100" deposit="280" …><template shadowrootmode="open">…Pay AUD 280.06 today, …</template></payment-plan-message>'
 * ```
 * @category Messaging
 * @since 0.2.0
 */
export const renderPlanMessage = (
  input: Input<Checkout.CheckoutRequest> | Input<PlanMessageItem>,
  options: PlanMessageOptions
): string => {
  const o = optionsOf(options)
  const message = answer(RENDER, options, outcome(safely(() => messageResult(input, o)), checkoutWarnings(input)))
  reportUnknown(RENDER, options, message)
  const text = message.ok ? message.value.text : ""
  let attributes: Array<readonly [AttributeName, string]>
  try {
    attributes = attributesOf(input, o)
  } catch {
    attributes = []
  }
  const written = attributes.map(([name, value]) => ` ${name}="${escapeHtml(value)}"`).join("")
  return `<${TAG}${written}><template shadowrootmode="open">${SHADOW_OPEN}${
    escapeHtml(text)
  }${SHADOW_CLOSE}</template></${TAG}>`
}

export { ERROR_EVENT, TAG, WARNING_EVENT } from "./markup.ts"
