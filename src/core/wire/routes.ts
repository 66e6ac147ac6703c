/**
 * The service's operations and where they live: one route table shared by the
 * HTTP client and the sandbox, so the two always agree. An entry is all a new
 * endpoint needs here: its name (the key), its method and path, how its request
 * is checked (the concept's own validation) and how its answer is read (the
 * concept's tolerant response schema, R9). The client's methods, their types,
 * and the sandbox's table of handlers are derived from it (CONTRIBUTING.md).
 *
 * The description shows the paths of create and retrieve checkout only. The
 * plan-terms, refund-calculation and cancel paths are known from the service's
 * public documentation; the rest are our choice (docs/decisions/0010-routes.md).
 * Every route can be overridden with {@link withRoutes}.
 *
 * The package root's `Routes` is routes-api.ts: the table's requests and
 * answers stay in the core, for the client and the sandbox.
 *
 * @module
 */
// Over 400 lines: the route table, one entry per operation of the service (a table).
import type * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { validateRequestResult as validateCheckoutRequestResult } from "../../core/checkout/request.ts"
import { validateRequestResult as validatePlanTermsRequestResult } from "../../core/plan-terms/request.ts"
import { validateMerchantOrderResult } from "../../core/plan/merchant-order.ts"
import { validateQueryResult as validateSearchQueryResult } from "../../core/search/normalize.ts"
import * as Checkout from "../checkout/index.ts"
import { requestValidator, type Validated, type ValidationError } from "../foundation/issues.ts"
import { Identifier, isAddressable } from "../internal/schema-kit.ts"
import * as Merchant from "../merchant/configuration.ts"
import * as PlanTerms from "../plan-terms/index.ts"
import * as Plan from "../plan/index.ts"
import * as Notes from "../plan/notes.ts"
import * as Refund from "../refund/index.ts"
import * as Search from "../search/index.ts"
import * as Verification from "../verification/index.ts"

/**
 * An HTTP method a route may use.
 *
 * @category Wire
 * @since 0.1.0
 */
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE"

/**
 * A method and a path template whose `{name}` segments are path parameters.
 *
 * @category Wire
 * @since 0.1.0
 */
export interface Route {
  readonly method: HttpMethod
  readonly path: string
}

/**
 * What checking a request may need beside the request: the merchant it is
 * sent as (R4.5) and the current time (R4.6).
 */
export interface RequestContext {
  readonly merchantId: string
  readonly now: number
}

/**
 * One operation of the route table: its route, where its request goes and how
 * the request is checked, and how its answer is read.
 *
 * - `in`: where the checked request's fields go beside the path parameters
 *   (which are read from the fields of the same names): the JSON `body` (the
 *   whole request), the `query` string (the fields that are not path
 *   parameters), or nowhere (`path`: every field is a path parameter). `none`:
 *   the operation takes no input.
 * - `validate(context, input)`: the concept's strict check of the input
 *   (every issue, with its rule); its second parameter is the client method's
 *   first, name, type and optionality included.
 * - `request`: the concept's strict schema of that input (the body's, or the
 *   parameters' with the path's among them), which `validate` checks: the
 *   OpenAPI document (openapi.ts) describes the request with it.
 * - `response`: the concept's tolerant reading of the answer (R9).
 * - `status`: the status of a success, when it is not 200.
 */
export type RouteEntry =
  & Route
  & {
    readonly response: Schema.Top
    readonly status?: 201
  }
  & (
    | { readonly in: "none" }
    | {
      readonly in: "body" | "query" | "path"
      readonly request: Schema.Top
      readonly validate: (
        context: RequestContext,
        input: never
      ) => Result.Result<Validated<Readonly<Record<string, unknown>>>, ValidationError>
    }
  )

