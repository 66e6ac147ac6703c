/**
 * The refund calculation (R7): for each item the deposit it keeps, the policy
 * active at an instant and what that policy keeps; the greater of the two is
 * non-refundable, and the rest of what was paid is the suggested refund.
 *
 * One function, {@link evaluate}, reads the plan and does the arithmetic in
 * integer minor units. {@link quoteResult} asks it for the service's whole
 * response; {@link quoteTotals} for the four totals only, without building a
 * name, a date or an object per item, for reports over many plans.
 *
 * @since 0.1.0
 */
import { Effect, Result } from "effect"
import { depositUnit, unitMinimumDepositOf } from "../deposit/minimum-deposit.ts"
import * as Currency from "../foundation/currency.ts"
import { describe, fail, type Issue, issue, type ValidationError } from "../foundation/issues.ts"
import { amountIssues, fromMinorUnits, MAX_MINOR_UNITS, percentageOf, toMinorUnits } from "../foundation/money.ts"
import * as Time from "../foundation/time/index.ts"
import type { MerchantLike } from "../merchant/configuration.ts"
import { PERCENTAGE_REFUNDABLE_DAYS_WITHIN_REDEMPTION_DATE } from "./policy.ts"
import { redemptionDay, selectPolicy } from "./select.ts"

// ---------------------------------------------------------------------------
// Input

/**
 * A refund policy as the calculation reads it (R4.6): `type` may be absent.
 *
 * @since 0.1.0
 */
export interface RefundPolicyInput {
  readonly type?: string | undefined
  readonly daysWithinRedemptionDate: number
  readonly refundablePercentage: number
}

/**
 * An item of the plan being quoted: a checkout item (R4.6) with the `id` the
 * response names it by. A plan record's item is read as well: its
 * `minimumDepositPerItemType` and `minimumDepositPerItemValue` stand for
 * `minimumDepositPerItem`. The response's `name` is `name`, else `description`,
 * else `sku`; its `id` is `id`, else `sku`, else the item's index.
 *
 * @since 0.1.0
 */
export interface RefundPlanItem {
  readonly id?: string | number | undefined
  readonly name?: string | undefined
  readonly description?: string | undefined
  readonly sku?: string | undefined
  readonly quantity: number
  readonly costPerItem: number
  readonly minimumDepositPerItem?: { readonly unit: string; readonly value: number } | undefined
  readonly minimumDepositPerItemType?: string | undefined
  readonly minimumDepositPerItemValue?: number | undefined
  /** absent: refundable (docs/decisions.md) */
  readonly depositRefundable?: boolean | undefined
  /** `YYYY-MM-DD`, or a date-time with an offset (R2.5) */
  readonly redemptionDate: string
  /** absent or empty: the merchant's `defaultRefundPolicies` (R7.2) */
  readonly refundPolicies?: ReadonlyArray<RefundPolicyInput> | null | undefined
}

/**
 * The plan being quoted (R7.1). A plan record is read as well: `totalPaid`
 * stands for `totalPaymentsPaid`, `currency.currencyCode` for `currencyCode`.
 *
 * @since 0.1.0
 */
export interface RefundPlan {
  readonly currencyCode: string
  readonly totalPaymentsPaid: number
  /** the plan's IANA zone, used when the options give none (R3.1) */
  readonly timeZone?: string | undefined
  readonly items: ReadonlyArray<RefundPlanItem>
}

/**
 * Options of a quote.
 *
 * @since 0.1.0
 */
export interface QuoteOptions {
  /** The instant of the calculation (R3.1): `Date`, epoch ms, RFC 3339 text or `DateTime`. */
  readonly at: Time.InstantInput
  /** The zone of the calendar dates; default the plan's `timeZone`, else `UTC` (R3.1). */
  readonly timeZone?: string | undefined
  /** Default refund policies (R7.2) and minimum deposits (R2.2), zero-decimal currencies (R1.2). */
  readonly merchant?: MerchantLike | undefined
}

