/**
 * Validation issues: what is wrong, where, under which rule.
 *
 * Every validator and calculation of the core reports problems as a list of
 * {@link Issue}s (never only the first) and never throws an untyped exception.
 * Schema failures are translated into the same vocabulary, so a merchant sees
 * one set of codes (R4.1) whichever layer found the problem.
 *
 * @since 0.1.0
 */
import * as Data from "effect/Data"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { type Issue, issue } from "../internal/issue.ts"
import { isRecord } from "../internal/predicates.ts"
import { compileValidator, type ValidatorOptions } from "../internal/validator.ts"

export type { Issue, IssueCode } from "../internal/issue.ts"

/**
 * Invalid input: carries every issue found, and the warnings seen on the way.
 * It is an `Error` (the plain API throws it) and a yieldable tagged error (the
 * Effect API fails with it).
 *
 * @example
 * ```ts
 * import { splitInstallments, ValidationError } from "payment-plan-engine"
 * try {
 *   splitInstallments(10.005, 3, "AUD")
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
 * An issue as a response carries it (an error body's `issues`, a response's `warnings`).
 *
 * @since 0.1.0
 */
export const IssueBody = Schema.Struct({
  path: Schema.String,
  code: Schema.String,
  rule: Schema.String,
  message: Schema.String
})

/**
 * A validator's answer in the plain API.
 *
 * @since 0.1.0
 */
export type Validation<A> =
  | { readonly ok: true; readonly value: A; readonly warnings: ReadonlyArray<Issue> }
  | { readonly ok: false; readonly issues: ReadonlyArray<Issue>; readonly warnings: ReadonlyArray<Issue> }

/**
 * A validated value and the warnings that did not stop it (R4.8, R10.2).
 *
 * @since 0.1.0
 */
export interface Validated<A> {
  readonly value: A
  readonly warnings: ReadonlyArray<Issue>
}

/** A failed result carrying `issues`. @internal */
export const fail = (issues: ReadonlyArray<Issue>, warnings: ReadonlyArray<Issue> = []) =>
  Result.fail(new ValidationError({ issues, warnings }))

/** Unwraps a core result for the plain API: the value, or the `ValidationError` thrown. @internal */
export const getOrThrow = <A>(result: Result.Result<A, ValidationError>): A => {
  if (Result.isSuccess(result)) return result.success
  throw result.failure
}

/**
 * A strict validator as the core's operations expose it: the value without
 * unknown fields and the warnings, or a `ValidationError` with every issue.
 *
 * @internal
 */
export const requestValidator = <S extends Schema.Top>(
  schema: S,
  rule: string,
  options: Omit<ValidatorOptions, "rule" | "unknownKeys"> = {}
) => {
  const check = compileValidator(schema, { rule, unknownKeys: "warn", ...options })
  return (input: unknown): Result.Result<Validated<S["Type"]>, ValidationError> => {
    const checked = check(input)
    return checked.issues.length === 0
      ? Result.succeed({ value: checked.value, warnings: checked.warnings })
      : fail(checked.issues, checked.warnings)
  }
}

/**
 * What a plain function does with a field or option no rule reads (R10.2): `"warn"` (the default)
 * reports it in the result's `warnings`; `"error"` refuses the input with it among the issues.
 *
 * @since 0.1.0
 */
export type UnknownFields = "warn" | "error"

const NONE: ReadonlyArray<Issue> = []
const hasOwn = Object.prototype.hasOwnProperty

/** The `unknown_field` warnings of the options no parameter of a function reads (R10.2). @internal */
export const unknownOptions = (options: unknown, known: ReadonlySet<string>): ReadonlyArray<Issue> => {
  if (!isRecord(options)) return NONE
  let warnings: Array<Issue> | undefined
  for (const key in options) {
    if (!hasOwn.call(options, key) || key === "unknownFields" || known.has(key) || options[key] === undefined) continue
    ;(warnings ??= []).push(
      issue(`options.${key}`, "unknown_field", "R10.2", "is not an option of this function and was ignored")
    )
  }
  return warnings ?? NONE
}

