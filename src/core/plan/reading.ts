/**
 * The one reader of a plan (R7.1): its currency (code and digits, R1.2), what
 * was paid, its zone and its items as the checkout gave them. The item rules
 * are the checkout item's (R4.6), picked from its schema, but for ties: a plan
 * that exists is read with the policies it has, two of the same days included
 * (R7.2 settles them by list order). The plan record's own spellings
 * (`totalPaid`, `currency.currencyCode` and `currency.isZeroDecimal`,
 * `minimumDepositPerItemType` and `minimumDepositPerItemValue`, nulls for
 * absent fields) are read here and nowhere else, so the refund calculation, the
 * cancellation check, the lifecycle and the command line's exposure report read
 * a plan the same way.
 *
 * @module
 */
import * as Schema from "effect/Schema"
import * as Struct from "effect/Struct"
import { atLeastOneItem, CheckoutItem, CurrencyCode } from "../checkout/request.ts"
import * as Currency from "../foundation/currency.ts"
import { amountIssues } from "../foundation/money.ts"
import { describe, type Issue, issue } from "../internal/issue.ts"
import { isRecord } from "../internal/predicates.ts"
import { NonNegativeNumber, reshape, withRule } from "../internal/schema-kit.ts"
import { unknownFieldsOf } from "../internal/validator.ts"
import { RefundPolicy } from "../refund-policy/policy.ts"
import { Plan, PlanItem } from "./record.ts"

/**
 * An item of the plan being refunded: a checkout item's fields that price and
 * refund it (R4.6), with the `id` and `name` the response names it by (else
 * `description`, else `sku`). Its policies are read as the plan has them: two
 * with the same days are refused on a checkout (R4.6, `duplicate`), but a plan
 * that exists is calculated, the first in list order winning the tie (R7.2).
 *
 * @category Plans
 * @since 0.1.0
 */
export const RefundPlanItem = reshape(
  CheckoutItem,
  (fields) => ({
    ...Struct.pick(fields, [
      "sku",
      "quantity",
      "costPerItem",
      "minimumDepositPerItem",
      "depositRefundable",
      "redemptionDate"
    ]),
    // each policy by R4.6's rules; ties left to list order (R7.2)
    refundPolicies: Schema.optionalKey(Schema.Array(RefundPolicy)),
    id: Schema.optionalKey(Schema.Union([Schema.String, Schema.Number])),
    name: Schema.optionalKey(Schema.String),
    // names the item here; a checkout requires it
    description: Schema.optionalKey(Schema.String)
  })
)

/**
 * @category Plans
 * @since 0.1.0
 */
export type RefundPlanItem = typeof RefundPlanItem.Type

/**
 * The plan being refunded (R7.1). A plan record (plan detail) is read as one:
 * see {@link refundPlanOf}.
 *
 * @category Plans
 * @since 0.1.0
 */
export const RefundPlan = withRule(
  Schema.Struct({
    currencyCode: CurrencyCode,
    totalPaymentsPaid: NonNegativeNumber("R1.3"),
    /** the plan's IANA zone, used when the options give none (R3.1) */
    timeZone: Schema.optionalKey(Schema.String),
    items: Schema.Array(RefundPlanItem).check(atLeastOneItem)
  }),
  "R7.1"
)

/**
 * @category Plans
 * @since 0.1.0
 */
export type RefundPlan = typeof RefundPlan.Type

/** How the plan record spells a path of {@link RefundPlan}. */
const RECORD_NAMES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^totalPaymentsPaid$/, "totalPaid"],
  [/^currencyCode$/, "currency.currencyCode"],
  [/^(items\[\d+\])\.minimumDepositPerItem\.value$/, "$1.minimumDepositPerItemValue"],
  [/^(items\[\d+\])\.minimumDepositPerItem(\.unit)?$/, "$1.minimumDepositPerItemType"]
]

/** A plan given as a plan record, read as a {@link RefundPlan}, and how to name its paths in the record's spelling. */
export interface RecordAsRefundPlan {
  readonly plan: Record<string, unknown>
  readonly recordPath: (path: string) => string
}

const hasOwn = (record: Record<string, unknown>, key: string) => record[key] !== undefined && record[key] !== null

const withoutNulls = (record: Record<string, unknown>): Record<string, unknown> => {
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(record)) if (record[key] !== null && record[key] !== undefined) out[key] = record[key]
  return out
}

/**
 * A plan record read as a {@link RefundPlan}: `totalPaid` for
 * `totalPaymentsPaid`, `currency.currencyCode` for `currencyCode`, an item's
 * `minimumDepositPerItemType` and `minimumDepositPerItemValue` for
 * `minimumDepositPerItem`, and `null` for absent (R9). `undefined` when the
 * plan uses none of the record's spellings (it is read as it is).
 *
 * @example
 * ```ts
 * import { Refund } from "payment-plan-engine"
 * Refund.refundPlanOf({ currency: { currencyCode: "AUD" }, totalPaid: 400, items: [] })?.plan
 * // { currency: { currencyCode: "AUD" }, totalPaid: 400, items: [], currencyCode: "AUD", totalPaymentsPaid: 400 }
 * ```
 * @category Plans
 * @since 0.1.0
 */
