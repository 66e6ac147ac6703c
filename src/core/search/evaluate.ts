/**
 * Evaluating a normalized plan search over plan summaries: scope, filters,
 * quick filter, a stable sort and offset pagination (docs/plans.md, "Search").
 *
 * @module
 */
// Over 400 lines: one evaluation of a plan search: scope, filters, quick filter, stable sort and paging.
import * as Schema from "effect/Schema"
import { contract } from "../foundation/contract.ts"
import * as Time from "../foundation/time/index.ts"
import { numberOf } from "../internal/params.ts"
import { fieldGetter, type FieldType, SEARCH_FIELDS } from "./fields.ts"
import type { NormalizedPlanSearch, PlanSearchFilter } from "./normalize.ts"
import { dateOf, listOf, type PlanSearchResult } from "./query.ts"

/**
 * Who is searching: the authenticated merchant and, for `includeAllBrands`,
 * its group — the merchant ids of the group, or the group's id as the
 * summaries' `merchant.merchantGroupId` gives it.
 *
 * @category Search
 * @since 0.1.0
 */
export interface SearchScope extends Schema.Schema.Type<typeof Scope> {}

const Scope = Schema.Struct({
  /** The authenticated merchant. */
  merchantId: Schema.String,
  /** Its group, for `includeAllBrands`: the group's merchant ids, or its id. */
  merchantGroup: Schema.optional(Schema.Union([Schema.String, Schema.Array(Schema.String)]))
})

/**
 * The contract of a search (R10.2): its options are its scope (`scope.merchantId`,
 * `scope.merchantGroup`), declared once, and `unknownFields`.
 */
export const SEARCH = contract(Scope.fields)

/**
 * A summary as a search reads it: any object; the fields of `SEARCH_FIELDS`
 * are read where present.
 *
 * @category Search
 * @since 0.1.0
 */
export type SearchablePlan = { readonly id?: unknown; readonly installments?: unknown }

/**
 * The search response: `plans` is the page, `totalRowCount` counts every match,
 * `nextCursor` is `null` (only offset pagination is supported).
 *
 * @category Search
 * @since 0.1.0
 */
export type PlanSearchPage<S> = Omit<PlanSearchResult, "plans" | "nextCursor"> & {
  readonly nextCursor: null
  readonly plans: ReadonlyArray<S>
}

type Predicate = (summary: SearchablePlan) => boolean

const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === "object" && value !== null ? (value as Record<string, unknown>) : undefined

const numeric = (v: unknown): number | undefined =>
  typeof v === "number" ? (Number.isFinite(v) ? v : undefined) : typeof v === "string" ? numberOf(v) : undefined

/** A comparison of two keys of one type under an operator. */
const compareWith = <K>(operator: string, target: K): ((key: K) => boolean) | undefined => {
  switch (operator) {
    case "lt":
      return (k) => k < target
    case "lte":
      return (k) => k <= target
    case "gt":
      return (k) => k > target
    case "gte":
      return (k) => k >= target
  }
  return undefined
}

/** `is`/`isNot`: `null` and `empty` (missing values, "", []) or `true`/`false`. */
const presenceTest = (value: string): (v: unknown) => boolean =>
  value === "null"
    ? (v) => v === null || v === undefined
    : value === "empty"
    ? (v) => v === null || v === undefined || v === "" || (Array.isArray(v) && v.length === 0)
    : value === "true"
    ? (v) => v === true
    : (v) => v === false

/**
 * How a filter reads a field of its type: each value into a key (`undefined` for a missing one),
 * and each target value into a test of keys.
 */
interface Reading {
  readonly keyOf: (v: unknown) => unknown
  readonly testOf: (target: string) => ((key: any) => boolean) | undefined
}

const readingOf = (type: FieldType, operator: string, value: string): Reading => {
  switch (type) {
    case "number":
      return {
        keyOf: numeric,
        testOf: (target) => {
          const n = numberOf(target)!
          return operator === "equals" || operator === "in" || operator === "not" || operator === "notIn"
            ? (k: number) => k === n
            : compareWith(operator, n)
        }
      }
    case "date":
      return {
        keyOf: Time.dateValue,
        testOf: (target) => {
          const d = dateOf(target)!
          // a calendar date compares by the UTC day, a date-time by the instant
          if (d._tag === "Date") {
            const at = compareWith(operator, d.day)
            return at === undefined ? (ms: number) => Time.utcDay(ms) === d.day : (ms: number) => at(Time.utcDay(ms))
          }
          const at = compareWith(operator, d.ms)
          return at ?? ((ms: number) => ms === d.ms)
        }
      }
    default:
      return textReading(operator, value)
  }
}