// ---------------------------------------------------------------------------
// Output

/**
 * A policy of an item in the response (R7.7).
 *
 * @since 0.1.0
 */
export interface QuotePolicy {
  /** the start of the day (redemption date − days) in the zone, an ISO instant */
  readonly activeFrom: string
  readonly name: string
  /** `lineTotal − rounded(lineTotal × refundablePercentage / 100)` (R7.3) */
  readonly nonRefundableAmount: number
}

/**
 * An item of the response.
 *
 * @since 0.1.0
 */
export interface QuoteItem {
  readonly id: string
  readonly name: string
  readonly quantity: number
  readonly costPerItem: number
  readonly totalCost: number
  readonly minNonRefundableDeposit: number
  readonly nonRefundableAmount: number
  readonly activeRefundPolicyIndex: number
  readonly refundPolicies: ReadonlyArray<QuotePolicy>
}

/**
 * The refund calculation, exactly the service's response (R7).
 *
 * @since 0.1.0
 */
export interface Quote {
  readonly planTotalCost: number
  readonly totalPaymentsPaid: number
  readonly totalNonRefundableAmount: number
  readonly suggestedRefundAmount: number
  readonly currencyCode: string
  readonly items: ReadonlyArray<QuoteItem>
}

/**
 * The totals of a quote in integer minor units of `currencyCode`
 * (`exponent` digits), for reports that add up many plans.
 *
 * @since 0.1.0
 */
export interface QuoteTotals {
  readonly currencyCode: string
  readonly exponent: number
  readonly planTotalCost: number
  readonly totalPaymentsPaid: number
  readonly totalNonRefundableAmount: number
  readonly suggestedRefundAmount: number
}

// ---------------------------------------------------------------------------
// Names and dates of policies (the full response only)

const NAME_CACHE_LIMIT = 4096
const names = new Map<number, Map<number, string>>()
let nameCount = 0

/**
 * A policy in words (R7.7): "75% refundable within 60 days of the redemption date".
 *
 * @example
 * ```ts
 * import { Refund } from "payment-plan-engine"
 * Refund.policyName(30, 50) // "50% refundable within 30 days of the redemption date"
 * Refund.policyName(0, 0)   // "0% refundable from the redemption date"
 * ```
 * @since 0.1.0
 */
export const policyName = (daysWithinRedemptionDate: number, refundablePercentage: number): string => {
  let byDays = names.get(refundablePercentage)
  const known = byDays?.get(daysWithinRedemptionDate)
  if (known !== undefined) return known
  const window = daysWithinRedemptionDate === 0
    ? "from the redemption date"
    : `within ${daysWithinRedemptionDate} ${daysWithinRedemptionDate === 1 ? "day" : "days"} of the redemption date`
  const name = `${refundablePercentage}% refundable ${window}`
  if (nameCount >= NAME_CACHE_LIMIT) {
    names.clear()
    nameCount = 0
    byDays = undefined
  }
  if (byDays === undefined) names.set(refundablePercentage, byDays = new Map())
  byDays.set(daysWithinRedemptionDate, name)
  nameCount++
  return name
}

const starts = new Map<string, Map<Time.EpochDay, string>>()

/**
 * `activeFrom` of a policy (R7.7): the start of `day` in the zone, as an ISO
 * instant; a window reaching before 0001-01-01 starts then.
 */
const activeFrom = (day: Time.EpochDay, timeZone: string): string => {
  const clamped = day < Time.FIRST_DAY ? Time.FIRST_DAY : day
  let byDay = starts.get(timeZone)
  if (byDay === undefined) {
    if (starts.size >= 64) starts.clear()
    starts.set(timeZone, byDay = new Map())
  }
  let text = byDay.get(clamped)
  if (text === undefined) {
    if (byDay.size >= NAME_CACHE_LIMIT) byDay.clear()
    text = Time.formatInstant(Time.startOfDay(clamped, timeZone))
    byDay.set(clamped, text)
  }
  return text
}

