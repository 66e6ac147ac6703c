/**
 * Validation issues: what is wrong, where, under which rule.
 *
 * Every validator and calculation of the core reports problems as a list of
 * {@link Issue}s (never only the first) and never throws an untyped exception.
 * Schema failures are translated here, so a merchant sees one vocabulary of codes
 * (rules.md R4.1) whichever layer found the problem.
 *
 * @since 0.1.0
 */
import { Data, Result, Schema, type SchemaAST, SchemaIssue } from "effect"

/**
 * Codes of R4.1, plus `time_zone` (R3.1) and the codes of warnings.
 *
 * @since 0.1.0
 */
export type IssueCode =
  | "required"
  | "type"
  | "too_short"
  | "too_long"
  | "pattern"
  | "enum"
  | "precision"
  | "range"
  | "format"
  | "unknown_currency"
  | "duplicate"
  | "past_date"
  | "merchant_mismatch"
  | "unknown_external_code"
  | "time_zone"
  | "conflict"
  // warnings: never fail validation (R4.8)
  | "unknown_field"
  | "deprecated"
  | "insecure_url"

/**
 * One problem with an input: `path` like `items[1].refundPolicies[0].refundablePercentage`
 * (empty for the input itself), a stable `code`, the `rule` of rules.md it enforces, and a
 * sentence for people.
 *
 * @since 0.1.0
 */
export interface Issue {
  readonly path: string
  readonly code: IssueCode
  readonly rule: string
  readonly message: string
}

/**
 * Invalid input: carries every issue found, and the warnings seen on the way.
 * It is an `Error` (the plain API throws it) and a yieldable tagged error (the
 * Effect API fails with it).
 *
 * @example
 * ```ts
 * import { splitInstalments, ValidationError } from "payment-plan-engine"
 * try {
 *   splitInstalments(10.005, 3, "AUD")
 * } catch (e) {
 *   if (e instanceof ValidationError) console.log(e.issues[0]?.code) // "precision"
 * }
 * ```
 * @since 0.1.0
 */
export class ValidationError extends Data.TaggedError("ValidationError")<{
  readonly issues: ReadonlyArray<Issue>
  readonly warnings: ReadonlyArray<Issue>
}> {
  override get message(): string {
    const shown = this.issues.slice(0, 5).map((i) => `${i.path || "(input)"}: ${i.message} [${i.code}, ${i.rule}]`)
    const more = this.issues.length > 5 ? `; and ${this.issues.length - 5} more` : ""
    return `Invalid input: ${shown.join("; ")}${more}`
  }
}

/**
 * A validator's answer in the plain API (rules.md, "Public surface").
 *
 * @since 0.1.0
 */
export type Validation<A> =
  | { readonly ok: true; readonly value: A; readonly warnings: ReadonlyArray<Issue> }
  | { readonly ok: false; readonly issues: ReadonlyArray<Issue>; readonly warnings: ReadonlyArray<Issue> }

/**
 * A validated value and the warnings that did not stop it (R4.8).
 *
 * @since 0.1.0
 */
export interface Validated<A> {
  readonly value: A
  readonly warnings: ReadonlyArray<Issue>
}

/** @internal */
export const issue = (path: string, code: IssueCode, rule: string, message: string): Issue => ({
  path,
  code,
  rule,
  message
})

/** @internal */
export const fail = (issues: ReadonlyArray<Issue>, warnings: ReadonlyArray<Issue> = []) =>
  Result.fail(new ValidationError({ issues, warnings }))

/** Turns a core result into the plain API's validation answer. @internal */
export const toValidation = <A>(result: Result.Result<Validated<A>, ValidationError>): Validation<A> =>
  Result.isSuccess(result)
    ? { ok: true, value: result.success.value, warnings: result.success.warnings }
    : { ok: false, issues: result.failure.issues, warnings: result.failure.warnings }

/** Unwraps a core result for the plain API: the value, or the `ValidationError` thrown. @internal */
export const getOrThrow = <A>(result: Result.Result<A, ValidationError>): A => {
  if (Result.isSuccess(result)) return result.success
  throw result.failure
}

// ---------------------------------------------------------------------------
// Paths

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/

/** Appends one segment to a path: `items` + 1 → `items[1]`, `merchantMetadata` + "a b" → `merchantMetadata["a b"]`. @internal */
export const childPath = (parent: string, key: PropertyKey): string => {
  if (typeof key === "number") return `${parent}[${key}]`
  const name = String(key)
  if (typeof key === "string" && IDENTIFIER.test(name)) return parent === "" ? name : `${parent}.${name}`
  return `${parent}[${JSON.stringify(name)}]`
}

/** Puts a path under a prefix: `merchant` + `currencies[0]` → `merchant.currencies[0]`. @internal */
export const prefixPath = (prefix: string, path: string): string =>
  path === "" ? prefix : prefix === "" ? path : path.startsWith("[") ? prefix + path : `${prefix}.${path}`

/**
 * Joins path segments the way a developer writes them in code:
 * `items[1].refundPolicies[0].refundablePercentage`.
 *
 * @internal
 */
export const formatPath = (segments: ReadonlyArray<PropertyKey>): string => segments.reduce<string>(childPath, "")

// ---------------------------------------------------------------------------
// Schema checks that speak the issue vocabulary

/** Annotations our checks carry, read back by {@link issuesFromSchema}. @internal */
export interface RuleAnnotations {
  readonly code: IssueCode
  readonly rule: string
  readonly message: string
}

/** Annotation key under which {@link rule} keeps its predicate, for compiled validators. @internal */
export const PREDICATE = "~paymentPlanEnginePredicate"

