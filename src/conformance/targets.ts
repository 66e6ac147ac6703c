/**
 * Steering generated scenarios onto the boundary classes of the testing kit
 * (`testing/boundaries.ts`): a scenario carries the classes it targets, and
 * the request built from it is nudged until it lies in them (a cost whose
 * deposit falls on an exact half, a redemption on a policy's exact day, a
 * cadence on the plan date's day of month, a refundable percentage that makes
 * what was paid equal the non-refundable part). Each property's first runs
 * take their targets from its slots, in order, so every class is reached in
 * every run that has as many scenarios as slots; later runs draw slots at
 * random. What a scenario reached is decided by the testing kit's classifiers,
 * never assumed from its targets: a target the merchant's configuration or the
 * day rules out is simply not reached.
 *
 * @module
 */
// Over 400 lines: steering scenarios onto the boundary classes, one steering per class (a table).
import type { CheckoutItem, CheckoutRequest } from "../core/checkout/index.ts"
import * as Money from "../core/foundation/money.ts"
import * as Time from "../core/foundation/time/index.ts"
import { WEEKDAYS } from "../core/plan-terms/index.ts"
import type { PlanTerms } from "../core/plan-terms/index.ts"
import type { RefundCalculation } from "../core/refund/index.ts"
import { calculateRefundResult, computePlanTermsResult, summarizeCheckoutResult } from "../facade/index.ts"
import { costAtHalf, percentageAtHalf, tiedDefaultDays } from "../testing/boundaries.ts"
import {
  checkoutRequestOf,
  type CheckoutSpec,
  type CurrencyInfo,
  currencyOfSpec,
  type GenerationContext
} from "./scenarios.ts"

// ---------------------------------------------------------------------------
// Slots: the targets of a property's first runs, in order

/** Valid checkouts (R1.5, R2): item classes on separate items, date classes on the checkout. */
export const CREATE_SLOTS: ReadonlyArray<ReadonlyArray<string>> = [
  ["R1.5/deposit-half-even", "R2.2/currency-capped", "R2.4/deadline-tie"],
  ["R1.5/deposit-half-odd", "R2.2/unit-case", "R2.4/zone-dependent"],
  ["R2.2/merchant-default", "R2.3/quantity", "R2.4/default-deadline"],
  ["R1.5/deposit-half-odd", "R2.3/quantity", "R2.4/deadline-tie"],
  ["R1.5/deposit-half-even", "R2.2/unit-case", "R2.4/zone-dependent"],
  ["R2.2/currency-capped", "R2.2/merchant-default", "R2.4/default-deadline"]
]

/**
 * Plan terms (R5, R6): a class of the checkout (unprefixed) and one per
 * request, `0:` Weekly, `1:` Fortnightly, `2:` Monthly.
 */
export const TERMS_SLOTS: ReadonlyArray<ReadonlyArray<string>> = [
  ["0:R6.3/weekly-own-weekday", "1:R5/remainder-zero", "2:R6.3/monthly-today"],
  ["R6.3/monthly-clamped", "0:R6.2/default-day", "1:R6.4/at-max", "2:R6.3/monthly-clamped"],
  ["R6.3/completion-today"],
  ["R6.5/dropped", "0:R6.5/dropped", "1:R6.2/any-case", "2:R6.3/monthly-after-today"],
  ["R6.4/max-capped", "0:R6.4/max-capped", "1:R6.4/max-capped", "2:R6.6/above-maximum-payment"],
  ["R6.3/on-completion", "0:R5/remainder-max", "1:R6.3/on-completion", "2:R6.2/default-day"],
  ["0:R6.4/at-min", "1:R6.3/weekly-own-weekday", "2:R6.3/monthly-today"],
  ["0:R6.2/any-case", "1:R6.4/below-min", "2:R6.3/monthly-late-day"]
]