/** `a` and `b` as one list, allocating only when both have entries. @internal */
export const both = (a: ReadonlyArray<Issue>, b: ReadonlyArray<Issue>): ReadonlyArray<Issue> =>
  a.length === 0 ? b : b.length === 0 ? a : [...a, ...b]

const isUnknownField = (i: Issue) => i.code === "unknown_field"

/**
 * The plain API's answer (R10.2): a core result with the warnings gathered beside it; under
 * `unknownFields: "error"` every unknown field or option is an issue instead. @internal
 */
export const answer = <A>(
  result: Result.Result<Validated<A>, ValidationError>,
  warnings: ReadonlyArray<Issue>,
  unknownFields: unknown
): Validation<A> => {
  if (unknownFields === undefined || unknownFields === "warn") {
    // the hot path: no allocation beyond the answer itself
    return Result.isSuccess(result)
      ? { ok: true, value: result.success.value, warnings: both(result.success.warnings, warnings) }
      : { ok: false, issues: result.failure.issues, warnings: both(result.failure.warnings, warnings) }
  }
  const all = both(Result.isSuccess(result) ? result.success.warnings : result.failure.warnings, warnings)
  const issues = Result.isSuccess(result) ? [] : [...result.failure.issues]
  if (unknownFields !== "error") {
    issues.push(
      issue("options.unknownFields", "enum", "R10.2", `must be "warn" or "error", got ${describeOption(unknownFields)}`)
    )
  }
  if (unknownFields === "error") issues.push(...all.filter(isUnknownField))
  const left = unknownFields === "error" ? all.filter((i) => !isUnknownField(i)) : all
  return issues.length === 0 && Result.isSuccess(result)
    ? { ok: true, value: result.success.value, warnings: left }
    : { ok: false, issues, warnings: left }
}

const describeOption = (value: unknown) => typeof value === "string" ? JSON.stringify(value) : String(value)

const isDefault = (unknownFields: unknown) => unknownFields === undefined || unknownFields === "warn"

/**
 * A calculation's plain answer: `{ ok, value | issues, warnings }` with the R10.2 warnings gathered
 * beside it (the `…Result` twins). @internal
 */
export const answerOf = <A>(
  result: Result.Result<A, ValidationError>,
  warnings: ReadonlyArray<Issue>,
  unknownFields: unknown
): Validation<A> => {
  if (isDefault(unknownFields)) {
    return Result.isSuccess(result)
      ? { ok: true, value: result.success, warnings }
      : { ok: false, issues: result.failure.issues, warnings: both(result.failure.warnings, warnings) }
  }
  return answer(unwarned(result), warnings, unknownFields)
}

/**
 * A calculation's value, or its `ValidationError` thrown; under `unknownFields: "error"` an
 * unknown field or option refuses the input (R10.2). @internal
 */
export const valueOf = <A>(
  result: Result.Result<A, ValidationError>,
  warnings: ReadonlyArray<Issue>,
  unknownFields: unknown
): A => {
  if (isDefault(unknownFields) || (unknownFields === "error" && warnings.length === 0)) {
    if (Result.isSuccess(result)) return result.success
    throw result.failure
  }
  return valueOrThrow(answer(unwarned(result), warnings, unknownFields))
}

/** A calculation's result with no warnings of its own, for {@link answer}. @internal */
const unwarned = <A>(result: Result.Result<A, ValidationError>): Result.Result<Validated<A>, ValidationError> =>
  Result.isSuccess(result) ? Result.succeed({ value: result.success, warnings: NONE }) : Result.fail(result.failure)

/** The value of a plain answer, or its `ValidationError` thrown (the calculations' convention). @internal */
export const valueOrThrow = <A>(validation: Validation<A>): A => {
  if (validation.ok) return validation.value
  throw new ValidationError({ issues: validation.issues, warnings: validation.warnings })
}
