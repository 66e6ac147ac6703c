/**
 * The merchant-side SDK: what `{baseUrl}/widget/sdk.js` (the checkout's
 * `checkoutWorkflow.sdkWidget.scriptUrl`) installs as `window.PaymentPlanWidget`.
 * Browser code, bundled at build time by scripts/build-widget.ts; R8.1 and R8.3
 * come from the core.
 *
 * @module
 */
import { isCheckoutId } from "../../../../core/verification/redirect.ts"
import { shouldDisplayWidget } from "../../../../core/verification/widget-display.ts"
import { httpUrl, PAGE_PATH, REDIRECT_MESSAGE } from "../protocol.ts"

/** Where to show the checkout: a CSS selector or an element of the merchant's page. */
export type Container = string | Element

/** What {@link PaymentPlanWidget.display} takes: the merchant's create-checkout response. */
export interface DisplayOptions {
  /** The HTTP status of create checkout (R8.3). */
  readonly status?: unknown
  /** Its body: a checkout (with `id`) or a validation failure (with `message` and `issues`). */
  readonly body?: unknown
  /** The checkout id, when the body is not at hand. */
  readonly checkoutId?: unknown
  /** Embed in this element instead of sending the browser to the hosted page. */
  readonly container?: Container | undefined
}

/** What the widget did. */
export type Displayed =
  | { readonly displayed: false; readonly reason: "service_failure" }
  | { readonly displayed: true; readonly mode: "redirect"; readonly url: string }
  | { readonly displayed: true; readonly mode: "embed"; readonly url: string; readonly frame: HTMLIFrameElement }
  | { readonly displayed: true; readonly mode: "errors"; readonly element: HTMLElement }

/** `window.PaymentPlanWidget`. */
export interface PaymentPlanWidget {
  readonly baseUrl: string
  /** R8.3: show the widget below 500 (success or validation failure), never from 500. */
  readonly shouldDisplay: (status: unknown) => boolean
  /** The hosted page of a checkout; throws on a malformed id (R8.1). */
  readonly pageUrl: (checkoutId: unknown) => string
  /** Shows the merchant's create-checkout response (R8.3). */
  readonly display: (options?: DisplayOptions) => Displayed
  /** Sends the browser to the hosted page. */
  readonly open: (checkoutId: unknown) => Displayed
  /** Embeds the hosted page in `container` and follows its redirect. */
  readonly embed: (checkoutId: unknown, container: Container) => Displayed
}

/** The parts of `window` the SDK uses. */
export type WidgetWindow = Pick<Window, "document" | "location" | "addEventListener">

const field = (value: unknown, key: string): unknown =>
  typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined

const originOf = (url: string): string => {
  try {
    return new URL(url).origin
  } catch {
    return ""
  }
}

/** What a refused create-checkout answer says (its message and issues), as text in an alert box. */
const errorsBox = (doc: Document, body: unknown): HTMLElement => {
  const box = doc.createElement("div")
  box.setAttribute("role", "alert")
  box.className = "payment-plan-widget-errors"
  const title = doc.createElement("strong")
  title.textContent = "The payment plan could not be set up."
  box.appendChild(title)
  const message = field(body, "message")
  if (typeof message === "string" && message !== "") {
    const p = doc.createElement("p")
    p.textContent = message
    box.appendChild(p)
  }
  const issues = field(body, "issues")
  if (Array.isArray(issues) && issues.length > 0) {
    const list = doc.createElement("ul")
    for (const issue of issues as ReadonlyArray<unknown>) {
      const item = doc.createElement("li")
      const path = field(issue, "path")
      const text = field(issue, "message") || field(issue, "code") || "invalid"
      item.textContent = (path ? `${String(path)}: ` : "") + String(text)
      list.appendChild(item)
    }
    box.appendChild(list)
  }
  return box
}

/**
 * The SDK bound to a window and the sandbox's base URL (no trailing slash).
 *
 * @example
 * ```ts
 * const widget = install(window, "http://127.0.0.1:4010")
 * widget.display({ status: 201, body: { id: "chk_1" }, container: "#plan" })
 * ```
 */

export const install = (win: WidgetWindow, baseUrl: string): PaymentPlanWidget => {
  const doc = win.document
  const origin = originOf(baseUrl)

  const pageUrl = (checkoutId: unknown): string => {
    if (!isCheckoutId(checkoutId)) throw new TypeError("PaymentPlanWidget: invalid checkout id")
    return `${baseUrl}${PAGE_PATH}${encodeURIComponent(checkoutId)}`
  }

  const resolve = (container: Container): Element => {
    const element = typeof container === "string" ? doc.querySelector(container) : container
    if (!element) throw new TypeError("PaymentPlanWidget: container not found")
    return element
  }

  const replaceContent = (target: Element, child: Element): void => {
    while (target.firstChild) target.removeChild(target.firstChild)
    target.appendChild(child)
  }

  const open = (checkoutId: unknown): Displayed => {
    const url = pageUrl(checkoutId)
    win.location.assign(url)
    return { displayed: true, mode: "redirect", url }
  }

  const embed = (checkoutId: unknown, container: Container): Displayed => {
    const url = pageUrl(checkoutId)
    const target = resolve(container)
    const frame = doc.createElement("iframe")
    frame.src = url
    frame.title = "Payment plan checkout"
    frame.style.width = "100%"
    frame.style.minHeight = "900px"
    frame.style.border = "0"
    // The hosted page asks its parent to follow the redirect: a cross-origin frame may not navigate the top window.
    win.addEventListener("message", (event: MessageEvent) => {
      if (event.origin !== origin || event.source !== frame.contentWindow) return
      const data: unknown = event.data
      if (field(data, "type") !== REDIRECT_MESSAGE || field(data, "checkoutId") !== checkoutId) return
      const next = httpUrl(field(data, "url"))
      if (next !== null) win.location.assign(next)
    })
    replaceContent(target, frame)
    return { displayed: true, mode: "embed", url, frame }
  }

  // A create-checkout validation failure has no checkout to open: show what went wrong instead, as text.
  const showErrors = (body: unknown, container: Container | undefined): Displayed => {
    const box = errorsBox(doc, body)
    if (container !== undefined) replaceContent(resolve(container), box)
    else if (doc.body) doc.body.insertBefore(box, doc.body.firstChild)
    return { displayed: true, mode: "errors", element: box }
  }

  const display = (options: DisplayOptions = {}): Displayed => {
    if (!shouldDisplayWidget(options.status)) return { displayed: false, reason: "service_failure" }
    const id = typeof options.checkoutId === "string" ? options.checkoutId : field(options.body, "id")
    if (isCheckoutId(id)) return options.container ? embed(id, options.container) : open(id)
    return showErrors(options.body, options.container)
  }

  return { baseUrl, shouldDisplay: shouldDisplayWidget, pageUrl, display, open, embed }
}

/**
 * Displays at once what the script element's data attributes name:
 * `<script src=".../widget/sdk.js" data-checkout-id="…" data-status="201" data-container="#plan">`
 * (without `data-status`, 200).
 */
export const displayFromScript = (widget: PaymentPlanWidget, script: HTMLOrSVGScriptElement | null): void => {
  const data = script?.dataset
  if (!data?.["checkoutId"]) return
  const status = data["status"] === undefined ? 200 : Number(data["status"])
  widget.display({ status, checkoutId: data["checkoutId"], container: data["container"] || undefined })
}