/** Refunds (R1.5, R7): the active policy's day, what was paid against the non-refundable part, a half. */
export const REFUND_SLOTS: ReadonlyArray<ReadonlyArray<string>> = [
  ["R7.2/exact-day", "R7.6/paid-below", "R7.5/policy-greater", "R1.5/refund-half-even"],
  ["R7.2/day-before", "R7.6/paid-at", "R1.5/refund-half-odd"],
  ["R7.2/day-after", "R7.6/paid-just-above", "R7.5/policy-greater"],
  ["R7.2/tie", "R7.6/paid-below", "R1.5/refund-half-odd"],
  ["R7.2/none-active", "R7.4/deposit-kept", "R1.5/refund-half-even"],
  ["R7.2/exact-day", "R7.4/deposit-kept", "R7.5/deposit-greater"],
  ["R7.2/day-after", "R7.6/paid-at", "R1.5/refund-half-even"],
  ["R7.2/day-before", "R7.6/paid-just-above", "R1.5/refund-half-odd"],
  ["R7.2/exact-day", "R7.6/paid-just-above", "R7.4/deposit-kept", "R7.5/policy-greater"],
  ["R7.2/tie", "R7.4/deposit-kept", "R7.5/deposit-greater", "R1.5/refund-half-odd"],
  ["R7.2/exact-day", "R7.6/paid-at", "R1.5/refund-half-even"],
  // a plan zone whose today is not UTC's, at every hour one of the two: a policy's edge counted in UTC falls past it
  ["R7.1/zone-day", "zone:Pacific/Kiritimati", "R7.2/exact-day"],
  ["R7.1/zone-day", "zone:Etc/GMT+12", "R7.2/day-before"]
]

/** Verification (R8): each outcome of the customer's, redirect URLs with a query or a fragment. */
export const VERIFY_SLOTS: ReadonlyArray<ReadonlyArray<string>> = [
  ["R8.2/accepted", "R8.1/redirect-query"],
  ["R8.2/declined", "R8.1/redirect-fragment"],
  ["R8.2/abandoned", "R8.1/redirect-query"],
  ["R8.2/missed", "R8.1/redirect-fragment"],
  ["R8.2/accepted", "R8.1/redirect-fragment"],
  ["R8.2/declined", "R8.1/redirect-query"]
]

/** Plan records: the checkout's and the terms' classes again, through a plan paid and read back. */
export const PLANS_SLOTS: ReadonlyArray<ReadonlyArray<string>> = [
  ["R1.5/deposit-half-even", "R2.3/quantity"],
  ["R1.5/deposit-half-odd", "R2.2/unit-case"],
  ["R2.2/currency-capped", "R2.4/default-deadline"]
]

/** A small number from a spec, for choices steering makes (which policy, which day): the same spec, the same choice. */
export const pickOf = (spec: CheckoutSpec): number =>
  (spec.currency * 31 + (spec.externalCode ?? 0) * 7 + (spec.items[0]?.costMajor ?? 0)) % 9973

/** The targets of a slot for one request of the terms (`0:`, `1:`, `2:`), and those of the checkout. */
export const requestTargets = (slot: ReadonlyArray<string>, index: number): Array<string> =>
  slot.filter((t) => t.startsWith(`${index}:`)).map((t) => t.slice(2))

export const checkoutTargets = (slot: ReadonlyArray<string>): Array<string> => slot.filter((t) => !/^\d:/.test(t))

// ---------------------------------------------------------------------------
// Checkouts

type Item = Record<string, any>

const minorOf = (item: Item, exponent: number): number => Money.toMinorUnits(item["costPerItem"], exponent) as number

const setCost = (item: Item, minor: number, exponent: number): void => {
  item["costPerItem"] = Money.fromMinorUnits(Math.max(1, minor), exponent)
}

/** Item-level targets, each on an item of its own (added when the checkout has too few). */
const ITEM_TARGETS = new Set([
  "R1.5/deposit-half-even",
  "R1.5/deposit-half-odd",
  "R2.2/currency-capped",
  "R2.2/unit-case",
  "R2.2/merchant-default",
  "R2.3/quantity",
  "R2.4/default-deadline"
])

/** The day an item's redemption falls on, in `zone` for a date-time. */
const redemptionDayOf = (item: Item, zone: string): number => {
  const parsed = Time.parseDateOrInstant(String(item["redemptionDate"]))
  return parsed === undefined ? 0 : parsed._tag === "Date" ? parsed.day : Time.localDay(parsed.ms, zone)
}

const deadlineOf = (item: Item, merchant: Record<string, any> | undefined): number =>
  typeof item["paymentDeadline"] === "number"
    ? item["paymentDeadline"]
    : typeof merchant?.["defaultPaymentDeadline"] === "number" && merchant["defaultPaymentDeadline"] >= 0
    ? Math.floor(merchant["defaultPaymentDeadline"])
    : 0

const setDay = (item: Item, day: number): void => {
  item["redemptionDate"] = Time.formatDate(day)
}