// ---------------------------------------------------------------------------
// The calculation

const isObject = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null && !Array.isArray(u)

const add = (issues: Array<Issue> | undefined, found: Issue): Array<Issue> => {
  if (issues === undefined) return [found]
  issues.push(found)
  return issues
}

const FIRST_MS = Time.FIRST_DAY * 86_400_000
const END_MS = (Time.LAST_DAY + 1) * 86_400_000

const isWhole = (n: unknown, min: number): n is number => typeof n === "number" && Number.isSafeInteger(n) && n >= min

/** The issue of a whole-number field, or undefined. */
const wholeIssue = (path: string, value: unknown, min: number, rule: string): Issue | undefined => {
  if (isWhole(value, min)) return undefined
  if (value === undefined) return issue(path, "required", rule, "is required")
  if (typeof value !== "number" || !Number.isFinite(value)) {
    return issue(path, "type", rule, `must be a finite number, got ${describe(value)}`)
  }
  if (!Number.isInteger(value)) return issue(path, "format", rule, `must be a whole number, got ${describe(value)}`)
  return issue(path, "range", rule, `must be a whole number of at least ${min}, got ${describe(value)}`)
}

/** Issues of one refund policy (R4.6); `path` is the policy's. */
const policyIssues = (policy: unknown, path: string, issues: Array<Issue> | undefined): Array<Issue> | undefined => {
  if (!isObject(policy)) {
    return add(issues, issue(path, "type", "R4.6", `must be a refund policy object, got ${describe(policy)}`))
  }
  const type = policy["type"]
  if (type !== undefined && type !== PERCENTAGE_REFUNDABLE_DAYS_WITHIN_REDEMPTION_DATE) {
    issues = add(
      issues,
      issue(
        `${path}.type`,
        "enum",
        "R4.6",
        `must be "${PERCENTAGE_REFUNDABLE_DAYS_WITHIN_REDEMPTION_DATE}", got ${describe(type)}`
      )
    )
  }
  const days = wholeIssue(`${path}.daysWithinRedemptionDate`, policy["daysWithinRedemptionDate"], 0, "R4.6")
  if (days !== undefined) issues = add(issues, days)
  const percentage = policy["refundablePercentage"]
  if (percentage === undefined) {
    issues = add(issues, issue(`${path}.refundablePercentage`, "required", "R4.6", "is required"))
  } else if (typeof percentage !== "number" || !Number.isFinite(percentage)) {
    issues = add(
      issues,
      issue(`${path}.refundablePercentage`, "type", "R4.6", `must be a finite number, got ${describe(percentage)}`)
    )
  } else if (!(percentage >= 0 && percentage <= 100)) {
    issues = add(
      issues,
      issue(`${path}.refundablePercentage`, "range", "R4.6", `must be between 0 and 100, got ${describe(percentage)}`)
    )
  }
  return issues
}

/** Whether a policy is valid, checked without building anything (the happy path). */
const isValidPolicy = (policy: unknown): boolean => {
  if (!isObject(policy)) return false
  const type = policy["type"]
  const percentage = policy["refundablePercentage"]
  return (
    (type === undefined || type === PERCENTAGE_REFUNDABLE_DAYS_WITHIN_REDEMPTION_DATE) &&
    isWhole(policy["daysWithinRedemptionDate"], 0) &&
    typeof percentage === "number" &&
    percentage >= 0 &&
    percentage <= 100
  )
}

/** Whether an item's own minimum deposit is valid (R4.6, R1.3), checked without building anything. */
const isValidDeposit = (unit: unknown, value: unknown, exponent: number): boolean => {
  if (typeof unit !== "string" || typeof value !== "number" || !(value >= 0)) return false
  switch (depositUnit(unit)) {
    case "currency":
      return typeof toMinorUnits(value, exponent) === "number"
    case "percentage":
      return value <= 100
  }
  return false
}

