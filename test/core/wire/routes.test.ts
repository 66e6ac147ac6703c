import { describe, expect, it } from "vitest"
import {
  DEFAULT_ROUTES,
  expandPath,
  OPERATIONS,
  pathParameters,
  ROUTE_TABLE,
  routeMatcher,
  withRoutes
} from "../../../src/core/wire/routes.ts"

describe("routes", () => {
  it("has a route for every operation, the documented ones as the description shows", () => {
    expect(Object.keys(DEFAULT_ROUTES).sort()).toEqual([...OPERATIONS].sort())
    expect(DEFAULT_ROUTES.createCheckout).toEqual({ method: "POST", path: "/api/v2/checkout" })
    expect(DEFAULT_ROUTES.retrieveCheckout).toEqual({ method: "GET", path: "/api/v2/checkout/{checkoutId}" })
    expect(DEFAULT_ROUTES.computePlanTerms.path).toBe("/api/v2/checkout/{checkoutId}/to-plan/calculate")
    expect(DEFAULT_ROUTES.calculateRefund.path).toBe("/api/v2/plans/{planId}/cancellation-summary")
    expect(DEFAULT_ROUTES.cancelPlan).toEqual({ method: "POST", path: "/api/v2/plans/{planId}/cancel" })
  })

  it("derives the default routes and the operations from the route table", () => {
    expect(OPERATIONS).toEqual(Object.keys(ROUTE_TABLE))
    for (const op of OPERATIONS) {
      expect(DEFAULT_ROUTES[op]).toEqual({ method: ROUTE_TABLE[op].method, path: ROUTE_TABLE[op].path })
    }
  })

  it("checks an operation's input in one function of (context, input), the client's one argument before its options", () => {
    // a default value (`query = {}`) would shorten `length` and hide the parameter from the client's
    // methods, which read the options after exactly one input (none for `in: "none"`)
    for (const op of OPERATIONS) {
      const entry = ROUTE_TABLE[op]
      expect([op, "validate" in entry ? entry.validate.length : 1]).toEqual([op, entry.in === "none" ? 1 : 2])
    }
  })

  it("expands and matches every route both ways", () => {
    const matcher = routeMatcher()
    for (const op of OPERATIONS) {
      const route = DEFAULT_ROUTES[op]
      const params = Object.fromEntries(pathParameters(route).map((p) => [p, `id/${p} ü`]))
      const path = expandPath(route, params)
      expect(matcher.match(route.method, path)).toEqual({ operation: op, params })
    }
  })

  it("reports the allowed methods of a path and nothing for unknown paths", () => {
    const matcher = routeMatcher()
    expect(matcher.match("DELETE", "/api/v2/checkout")).toBeUndefined()
    expect(matcher.allowed("/api/v2/checkout")).toEqual(["POST"])
    expect(matcher.allowed("/api/v2/nothing")).toEqual([])
    expect(() => expandPath(DEFAULT_ROUTES.retrievePlan, {})).toThrow(/planId/)
  })

  it("refuses empty and dot-segment path parameters, which would address another resource", () => {
    for (const planId of ["", ".", "..", "a\ud800", "\udc00b"]) {
      expect(() => expandPath(DEFAULT_ROUTES.retrievePlan, { planId })).toThrow(/planId/)
    }
    // what URL parsing would make of them otherwise
    expect(new URL(`http://h${DEFAULT_ROUTES.retrievePlan.path.replace("{planId}", "..")}`).pathname).toBe("/api/v2/")
    // look-alikes are encoded and stay one segment
    for (const planId of ["...", ".a", "%2e", "a/..", "?x", "#y", "😀"]) {
      const path = expandPath(DEFAULT_ROUTES.retrievePlan, { planId })
      expect(new URL(`http://h${path}`).pathname).toBe(path)
      expect(routeMatcher().match("GET", path)).toEqual({ operation: "retrievePlan", params: { planId } })
    }
  })

  it("honours overrides", () => {
    const routes = withRoutes({ retrievePlan: { method: "GET", path: "/v3/plan/{planId}" } })
    expect(routeMatcher(routes).match("GET", "/v3/plan/abc")).toEqual({
      operation: "retrievePlan",
      params: { planId: "abc" }
    })
    expect(routeMatcher(routes).match("GET", "/api/v2/plans/abc")).toBeUndefined()
  })
})

describe("routeMatcher over any table", () => {
  const table = {
    health: { method: "GET", path: "/health" },
    page: { method: "GET", path: "/widget/checkout/{checkoutId}" },
    complete: { method: "POST", path: "/widget/api/checkouts/{checkoutId}/complete" },
    sdk: { method: "GET", path: "/widget/checkout/sdk" }
  } as const

  it("matches its own operations, literal segments before parameters", () => {
    const matcher = routeMatcher(table)
    expect(matcher.match("GET", "/health")).toEqual({ operation: "health", params: {} })
    expect(matcher.match("get", "/widget/checkout/c%201")).toEqual({ operation: "page", params: { checkoutId: "c 1" } })
    expect(matcher.match("GET", "/widget/checkout/sdk")).toEqual({ operation: "sdk", params: {} })
    expect(matcher.match("POST", "/widget/api/checkouts/c1/complete")).toEqual({
      operation: "complete",
      params: { checkoutId: "c1" }
    })
    expect(matcher.match("POST", "/health")).toBeUndefined()
    expect(matcher.allowed("/widget/api/checkouts/c1/complete")).toEqual(["POST"])
    expect(matcher.allowed("/elsewhere")).toEqual([])
  })

  it("combines with the service's table", () => {
    const matcher = routeMatcher({ ...DEFAULT_ROUTES, ...table })
    expect(matcher.match("GET", "/api/v2/plans/p1")).toEqual({ operation: "retrievePlan", params: { planId: "p1" } })
    expect(matcher.match("GET", "/health")?.operation).toBe("health")
  })

  it("refuses malformed percent-encoding and empty parameters", () => {
    const matcher = routeMatcher(table)
    expect(matcher.match("GET", "/widget/checkout/%E0%A4%A")).toBeUndefined()
    expect(matcher.match("GET", "/widget/checkout/")).toBeUndefined()
  })
})
