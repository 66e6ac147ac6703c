/**
 * The Promise client: the Effect client run for callers who do not use Effect.
 * Each method resolves with the operation's answer or rejects with a
 * {@link PaymentPlanClientError} (tell which by `code`, after
 * `isPaymentPlanClientError`); `createCheckout` never rejects: it answers
 * R8.3's outcome, the plain face's convention (`{ ok }`). A search's and a
 * plan's notes' every page are async iterables, for `for await`.
 *
 * @module
 */
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Result from "effect/Result"
import type { CheckoutRequest } from "../../core/checkout/index.ts"
import { type OperationAnswer, type OperationInput, type RouteTable } from "../../core/wire/routes.ts"
import { type ClientOptions, resolveConfig } from "./config.ts"
import type { PaymentPlanClientError } from "./errors.ts"
import {
  type CallOptions,
  type CreateCheckoutOutcome,
  createCheckoutOutcome,
  splitArguments,
  type VerifiedCheckout,
  type VerifyExpectations
} from "./operations.ts"
import { iteratePages, type ListedPlanNote, NOTES_PAGES, SEARCH_PAGES, type SearchedPlan } from "./pagination.ts"
import { EXCHANGED, type Exchanged, makeApi, type PaymentPlanClientApi } from "./service.ts"

/**
 * Options of one call of the Promise client.
 *
 * @category Client
 * @since 0.1.0
 */
export interface RequestOptions extends CallOptions {
  /** Cancels the call: the request in flight is aborted, no retry follows, and the promise rejects with the signal's reason. */
  readonly signal?: AbortSignal | undefined
}

/**
 * One Promise per operation of the route table (each entry's comment is its
 * method's): the Effect methods, run.
 */
export type PromiseMethods = {
  [K in keyof Pick<RouteTable, Exchanged>]: (
    ...args: [...OperationInput<K>, options?: RequestOptions]
  ) => Promise<OperationAnswer<K>>
}

/**
 * The Promise client. A method rejects with a {@link PaymentPlanClientError}
 * (see `isPaymentPlanClientError`), with `signal.reason` when its signal
 * aborts it, or with what your own `authorization` function threw.
 *
 * @category Client
 * @since 0.1.0
 */
export interface Client extends PromiseMethods {
  readonly baseUrl: string
  readonly merchantId: string
  /** The same client as Effects. */
  readonly effect: PaymentPlanClientApi
  /** Creates a checkout (R4), with the outcome of R8.3; never rejects. */
  createCheckout(request: CheckoutRequest, options?: RequestOptions): Promise<CreateCheckoutOutcome>
  /**
   * Every plan a search finds, page after page (`page` from the query's, 0 by
   * default; `limit` a page's size), for `for await`: a page is asked for only
   * when the plans before it are taken, through the client's retries, and none
   * after the last; a failure rejects the loop with the client's error.
   */
  searchAllPlans(
    ...args: [...OperationInput<"searchPlans">, options?: RequestOptions]
  ): AsyncIterable<SearchedPlan>
  /** Every note of a plan, page after page (`pageSize` a page's size), for `for await`, as `searchAllPlans`. */
  listAllPlanNotes(
    ...args: [...OperationInput<"listPlanNotes">, options?: RequestOptions]
  ): AsyncIterable<ListedPlanNote>
  /** The redirect's checkout (R8.1), retrieved, and the deposit decision (R8.2). */
  verifyCheckout(
    redirect: string | URL | URLSearchParams,
    expected?: VerifyExpectations,
    options?: RequestOptions
  ): Promise<VerifiedCheckout>
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
 * @category Client
 * @since 0.1.0
 */
export const createClient = (options: ClientOptions): Client => {
  const config = resolveConfig(options)
  if (Result.isFailure(config)) throw config.failure
  const api = makeApi(config.success)
  const shown = { baseUrl: api.baseUrl, merchantId: api.merchantId, apiKey: "<redacted>" }
  const methods: Record<string, (...args: ReadonlyArray<unknown>) => Promise<unknown>> = {}
  for (const operation of EXCHANGED) {
    const effect = api[operation] as (...args: ReadonlyArray<unknown>) => Effect.Effect<unknown, unknown>
    methods[operation] = (...args) => {
      const { input, options } = splitArguments<RequestOptions>(operation, args)
      return run(effect(...input, callOptions(options)), options)
    }
  }
  const client: Client = {
    ...(methods as unknown as PromiseMethods),
    baseUrl: api.baseUrl,
    merchantId: api.merchantId,
    effect: api,
    createCheckout: (request, o) => run(createCheckoutOutcome(api.createCheckout(request, callOptions(o))), o),
    verifyCheckout: (redirect, expected, o) => run(api.verifyCheckout(redirect, expected, callOptions(o)), o),
    searchAllPlans: (query, o) => iteratePages(SEARCH_PAGES, query, (q) => run(api.searchPlans(q, callOptions(o)), o)),
    listAllPlanNotes: (query, o) =>
      iteratePages(NOTES_PAGES, query, (q) => run(api.listPlanNotes(q, callOptions(o)), o))
  }
  // the key lives only in closures, redacted; these make printing the client say so
  Object.defineProperties(client, {
    toJSON: { value: () => shown },
    toString: { value: () => `PaymentPlanClient(${api.baseUrl}, merchant ${api.merchantId})` },
    [Symbol.for("nodejs.util.inspect.custom")]: { value: () => `PaymentPlanClient ${JSON.stringify(shown)}` }
  })
  return client
}
