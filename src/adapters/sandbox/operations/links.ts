/**
 * The addresses the sandbox writes into what it answers: the widget script
 * (`checkoutWorkflow.sdkWidget.scriptUrl`) and each checkout's hosted page
 * (`widgetUrl`, a plan's `checkoutUrl`). `baseUrl` is where the sandbox is
 * reached, with the path it is mounted under, without a trailing slash.
 *
 * @module
 */

import { PAGE_PATH, SDK_PATH } from "../widget/protocol.ts"

/** The widget script's path under the base URL (the widget's own protocol names it). */
export const WIDGET_SCRIPT_PATH = SDK_PATH

/** The hosted checkout page's path pattern under the base URL. */
export const WIDGET_PAGE_PATH = `${PAGE_PATH}{checkoutId}`

/** The widget script's address. */
export const widgetScriptUrl = (baseUrl: string): string => `${baseUrl}${WIDGET_SCRIPT_PATH}`

/** The hosted page of a checkout. */
export const widgetPageUrl = (baseUrl: string, checkoutId: string): string =>
  `${baseUrl}${WIDGET_PAGE_PATH.replace("{checkoutId}", encodeURIComponent(checkoutId))}`
