/**
 * The service's operations and where they live: one route table shared by the
 * HTTP client and the sandbox, so the two always agree.
 *
 * The description shows the paths of create and retrieve checkout only. The
 * plan-terms, refund-calculation and cancel paths are known from the service's
 * public documentation; the rest are our choice (docs/decisions.md, "Routes").
 * Every route can be overridden with {@link withRoutes}.
 *
 * @module
 */
import { isAddressable } from "../internal/schema-kit.ts"

/** The operations of the service description. */
export const OPERATIONS = [
  "createCheckout",
  "retrieveCheckout",
  "computePlanTerms",
  "retrievePlan",
  "setMerchantOrder",
  "searchPlans",
  "calculateRefund",
  "listPlanNotes",
  "cancelPlan",
  "getMerchantConfiguration"
] as const

/** An operation of the service, by the name the route table keys it. */
export type Operation = (typeof OPERATIONS)[number]

/** An HTTP method a route may use. */
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE"

/** A method and a path template whose `{name}` segments are path parameters. */
export interface Route {
  readonly method: HttpMethod
  readonly path: string
}

/** The route of every operation: the service's paths, or a deployment's own. */
export type Routes = { readonly [K in Operation]: Route }

/** The default route table. */
export const DEFAULT_ROUTES: Routes = {
  createCheckout: { method: "POST", path: "/api/v2/checkout" },
  retrieveCheckout: { method: "GET", path: "/api/v2/checkout/{checkoutId}" },
  computePlanTerms: { method: "POST", path: "/api/v2/checkout/{checkoutId}/to-plan/calculate" },
  retrievePlan: { method: "GET", path: "/api/v2/plans/{planId}" },
  setMerchantOrder: { method: "PUT", path: "/api/v2/plans/{planId}/merchant-order" },
  searchPlans: { method: "GET", path: "/api/v2/plans" },
  calculateRefund: { method: "GET", path: "/api/v2/plans/{planId}/cancellation-summary" },
  listPlanNotes: { method: "GET", path: "/api/v2/plans/{planId}/notes" },
  cancelPlan: { method: "POST", path: "/api/v2/plans/{planId}/cancel" },
  getMerchantConfiguration: { method: "GET", path: "/api/v2/merchant/configuration" }
}

/**
 * The default table with some routes replaced.
 *
 * @example
 * ```ts
 * import { Routes } from "payment-plan-engine"
 * const routes = Routes.withRoutes({ retrievePlan: { method: "GET", path: "/v2/plan/{planId}" } })
 * ```
 */
export const withRoutes = (overrides: Partial<Routes> = {}): Routes => ({ ...DEFAULT_ROUTES, ...overrides })

const PARAM = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g

/** The names of a route's path parameters, in order. */
export const pathParameters = (route: Route): ReadonlyArray<string> => [...route.path.matchAll(PARAM)].map((m) => m[1]!)

/**
 * Whether `value` can fill a path parameter (the rule of identifiers: not
 * empty, not a dot segment, well-formed Unicode).
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

/** What {@link routeMatcher} found: the operation and its decoded path parameters. */
export interface RouteMatch<Op extends string = Operation> {
  readonly operation: Op
  readonly params: Readonly<Record<string, string>>
}

interface CompiledRoute<Op extends string> {
  readonly operation: Op
  readonly method: HttpMethod
  readonly segments: ReadonlyArray<string | { readonly param: string }>
}

/** A matcher over a route table: which operation a method and path name. */
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
