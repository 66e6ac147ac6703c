/**
 * R8.1: the checkout id a redirect names. No Schema here: the hosted widget's
 * browser bundle imports the verification rules.
 *
 * @module
 */

/**
 * The redirect's query parameter naming the checkout.
 *
 * @category Verification
 * @since 0.1.0
 */
export const CHECKOUT_ID_PARAMETER = "service_checkout_id"

const CHECKOUT_ID = /^[A-Za-z0-9_-]{1,256}$/

/**
 * Whether `value` is a well-formed checkout id (R8.1): 1..256 characters of
 * `A-Z a-z 0-9 _ -`, so it is safe in a URL path and a query without escaping.
 *
 * @example
 * ```ts
 * import { Verification } from "payment-plan-engine"
 * Verification.isCheckoutId("chk_123")  // true
 * Verification.isCheckoutId("../admin") // false
 * ```
 * @category Verification
 * @since 0.1.0
 */
export const isCheckoutId = (value: unknown): value is string => typeof value === "string" && CHECKOUT_ID.test(value)

/**
 * Why no checkout id could be read from a redirect (R8.1).
 *
 * @category Verification
 * @since 0.1.0
 */
export type RedirectProblem = "missing" | "repeated" | "malformed"

/**
 * The answer of {@link checkoutIdFromRedirect}.
 *
 * @category Verification
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
 * @category Verification
 * @since 0.1.0
 */
export const checkoutIdFromRedirect = (redirect: unknown): RedirectCheckoutId => {
  const query = queryOf(redirect)
  const values = query?.getAll(CHECKOUT_ID_PARAMETER) ?? []
  if (values.length === 0) return { ok: false, code: "missing" }
  if (values.length > 1) return { ok: false, code: "repeated" }
  const checkoutId = values[0]!
  return isCheckoutId(checkoutId) ? { ok: true, checkoutId } : { ok: false, code: "malformed" }
}
