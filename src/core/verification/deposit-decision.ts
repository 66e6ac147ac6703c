/**
 * R8.2: whether a retrieved checkout lets the merchant allocate inventory.
 *
 * @module
 */
import * as Schema from "effect/Schema"
import { caseInsensitive } from "../internal/case-insensitive.ts"
import { isRecord } from "../internal/predicates.ts"
import { DEPOSIT_STATUSES } from "./response.ts"

/**
 * Why inventory must not be allocated (R8.2).
 *
 * @category Verification
 * @since 0.1.0
 */
export type RefusalReason =
  | "not_accepted"
  | "missing_plan"
  | "malformed_response"
  | "checkout_mismatch"
  | "order_mismatch"
  | "currency_mismatch"
  // the caller's own typo (R10.2): a check it asked for would otherwise be skipped silently
  | "unknown_option"

/**
 * What the merchant expects the retrieved checkout to be.
 *
 * @category Verification
 * @since 0.1.0
 */
export interface ExpectedCheckout extends Schema.Schema.Type<typeof Expected> {}

/** What a merchant may expect, declared once: the type above and the names a decision knows (R10.2). */
const Expected = Schema.Struct({
  /** The id read from the redirect (R8.1). */
  checkoutId: Schema.String,
  /** The merchant's order id, when it wants it checked. */
  merchantOrderId: Schema.optional(Schema.String),
  /** The currency of the order, when it wants it checked. */
  currencyCode: Schema.optional(Schema.String)
})

/**
 * The deposit decision.
 *
 * @category Verification
 * @since 0.1.0
 */
export type DepositDecision =
  | {
    readonly allocate: true
    readonly checkoutId: string
    readonly planId: string | undefined
    readonly depositStatus: string
  }
  | { readonly allocate: false; readonly reason: RefusalReason }

// in any case, by the one reader: ASCII letters fold, no other letter stands in for one (R8.2)
const depositStatusOf = caseInsensitive(DEPOSIT_STATUSES)

const refuse = (reason: RefusalReason): DepositDecision => ({ allocate: false, reason })

const EXPECTED: ReadonlySet<string> = new Set(Object.keys(Expected.fields))

/** Whether `expected` names a check this function does not make (`merchantOrderID`): a key whose value is undefined is absent (R10.1). */
const namesUnknownCheck = (expected: Record<string, unknown>): boolean => {
  for (const key in expected) {
    if (Object.prototype.hasOwnProperty.call(expected, key) && !EXPECTED.has(key) && expected[key] !== undefined) {
      return true
    }
  }
  return false
}

/**
 * Decides whether inventory may be allocated for a retrieved checkout (R8.2):
 * only when `plan.deposit.status` is `Accepted` (any case, nothing trimmed), the
 * response's `id` is the redirect's checkout id, and the merchant's order id and
 * currency match when it states them. Reads any JSON; never throws. An
 * expectation this function does not know (`merchantOrderID` for
 * `merchantOrderId`) is refused first, `unknown_option` (R10.2): the check the
 * merchant meant would otherwise be skipped without a word.
 *
 * @example
 * ```ts
 * import { decideDeposit } from "payment-plan-engine"
 * decideDeposit({ id: "chk_1", plan: { id: "p1", deposit: { status: "Accepted" } } }, { checkoutId: "chk_1" })
 * // { allocate: true, checkoutId: "chk_1", planId: "p1", depositStatus: "Accepted" }
 * decideDeposit({ id: "chk_1", plan: { deposit: { status: "rejected" } } }, { checkoutId: "chk_1" })
 * // { allocate: false, reason: "not_accepted" }
 * ```
 * @category Verification
 * @since 0.1.0
 */
export const decideDeposit = (retrieved: unknown, expected: ExpectedCheckout): DepositDecision => {
  if (isRecord(expected) && namesUnknownCheck(expected)) return refuse("unknown_option")
  if (!isRecord(retrieved) || typeof retrieved["id"] !== "string") return refuse("malformed_response")
  if (!isRecord(expected) || retrieved["id"] !== expected.checkoutId) return refuse("checkout_mismatch")
  const plan = retrieved["plan"]
  if (plan === undefined || plan === null) return refuse("missing_plan")
  if (!isRecord(plan)) return refuse("malformed_response")
  const deposit = plan["deposit"]
  if (deposit !== undefined && deposit !== null && !isRecord(deposit)) return refuse("malformed_response")
  const status = deposit?.["status"]
  if (status !== undefined && status !== null && typeof status !== "string") return refuse("malformed_response")
  if (typeof status !== "string" || depositStatusOf(status) !== "Accepted") return refuse("not_accepted")
  if (expected.merchantOrderId !== undefined && retrieved["merchantOrderId"] !== expected.merchantOrderId) {
    return refuse("order_mismatch")
  }
  if (expected.currencyCode !== undefined) {
    const currency = plan["currencyCode"] ?? retrieved["currencyCode"]
    if (currency !== expected.currencyCode) return refuse("currency_mismatch")
  }
  const planId = plan["id"]
  return {
    allocate: true,
    checkoutId: expected.checkoutId,
    planId: typeof planId === "string" ? planId : undefined,
    depositStatus: status
  }
}
