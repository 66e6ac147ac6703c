/**
 * Plan search: pages, sorts and filters of the service compared with the
 * engine's search over the same plans (R9: the summaries are read
 * tolerantly). The plans are the run's own, created for the purpose and found
 * by the run's `conformance-s<seed>-` order prefix (the quick filter); in
 * read-only mode, those of earlier conformance runs (`conformance-`).
 *
 * @module
 */
import * as Effect from "effect/Effect"
import fc from "fast-check"
import type { PlanSummaryResponse } from "../../core/plan/index.ts"
import type { PlanSearchParams } from "../../core/search/index.ts"
import { searchPlans } from "../../facade/index.ts"
import { type Prepared, type Property, ready, skipped } from "../property.ts"
import {
  checkoutRequestOf,
  type CheckoutSpec,
  checkoutSpec,
  currencyOfSpec,
  type CustomerChoice,
  customerChoice,
  searchQueryOf,
  type SearchSpec,
  searchSpec
} from "../scenarios.ts"
import { at, call, type Check, Checks, type Halt, type Session } from "../session.ts"
import type { Exchange } from "../transport.ts"
import { createCheckout, totalsChecks } from "./create.ts"
import { listCheck } from "./terms.ts"
import { acceptableTerms, CARDS, complete, NO_WIDGET, widgetAvailable } from "./widget.ts"

/** The distinct values of a field among the plans, as text (a filter's value). */
const valuesOf = (plans: ReadonlyArray<PlanSummaryResponse>, field: string): Array<string> =>
  [
    ...new Set(
      plans.map((p) => (p as Record<string, unknown>)[field]).filter((v) => v !== undefined && v !== null).map(String)
    )
  ]
    .sort()

/** How many plans the search's setup creates. */
export const SEARCH_PLANS = 6

/** The setup's checkouts and choices, from the run's seed. */
export const searchSetup = fc.array(fc.record({ checkout: checkoutSpec("payable"), choice: customerChoice }), {
  minLength: SEARCH_PLANS,
  maxLength: SEARCH_PLANS
})

/**
 * The order prefix of the search's plans: the run's, then the id the service
 * gave a checkout created for the purpose, so the search sees this run's
 * plans only, whatever other runs write as the same merchant at the same
 * time (the same seed included). The plain prefix when that checkout is refused.
 */
const scopeOf = (
  session: Session,
  spec: CheckoutSpec
): Effect.Effect<{ readonly scope: string; readonly checks: ReadonlyArray<Check> }, Halt> =>
  Effect.gen(function*() {
    const request = checkoutRequestOf(spec, session.context)
    const created = yield* createCheckout(session, request)
    const checks = totalsChecks(session, request, created)
    const token = created.ok ? String(created.checkout.id).replace(/[^A-Za-z0-9_-]/g, "").slice(-24) : ""
    if (token === "") {
      session.notes.add(
        "search: its plans could not be told from other runs' (a checkout was refused): a run writing " +
          "as the same merchant at the same time may make its totals disagree"
      )
    }
    return { scope: token === "" ? session.context.orderPrefix : `${session.context.orderPrefix}${token}-`, checks }
  })

/** Creates the plans of the search under `scope`: payable checkouts paid in the widget; the second is cancelled. */
const createPlans = (
  session: Session,
  setup: ReadonlyArray<{ readonly checkout: CheckoutSpec; readonly choice: CustomerChoice }>,
  scope: string
): Effect.Effect<Array<string> | undefined, Halt> =>
  Effect.gen(function*() {
    const planIds: Array<string> = []
    const context = { ...session.context, orderPrefix: scope }
    for (const { checkout: spec, choice } of setup) {
      if (session.widget === "unavailable") return undefined
      const request = checkoutRequestOf(spec, context)
      const created = yield* createCheckout(session, request)
      if (!created.ok) continue
      if (!(yield* widgetAvailable(session, created.checkout.id))) return undefined
      const chosen = acceptableTerms(session, request, created.checkout.id, currencyOfSpec(spec, context), choice)
      if (chosen === undefined) continue
      const paid = yield* complete(session, created.checkout.id, CARDS.pay, chosen.request)
      const planId = at(paid.responseBody, "planId")
      if (paid.status === 200 && typeof planId === "string") planIds.push(planId)
    }
    if (planIds.length >= 2) {
      yield* call(session, session.client.cancelPlan({ planId: planIds[1]!, refundableAmount: 0, reason: "Other" }))
    }
    return planIds
  })

/** The plans of a search's scope, a page of 100 at a time, and the total the service counts; a failure's message. */
const readUniverse = (
  session: Session,
  scope: string
): Effect.Effect<
  { readonly universe: Array<PlanSummaryResponse>; readonly total: number | undefined } | string,
  Halt
