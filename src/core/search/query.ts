/**
 * Plan search: the query of the description's parameter table, declared once
 * ({@link PlanSearchQuery}: the core, the client and the sandbox check
 * parameters with it), and the response, strict ({@link PlanSearchResult}) and read
 * tolerantly ({@link PlanSearchResponse}, R9).
 *
 * @module
 */
import * as Schema from "effect/Schema"
import * as Time from "../foundation/time/index.ts"
import { describe } from "../internal/issue.ts"
import { numberOf } from "../internal/params.ts"
import { Enum, rule, ruleAt, tolerant, WholeNumber, withRule } from "../internal/schema-kit.ts"
import { PLAN_STATUSES, PlanSummary } from "../plan/record.ts"
import { type FieldType, SEARCH_FIELDS } from "./fields.ts"

/**
 * Filter operators of the search, `equals` by default.
 *
 * @category Search
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
 * An operator of a plan-search filter.
 *
 * @category Search
 * @since 0.1.0
 */
export type FilterOperator = (typeof FILTER_OPERATORS)[number]

/**
 * The values `is` and `isNot` take.
 *
 * @category Search
 * @since 0.1.0
 */
export const IS_VALUES = ["null", "empty", "true", "false"] as const

const RULE = "search"

const TEXT_OPERATORS: ReadonlySet<string> = new Set(["contains", "startsWith", "endsWith"])

/**
 * Splits the value of `in` / `notIn`: comma-separated, each element trimmed.
 *
 * @internal
 */
export const listOf = (value: string): Array<string> => value.split(",").map((v) => v.trim())

/** A filter value of a date field: a calendar date (a day) or a date-time (an instant). @internal */
export const dateOf = (value: string): Time.DateOrInstant | undefined => Time.parseDateOrInstant(value.trim())

/** A field of the plan summary (`SEARCH_FIELDS`). */
const SearchField = Schema.String.check(
  rule<string>(
    "enum",
    RULE,
    `must be a field of the plan summary (${Object.keys(SEARCH_FIELDS).join(", ")})`,
    (field) => Object.hasOwn(SEARCH_FIELDS, field),
    { json: { enum: Object.keys(SEARCH_FIELDS) } }
  )
)

interface FilterParts {
  readonly filterField?: string | undefined
  readonly filterValue?: string | undefined
  readonly filterOperator?: FilterOperator | undefined
}

const operatorOf = (q: FilterParts): FilterOperator => q.filterOperator ?? "equals"
const typeOf = (q: FilterParts): FieldType | undefined =>
  q.filterField === undefined ? undefined : SEARCH_FIELDS[q.filterField]

/** The filter values that do not read as the field's type (numbers, dates). */
const misfits = (q: FilterParts): Array<string> => {
  const type = typeOf(q)
  const operator = operatorOf(q)
  if (
    q.filterValue === undefined || type === undefined || type === "string" || operator === "is" || operator === "isNot"
  ) {
    return []
  }
  const values = operator === "in" || operator === "notIn" ? listOf(q.filterValue) : [q.filterValue]
  return values.filter((v) => (type === "number" ? numberOf(v) === undefined : dateOf(v) === undefined))
}

/**
 * A plan-search query (the description's table): every parameter optional,
 * defaults filled in by `normalizePlanSearch`. Numbers and booleans may come
 * as their text (a URL's query). A filter needs its field and its value, its
 * operator must fit the field's type (`contains` on text only), its value must
 * read as the field's type (a number, a date), and `is`/`isNot` take `null`,
 * `empty`, `true` or `false`.
 *
 * @category Search
 * @since 0.1.0
 */