/** The item's own minimum deposit as unit and value, either form (R2.2), with its issues. */
const depositIssues = (
  item: Record<string, unknown>,
  path: string,
  exponent: number | undefined,
  issues: Array<Issue> | undefined
): Array<Issue> | undefined => {
  const nested = item["minimumDepositPerItem"]
  let unit: unknown
  let value: unknown
  let unitPath: string
  let valuePath: string
  if (nested !== undefined && nested !== null) {
    if (!isObject(nested)) {
      return add(
        issues,
        issue(`${path}.minimumDepositPerItem`, "type", "R4.6", `must be an object, got ${describe(nested)}`)
      )
    }
    unit = nested["unit"]
    value = nested["value"]
    unitPath = `${path}.minimumDepositPerItem.unit`
    valuePath = `${path}.minimumDepositPerItem.value`
  } else {
    unit = item["minimumDepositPerItemType"] ?? undefined
    value = item["minimumDepositPerItemValue"] ?? undefined
    if (unit === undefined && value === undefined) return issues
    unitPath = `${path}.minimumDepositPerItemType`
    valuePath = `${path}.minimumDepositPerItemValue`
  }
  const kind = typeof unit === "string" ? depositUnit(unit) : undefined
  if (kind === undefined) {
    issues = add(
      issues,
      unit === undefined
        ? issue(unitPath, "required", "R4.6", "is required")
        : issue(unitPath, "enum", "R4.6", `must be one of Currency, Percentage (any case), got ${describe(unit)}`)
    )
  }
  if (value === undefined) return add(issues, issue(valuePath, "required", "R4.6", "is required"))
  if (typeof value !== "number" || !Number.isFinite(value)) {
    return add(issues, issue(valuePath, "type", "R4.6", `must be a finite number, got ${describe(value)}`))
  }
  if (value < 0) return add(issues, issue(valuePath, "range", "R4.6", `must not be negative, got ${describe(value)}`))
  if (kind === "percentage" && value > 100) {
    return add(
      issues,
      issue(valuePath, "range", "R4.6", `a Percentage minimum deposit must be at most 100, got ${describe(value)}`)
    )
  }
  if (kind === "currency" && exponent !== undefined && typeof toMinorUnits(value, exponent) !== "number") {
    issues = add(issues, amountIssues(valuePath, value, exponent) as Issue)
  }
  return issues
}

/**
 * Every issue of an item (R4.6, R1.3, R2.5). Run only when the fast reading of
 * the item met something it could not use, so the happy path builds no path text.
 */
