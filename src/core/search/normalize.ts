/**
 * Normalizing a plan search: the parameters of the description's query table,
 * as a URL's query gives them (strings) or typed, checked and filled with the
 * defaults the table states.
 *
 * @module
 */
import type * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import { contract, type Options, surface, validated, validation } from "../foundation/contract.ts"
import { fail, requestValidator, type Validated, type ValidationError } from "../foundation/issues.ts"
import * as Time from "../foundation/time/index.ts"
import { type Issue, issue } from "../internal/issue.ts"
import { notParams, readParams } from "../internal/params.ts"
import { type FilterOperator, type PlanSearchParams, PlanSearchQuery } from "./query.ts"

/**
 * One filter of a normalized search: `filterField`, `filterOperator`,
 * `filterValue` of the query, or the deprecated `status`.
 *
 * @category Search
 * @since 0.1.0
 */
export interface PlanSearchFilter {
  readonly field: string
  readonly operator: FilterOperator
  readonly value: string
}

/**
 * A plan search with every default filled in: what {@link normalize}
 * gives and `searchPlans` evaluates.
 *
 * @category Search
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
 * @category Search
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

const RULE = "search"

const checkQuery = requestValidator(PlanSearchQuery, RULE, { fromText: true })

/**
 * Checks plan-search parameters (an object or `URLSearchParams`) with
 * {@link PlanSearchQuery}: the query with numbers and booleans converted and
 * unknown parameters left out, and the warnings (unknown parameters, the
 * deprecated `cursor` and `status`); or every issue. The client sends this
 * query as it is; {@link normalize} fills in the defaults.
 *
 * @example
 * ```ts
 * import * as Effect from "effect/Effect"
 * import { Search } from "payment-plan-engine"
 * const read = Effect.runSync(Search.validateQuery(new URLSearchParams("limit=20&useQuickFilter=true")))
 * read.value // { limit: 20, useQuickFilter: true }
 * ```
 * @category Search
 * @since 0.2.0
 */
export const validateQuery = (
  params: unknown,
  options?: NormalizeOptions
): Effect.Effect<Validated<PlanSearchQuery>, ValidationError> =>
  validation(VALIDATE_QUERY_SURFACE, options, () => validated(validateQueryResult(params)))

/** The contract of reading search parameters (R10.2): no option but `unknownFields`. */
export const NORMALIZE = contract({})

/**
 * Options of {@link normalize} and {@link validateQuery}: what to do with unknown parameters (R10.2).
 *
 * @category Search
 * @since 0.2.0
 */
export interface NormalizeOptions extends Options<typeof NORMALIZE> {}

const VALIDATE_QUERY_SURFACE = surface("Search.validateQuery", NORMALIZE)
const NORMALIZE_SURFACE = surface("Search.normalize", NORMALIZE)

/**
 * {@link validateQuery} as a synchronous `Result`, for the facade and the route table.
 *
 * @since 0.1.0
 */
export const validateQueryResult = (
  params: PlanSearchParams | URLSearchParams | unknown
): Result.Result<Validated<PlanSearchQuery>, ValidationError> => {
  const given = readParams(params, RULE)
  if (given === undefined) return fail([notParams(RULE, params, "query parameters")])
  const checked = checkQuery(given.values)
  const warnings: Array<Issue> = Result.isSuccess(checked)
    ? [...checked.success.warnings]
    : [...checked.failure.warnings]
  if ("cursor" in given.values) {
    warnings.push(
      issue(
        "cursor",
        "deprecated",
        RULE,
        "is deprecated since 2023-07-13 and ignored: only offset pagination (page, limit) is supported"
      )
    )
  }
  if ("status" in given.values) {
    warnings.push(
      issue("status", "deprecated", RULE, "is deprecated since 2023-07-13: use filterField=status&filterValue=…")
    )
  }
  const issues = [...given.issues, ...(Result.isFailure(checked) ? checked.failure.issues : [])]
  if (issues.length > 0 || Result.isFailure(checked)) return fail(issues, warnings)
  return Result.succeed({ value: checked.success.value, warnings })
}

/**
 * {@link normalize} as a synchronous `Result`.
 *
 * @since 0.1.0
 */
export const normalizeResult = (
  params: PlanSearchParams | URLSearchParams | unknown
): Result.Result<Validated<NormalizedPlanSearch>, ValidationError> => {
  const validated = validateQueryResult(params)
  if (Result.isFailure(validated)) return Result.fail(validated.failure)
  const { value: q, warnings } = validated.success
  const filters: Array<PlanSearchFilter> = []
  if (q.status !== undefined) filters.push({ field: "status", operator: "equals", value: q.status })
  if (q.filterField !== undefined && q.filterValue !== undefined) {
    filters.push({
      field: q.filterField,
      operator: q.filterOperator ?? SEARCH_DEFAULTS.filterOperator,
      value: q.filterValue
    })
  }
  const updatedAfter = q.updatedAfter === undefined
    ? undefined
    : Time.formatInstant(Time.parseDateTime(q.updatedAfter)!)
  return Result.succeed({
    value: {
      page: q.page ?? SEARCH_DEFAULTS.page,
      limit: q.limit ?? SEARCH_DEFAULTS.limit,
      sortField: q.sortField ?? SEARCH_DEFAULTS.sortField,
      sortDirection: q.sortDirection ?? SEARCH_DEFAULTS.sortDirection,
      useQuickFilter: q.useQuickFilter ?? SEARCH_DEFAULTS.useQuickFilter,
      ...(q.quickFilterValue === undefined ? {} : { quickFilterValue: q.quickFilterValue }),
      filters,
      ...(q.userId === undefined ? {} : { userId: q.userId }),
      ...(q.merchantId === undefined ? {} : { merchantId: q.merchantId }),
      ...(updatedAfter === undefined ? {} : { updatedAfter }),
      ...(q.url === undefined ? {} : { url: q.url }),
      includeAllBrands: q.includeAllBrands ?? SEARCH_DEFAULTS.includeAllBrands,
      includeInstallments: q.includeInstallments ?? SEARCH_DEFAULTS.includeInstallments
    },
    warnings
  })
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
 * import * as Effect from "effect/Effect"
 * import { Search } from "payment-plan-engine"
 * const { value } = Effect.runSync(Search.normalize({ limit: "20", filterField: "totalPaid", filterOperator: "gte", filterValue: "100" }))
 * // { page: 0, limit: 20, sortField: "createdAt", sortDirection: "desc", filters: [{ field: "totalPaid", operator: "gte", value: "100" }], … }
 * ```
 * @category Search
 * @since 0.1.0
 */
export const normalize = (
  params: unknown,
  options?: NormalizeOptions
): Effect.Effect<Validated<NormalizedPlanSearch>, ValidationError> =>
  validation(NORMALIZE_SURFACE, options, () => validated(normalizeResult(params)))
