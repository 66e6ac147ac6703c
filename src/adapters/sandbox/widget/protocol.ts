/**
 * What the widget's parts agree on: the sandbox that serves them
 * (`index.ts`, the routes and operations behind its API), the merchant-side
 * SDK (`dom/sdk.ts`) and the hosted page (`controller.ts` and its view): the
 * paths, the page's configuration, the redirect message, and the payloads of
 * the page's JSON API, typed with the core's own types (imported as types
 * only, so the bundles carry none of the core's schemas). The server answers
 * the payload types; the page reads them as {@link Received}, so a field the
 * core renames fails to compile on both sides. Browser-safe: no Node API, no
 * DOM.
 *
 * @module
 */
import type { PlanType } from "../../../core/checkout/index.ts"
import type { Checkout } from "../../../core/checkout/index.ts"
import type { CheckoutSummary } from "../../../core/checkout/index.ts"
import type { PlanTermsRequest } from "../../../core/plan-terms/index.ts"
import type { PlanTerms } from "../../../core/plan-terms/index.ts"
import type { RefundCalculationItem } from "../../../core/refund/index.ts"
import type { ErrorBody } from "../../../core/wire/error-response.ts"

/** The path under the base URL that serves the SDK script. */
export const SDK_PATH = "/widget/sdk.js"

/** The hosted page of a checkout: `{baseUrl}/widget/checkout/{checkoutId}`. */
export const PAGE_PATH = "/widget/checkout/"

/** The customer-facing JSON API of the page: `{baseUrl}/widget/api/checkouts/{checkoutId}`. */
export const API_PATH = "/widget/api/checkouts/"

/** The `type` of the message an embedded page posts to its parent to have the redirect followed. */
export const REDIRECT_MESSAGE = "payment-plan-engine:redirect"

/** The id of the page's JSON configuration element. */
export const CONFIG_ELEMENT_ID = "ppe-config"

/** The page's configuration, embedded by the sandbox as JSON data (never as markup). */
export interface PageConfig {
  readonly checkoutId: string
  /** The sandbox's base URL, without a trailing slash. */
  readonly baseUrl: string
  /** {@link API_PATH}. */
  readonly apiPath: string
}

/** The message an embedded page posts to its parent: follow `url` for `checkoutId`. */
export interface RedirectMessage {
  readonly type: typeof REDIRECT_MESSAGE
  readonly checkoutId: string
  readonly url: string
}

/** An absolute http(s) URL (resolved against `base`), or null: a redirect can never run script. */
export const httpUrl = (url: unknown, base?: string): string | null => {
  if (typeof url !== "string") return null
  try {
    const parsed = new URL(url, base)
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.href : null
  } catch {
    return null
  }
}

// ---------------------------------------------------------------------------
// The page's JSON API (docs/sandbox.md, "Widget API")

/**
 * What the page receives of a `T` the sandbox answers: read tolerantly, any
 * field may be missing or null and an enumeration may hold a value it does not
 * know, but every name and shape is the core's.
 */
export type Received<T> = T extends string ? string
  : T extends number | boolean ? T
  : T extends ReadonlyArray<infer E> ? ReadonlyArray<Received<E> | null>
  : T extends object ? { readonly [K in keyof T]?: Received<T[K]> | null }
  : T

/** A checkout as the sandbox answers it: the core's, with the hosted page's address and its expiry. */
export type WidgetCheckoutResource = Checkout & { readonly widgetUrl: string; readonly expiresAt: string }

/** The checkout's state as the page and the verification show it. */
export type CheckoutStatus = "Open" | "Completed" | "Rejected" | "Expired"

/** The checkout's currency: its payment bounds (R6.4) and digits (R1.2). */
export interface WidgetCurrency {
  readonly currencyCode: string
  readonly minimumPaymentAmount: number
  readonly maximumPaymentAmount?: number
  readonly digits: number
}

/** An item's refund policies with the dates they take effect (R7.7). */
export interface RefundMilestones {
  readonly itemId: RefundCalculationItem["id"]
  readonly name: RefundCalculationItem["name"]
  readonly policies: RefundCalculationItem["refundPolicies"]
}

/** `GET {apiPath}{checkoutId}`: the checkout, the core's summary (R2), its currency, milestones and state. */
export interface WidgetCheckout {
  readonly checkout: WidgetCheckoutResource
  readonly summary: CheckoutSummary
  readonly currency: WidgetCurrency
  readonly refundMilestones: ReadonlyArray<RefundMilestones>
  readonly expired: boolean
  readonly status: CheckoutStatus
}

/** `POST {apiPath}{checkoutId}/plan-terms`: the core's compute-plan-terms request, for the checkout. */
export type WidgetPlanTermsRequest = PlanTermsRequest

/** The plan-terms answer: the core's plan terms with their schedule (R6.9). */
export type WidgetPlanTerms = PlanTerms

/** A plan type the page may ask terms for. */
export type WidgetPlanType = PlanType

/**
 * `POST {apiPath}{checkoutId}/complete`: the card, the request that computed
 * the terms shown, and their first payment, a JSON number in major units
 * (R1.4), which the sandbox charges or refuses.
 */
export interface CompletionBody<R = WidgetPlanTermsRequest> {
  readonly card: string
  /** The compute-plan-terms request that computed the terms shown. */
  readonly planTerms: R
  /** The first payment shown, a JSON number in major units (R1.4): the sandbox charges it or refuses. */
  readonly firstPayment: number
}

/** The completion's answer: the plan, and where the customer goes back to. */
export interface Completed {
  readonly planId: string
  readonly redirectUrl: string
}

/** The completion's answer when the card is declined (402): an error body with where the customer goes back to. */
export type Declined = ErrorBody & { readonly code: "card_declined"; readonly redirectUrl: string }

/** `POST {apiPath}{checkoutId}/cancel`: where the customer goes back to. */
export interface Cancelled {
  readonly redirectUrl: string
}

/** Any failure of the page's API: the sandbox's error body (a declined card's with its `redirectUrl`). */
export type WidgetError = ErrorBody & { readonly redirectUrl?: string }
