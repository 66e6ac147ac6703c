/**
 * `payment-plan-engine/messaging/element`: defines `<payment-plan-message>`
 * (element.ts) once. Bundled by scripts/build-message-element.ts into one
 * self-contained script (no import, no request): load it with
 * `<script src="…/messaging-element.js" defer></script>` or import it for its
 * effect from a bundler.
 *
 * @module payment-plan-engine/messaging/element
 */
import { TAG } from "../markup.ts"
import { elementClass, type PlanMessageErrorDetail, type PlanMessageWarningDetail } from "./element.ts"

declare global {
  interface HTMLElementTagNameMap {
    "payment-plan-message": HTMLElement
  }
  interface HTMLElementEventMap {
    "payment-plan-message-error": CustomEvent<PlanMessageErrorDetail>
    "payment-plan-message-warning": CustomEvent<PlanMessageWarningDetail>
  }
}

if (typeof customElements !== "undefined" && customElements.get(TAG) === undefined) {
  customElements.define(TAG, elementClass())
}
