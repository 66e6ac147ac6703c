/**
 * The issue vocabulary: what every validator of the core reports, where and
 * under which rule. The public types are re-exported by `foundation/issues.ts`;
 * this module is the bottom of the core, so the Schema kit and the validator
 * can speak it.
 *
 * Internal to the core (not re-exported as such).
 *
 * @module
 */
import { nearestName } from "./nearest.ts"

/**
 * Every issue code, in one list (the `ValidationError` Schema reads it): the codes of R4.1, plus
 * `time_zone` (R3.1), `conflict`, `unknown_option` (R10.2), and the codes of warnings.
 */
export const ISSUE_CODES = [
  "required",
  "type",
  "too_short",
  "too_long",
  "pattern",
  "enum",
  "precision",
  "range",
  "format",
  "unknown_currency",
  "duplicate",
  "past_date",
  "merchant_mismatch",
  "unknown_external_code",
  "time_zone",
  "conflict",
  "unknown_option",
  // warnings: never fail validation (R4.8, R10.2; R1.2: a merchant configuration that disagrees with a plan's digits)
  "unknown_field",
  "digits_mismatch",
  "deprecated",
  "insecure_url"
] as const

/**
 * Codes of R4.1, plus `time_zone` (R3.1), `conflict`, `unknown_option` (R10.2), and the codes of warnings.
 *
 * @category Errors
 * @since 0.1.0
 */
export type IssueCode = typeof ISSUE_CODES[number]

/**
 * One problem with an input: `path` like `items[1].refundPolicies[0].refundablePercentage`
 * (empty for the input itself), a stable `code`, the `rule` of docs/rules.md it enforces, and a
 * sentence for people.
 *
 * @category Errors
 * @since 0.1.0
 */
export interface Issue {
  readonly path: string
  readonly code: IssueCode
  readonly rule: string
  readonly message: string
}

/** Builds an issue. */
export const issue = (path: string, code: IssueCode, rule: string, message: string): Issue => ({
  path,
  code,
  rule,
  message
})

/**
 * The `unknown_field` warning of a field no rule reads (R10.2), at `path`, suggesting the known
 * field nearest its name (`key`) when one is near: every report of an unknown field says it with
 * these words, whatever found it. `what` names the thing it is not a field of.
 */
export const unknownField = (
  path: string,
  key: string,
  known: Iterable<string>,
  what = "this resource"
): Issue => {
  const near = nearestName(key, known)
  return issue(
    path,
    "unknown_field",
    "R10.2",
    `is not a field of ${what} and was left out${near === undefined ? "" : ` (did you mean ${JSON.stringify(near)}?)`}`
  )
}

// ---------------------------------------------------------------------------
// Paths

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/

/** Appends one segment to a path: `items` + 1 → `items[1]`, `merchantMetadata` + "a b" → `merchantMetadata["a b"]`. */
export const childPath = (parent: string, key: PropertyKey): string => {
  if (typeof key === "number") return `${parent}[${key}]`
  const name = String(key)
  if (typeof key === "string" && IDENTIFIER.test(name)) return parent === "" ? name : `${parent}.${name}`
  return `${parent}[${JSON.stringify(name)}]`
}

/** Puts a path under a prefix: `merchant` + `currencies[0]` → `merchant.currencies[0]`. */
export const prefixPath = (prefix: string, path: string): string =>
  path === "" ? prefix : prefix === "" ? path : path.startsWith("[") ? prefix + path : `${prefix}.${path}`

/** The same issues under a prefix. */
export const prefixIssues = (prefix: string, issues: ReadonlyArray<Issue>): Array<Issue> =>
  issues.map((i) => ({ ...i, path: prefixPath(prefix, i.path) }))

/** Joins path segments the way code writes them: `items[1].refundPolicies[0].refundablePercentage`. */
export const formatPath = (segments: ReadonlyArray<PropertyKey>): string => segments.reduce<string>(childPath, "")

// ---------------------------------------------------------------------------
// Describing values in messages

/** Describes an input value briefly, without echoing large or sensitive text. */
export const describe = (value: unknown): string => {
  if (value === null) return "null"
  if (Array.isArray(value)) return "an array"
  switch (typeof value) {
    case "string":
      return value.length > 40 ? `a string of ${value.length} characters` : JSON.stringify(value)
    case "number":
    case "boolean":
    case "bigint":
      return String(value)
    case "undefined":
      return "undefined"
    case "object":
      return "an object"
    default:
      return `a ${typeof value}`
  }
}

/** What an enumeration expects: `must be "plan"`, `must be one of "asc", "desc"`. */
export const enumExpectation = (literals: ReadonlyArray<unknown>): string => {
  const list = literals.map((v) => JSON.stringify(v)).join(", ")
  return literals.length === 1 ? `must be ${list}` : `must be one of ${list}`
}
