/**
 * What the widget's three parts agree on: the sandbox that serves them
 * (`index.ts`), the merchant-side SDK (`sdk.ts`) and the hosted page
 * (`page.ts`). Browser-safe: no Node API.
 *
 * @module
 */

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
