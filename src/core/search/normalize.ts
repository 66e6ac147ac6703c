/**
 * Normalizing a plan search: the parameters of the description's query table,
 * as a URL's query gives them (strings) or typed, checked and filled with the
 * defaults the table states.
 *
 * @since 0.1.0
 */
import { Effect, Result } from "effect"
import {
  describe,
  enumExpectation,
  fail,
  type Issue,
  issue,
  type Validated,
  type ValidationError
} from "../foundation/issues.ts"
import * as Time from "../foundation/time/index.ts"
import { numberOf, ParamReader, readParams } from "../internal/params.ts"
import { PLAN_STATUSES } from "../plan/record.ts"
import { type FieldType, SEARCH_FIELDS } from "./fields.ts"
import { FILTER_OPERATORS, type FilterOperator } from "./query.ts"

/**
 * One filter of a normalized search: `filterField`, `filterOperator`,
 * `filterValue` of the query, or the deprecated `status`.
 *
 * @since 0.1.0
 */
export interface PlanSearchFilter {
  readonly field: string
  readonly operator: FilterOperator
  readonly value: string
}

/**
 * A plan search with every default filled in: what {@link normalizePlanSearch}
 * gives and `searchPlans` evaluates.
 *
 * @since 0.1.0
 */
export interface NormalizedPlanSearch {
  /** from 0 */
  readonly page: number
  /** 1..100 */
  readonly limit: number
  readonly sortField: string
  readonly sortDirection: "asc" | "desc"
  readonly useQuickFilter: boolean
  readonly quickFilterValue?: string
  /** all must match; the deprecated `status` adds `status equals …` */
  readonly filters: ReadonlyArray<PlanSearchFilter>
  readonly userId?: string
  readonly merchantId?: string
  /** an RFC 3339 date-time; plans updated strictly after it */
  readonly updatedAfter?: string
  readonly url?: string
  readonly includeAllBrands: boolean
  readonly includeInstallments: boolean
}

/**
 * The defaults of the description's query table.
 *
 * @since 0.1.0
 */
export const SEARCH_DEFAULTS = {
  page: 0,
  limit: 50,
  sortField: "createdAt",
  sortDirection: "desc",
  filterOperator: "equals",
  useQuickFilter: false,
  includeAllBrands: false,
  includeInstallments: false
} as const

/**
 * The values `is` and `isNot` take.
 *
 * @since 0.1.0
 */
export const IS_VALUES = ["null", "empty", "true", "false"] as const

const RULE = "search"
const KNOWN = new Set([
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
])
const OPERATORS: ReadonlySet<string> = new Set(FILTER_OPERATORS)
const STATUSES: ReadonlySet<string> = new Set(PLAN_STATUSES)
const TEXT_OPERATORS: ReadonlySet<string> = new Set(["contains", "startsWith", "endsWith"])

/**
 * Splits the value of `in` / `notIn`: comma-separated, each element trimmed.
 *
 * @internal
 */
export const listOf = (value: string): Array<string> => value.split(",").map((v) => v.trim())

export { numberOf }

/** A filter value of a date field: a calendar date (a day) or a date-time (an instant). @internal */
export const dateOf = (value: string): Time.DateOrInstant | undefined => Time.parseDateOrInstant(value.trim())

/**
 * {@link normalizePlanSearch} as a synchronous `Result`.
 *
 * @since 0.1.0
 */
