/**
 * How every plain function meets its caller (R10.2), in one place: its options are a closed set
 * (an unknown one is refused, `unknown_option`, whatever `unknownFields` says, since options are
 * written in code), the options object itself is checked whatever its shape, and the warnings of
 * the data (`unknown_field` and the others) reach the caller on every surface: in `warnings` for
 * a validator or a `…Result` twin; as a process warning, once per function, code and path, for a
 * throwing function; refused under `unknownFields: "error"`, left out under `"ignore"`.
 *
 * A plain function describes itself once ({@link plainFunction}), computes its core answer as an
 * {@link Outcome}, and hands both to {@link answer} (never throws) or {@link valueOf} (throws a
 * `ValidationError`). Inputs without unknown fields or options allocate nothing here.
 *
 * @module
 */
import * as Result from "effect/Result"
import {
  type Issue,
  type UnknownFields,
  type Validated,
  type Validation,
  ValidationError
} from "../core/foundation/issues.ts"
import { nearestName } from "../core/foundation/nearest.ts"
import { merchantWarnings } from "../core/merchant/configuration.ts"

/** A plain function as its options are checked: its name, its options and the options it renamed. */
export interface PlainFunction {
  readonly name: string
  /** The name of its options parameter in paths (`options.timezone`, `scope.merchantID`). */
  readonly parameter: string
  readonly known: ReadonlySet<string>
  /** The option names, as messages list them. */
  readonly list: string
  /** Old option name → new name, for a refusal that says where an option went. */
  readonly renamed: Readonly<Record<string, string>>
}

/** Describes a plain function: `options` are the names it reads besides `unknownFields`. */
export const plainFunction = (
  name: string,
  options: ReadonlyArray<string>,
  more: { readonly parameter?: string; readonly renamed?: Readonly<Record<string, string>> } = {}
): PlainFunction => ({
  name,
  parameter: more.parameter ?? "options",
  known: new Set([...options, "unknownFields"]),
  list: [...options, "unknownFields"].join(", "),
  renamed: more.renamed ?? {}
})

/** A core answer and the warnings gathered beside it (the data's `unknown_field`, …). */
export interface Outcome<A> {
  readonly result: Result.Result<A, ValidationError>
  readonly warnings: ReadonlyArray<Issue>
}

const NONE: ReadonlyArray<Issue> = []
const EMPTY: Readonly<Record<string, unknown>> = Object.freeze({})
const hasOwn = Object.prototype.hasOwnProperty

const isOptionsObject = (u: unknown): u is Readonly<Record<string, unknown>> =>
  typeof u === "object" && u !== null && !Array.isArray(u)

/**
 * The options as the core reads them: the object given, or none when it is not one (its issue is
 * reported by {@link optionIssues}). Their values are whatever the caller gave: the core checks them.
 */
export const optionsOf = <O extends object>(options: O | undefined): O =>
  isOptionsObject(options) ? options : EMPTY as O

/** `a` and `b` as one list, allocating only when both have entries. */
export const both = (a: ReadonlyArray<Issue>, b: ReadonlyArray<Issue>): ReadonlyArray<Issue> =>
  a.length === 0 ? b : b.length === 0 ? a : [...a, ...b]

/** The warnings under a prefix (`checkout.items[0].x`), allocating nothing when there are none. */
export const under = (prefix: string, warnings: ReadonlyArray<Issue>): ReadonlyArray<Issue> =>
  warnings.length === 0
    ? warnings
    : warnings.map((w) => ({
      ...w,
      path: w.path === "" ? prefix : w.path.startsWith("[") ? prefix + w.path : `${prefix}.${w.path}`
    }))

/** A validator's core answer (the value carries its warnings) as an {@link Outcome}, with more warnings. */
export const validated = <A>(
  result: Result.Result<Validated<A>, ValidationError>,
  warnings: ReadonlyArray<Issue> = NONE
): Outcome<A> =>
  Result.isSuccess(result)
    ? { result: Result.succeed(result.success.value), warnings: both(result.success.warnings, warnings) }
    : { result: Result.fail(result.failure), warnings }

/** An {@link Outcome} from a core result and the warnings beside it. */
export const outcome = <A>(
  result: Result.Result<A, ValidationError>,
  warnings: ReadonlyArray<Issue> = NONE
): Outcome<A> => ({ result, warnings })

// ---------------------------------------------------------------------------
// The options object

const closest = (fn: PlainFunction, key: string): string | undefined =>
  hasOwn.call(fn.renamed, key) ? fn.renamed[key] : nearestName(key, fn.known)

const describeValue = (value: unknown): string =>
  value === null
    ? "null"
    : Array.isArray(value)
    ? "an array"
    : typeof value === "string"
    ? JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)
    : typeof value === "object"
    ? "an object"
    : typeof value === "function" || typeof value === "symbol"
    ? `a ${typeof value}`
    : String(value)

/**
 * The issues of the options object itself (R10.2): not an object, an option the function does
 * not have (`unknown_option`), or an `unknownFields` that is none of its three values. A key whose
 * value is `undefined` is absent (R10.1). `NONE` when all is well.
 */