/** Text: exactly for `equals`/`not`/`in`/`notIn`, case-insensitively for `contains`…, by code units for `lt`…. */
const textReading = (operator: string, value: string): Reading => {
  const lower = value.toLowerCase()
  return {
    keyOf: (v) => (typeof v === "string" ? v : undefined),
    testOf: (target) => {
      switch (operator) {
        case "contains":
          return (k: string) => k.toLowerCase().includes(lower)
        case "startsWith":
          return (k: string) => k.toLowerCase().startsWith(lower)
        case "endsWith":
          return (k: string) => k.toLowerCase().endsWith(lower)
      }
      return compareWith(operator, target) ?? ((k: string) => k === target)
    }
  }
}

/**
 * The predicate of one filter. Missing values (null, absent) match `not`,
 * `notIn` and `is null`/`is empty`, and nothing else.
 */
const predicateOf = (filter: PlanSearchFilter): Predicate => {
  const get = fieldGetter(filter.field)
  const { operator, value } = filter
  if (operator === "is" || operator === "isNot") {
    const test = presenceTest(value)
    return operator === "is" ? (s) => test(get(s)) : (s) => !test(get(s))
  }
  const { keyOf, testOf } = readingOf(SEARCH_FIELDS[filter.field] ?? "string", operator, value)
  if (operator === "in" || operator === "notIn") {
    const tests = listOf(value).map((v) => testOf(v)!)
    const any = (k: unknown) => {
      for (const t of tests) if (t(k)) return true
      return false
    }
    return operator === "in"
      ? (s) => {
        const k = keyOf(get(s))
        return k !== undefined && any(k)
      }
      : (s) => {
        const k = keyOf(get(s))
        return k === undefined || !any(k)
      }
  }
  const test = testOf(value)!
  if (operator === "not") {
    return (s) => {
      const k = keyOf(get(s))
      return k === undefined || !test(k)
    }
  }
  return (s) => {
    const k = keyOf(get(s))
    return k !== undefined && test(k)
  }
}

const merchantOf = (s: SearchablePlan): unknown => {
  const id = (s as Record<string, unknown>)["merchantId"]
  return typeof id === "string" ? id : record((s as Record<string, unknown>)["merchant"])?.["id"]
}

/** The summaries the caller may see: its own, and with `includeAllBrands` its group's. */
const scopePredicate = (query: NormalizedPlanSearch, scope: SearchScope): Predicate => {
  const own = scope.merchantId
  const group = scope.merchantGroup
  if (!query.includeAllBrands || group === undefined) return (s) => merchantOf(s) === own
  if (typeof group === "string") {
    return (s) =>
      merchantOf(s) === own || record((s as Record<string, unknown>)["merchant"])?.["merchantGroupId"] === group
  }
  const ids = new Set(group)
  return (s) => {
    const m = merchantOf(s)
    return m === own || (typeof m === "string" && ids.has(m))
  }
}

const QUICK_FIELDS = ["id", "merchantOrderId"] as const
const QUICK_USER_FIELDS = ["firstName", "lastName", "emailAddress", "phoneNumber"] as const

/** The quick filter: a case-insensitive substring of the id, the order id, or the customer's name, email or phone. */
const quickPredicate = (needle: string): Predicate => {
  const lower = needle.trim().toLowerCase()
  const has = (v: unknown) => typeof v === "string" && v.toLowerCase().includes(lower)
  return (s) => {
    const r = s as Record<string, unknown>
    for (const f of QUICK_FIELDS) if (has(r[f])) return true
    const user = record(r["user"])
    if (user === undefined) return false
    for (const f of QUICK_USER_FIELDS) if (has(user[f])) return true
    return has(`${user["firstName"] ?? ""} ${user["lastName"] ?? ""}`)
  }
}

