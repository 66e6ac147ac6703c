/**
 * What a refund reads of a plan (R7.1): its currency, what was paid, its zone
 * and its items as the checkout gave them. The item rules are the checkout
 * item's (R4.6), picked from its schema; the plan record's own spellings
 * (`totalPaid`, `currency.currencyCode`, `minimumDepositPerItemType` and
 * `minimumDepositPerItemValue`, nulls for absent fields) are read here and
 * nowhere else, so a quote and a cancellation read a plan the same way.
 *
 * @since 0.1.0
 */
import * as Schema from "effect/Schema"
import * as Struct from "effect/Struct"
import { atLeastOneItem, CheckoutItem, CurrencyCode } from "../checkout/request.ts"
import type { Issue } from "../internal/issue.ts"
import { isRecord } from "../internal/predicates.ts"
import { NonNegativeNumber, reshape, withRule } from "../internal/schema-kit.ts"
import { unknownFieldsOf } from "../internal/validator.ts"
import { Plan, PlanItem } from "../plan/record.ts"

/**
 * An item of the plan being refunded: a checkout item's fields that price and
 * refund it (R4.6), with the `id` and `name` the response names it by (else
 * `description`, else `sku`).
 *
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
      "redemptionDate",
      "refundPolicies"
    ]),
    id: Schema.optionalKey(Schema.Union([Schema.String, Schema.Number])),
    name: Schema.optionalKey(Schema.String),
    // names the item here; a checkout requires it
    description: Schema.optionalKey(Schema.String)
  })
)

/**
 * @since 0.1.0
 */
export type RefundPlanItem = typeof RefundPlanItem.Type

/**
 * The plan being refunded (R7.1). A plan record (plan detail) is read as one:
 * see {@link refundPlanOf}.
 *
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

/**
 * The `unknown_field` warnings (R10.2) of a plan given to a quote or a cancellation: a field is
 * known when a refund plan or a plan record has it (a plan record's other fields are the service's
 * answer, read tolerantly, R9), so `items[0].refundPolicy` for `refundPolicies` is reported.
 *
 * @example
 * ```ts
 * import { Refund } from "payment-plan-engine"
 * Refund.refundPlanUnknownFields({ currencyCode: "AUD", totalPaymentsPaid: 0, items: [{ refundPolicy: [] }] })
 * // [{ path: "items[0].refundPolicy", code: "unknown_field", rule: "R10.2", … }]
 * ```
 * @since 0.1.0
 */
export const refundPlanUnknownFields: (plan: unknown) => ReadonlyArray<Issue> = unknownFieldsOf(
  Schema.Struct({
    ...Plan.fields,
    ...RefundPlan.fields,
    items: Schema.Array(Schema.Struct({ ...PlanItem.fields, ...RefundPlanItem.fields }))
  })
)
