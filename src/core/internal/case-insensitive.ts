/**
 * The one case-insensitive reader of the service's enumerations: deposit units
 * (R2.2), cadence frequencies and weekday names (R6.2), plan statuses (R7.8)
 * and deposit statuses (R8.2). Every entry point that reads one in any case
 * uses it, so they agree on what "any case" means: ASCII letters fold, nothing
 * else does (no Kelvin sign K for a `k`, no dotted İ for an `i`), as a regular
 * expression's `i` flag without `u` compares.
 *
 * Schema-free, and allocating nothing: validation and hot loops ask it.
 *
 * @internal
 * @module
 */

/**
 * A reader of `values` in any case: the canonical spelling (as listed) of the
 * value `text` spells, or `undefined` when it spells none.
 *
 * @example
 * ```ts
 * const unitOf = caseInsensitive(["Currency", "Percentage"])
 * unitOf("PERCENTAGE") // "Percentage"
 * unitOf("percent") // undefined
 * ```
 */
export const caseInsensitive = <const V extends string>(values: ReadonlyArray<V>): (text: string) => V | undefined => {
  const lower = values.map((value) => {
    if (!/^[\x00-\x7f]*$/.test(value)) throw new Error(`caseInsensitive: ${JSON.stringify(value)} is not ASCII`)
    return value.toLowerCase()
  })
  return (text) => {
    // the spellings seen in practice, as listed or in lower case, compare as they are
    for (let i = 0; i < values.length; i++) if (text === values[i] || text === lower[i]) return values[i]
    for (let i = 0; i < values.length; i++) if (equalsFolded(text, lower[i]!)) return values[i]
    return undefined
  }
}

/** Whether `text` is `lower` (ASCII, in lower case) with any of its ASCII letters in upper case. */
const equalsFolded = (text: string, lower: string): boolean => {
  if (text.length !== lower.length) return false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if ((c >= 0x41 && c <= 0x5a ? c + 0x20 : c) !== lower.charCodeAt(i)) return false
  }
  return true
}
