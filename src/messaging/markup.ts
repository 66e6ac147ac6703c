/**
 * The element's shadow root as markup, in one place for the element (which
 * builds it in the browser) and `renderPlanMessage` (which writes it as
 * declarative shadow DOM), so a server-rendered message and a client-rendered
 * one are the same nodes. DOM-free: the element bundles it.
 *
 * The host reserves one line before it has text (no layout shift when the
 * sentence arrives or changes); the sentence is a polite live region, so a
 * screen reader announces a new sentence when a variant picker changes the
 * price, without interrupting.
 *
 * @module
 */

/**
 * The element's tag name.
 *
 * @example
 * ```ts
 * import { TAG } from "payment-plan-engine/messaging"
 * TAG // "payment-plan-message"
 * ```
 * @category Messaging
 * @since 0.2.0
 */
export const TAG = "payment-plan-message"

/**
 * The event the element dispatches (bubbling, composed) when an attribute cannot be used;
 * `detail.issues` lists why, each `{ path, code, rule, message }` with the attribute as its path, and
 * `detail.warnings` the attributes it does not know and left out (see {@link WARNING_EVENT}).
 *
 * @example
 * ```ts
 * import { ERROR_EVENT } from "payment-plan-engine/messaging"
 * ERROR_EVENT // "payment-plan-message-error"
 * // in the browser: document.addEventListener(ERROR_EVENT, (event) => console.warn(event.detail.issues))
 * ```
 * @category Messaging
 * @since 0.2.0
 */
export const ERROR_EVENT = "payment-plan-message-error"

/**
 * The event the element dispatches (bubbling, composed) when it shows its sentence but left out an
 * attribute it does not know (a typo such as `ammount`, R10.2); `detail.warnings` lists them, each
 * `{ path, code: "unknown_field", rule: "R10.2", message }` with the attribute as its path and the
 * nearest attribute of the element in the message when one is near. When nothing can be shown, the
 * same warnings come in {@link ERROR_EVENT}'s `detail.warnings` instead.
 *
 * @example
 * ```ts
 * import { WARNING_EVENT } from "payment-plan-engine/messaging"
 * WARNING_EVENT // "payment-plan-message-warning"
 * // in the browser: document.addEventListener(WARNING_EVENT, (event) => console.warn(event.detail.warnings))
 * ```
 * @category Messaging
 * @since 0.2.0
 */
export const WARNING_EVENT = "payment-plan-message-warning"

/** The shadow root's style: one reserved line, inheriting the page's font and colour. */
export const STYLE =
  ":host{display:block;min-height:calc(1em * var(--payment-plan-message-line-height, 1.5))}:host([hidden]){display:none}" +
  "p{margin:0;line-height:var(--payment-plan-message-line-height, 1.5)}"

/** The live region before its text. */
export const PARAGRAPH_OPEN = `<p part="message" role="status" aria-live="polite">`

/**
 * The server-rendered shadow root before its text: the style inline (declarative shadow DOM has no
 * shared stylesheet; the element built in the browser adopts one with the same rules) and the live region.
 */
export const SHADOW_OPEN = `<style>${STYLE}</style>${PARAGRAPH_OPEN}`

/** The end of the shadow root. */
export const SHADOW_CLOSE = "</p>"