const steerItem = (item: Item, target: string, exponent: number, size: "any" | "payable", merchant: any): void => {
  const cost = minorOf(item, exponent)
  const own = item["minimumDepositPerItem"] as { unit: string; value: number } | undefined
  switch (target) {
    case "R1.5/deposit-half-even":
    case "R1.5/deposit-half-odd": {
      const parity = target.endsWith("even") ? "even" : "odd"
      const unit = own !== undefined && own.unit.toLowerCase() === "percentage" ? own.unit : "Percentage"
      const tries = [own !== undefined && unit === own.unit ? Math.min(own.value, 100) : 10, 10, 50, 30]
      for (const percentage of tries) {
        const at = costAtHalf(cost, percentage, parity)
        if (at === undefined) continue
        setCost(item, at, exponent)
        item["minimumDepositPerItem"] = { unit, value: percentage }
        return
      }
      return
    }
    case "R2.2/currency-capped":
      item["minimumDepositPerItem"] = {
        unit: own?.unit.toLowerCase() === "currency" ? own.unit : "Currency",
        value: Money.fromMinorUnits(cost + 1 + Math.floor(cost / 3), exponent)
      }
      return
    case "R2.2/unit-case":
      item["minimumDepositPerItem"] = own === undefined
        ? { unit: "percentage", value: 10 }
        : {
          unit: own.unit === own.unit.toUpperCase() ? own.unit.toLowerCase() : own.unit.toUpperCase(),
          value: own.value
        }
      return
    case "R2.2/merchant-default":
      delete item["minimumDepositPerItem"]
      return
    case "R2.3/quantity": {
      item["quantity"] = Math.max(2, Math.min(item["quantity"] as number, size === "payable" ? 3 : 20))
      const defaults = typeof merchant?.defaultMinDepositValue === "number" && merchant.defaultMinDepositValue > 0
      if ((own === undefined && !defaults) || own?.value === 0) {
        item["minimumDepositPerItem"] = { unit: "Percentage", value: 10 }
      }
      return
    }
    case "R2.4/default-deadline":
      delete item["paymentDeadline"]
      return
  }
}

/** Two items whose deadlines fall on the earliest deadline date (calendar dates). */
const steerTie = (items: Array<Item>, context: GenerationContext, zone: string, addItem: () => boolean): void => {
  if (items.length < 2 && !addItem()) return
  const merchant = context.merchant as Record<string, any> | undefined
  for (const item of items) setDay(item, redemptionDayOf(item, zone))
  const deadlines = items.map((item) => redemptionDayOf(item, zone) - deadlineOf(item, merchant))
  const earliest = Math.min(...deadlines)
  const a = deadlines.indexOf(earliest)
  const b = a === 0 ? 1 : 0
  const anchor = Time.utcDay(context.anchor)
  let deadline = deadlineOf(items[b]!, merchant)
  if (earliest + deadline < anchor) deadline = anchor - earliest
  items[b]!["paymentDeadline"] = deadline
  setDay(items[b]!, earliest + deadline)
}

/** The earliest deadline a date-time whose date in the service's zone is not its UTC date. */
const steerZone = (items: Array<Item>, context: GenerationContext, zone: string): void => {
  const merchant = context.merchant as Record<string, any> | undefined
  const item = items[0]!
  const day = Math.max(redemptionDayOf(item, zone), Time.utcDay(context.anchor) + 1)
  for (let hour = 0; hour < 24; hour++) {
    const ms = day * Time.MS_PER_DAY + hour * 3_600_000 + 30 * 60_000
    const local = Time.localDay(ms, zone)
    if (local === day) continue
    item["redemptionDate"] = new Date(ms).toISOString().replace(".000Z", "Z")
    item["paymentDeadline"] = 0
    for (const other of items.slice(1)) {
      if (redemptionDayOf(other, zone) - deadlineOf(other, merchant) <= local) {
        const deadline = deadlineOf(other, merchant)
        other["paymentDeadline"] = deadline
        setDay(other, local + 1 + deadline)
      }
    }
    return
  }
}

/** Every item's deadline at least `days` after today in `zone` (calendar dates), so plans have instalments. */
const steerFar = (items: Array<Item>, context: GenerationContext, zone: string, days: number): void => {
  const merchant = context.merchant as Record<string, any> | undefined
  const today = Time.localDay(context.now?.() ?? context.anchor, zone)
  for (const item of items) {
    const deadline = deadlineOf(item, merchant)
    const redemption = redemptionDayOf(item, zone)
    if (redemption - deadline < today + days) setDay(item, today + days + deadline + (redemption % 30 + 30) % 30)
  }
}

