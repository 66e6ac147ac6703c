/**
 * Examples of the plan search (docs/plans.md, "Search"): normalization with
 * the description's defaults, and evaluation.
 */
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { evaluate, type SearchScope } from "../../../src/core/search/evaluate.ts"
import { type NormalizedPlanSearch, normalizeResult, SEARCH_DEFAULTS } from "../../../src/core/search/normalize.ts"
import { plans } from "./fixtures.ts"

const query = (params: unknown): NormalizedPlanSearch => {
  const r = normalizeResult(params)
  if (Result.isFailure(r)) throw r.failure
  return r.success.value
}
const problems = (params: unknown) => {
  const r = normalizeResult(params)
  return Result.isFailure(r) ? r.failure.issues.map((i) => `${i.path}:${i.code}`) : []
}

const own: SearchScope = { merchantId: "m-1", merchantGroup: ["m-2"] }
const ids = (params: unknown, scope = own) => evaluate(plans, query(params), scope).plans.map((p) => p.id)

describe("normalizePlanSearch", () => {
  it("fills the defaults of the description's query table", () => {
    expect(query({})).toEqual({
      page: 0,
      limit: 50,
      sortField: "createdAt",
      sortDirection: "desc",
      useQuickFilter: false,
      filters: [],
      includeAllBrands: false,
      includeInstallments: false
    })
    expect(SEARCH_DEFAULTS.filterOperator).toBe("equals")
  })

  it("reads a URL's query: numbers and booleans as strings, the default operator equals", () => {
    expect(
      query(
        new URLSearchParams(
          "page=2&limit=20&filterField=status&filterValue=Late&includeInstallments=true&updatedAfter=2026-11-20T10:00:00%2B11:00"
        )
      )
    ).toMatchObject({
      page: 2,
      limit: 20,
      filters: [{ field: "status", operator: "equals", value: "Late" }],
      includeInstallments: true,
      updatedAfter: "2026-11-19T23:00:00.000Z"
    })
  })

  it("turns the deprecated status into a filter and ignores cursor, with warnings", () => {
    const r = normalizeResult({ status: "Late", cursor: "abc", colour: "red" })
    expect(Result.isSuccess(r) && r.success.value.filters).toEqual([{
      field: "status",
      operator: "equals",
      value: "Late"
    }])
    expect(Result.isSuccess(r) && r.success.warnings.map((w) => `${w.path}:${w.code}`)).toEqual([
      "colour:unknown_field",
      "cursor:deprecated",
      "status:deprecated"
    ])
  })

  it("reports every bad value, not only the first", () => {
    expect(
      problems({
        page: "-1",
        limit: "0",
        sortDirection: "DESC",
        filterOperator: "like",
        useQuickFilter: "yes",
        updatedAfter: "2026-11-20"
      })
    ).toEqual([
      "page:range",
      "limit:range",
      "sortDirection:enum",
      "useQuickFilter:type",
      "filterOperator:enum",
      "updatedAfter:format"
    ])
    expect(problems({ limit: "101", page: "1.5" })).toEqual(["page:format", "limit:range"])
    expect(problems({ filterField: "totalPaid" })).toEqual(["filterValue:required"])
    expect(problems({ filterValue: "x" })).toEqual(["filterField:required"])
    expect(problems({ filterField: "password", filterValue: "x", sortField: "secret" })).toEqual([
      "sortField:enum",
      "filterField:enum"
    ])
    expect(problems({ filterField: "totalPaid", filterOperator: "contains", filterValue: "5" })).toEqual([
      "filterOperator:enum"
    ])
    expect(problems({ filterField: "totalPaid", filterOperator: "in", filterValue: "5, five" })).toEqual([
      "filterValue:format"
    ])
    expect(problems({ filterField: "createdAt", filterOperator: "gt", filterValue: "yesterday" })).toEqual([
      "filterValue:format"
    ])
    expect(problems({ filterField: "user", filterOperator: "is", filterValue: "nothing" })).toEqual([
      "filterField:enum"
    ])
    expect(problems({ filterField: "cancellationReason", filterOperator: "is", filterValue: "nothing" })).toEqual([
      "filterValue:enum"
    ])
    expect(problems(new URLSearchParams("page=1&page=2"))).toEqual(["page:duplicate"])
    expect(problems([1, 2])).toEqual([":type"])
  })
})