const itemIssues = (item: unknown, index: number, exponent: number | undefined): Array<Issue> | undefined => {
  const path = `items[${index}]`
  if (!isObject(item)) return [issue(path, "type", "R7.1", `must be an item object, got ${describe(item)}`)]
  let issues: Array<Issue> | undefined
  const quantity = wholeIssue(`${path}.quantity`, item["quantity"], 1, "R4.6")
  if (quantity !== undefined) issues = add(issues, quantity)
  const cost = item["costPerItem"]
  if (cost === undefined) issues = add(issues, issue(`${path}.costPerItem`, "required", "R4.6", "is required"))
  else {
    const read = amountOrIssue(`${path}.costPerItem`, cost, exponent)
    if (typeof read === "object") issues = add(issues, read)
    else if (read !== undefined && quantity === undefined && read * (item["quantity"] as number) > MAX_MINOR_UNITS) {
      issues = add(
        issues,
        issue(`${path}.quantity`, "range", "R1.1", "makes the line total larger than the largest exact amount")
      )
    }
  }
  issues = depositIssues(item, path, exponent, issues)
  const refundable = item["depositRefundable"]
  if (refundable !== undefined && refundable !== null && typeof refundable !== "boolean") {
    issues = add(
      issues,
      issue(`${path}.depositRefundable`, "type", "R4.6", `must be a boolean, got ${describe(refundable)}`)
    )
  }
  const redemption = item["redemptionDate"]
  if (redemption === undefined) issues = add(issues, issue(`${path}.redemptionDate`, "required", "R7.1", "is required"))
  else if (typeof redemption !== "string" || Time.parseDateOrInstant(redemption) === undefined) {
    issues = add(
      issues,
      issue(
        `${path}.redemptionDate`,
        "format",
        "R2.5",
        `must be a date YYYY-MM-DD or a date-time with an offset, got ${describe(redemption)}`
      )
    )
  }
  const policies = item["refundPolicies"]
  if (policies !== undefined && policies !== null) {
    if (!Array.isArray(policies)) {
      issues = add(
        issues,
        issue(`${path}.refundPolicies`, "type", "R4.6", `must be an array, got ${describe(policies)}`)
      )
    } else {for (let j = 0; j < policies.length; j++) {
        issues = policyIssues(policies[j], `${path}.refundPolicies[${j}]`, issues)
      }}
  }
  const id = item["id"]
  if (id !== undefined && id !== null && typeof id !== "string" && typeof id !== "number") {
    issues = add(issues, issue(`${path}.id`, "type", "R7.1", `must be a string, got ${describe(id)}`))
  }
  for (const field of ["name", "description", "sku"] as const) {
    const text = item[field]
    if (text !== undefined && text !== null && typeof text !== "string") {
      issues = add(issues, issue(`${path}.${field}`, "type", "R7.1", `must be a string, got ${describe(text)}`))
    }
  }
  return issues
}

/**
 * An amount in minor units, or its issue (R1.3). Without a known currency only
 * what does not depend on it is judged (type, sign): `undefined` then.
 */
const amountOrIssue = (path: string, value: unknown, exponent: number | undefined): number | Issue | undefined => {
  if (exponent !== undefined) return amountIssues(path, value, exponent)
  if (typeof value !== "number" || !Number.isFinite(value)) return amountIssues(path, value, 0) as Issue
  return value < 0 ? issue(path, "range", "R1.3", `must not be negative, got ${describe(value)}`) : undefined
}

const EMPTY: ReadonlyArray<never> = []

/**
 * Reads a plan and computes its refund (R7). With `detail` it also pushes each
 * item of the response there; without, it builds nothing per item. Every
 * problem of the input is reported, never only the first.
 *
 * @internal
 */
