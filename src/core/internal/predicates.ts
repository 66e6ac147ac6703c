/**
 * Predicates every layer reads untyped input with.
 *
 * @internal
 * @module
 */

/** A plain object (not null, not an array): something whose fields can be read. */
export const isRecord = (u: unknown): u is Record<string, unknown> =>
  typeof u === "object" && u !== null && !Array.isArray(u)