/** The path's identifiers (1..256 characters, no space or line break, not a dot segment), checked before sending. */
const identifier = <const Name extends string>(name: Name) => {
  const request = Schema.Struct({ [name]: Identifier } as { readonly [K in Name]: typeof Identifier })
  // a missing or non-text id cites the client's own rule, as the client's option checks do (docs/client.md)
  const validate = requestValidator(request, "client")
  return {
    request,
    validate: (id: unknown) =>
      validate({ [name]: id }) as Result.Result<Validated<Record<string, string>>, ValidationError>
  }
}
const checkoutIdentifier = identifier("checkoutId")
const planIdentifier = identifier("planId")
const cancelRequest = requestValidator(Refund.CancelPlanRequest, "R7.8")

/**
 * The route table: every operation of the service, keyed by its name. Each
 * entry's comment is its client method's documentation. Not a name of the
 * package (routes-api.ts lists the root's `Routes`); the client's declarations
 * refer to its type.
 */
export const ROUTE_TABLE = {
  /** Creates a checkout (R4), with the outcome of R8.3; the request is checked first, as the merchant and now. */
  createCheckout: {
    method: "POST",
    path: "/api/v2/checkout",
    in: "body",
    request: Checkout.CheckoutRequest,
    validate: (context, request: Checkout.CheckoutRequest) =>
      validateCheckoutRequestResult(request, { merchantId: context.merchantId, now: context.now }),
    response: Checkout.CheckoutResponse,
    // the description's example of a create answers 201
    status: 201
  },
  /** The checkout, for verification (R8), read tolerantly (R9). */
  retrieveCheckout: {
    method: "GET",
    path: "/api/v2/checkout/{checkoutId}",
    in: "path",
    request: checkoutIdentifier.request,
    validate: (_, checkoutId: string) => checkoutIdentifier.validate(checkoutId),
    response: Verification.CheckoutVerificationResponse
  },
  /** The terms of a checkout (R6); the request is validated first. */
  computePlanTerms: {
    method: "POST",
    path: "/api/v2/checkout/{checkoutId}/to-plan/calculate",
    in: "body",
    request: PlanTerms.PlanTermsRequest,
    validate: (_, request: PlanTerms.PlanTermsRequest) => validatePlanTermsRequestResult(request),
    response: PlanTerms.PlanTermsResponse
  },
  /** The plan record, read tolerantly (R9). */
  retrievePlan: {
    method: "GET",
    path: "/api/v2/plans/{planId}",
    in: "path",
    request: planIdentifier.request,
    validate: (_, planId: string) => planIdentifier.validate(planId),
    response: Plan.PlanResponse
  },
  /** Sets the merchant order id of a plan (R4.1, R4.3 on the id). */
  setMerchantOrder: {
    method: "PUT",
    path: "/api/v2/plans/{planId}/merchant-order",
    in: "body",
    request: Plan.SetMerchantOrderRequest,
    validate: (_, request: Plan.SetMerchantOrderRequest) => validateMerchantOrderResult(request),
    response: Plan.SetMerchantOrderResponse
  },
  /** Searches the merchant's plans; the parameters are checked with the core's query schema. */
  searchPlans: {
    method: "GET",
    path: "/api/v2/plans",
    in: "query",
    request: Search.PlanSearchQuery,
    // the parameters are sent as given (converted): the service fills the defaults itself
    validate: (_, query?: Search.PlanSearchParams) => validateSearchQueryResult(query === undefined ? {} : query),
    response: Search.PlanSearchResponse
  },
  /** The service's refund calculation of a plan (R7), read tolerantly. */
  calculateRefund: {
    method: "GET",
    path: "/api/v2/plans/{planId}/cancellation-summary",
    in: "path",
    request: planIdentifier.request,
    validate: (_, planId: string) => planIdentifier.validate(planId),
    response: Refund.RefundCalculationResponse
  },
  /** A page of a plan's notes; the parameters are checked with the core's query schema. */
  listPlanNotes: {
    method: "GET",
    path: "/api/v2/plans/{planId}/notes",
    in: "query",
    request: Notes.PlanNotesQuery,
    validate: (_, query: Notes.PlanNotesParams) => Notes.validateQueryResult(query),
    response: Notes.PlanNotesResponse
  },
  /** Cancels a plan with a refund (R7.8); the request is validated first. */
  cancelPlan: {
    method: "POST",
    path: "/api/v2/plans/{planId}/cancel",
    in: "body",
    request: Refund.CancelPlanRequest,
    validate: (_, request: Refund.CancelPlanRequest) => cancelRequest(request),
    response: Refund.CancelPlanResponse
  },
  /** The merchant configuration (R9, R10.3). */
  getMerchantConfiguration: {
    method: "GET",
    path: "/api/v2/merchant/configuration",
    in: "none",
    response: Merchant.MerchantConfigurationResponse
  }
} as const satisfies Readonly<Record<string, RouteEntry>>