export const evaluate = (
  plan: unknown,
  options: QuoteOptions | undefined,
  detail: Array<QuoteItem> | undefined
): Result.Result<QuoteTotals, ValidationError> => {
  let issues: Array<Issue> | undefined
  if (!isObject(plan)) {
    return fail([
      issue(
        "",
        "type",
        "R7.1",
        `must be a plan object with currencyCode, totalPaymentsPaid and items, got ${describe(plan)}`
      )
    ])
  }
  const merchant = options?.merchant

  // the instant and the zone (R3.1)
  const atInput = options?.at
  const at = Time.toEpochMillis(atInput)
  if (at === undefined || at < FIRST_MS || at >= END_MS) {
    issues = add(
      issues,
      atInput === undefined
        ? issue("at", "required", "R3.1", "is required: the instant of the calculation")
        : issue(
          "at",
          "format",
          "R3.1",
          `must be an instant between 0001 and 9999 (Date, epoch milliseconds or RFC 3339 date-time with offset), got ${
            describe(atInput)
          }`
        )
    )
  }
  const optionZone = options?.timeZone
  const planZone = plan["timeZone"]
  const zoneInput: unknown = optionZone ?? (planZone === null ? undefined : planZone) ?? "UTC"
  const zoneOk = Time.isTimeZone(zoneInput)
  const zone = zoneOk ? zoneInput : "UTC"
  if (!zoneOk) {
    issues = add(
      issues,
      issue(
        "timeZone",
        "time_zone",
        "R3.1",
        `${optionZone === undefined ? "(the plan's) " : ""}must be an IANA time zone name, got ${describe(zoneInput)}`
      )
    )
  }

  // the currency and what was paid (R1)
  let code = plan["currencyCode"]
  let codePath = "currencyCode"
  if (code === undefined || code === null) {
    const currency = plan["currency"]
    if (isObject(currency)) {
      code = currency["currencyCode"]
      codePath = "currency.currencyCode"
    }
  }
  const exponent = typeof code === "string" ? Currency.exponent(code, merchant) : undefined
  if (exponent === undefined) {
    issues = add(
      issues,
      code === undefined || code === null
        ? issue("currencyCode", "required", "R7.1", "is required")
        : issue(
          codePath,
          "unknown_currency",
          "R4.4",
          `must be an active ISO 4217 code in upper case, got ${describe(code)}`
        )
    )
  }
  let paidInput = plan["totalPaymentsPaid"]
  let paidPath = "totalPaymentsPaid"
  if ((paidInput === undefined || paidInput === null) && plan["totalPaid"] !== undefined) {
    paidInput = plan["totalPaid"]
    paidPath = "totalPaid"
  }
  let paid = 0
  if (paidInput === undefined || paidInput === null) {
    issues = add(issues, issue("totalPaymentsPaid", "required", "R7.1", "is required"))
  } else {
    const read = amountOrIssue(paidPath, paidInput, exponent)
    if (typeof read === "number") paid = read
    else if (read !== undefined) issues = add(issues, read)
  }

  const defaults: ReadonlyArray<RefundPolicyInput> = merchant?.defaultRefundPolicies ?? EMPTY
  // a decoded configuration has valid defaults; a hand-made one is checked, cheaply, every call
  if (defaults !== EMPTY && !(Array.isArray(defaults) && defaults.every(isValidPolicy))) {
    if (!Array.isArray(defaults)) {
      issues = add(
        issues,
        issue("merchant.defaultRefundPolicies", "type", "R7.2", `must be an array, got ${describe(defaults)}`)
      )
    } else {for (let j = 0; j < defaults.length; j++) {
        issues = policyIssues(defaults[j], `merchant.defaultRefundPolicies[${j}]`, issues)
      }}
  }
  const items = plan["items"]
  if (!Array.isArray(items)) {
    issues = add(
      issues,
      items === undefined
        ? issue("items", "required", "R7.1", "is required")
        : issue("items", "type", "R7.1", `must be an array, got ${describe(items)}`)
    )
  } else if (items.length === 0) {
    issues = add(issues, issue("items", "too_short", "R7.1", "must have at least one item"))
  }
  const computing = issues === undefined
  const today = computing ? Time.localDay(at!, zone) : 0
  const e = exponent ?? 0

  let planTotalCost = 0
  let totalNonRefundable = 0
  const list: ReadonlyArray<unknown> = Array.isArray(items) ? items : EMPTY
  for (let index = 0; index < list.length; index++) {
    const item = list[index]
    // The fast reading: every field as the computation needs it, or a fall back
    // to itemIssues, which says everything that is wrong with the item.
    if (!isObject(item)) {
      issues = add(issues, itemIssues(item, index, exponent)![0]!)
      continue
    }
    const quantity = item["quantity"]
    const cost = typeof item["costPerItem"] === "number" ? toMinorUnits(item["costPerItem"], e) : "type"
    const redemptionText = item["redemptionDate"]
    const redemption = typeof redemptionText === "string" && zoneOk ? redemptionDay(redemptionText, zone) : undefined
    const refundable = item["depositRefundable"]
    const own = item["refundPolicies"]
    // absent or empty: the merchant's defaults, already checked when decoded (R7.2)
    const policies: ReadonlyArray<RefundPolicyInput> =
      own === undefined || own === null || (Array.isArray(own) && own.length === 0)
        ? defaults
        : Array.isArray(own)
        ? own
        : EMPTY
    let policiesValid = policies !== EMPTY || own === undefined || own === null || Array.isArray(own)
    if (policiesValid && policies !== defaults) {
      for (let j = 0; j < policies.length; j++) {
        if (!isValidPolicy(policies[j])) {
          policiesValid = false
          break
        }
      }
    }
    const nested = item["minimumDepositPerItem"]
    const ownUnit = isObject(nested) ? nested["unit"] : (item["minimumDepositPerItemType"] ?? undefined)
    const ownValue = isObject(nested) ? nested["value"] : (item["minimumDepositPerItemValue"] ?? undefined)
    const depositOk = ownUnit === undefined && ownValue === undefined
      ? nested === undefined || nested === null
      : isValidDeposit(ownUnit, ownValue, e)
    if (
      !isWhole(quantity, 1) ||
      typeof cost !== "number" ||
      cost < 0 ||
      cost * quantity > MAX_MINOR_UNITS ||
      redemption === undefined ||
      (refundable !== undefined && refundable !== null && typeof refundable !== "boolean") ||
      !policiesValid ||
      !depositOk ||
      !idAndNamesOk(item)
    ) {
      // the two readings agree (a property test holds them together); should they
      // not, the item is refused rather than left out of the totals
      const found = itemIssues(item, index, exponent) ??
        (issues === undefined ? [issue(`items[${index}]`, "format", "R7.1", "is invalid")] : [])
      issues = issues === undefined ? found : (issues.push(...found), issues)
      continue
    }
    if (!computing || issues !== undefined) continue

    // R7.2–R7.5 in integer minor units
    const lineTotal = cost * quantity
    const minDeposit = refundable === false
      ? unitMinimumDepositOf(cost, ownUnit as string | undefined, ownValue as number | undefined, merchant, e) *
        quantity
      : 0
    const remaining = Time.daysBetween(today, redemption)
    const active = selectPolicy(policies, remaining)
    const policyNonRefundable = active < 0
      ? 0
      : lineTotal - percentageOf(lineTotal, policies[active]!.refundablePercentage)
    const nonRefundable = minDeposit > policyNonRefundable ? minDeposit : policyNonRefundable
    planTotalCost += lineTotal
    totalNonRefundable += nonRefundable

    if (detail !== undefined) {
      const quoted: Array<QuotePolicy> = []
      for (let j = 0; j < policies.length; j++) {
        const policy = policies[j]!
        const days = policy.daysWithinRedemptionDate
        quoted.push({
          activeFrom: activeFrom(redemption - days, zone),
          name: policyName(days, policy.refundablePercentage),
          nonRefundableAmount: fromMinorUnits(
            j === active ? policyNonRefundable : lineTotal - percentageOf(lineTotal, policy.refundablePercentage),
            e
          )
        })
      }
      detail.push({
        id: itemId(item, index),
        name: itemName(item),
        quantity,
        costPerItem: fromMinorUnits(cost, e),
        totalCost: fromMinorUnits(lineTotal, e),
        minNonRefundableDeposit: fromMinorUnits(minDeposit, e),
        nonRefundableAmount: fromMinorUnits(nonRefundable, e),
        activeRefundPolicyIndex: active,
        refundPolicies: quoted
      })
    }
  }
  if (issues === undefined && planTotalCost > MAX_MINOR_UNITS) {
    issues = [issue("items", "range", "R1.1", "add up to more than the largest exact amount")]
  }
  if (issues !== undefined) return fail(issues)
  return Result.succeed({
    currencyCode: code as string,
    exponent: e,
    planTotalCost,
    totalPaymentsPaid: paid,
    totalNonRefundableAmount: totalNonRefundable,
    // R7.6
    suggestedRefundAmount: paid > totalNonRefundable ? paid - totalNonRefundable : 0
  })
}