export const normalizePlanSearchResult = (
  params: unknown
): Result.Result<Validated<NormalizedPlanSearch>, ValidationError> => {
  const given = readParams(params, KNOWN, RULE)
  if (given === undefined) {
    return fail([
      issue("", "type", RULE, `must be an object of query parameters or URLSearchParams, got ${describe(params)}`)
    ])
  }
  const warnings: Array<Issue> = given.unknown.map((key) =>
    issue(key, "unknown_field", RULE, "is not a parameter of the plan search and was left out")
  )
  const read = new ParamReader(given.values, RULE)
  const issues = read.issues
  issues.push(...given.issues)
  const choice = <const V extends string>(
    key: string,
    values: ReadonlyArray<V>,
    allowed: ReadonlySet<string>
  ): V | undefined => {
    const v = read.text(key)
    if (v === undefined || allowed.has(v)) return v as V | undefined
    issues.push(issue(key, "enum", RULE, `${enumExpectation(values)}, got ${describe(v)}`))
    return undefined
  }
  const field = (key: string): string | undefined => {
    const v = read.text(key)
    if (v === undefined || Object.hasOwn(SEARCH_FIELDS, v)) return v
    issues.push(
      issue(
        key,
        "enum",
        RULE,
        `must be a field of the plan summary (${Object.keys(SEARCH_FIELDS).join(", ")}), got ${describe(v)}`
      )
    )
    return undefined
  }

  const page = read.whole("page", 0, Number.MAX_SAFE_INTEGER, SEARCH_DEFAULTS.page)
  const limit = read.whole("limit", 1, 100, SEARCH_DEFAULTS.limit)
  const sortField = field("sortField") ?? SEARCH_DEFAULTS.sortField
  const sortDirection = choice("sortDirection", ["asc", "desc"] as const, new Set(["asc", "desc"])) ??
    SEARCH_DEFAULTS.sortDirection
  const useQuickFilter = read.flag("useQuickFilter", SEARCH_DEFAULTS.useQuickFilter)
  const quickFilterValue = read.text("quickFilterValue")
  const userId = read.text("userId")
  const merchantId = read.text("merchantId")
  const url = read.text("url")
  const includeAllBrands = read.flag("includeAllBrands", SEARCH_DEFAULTS.includeAllBrands)
  const includeInstallments = read.flag("includeInstallments", SEARCH_DEFAULTS.includeInstallments)
  const updatedAfterText = read.text("updatedAfter")
  let updatedAfter: string | undefined
  if (updatedAfterText !== undefined) {
    const ms = Time.parseDateTime(updatedAfterText)
    if (ms === undefined) {
      issues.push(
        issue(
          "updatedAfter",
          "format",
          RULE,
          `must be a date-time with an offset (RFC 3339), got ${describe(updatedAfterText)}`
        )
      )
    } else updatedAfter = Time.formatInstant(ms)
  }
  if (read.has("cursor")) {
    read.text("cursor")
    warnings.push(
      issue(
        "cursor",
        "deprecated",
        RULE,
        "is deprecated since 2023-07-13 and ignored: only offset pagination (page, limit) is supported"
      )
    )
  }

  const filters: Array<PlanSearchFilter> = []
  const status = choice("status", PLAN_STATUSES, STATUSES)
  if (read.has("status")) {
    warnings.push(
      issue("status", "deprecated", RULE, "is deprecated since 2023-07-13: use filterField=status&filterValue=…")
    )
  }
  if (status !== undefined) filters.push({ field: "status", operator: "equals", value: status })

  const filterField = field("filterField")
  const filterValue = read.text("filterValue")
  const operator = choice("filterOperator", FILTER_OPERATORS, OPERATORS) ?? SEARCH_DEFAULTS.filterOperator
  if (read.has("filterField") && !read.has("filterValue")) {
    issues.push(issue("filterValue", "required", RULE, "is required with filterField"))
  }
  if (read.has("filterValue") && !read.has("filterField")) {
    issues.push(issue("filterField", "required", RULE, "is required with filterValue"))
  }
  if (filterField !== undefined && filterValue !== undefined && OPERATORS.has(operator)) {
    const problem = filterProblem(SEARCH_FIELDS[filterField]!, operator, filterValue, filterField)
    if (problem !== undefined) issues.push(problem)
    else filters.push({ field: filterField, operator, value: filterValue })
  }

  if (issues.length > 0) return fail(issues, warnings)
  return Result.succeed({
    value: {
      page,
      limit,
      sortField,
      sortDirection,
      useQuickFilter,
      ...(quickFilterValue === undefined ? {} : { quickFilterValue }),
      filters,
      ...(userId === undefined ? {} : { userId }),
      ...(merchantId === undefined ? {} : { merchantId }),
      ...(updatedAfter === undefined ? {} : { updatedAfter }),
      ...(url === undefined ? {} : { url }),
      includeAllBrands,
      includeInstallments
    },
    warnings
  })
}

/** Why a filter cannot be evaluated on a field of this type, or `undefined`. */
const filterProblem = (type: FieldType, operator: FilterOperator, value: string, field: string): Issue | undefined => {
  if (operator === "is" || operator === "isNot") {
    return (IS_VALUES as ReadonlyArray<string>).includes(value)
      ? undefined
      : issue("filterValue", "enum", RULE, `${enumExpectation(IS_VALUES)} with ${operator}, got ${describe(value)}`)
  }
  if (TEXT_OPERATORS.has(operator) && type !== "string") {
    return issue("filterOperator", "enum", RULE, `${operator} applies to text fields; ${field} is a ${type}`)
  }
  if (type === "string") return undefined
  const values = operator === "in" || operator === "notIn" ? listOf(value) : [value]
  for (const v of values) {
    if (type === "number" && numberOf(v) === undefined) {
      return issue(
        "filterValue",
        "format",
        RULE,
        `must be ${values.length > 1 ? "numbers" : "a number"} for ${field}, got ${describe(v)}`
      )
    }
    if (type === "date" && dateOf(v) === undefined) {
      return issue(
        "filterValue",
        "format",
        RULE,
        `must be a date YYYY-MM-DD or a date-time with an offset for ${field}, got ${describe(v)}`
      )
    }
  }
  return undefined
}

/**
 * Checks a plan search and fills the defaults of the description's query
 * table: `page` ≥ 0 (default 0), `limit` 1..100 (default 50), `sortField`
 * (default `createdAt`, a field of the summary), `sortDirection` `asc`/`desc`
 * (default `desc`), `filterOperator` one of the thirteen (default `equals`) and
 * applicable to the field's type, booleans as `true`/`false` or their strings,
 * `updatedAfter` a date-time. Numbers may come as strings (a URL's query).
 * Every bad value is an issue; unknown parameters are warnings and left out
 * (R4.9); the deprecated `status` becomes the filter `status equals …` and
 * `cursor` is ignored, each with a `deprecated` warning. Never throws.
 *
 * @example
 * ```ts
 * import { Effect } from "effect"
 * import { Search } from "payment-plan-engine"
 * const { value } = Effect.runSync(Search.normalizePlanSearch({ limit: "20", filterField: "totalPaid", filterOperator: "gte", filterValue: "100" }))
 * // { page: 0, limit: 20, sortField: "createdAt", sortDirection: "desc", filters: [{ field: "totalPaid", operator: "gte", value: "100" }], … }
 * ```
 * @since 0.1.0
 */
export const normalizePlanSearch = (params: unknown): Effect.Effect<Validated<NormalizedPlanSearch>, ValidationError> =>
  Effect.fromResult(normalizePlanSearchResult(params))