export const PlanSearchQuery = withRule(
  Schema.Struct({
    page: Schema.optionalKey(WholeNumber(0, RULE)),
    limit: Schema.optionalKey(WholeNumber(1, RULE, 100)),
    cursor: Schema.optionalKey(Schema.String),
    userId: Schema.optionalKey(Schema.String),
    merchantId: Schema.optionalKey(Schema.String),
    sortField: Schema.optionalKey(SearchField),
    sortDirection: Schema.optionalKey(Enum(["asc", "desc"])),
    useQuickFilter: Schema.optionalKey(Schema.Boolean),
    quickFilterValue: Schema.optionalKey(Schema.String),
    filterField: Schema.optionalKey(SearchField),
    filterValue: Schema.optionalKey(Schema.String),
    filterOperator: Schema.optionalKey(Enum(FILTER_OPERATORS)),
    status: Schema.optionalKey(Enum(PLAN_STATUSES)),
    updatedAfter: Schema.optionalKey(Time.DateTimeText),
    url: Schema.optionalKey(Schema.String),
    includeAllBrands: Schema.optionalKey(Schema.Boolean),
    includeInstallments: Schema.optionalKey(Schema.Boolean)
  }),
  RULE
).check(
  ruleAt<FilterParts>(
    "required",
    RULE,
    "is required with filterField",
    ["filterValue"],
    (q) => q.filterField === undefined || q.filterValue !== undefined,
    () => "nothing"
  ),
  ruleAt<FilterParts>(
    "required",
    RULE,
    "is required with filterValue",
    ["filterField"],
    (q) => q.filterValue === undefined || q.filterField !== undefined,
    () => "nothing"
  ),
  ruleAt<FilterParts>(
    "enum",
    RULE,
    `must be one of ${IS_VALUES.map((v) => JSON.stringify(v)).join(", ")} with is and isNot`,
    ["filterValue"],
    (q) =>
      q.filterValue === undefined || (operatorOf(q) !== "is" && operatorOf(q) !== "isNot") ||
      (IS_VALUES as ReadonlyArray<string>).includes(q.filterValue),
    (q) => describe(q.filterValue)
  ),
  ruleAt<FilterParts>(
    "enum",
    RULE,
    "must fit the field: contains, startsWith and endsWith apply to text fields",
    ["filterOperator"],
    (q) => !TEXT_OPERATORS.has(operatorOf(q)) || (typeOf(q) ?? "string") === "string",
    (q) => `${operatorOf(q)} on ${q.filterField}, a ${typeOf(q)}`
  ),
  ruleAt<FilterParts>(
    "format",
    RULE,
    "must read as the field's type (a number, or a date YYYY-MM-DD or date-time with an offset)",
    ["filterValue"],
    (q) => misfits(q).length === 0,
    (q) => `${misfits(q).map((v) => describe(v)).join(", ")} for ${q.filterField}`
  )
)

/**
 * @category Search
 * @since 0.1.0
 */
export type PlanSearchQuery = typeof PlanSearchQuery.Type

/**
 * The plan-search parameters as a caller may give them: typed, or as the text
 * of a URL's query.
 *
 * @category Search
 * @since 0.1.0
 */
export type PlanSearchParams = {
  readonly [K in keyof PlanSearchQuery]: PlanSearchQuery[K] | string
}

/**
 * The search response this library answers: offset pagination, `nextCursor`
 * always `null` (cursors are deprecated), and the search's warnings when
 * parameters were deprecated or unknown.
 *
 * @category Search
 * @since 0.1.0
 */
export const PlanSearchResult = Schema.Struct({
  nextCursor: Schema.NullOr(Schema.String),
  totalRowCount: WholeNumber(0, RULE),
  plans: Schema.Array(PlanSummary)
})

/**
 * @category Search
 * @since 0.1.0
 */
export type PlanSearchResult = typeof PlanSearchResult.Type

/**
 * A search response read tolerantly (R9).
 *
 * @category Search
 * @since 0.1.0
 */
export const PlanSearchResponse = tolerant(PlanSearchResult)

/**
 * @category Search
 * @since 0.1.0
 */
export type PlanSearchResponse = typeof PlanSearchResponse.Type
