/**
 * Verification after the redirect (R8): which checkout came back, whether its
 * deposit lets the merchant allocate inventory, and whether to show the widget.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { loose, LooseNumber, OpenEnum, OpenStruct } from "./schema.ts"

/**
 * The checkout verification response (retrieve checkout), read tolerantly (R9).
 *
 * @since 0.1.0
 */
export const CheckoutVerification = OpenStruct({
  id: Schema.String,
  merchantOrderId: loose(Schema.String),
  currencyCode: loose(Schema.String),
  plan: loose(
    OpenStruct({
      id: loose(Schema.String),
      currencyCode: loose(Schema.String),
      deposit: loose(OpenStruct({ amount: loose(LooseNumber), status: loose(OpenEnum(["Accepted", "Rejected"])) })),
      instalments: loose(
        OpenStruct({
          amount: loose(LooseNumber),
          count: loose(LooseNumber),
          cadence: loose(
            OpenStruct({
              frequency: loose(OpenEnum(["weekly", "fortnightly"])),
              on: loose(OpenStruct({ dayOfWeek: loose(Schema.String) }))
            })
          )
        })
      )
    })
  )
})

/**
 * @since 0.1.0
 */
export type CheckoutVerification = typeof CheckoutVerification.Type

// ---------------------------------------------------------------------------
// R8.1 the checkout id of a redirect

/**
 * The redirect's query parameter naming the checkout.
 *
 * @since 0.1.0
 */
export const CHECKOUT_ID_PARAMETER = "service_checkout_id"

const CHECKOUT_ID = /^[A-Za-z0-9_-]{1,256}$/

/**
 * Why no checkout id could be read from a redirect (R8.1).
 *
 * @since 0.1.0
 */
export type RedirectProblem = "missing" | "repeated" | "malformed"

/**
 * The answer of {@link checkoutIdFromRedirect}.
 *
 * @since 0.1.0
 */
export type RedirectCheckoutId =
  | { readonly ok: true; readonly checkoutId: string }
  | { readonly ok: false; readonly code: RedirectProblem }

const queryOf = (redirect: unknown): URLSearchParams | undefined => {
  if (redirect instanceof URLSearchParams) return redirect
  if (redirect instanceof URL) return redirect.searchParams
  if (typeof redirect !== "string") return undefined
  if (URL.canParse(redirect)) return new URL(redirect).searchParams
  // a relative URL ("/return?service_checkout_id=…") or a bare query string
  const withoutFragment = redirect.split("#", 1)[0] ?? ""
  const question = withoutFragment.indexOf("?")
  return new URLSearchParams(question >= 0 ? withoutFragment.slice(question + 1) : withoutFragment)
}

/**
 * Reads `service_checkout_id` from the redirect (R8.1): exactly one occurrence of
 * 1..256 characters of `A-Z a-z 0-9 _ -`. Anything else is an error, never a guess.
 *
 * @example
 * ```ts
 * import { checkoutIdFromRedirect } from "payment-plan-engine"
 * checkoutIdFromRedirect("https://shop.example/return?service_checkout_id=chk_123")
 * // { ok: true, checkoutId: "chk_123" }
 * checkoutIdFromRedirect("https://shop.example/return") // { ok: false, code: "missing" }
 * ```
 * @since 0.1.0
 */
export const checkoutIdFromRedirect = (redirect: unknown): RedirectCheckoutId => {
  const query = queryOf(redirect)
  const values = query?.getAll(CHECKOUT_ID_PARAMETER) ?? []
  if (values.length === 0) return { ok: false, code: "missing" }
  if (values.length > 1) return { ok: false, code: "repeated" }
  const checkoutId = values[0]!
  return CHECKOUT_ID.test(checkoutId) ? { ok: true, checkoutId } : { ok: false, code: "malformed" }
}

// ---------------------------------------------------------------------------
// R8.2 the deposit decision

/**
 * Why inventory must not be allocated (R8.2).
 *
 * @since 0.1.0
 */
export type RefusalReason =
  | "not_accepted"
  | "missing_plan"
  | "malformed_response"
  | "checkout_mismatch"
  | "order_mismatch"
  | "currency_mismatch"

/**
 * What the merchant expects the retrieved checkout to be.
 *
 * @since 0.1.0
 */
export interface ExpectedCheckout {
  /** The id read from the redirect (R8.1). */
  readonly checkoutId: string
  /** The merchant's order id, when it wants it checked. */
  readonly merchantOrderId?: string | undefined
  /** The currency of the order, when it wants it checked. */
  readonly currencyCode?: string | undefined
}

/**
 * The deposit decision.
 *
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

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null && !Array.isArray(u)

// Case-insensitive for ASCII only: no other letter folds onto these (R8.2).
const ACCEPTED = /^accepted$/i

const refuse = (reason: RefusalReason): DepositDecision => ({ allocate: false, reason })

/**
 * Decides whether inventory may be allocated for a retrieved checkout (R8.2):
 * only when `plan.deposit.status` is `Accepted` (any case, nothing trimmed), the
 * response's `id` is the redirect's checkout id, and the merchant's order id and
 * currency match when it states them. Reads any JSON; never throws.
 *
 * @example
 * ```ts
 * import { decideDeposit } from "payment-plan-engine"
 * decideDeposit({ id: "chk_1", plan: { id: "p1", deposit: { status: "Accepted" } } }, { checkoutId: "chk_1" })
 * // { allocate: true, checkoutId: "chk_1", planId: "p1", depositStatus: "Accepted" }
 * decideDeposit({ id: "chk_1", plan: { deposit: { status: "rejected" } } }, { checkoutId: "chk_1" })
 * // { allocate: false, reason: "not_accepted" }
 * ```
 * @since 0.1.0
 */
export const decideDeposit = (retrieved: unknown, expected: ExpectedCheckout): DepositDecision => {
  if (!isRecord(retrieved) || typeof retrieved["id"] !== "string") return refuse("malformed_response")
  if (!isRecord(expected) || retrieved["id"] !== expected.checkoutId) return refuse("checkout_mismatch")
  const plan = retrieved["plan"]
  if (plan === undefined || plan === null) return refuse("missing_plan")
  if (!isRecord(plan)) return refuse("malformed_response")
  const deposit = plan["deposit"]
  if (deposit !== undefined && deposit !== null && !isRecord(deposit)) return refuse("malformed_response")
  const status = deposit?.["status"]
  if (status !== undefined && status !== null && typeof status !== "string") return refuse("malformed_response")
  if (typeof status !== "string" || !ACCEPTED.test(status)) return refuse("not_accepted")
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

// ---------------------------------------------------------------------------
// R8.3 the widget after create checkout

/**
 * Whether to display the widget after a create-checkout call answered with
 * `status` (R8.3): yes below 500 (success or validation failure), no for 500 and
 * above, and no when there is no valid HTTP status at all.
 *
 * @example
 * ```ts
 * import { shouldDisplayWidget } from "payment-plan-engine"
 * shouldDisplayWidget(201) // true
 * shouldDisplayWidget(422) // true
 * shouldDisplayWidget(503) // false
 * ```
 * @since 0.1.0
 */
export const shouldDisplayWidget = (status: unknown): boolean =>
  typeof status === "number" && Number.isInteger(status) && status >= 100 && status < 500