/** The completion date on today in the plan's zone: the first item's deadline is today, the others later. */
const steerCompletionToday = (items: Array<Item>, context: GenerationContext, zone: string): void => {
  const merchant = context.merchant as Record<string, any> | undefined
  const today = Time.localDay(context.now?.() ?? context.anchor, zone)
  const first = items[0]!
  const redemption = Math.max(redemptionDayOf(first, zone), Time.utcDay(context.anchor))
  setDay(first, redemption)
  first["paymentDeadline"] = redemption - today
  for (const other of items.slice(1)) {
    if (redemptionDayOf(other, zone) - deadlineOf(other, merchant) < today) other["paymentDeadline"] = 0
  }
}

/**
 * The checkout request steered onto `targets` (class ids): item classes each
 * on an item of its own, then the classes of the checkout's dates, then those
 * the plan terms need of the checkout (a completion date far enough for
 * instalments, on today, a small total over many dates).
 *
 * @since 0.2.0
 */
export const steerCheckout = (
  request: CheckoutRequest,
  targets: ReadonlyArray<string>,
  context: GenerationContext,
  currency: CurrencyInfo,
  size: "any" | "payable",
  planZone: string | undefined
): CheckoutRequest => {
  if (targets.length === 0) return request
  const items: Array<Item> = request.items.map((item) => ({ ...item }))
  const exponent = currency.exponent
  const maxItems = size === "any" ? 4 : 3
  const addItem = (): boolean => {
    if (items.length >= maxItems) return false
    items.push({ ...items[0]!, description: `${String(items[0]!["description"])} (2)` })
    return true
  }
  const zone = context.timeZone ?? "UTC"
  const itemTargets = targets.filter((t) => ITEM_TARGETS.has(t))
  itemTargets.forEach((target, k) => {
    if (k >= items.length) addItem()
    steerItem(items[k % items.length]!, target, exponent, size, context.merchant)
  })
  if (targets.includes("R2.4/deadline-tie")) steerTie(items, context, zone, addItem)
  if (targets.includes("R2.4/zone-dependent")) steerZone(items, context, zone)
  const plan = planZone ?? zone
  if (targets.includes("R6.5/dropped")) {
    items.splice(1)
    const item = items[0]!
    item["quantity"] = 1
    delete item["minimumDepositPerItem"]
    setCost(item, Math.max(5, currency.minimumMinor * 5), exponent)
    steerFar(items, context, plan, 200)
  }
  if (targets.includes("R6.4/max-capped") && currency.maximumMinor !== undefined) {
    const item = items[0]!
    item["quantity"] = 1
    setCost(
      item,
      currency.maximumMinor + 3 * Math.max(1, currency.minimumMinor) + (minorOf(item, exponent) % 100),
      exponent
    )
  }
  if (targets.some((t) => MODERATE_TARGETS.has(t))) {
    // a total a deposit range fits in (below the maximum payment), over months of instalments
    const limit = currency.maximumMinor === undefined ? 10_000_000 : Math.floor(currency.maximumMinor / 2)
    const share = Math.floor(limit / items.length)
    const least = 40 * Math.max(1, currency.minimumMinor)
    for (const item of items) {
      if (minorOf(item, exponent) * (item["quantity"] as number) <= share) continue
      item["quantity"] = 1
      setCost(item, Math.max(least, minorOf(item, exponent) % share), exponent)
    }
    steerFar(items, context, plan, 60)
  }
  if (targets.some((t) => FAR_TARGETS.has(t))) steerFar(items, context, plan, 100)
  if (targets.includes("R6.3/completion-today")) steerCompletionToday(items, context, plan)
  return { ...request, items: items as Array<CheckoutItem> }
}

/** Classes of plan terms that need instalments months ahead. */
const FAR_TARGETS = new Set(["R6.3/monthly-clamped", "R6.3/on-completion"])

/** Classes of plan terms that need a deposit range to move in: a total below the maximum payment, instalments. */
const MODERATE_TARGETS = new Set([
  "R5/remainder-zero",
  "R5/remainder-max",
  "R6.4/at-min",
  "R6.4/at-max",
  "R6.4/below-min",
  "R6.3/weekly-own-weekday",
  "R6.3/monthly-today",
  "R6.3/monthly-after-today",
  "R6.3/monthly-late-day",
  "R6.2/default-day",
  "R6.2/any-case"
])

/**
 * The create-checkout request of a spec, steered onto the spec's targets
 * (items on a policy's boundary and today counted in `planZone`, the zone of
 * the plan to be).
 *
 * @since 0.2.0
 */
