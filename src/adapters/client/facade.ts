/**
 * The Promise client: the Effect client run for callers who do not use Effect.
 * Each method resolves with the operation's answer or rejects with a
 * {@link PaymentPlanClientError} (tell which by `code`, after
 * `isPaymentPlanClientError`); `createCheckout` never rejects.
 *
 * @since 0.1.0
 */
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Result from "effect/Result"
import type { CheckoutRequest } from "../../core/checkout/index.ts"
import type { MerchantConfigurationResponse } from "../../core/merchant/configuration.ts"
import type { PlanTermsRequest, PlanTermsResponse } from "../../core/plan-terms/index.ts"
import type { PlanResponse, SetMerchantOrderRequest, SetMerchantOrderResponse } from "../../core/plan/index.ts"
import type { PlanNotesParams, PlanNotesResponse } from "../../core/plan/notes.ts"
import type { CancelPlanRequest, CancelPlanResponse, RefundCalculationResponse } from "../../core/refund/index.ts"
import type { PlanSearchParams, PlanSearchResponse } from "../../core/search/index.ts"
import type { CheckoutVerificationResponse } from "../../core/verification/index.ts"
import { type ClientOptions, resolveConfig } from "./config.ts"
import type { PaymentPlanClientError } from "./errors.ts"
import type { CallOptions, CreateCheckoutOutcome, VerifiedCheckout, VerifyExpectations } from "./operations.ts"
import { makeApi, type PaymentPlanClientApi } from "./service.ts"

/**
 * Options of one call of the Promise client.
 *
 * @since 0.1.0
 */
export interface RequestOptions extends CallOptions {
  /** Cancels the call: the request in flight is aborted, no retry follows, and the promise rejects with the signal's reason. */
  readonly signal?: AbortSignal | undefined
}

/**
 * The Promise client. A method rejects with a {@link PaymentPlanClientError}
 * (see `isPaymentPlanClientError`), with `signal.reason` when its signal
 * aborts it, or with what your own `authorization` function threw.
 *
 * @since 0.1.0
 */
export interface Client {
  readonly baseUrl: string
  readonly merchantId: string
  /** The same client as Effects. */
  readonly effect: PaymentPlanClientApi
  /** POST /api/v2/checkout, with the outcome of R8.3; never rejects. */
  createCheckout(request: CheckoutRequest, options?: RequestOptions): Promise<CreateCheckoutOutcome>
  /** GET /api/v2/checkout/{checkoutId}: the checkout for verification, read tolerantly. */
  retrieveCheckout(checkoutId: string, options?: RequestOptions): Promise<CheckoutVerificationResponse>
  /** The redirect's checkout (R8.1), retrieved, and the deposit decision (R8.2). */
  verifyCheckout(
    redirect: string | URL | URLSearchParams,
    expected?: VerifyExpectations,
    options?: RequestOptions
  ): Promise<VerifiedCheckout>
  /** POST /api/v2/checkout/{checkoutId}/to-plan/calculate (the route table's `computePlanTerms`): the terms of a checkout (R6); the request is validated first. */
  computePlanTerms(request: PlanTermsRequest, options?: RequestOptions): Promise<PlanTermsResponse>
  /** GET /api/v2/plans/{planId}: the plan record, read tolerantly (R9). */
  retrievePlan(planId: string, options?: RequestOptions): Promise<PlanResponse>
  /** Sets the merchant order id of a plan (R4.1, R4.3 on the id). */
  setMerchantOrder(request: SetMerchantOrderRequest, options?: RequestOptions): Promise<SetMerchantOrderResponse>
  /** Searches the merchant's plans; the parameters are checked with the core's query schema. */
  searchPlans(query?: PlanSearchParams, options?: RequestOptions): Promise<PlanSearchResponse>
  /** The service's refund calculation of a plan (R7), read tolerantly. */
  calculateRefund(planId: string, options?: RequestOptions): Promise<RefundCalculationResponse>
  /** A page of a plan's notes; the parameters are checked with the core's query schema. */
  listPlanNotes(query: PlanNotesParams, options?: RequestOptions): Promise<PlanNotesResponse>
  /** Cancels a plan with a refund (R7.8); the request is validated first. */
  cancelPlan(request: CancelPlanRequest, options?: RequestOptions): Promise<CancelPlanResponse>
  /** The merchant configuration (R9, R10.3). */
  getMerchantConfiguration(options?: RequestOptions): Promise<MerchantConfigurationResponse>
}

