/**
 * The SDK bundle's entry (scripts/build-widget.ts): installs `window.PaymentPlanWidget`
 * and displays what the script element's data attributes name. The sandbox serves
 * the bundle wrapped in a function whose parameter `PPE_BASE_URL` is its base URL,
 * written as JSON data (index.ts, `widgetScript`).
 *
 * @module
 */
import { displayFromScript, install, type PaymentPlanWidget } from "./sdk.ts"

declare const PPE_BASE_URL: string

declare global {
  interface Window {
    PaymentPlanWidget?: PaymentPlanWidget
  }
}

const widget = install(window, PPE_BASE_URL)
window.PaymentPlanWidget = widget
displayFromScript(widget, document.currentScript)
