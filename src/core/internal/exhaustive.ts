/**
 * Switches that handle every member of a union the type checker closes (plan events, webhook
 * types): their `default` hands the value to {@link exhaustive}, where it is `never`, so a new member
 * that a switch does not handle does not compile (test/core/plan/exhaustive.test.ts adds one).
 *
 * @internal
 * @module
 */

/**
 * The `default` of a switch over every member of a union: `value` has the type `never` there. Does
 * nothing at run time: a value no member has (from untyped code) is the switch's to answer.
 */
export const exhaustive = (_value: never): void => {}

/**
 * A list of every member of the union `U`, in the order written: a list that misses one does not
 * compile (the error names it as `missing`), nor does one with a value `U` lacks.
 *
 * @example
 * ```ts
 * const TAGS = everyMember<"a" | "b">()(["a", "b"]) // readonly ["a", "b"]
 * ```
 */
export const everyMember = <U extends string>() =>
<const T extends ReadonlyArray<U>>(
  list: T & ([U] extends [T[number]] ? unknown : { readonly missing: Exclude<U, T[number]> })
): T => list
