/**
 * The Effect-native client: a service with one Effect per operation, and a
 * layer that builds it from {@link ClientOptions}.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type { CheckoutRequest } from "../../core/checkout/index.ts"
import {
  type Operation,
  type OperationAnswer,
  type OperationInput,
  OPERATIONS,
  type RouteTable
} from "../../core/wire/routes.ts"
import { type ClientConfig, type ClientOptions, resolveConfig } from "./config.ts"
import type { CallError, InvalidOptionsError, InvalidRedirectError } from "./errors.ts"
import {
  call,
  type CallOptions,
  createCheckout,
  type CreateCheckoutOutcome,
  splitArguments,
  type VerifiedCheckout,
  verifyCheckout,
  type VerifyExpectations
} from "./operations.ts"

/**
 * The operations whose method is one exchange, derived from the route table;
 * `createCheckout` gives R8.3's outcome instead.
 */
export type Exchanged = Exclude<Operation, "createCheckout">

/**
 * The operations of {@link Exchanged}, in the route table's order.
 *
 * @internal
 */
export const EXCHANGED: ReadonlyArray<Exchanged> = OPERATIONS.filter((o): o is Exchanged => o !== "createCheckout")

/**
 * One Effect per operation of the route table (each entry's comment is its
 * method's): the input is validated by the core before anything is sent, the
 * answer read tolerantly (R9).
 */
export type EffectMethods = {
  readonly [K in keyof Pick<RouteTable, Exchanged>]: (
    ...args: [...OperationInput<K>, options?: CallOptions]
  ) => Effect.Effect<OperationAnswer<K>, CallError>
}

/**
 * The operations of the service, as Effects: one per operation of the core's
 * route table, and `verifyCheckout`.
 *
 * @category Client
 * @since 0.1.0
 */
export interface PaymentPlanClientApi extends EffectMethods {
  /** The base address and merchant id in use (never the API key). */
  readonly baseUrl: string
  /** The merchant id requests are made as (R4.5). */
  readonly merchantId: string
  /** Creates a checkout (R4), with the outcome of R8.3; never fails. */
  readonly createCheckout: (request: CheckoutRequest, options?: CallOptions) => Effect.Effect<CreateCheckoutOutcome>
  /** The redirect's checkout (R8.1), retrieved, and the deposit decision (R8.2). */
  readonly verifyCheckout: (
    redirect: string | URL | URLSearchParams,
    expected?: VerifyExpectations,
    options?: CallOptions
  ) => Effect.Effect<VerifiedCheckout, CallError | InvalidRedirectError>
}

/**
 * The client's operations over a checked configuration.
 *
 * @internal
 */
export const makeApi = (config: ClientConfig): PaymentPlanClientApi => {
  const methods: Record<string, (...args: ReadonlyArray<unknown>) => unknown> = {}
  for (const operation of EXCHANGED) {
    methods[operation] = (...args) => {
      const { input, options } = splitArguments<CallOptions>(operation, args)
      return call(config, operation, input[0], options)
    }
  }
  return {
    ...(methods as unknown as EffectMethods),
    baseUrl: config.baseUrl.href,
    merchantId: config.merchantId,
    createCheckout: (request, options) => createCheckout(config, request, options),
    verifyCheckout: (redirect, expected, options) => verifyCheckout(config, redirect, expected, options)
  }
}

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
 * @category Client
 * @since 0.1.0
 */
export class PaymentPlanClient extends Context.Service<PaymentPlanClient, PaymentPlanClientApi>()(
  "payment-plan-engine/PaymentPlanClient"
) {
  /** A layer that checks the options and builds the client; it fails with an `InvalidOptionsError`. */
  static readonly layer = (options: ClientOptions): Layer.Layer<PaymentPlanClient, InvalidOptionsError> =>
    Layer.effect(PaymentPlanClient, make(options))
}
