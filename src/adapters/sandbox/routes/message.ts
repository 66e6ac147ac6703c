/**
 * Plan messaging in the sandbox (docs/messaging.md): the `<payment-plan-message>`
 * element's script at `GET /widget/message.js`, and a product-page demo at
 * `GET /widget/message-demo?checkout={id}` that shows the element for each item
 * of a checkout beside the link to its widget, so the figures can be compared.
 *
 * @module
 */
import { createHash } from "node:crypto"
import { escapeHtml } from "../../../core/foundation/html.ts"
import { formatInstant } from "../../../core/foundation/time/index.ts"
import { MESSAGE_ELEMENT_SCRIPT } from "../../../messaging/element/script.generated.ts"
import { renderPlanMessage } from "../../../messaging/index.ts"
import { STYLE } from "../../../messaging/markup.ts"
import { customerCheckout } from "../operations/checkouts.ts"
import { invalid } from "../operations/failures.ts"
import { widgetPageUrl } from "../operations/links.ts"
import { get, openEndpoint, type SandboxEndpoint } from "./endpoint.ts"

/** The element's script's path. */
export const MESSAGE_SCRIPT_PATH = "/widget/message.js"

/** The demo page's path. */
export const MESSAGE_DEMO_PATH = "/widget/message-demo"

const sha256 = (text: string): string => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`

const PAGE_STYLE = "body{font:16px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:40rem;padding:0 1rem}" +
  "li{margin:0 0 1.5rem}h2{font-size:1.1rem;margin:0}"

/**
 * The demo's policy: its script from the sandbox only, the element's shadow style and its own by
 * their hashes, no request of any kind (`connect-src 'none'`): the element needs none.
 */
const POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  `style-src ${sha256(STYLE)} ${sha256(PAGE_STYLE)}`,
  "connect-src 'none'",
  "img-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'"
].join("; ")

/** The messaging endpoints. */
export const MESSAGE_ENDPOINTS = {
  messageScript: openEndpoint(get(MESSAGE_SCRIPT_PATH), "none", () => ({
    status: 200,
    text: { contentType: "text/javascript; charset=utf-8", content: MESSAGE_ELEMENT_SCRIPT },
    headers: { "cache-control": "no-cache" }
  })),
  messageDemo: openEndpoint(get(MESSAGE_DEMO_PATH), "none", ({ env, url, baseUrl }) => {
    const checkoutId = url.searchParams.get("checkout")
    if (checkoutId === null || checkoutId === "") {
      throw invalid(
        [{ path: "checkout", code: "required", rule: "R8.1", message: "is required" }],
        "The demo needs a checkout"
      )
    }
    const { checkout, merchant, now } = customerCheckout(env, checkoutId)
    const { request } = checkout
    const options = { now, timeZone: checkout.timeZone, merchant: merchant.configuration, locale: "en" }
    const items = request.items.map((item, index) => {
      const product = {
        currencyCode: request.currencyCode,
        costPerItem: item.costPerItem,
        quantity: item.quantity,
        minimumDepositPerItem: item.minimumDepositPerItem,
        redemptionDate: item.redemptionDate,
        paymentDeadline: item.paymentDeadline
      }
      const html = renderPlanMessage(product, options)
        // the sandbox's clock (a test clock may be anywhere): the element computes at the same instant
        .replace("<payment-plan-message", `<payment-plan-message now="${formatInstant(now)}"`)
      return `<li><h2>${escapeHtml(item.description ?? `Item ${index + 1}`)}</h2>${html}</li>`
    })
    const widget = widgetPageUrl(baseUrl, checkout.id)
    const content = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Product page demo</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>${PAGE_STYLE}</style>
<script src="${escapeHtml(baseUrl + MESSAGE_SCRIPT_PATH)}" defer></script></head>
<body><h1>Product page</h1>
<ul>${items.join("")}</ul>
<p><a id="widget" href="${escapeHtml(widget)}">Check out with a payment plan</a></p>
</body></html>
`
    return {
      status: 200,
      text: { contentType: "text/html; charset=utf-8", content },
      headers: { "cache-control": "no-store", "content-security-policy": POLICY }
    }
  })
} satisfies Record<string, SandboxEndpoint>
