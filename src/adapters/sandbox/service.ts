/**
 * The service's endpoints (the core route table), for an authenticated
 * merchant. Every answer is computed by the core.
 *
 * @module
 */
import type { Operation as OperationName } from "../../core/wire/routes.ts"
import { checkoutOf, createCheckout, verificationOf } from "./checkouts.ts"
import type { Context, Operation, Reply } from "./handler.ts"
import * as Plans from "./plans.ts"

const merchantOp = (body: "json" | "none", run: (context: Context) => Reply): Omit<Operation, "route"> => ({
  auth: "merchant",
  body,
  run
})

/** The service's operations; their routes come from the route table in use. */
export const SERVICE_OPERATIONS: { readonly [K in OperationName]: Omit<Operation, "route"> } = {
  createCheckout: merchantOp("json", createCheckout),
  retrieveCheckout: merchantOp("none", ({ env, merchant, params }) => {
    const checkout = checkoutOf(env, params["checkoutId"]!, merchant)
    return { status: 200, body: verificationOf(checkout, env.now(merchant.id)) }
  }),
  computePlanTerms: merchantOp("json", (context) => ({
    status: 200,
    body: Plans.planTerms(
      context,
      checkoutOf(context.env, context.params["checkoutId"]!, context.merchant),
      context.merchant
    )
  })),
  retrievePlan: merchantOp("none", Plans.retrievePlan),
  setMerchantOrder: merchantOp("json", Plans.setMerchantOrder),
  searchPlans: merchantOp("none", Plans.searchPlans),
  calculateRefund: merchantOp("none", Plans.calculateRefund),
  listPlanNotes: merchantOp("none", Plans.listPlanNotes),
  cancelPlan: merchantOp("json", Plans.cancelPlan),
  getMerchantConfiguration: merchantOp("none", ({ merchant }) => ({ status: 200, body: merchant.configuration }))
}
