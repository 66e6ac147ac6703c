/**
 * Query parameters as a URL gives them: read into a plain record that a query
 * Schema then validates (with `fromText`, which converts the text of numbers
 * and booleans). One reading for every operation that takes parameters (plan
 * search, plan notes), whether they come as an object or as `URLSearchParams`.
 *
 * @internal
 * @module
 */
import { describe, type Issue, issue } from "./issue.ts"
import { isRecord } from "./predicates.ts"

const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/

/** A decimal number written as text (surrounding spaces allowed), or `undefined`. */
export const numberOf = (value: string): number | undefined => {
  const trimmed = value.trim()
  if (!DECIMAL.test(trimmed)) return undefined
  const n = Number(trimmed)
  return Number.isFinite(n) ? n : undefined
}

/**
 * The parameters of an input, an object or `URLSearchParams`, as a record. An
 * empty value (the empty string of a form's empty field) is absent; a
 * parameter a URL repeats is an issue (`duplicate`): a query names each once.
 * `undefined` when the input is neither.
 */
export const readParams = (
  input: unknown,
  rule: string
): { readonly values: Record<string, unknown>; readonly issues: Array<Issue> } | undefined => {
  const values: Record<string, unknown> = {}
  const issues: Array<Issue> = []
  if (input === undefined) return { values, issues }
  if (typeof URLSearchParams !== "undefined" && input instanceof URLSearchParams) {
    const counts = new Map<string, number>()
    for (const [key, value] of input) {
      counts.set(key, (counts.get(key) ?? 0) + 1)
      if (value !== "") values[key] = value
    }
    for (const [key, count] of counts) {
      if (count > 1) {
        issues.push(issue(key, "duplicate", rule, `is given ${count} times; give it once`))
        delete values[key]
      }
    }
    return { values, issues }
  }
  if (!isRecord(input)) return undefined
  for (const key of Object.keys(input)) {
    const value = input[key]
    if (value !== undefined && value !== "") values[key] = value
  }
  return { values, issues }
}

/** The issue of an input that is not parameters at all. */
export const notParams = (rule: string, input: unknown, what: string): Issue =>
  issue("", "type", rule, `must be an object of ${what} or URLSearchParams, got ${describe(input)}`)