/**
 * The route table's type.
 */
export type RouteTable = typeof ROUTE_TABLE

/**
 * An operation of the service, by the name the route table keys it.
 *
 * @category Wire
 * @since 0.1.0
 */
export type Operation = keyof RouteTable

/**
 * The parameters an operation takes before its options, as a labelled tuple
 * (`[planId: string]`, `[query?: PlanSearchParams]`, `[]`): its `validate`'s,
 * after the context.
 */
export type OperationInput<K extends Operation> = RouteTable[K] extends {
  readonly validate: (context: RequestContext, ...input: infer I) => unknown
} ? I
  : []

/**
 * What an operation answers, as its response schema reads it (R9).
 */
export type OperationAnswer<K extends Operation> = RouteTable[K]["response"]["Type"]

/**
 * The names of an operation's path parameters, from its default path.
 */
export type PathParameters<K extends Operation> = ParameterNames<RouteTable[K]["path"]>
type ParameterNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | ParameterNames<Rest>
  : never

/**
 * The operations of the service description, in the route table's order.
 *
 * @category Wire
 * @since 0.1.0
 */
export const OPERATIONS: ReadonlyArray<Operation> = Object.keys(ROUTE_TABLE) as Array<Operation>

/**
 * The route of every operation: the service's paths, or a deployment's own.
 *
 * @category Wire
 * @since 0.1.0
 */
export type Routes = { readonly [K in Operation]: Route }

/**
 * The default route table: the method and path of every operation.
 *
 * @category Wire
 * @since 0.1.0
 */
export const DEFAULT_ROUTES: Routes = Object.fromEntries(
  OPERATIONS.map((operation) => {
    const { method, path } = ROUTE_TABLE[operation]
    return [operation, { method, path }]
  })
) as unknown as Routes

/**
 * The default table with some routes replaced.
 *
 * @example
 * ```ts
 * import { Routes } from "payment-plan-engine"
 * const routes = Routes.withRoutes({ retrievePlan: { method: "GET", path: "/v2/plan/{planId}" } })
 * ```
 * @category Wire
 * @since 0.1.0
 */
export const withRoutes = (overrides: Partial<Routes> = {}): Routes => ({ ...DEFAULT_ROUTES, ...overrides })

const PARAM = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g

/**
 * The names of a route's path parameters, in order.
 *
 * @category Wire
 * @since 0.1.0
 */
export const pathParameters = (route: Route): ReadonlyArray<string> => [...route.path.matchAll(PARAM)].map((m) => m[1]!)

/**
 * Whether `value` can fill a path parameter (the rule of identifiers: not
 * empty, not a dot segment, well-formed Unicode).
 *
 * @category Wire
 * @since 0.1.0
 */
export const isPathParameterValue = isAddressable

/**
 * The route's path with its parameters filled in, each percent-encoded as one
 * segment. A missing, empty or dot-segment (`.`, `..`) parameter is a
 * programming error and throws: validate identifiers before expanding.
 *
 * @example
 * ```ts
 * import { Routes } from "payment-plan-engine"
 * Routes.expandPath(Routes.DEFAULT_ROUTES.retrievePlan, { planId: "p 1" }) // "/api/v2/plans/p%201"
 * ```
 * @category Wire
 * @since 0.1.0
 */
export const expandPath = (route: Route, params: Readonly<Record<string, string>>): string =>
  route.path.replace(PARAM, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new TypeError(`route ${route.method} ${route.path}: missing path parameter ${name}`)
    if (typeof value !== "string" || !isPathParameterValue(value)) {
      throw new TypeError(
        `route ${route.method} ${route.path}: path parameter ${name} must not be empty, "." or "..", and must be well-formed Unicode`
      )
    }
    return encodeURIComponent(value)
  })

