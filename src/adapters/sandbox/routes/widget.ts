/**
 * The customer-facing widget endpoints: unauthenticated, keyed by checkout id.
 * The hosted page calls exactly these (docs/sandbox.md, "Widget API"); the
 * script and the page themselves come from the widget's code.
 *
 * @module
 */
import { cancelByCustomer, checkoutForCustomer, customerCheckout } from "../operations/checkouts.ts"
import { WIDGET_PAGE_PATH, WIDGET_SCRIPT_PATH } from "../operations/links.ts"
import { completeCheckout, planTermsForCustomer } from "../operations/plans.ts"
import { checkoutPage, checkoutPagePolicy, widgetScript } from "../widget/index.ts"
import type { Completed, Declined } from "../widget/protocol.ts"
import { get, ok, openEndpoint, post, type SandboxEndpoint } from "./endpoint.ts"

const API = "/widget/api/checkouts/{checkoutId}"

/** The widget's endpoints. */
export const WIDGET_ENDPOINTS = {
  widgetScript: openEndpoint(get(WIDGET_SCRIPT_PATH), "none", ({ baseUrl }) => ({
    status: 200,
    text: { contentType: "text/javascript; charset=utf-8", content: widgetScript(baseUrl) },
    headers: { "cache-control": "no-cache" }
  })),
  widgetPage: openEndpoint(get(WIDGET_PAGE_PATH), "none", ({ env, params, baseUrl }) => {
    const { checkout } = customerCheckout(env, params["checkoutId"]!)
    return {
      status: 200,
      text: { contentType: "text/html; charset=utf-8", content: checkoutPage(checkout.id, baseUrl) },
      headers: { "cache-control": "no-store", "content-security-policy": checkoutPagePolicy(baseUrl) }
    }
  }),
  widgetCheckout: openEndpoint(
    get(API),
    "none",
    ({ env, params }) => ok(checkoutForCustomer(env, params["checkoutId"]!))
  ),
  widgetPlanTerms: openEndpoint(
    post(`${API}/plan-terms`),
    "json",
    ({ env, params, body }) => ok(planTermsForCustomer(env, params["checkoutId"]!, body))
  ),
  widgetComplete: openEndpoint(post(`${API}/complete`), "json", ({ env, params, body }) => {
    const completion = completeCheckout(env, params["checkoutId"]!, body)
    // the declined card is an answer, not a failure: the checkout's Rejected state is kept
    return completion._tag === "Declined"
      ? ok(
        {
          code: "card_declined",
          message: "The card was declined; no plan was created",
          redirectUrl: completion.redirectUrl
        } satisfies Declined,
        402
      )
      : ok({ planId: completion.planId, redirectUrl: completion.redirectUrl } satisfies Completed)
  }),
  widgetCancel: openEndpoint(
    post(`${API}/cancel`),
    "none",
    ({ env, params }) => ok(cancelByCustomer(env, params["checkoutId"]!))
  )
} satisfies Record<string, SandboxEndpoint>