export const steeredRequestOf = (spec: CheckoutSpec, context: GenerationContext, planZone?: string): CheckoutRequest =>
  steerCheckout(
    checkoutRequestOf(spec, context, planZone),
    spec.targets ?? [],
    context,
    currencyOfSpec(spec, context),
    spec.size ?? "any",
    planZone
  )

// ---------------------------------------------------------------------------
// Plan terms

/**
 * The plan-terms request steered onto `targets` for the checkout it is for:
 * its cadence's day (the plan date's weekday or day of month, a later day,
 * 28–31, none), the case of its words, its deposit (the range's ends, one
 * below, a remainder of 0 or count − 1).
 *
 * @since 0.2.0
 */
export const steerTerms = (
  request: Record<string, any>,
  targets: ReadonlyArray<string>,
  checkout: CheckoutRequest,
  context: GenerationContext,
  currency: CurrencyInfo,
  pick: number
): Record<string, any> => {
  if (targets.length === 0) return request
  const out: Record<string, any> = JSON.parse(JSON.stringify(request))
  // instalments, so the cadence and the deposit range apply (R6.8 has neither)
  if (out["planType"] === "PayInFull" && !targets.includes("R6.3/completion-today")) out["planType"] = "Installment"
  const now = context.now?.() ?? context.anchor
  for (const target of targets) {
    if (target.startsWith("R6.2/") || target.startsWith("R6.3/")) {
      steerCadence(out, target, checkout, context, now, pick)
    } else steerDeposit(out, target, checkout, context, currency, now)
  }
  return out
}

/** The cadence of a plan-terms request steered onto a class of R6.2 or R6.3. */
const steerCadence = (
  out: Record<string, any>,
  target: string,
  checkout: CheckoutRequest,
  context: GenerationContext,
  now: number,
  pick: number
): void => {
  const cadence: Record<string, any> = (out["installments"] ??= {}).cadence ??= { frequency: "Weekly" }
  const monthly = String(cadence["frequency"]).toLowerCase() === "monthly"
  const planDay = Time.localDay(now, out["timeZone"])
  const { day, month, year } = Time.civil(planDay)
  const last = Time.daysInMonth(year, month)
  const onMonthDay = (d: number) => {
    if (monthly) cadence["on"] = { dayOfMonth: d }
  }
  switch (target) {
    case "R6.3/weekly-own-weekday":
      if (!monthly) cadence["on"] = { dayOfWeek: WEEKDAYS[Time.weekday(planDay)] }
      return
    case "R6.3/monthly-today":
      return onMonthDay(day)
    case "R6.3/monthly-after-today":
      if (day < last) onMonthDay(day + 1 + (pick % (last - day)))
      return
    case "R6.3/monthly-late-day":
      return onMonthDay(28 + (pick % 4))
    case "R6.3/monthly-clamped":
      return onMonthDay(31 - (pick % 2))
    case "R6.3/on-completion": {
      const summary = summarizeCheckoutResult(checkout, { now, merchant: context.merchant, timeZone: out["timeZone"] })
      const completion = summary.ok ? Time.parseDate(summary.value.completionDate) : undefined
      if (completion !== undefined) {
        cadence["on"] = monthly
          ? { dayOfMonth: Time.civil(completion).day }
          : { dayOfWeek: WEEKDAYS[Time.weekday(completion)] }
      }
      return
    }
    case "R6.2/default-day":
      delete cadence["on"]
      return
    case "R6.2/any-case":
      cadence["frequency"] = String(cadence["frequency"]).toLowerCase()
      if (!monthly) cadence["on"] = { dayOfWeek: String(WEEKDAYS[pick % 7]).toUpperCase() }
      return
  }
}