const run = async <A, E>(effect: Effect.Effect<A, E>, options: RequestOptions | undefined): Promise<A> => {
  const signal = options?.signal
  signal?.throwIfAborted()
  const exit = await Effect.runPromiseExit(effect, signal === undefined ? undefined : { signal })
  if (Exit.isSuccess(exit)) return exit.value
  if (signal?.aborted === true) throw signal.reason
  throw Cause.squash(exit.cause)
}

const callOptions = (options: RequestOptions | undefined): CallOptions | undefined =>
  options?.idempotencyKey === undefined ? undefined : { idempotencyKey: options.idempotencyKey }

/**
 * Creates the Promise client. Throws an `InvalidOptionsError` naming every bad
 * option and the rule it breaks (never showing the API key).
 *
 * @example
 * ```ts
 * import { createClient } from "payment-plan-engine/client"
 *
 * const client = createClient({ baseUrl, merchantId: "merchant-123", apiKey })
 * const outcome = await client.createCheckout(request)
 * if (outcome.ok) renderWidget(outcome.checkout.id)
 * else if (outcome.displayWidget) renderWidgetWithError(outcome.error)
 *
 * // back from the widget:
 * const verified = await client.verifyCheckout(req.url, { merchantOrderId: "order-0001" })
 * if (verified.allocate) allocateInventory()
 * ```
 * @since 0.1.0
 */
export const createClient = (options: ClientOptions): Client => {
  const config = resolveConfig(options)
  if (Result.isFailure(config)) throw config.failure
  const api = makeApi(config.success)
  const shown = { baseUrl: api.baseUrl, merchantId: api.merchantId, apiKey: "<redacted>" }
  const client: Client = {
    baseUrl: api.baseUrl,
    merchantId: api.merchantId,
    effect: api,
    createCheckout: (request, o) => run(api.createCheckout(request, callOptions(o)), o),
    retrieveCheckout: (checkoutId, o) => run(api.retrieveCheckout(checkoutId, callOptions(o)), o),
    verifyCheckout: (redirect, expected, o) => run(api.verifyCheckout(redirect, expected, callOptions(o)), o),
    computePlanTerms: (request, o) => run(api.computePlanTerms(request, callOptions(o)), o),
    retrievePlan: (planId, o) => run(api.retrievePlan(planId, callOptions(o)), o),
    setMerchantOrder: (request, o) => run(api.setMerchantOrder(request, callOptions(o)), o),
    searchPlans: (query, o) => run(api.searchPlans(query, callOptions(o)), o),
    calculateRefund: (planId, o) => run(api.calculateRefund(planId, callOptions(o)), o),
    listPlanNotes: (query, o) => run(api.listPlanNotes(query, callOptions(o)), o),
    cancelPlan: (request, o) => run(api.cancelPlan(request, callOptions(o)), o),
    getMerchantConfiguration: (o) => run(api.getMerchantConfiguration(callOptions(o)), o)
  }
  // the key lives only in closures, redacted; these make printing the client say so
  Object.defineProperties(client, {
    toJSON: { value: () => shown },
    toString: { value: () => `PaymentPlanClient(${api.baseUrl}, merchant ${api.merchantId})` },
    [Symbol.for("nodejs.util.inspect.custom")]: { value: () => `PaymentPlanClient ${JSON.stringify(shown)}` }
  })
  return client
}
