/**
 * The Effect-native client: a service with one Effect per operation (failing
 * with its typed errors, each call a span), the searches and notes as
 * `Stream`s of every page, and layers that build it from
 * {@link ClientOptions} or from `Config`.
 *
 * @module
 */
import * as Config from "effect/Config"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type * as Stream from "effect/Stream"
import type { CheckoutRequest } from "../../core/checkout/index.ts"
import {
  type Operation,
  type OperationAnswer,
  type OperationInput,
  OPERATIONS,
  type RouteTable
} from "../../core/wire/routes.ts"
import { type ClientConfig, type ClientOptions, DEFAULT_TIMEOUT_MS, resolveConfig } from "./config.ts"
import type { CallError, InvalidOptionsError, InvalidRedirectError } from "./errors.ts"
import {
  call,
  type CallOptions,
  createCheckout,
  type CreatedCheckout,
  splitArguments,
  type VerifiedCheckout,
  verifyCheckout,
  type VerifyExpectations
} from "./operations.ts"
import { type ListedPlanNote, NOTES_PAGES, SEARCH_PAGES, type SearchedPlan, streamPages } from "./pagination.ts"
import { retrySchedule } from "./retry.ts"

/**
 * The operations whose method is one exchange, derived from the route table;
 * `createCheckout` gives the checkout with its status and warnings instead.
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
 * route table, and `verifyCheckout`; every call a span named for it
 * (`PaymentPlanClient.retrievePlan`). A search's and a plan's notes' every
 * page as one `Stream`.
 *
 * @category Client
 * @since 0.1.0
 */
export interface PaymentPlanClientApi extends EffectMethods {
  /** The base address and merchant id in use (never the API key). */
  readonly baseUrl: string
  /** The merchant id requests are made as (R4.5). */
  readonly merchantId: string
  /**
   * Creates a checkout (R4): the checkout with its status and the request's
   * warnings, or a typed failure (R8.3: a `ServiceValidationError` is a
   * refusal below 500, with its issues; `shouldDisplayWidget(error.status)`
   * says whether to show the widget).
   */
  readonly createCheckout: (
    request: CheckoutRequest,
    options?: CallOptions
  ) => Effect.Effect<CreatedCheckout, CallError>
  /** The redirect's checkout (R8.1), retrieved, and the deposit decision (R8.2). */
  readonly verifyCheckout: (
    redirect: string | URL | URLSearchParams,
    expected?: VerifyExpectations,
    options?: CallOptions
  ) => Effect.Effect<VerifiedCheckout, CallError | InvalidRedirectError>
  /**
   * Every plan a search finds, page after page (`page` from the query's, 0 by
   * default; `limit` a page's size), as one `Stream`: a page is asked for only
   * when the plans before it are taken, through the client's retries, and
   * none after the last.
   */
  readonly searchAllPlans: (
    ...args: [...OperationInput<"searchPlans">, options?: CallOptions]
  ) => Stream.Stream<SearchedPlan, CallError>
  /** Every note of a plan, page after page (`pageSize` a page's size), as one `Stream`, as {@link searchAllPlans}. */
  readonly listAllPlanNotes: (
    ...args: [...OperationInput<"listPlanNotes">, options?: CallOptions]
  ) => Stream.Stream<ListedPlanNote, CallError>
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
    verifyCheckout: (redirect, expected, options) => verifyCheckout(config, redirect, expected, options),
    searchAllPlans: (query, options) =>
      streamPages(SEARCH_PAGES, query, (q) => call(config, "searchPlans", q, options)),
    listAllPlanNotes: (query, options) =>
      streamPages(NOTES_PAGES, query, (q) => call(config, "listPlanNotes", q, options))
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
 * The client's settings read from `Config`: `PAYMENT_PLAN_BASE_URL`,
 * `PAYMENT_PLAN_MERCHANT_ID`, `PAYMENT_PLAN_API_KEY` (a `Redacted`), and, each
 * optional, `PAYMENT_PLAN_TIMEOUT` (a `Duration`: `"10 seconds"`) and
 * `PAYMENT_PLAN_MAX_RETRIES` (the retries of the default schedule, which it
 * replaces).
 */
const config: Config.Config<ClientOptions> = Config.all({
  baseUrl: Config.String("PAYMENT_PLAN_BASE_URL"),
  merchantId: Config.String("PAYMENT_PLAN_MERCHANT_ID"),
  apiKey: Config.Redacted("PAYMENT_PLAN_API_KEY"),
  timeout: Config.Duration("PAYMENT_PLAN_TIMEOUT").pipe(Config.withDefault(`${DEFAULT_TIMEOUT_MS} millis` as const)),
  retry: Config.Int("PAYMENT_PLAN_MAX_RETRIES").pipe(
    Config.map((retries) => retrySchedule({ retries })),
    Config.withDefault(retrySchedule())
  )
})

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
 *   const { checkout } = yield* client.createCheckout(request)
 *   return checkout.id
 * }).pipe(
 *   Effect.catchTag("ServiceValidationError", (refused) => Effect.succeed(refused.issues))
 * )
 * // or PaymentPlanClient.layerConfig(): PAYMENT_PLAN_BASE_URL, PAYMENT_PLAN_MERCHANT_ID, PAYMENT_PLAN_API_KEY, …
 * await program.pipe(Effect.provide(PaymentPlanClient.layer({ baseUrl, merchantId, apiKey })), Effect.runPromise)
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

  /**
   * What {@link PaymentPlanClient.layerConfig} reads by default: `PAYMENT_PLAN_BASE_URL`,
   * `PAYMENT_PLAN_MERCHANT_ID`, `PAYMENT_PLAN_API_KEY` (a `Redacted`), and, each optional,
   * `PAYMENT_PLAN_TIMEOUT` (a `Duration`, `"10 seconds"`) and `PAYMENT_PLAN_MAX_RETRIES` (the
   * default schedule's retries). `Config.map` it to add what configuration cannot say (a `fetch`).
   */
  static readonly config: Config.Config<ClientOptions> = config

  /**
   * A layer that reads the options from `Config` (by default
   * {@link PaymentPlanClient.config}; or a record of `Config`s and values, as
   * `Config.Wrap` takes) and builds the client; it fails with the
   * `ConfigError` naming what is missing, or an `InvalidOptionsError`.
   */
  static readonly layerConfig = (
    options: Config.Wrap<ClientOptions> = config
  ): Layer.Layer<PaymentPlanClient, InvalidOptionsError | Config.ConfigError> =>
    Layer.effect(PaymentPlanClient, Effect.flatMap(Config.unwrap(options), make))
}
