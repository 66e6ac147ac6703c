/**
 * The Effect-native client: a service with one Effect per operation, and a
 * layer that builds it from {@link ClientOptions}.
 *
 * @since 0.1.0
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type { CheckoutRequest } from "../../core/checkout/index.ts"
import type { MerchantConfigurationResponse } from "../../core/merchant/configuration.ts"
import type { PlanTermsRequest, PlanTermsResponse } from "../../core/plan-terms/index.ts"
import type { PlanResponse, SetMerchantOrderRequest, SetMerchantOrderResponse } from "../../core/plan/index.ts"
import type { PlanNotesParams, PlanNotesResponse } from "../../core/plan/notes.ts"
import type { CancelPlanRequest, CancelPlanResponse, RefundCalculationResponse } from "../../core/refund/index.ts"
import type { PlanSearchParams, PlanSearchResponse } from "../../core/search/index.ts"
import type { CheckoutVerificationResponse } from "../../core/verification/index.ts"
import { type ClientConfig, type ClientOptions, resolveConfig } from "./config.ts"
import type { CallError, InvalidOptionsError, InvalidRedirectError } from "./errors.ts"
import {
  call,
  type CallOptions,
  createCheckout,
  type CreateCheckoutOutcome,
  SPECS,
  type VerifiedCheckout,
  verifyCheckout,
  type VerifyExpectations
} from "./operations.ts"

/**
 * The operations of the service, as Effects.
 *
 * @since 0.1.0
 */
export interface PaymentPlanClientApi {
  /** The base address and merchant id in use (never the API key). */
  readonly baseUrl: string
  /** The merchant id requests are made as (R4.5). */
  readonly merchantId: string
  /** POST /api/v2/checkout, with the outcome of R8.3; never fails. */
  readonly createCheckout: (request: CheckoutRequest, options?: CallOptions) => Effect.Effect<CreateCheckoutOutcome>
  /** GET /api/v2/checkout/{checkoutId}. */
  readonly retrieveCheckout: (
    checkoutId: string,
    options?: CallOptions
  ) => Effect.Effect<CheckoutVerificationResponse, CallError>
  /** The redirect's checkout (R8.1), retrieved, and the deposit decision (R8.2). */
  readonly verifyCheckout: (
    redirect: string | URL | URLSearchParams,
    expected?: VerifyExpectations,
    options?: CallOptions
  ) => Effect.Effect<VerifiedCheckout, CallError | InvalidRedirectError>
  /** POST /api/v2/checkout/{checkoutId}/to-plan/calculate (the route table's `computePlanTerms`): the terms of a checkout (R6); the request is validated first. */
  readonly computePlanTerms: (
    request: PlanTermsRequest,
    options?: CallOptions
  ) => Effect.Effect<PlanTermsResponse, CallError>
  /** GET /api/v2/plans/{planId}: the plan record, read tolerantly (R9). */
  readonly retrievePlan: (planId: string, options?: CallOptions) => Effect.Effect<PlanResponse, CallError>
  /** Sets the merchant order id of a plan (R4.1, R4.3 on the id). */
  readonly setMerchantOrder: (
    request: SetMerchantOrderRequest,
    options?: CallOptions
  ) => Effect.Effect<SetMerchantOrderResponse, CallError>
  /** Searches the merchant's plans; the parameters are checked with the core's query schema. */
  readonly searchPlans: (
    query?: PlanSearchParams,
    options?: CallOptions
  ) => Effect.Effect<PlanSearchResponse, CallError>
  /** The service's refund calculation of a plan (R7), read tolerantly. */
  readonly calculateRefund: (
    planId: string,
    options?: CallOptions
  ) => Effect.Effect<RefundCalculationResponse, CallError>
  /** A page of a plan's notes; the parameters are checked with the core's query schema. */
  readonly listPlanNotes: (query: PlanNotesParams, options?: CallOptions) => Effect.Effect<PlanNotesResponse, CallError>
  /** Cancels a plan with a refund (R7.8); the request is validated first. */
  readonly cancelPlan: (
    request: CancelPlanRequest,
    options?: CallOptions
  ) => Effect.Effect<CancelPlanResponse, CallError>
  /** The merchant configuration (R9, R10.3). */
  readonly getMerchantConfiguration: (options?: CallOptions) => Effect.Effect<MerchantConfigurationResponse, CallError>
}

/**
 * The client's operations over a checked configuration.
 *
 * @internal
 */
export const makeApi = (config: ClientConfig): PaymentPlanClientApi => ({
  baseUrl: config.baseUrl.href,
  merchantId: config.merchantId,
  createCheckout: (request, options) => createCheckout(config, request, options),
  retrieveCheckout: (checkoutId, options) => call(config, SPECS.retrieveCheckout, checkoutId, options),
  verifyCheckout: (redirect, expected, options) => verifyCheckout(config, redirect, expected, options),
  computePlanTerms: (request, options) => call(config, SPECS.computePlanTerms, request, options),
  retrievePlan: (planId, options) => call(config, SPECS.retrievePlan, planId, options),
  setMerchantOrder: (request, options) => call(config, SPECS.setMerchantOrder, request, options),
  searchPlans: (query = {}, options) => call(config, SPECS.searchPlans, query, options),
  calculateRefund: (planId, options) => call(config, SPECS.calculateRefund, planId, options),
  listPlanNotes: (query, options) => call(config, SPECS.listPlanNotes, query, options),
  cancelPlan: (request, options) => call(config, SPECS.cancelPlan, request, options),
  getMerchantConfiguration: (options) => call(config, SPECS.getMerchantConfiguration, undefined, options)
})

/**
 * The client built from options; fails with an `InvalidOptionsError` naming
 * every bad option.
 *
 * @internal
 */
export const make = (options: ClientOptions): Effect.Effect<PaymentPlanClientApi, InvalidOptionsError> =>
  Effect.map(Effect.fromResult(resolveConfig(options)), makeApi)

/**
 * The client as an Effect service.
 *
 * @example
 * ```ts
 * import * as Effect from "effect/Effect"
 * import { PaymentPlanClient } from "payment-plan-engine/client"
 *
 * const program = Effect.gen(function*() {
 *   const client = yield* PaymentPlanClient
 *   const outcome = yield* client.createCheckout(request)
 *   if (outcome.ok) return outcome.checkout.id
 * })
 * program.pipe(
 *   Effect.provide(PaymentPlanClient.layer({ baseUrl: "http://127.0.0.1:4010", merchantId, apiKey })),
 *   Effect.runPromise
 * )
 * ```
 * @since 0.1.0
 */
export class PaymentPlanClient extends Context.Service<PaymentPlanClient, PaymentPlanClientApi>()(
  "payment-plan-engine/PaymentPlanClient"
) {
  /** A layer that checks the options and builds the client; it fails with an `InvalidOptionsError`. */
  static readonly layer = (options: ClientOptions): Layer.Layer<PaymentPlanClient, InvalidOptionsError> =>
    Layer.effect(PaymentPlanClient, make(options))
}