const isText = (u: unknown) => u === undefined || u === null || typeof u === "string"

const idAndNamesOk = (item: Record<string, unknown>): boolean => {
  const id = item["id"]
  return (isText(id) || typeof id === "number") && isText(item["name"]) && isText(item["description"]) &&
    isText(item["sku"])
}

const itemId = (item: Record<string, unknown>, index: number): string => {
  const id = item["id"]
  if (typeof id === "string") return id
  if (typeof id === "number") return String(id)
  const sku = item["sku"]
  return typeof sku === "string" ? sku : String(index)
}

const itemName = (item: Record<string, unknown>): string => {
  const name = item["name"] ?? item["description"] ?? item["sku"]
  return typeof name === "string" ? name : ""
}

/**
 * {@link quote} as a synchronous `Result`, for hot loops.
 *
 * @since 0.1.0
 */
export const quoteResult = (plan: unknown, options: QuoteOptions): Result.Result<Quote, ValidationError> => {
  const items: Array<QuoteItem> = []
  const totals = evaluate(plan, options, items)
  if (Result.isFailure(totals)) return Result.fail(totals.failure)
  const { exponent, planTotalCost, totalPaymentsPaid, totalNonRefundableAmount, suggestedRefundAmount, currencyCode } =
    totals.success
  return Result.succeed({
    planTotalCost: fromMinorUnits(planTotalCost, exponent),
    totalPaymentsPaid: fromMinorUnits(totalPaymentsPaid, exponent),
    totalNonRefundableAmount: fromMinorUnits(totalNonRefundableAmount, exponent),
    suggestedRefundAmount: fromMinorUnits(suggestedRefundAmount, exponent),
    currencyCode,
    items
  })
}

