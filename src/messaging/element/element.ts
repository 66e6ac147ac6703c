/**
 * `<payment-plan-message>`: the plan terms of one product, as one sentence in
 * the element's own shadow root (markup.ts), computed in the browser from its
 * attributes (attributes.ts) with the core's Schema-free kernel. No request of
 * its own; it never throws into the page: attributes it cannot use render
 * nothing and dispatch `payment-plan-message-error` with `detail.issues`; an
 * attribute it does not know is left out and reported, in that event's
 * `detail.warnings`, else in a `payment-plan-message-warning` event (R10.2).
 *
 * @module
 */
import { ATTRIBUTES, readAttributes, unknownAttributes } from "../attributes.ts"
import { ERROR_EVENT, PARAGRAPH_OPEN, SHADOW_CLOSE, STYLE, WARNING_EVENT } from "../markup.ts"

/** One issue of the element's attributes: the attribute's name as its path, the code and rule the core gives. */
export interface PlanMessageIssue {
  readonly path: string
  readonly code: string
  readonly rule: string
  readonly message: string
}

/**
 * The `detail` of the `payment-plan-message-error` event: why nothing is shown, and the attributes
 * left out (`unknown_field`) beside it, since a misspelt attribute is often why one is missing.
 */
export interface PlanMessageErrorDetail {
  readonly issues: ReadonlyArray<PlanMessageIssue>
  readonly warnings: ReadonlyArray<PlanMessageIssue>
}

/** The `detail` of the `payment-plan-message-warning` event: the sentence is shown; these attributes were left out. */
export interface PlanMessageWarningDetail {
  readonly warnings: ReadonlyArray<PlanMessageIssue>
}

const NONE: ReadonlyArray<PlanMessageIssue> = []

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

    /**
     * One render: the sentence, then at most one event: the error (issues and warnings) when nothing
     * can be shown, else the warning when an attribute was left out. Every render reports again, so a
     * listener added late still hears of a typo at the next change.
     */
    #render(): void {
      if (!this.isConnected) return
      let issues: ReadonlyArray<PlanMessageIssue> | undefined
      let warnings = NONE
      try {
        // a server-rendered checkout of several items reads no attribute, but a typo on it is still one
        warnings = unknownAttributes(this.getAttributeNames())
        if (!isStatic(this)) {
          const paragraph = this.#paragraph()
          const reading = readAttributes((name) => this.getAttribute(name), surroundings())
          const text = reading.ok ? reading.text : ""
          // the same text is left alone: a server-rendered sentence is taken over without a mutation
          if (paragraph.textContent !== text) paragraph.textContent = text
          if (!reading.ok) issues = reading.issues
        }
      } catch (error) {
        issues = [{ path: "", code: "format", rule: "R10.2", message: `could not be shown: ${String(error)}` }]
      }
      if (issues !== undefined) this.#dispatch(ERROR_EVENT, { issues, warnings } satisfies PlanMessageErrorDetail)
      else if (warnings.length > 0) this.#dispatch(WARNING_EVENT, { warnings } satisfies PlanMessageWarningDetail)
    }

    #dispatch(type: string, detail: PlanMessageErrorDetail | PlanMessageWarningDetail): void {
      this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }))
    }
  }