/** The deposit of a plan-terms request steered onto a class of R5 or R6.4, with the engine's terms. */
const steerDeposit = (
  out: Record<string, any>,
  target: string,
  checkout: CheckoutRequest,
  context: GenerationContext,
  currency: CurrencyInfo,
  now: number
): void => {
  const engine = (body: unknown): PlanTerms | undefined => {
    const answer = computePlanTermsResult(checkout, body, { now, merchant: context.merchant })
    return answer.ok ? answer.value : undefined
  }
  const minor = (n: number) => Money.toMinorUnits(n, currency.exponent) as number
  const deposit = (d: number) => {
    out["deposit"] = { amount: Money.fromMinorUnits(Math.max(0, d), currency.exponent) }
  }
  switch (target) {
    case "R6.4/at-min":
      delete out["deposit"]
      return
    case "R6.6/above-maximum-payment": {
      // a deposit one minor unit above the maximum payment (the range's maximum, a checkout steered onto R6.4's
      // cap): the first payment is above it too (R6.6 reports both)
      const terms = engine({ ...out, deposit: undefined })
      if (terms !== undefined && currency.maximumMinor !== undefined) deposit(currency.maximumMinor + 1)
      return
    }
    case "R6.4/at-max":
    case "R6.4/below-min": {
      const terms = engine({ ...out, deposit: undefined })
      if (terms !== undefined) {
        deposit(target === "R6.4/at-max" ? minor(terms.deposit.range.max) : minor(terms.deposit.range.min) - 1)
      }
      return
    }
    case "R5/remainder-zero":
    case "R5/remainder-max": {
      delete out["deposit"]
      // a deposit a few minor units above the least leaves the remainder wanted (R6.5 may drop a date: again)
      for (let attempt = 0; attempt < 3; attempt++) {
        const terms = engine(out)
        if (terms === undefined || terms.installments.count < 1) return
        const count = terms.installments.count
        const base = minor(terms.deposit.amount)
        const want = target === "R5/remainder-zero" ? 0 : count - 1
        deposit(base + (((minor(terms.totalCost) - base - want) % count) + count) % count)
      }
    }
  }
}

// ---------------------------------------------------------------------------
// Refunds

const EMPTY: ReadonlyArray<never> = []

/** An item's policies as a calculation reads them: its own, else the merchant's defaults (R7.2). */
const policiesOf = (item: Item, context: GenerationContext): ReadonlyArray<{ readonly days: number }> => {
  const own = item["refundPolicies"] as ReadonlyArray<{ daysWithinRedemptionDate: number }> | undefined
  if (own !== undefined && own.length > 0) return own.map((p) => ({ days: p.daysWithinRedemptionDate }))
  return (context.defaultPolicyDays ?? EMPTY).map((days) => ({ days }))
}

/** The smallest days value at least `from` that no policy of the item has (R4.6: no two alike). */
const freeDays = (item: Item, from: number): number => {
  const taken = new Set((item["refundPolicies"] ?? []).map((p: any) => p.daysWithinRedemptionDate))
  let d = from
  while (taken.has(d)) d++
  return d
}

/**
 * The redemption dates and deposits of a payable checkout steered onto
 * R7.2's, R7.4's and R7.5's classes, before its terms are chosen (the
 * deposit changes the terms; the policies' percentages, steered later by
 * {@link steerPolicies}, do not).
 *
 * @since 0.2.0
 */
export const steerRefundDates = (
  request: CheckoutRequest,
  targets: ReadonlyArray<string>,
  context: GenerationContext,
  zone: string,
  pick: number
): CheckoutRequest => {
  const items: Array<Item> = request.items.map((item) => ({ ...item }))
  const item = items[0]!
  const today = Time.localDay(context.now?.() ?? context.anchor, zone)
  const earliest = Time.utcDay(context.anchor) - today + 1
  const at = (remaining: number) => setDay(item, today + Math.max(earliest, remaining))
  const withPolicies = () => {
    if ((item["refundPolicies"] ?? []).length === 0) {
      item["refundPolicies"] = [{ daysWithinRedemptionDate: 20 + (pick % 60), refundablePercentage: 50 }]
    }
  }
  // what was paid against the non-refundable part wants instalments: a redemption weeks away
  const least = targets.some((t) => t.startsWith("R7.6/")) ? 40 + (pick % 60) : earliest + 2
  const onPolicy = (shift: number) => {
    withPolicies()
    const policies: Array<Item> = (item["refundPolicies"] as Array<Item>).map((p) => ({ ...p }))
    // a window long enough that the day either side still lies after today
    const index = pick % policies.length
    if (policies[index]!["daysWithinRedemptionDate"] < least) {
      policies[index]!["daysWithinRedemptionDate"] = freeDays({ refundPolicies: policies }, least)
    }
    item["refundPolicies"] = policies
    at(policies[index]!["daysWithinRedemptionDate"] + shift)
  }
  for (const target of targets) {
    switch (target) {
      case "R7.2/exact-day":
        onPolicy(0)
        break
      case "R7.2/day-before":
        onPolicy(1)
        break
      case "R7.2/day-after":
        onPolicy(-1)
        break
      case "R7.2/tie": {
        const tie = tiedDefaultDays(context.merchant)
        if (tie === undefined) break
        delete item["refundPolicies"]
        const shorter = (context.defaultPolicyDays ?? []).filter((d) => d < tie)
        const floor = shorter.length === 0 ? 0 : Math.max(...shorter) + 1
        at(Math.max(floor, tie - (pick % 2)))
        break
      }
      case "R7.2/none-active": {
        withPolicies()
        const longest = Math.max(...policiesOf(item, context).map((p) => p.days))
        at(longest + 1 + (pick % 20))
        break
      }
      case "R7.4/deposit-kept":
      case "R7.5/deposit-greater": {
        item["depositRefundable"] = false
        const own = item["minimumDepositPerItem"] as { unit: string; value: number } | undefined
        if (target === "R7.5/deposit-greater" || own === undefined || own.value === 0) {
          item["minimumDepositPerItem"] = { unit: "Percentage", value: 60 + (pick % 30) }
        }
        break
      }
    }
  }
  // instalments (a first payment below the total): the other items' deadlines weeks away too
  if (targets.some((t) => t.startsWith("R7.6/"))) steerFar(items.slice(1), context, zone, 40)
  return { ...request, items: items as Array<CheckoutItem> }
}

