/**
 * Plans. The module lives in `./plan/`, split by concept; this file keeps the
 * module's original path for code that imports it.
 *
 * @since 0.1.0
 */
export * from "./plan/index.ts"
