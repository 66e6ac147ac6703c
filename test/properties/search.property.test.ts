/**
 * Executable specification of the plan search (docs/plans.md, "Search"):
 * evaluation equals a naive filter-sort-slice oracle, pages partition the
 * result, and normalization never throws.
 */
import { Result } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import * as Time from "../../src/core/foundation/time/index.ts"
import type { PlanSummary } from "../../src/core/plan/record.ts"
import { evaluate, type SearchScope } from "../../src/core/search/evaluate.ts"
import { SEARCH_FIELDS } from "../../src/core/search/fields.ts"
import { type NormalizedPlanSearch, normalizeResult } from "../../src/core/search/normalize.ts"
import { FILTER_OPERATORS } from "../../src/core/search/query.ts"
import { planSummaries } from "../../src/testing/arbitraries.ts"

const DAY = 86_400_000

// ---------------------------------------------------------------------------
// The oracle: the documented semantics written the plainest way

const get = (s: unknown, field: string): unknown =>
  field.split(".").reduce<unknown>(
    (o, k) => (typeof o === "object" && o !== null ? (o as Record<string, unknown>)[k] : undefined),
    s
  )

const keyOf = (type: string, v: unknown): number | string | undefined => {
  if (type === "number") return typeof v === "number" ? v : undefined
  if (type === "date") {
    if (typeof v !== "string") return undefined
    const d = Time.parseDateOrInstant(v)
    return d === undefined ? undefined : d._tag === "Date" ? d.day * DAY : d.ms
  }
  return typeof v === "string" ? v : undefined
}

const holds = (op: string, a: number | string, b: number | string) =>
  op === "lt" ? a < b : op === "lte" ? a <= b : op === "gt" ? a > b : op === "gte" ? a >= b : a === b

const matchesOne = (type: string, op: string, key: number | string, target: string): boolean => {
  if (type === "date") {
    const t = Time.parseDateOrInstant(target.trim())!
    return t._tag === "Date" ? holds(op, Math.floor((key as number) / DAY), t.day) : holds(op, key, t.ms)
  }
  if (type === "number") return holds(op, key, Number(target.trim()))
  const k = (key as string).toLowerCase()
  const t = target.toLowerCase()
  if (op === "contains") return k.includes(t)
  if (op === "startsWith") return k.startsWith(t)
  if (op === "endsWith") return k.endsWith(t)
  return holds(op, key, target)
}

const filterHolds = (s: unknown, f: { field: string; operator: string; value: string }): boolean => {
  const v = get(s, f.field)
  if (f.operator === "is" || f.operator === "isNot") {
    const yes = f.value === "null"
      ? v == null
      : f.value === "empty"
      ? v == null || v === "" || (Array.isArray(v) && v.length === 0)
      : v === (f.value === "true")
    return f.operator === "is" ? yes : !yes
  }
  const type = SEARCH_FIELDS[f.field]!
  const key = keyOf(type, v)
  if (key === undefined) return f.operator === "not" || f.operator === "notIn"
  if (f.operator === "in" || f.operator === "notIn") {
    const any = f.value.split(",").some((t) => matchesOne(type, "equals", key, t.trim()))
    return f.operator === "in" ? any : !any
  }
  if (f.operator === "not") return !matchesOne(type, "equals", key, f.value)
  return matchesOne(type, f.operator, key, f.value)
}

const oracle = (summaries: ReadonlyArray<PlanSummary>, q: NormalizedPlanSearch, scope: SearchScope) => {
  const group = scope.merchantGroup
  const matches = summaries.filter((s) => {
    const inScope = s.merchantId === scope.merchantId ||
      (q.includeAllBrands &&
        (typeof group === "string" ? s.merchant.merchantGroupId === group : (group ?? []).includes(s.merchantId)))
    if (!inScope) return false
    if (q.merchantId !== undefined && s.merchantId !== q.merchantId) return false
    if (q.userId !== undefined && s.createdByUserId !== q.userId && s.user?.id !== q.userId) return false
    if (!q.filters.every((f) => filterHolds(s, f))) return false
    if (q.updatedAfter !== undefined && !(Date.parse(s.updatedAt) > Date.parse(q.updatedAfter))) return false
    if (q.useQuickFilter && q.quickFilterValue !== undefined && q.quickFilterValue.trim() !== "") {
      const needle = q.quickFilterValue.trim().toLowerCase()
      const u = s.user
      const hay = [
        s.id,
        s.merchantOrderId,
        u?.firstName,
        u?.lastName,
        u?.emailAddress,
        u?.phoneNumber,
        u ? `${u.firstName ?? ""} ${u.lastName ?? ""}` : undefined
      ]
      if (!hay.some((h) => typeof h === "string" && h.toLowerCase().includes(needle))) return false
    }
    return true
  })
  const type = SEARCH_FIELDS[q.sortField]!
  const sorted = [...matches].sort((a, b) => {
    const x = keyOf(type, get(a, q.sortField)) ?? null
    const y = keyOf(type, get(b, q.sortField)) ?? null
    if (x === null && y === null) return a.id < b.id ? -1 : a.id > b.id ? 1 : 0
    if (x === null) return 1
    if (y === null) return -1
    if (x !== y) return (x < y ? -1 : 1) * (q.sortDirection === "asc" ? 1 : -1)
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0
  })
  return { total: matches.length, page: sorted.slice(q.page * q.limit, q.page * q.limit + q.limit) }
}

