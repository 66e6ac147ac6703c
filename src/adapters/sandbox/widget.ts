/**
 * The customer-facing widget API: unauthenticated, keyed by checkout id. The
 * hosted page calls exactly these endpoints (docs/sandbox.md, "Widget API").
 *
 * @module
 */
import * as Result from "effect/Result"
import * as Checkout from "../../core/checkout/index.ts"
import { issue } from "../../core/internal/issue.ts"
import { isRecord } from "../../core/internal/predicates.ts"
import type { Route } from "../../core/wire/routes.ts"
import { cardBehaviour } from "./cards.ts"
import {
  assertNotExpired,
  checkoutOf,
  checkoutStatus,
  currencyOf,
  isExpired,
  ownerOf,
  redirectUrlOf,
  WIDGET_SCRIPT_PATH
} from "./checkouts.ts"
import type { Context, Operation, Reply } from "./handler.ts"
import { HttpError, validationFailed } from "./http.ts"
import * as Plans from "./plans.ts"
import { checkoutPage, checkoutPagePolicy, widgetScript } from "./widget/index.ts"

const get = (path: string): Route => ({ method: "GET", path })
const post = (path: string): Route => ({ method: "POST", path })

const API = "/widget/api/checkouts/{checkoutId}"

const open = (route: Route, body: "json" | "none", run: (context: Context) => Reply): Operation => ({
  route,
  auth: "none",
  body,
  run
})

const checkoutAndOwner = (context: Context) => {
  const checkout = checkoutOf(context.env, context.params["checkoutId"]!)
  const merchant = ownerOf(context.env, checkout)
  return { checkout, merchant, now: context.env.now(merchant.id) }
}

/** The widget's operations. */
export const WIDGET_OPERATIONS = {
  widgetScript: open(get(WIDGET_SCRIPT_PATH), "none", ({ baseUrl }) => ({
    status: 200,
    text: { contentType: "text/javascript; charset=utf-8", content: widgetScript(baseUrl) },
    headers: { "cache-control": "no-cache" }
  })),
  widgetPage: open(get("/widget/checkout/{checkoutId}"), "none", (context) => {
    const { checkout } = checkoutAndOwner(context)
    return {
      status: 200,
      text: { contentType: "text/html; charset=utf-8", content: checkoutPage(checkout.id, context.baseUrl) },
      headers: { "cache-control": "no-store", "content-security-policy": checkoutPagePolicy(context.baseUrl) }
    }
  }),
  widgetCheckout: open(get(API), "none", (context) => {
    const { checkout, merchant, now } = checkoutAndOwner(context)
    const summary = Checkout.summarizeResult(checkout.request, {
      now: checkout.createdAt,
      merchant: merchant.configuration,
      timeZone: checkout.timeZone
    })
    if (Result.isFailure(summary)) {
      throw validationFailed(summary.failure.issues, "The stored checkout cannot be summarized")
    }
    return {
      status: 200,
      body: {
        checkout: checkout.response,
        summary: summary.success,
        currency: currencyOf(merchant, String(checkout.request["currencyCode"])),
        refundMilestones: Plans.refundMilestones(checkout, merchant, now),
        expired: isExpired(checkout, now),
        status: checkoutStatus(checkout, now)
      }
    }
  }),
  widgetPlanTerms: open(post(`${API}/plan-terms`), "json", (context) => {
    const { checkout, merchant } = checkoutAndOwner(context)
    return { status: 200, body: Plans.planTerms(context, checkout, merchant) }
  }),
  widgetComplete: open(post(`${API}/complete`), "json", (context) => {
    const { checkout, merchant, now } = checkoutAndOwner(context)
    if (checkout.state !== "Open") throw alreadyFinished(checkout.id, checkout.state)
    assertNotExpired(checkout, now)
    const body = context.body
    if (!isRecord(body)) throw validationFailed([issue("", "type", "sandbox", "must be an object { card, planTerms }")])
    const card = cardBehaviour(body["card"])
    const problems = typeof card === "string" ? [] : [card]
    if (!isRecord(body["planTerms"])) {
      problems.push(issue("planTerms", "required", "sandbox", "must be a compute-plan-terms request"))
    }
    if (problems.length > 0) throw validationFailed(problems)
    return Plans.completeCheckout(
      context,
      checkout,
      merchant,
      card as Exclude<typeof card, object>,
      body["planTerms"],
      now
    )
  }),
  widgetCancel: open(post(`${API}/cancel`), "none", (context) => {
    const { checkout, now } = checkoutAndOwner(context)
    if (checkout.state === "Completed") throw alreadyFinished(checkout.id, checkout.state)
    if (checkout.state === "Open") {
      context.env.store.putCheckout({
        ...checkout,
        state: "Rejected",
        deposit: { amount: Number(checkout.response["totalMinimumDeposit"] ?? 0), status: "Rejected" },
        finishedAt: now
      })
    }
    return { status: 200, body: { redirectUrl: redirectUrlOf(checkout) } }
  })
} satisfies Record<string, Operation>

const alreadyFinished = (id: string, state: string): HttpError =>
  new HttpError(
    "conflict",
    `Checkout ${id} is already ${state === "Completed" ? "completed" : "finished (declined or cancelled)"}`
  )
