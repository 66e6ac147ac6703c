/**
 * What a program says when a service it calls cannot be reached: one
 * wording for every command of the project (`conformance`, `webhooks
 * trigger`), so they agree.
 *
 * Pure text, no I/O: the adapters and the conformance kit that call a service
 * share it from the foundation (they never import each other).
 *
 * @internal
 * @module
 */

/**
 * The deepest message of an error's `cause` chain: `fetch` rejects with
 * "fetch failed", whose cause says "connect ECONNREFUSED 127.0.0.1:4010".
 */
export const deepestMessage = (error: unknown): string => {
  let deepest: unknown = error
  for (let depth = 0; depth < 16 && deepest instanceof Error && deepest.cause instanceof Error; depth++) {
    deepest = deepest.cause
  }
  return deepest instanceof Error ? deepest.message : String(deepest)
}

/** `cannot reach <base>: <the deepest reason>`, e.g. `cannot reach http://127.0.0.1:4010: connect ECONNREFUSED 127.0.0.1:4010`. */
export const cannotReach = (base: string, error: unknown): string => `cannot reach ${base}: ${deepestMessage(error)}`
