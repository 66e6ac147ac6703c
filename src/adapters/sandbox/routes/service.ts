/**
 * The service's endpoints (the core route table, shared with the client), for
 * an authenticated merchant: each reads its path, query and body and calls an
 * operation. Every answer is computed by the core.
 *
 * The handlers are keyed by the route table, so an operation without one does
 * not compile; whether an endpoint reads a JSON body, and the names of its
 * path parameters, come from the table too.
 *
 * @module
 */
import { type Operation, OPERATIONS, type PathParameters, ROUTE_TABLE, type Routes } from "../../../core/wire/routes.ts"
import { createCheckout, retrieveCheckout } from "../operations/checkouts.ts"
import { listPlanNotes } from "../operations/notes.ts"
import {
  calculateRefund,
  cancelPlan,
  computePlanTerms,
  retrievePlan,
  searchPlans,
  setMerchantOrder
} from "../operations/plans.ts"
import { type MerchantEndpoint, merchantEndpoint, type MerchantRequestContext, ok, type Reply } from "./endpoint.ts"

/** An operation's handler: its request, with the path parameters its route names. */
type Handler<K extends Operation> = (
  context: Omit<MerchantRequestContext, "params"> & { readonly params: { readonly [P in PathParameters<K>]: string } }
) => Reply

/** What each operation of the route table does. */
const SERVICE: { readonly [K in Operation]: Handler<K> } = {
  createCheckout: ({ env, merchant, body, baseUrl }) =>
    ok(createCheckout(env, merchant, body, baseUrl), ROUTE_TABLE.createCheckout.status),
  retrieveCheckout: ({ env, merchant, params }) => ok(retrieveCheckout(env, merchant, params.checkoutId)),
  computePlanTerms: ({ env, merchant, params, body }) => ok(computePlanTerms(env, merchant, params.checkoutId, body)),
  retrievePlan: ({ env, merchant, params }) => ok(retrievePlan(env, merchant, params.planId)),
  setMerchantOrder: ({ env, merchant, params, body }) => ok(setMerchantOrder(env, merchant, params.planId, body)),
  searchPlans: ({ env, merchant, url }) => ok(searchPlans(env, merchant, url.searchParams)),
  calculateRefund: ({ env, merchant, params }) => ok(calculateRefund(env, merchant, params.planId)),
  listPlanNotes: ({ env, merchant, params, url, path, baseUrl }) =>
    ok(listPlanNotes(env, merchant, params.planId, url.searchParams, `${baseUrl}${path}`)),
  cancelPlan: ({ env, merchant, params, body }) => ok(cancelPlan(env, merchant, params.planId, body)),
  getMerchantConfiguration: ({ merchant }) => ok(merchant.configuration)
}

/** The service's endpoints at the routes of the table in use (the core's, unless the sandbox was given another). */
export const serviceEndpoints = (routes: Routes): { readonly [K in Operation]: MerchantEndpoint } => {
  const endpoints = {} as { [K in Operation]: MerchantEndpoint }
  for (const name of OPERATIONS) {
    // the router matched the route, so its parameters are there
    const run = SERVICE[name] as (context: MerchantRequestContext) => Reply
    endpoints[name] = merchantEndpoint(routes[name], ROUTE_TABLE[name].in === "body" ? "json" : "none", run)
  }
  return endpoints
}