> =>
  Effect.gen(function*() {
    const universe: Array<PlanSummaryResponse> = []
    let total: number | undefined
    for (let page = 0; page < 10; page++) {
      const result = yield* call(
        session,
        session.client.searchPlans({
          useQuickFilter: true,
          quickFilterValue: scope,
          limit: 100,
          page,
          sortField: "id",
          sortDirection: "asc"
        } as PlanSearchParams)
      )
      if (!result.ok) return `the plan search failed (${result.error.message})`
      total ??= typeof result.value.totalRowCount === "number" ? result.value.totalRowCount : undefined
      const plans = (result.value.plans ?? []) as ReadonlyArray<PlanSummaryResponse>
      universe.push(...plans)
      if (plans.length < 100) break
    }
    return { universe, total }
  })

/** The setup's checks: every plan created is found, and the total counts them all (R9). */
const universeChecks = (
  created: ReadonlyArray<string>,
  universe: ReadonlyArray<PlanSummaryResponse>,
  total: number | undefined,
  exchange: Exchange | undefined
): Checks => {
  const checks = new Checks()
  const ids = new Set(universe.map((p) => p.id))
  for (const id of created) {
    checks.add({
      rule: "R9",
      operation: "searchPlans",
      field: "plans.id",
      expected: `a plan ${id}`,
      actual: ids.has(id) ? `a plan ${id}` : `no plan ${id} among ${ids.size}`,
      agrees: ids.has(id),
      exchange
    })
  }
  if (total !== undefined && universe.length < 1000) {
    checks.add({
      rule: "R9",
      operation: "searchPlans",
      field: "totalRowCount",
      expected: universe.length,
      actual: total,
      exchange
    })
  }
  return checks
}

/** The classes of the search's order and paging a query reaches over `universe` (the engine's search). */
const searchClasses = (
  session: Session,
  universe: ReadonlyArray<PlanSummaryResponse>,
  query: Record<string, string>
): Array<string> => {
  const options = { merchantId: session.config.merchantId }
  const reached: Array<string> = []
  const page = searchPlans(universe, query, options)
  const limit = Number(query["limit"] ?? 20)
  const offset = Number(query["page"] ?? 0) * limit
  if (page.plans.length > 0 && page.plans.length < limit && offset > 0) reached.push("search/last-page")
  if (page.plans.length === 0 && page.totalRowCount > 0 && offset >= page.totalRowCount) {
    reached.push("search/beyond-last")
  }
  const field = query["sortField"]
  if (field !== undefined) {
    const all = searchPlans(universe, { ...query, limit: "100", page: "0" }, options).plans
    const values = all.map((p) => JSON.stringify((p as Record<string, unknown>)[field]))
    if (new Set(values).size < values.length) reached.push("search/sort-tie")
  }
  const operator = query["filterOperator"]
  const filterField = query["filterField"]
  if (operator !== undefined && ["gt", "gte", "lt", "lte"].includes(operator) && filterField !== undefined) {
    const own = universe.some((p) =>
      String((p as Record<string, unknown>)[filterField]).slice(0, 10) === String(query["filterValue"]).slice(0, 10)
    )
    if (own) reached.push("search/on-own-value")
  }
  return reached
}

/** One search against the service and the engine over the same plans. */
const compareSearch = (
  session: Session,
  universe: ReadonlyArray<PlanSummaryResponse>,
  query: Record<string, string>
): Effect.Effect<Array<Check>, Halt> =>
  Effect.gen(function*() {
    const result = yield* call(session, session.client.searchPlans(query as PlanSearchParams))
    const exchange = session.transport.last()
    const expected = searchPlans(universe, query, { merchantId: session.config.merchantId })
    const pageChecks = new Checks({
      totalRowCount: expected.totalRowCount,
      plans: expected.plans.map((p) => p.id)
    })
    if (!result.ok) pageChecks.refused("R9", "searchPlans", exchange, result.error)
    else {
      pageChecks.add({
        rule: "R9",
        operation: "searchPlans",
        field: "totalRowCount",
        expected: expected.totalRowCount,
        actual: result.value.totalRowCount,
        exchange
      })
      listCheck(
        pageChecks,
        { rule: "R9", operation: "searchPlans", field: "plans.id", exchange },
        "plans",
        expected.plans.map((p) => p.id),
        (result.value.plans ?? []).map((p) => p?.id),
        (a, b) => a === b
      )
    }
    return pageChecks.list
  })

/**
 * Every comparison on a plan's own value, in every run: a bound taken for the
 * other kind (`gte` as `gt`) shows.
 */