/**
 * What {@link routeMatcher} found: the operation and its decoded path parameters.
 *
 * @category Wire
 * @since 0.1.0
 */
export interface RouteMatch<Op extends string = Operation> {
  readonly operation: Op
  readonly params: Readonly<Record<string, string>>
}

interface CompiledRoute<Op extends string> {
  readonly operation: Op
  readonly method: HttpMethod
  readonly segments: ReadonlyArray<string | { readonly param: string }>
}

/**
 * A matcher over a route table: which operation a method and path name.
 *
 * @category Wire
 * @since 0.1.0
 */
export interface RouteMatcher<Op extends string = Operation> {
  /** The operation at `pathname` for `method`, or undefined. */
  readonly match: (method: string, pathname: string) => RouteMatch<Op> | undefined
  /** The methods that `pathname` accepts (for a 405's `Allow`), empty when no route has that path. */
  readonly allowed: (pathname: string) => ReadonlyArray<HttpMethod>
}

const compile = <Op extends string>(operation: Op, route: Route): CompiledRoute<Op> => ({
  operation,
  method: route.method,
  segments: route.path
    .split("/")
    .filter((s) => s !== "")
    .map((s) => {
      const m = /^\{([A-Za-z_][A-Za-z0-9_]*)\}$/.exec(s)
      return m ? { param: m[1]! } : s
    })
})

const matchSegments = (
  route: CompiledRoute<string>,
  parts: ReadonlyArray<string>
): Record<string, string> | undefined => {
  if (route.segments.length !== parts.length) return undefined
  const params: Record<string, string> = {}
  for (let i = 0; i < parts.length; i++) {
    const segment = route.segments[i]!
    const part = parts[i]!
    if (typeof segment === "string") {
      if (segment !== part) return undefined
    } else {
      let decoded: string
      try {
        decoded = decodeURIComponent(part)
      } catch {
        return undefined
      }
      if (decoded === "") return undefined
      params[segment.param] = decoded
    }
  }
  return params
}

/**
 * Compiles a route table for matching incoming requests. Literal segments win
 * over parameters, so `/api/v2/plans/x` never shadows a literal route. Any
 * table of named routes works (the sandbox adds its own beside the service's).
 *
 * @example
 * ```ts
 * import { Routes } from "payment-plan-engine"
 * Routes.routeMatcher().match("GET", "/api/v2/plans/p1/notes") // { operation: "listPlanNotes", params: { planId: "p1" } }
 * Routes.routeMatcher({ health: { method: "GET", path: "/health" } }).match("GET", "/health") // { operation: "health", params: {} }
 * ```
 * @category Wire
 * @since 0.1.0
 */
export function routeMatcher(): RouteMatcher<Operation>
export function routeMatcher<Op extends string>(routes: { readonly [K in Op]: Route }): RouteMatcher<Op>
export function routeMatcher<Op extends string>(
  routes: { readonly [K in Op]: Route } = DEFAULT_ROUTES as unknown as { readonly [K in Op]: Route }
): RouteMatcher<Op> {
  const literalCount = (r: CompiledRoute<Op>) => r.segments.filter((s) => typeof s === "string").length
  const operations = Object.keys(routes) as Array<Op>
  // stable sort: among equally literal routes the table's order decides
  const compiled = operations.map((op) => compile(op, routes[op])).sort((a, b) => literalCount(b) - literalCount(a))
  const split = (pathname: string) => pathname.split("/").filter((s) => s !== "")
  return {
    match: (method, pathname) => {
      const parts = split(pathname)
      const upper = method.toUpperCase()
      for (const route of compiled) {
        if (route.method !== upper) continue
        const params = matchSegments(route, parts)
        if (params) return { operation: route.operation, params }
      }
      return undefined
    },
    allowed: (pathname) => {
      const parts = split(pathname)
      const methods = new Set<HttpMethod>()
      for (const route of compiled) if (matchSegments(route, parts)) methods.add(route.method)
      return [...methods]
    }
  }
}
