/**
 * Plan search: the query of the description's table, its normalization with
 * defaults, and its evaluation over plan summaries (docs/plans.md, "Search").
 *
 * @since 0.1.0
 */
export * from "./evaluate.ts"
export * from "./fields.ts"
export * from "./normalize.ts"
export * from "./query.ts"