const boundaryChecks = (
  session: Session,
  universe: ReadonlyArray<PlanSummaryResponse>,
  scope: string
): Effect.Effect<Array<Check>, Halt> =>
  Effect.gen(function*() {
    const checks: Array<Check> = []
    const boundaries: Array<[string, string]> = [
      ["totalPaid", String(universe[0]!.totalPaid)],
      ["remainingBalance", String(universe[universe.length - 1]!.remainingBalance)],
      ["completionDate", String(universe[0]!.completionDate).slice(0, 10)]
    ]
    for (const [filterField, filterValue] of boundaries) {
      if (filterValue === "undefined" || filterValue === "null") continue
      for (const filterOperator of ["gt", "gte", "lt", "lte"]) {
        const query = { ...searchQueryOf({}, scope), filterField, filterOperator, filterValue }
        checks.push(...(yield* compareSearch(session, universe, query)))
      }
    }
    // paging and order at their edges: a tie sorted both ways, a last page in part, a page after the last
    const tied = (["status", "currencyCode", "planType", "totalPaid"] as const).find((field) => {
      const values = universe.map((p) => JSON.stringify((p as Record<string, unknown>)[field]))
      return new Set(values).size < values.length
    })
    const n = universe.length
    const limit = [4, 3, 5, 2].find((l) => l < n && n % l !== 0) ?? Math.max(1, n - 1)
    const edges: Array<SearchSpec> = [
      ...(tied === undefined
        ? []
        : (["asc", "desc"] as const).map((sortDirection) => ({ sortField: tied, sortDirection }))),
      ...(n > 1 ? [{ limit, page: Math.ceil(n / limit) - 1 }] : []),
      { limit: 10, page: 3 }
    ]
    for (const spec of edges) checks.push(...(yield* compareSearch(session, universe, searchQueryOf(spec, scope))))
    return checks
  })

/**
 * The search property: its setup finds (or creates) the plans, then random
 * searches over them are compared with the engine's.
 *
 * @since 0.1.0
 */
export const searchProperty = (
  session: Session,
  setup: ReadonlyArray<{ readonly checkout: CheckoutSpec; readonly choice: CustomerChoice }>
): Effect.Effect<Prepared, Halt> =>
  Effect.gen(function*() {
    let created: Array<string> = []
    let scope = "conformance-"
    const scoping: Array<Check> = []
    if (!session.config.readOnly) {
      if (session.widget === "unavailable") return skipped("search", "search", NO_WIDGET)
      const scoped = yield* scopeOf(session, setup[0]!.checkout)
      scope = scoped.scope
      scoping.push(...scoped.checks)
      const ids = yield* createPlans(session, setup, scope)
      if (ids === undefined) return skipped("search", "search", NO_WIDGET)
      created = ids
    }
    const read = yield* readUniverse(session, scope)
    if (typeof read === "string") return skipped("search", "search", read)
    const { total, universe } = read
    const setupExchanges = session.transport.takeExchanges()
    const checks = universeChecks(created, universe, total, setupExchanges.findLast((e) => e.method === "GET"))
    checks.list.unshift(...scoping)
    if (universe.length === 0) {
      return skipped(
        "search",
        "search",
        session.config.readOnly
          ? "no plans of earlier conformance runs (merchantOrderId conformance-…) to search; run once without --read-only"
          : "none of the plans created for the search was found"
      )
    }
    checks.list.push(...(yield* boundaryChecks(session, universe, scope)))
    const setupReached = checks.list.flatMap((c) => {
      const path = c.exchange?.method === "GET" ? c.exchange.path : undefined
      return path === undefined || !path.includes("?")
        ? []
        : searchClasses(session, universe, Object.fromEntries(new URLSearchParams(path.slice(path.indexOf("?") + 1))))
    })
    const property: Property<SearchSpec> = {
      name: "search",
      group: "search",
      weight: 1,
      setup: {
        checks: checks.list,
        exchanges: [...setupExchanges, ...session.transport.takeExchanges()],
        reached: setupReached
      },
      arbitrary: searchSpec(session.context, {
        totalPaid: valuesOf(universe, "totalPaid"),
        remainingBalance: valuesOf(universe, "remainingBalance"),
        completionDate: valuesOf(universe, "completionDate").map((d) => d.slice(0, 10))
      }),
      evaluate: (spec) =>
        Effect.gen(function*() {
          const query = searchQueryOf(spec, scope)
          const checks = yield* compareSearch(session, universe, query)
          return {
            checks,
            exchanges: session.transport.takeExchanges(),
            reached: searchClasses(session, universe, query)
          }
        })
    }
    return ready(property)
  })
