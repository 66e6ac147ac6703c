/**
 * How every plain function meets its caller (R10.2), in one place: it applies its operation's one
 * input contract (core/foundation/contract.ts, the same the namespace's Effect applies): its
 * options are a closed set (an unknown one is refused, `unknown_option`, whatever `unknownFields`
 * says, since options are written in code), the options object itself is checked whatever its
 * shape, and the warnings of the data (`unknown_field` and the others) reach the caller on every
 * surface: in `warnings` for a validator or a `…Result` twin; as a process warning, once per
 * function, code and path, for a throwing function; refused under `unknownFields: "error"`, left
 * out under `"ignore"`.
 *
 * A plain function names its surface once ({@link plainFunction}: its name and its operation's
 * contract), computes the operation's {@link Outcome} (the core's, which every surface shares), and
 * hands both to {@link answer} (never throws) or {@link valueOf} (throws a `ValidationError`).
 * Inputs without unknown fields or options allocate nothing here.
 *
 * @module
 */
import * as Result from "effect/Result"
import { type Contract, decided, modeOf, type Outcome, type Surface, surface } from "../core/foundation/contract.ts"
import { type Issue, type UnknownFields, type Validation, ValidationError } from "../core/foundation/issues.ts"

export { both, optionsOf, type Outcome, outcome, under, validated } from "../core/foundation/contract.ts"

/** A plain function as its options are checked: its name and its operation's contract. */
export type PlainFunction = Surface

/** Names a plain function of an operation: its name in messages and the operation's contract. */
export const plainFunction = (
  name: string,
  of: Contract<any>,
  more: { readonly parameter?: string } = {}
): PlainFunction => surface(name, of, more.parameter)

const NONE: ReadonlyArray<Issue> = []

// ---------------------------------------------------------------------------
// Answers

/**
 * A validator's or a `…Result` twin's answer: `{ ok, value | issues, warnings }`, never thrown.
 * Under `unknownFields: "error"` an unknown field is an issue; under `"ignore"` it is left out.
 */
export const answer = <A>(fn: PlainFunction, options: unknown, given: Outcome<A>): Validation<A> => {
  const { result, warnings } = decided(fn, options, given)
  return Result.isSuccess(result)
    ? { ok: true, value: result.success, warnings }
    : { ok: false, issues: result.failure.issues, warnings: result.failure.warnings }
}

/**
 * A throwing function's value: the core's value, or a `ValidationError` with every issue (the
 * options' among them), or the core's typed refusal of another kind (a plan's state: its warnings
 * are reported first). Its warnings are process warnings (see {@link report}).
 */
export const valueOf = <A, E = ValidationError>(fn: PlainFunction, options: unknown, given: Outcome<A, E>): A => {
  const { result, warnings } = decided(fn, options, given)
  // the common path: a value, and (rarely) warnings to report
  if (Result.isSuccess(result)) {
    if (warnings.length > 0) report(fn, warnings, modeOf(options))
    return result.success
  }
  if (!(result.failure instanceof ValidationError) && warnings.length > 0) report(fn, warnings, modeOf(options))
  throw result.failure
}

const isUnknown = (i: Issue) => i.code === "unknown_option" || i.code === "unknown_field"

/**
 * What a function that answers neither a result nor a throw (a string, say) does with its answer's
 * unknown fields and options (R10.2): they are process warnings, as a throwing function's warnings
 * are (see {@link report}), the options it refused among them, so a typo is never silent. Its other
 * issues are its own to show (an empty element, say).
 */
export const reportUnknown = (fn: PlainFunction, options: unknown, answered: Validation<unknown>): void => {
  const refused = answered.ok ? NONE : answered.issues.filter(isUnknown)
  if (refused.length > 0 || answered.warnings.length > 0) {
    report(fn, refused.length === 0 ? answered.warnings : [...refused, ...answered.warnings], modeOf(options))
  }
}

/** The value of a plain answer, or its `ValidationError` thrown. */
export const valueOrThrow = <A>(validation: Validation<A>): A => {
  if (validation.ok) return validation.value
  throw new ValidationError({ issues: validation.issues, warnings: validation.warnings })
}

// ---------------------------------------------------------------------------
// Process warnings

/** At most this many distinct warnings are remembered, so a stream of new paths cannot fill memory. */
export const REMEMBERED = 1_000
const reported = new Set<string>()
let full = false

/**
 * The process-warning code of an issue code: `PAYMENT_PLAN_` and the code in capitals
 * (`unknown_field` → `PAYMENT_PLAN_UNKNOWN_FIELD`).
 */
export const warningCode = (code: string): string => `PAYMENT_PLAN_${code.toUpperCase()}`

/** The `name` of the process warnings (Node's `warning.name`, `--disable-warning=PaymentPlanEngineWarning`). */
export const WARNING_TYPE = "PaymentPlanEngineWarning"

interface WarningProcess {
  readonly emitWarning: (warning: Error) => void
}

/**
 * A process warning of a plain function: an `Error` named {@link WARNING_TYPE} with its `code`
 * (`PAYMENT_PLAN_UNKNOWN_FIELD`), the function's name and the issue it reports.
 */
export interface PlainFunctionWarning extends Error {
  readonly code: string
  readonly functionName: string
  readonly issue: Issue | undefined
}

/** Forgets which warnings were reported, as a new process would (tests watch the once-per-path rule with it). */
export const forgetReportedWarnings = (): void => {
  reported.clear()
  full = false
}

/**
 * Reports the warnings of a throwing function's value (R10.2): each function, code and path once per
 * process, as a Node process warning (`process.emitWarning`), or with `console.warn` where there is
 * no `process` (a browser). Under `"ignore"` unknown fields are not reported; other warnings are.
 */
const report = (fn: PlainFunction, warnings: ReadonlyArray<Issue>, mode: UnknownFields): void => {
  for (const w of warnings) {
    if (mode === "ignore" && w.code === "unknown_field") continue
    const key = `${fn.name}\u0000${w.code}\u0000${w.path}`
    if (reported.has(key)) continue
    if (reported.size >= REMEMBERED) {
      if (!full) {
        full = true
        emit(
          fn,
          `${fn.name}: more than ${REMEMBERED} distinct warnings in this process; later ones are not reported (pass unknownFields: "error" to refuse unknown fields)`,
          warningCode("warning"),
          undefined
        )
      }
      return
    }
    reported.add(key)
    const hint = w.code === "unknown_field"
      ? `; pass unknownFields: "error" to refuse it, "ignore" to silence this warning`
      : ""
    emit(
      fn,
      `${fn.name}: ${w.path === "" ? "(input)" : w.path} ${w.message} (${w.code}, ${w.rule})${hint}`,
      warningCode(w.code),
      w
    )
  }
}

const emit = (fn: PlainFunction, message: string, code: string, issue: Issue | undefined): void => {
  const host = (globalThis as { readonly process?: Partial<WarningProcess> }).process
  if (typeof host?.emitWarning === "function") {
    const warning: PlainFunctionWarning = Object.assign(new Error(message), {
      name: WARNING_TYPE,
      code,
      functionName: fn.name,
      issue
    })
    host.emitWarning(warning)
  } else if (typeof console !== "undefined") console.warn(`[${code}] ${message}`)
}
