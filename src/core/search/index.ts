/**
 * Plan search: the query of the description's table, its normalization with
 * defaults, and its evaluation over plan summaries (docs/plans.md, "Search").
 *
 * @module
 */

export { evaluate, type PlanSearchPage, type SearchablePlan, type SearchScope } from "./evaluate.ts"
export { type FieldType, SEARCH_FIELDS } from "./fields.ts"
export {
  normalize,
  type NormalizedPlanSearch,
  type NormalizeOptions,
  type PlanSearchFilter,
  SEARCH_DEFAULTS,
  validateQuery
} from "./normalize.ts"
export {
  FILTER_OPERATORS,
  type FilterOperator,
  IS_VALUES,
  type PlanSearchParams,
  PlanSearchQuery,
  PlanSearchResponse,
  PlanSearchResult
} from "./query.ts"