/**
 * A Schema check that, when it fails, reports `code` under `rule` with `message`
 * and what the value was (`got …`; `detail` overrides how it is described).
 *
 * @internal
 */
export const rule = <T>(
  code: IssueCode,
  ruleId: string,
  message: string,
  predicate: (value: T) => boolean,
  detail: (value: T) => string = describe
) =>
  Schema.makeFilter<T>((value) => predicate(value) || `${message}, got ${detail(value)}`, {
    code,
    rule: ruleId,
    message,
    expected: message,
    [PREDICATE]: predicate
  })

/**
 * Like {@link rule}, for a check of a whole object that reports at one of its
 * fields (`value` of a minimum deposit, say).
 *
 * @internal
 */
export const ruleAt = <T>(
  code: IssueCode,
  ruleId: string,
  message: string,
  at: ReadonlyArray<PropertyKey>,
  predicate: (value: T) => boolean,
  detail: (value: T) => string
) =>
  Schema.makeFilter<T>((value) => predicate(value) || { path: at, issue: `${message}, got ${detail(value)}` }, {
    code,
    rule: ruleId,
    message,
    expected: message,
    [PREDICATE]: predicate
  })

/** Describes an input value briefly, without echoing large or sensitive text. @internal */
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

/** What an enumeration expects: `must be "plan"`, `must be one of "asc", "desc"`. @internal */
export const enumExpectation = (literals: ReadonlyArray<unknown>): string => {
  const list = literals.map((v) => JSON.stringify(v)).join(", ")
  return literals.length === 1 ? `must be ${list}` : `must be one of ${list}`
}

const EXPECTED_BY_AST: Record<string, string> = {
  String: "a string",
  Number: "a number",
  Boolean: "a boolean",
  Objects: "an object",
  Arrays: "an array",
  Null: "null"
}

/**
 * Flattens an Effect Schema issue tree into our issues.
 * Unknown keys become `unknown_field` warnings: they are stripped, never fatal (R4.9).
 *
 * @internal
 */
export const issuesFromSchema = (
  root: SchemaIssue.Issue,
  defaultRule: string
): { readonly issues: Array<Issue>; readonly warnings: Array<Issue> } => {
  const issues: Array<Issue> = []
  const warnings: Array<Issue> = []
  const walk = (node: SchemaIssue.Issue, segments: ReadonlyArray<PropertyKey>): void => {
    switch (node._tag) {
      case "Pointer":
        return walk(node.issue, [...segments, ...node.path])
      case "Composite":
        for (const child of node.issues) walk(child, segments)
        return
      case "Filter": {
        const annotations = node.filter.annotations as Partial<RuleAnnotations> | undefined
        if (annotations?.code !== undefined) {
          // a check over a container may point at several elements (duplicates, say)
          for (const [at, message] of leavesOf(node.issue, segments)) {
            issues.push(
              issue(
                formatPath(at),
                annotations.code,
                annotations.rule ?? defaultRule,
                message ?? annotations.message ?? "is invalid"
              )
            )
          }
        } else {
          walk(node.issue, segments)
        }
        return
      }
      case "MissingKey":
        issues.push(issue(formatPath(segments), "required", defaultRule, "is required"))
        return
      case "UnexpectedKey": {
        const path = formatPath(segments)
        warnings.push(issue(path, "unknown_field", "R4.9", `is not a field of this resource and was left out`))
        return
      }
      case "InvalidType": {
        const got = SchemaIssue.hasInput(node) ? describe(node.input) : "nothing"
        if (node.ast._tag === "Literal") {
          issues.push(
            issue(formatPath(segments), "enum", defaultRule, `${enumExpectation([node.ast.literal])}, got ${got}`)
          )
          return
        }
        const expected = EXPECTED_BY_AST[node.ast._tag] ?? "another type"
        issues.push(issue(formatPath(segments), "type", defaultRule, `must be ${expected}, got ${got}`))
        return
      }
      case "AnyOf": {
        const got = SchemaIssue.hasInput(node) ? describe(node.input) : "nothing"
        const members = node.ast.types
        if (members.every((m) => m._tag === "Literal")) {
          const literals = members.map((m) => (m as SchemaAST.Literal).literal)
          issues.push(issue(formatPath(segments), "enum", defaultRule, `${enumExpectation(literals)}, got ${got}`))
        } else {
          const expected = members.map((m) => EXPECTED_BY_AST[m._tag] ?? "another type").join(" or ")
          issues.push(issue(formatPath(segments), "type", defaultRule, `must be ${expected}, got ${got}`))
        }
        return
      }
      default:
        issues.push(issue(formatPath(segments), "format", defaultRule, "is invalid"))
    }
  }
  walk(root, [])
  return { issues, warnings }
}

const leavesOf = (
  node: SchemaIssue.Issue,
  segments: ReadonlyArray<PropertyKey>
): Array<readonly [ReadonlyArray<PropertyKey>, string | undefined]> => {
  switch (node._tag) {
    case "Pointer":
      return leavesOf(node.issue, [...segments, ...node.path])
    case "Composite":
      return node.issues.flatMap((child) => leavesOf(child, segments))
    case "InvalidValue": {
      const message = node.annotations?.message
      return [[segments, typeof message === "string" ? message : undefined]]
    }
    default:
      return [[segments, undefined]]
  }
}

/** Options for strict decoding: every problem, unknown keys reported. @internal */
export const STRICT_ALL = { errors: "all", onExcessProperty: "error", reportInput: true } as const
/** Options for the fast path of a strict decode. @internal */
export const STRICT_FIRST = { errors: "first", onExcessProperty: "error" } as const
/** Options that strip unknown keys silently. @internal */
export const LENIENT = { errors: "all", onExcessProperty: "ignore" } as const