export const refundPlanOf = (plan: unknown): RecordAsRefundPlan | undefined => {
  if (!isRecord(plan)) return undefined
  const items = plan["items"]
  // a record's item: its deposit in the record's spelling, or fields answered as null (R9)
  const recordItems = Array.isArray(items) &&
    items.some((item) =>
      isRecord(item) &&
      ("minimumDepositPerItemType" in item || "minimumDepositPerItemValue" in item ||
        Object.values(item).includes(null))
    )
  const currency = plan["currency"]
  const recordCurrency = !hasOwn(plan, "currencyCode") && isRecord(currency)
  const recordPaid = !hasOwn(plan, "totalPaymentsPaid") && hasOwn(plan, "totalPaid")
  if (!recordItems && !recordCurrency && !recordPaid && !Object.values(plan).includes(null)) return undefined
  const read: Record<string, unknown> = withoutNulls(plan)
  if (recordCurrency) read["currencyCode"] = currency["currencyCode"]
  if (recordPaid) read["totalPaymentsPaid"] = plan["totalPaid"]
  if (Array.isArray(items)) {
    read["items"] = items.map((item: unknown) => {
      if (!isRecord(item)) return item
      const { minimumDepositPerItemType: unit, minimumDepositPerItemValue: value, ...rest } = withoutNulls(item)
      return unit === undefined && value === undefined
        ? rest
        : {
          ...rest,
          minimumDepositPerItem: { ...(unit === undefined ? {} : { unit }), ...(value === undefined ? {} : { value }) }
        }
    })
  }
  const renamed = new Set<string>([
    ...(recordPaid ? ["totalPaymentsPaid"] : []),
    ...(recordCurrency ? ["currencyCode"] : [])
  ])
  return {
    plan: read,
    recordPath: (path) => {
      for (const [pattern, name] of RECORD_NAMES) {
        if (!pattern.test(path)) continue
        if (name.startsWith("$1") ? recordItems : renamed.has(path)) return path.replace(pattern, name)
      }
      return path
    }
  }
}

// ---------------------------------------------------------------------------
// The plan's currency and what was paid: what every reader of a plan reads first

/**
 * A plan's currency as every reader of a plan reads it (R1.2): its code, and
 * the exponent its amounts are written in.
 *
 * Shared with the package's layers with the reader that answers it; no entry point exports it.
 */
export interface CurrencyOfPlan {
  readonly currencyCode: string
  readonly exponent: number
}

/**
 * How a reader names what it reports: the plan's paths under `prefix` (`""`
 * for a calculation, `"plan."` for a cancellation), the rule a missing field cites,
 * where the merchant configuration was given (`merchant`, `--merchant`), and
 * whether only a plan record is read (a missing currency is then named in the
 * record's spelling, `currency.currencyCode`).
 * Shared with the package's layers (the command line, the testing kit) through src/facade/shared.ts;
 * no package entry point exports it.
 */
export interface PlanReading {
  readonly prefix: string
  readonly rule: string
  readonly merchantPath: string
  readonly recordsOnly?: boolean
}

/** `currency.isZeroDecimal` as a record answers it (R9: a boolean, or one written as text); `undefined` when not stated. */
const zeroDecimalOf = (value: unknown): boolean | undefined | "invalid" =>
  value === undefined || value === null
    ? undefined
    : value === true || value === "true"
    ? true
    : value === false || value === "false"
    ? false
    : "invalid"

/**
 * The plan's currency, code and digits (R1.2), or `undefined` with the reason in
 * `issues`. The code is `currencyCode`, else the record's `currency.currencyCode`
 * (both given and different: `conflict`). A record that states its digits
 * (`currency.isZeroDecimal`: `true` forces 0, `false` is ISO 4217's) is read in
 * them whatever the merchant configuration says; a configuration that lists the
 * currency with other digits is a `digits_mismatch` warning (R1.2), never an
 * override. A plan that states no digits (a refund plan, or a record from a
 * service without `isZeroDecimal`) takes the configuration's (R1.2).
 * Shared with the package's layers (the command line, the testing kit) through src/facade/shared.ts;
 * no package entry point exports it.
 */