/** The percentage (8 decimals at most) of `line` minor units whose refundable part leaves `part` non-refundable (R7.3). */
const percentageLeaving = (line: number, part: number): number | undefined => {
  if (part < 0 || part > line || line <= 0) return undefined
  const near = Math.round((100 * (line - part) * 1e8) / line) / 1e8
  for (const step of [0, 1e-8, -1e-8, 2e-8, -2e-8]) {
    const p = Math.min(100, Math.max(0, near + step))
    if (line - Money.percentageOf(line, p) === part) return p
  }
  return undefined
}

/** The half (R1.5) of a refundable part, on a policy of an item that is not its active one. */
const steerHalf = (
  items: Array<Item>,
  calculated: RefundCalculation,
  parity: "even" | "odd",
  minor: (n: number) => number,
  pick: number
): void => {
  const index = items.length > 1 ? 1 + (pick % (items.length - 1)) : 0
  const item = items[index]!
  const percentage = percentageAtHalf(minor(calculated.items[index]!.totalCost), parity, 100 + (pick % 9800))
  if (percentage === undefined) return
  const policies = (item["refundPolicies"] ?? []) as Array<Item>
  const active = calculated.items[index]!.activeRefundPolicyIndex
  const spare = policies.findIndex((_, j) => j !== active)
  // an item on the merchant's defaults keeps them (a tie, say): its halves are the defaults'
  if (spare >= 0) policies[spare]!["refundablePercentage"] = percentage
  else if (policies.length > 0) {
    // days below any remaining: listed, never active before the redemption day
    item["refundPolicies"] = [...policies, {
      daysWithinRedemptionDate: freeDays(item, 0),
      refundablePercentage: percentage
    }]
  }
}

/**
 * The policies' refundable percentages of a payable checkout steered onto
 * R7.5's and R7.6's classes (the first item's active policy's part against its
 * kept deposit; what was paid, `paid` minor units, the plan's first payment,
 * against the non-refundable total) and onto R1.5's halves (another policy's
 * refundable part on an exact half). For R7.6 every item is given an active
 * policy of its own that can be tuned (a long window, fully refundable until
 * tuned), except a first item steered onto a tie of the merchant's policies or
 * onto none active; then the non-refundable parts are shared out so that they
 * add up to what was paid, one minor unit more or one less. `calculation` is the
 * engine's.
 *
 * @since 0.2.0
 */
