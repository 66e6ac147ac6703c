/**
 * "Did you mean": the known name nearest a name that is not one, the one rule of every report of
 * an unknown name (R10.2): the validators' unknown fields, the options of the plain functions and
 * of the namespaces, the `<payment-plan-message>` element's attributes. `foundation/nearest.ts`
 * gives it to the layers above the core. Schema-free: the element bundles it.
 *
 * @internal
 * @module
 */

/** Levenshtein distance (the refusal and warning paths only: never a hot loop). */
const distance = (a: string, b: string): number => {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
    }
    previous = current
  }
  return previous[b.length]!
}

/**
 * The known name `name` is most likely a slip for: the same name in another case,
 * else the nearest within one edit of a name of up to four letters, two of a
 * longer one, three of one of twelve letters or more (a plural for a singular:
 * `refundPolicy` for `refundPolicies`); the first of equals, in `known`'s order;
 * `undefined` when none is near.
 *
 * @example
 * ```ts
 * nearestName("ammount", ["currency", "amount"]) // "amount"
 * nearestName("timezone", ["now", "timeZone"]) // "timeZone"
 * nearestName("refundPolicy", ["sku", "refundPolicies"]) // "refundPolicies"
 * nearestName("colour", ["currency", "amount"]) // undefined
 * ```
 */
export const nearestName = (name: string, known: Iterable<string>): string | undefined => {
  const lower = name.toLowerCase()
  let nearest: string | undefined
  let least = Number.POSITIVE_INFINITY
  for (const candidate of known) {
    if (candidate.toLowerCase() === lower) return candidate
    const d = distance(candidate, name)
    if (d < least && d <= (candidate.length <= 4 ? 1 : candidate.length < 12 ? 2 : 3)) {
      nearest = candidate
      least = d
    }
  }
  return nearest
}