export const readPlanCurrency = (
  plan: Record<string, unknown>,
  merchant: Currency.CurrencySettings | undefined,
  reading: PlanReading,
  issues: Array<Issue>,
  warnings: Array<Issue> | undefined
): CurrencyOfPlan | undefined => {
  const given = plan["currencyCode"]
  const currency = plan["currency"]
  const record = isRecord(currency) ? currency : undefined
  const recordCode = record === undefined ? undefined : record["currencyCode"]
  const stated = given !== undefined && given !== null
  const code = stated ? given : recordCode
  const path = reading.prefix +
    (stated || (record === undefined && reading.recordsOnly !== true) ? "currencyCode" : "currency.currencyCode")
  if (code === undefined || code === null) {
    issues.push(issue(path, "required", reading.rule, "is required: the plan's currency"))
    return undefined
  }
  if (typeof code !== "string" || !Currency.isActive(code)) {
    issues.push(
      issue(path, "unknown_currency", "R4.4", `must be an active ISO 4217 code in upper case, got ${describe(code)}`)
    )
    return undefined
  }
  if (stated && recordCode !== undefined && recordCode !== null && recordCode !== code) {
    issues.push(
      issue(
        `${reading.prefix}currency.currencyCode`,
        "conflict",
        "R1.2",
        `must be the plan's currencyCode ${describe(code)}, got ${describe(recordCode)}: a plan has one currency`
      )
    )
    return undefined
  }
  const zero = record === undefined ? undefined : zeroDecimalOf(record["isZeroDecimal"])
  if (zero === "invalid") {
    issues.push(
      issue(
        `${reading.prefix}currency.isZeroDecimal`,
        "type",
        "R1.2",
        `must be true or false (true: the plan's amounts have no decimals), got ${describe(record!["isZeroDecimal"])}`
      )
    )
    return undefined
  }
  // a plan that states no digits: the merchant's zero-decimal override applies (R1.2)
  if (zero === undefined) return { currencyCode: code, exponent: Currency.exponent(code, merchant)! }
  const iso = Currency.isoExponent(code)!
  const exponent = zero ? 0 : iso
  if (warnings !== undefined) disagreement(code, exponent, merchant, reading.merchantPath, warnings)
  return { currencyCode: code, exponent }
}

/** The `digits_mismatch` warning of a merchant configuration that lists `code` with other digits than the plan's (R1.2). */
const disagreement = (
  code: string,
  exponent: number,
  merchant: Currency.CurrencySettings | undefined,
  merchantPath: string,
  warnings: Array<Issue>
): void => {
  const currencies = merchant?.currencies
  if (!Array.isArray(currencies)) return
  const index = currencies.findIndex((c) => c?.currencyCode === code)
  if (index < 0) return
  const says = currencies[index]!.isZeroDecimal
  const theirs = says === true ? 0 : Currency.isoExponent(code)!
  if (theirs === exponent) return
  const digits = (n: number) => `${n} decimal digit${n === 1 ? "" : "s"}`
  warnings.push(
    issue(
      `${merchantPath}.currencies[${index}]${says === true || says === false ? ".isZeroDecimal" : ""}`,
      "digits_mismatch",
      "R1.2",
      `gives ${code} ${digits(theirs)}, but the plan's currency has ${digits(exponent)} (currency.isZeroDecimal: ${
        exponent === 0
      }): the plan's digits are used`
    )
  )
}

/**
 * What was paid on a plan, as every reader of a plan reads it (R1.2, R7.1):
 * its currency ({@link readPlanCurrency}) and `totalPaymentsPaid` (the record's
 * `totalPaid`) in minor units of it, or `undefined` with every reason in
 * `issues`. The cancellation check (R7.8) and the exposure report's cancelled
 * plans read a plan with it; a calculation reads the same fields with its schema.
 * Shared with the package's layers (the command line, the testing kit) through src/facade/shared.ts;
 * no package entry point exports it.
 */
export const readPlanPayments = (
  plan: Record<string, unknown>,
  merchant: Currency.CurrencySettings | undefined,
  reading: PlanReading,
  issues: Array<Issue>,
  warnings: Array<Issue> | undefined
): (CurrencyOfPlan & { readonly paid: number }) | undefined => {
  const currency = readPlanCurrency(plan, merchant, reading, issues, warnings)
  const given = plan["totalPaymentsPaid"]
  const recorded = plan["totalPaid"]
  const stated = given !== undefined && given !== null
  const paidInput = stated ? given : recorded
  const path = reading.prefix +
    (stated || recorded === undefined || recorded === null ? "totalPaymentsPaid" : "totalPaid")
  if (paidInput === undefined || paidInput === null) {
    issues.push(issue(path, "required", reading.rule, "is required: what was paid on the plan"))
    return undefined
  }
  if (currency === undefined) return undefined
  const paid = amountIssues(path, paidInput, currency.exponent)
  if (typeof paid !== "number") {
    issues.push(paid)
    return undefined
  }
  return { currencyCode: currency.currencyCode, exponent: currency.exponent, paid }
}

/**
 * The `unknown_field` warnings (R10.2) of a plan given to a refund calculation or a cancellation: a field is
 * known when a refund plan or a plan record has it (a plan record's other fields are the service's
 * answer, read tolerantly, R9), so `items[0].refundPolicy` for `refundPolicies` is reported.
 *
 * @example
 * ```ts
 * import { Refund } from "payment-plan-engine"
 * Refund.refundPlanUnknownFields({ currencyCode: "AUD", totalPaymentsPaid: 0, items: [{ refundPolicy: [] }] })
 * // [{ path: "items[0].refundPolicy", code: "unknown_field", rule: "R10.2", … }]
 * ```
 * @category Plans
 * @since 0.1.0
 */
export const refundPlanUnknownFields: (plan: unknown) => ReadonlyArray<Issue> = unknownFieldsOf(
  Schema.Struct({
    ...Plan.fields,
    ...RefundPlan.fields,
    items: Schema.Array(Schema.Struct({ ...PlanItem.fields, ...RefundPlanItem.fields }))
  })
)