/**
 * The refund calculation of a plan at an instant (R7), exactly as the service
 * answers it: per item its line total, the deposit it keeps when the deposit is
 * not refundable, the active policy and what each policy keeps, and the greater
 * of deposit and policy as non-refundable; the rest of what was paid is the
 * suggested refund. Fails with a `ValidationError` listing every problem.
 *
 * @example
 * ```ts
 * import { Effect } from "effect"
 * import { Refund } from "payment-plan-engine"
 * const plan = {
 *   currencyCode: "AUD", totalPaymentsPaid: 400, timeZone: "Australia/Sydney",
 *   items: [{ id: "t1", description: "Ticket", quantity: 2, costPerItem: 250, redemptionDate: "2027-03-01",
 *     refundPolicies: [{ daysWithinRedemptionDate: 60, refundablePercentage: 75 }, { daysWithinRedemptionDate: 30, refundablePercentage: 50 }] }]
 * }
 * const quote = Effect.runSync(Refund.quote(plan, { at: "2027-01-20T00:00:00+11:00" })) // 40 days before: the 60-day policy
 * quote.totalNonRefundableAmount // 125
 * quote.suggestedRefundAmount    // 275
 * ```
 * @since 0.1.0
 */
export const quote = (plan: unknown, options: QuoteOptions): Effect.Effect<Quote, ValidationError> =>
  Effect.fromResult(quoteResult(plan, options))

/**
 * The four totals of {@link quote} in integer minor units, from the same
 * arithmetic, building no name, date or object per item: for reports over many
 * plans (the command line's exposure report).
 *
 * @example
 * ```ts
 * import { Result } from "effect"
 * import { Refund } from "payment-plan-engine"
 * const totals = Refund.quoteTotals(plan, { at: "2027-01-20T09:00:00+11:00" })
 * if (Result.isSuccess(totals)) totals.success.suggestedRefundAmount // 27500 (minor units)
 * ```
 * @since 0.1.0
 */
export const quoteTotals = (plan: unknown, options: QuoteOptions): Result.Result<QuoteTotals, ValidationError> =>
  evaluate(plan, options, undefined)