export const optionIssues = (fn: PlainFunction, options: unknown): ReadonlyArray<Issue> => {
  if (options === undefined) return NONE
  if (!isOptionsObject(options)) {
    return [{
      path: fn.parameter,
      code: "type",
      rule: "R10.2",
      message: `must be an object of options, got ${describeValue(options)}`
    }]
  }
  let issues: Array<Issue> | undefined
  for (const key in options) {
    // known first: the common path asks nothing else of a key
    if (fn.known.has(key) || !hasOwn.call(options, key) || options[key] === undefined) continue
    const near = closest(fn, key)
    const hint = near === undefined
      ? ""
      : hasOwn.call(fn.renamed, key)
      ? ` (renamed ${JSON.stringify(near)} in 0.2.0)`
      : ` (did you mean ${JSON.stringify(near)}?)`
    ;(issues ??= []).push({
      path: `${fn.parameter}.${key}`,
      code: "unknown_option",
      rule: "R10.2",
      message: `is not an option of ${fn.name}${hint}; its options are ${fn.list}`
    })
  }
  const mode = options["unknownFields"]
  if (mode !== undefined && mode !== "warn" && mode !== "error" && mode !== "ignore") {
    ;(issues ??= []).push({
      path: `${fn.parameter}.unknownFields`,
      code: "enum",
      rule: "R10.2",
      message: `must be one of "warn", "error", "ignore", got ${describeValue(mode)}`
    })
  }
  return issues ?? NONE
}

const modeOf = (options: unknown): UnknownFields => {
  const mode = isOptionsObject(options) ? options["unknownFields"] : undefined
  return mode === "error" || mode === "ignore" ? mode : "warn"
}

/**
 * The warnings of the merchant configuration a function takes as `options.merchant` (its fields
 * count as data, R10.2; a plan's digits it disagrees with, R1.2): read once per object by the
 * core's one reader, so every plain function reports them alike.
 */
const merchantOf = (fn: PlainFunction, options: unknown): ReadonlyArray<Issue> =>
  fn.known.has("merchant") && isOptionsObject(options) ? merchantWarnings(options["merchant"]) : NONE

/** The outcome's warnings with the merchant configuration's, allocating only when there are some. */
const withMerchant = <A>(fn: PlainFunction, options: unknown, outcome: Outcome<A>): Outcome<A> => {
  const ofMerchant = merchantOf(fn, options)
  return ofMerchant.length === 0 ? outcome : { result: outcome.result, warnings: both(outcome.warnings, ofMerchant) }
}

const isUnknownField = (i: Issue) => i.code === "unknown_field"
const isOther = (i: Issue) => i.code !== "unknown_field"

// ---------------------------------------------------------------------------
// Answers

/**
 * A validator's or a `…Result` twin's answer: `{ ok, value | issues, warnings }`, never thrown.
 * Under `unknownFields: "error"` an unknown field is an issue; under `"ignore"` it is left out.
 */
export const answer = <A>(fn: PlainFunction, options: unknown, given: Outcome<A>): Validation<A> => {
  const { result, warnings } = withMerchant(fn, options, given)
  const ofOptions = optionIssues(fn, options)
  const mode = modeOf(options)
  const all = Result.isSuccess(result) ? warnings : both(result.failure.warnings, warnings)
  if (ofOptions.length === 0 && mode === "warn") {
    // the common path: nothing allocated beyond the answer itself
    return Result.isSuccess(result)
      ? { ok: true, value: result.success, warnings: all }
      : { ok: false, issues: result.failure.issues, warnings: all }
  }
  const issues: Array<Issue> = Result.isSuccess(result) ? [] : [...result.failure.issues]
  if (mode === "error") issues.push(...all.filter(isUnknownField))
  issues.push(...ofOptions)
  const left = mode === "warn" ? all : all.filter(isOther)
  return issues.length === 0 && Result.isSuccess(result)
    ? { ok: true, value: result.success, warnings: left }
    : { ok: false, issues, warnings: left }
}

/**
 * A throwing function's value: the core's value, or a `ValidationError` with every issue (the
 * options' among them). Its warnings are process warnings (see {@link report}).
 */
export const valueOf = <A>(fn: PlainFunction, options: unknown, given: Outcome<A>): A => {
  const { result, warnings } = withMerchant(fn, options, given)
  if (Result.isSuccess(result) && optionIssues(fn, options).length === 0) {
    // the common path: a value, and (rarely) warnings to report or refuse
    if (warnings.length === 0) return result.success
    const mode = modeOf(options)
    if (mode !== "error") {
      report(fn, warnings, mode)
      return result.success
    }
  }
  const answered = answer(fn, options, given)
  if (!answered.ok) throw new ValidationError({ issues: answered.issues, warnings: answered.warnings })
  report(fn, answered.warnings, "warn")
  return answered.value
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
  if (refused.length > 0 || answered.warnings.length > 0) report(fn, both(refused, answered.warnings), modeOf(options))
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