/** Every predicate of the query, the cheapest first. */
const predicatesOf = (query: NormalizedPlanSearch, scope: SearchScope): Array<Predicate> => {
  const predicates: Array<Predicate> = [scopePredicate(query, scope)]
  if (query.merchantId !== undefined) {
    const id = query.merchantId
    predicates.push((s) => merchantOf(s) === id)
  }
  if (query.userId !== undefined) {
    const id = query.userId
    predicates.push((s) => {
      const r = s as Record<string, unknown>
      return r["createdByUserId"] === id || record(r["user"])?.["id"] === id
    })
  }
  for (const filter of query.filters) predicates.push(predicateOf(filter))
  if (query.updatedAfter !== undefined) {
    const after = Time.dateValue(query.updatedAfter)!
    predicates.push((s) => {
      const at = Time.dateValue((s as Record<string, unknown>)["updatedAt"])
      return at !== undefined && at > after
    })
  }
  if (query.useQuickFilter && query.quickFilterValue !== undefined && query.quickFilterValue.trim() !== "") {
    predicates.push(quickPredicate(query.quickFilterValue))
  }
  return predicates
}

/** The sort key of a summary: `null` when the value is missing or not of the field's type. */
const sortKeyOf = (field: string): (s: SearchablePlan) => number | string | null => {
  const get = fieldGetter(field)
  switch (SEARCH_FIELDS[field] ?? "string") {
    case "number":
      return (s) => numeric(get(s)) ?? null
    case "date":
      return (s) => Time.dateValue(get(s)) ?? null
    default:
      return (s) => {
        const v = get(s)
        return typeof v === "string" ? v : null
      }
  }
}

/**
 * Evaluates a normalized plan search (see `normalizePlanSearch`) over plan
 * summaries:
 *
 * - scope: the caller's merchant, and with `includeAllBrands` its `merchantGroup`;
 *   then `merchantId` and `userId` (the creator or the customer) when given;
 * - filters by field type: numbers numerically, dates chronologically (a
 *   calendar date by its UTC day), strings exactly for `equals`/`not`/`in`/`notIn`,
 *   case-insensitively for `contains`/`startsWith`/`endsWith`, by code units for
 *   `lt`…`gte`; `in`/`notIn` take a comma-separated list; `is`/`isNot` take
 *   `null`, `empty`, `true`, `false`; missing values match only `not`, `notIn`,
 *   `is null`, `is empty`;
 * - `updatedAfter` (strictly after) and the quick filter (id, merchantOrderId,
 *   the customer's names, email and phone, case-insensitively);
 * - a stable sort on `sortField`, nulls last in either direction, ties by `id`
 *   ascending, then by input order;
 * - the page `page × limit …` and `totalRowCount` over all matches; instalments
 *   are left out of each summary unless `includeInstallments`.
 *
 * @example
 * ```ts
 * import * as Effect from "effect/Effect"
 * import { Search } from "payment-plan-engine"
 * const { value: query } = Effect.runSync(Search.normalize({ filterField: "status", filterValue: "Late", limit: "10" }))
 * const { totalRowCount, plans } = Search.evaluate(summaries, query, { merchantId: "merchant-123" })
 * ```
 * @category Search
 * @since 0.1.0
 */
export const evaluate = <S extends SearchablePlan>(
  summaries: ReadonlyArray<S>,
  query: NormalizedPlanSearch,
  scope: SearchScope
): PlanSearchPage<S> => {
  const predicates = predicatesOf(query, scope)
  const matches = (s: S): boolean => {
    for (const p of predicates) if (!p(s)) return false
    return true
  }
  const offset = query.page * query.limit
  const want = offset + query.limit
  const { total, page } = want * 8 < summaries.length
    ? pageNearStart(summaries, matches, orderOf(query), offset, want)
    : pageBySelection(summaries, matches, orderOf(query), offset, want)
  return {
    nextCursor: null,
    totalRowCount: total,
    plans: query.includeInstallments ? page : page.map(withoutInstallments)
  }
}

/** A page and the number of matches in all. */
interface Paged<S> {
  readonly total: number
  readonly page: Array<S>
}

/**
 * A page near the start (its end, `want`, well below the input's length): the best `want` matches
 * kept in a sorted buffer as they come (most lose to its last entry); nothing else is sorted or kept.
 */