// ---------------------------------------------------------------------------
// Queries drawn from the summaries, so that filters match something

const TEXT = new Set(["contains", "startsWith", "endsWith"])

const filterOf = (summaries: ReadonlyArray<PlanSummary>) =>
  fc.constantFrom(...Object.keys(SEARCH_FIELDS)).chain((field) => {
    const type = SEARCH_FIELDS[field]!
    const present = summaries.map((s) => get(s, field)).filter((v) => v !== null && v !== undefined)
    const operators = FILTER_OPERATORS.filter((o) => type === "string" || !TEXT.has(o))
    const sample = (): fc.Arbitrary<string> => {
      const own = present.length === 0 ? [] : [fc.constantFrom(...present).map(String)]
      if (type === "number") {
        return fc.oneof(...own, fc.integer({ min: -5, max: 2000 }).map(String), fc.constantFrom("0.5", "1e2", " 3 "))
      }
      if (type === "date") {
        return fc.oneof(
          ...own,
          ...own.map((a) => a.map((d) => d.slice(0, 10))),
          fc.integer({ min: Date.UTC(2025, 11, 1), max: Date.UTC(2027, 6, 1) }).map((ms) =>
            new Date(ms).toISOString().slice(0, 10)
          ),
          fc.constant("2026-06-01T10:00:00+10:00")
        )
      }
      return fc.oneof(
        ...own,
        ...own.map((a) =>
          a.chain((v) =>
            fc.integer({ min: 0, max: v.length }).map((k) => (k % 2 ? v.slice(k) : v.slice(0, k)).toUpperCase())
          )
        ),
        fc.string({ maxLength: 4 })
      )
    }
    return fc.constantFrom(...operators).chain((operator) => {
      const value: fc.Arbitrary<string> = operator === "is" || operator === "isNot"
        ? fc.constantFrom("null", "empty", "true", "false")
        : operator === "in" || operator === "notIn"
        ? fc.array(sample().filter((v) => !v.includes(",")), { minLength: 1, maxLength: 3 }).map((vs) => vs.join(", "))
        : sample()
      return value.filter((v) => v.trim() !== "").map((filterValue) => ({
        filterField: field,
        filterOperator: operator,
        filterValue
      }))
    })
  })

/** An optional parameter, present about one time in `freq`. */
const sometimes = <A>(arb: fc.Arbitrary<A>, freq = 4) =>
  fc.oneof({ weight: freq - 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb })

const queryOf = (summaries: ReadonlyArray<PlanSummary>) =>
  fc
    .record({
      filter: fc.option(filterOf(summaries), { nil: undefined, freq: 5 }),
      status: sometimes(fc.constantFrom("PendingDeposit", "OnSchedule", "Late", "Completed", "Cancelled")),
      page: fc.oneof({ weight: 3, arbitrary: fc.constant("0") }, {
        weight: 2,
        arbitrary: fc.integer({ min: 1, max: 3 }).map(String)
      }),
      limit: fc.integer({ min: 1, max: 15 }),
      sortField: fc.constantFrom(...Object.keys(SEARCH_FIELDS)),
      sortDirection: fc.constantFrom("asc", "desc"),
      includeAllBrands: fc.constantFrom("true", "false", true),
      includeInstallments: fc.boolean(),
      userId: sometimes(fc.constantFrom("user_ada", "user_alan", "user_grace"), 6),
      merchantId: sometimes(fc.constantFrom("merchant-a", "merchant-b"), 6),
      updatedAfter: sometimes(
        fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2027, 0, 1) }).map((ms) => new Date(ms).toISOString())
      ),
      quick: sometimes(fc.constantFrom("ada", "LOVELACE", "ada lovelace", "+61", "example.org", "order", "a", "-"))
    })
    .map(({ filter, quick, ...rest }) => ({
      ...Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)),
      ...(filter ?? {}),
      ...(quick === undefined ? {} : { useQuickFilter: "true", quickFilterValue: quick })
    }))

const scopeArb = fc.record({
  merchantId: fc.constantFrom("merchant-a", "merchant-b", "merchant-c"),
  merchantGroup: fc.option(
    fc.oneof(fc.constantFrom("group-1", "group-2"), fc.subarray(["merchant-a", "merchant-b", "merchant-c"])),
    { nil: undefined }
  )
})

const normalized = (params: unknown): NormalizedPlanSearch => {
  const r = normalizeResult(params)
  if (Result.isFailure(r)) throw new Error(`query should be valid: ${r.failure.message}`)
  return r.success.value
}

const cases = planSummaries(30, 8).chain((summaries) => fc.tuple(fc.constant(summaries), queryOf(summaries), scopeArb))

