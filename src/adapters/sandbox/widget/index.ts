/**
 * The sandbox's widget, as served: the script a merchant's page loads
 * (`checkoutWorkflow.sdkWidget.scriptUrl`) and the hosted checkout page it
 * opens or embeds.
 *
 * The browser code is TypeScript beside this module (sdk.ts, page.ts, page.css,
 * page.html), bundled at build time by scripts/build-widget.ts into
 * assets.generated.ts with the Content-Security-Policy hashes of the page's
 * inline script and style. The page is self-contained (no external resource)
 * and talks only to the sandbox's customer-facing JSON API; the only values
 * filled in per request, the checkout id and the base URL, go in as escaped
 * JSON data, never as markup.
 *
 * @module
 */
import { escapeHtml } from "../../../core/foundation/html.ts"
import { PAGE_DOCUMENT, PAGE_SCRIPT_HASH, PAGE_STYLE_HASH, SDK_SCRIPT } from "./assets.generated.ts"
import { API_PATH, type PageConfig, SDK_PATH } from "./protocol.ts"

const trimBase = (baseUrl: string): string => baseUrl.replace(/\/+$/, "")

/**
 * JSON that is safe inside an HTML `<script>` element and inside JavaScript
 * source: no `<`, `>`, `&` or line separators survive unescaped, so no value can
 * close the element or break out of a string.
 */
const scriptJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029")

/** The origin of the base URL for the page's `connect-src`, or none when it is not an http(s) URL. */
const originOf = (baseUrl: string): string | undefined => {
  if (!URL.canParse(baseUrl)) return undefined
  const url = new URL(baseUrl)
  return url.protocol === "http:" || url.protocol === "https:" ? url.origin : undefined
}

/**
 * The script served at `{baseUrl}/widget/sdk.js`, the checkout response's
 * `checkoutWorkflow.sdkWidget.scriptUrl`. It defines `window.PaymentPlanWidget`
 * (sdk.ts):
 *
 * - `display({ status, body, container? })` takes the merchant's create-checkout
 *   response and honours R8.3: nothing is shown from status 500 (or without a
 *   status); below 500 the checkout's hosted page opens (or is embedded in
 *   `container`), and a validation failure without a checkout shows its issues.
 * - `open(checkoutId)` sends the browser to the hosted page; `embed(checkoutId,
 *   container)` puts it in an iframe and follows the page's redirect.
 * - `shouldDisplay(status)` and `pageUrl(checkoutId)`.
 *
 * Loaded with `data-checkout-id` (and optionally `data-status`, `data-container`)
 * it displays the checkout at once.
 *
 * @example
 * ```ts
 * const js = widgetScript("http://127.0.0.1:4010")
 * // "/* payment-plan-engine sandbox widget: /widget/sdk.js *\/\n(function (PPE_BASE_URL) {…})(\"http://127.0.0.1:4010\");\n"
 * // served as /widget/sdk.js, which a page loads with
 * // <script src="http://127.0.0.1:4010/widget/sdk.js" data-checkout-id="chk_1" data-container="#plan"></script>
 * ```
 */
export const widgetScript = (baseUrl: string): string =>
  `/* payment-plan-engine sandbox widget: ${SDK_PATH} */\n(function (PPE_BASE_URL) {\n${SDK_SCRIPT}\n})(${
    scriptJson(trimBase(baseUrl))
  });\n`

/**
 * The Content-Security-Policy of the hosted page: nothing but its own inline
 * script and style (by their hashes, computed at build time), requests to the
 * sandbox only, and images from `data:` URLs. The sandbox sends it as a header,
 * and the page carries it in a `<meta>` element too.
 *
 * @example
 * ```ts
 * checkoutPagePolicy("http://127.0.0.1:4010")
 * // "default-src 'none'; script-src 'sha256-…'; style-src 'sha256-…'; connect-src 'self' http://127.0.0.1:4010; …"
 * ```
 */
export const checkoutPagePolicy = (baseUrl: string): string => {
  const origin = originOf(trimBase(baseUrl))
  return [
    "default-src 'none'",
    `script-src '${PAGE_SCRIPT_HASH}'`,
    `style-src '${PAGE_STYLE_HASH}'`,
    `connect-src 'self'${origin ? ` ${origin}` : ""}`,
    "img-src data:",
    "base-uri 'none'",
    "form-action 'none'"
  ].join("; ")
}

/**
 * The hosted checkout page served at `GET {baseUrl}/widget/checkout/{checkoutId}`:
 * one self-contained HTML document (inline CSS and script, no external
 * resource) that loads the checkout from the customer-facing JSON API and lets
 * the customer choose a deposit and a cadence, see the schedule and refund
 * milestones, and pay or cancel. The checkout id and base URL are embedded as
 * escaped JSON data, never as markup.
 *
 * @example
 * ```ts
 * const html = checkoutPage("chk_1", "http://127.0.0.1:4010")
 * new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } })
 * ```
 */
export const checkoutPage = (checkoutId: string, baseUrl: string): string => {
  const config: PageConfig = { checkoutId, baseUrl: trimBase(baseUrl), apiPath: API_PATH }
  const [head, middle, tail] = PAGE_DOCUMENT
  return head + escapeHtml(checkoutPagePolicy(baseUrl)) + middle + scriptJson(config) + tail
}
