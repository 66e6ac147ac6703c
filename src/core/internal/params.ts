/**
 * Query parameters as a URL gives them (strings) or typed: whole numbers,
 * booleans and text read the same way by every operation that takes them
 * (plan search, plan notes), each problem reported as an issue.
 *
 * @internal
 */
import { describe, type Issue, issue } from "../foundation/issues.ts"

const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/

/**
 * A decimal number written as text (surrounding spaces allowed), or `undefined`.
 *
 * @internal
 */
export const numberOf = (value: string): number | undefined => {
  const trimmed = value.trim()
  if (!DECIMAL.test(trimmed)) return undefined
  const n = Number(trimmed)
  return Number.isFinite(n) ? n : undefined
}

/**
 * Reads parameters into typed values, collecting issues under `rule`. An
 * absent value (undefined, or the empty string of a form's empty field) takes
 * the fallback.
 *
 * @internal
 */
export class ParamReader {
  readonly values: ReadonlyMap<string, unknown>
  readonly rule: string
  readonly issues: Array<Issue> = []

  constructor(values: ReadonlyMap<string, unknown>, rule: string) {
    this.values = values
    this.rule = rule
  }

  has(key: string): boolean {
    return this.values.has(key)
  }

  /** A string, or `undefined` when absent. */
  text(key: string): string | undefined {
    const v = this.values.get(key)
    if (v === undefined || typeof v === "string") return v
    this.issues.push(issue(key, "type", this.rule, `must be a string, got ${describe(v)}`))
    return undefined
  }

  /** A whole number in `min..max`, a number or its text. */
  whole(key: string, min: number, max: number, fallback: number): number {
    const v = this.values.get(key)
    if (v === undefined) return fallback
    const n = typeof v === "number" ? v : typeof v === "string" ? (numberOf(v) ?? NaN) : NaN
    if (!Number.isFinite(n)) {
      this.issues.push(issue(key, "type", this.rule, `must be a whole number, got ${describe(v)}`))
    } else if (!Number.isInteger(n)) {
      this.issues.push(issue(key, "format", this.rule, `must be a whole number, got ${describe(v)}`))
    } else if (n < min || n > max) {
      const bounds = max >= Number.MAX_SAFE_INTEGER ? `at least ${min}` : `between ${min} and ${max}`
      this.issues.push(issue(key, "range", this.rule, `must be ${bounds}, got ${describe(v)}`))
    } else return n
    return fallback
  }

  /** `true`/`false`, as booleans or their text. */
  flag(key: string, fallback: boolean): boolean {
    const v = this.values.get(key)
    if (v === undefined) return fallback
    if (v === true || v === "true") return true
    if (v === false || v === "false") return false
    this.issues.push(issue(key, "type", this.rule, `must be true or false, got ${describe(v)}`))
    return fallback
  }
}

/**
 * The parameters of an input: a plain object or `URLSearchParams`. Parameters
 * named in `known` are kept (empty strings and undefined left out, a repeated
 * one reported `duplicate`); others are returned apart. `undefined` when the
 * input is neither.
 *
 * @internal
 */
export const readParams = (
  input: unknown,
  known: ReadonlySet<string>,
  rule: string
):
  | { readonly values: Map<string, unknown>; readonly unknown: Array<string>; readonly issues: Array<Issue> }
  | undefined =>
{
  let entries: Array<readonly [string, unknown]>
  if (input === undefined) entries = []
  else if (typeof URLSearchParams !== "undefined" && input instanceof URLSearchParams) {
    const seen = new Map<string, Array<string>>()
    for (const [k, v] of input) seen.set(k, [...(seen.get(k) ?? []), v])
    entries = [...seen].map(([k, vs]) => [k, vs.length === 1 ? vs[0] : vs] as const)
  } else if (typeof input !== "object" || input === null || Array.isArray(input)) return undefined
  else entries = Object.keys(input).map((k) => [k, (input as Record<string, unknown>)[k]] as const)
  const values = new Map<string, unknown>()
  const unknown: Array<string> = []
  const issues: Array<Issue> = []
  for (const [key, value] of entries) {
    if (!known.has(key)) unknown.push(key)
    else if (Array.isArray(value)) {
      issues.push(issue(key, "duplicate", rule, `is given ${value.length} times; give it once`))
    } else if (value !== undefined && value !== "") values.set(key, value)
  }
  return { values, unknown, issues }
}