describe("plan search", () => {
  it("searchPlans equals a naive filter-sort-slice oracle for random plans and queries", () => {
    fc.assert(
      fc.property(cases, ([summaries, params, scope]) => {
        const q = normalized(params)
        const result = evaluate(summaries, q, scope)
        const expected = oracle(summaries, q, scope)
        expect(result.totalRowCount).toBe(expected.total)
        expect(result.plans.map((p) => p.id)).toEqual(expected.page.map((p) => p.id))
        expect(result.plans.every((p) => Object.hasOwn(p, "installments") === q.includeInstallments)).toBe(true)
        expect(result.nextCursor).toBeNull()
      }),
      { numRuns: 200 }
    )
  })

  it("pages partition the result set: no overlap, no gap, in order", () => {
    fc.assert(
      fc.property(cases, fc.integer({ min: 1, max: 7 }), ([summaries, params, scope], limit) => {
        const all = evaluate(summaries, normalized({ ...params, page: 0, limit: 100 }), scope)
        const pages: Array<string> = []
        for (let page = 0; page * limit < all.totalRowCount + limit; page++) {
          const r = evaluate(summaries, normalized({ ...params, page, limit }), scope)
          expect(r.totalRowCount).toBe(all.totalRowCount)
          expect(r.plans.length).toBe(Math.max(0, Math.min(limit, all.totalRowCount - page * limit)))
          pages.push(...r.plans.map((p) => p.id as string))
        }
        expect(pages).toEqual(all.plans.map((p) => p.id))
        expect(new Set(pages).size).toBe(pages.length)
      }),
      { numRuns: 100 }
    )
  })

  it("early pages (top-k buffer) and later pages (quickselect) agree with the full sort on many summaries", () => {
    fc.assert(
      fc.property(
        planSummaries(120, 60),
        fc.constantFrom(...Object.keys(SEARCH_FIELDS)),
        fc.constantFrom("asc", "desc"),
        fc.oneof(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 3, max: 40 })),
        (summaries, sortField, sortDirection, page) => {
          const scope = { merchantId: "merchant-a", merchantGroup: ["merchant-b", "merchant-c"] }
          const q = normalized({ sortField, sortDirection, page, limit: 3, includeAllBrands: true })
          expect(evaluate(summaries, q, scope).plans.map((p) => p.id)).toEqual(
            oracle(summaries, q, scope).page.map((p) => p.id)
          )
        }
      ),
      { numRuns: 40 }
    )
  })
})

describe("normalizePlanSearch", () => {
  const PARAMS = [
    "page",
    "cursor",
    "userId",
    "merchantId",
    "limit",
    "sortField",
    "sortDirection",
    "useQuickFilter",
    "quickFilterValue",
    "filterField",
    "filterValue",
    "filterOperator",
    "status",
    "updatedAfter",
    "url",
    "includeAllBrands",
    "includeInstallments"
  ]

  it("never throws on arbitrary input: a normalized query or issues with path, code, rule and message", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.dictionary(
            fc.constantFrom(...PARAMS, "other", "__proto__", "constructor"),
            fc.oneof(
              fc.anything(),
              fc.string(),
              fc.integer().map(String),
              fc.constantFrom("true", "false", "asc", "in", "status", "user.emailAddress")
            )
          ),
          fc.array(fc.tuple(fc.constantFrom(...PARAMS), fc.string())).map((entries) => new URLSearchParams(entries))
        ),
        (input) => {
          const r = normalizeResult(input)
          const all = Result.isSuccess(r) ? r.success.warnings : [...r.failure.issues, ...r.failure.warnings]
          for (const i of all) {
            expect([typeof i.path, typeof i.code, typeof i.rule, typeof i.message]).toEqual([
              "string",
              "string",
              "string",
              "string"
            ])
          }
          if (Result.isSuccess(r)) {
            const q = r.success.value
            expect(
              Number.isInteger(q.page) && q.page >= 0 && Number.isInteger(q.limit) && q.limit >= 1 && q.limit <= 100
            ).toBe(true)
            expect(Object.hasOwn(SEARCH_FIELDS, q.sortField)).toBe(true)
          } else {
            expect(r.failure.issues.length).toBeGreaterThan(0)
          }
        }
      ),
      { numRuns: 1000 }
    )
  })

  it("reports a bad value of each parameter at its path", () => {
    const bad: Record<string, unknown> = {
      page: "-1",
      limit: "101",
      sortDirection: "up",
      filterOperator: "like",
      useQuickFilter: "yes",
      includeAllBrands: 1,
      includeInstallments: "TRUE",
      status: "Paused",
      updatedAfter: "2026-11-22",
      sortField: "password"
    }
    fc.assert(
      fc.property(fc.subarray(Object.keys(bad), { minLength: 1 }), (keys) => {
        const r = normalizeResult(Object.fromEntries(keys.map((k) => [k, bad[k]])))
        expect(Result.isFailure(r) && r.failure.issues.map((i) => i.path).sort()).toEqual([...keys].sort())
      })
    )
  })
})
