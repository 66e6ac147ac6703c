/**
 * A bounded memo (least recently set entries evicted first): the core's caches
 * of parsed dates and zones use it, and so does an adapter that must remember a
 * bounded set (the sandbox's key checks). Defined in `core/internal/`; the layers
 * above the core take it from here, never from `core/internal/` itself.
 *
 * @internal
 * @module
 */
export { BoundedCache } from "../internal/cache.ts"