const pageNearStart = <S extends SearchablePlan>(
  summaries: ReadonlyArray<S>,
  matches: (s: S) => boolean,
  order: Order,
  offset: number,
  want: number
): Paged<S> => {
  let total = 0
  const best: Array<Entry<S>> = []
  for (let i = 0; i < summaries.length; i++) {
    const s = summaries[i]!
    if (!matches(s)) continue
    total++
    const key = order.keyOf(s)
    // most matches lose to the buffer's last entry: compare before allocating one
    if (best.length === want && order.compareKey(key, s, i, best[want - 1]!) >= 0) continue
    const entry: Entry<S> = { key, summary: s, index: i }
    let lo = 0
    let hi = best.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (order.compare(best[mid]!, entry) < 0) lo = mid + 1
      else hi = mid
    }
    best.splice(lo, 0, entry)
    if (best.length > want) best.pop()
  }
  return { total, page: best.slice(offset).map((e) => e.summary) }
}

/**
 * Any page: every match kept with its key; only the page's positions need their sorted elements,
 * so they are selected around them and the page alone is sorted.
 */
const pageBySelection = <S extends SearchablePlan>(
  summaries: ReadonlyArray<S>,
  matches: (s: S) => boolean,
  order: Order,
  offset: number,
  want: number
): Paged<S> => {
  const entries: Array<Entry<S>> = []
  for (let i = 0; i < summaries.length; i++) {
    const s = summaries[i]!
    if (matches(s)) entries.push({ key: order.keyOf(s), summary: s, index: i })
  }
  const total = entries.length
  if (offset >= total) return { total, page: [] }
  const end = Math.min(want, total)
  select(entries, offset, 0, total - 1, order.compare)
  if (end - 1 > offset) select(entries, end - 1, offset + 1, total - 1, order.compare)
  return { total, page: entries.slice(offset, end).sort(order.compare).map((e) => e.summary) }
}

/**
 * Quickselect (Hoare's FIND): rearranges `a[lo..hi]` so that `a[k]` is the
 * element sorted order puts there, smaller ones before it and larger after.
 * Expected linear time; the order is total (ties end at the input index), so
 * there are no equal elements to degrade it.
 */
const select = <T>(a: Array<T>, k: number, lo: number, hi: number, compare: (x: T, y: T) => number): void => {
  while (hi > lo) {
    // median of three as the pivot, which keeps sorted and reversed input linear
    const mid = lo + ((hi - lo) >> 1)
    if (compare(a[mid]!, a[lo]!) < 0) swap(a, mid, lo)
    if (compare(a[hi]!, a[lo]!) < 0) swap(a, hi, lo)
    if (compare(a[hi]!, a[mid]!) < 0) swap(a, hi, mid)
    const pivot = a[mid]!
    let i = lo
    let j = hi
    while (i <= j) {
      while (compare(a[i]!, pivot) < 0) i++
      while (compare(pivot, a[j]!) < 0) j--
      if (i <= j) {
        swap(a, i, j)
        i++
        j--
      }
    }
    if (k <= j) hi = j
    else if (k >= i) lo = i
    else return
  }
}

const swap = <T>(a: Array<T>, i: number, j: number): void => {
  const t = a[i]!
  a[i] = a[j]!
  a[j] = t
}

const withoutInstallments = <S extends SearchablePlan>(s: S): S => {
  if (!Object.hasOwn(s, "installments")) return s
  const { installments: _, ...rest } = s
  return rest as S
}

/** A match with its sort key and its position in the input. */
interface Entry<S> {
  readonly key: number | string | null
  readonly summary: S
  readonly index: number
}

/** The order of a query. */
type Order = ReturnType<typeof orderOf>

/** The order of the query: the key, direction, nulls last, ties by `id` then by input order. */
const orderOf = (query: NormalizedPlanSearch) => {
  const direction = query.sortDirection === "desc" ? -1 : 1
  const compareKey = <S extends SearchablePlan>(
    key: number | string | null,
    summary: S,
    index: number,
    b: Entry<S>
  ): number => {
    if (key !== b.key) {
      if (key === null) return 1
      if (b.key === null) return -1
      return (key < b.key ? -1 : 1) * direction
    }
    const x = String(summary.id)
    const y = String(b.summary.id)
    return x < y ? -1 : x > y ? 1 : index - b.index
  }
  return {
    keyOf: sortKeyOf(query.sortField),
    compareKey,
    compare: <S extends SearchablePlan>(a: Entry<S>, b: Entry<S>): number => compareKey(a.key, a.summary, a.index, b)
  }
}
