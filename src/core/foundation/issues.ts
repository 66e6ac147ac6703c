/**
 * Validation issues: what is wrong, where, under which rule.
 *
 * Every validator and calculation of the core reports problems as a list of
 * {@link Issue}s (never only the first) and never throws an untyped exception.
 * Schema failures are translated into the same vocabulary, so a merchant sees
 * one set of codes (R4.1) whichever layer found the problem.
 *
 * @module
 */
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { type Issue, ISSUE_CODES } from "../internal/issue.ts"
import { compileValidator, type ValidatorOptions } from "../internal/validator.ts"

export type { Issue, IssueCode } from "../internal/issue.ts"
// the issue vocabulary is the bottom of the core (the Schema kit and the validator speak it); the layers above
// the core build and translate issues with these, never with `core/internal/` itself. They are no public
// name: `@internal` keeps them (and the internal modules they come from) out of the declarations.
/** @internal */
export { describe, issue, unknownField } from "../internal/issue.ts"
/** @internal */
export { DESCRIBED, issuesFromSchema } from "../internal/schema-issues.ts"
/**
 * A Schema check that reports its issue under a rule: how an adapter adds a rule of its own (the
 * sandbox's merchants file).
 *
 * @internal
 */
export { rule } from "../internal/schema-kit.ts"

/**
 * An issue as a `ValidationError` carries it: every code of {@link IssueCode}, so an error decoded
 * from its JSON has the type it had.
 */
const IssueSchema = Schema.Struct({
  path: Schema.String,
  code: Schema.Literals(ISSUE_CODES),
  rule: Schema.String,
  message: Schema.String
})

/**
 * Invalid input: carries every issue found, and the warnings seen on the way.
 * It is an `Error` (the plain API throws it), a yieldable tagged error (the
 * Effect API fails with it, `Effect.catchTag("ValidationError", …)`) and a
 * Schema (`Schema.TaggedError`): it goes into an HTTP API's or an RPC's error
 * schema as it is, and is encoded to and decoded from JSON
 * (`{ _tag, issues, warnings }`). Its tag is its own: no other error of the
 * package is tagged `"ValidationError"`.
 *
 * @example
 * ```ts
 * import * as Schema from "effect/Schema"
 * import { splitInstallments, ValidationError } from "payment-plan-engine"
 * try {
 *   splitInstallments(10.005, 3, "AUD")
 * } catch (e) {
 *   if (e instanceof ValidationError) {
 *     console.log(e.issues[0]?.code) // "precision"
 *     Schema.encodeSync(ValidationError)(e) // { _tag: "ValidationError", issues: [...], warnings: [] }
 *   }
 * }
 * ```
 * @category Errors
 * @since 0.1.0
 */
export class ValidationError extends Schema.TaggedError<ValidationError>()("ValidationError", {
  issues: Schema.Array(IssueSchema),
  warnings: Schema.Array(IssueSchema)
}) {
  override get message(): string {
    const shown = this.issues.slice(0, 5).map((i) => `${i.path || "(input)"}: ${i.message} [${i.code}, ${i.rule}]`)
    const more = this.issues.length > 5 ? `; and ${this.issues.length - 5} more` : ""
    return `Invalid input: ${shown.join("; ")}${more}`
  }
}

/**
 * What a plain function or a namespace's operation does with a field of its data that no rule
 * reads (R10.2), as a Schema: every operation's options have it (`unknownFields`).
 */
export const UnknownFieldsMode = Schema.Literals(["warn", "error", "ignore"])

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
 * @category Errors
 * @since 0.1.0
 */
export type Validation<A> =
  | { readonly ok: true; readonly value: A; readonly warnings: ReadonlyArray<Issue> }
  | { readonly ok: false; readonly issues: ReadonlyArray<Issue>; readonly warnings: ReadonlyArray<Issue> }

/**
 * A validated value and the warnings that did not stop it (R4.8, R10.2).
 *
 * @category Errors
 * @since 0.1.0
 */
export interface Validated<A> {
  readonly value: A
  readonly warnings: ReadonlyArray<Issue>
}

/** A failed result carrying `issues`. Shared with the package's layers above the core; no entry point exports it. */
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
 * Shared with the package's layers above the core; no entry point exports it.
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
 * What a plain function does with a field of its data that no rule reads (R10.2): `"warn"` (the
 * default) reports it (in the answer's `warnings`, or as a process warning from a function that
 * throws), `"ignore"` leaves it out silently, `"error"` refuses the input with it among the
 * issues. An unknown option is refused whatever this says (`unknown_option`).
 *
 * @category Errors
 * @since 0.2.0
 */
export type UnknownFields = typeof UnknownFieldsMode.Type

/**
 * What a function takes of a resource `T` written in code: `T` itself, with `undefined` allowed
 * wherever a field is optional, since a key whose value is `undefined` is absent (R10.1). A field
 * `T` does not have, or a value of the wrong type, does not compile.
 *
 * @example
 * ```ts
 * import type { CheckoutItem, Input } from "payment-plan-engine"
 * const item: Input<CheckoutItem> = {
 *   description: "Festival ticket", quantity: 1, costPerItem: 50, redemptionDate: "2027-03-01",
 *   paymentDeadline: undefined // absent (R10.1)
 * }
 * ```
 * @category Errors
 * @since 0.2.0
 */
export type Input<T> = T extends string | number | boolean | bigint | symbol | null | undefined | Date ? T
  : T extends ReadonlyArray<infer E> ? ReadonlyArray<Input<E>>
  : T extends object ? { readonly [K in keyof T]: {} extends Pick<T, K> ? Input<T[K]> | undefined : Input<T[K]> }
  : T
