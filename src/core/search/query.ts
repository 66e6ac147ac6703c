/**
 * Plan search: the query of the description's parameter table and the response.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { rule } from "../foundation/issues.ts"
import { Enum, loose, LooseNumber, OpenStruct, WholeNumber } from "../internal/schema-kit.ts"
import { PLAN_STATUSES, PlanSummary } from "../plan/record.ts"

/**
 * Filter operators of the search, `equals` by default.
 *
 * @since 0.1.0
 */
export const FILTER_OPERATORS = [
  "equals",
  "contains",
  "not",
  "in",
  "notIn",
  "lt",
  "lte",
  "gt",
  "gte",
  "startsWith",
  "endsWith",
  "is",
  "isNot"
] as const

/**
 * @since 0.1.0
 */
export type FilterOperator = (typeof FILTER_OPERATORS)[number]

/**
 * A plan-search query with typed values (the description's table). Strings of a
 * URL's query become these values through normalization; defaults are given
 * there.
 *
 * @since 0.1.0
 */
export const PlanSearchQuery = Schema.Struct({
  page: Schema.optionalKey(WholeNumber(0, "search")),
  limit: Schema.optionalKey(
    WholeNumber(1, "search").check(rule<number>("range", "search", "must be at most 100", (n) => n <= 100))
  ),
  cursor: Schema.optionalKey(Schema.String),
  userId: Schema.optionalKey(Schema.String),
  merchantId: Schema.optionalKey(Schema.String),
  sortField: Schema.optionalKey(Schema.String),
  sortDirection: Schema.optionalKey(Enum(["asc", "desc"])),
  useQuickFilter: Schema.optionalKey(Schema.Boolean),
  quickFilterValue: Schema.optionalKey(Schema.String),
  filterField: Schema.optionalKey(Schema.String),
  filterValue: Schema.optionalKey(Schema.String),
  filterOperator: Schema.optionalKey(Enum(FILTER_OPERATORS)),
  status: Schema.optionalKey(Enum(PLAN_STATUSES)),
  updatedAfter: Schema.optionalKey(Schema.String),
  url: Schema.optionalKey(Schema.String),
  includeAllBrands: Schema.optionalKey(Schema.Boolean),
  includeInstallments: Schema.optionalKey(Schema.Boolean)
})

/**
 * @since 0.1.0
 */
export type PlanSearchQuery = typeof PlanSearchQuery.Type

/**
 * The search response: offset pagination, `nextCursor` kept for compatibility.
 *
 * @since 0.1.0
 */
export const PlanSearchResponse = OpenStruct({
  nextCursor: loose(Schema.String),
  totalRowCount: loose(LooseNumber),
  plans: loose(Schema.Array(PlanSummary))
})

/**
 * @since 0.1.0
 */
export type PlanSearchResponse = typeof PlanSearchResponse.Type