describe("searchPlans", () => {
  it("scopes to the caller's merchant, newest first by default", () => {
    expect(ids({})).toEqual(["p2", "p3", "p0", "p1"])
    const all = evaluate(plans, query({ limit: 2 }), own)
    expect([all.totalRowCount, all.plans.length, all.nextCursor]).toEqual([4, 2, null])
  })

  it("includeAllBrands adds the merchant group: ids, or a group id the summaries carry", () => {
    expect(ids({ includeAllBrands: "true" })).toEqual(["p4", "p2", "p3", "p0", "p1"])
    expect(ids({ includeAllBrands: "true" }, { merchantId: "m-1", merchantGroup: "h" })).toEqual([
      "p5",
      "p2",
      "p3",
      "p0",
      "p1"
    ])
    expect(ids({ includeAllBrands: "true", merchantId: "m-2" })).toEqual(["p4"])
  })

  it("ties are broken by id, nulls sort last in both directions", () => {
    // p0 and p1 share createdAt
    expect(ids({ sortField: "createdAt", sortDirection: "asc" })).toEqual(["p0", "p1", "p3", "p2"])
    expect(ids({ sortField: "completionDate", sortDirection: "asc", includeAllBrands: "true" })).toEqual([
      "p3",
      "p2",
      "p0",
      "p1",
      "p4"
    ])
    expect(ids({ sortField: "completionDate", sortDirection: "desc", includeAllBrands: "true" })).toEqual([
      "p0",
      "p1",
      "p2",
      "p3",
      "p4"
    ])
    expect(ids({ sortField: "user.lastName", sortDirection: "asc" })).toEqual(["p0", "p1", "p2", "p3"])
  })

  it("compares numbers numerically, dates chronologically, strings exactly or case-insensitively", () => {
    expect(
      ids({ filterField: "totalPaid", filterOperator: "gt", filterValue: "100", sortField: "id", sortDirection: "asc" })
    ).toEqual(["p1", "p3"])
    expect(ids({ filterField: "totalPaid", filterOperator: "equals", filterValue: "50.50" })).toEqual(["p2"])
    expect(ids({ filterField: "createdAt", filterOperator: "lt", filterValue: "2026-11-02T10:00:00Z" })).toEqual([
      "p0",
      "p1"
    ])
    // a calendar date compares by the day: every plan created on 1 November
    expect(ids({ filterField: "createdAt", filterOperator: "equals", filterValue: "2026-11-01" })).toEqual(["p0", "p1"])
    expect(ids({ filterField: "completionDate", filterOperator: "lte", filterValue: "2027-01-15" })).toEqual([
      "p2",
      "p3"
    ])
    expect(ids({ filterField: "merchantOrderId", filterValue: "ord-101" })).toEqual([])
    expect(ids({ filterField: "merchantOrderId", filterOperator: "startsWith", filterValue: "ord-10" })).toEqual([
      "p2",
      "p3",
      "p1"
    ])
    expect(ids({ filterField: "user.emailAddress", filterOperator: "endsWith", filterValue: "NAVY.example" })).toEqual([
      "p0"
    ])
    expect(ids({ filterField: "status", filterOperator: "in", filterValue: "Late, Cancelled" })).toEqual(["p2", "p3"])
    expect(ids({ filterField: "status", filterOperator: "notIn", filterValue: "Late,Cancelled" })).toEqual(["p0", "p1"])
  })

  it("is/isNot take null, empty, true, false; missing values match only not, notIn and is", () => {
    expect(ids({ filterField: "cancellationReason", filterOperator: "isNot", filterValue: "null" })).toEqual(["p3"])
    expect(ids({ filterField: "subMerchant.externalCode", filterOperator: "is", filterValue: "empty" })).toEqual([
      "p2",
      "p0"
    ])
    expect(ids({ filterField: "cancellationReason", filterOperator: "not", filterValue: "CustomerRequest" })).toEqual([
      "p2",
      "p0",
      "p1"
    ])
  })

  it("the quick filter looks in the id, the order id and the customer's names, email and phone", () => {
    expect(ids({ useQuickFilter: "true", quickFilterValue: "ada lovelace" })).toEqual(["p1"])
    expect(ids({ useQuickFilter: "true", quickFilterValue: "+4470" })).toEqual(["p2"])
    expect(ids({ useQuickFilter: "true", quickFilterValue: "grace@" })).toEqual(["p0"])
    expect(ids({ useQuickFilter: "true", quickFilterValue: "ORD-10" })).toEqual(["p2", "p3", "p1"])
    expect(ids({ useQuickFilter: "false", quickFilterValue: "ada" })).toEqual(ids({}))
  })

  it("userId matches the creator or the customer; updatedAfter is strict", () => {
    expect(ids({ userId: "u1", includeAllBrands: "true" })).toEqual(["p4", "p1"])
    expect(ids({ updatedAfter: "2026-11-21T00:00:00Z" })).toEqual(["p3"])
  })

  it("pages by offset and leaves instalments out unless asked", () => {
    const page = (n: number) => evaluate(plans, query({ limit: 3, page: n }), own)
    expect([page(0).plans.map((p) => p.id), page(1).plans.map((p) => p.id), page(2).plans]).toEqual([
      ["p2", "p3", "p0"],
      ["p1"],
      []
    ])
    expect(Object.hasOwn(page(1).plans[0]!, "installments")).toBe(false)
    expect(
      evaluate(plans, query({ includeInstallments: "true", filterField: "id", filterValue: "p1" }), own).plans[0]!
        .installments
    ).toEqual([{ installmentNumber: 1 }])
  })
})