export const steerPolicies = (
  request: CheckoutRequest,
  targets: ReadonlyArray<string>,
  paid: number,
  exponent: number,
  calculation: (request: CheckoutRequest) => RefundCalculation | undefined,
  pick: number
): CheckoutRequest => {
  const items: Array<Item> = request.items.map((item) => ({
    ...item,
    ...(item.refundPolicies === undefined ? {} : { refundPolicies: item.refundPolicies.map((p) => ({ ...p })) })
  }))
  const current = () => calculation({ ...request, items: items as Array<CheckoutItem> })
  const minor = (n: number) => Money.toMinorUnits(n, exponent) as number
  const activeOwn = (calculated: RefundCalculation | undefined, j: number): Item | undefined => {
    const index = calculated?.items[j]?.activeRefundPolicyIndex ?? -1
    return index >= 0 ? (items[j]!["refundPolicies"] as Array<Item> | undefined)?.[index] : undefined
  }
  for (const target of targets) {
    const calculated = current()
    if (calculated !== undefined && (target === "R1.5/refund-half-even" || target === "R1.5/refund-half-odd")) {
      steerHalf(items, calculated, target.endsWith("even") ? "even" : "odd", minor, pick)
    }
  }
  const paidTarget = targets.find((t) => t.startsWith("R7.6/"))
  const keepFirst = targets.includes("R7.2/tie") || targets.includes("R7.2/none-active")
  if (paidTarget !== undefined || targets.some((t) => t.startsWith("R7.5/"))) {
    // an active policy of its own on each item that can take one: the longest window, active whatever the day
    const before = current()
    items.forEach((item, j) => {
      if ((j === 0 && keepFirst) || (j > 0 && paidTarget === undefined)) return
      if (activeOwn(before, j) !== undefined) return
      const own = (item["refundPolicies"] ?? []) as Array<Item>
      if (j === 0 && own.length === 0) return
      item["refundPolicies"] = [...own, { daysWithinRedemptionDate: freeDays(item, 1000), refundablePercentage: 100 }]
    })
  }
  const calculated = current()
  if (calculated === undefined) return request
  shareOut(calculated, targets, paidTarget, paid, minor, (j) => activeOwn(calculated, j), pick)
  return { ...request, items: items as Array<CheckoutItem> }
}

/**
 * The items' non-refundable parts (R7.5: the greater of a kept deposit and
 * the active policy's part) shared out so they add up to what was paid and
 * `paidTarget`'s shift (R7.6), each item with an active policy of its own
 * tuned within its range, the first item last (its R7.5 class holds); only
 * the first item's R7.5 class without an R7.6 target.
 */
const shareOut = (
  calculated: RefundCalculation,
  targets: ReadonlyArray<string>,
  paidTarget: string | undefined,
  paid: number,
  minor: (n: number) => number,
  activeOwn: (j: number) => Item | undefined,
  pick: number
): void => {
  const first = {
    low: targets.includes("R7.5/policy-greater") ? 1 : 0,
    high: targets.includes("R7.5/deposit-greater") ? 0 : Infinity
  }
  const ranges = calculated.items.map((q, j) => {
    const kept = minor(q.minNonRefundableDeposit)
    const line = minor(q.totalCost)
    const policy = activeOwn(j)
    if (policy === undefined) return { fixed: minor(q.nonRefundableAmount) } as const
    return {
      policy,
      line,
      kept,
      low: kept + (j === 0 ? first.low : 0),
      high: j === 0 && first.high === 0 ? kept : line
    } as const
  })
  const shift = paidTarget === "R7.6/paid-below" ? 1 + (pick % 3) : paidTarget === "R7.6/paid-at" ? 0 : -1
  const wanted = paidTarget === undefined ? undefined : paid + shift
  const tunable = ranges.filter((r) => !("fixed" in r))
  const fixed = ranges.reduce((n, r) => n + ("fixed" in r ? r.fixed : 0), 0)
  let rest = wanted === undefined
    ? 0
    : wanted - fixed - tunable.reduce((n, r) => n + (r as { low: number }).low, 0)
  if (
    wanted !== undefined && (rest < 0 || rest > tunable.reduce((n, r) => n + ((r as any).high - (r as any).low), 0))
  ) {
    rest = 0
  }
  // the last items first, the first last: its R7.5 class holds whatever is left
  for (let j = ranges.length - 1; j >= 0; j--) {
    const r = ranges[j]!
    if ("fixed" in r) continue
    const add = Math.min(r.high - r.low, Math.max(0, rest))
    rest -= add
    const amount = r.low + add
    // the policy's part: the amount itself above the kept deposit, below it otherwise (half of it)
    const part = amount > r.kept ? amount : j === 0 && first.high === 0 ? Math.floor(r.kept / 2) : amount
    const percentage = percentageLeaving(r.line, part)
    if (percentage !== undefined && (wanted !== undefined || j === 0)) r.policy["refundablePercentage"] = percentage
  }
}

/** The engine's calculation of a plan of `request` paid `paid` minor units, in `zone`, at `at`. */
export const engineCalculation = (
  request: CheckoutRequest,
  paid: number,
  exponent: number,
  zone: string,
  at: number,
  merchant: unknown
): RefundCalculation | undefined => {
  const answer = calculateRefundResult({
    currencyCode: request.currencyCode,
    totalPaymentsPaid: Money.fromMinorUnits(paid, exponent),
    timeZone: zone,
    items: request.items
  }, { at, merchant: merchant as never })
  return answer.ok ? answer.value : undefined
}
