/**
 * Plan terms (R6). The module lives in `./plan-terms/`, split by concept; this
 * file keeps the module's original path.
 *
 * @since 0.1.0
 */
export * from "./plan-terms/index.ts"
