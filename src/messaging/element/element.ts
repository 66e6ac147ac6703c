/**
 * `<payment-plan-message>`: the plan terms of one product, as one sentence in
 * the element's own shadow root (markup.ts), computed in the browser from its
 * attributes (attributes.ts) with the core's Schema-free kernel. No request of
 * its own; it never throws into the page: attributes it cannot use render
 * nothing and dispatch `payment-plan-message-error` with `detail.issues`.
 *
 * @module
 */
import { type AttributeReading, ATTRIBUTES, readAttributes } from "../attributes.ts"
import { ERROR_EVENT, PARAGRAPH_OPEN, SHADOW_CLOSE, STYLE } from "../markup.ts"

/** The `detail` of the `payment-plan-message-error` event. */
export interface PlanMessageErrorDetail {
  readonly issues: ReadonlyArray<
    { readonly path: string; readonly code: string; readonly rule: string; readonly message: string }
  >
}

const surroundings = () => ({
  now: Date.now(),
  timeZone: new Intl.DateTimeFormat().resolvedOptions().timeZone,
  locale: document.documentElement.lang || "en"
})

let sheet: CSSStyleSheet | undefined
const sharedSheet = (): CSSStyleSheet => {
  if (sheet === undefined) {
    sheet = new CSSStyleSheet()
    sheet.replaceSync(STYLE)
  }
  return sheet
}

/** Whether a server-rendered element names no product: its sentence stands as written (a checkout of several items). */
const isStatic = (element: HTMLElement): boolean =>
  element.shadowRoot !== null && !element.hasAttribute("currency") && !element.hasAttribute("amount")

/**
 * The element's class: attributes in, one sentence out, on the next microtask
 * after any change. Made on demand, since `HTMLElement` exists only in a browser
 * and the script may be imported where there is none (server-side rendering).
 */
export const elementClass = (): CustomElementConstructor =>
  class PaymentPlanMessageElement extends HTMLElement {
    static readonly observedAttributes: ReadonlyArray<string> = ATTRIBUTES
    #queued = false

    connectedCallback(): void {
      this.#queue()
    }

    attributeChangedCallback(): void {
      // an upgrade reports every attribute: one render after all of them
      if (this.isConnected) this.#queue()
    }

    #queue(): void {
      if (this.#queued) return
      this.#queued = true
      queueMicrotask(() => {
        this.#queued = false
        this.#render()
      })
    }

    /**
     * The live region: the server's (declarative shadow DOM, its style inline) when there is one,
     * else the same paragraph with the same rules from one stylesheet shared by every element (a
     * page of many products parses it once).
     */
    #paragraph(): HTMLParagraphElement {
      const existing = this.shadowRoot?.querySelector("p")
      if (existing != null) return existing
      const root = this.shadowRoot ?? this.attachShadow({ mode: "open" })
      root.adoptedStyleSheets = [sharedSheet()]
      root.innerHTML = PARAGRAPH_OPEN + SHADOW_CLOSE
      return root.querySelector("p")!
    }

    #render(): void {
      let reading: AttributeReading
      try {
        if (!this.isConnected || isStatic(this)) return
        const paragraph = this.#paragraph()
        reading = readAttributes((name) => this.getAttribute(name), surroundings())
        const text = reading.ok ? reading.text : ""
        // the same text is left alone: a server-rendered sentence is taken over without a mutation
        if (paragraph.textContent !== text) paragraph.textContent = text
      } catch (error) {
        reading = {
          ok: false,
          issues: [{ path: "", code: "format", rule: "R10.2", message: `could not be shown: ${String(error)}` }]
        }
      }
      if (!reading.ok) {
        const detail: PlanMessageErrorDetail = { issues: reading.issues }
        this.dispatchEvent(new CustomEvent(ERROR_EVENT, { detail, bubbles: true, composed: true }))
      }
    }
  }
