/**
 * Reading untyped input, for every layer: whether a value is a record whose
 * fields can be read, and the identifier that names a resource in a URL path
 * (R4.3), code-point lengths (R4.2) and whether a URL carries credentials. Defined in `core/internal/` (the Schema kit and the validator use
 * them); the layers above the core take them from here, never from
 * `core/internal/` itself.
 *
 * @internal
 * @module
 */
export { isRecord } from "../internal/predicates.ts"
/** @internal */
export { codePointLength, hasUserInfo, Identifier } from "../internal/schema-kit.ts"
