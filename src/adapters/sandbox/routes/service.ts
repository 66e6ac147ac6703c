/**
 * The service's endpoints (the core route table, shared with the client), for
 * an authenticated merchant: each reads its path, query and body and calls an
 * operation. Every answer is computed by the core.
 *
 * @module
 */
import type { Operation as ServiceOperation, Routes } from "../../../core/wire/routes.ts"
import { createCheckout, retrieveCheckout } from "../operations/checkouts.ts"
import { listPlanNotes } from "../operations/notes.ts"
import {
  cancelPlan,
  computePlanTerms,
  quoteRefund,
  retrievePlan,
  searchPlans,
  setMerchantOrder
} from "../operations/plans.ts"
import { type MerchantEndpoint, merchantEndpoint, type MerchantRequestContext, ok, type Reply } from "./endpoint.ts"

type Run = (context: MerchantRequestContext) => Reply

/** What each operation of the route table does, and whether it reads a JSON body. */
const SERVICE: { readonly [K in ServiceOperation]: readonly ["json" | "none", Run] } = {
  createCheckout: ["json", ({ env, merchant, body, baseUrl }) => ok(createCheckout(env, merchant, body, baseUrl), 201)],
  retrieveCheckout: ["none", ({ env, merchant, params }) => ok(retrieveCheckout(env, merchant, params["checkoutId"]!))],
  computePlanTerms: [
    "json",
    ({ env, merchant, params, body }) => ok(computePlanTerms(env, merchant, params["checkoutId"]!, body))
  ],
  retrievePlan: ["none", ({ env, merchant, params }) => ok(retrievePlan(env, merchant, params["planId"]!))],
  setMerchantOrder: [
    "json",
    ({ env, merchant, params, body }) => ok(setMerchantOrder(env, merchant, params["planId"]!, body))
  ],
  searchPlans: ["none", ({ env, merchant, url }) => ok(searchPlans(env, merchant, url.searchParams))],
  calculateRefund: ["none", ({ env, merchant, params }) => ok(quoteRefund(env, merchant, params["planId"]!))],
  listPlanNotes: [
    "none",
    ({ env, merchant, params, url, path, baseUrl }) =>
      ok(listPlanNotes(env, merchant, params["planId"]!, url.searchParams, `${baseUrl}${path}`))
  ],
  cancelPlan: ["json", ({ env, merchant, params, body }) => ok(cancelPlan(env, merchant, params["planId"]!, body))],
  getMerchantConfiguration: ["none", ({ merchant }) => ok(merchant.configuration)]
}

/** The service's endpoints at the routes of the table in use (the core's, unless the sandbox was given another). */
export const serviceEndpoints = (routes: Routes): { readonly [K in ServiceOperation]: MerchantEndpoint } => {
  const endpoints = {} as { [K in ServiceOperation]: MerchantEndpoint }
  for (const name of Object.keys(SERVICE) as Array<ServiceOperation>) {
    const [body, run] = SERVICE[name]
    endpoints[name] = merchantEndpoint(routes[name], body, run)
  }
  return endpoints
}
