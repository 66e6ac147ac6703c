/**
 * One input contract per operation (R10.2): each operation's options are declared once, as a
 * Schema struct, from which both their TypeScript type (`Options<typeof X>`) and the run-time check
 * come: the names an options object may have (an unknown one is refused, `unknown_option`, naming
 * the nearest), and `unknownFields`, which every contract has. The root function, its `…Result`
 * twin (src/facade/plain.ts) and the namespace's Effect ({@link calculation}, {@link validation})
 * apply the same contract to the same {@link Outcome}, the operation's answer and the warnings of
 * its data, each on its own channel: a namespace's calculation logs the warnings through Effect's
 * own logging (`Effect.logWarning`, annotated with the operation, path, code and rule), a
 * validator answers them in its value; `unknownFields: "error"` refuses unknown fields, `"ignore"`
 * leaves them out silently. Each namespace operation is a span named for it (`Refund.calculate`)
 * whenever a tracer is installed.
 *
 * @internal
 * @module
 */
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import type * as Fiber from "effect/Fiber"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import * as Tracer from "effect/Tracer"
import { type Issue, issue } from "../internal/issue.ts"
import { nearestName } from "../internal/nearest.ts"
import { type UnknownFields, UnknownFieldsMode, type Validated, ValidationError } from "./issues.ts"
import type { InstantInput } from "./time/instant.ts"

// ---------------------------------------------------------------------------
// Contracts

/** The fields every contract has besides its own: what to do with unknown fields of the data. */
const COMMON = { unknownFields: Schema.optional(UnknownFieldsMode) }

/**
 * An operation's input contract: its options as a Schema struct (`unknownFields` included), and
 * what the run-time check derives from it.
 */
export interface Contract<Fields extends Schema.Struct.Fields = Schema.Struct.Fields> {
  readonly options: Schema.Struct<Fields & typeof COMMON>
  /** The option names, in their declared order, `unknownFields` last. */
  readonly names: ReadonlyArray<string>
  readonly known: ReadonlySet<string>
  /** The option names as messages list them. */
  readonly list: string
  /** Old option name → new name, for a refusal that says where an option went. */
  readonly renamed: Readonly<Record<string, string>>
  /** The warnings of data an option carries (a merchant configuration's unknown fields, R10.2). */
  readonly optionWarnings: (options: Readonly<Record<string, unknown>>) => ReadonlyArray<Issue>
}

/** The options of a contract, as a caller writes them. */
export type Options<C extends Contract<any>> = C["options"]["Type"]

const NONE: ReadonlyArray<Issue> = []
const noWarnings = (): ReadonlyArray<Issue> => NONE

/**
 * Declares an operation's options: `fields` are its own (`unknownFields` is added), `renamed` the
 * options it renamed, `optionWarnings` the warnings of the data its options carry.
 */
export const contract = <const Fields extends Schema.Struct.Fields>(
  fields: Fields,
  more: {
    readonly renamed?: Readonly<Record<string, string>>
    readonly optionWarnings?: (options: Readonly<Record<string, unknown>>) => ReadonlyArray<Issue>
  } = {}
): Contract<Fields> => {
  const options = Schema.Struct({ ...fields, ...COMMON })
  const names = Object.keys(options.fields)
  return {
    options,
    names,
    known: new Set(names),
    list: names.join(", "),
    renamed: more.renamed ?? {},
    optionWarnings: more.optionWarnings ?? noWarnings
  }
}

/** The contract of an operation that takes no options but `unknownFields`. */
export const NO_OPTIONS = contract({})

/**
 * An instant as every operation takes it (R3.1): a `Date`, epoch milliseconds, RFC 3339 text or a
 * `DateTime`. Its value is the operation's to check (`at`, `now`: `format`, R3.1).
 */
export const InstantOption = Schema.declare<InstantInput>(
  (u): u is InstantInput =>
    u instanceof Date || typeof u === "number" || typeof u === "string" || DateTime.isDateTime(u)
)

/** A surface of an operation: its name in messages (`calculateRefund`, `Refund.calculate`) and its contract. */
export interface Surface {
  readonly name: string
  /** The name of its options parameter in paths (`options.timezone`, `scope.merchantID`). */
  readonly parameter: string
  readonly contract: Contract<any>
}

/** Names a surface of an operation. */
export const surface = (name: string, of: Contract<any>, parameter = "options"): Surface => ({
  name,
  parameter,
  contract: of
})

// ---------------------------------------------------------------------------
// Outcomes: an operation's answer and the warnings beside it

/** An operation's answer and the warnings gathered beside it (the data's `unknown_field`, …). */
export interface Outcome<A, E = ValidationError> {
  readonly result: Result.Result<A, E>
  readonly warnings: ReadonlyArray<Issue>
}

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

/** An {@link Outcome} from a result and the warnings beside it. */
export const outcome = <A, E = ValidationError>(
  result: Result.Result<A, E>,
  warnings: ReadonlyArray<Issue> = NONE
): Outcome<A, E> => ({ result, warnings })

/** A validator's answer (the value carries its warnings) as an {@link Outcome}, with more warnings. */
export const validated = <A>(
  result: Result.Result<Validated<A>, ValidationError>,
  warnings: ReadonlyArray<Issue> = NONE
): Outcome<A> =>
  Result.isSuccess(result)
    ? { result: Result.succeed(result.success.value), warnings: both(result.success.warnings, warnings) }
    : { result: Result.fail(result.failure), warnings }

// ---------------------------------------------------------------------------
// The options object

const hasOwn = Object.prototype.hasOwnProperty
const EMPTY: Readonly<Record<string, unknown>> = Object.freeze({})

/** Whether `u` can be an options object (anything else is refused with its `type` issue). */
export const isOptionsObject = (u: unknown): u is Readonly<Record<string, unknown>> =>
  typeof u === "object" && u !== null && !Array.isArray(u)

/**
 * The options as the operation reads them: the object given, or none when it is not one (its issue
 * is reported by {@link optionIssues}). Their values are whatever the caller gave: the operation
 * checks them.
 */
export const optionsOf = <O extends object>(options: O | undefined): O =>
  isOptionsObject(options) ? options : EMPTY as O

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

const closest = (of: Contract<any>, key: string): string | undefined =>
  hasOwn.call(of.renamed, key) ? of.renamed[key] : nearestName(key, of.names)

/**
 * The issues of the options object itself (R10.2): not an object, an option the operation does
 * not have (`unknown_option`, naming the nearest), or an `unknownFields` that is none of its three
 * values. A key whose value is `undefined` is absent (R10.1). `NONE` when all is well.
 */
export const optionIssues = (at: Surface, options: unknown): ReadonlyArray<Issue> => {
  if (options === undefined) return NONE
  if (!isOptionsObject(options)) {
    return [issue(at.parameter, "type", "R10.2", `must be an object of options, got ${describeValue(options)}`)]
  }
  const of = at.contract
  let issues: Array<Issue> | undefined
  for (const key in options) {
    // known first: the common path asks nothing else of a key
    if (of.known.has(key) || !hasOwn.call(options, key) || options[key] === undefined) continue
    const near = closest(of, key)
    const hint = near === undefined
      ? ""
      : hasOwn.call(of.renamed, key)
      ? ` (renamed ${JSON.stringify(near)} in 0.2.0)`
      : ` (did you mean ${JSON.stringify(near)}?)`
    ;(issues ??= []).push(
      issue(
        `${at.parameter}.${key}`,
        "unknown_option",
        "R10.2",
        `is not an option of ${at.name}${hint}; its options are ${of.list}`
      )
    )
  }
  const mode = options["unknownFields"]
  if (mode !== undefined && mode !== "warn" && mode !== "error" && mode !== "ignore") {
    ;(issues ??= []).push(
      issue(
        `${at.parameter}.unknownFields`,
        "enum",
        "R10.2",
        `must be one of "warn", "error", "ignore", got ${describeValue(mode)}`
      )
    )
  }
  return issues ?? NONE
}

/** What the caller asked of unknown fields: `"warn"` unless it said `"error"` or `"ignore"`. */
export const modeOf = (options: unknown): UnknownFields => {
  const mode = isOptionsObject(options) ? options["unknownFields"] : undefined
  return mode === "error" || mode === "ignore" ? mode : "warn"
}

/** The outcome's warnings with those of the data its options carry, allocating only when there are some. */
export const withOptionWarnings = <A, E>(at: Surface, options: unknown, given: Outcome<A, E>): Outcome<A, E> => {
  if (!isOptionsObject(options)) return given
  const ofOptions = at.contract.optionWarnings(options)
  return ofOptions.length === 0 ? given : { result: given.result, warnings: both(given.warnings, ofOptions) }
}

/**
 * Whether the options leave an outcome as it is, decided without allocating: none given, or an
 * object of the contract's own options only, `unknownFields` absent or `"warn"`, carrying no data
 * with warnings of its own. Anything else (an unknown or undefined-valued key among them) is
 * judged in full by {@link decided}.
 */
const leavesAsIs = (of: Contract<any>, options: unknown): boolean => {
  if (options === undefined) return true
  if (!isOptionsObject(options)) return false
  for (const key in options) if (!of.known.has(key)) return false
  const mode = options["unknownFields"]
  return (mode === undefined || mode === "warn") && of.optionWarnings(options).length === 0
}

const isUnknownField = (i: Issue) => i.code === "unknown_field"
const isOther = (i: Issue) => i.code !== "unknown_field"

/**
 * The outcome as the caller's options decide it (R10.2): the options' own issues and, under
 * `unknownFields: "error"`, the unknown fields refuse the input, with every issue in one
 * `ValidationError` that carries every warning; under `"ignore"` unknown fields are left out of
 * the warnings. An outcome without option issues or warnings to merge, in `"warn"` mode, is
 * returned as it is (nothing allocated).
 */
export const decided = <A, E>(at: Surface, options: unknown, given: Outcome<A, E>): Outcome<A, E | ValidationError> => {
  // the commonest path, decided without allocating: no warnings, options with nothing to decide
  if (given.warnings.length === 0 && leavesAsIs(at.contract, options)) return given
  const merged = withOptionWarnings(at, options, given)
  const ofOptions = optionIssues(at, options)
  const mode = modeOf(options)
  const { result, warnings } = merged
  const failure = Result.isFailure(result) ? result.failure : undefined
  const typed = failure instanceof ValidationError ? failure : undefined
  // the common path: nothing refused, nothing left out, no warnings to merge into a failure
  if (ofOptions.length === 0 && mode === "warn" && (typed === undefined || warnings.length === 0)) return merged
  const all = typed === undefined ? warnings : both(typed.warnings, warnings)
  const refused = mode === "error" ? all.filter(isUnknownField) : NONE
  const left = mode === "warn" ? all : all.filter(isOther)
  const issues = [...(typed?.issues ?? NONE), ...refused, ...ofOptions]
  // a success, or a refusal of another kind (a plan's state), that nothing more refuses
  if (issues.length === 0) return { result, warnings: left }
  return { result: Result.fail(new ValidationError({ issues, warnings: left })), warnings: left }
}

// ---------------------------------------------------------------------------
// The namespaces' Effects

/**
 * Whether the fiber makes spans: a tracer other than Effect's native one is installed, and
 * enabled. Read from the fiber's cache of its context (`Fiber.Cache`, kept for its own run loop),
 * so it costs no lookup. Under the native tracer (none installed) a span is seen by no one, so
 * none is made: a span costs about what a refund calculation costs (benchmarks/surface.bench.ts).
 */
const tracing = (fiber: Fiber.Fiber<unknown, unknown>): boolean => {
  const cache = fiber.cache
  const tracer = cache.tracer
  return tracer !== undefined && tracer !== Tracer.nativeTracer && cache.tracerEnabled
}

// the call site of a library operation says nothing to its user: no stack is captured
const SPAN = { captureStackTrace: false } as const

/** One warning of an operation, logged at Warning level with its path, code and rule (R10.2). */
const logged = (name: string, w: Issue): Effect.Effect<void> =>
  Effect.logWarning(`${name}: ${w.path === "" ? "(input)" : w.path} ${w.message}`).pipe(
    Effect.annotateLogs({ operation: name, path: w.path, code: w.code, rule: w.rule })
  )

/**
 * A calculation's outcome as its Effect: its value, each warning logged first; or its typed
 * failure.
 */
const settled = <A, E>(at: Surface, options: unknown, given: Outcome<A, E>): Effect.Effect<A, E | ValidationError> => {
  const { result, warnings } = decided(at, options, given)
  const answer = Result.isFailure(result) ? Effect.fail(result.failure) : Effect.succeed(result.success)
  // a ValidationError carries its warnings; a refusal of another kind (a plan's state) does not
  if (warnings.length === 0 || (Result.isFailure(result) && result.failure instanceof ValidationError)) return answer
  return Effect.andThen(Effect.forEach(warnings, (w) => logged(at.name, w), { discard: true }), answer)
}

/** A validator's outcome as its Effect: the value and its warnings (`Validated`), or its typed failure. */
const answered = <A>(
  at: Surface,
  options: unknown,
  given: Outcome<A>
): Effect.Effect<Validated<A>, ValidationError> => {
  const { result, warnings } = decided(at, options, given)
  return Result.isFailure(result) ? Effect.fail(result.failure) : Effect.succeed({ value: result.success, warnings })
}

/**
 * The Effect of a namespace's operation on `data`: `compute` runs when the Effect runs, in a span
 * named for the operation when the fiber makes spans, and `settle` makes its outcome the Effect's
 * answer. One step of the fiber, one closure: the operation's data, options and computation are
 * its arguments, so a call builds nothing more (benchmarks/surface.bench.ts).
 */
const lazily = <D, O, A, E, B, F>(
  at: Surface,
  data: D,
  options: O,
  compute: (data: D, options: O) => Outcome<A, E>,
  settle: (at: Surface, options: unknown, given: Outcome<A, E>) => Effect.Effect<B, F>
): Effect.Effect<B, F> =>
  Effect.withFiber((fiber) =>
    tracing(fiber)
      ? Effect.withSpan(Effect.suspend(() => settle(at, options, compute(data, options))), at.name, SPAN)
      : settle(at, options, compute(data, options))
  )

/**
 * The Effect of a namespace's calculation of `data`: its value, each warning of its data logged at
 * Warning level (R10.2); or its typed failure with every issue (the options', and the unknown fields
 * under `unknownFields: "error"`). `compute` runs when the Effect runs, inside the operation's span.
 */
export const operation = <D, O, A, E = ValidationError>(
  at: Surface,
  data: D,
  options: O,
  compute: (data: D, options: O) => Outcome<A, E>
): Effect.Effect<A, E | ValidationError> => lazily(at, data, options, compute, settled)

const run = <A, E>(compute: () => Outcome<A, E>): Outcome<A, E> => compute()

/** {@link operation} of a computation that holds its own data. */
export const calculation = <A, E = ValidationError>(
  at: Surface,
  options: unknown,
  compute: () => Outcome<A, E>
): Effect.Effect<A, E | ValidationError> => lazily(at, compute, options, run<A, E>, settled)

/**
 * The Effect of a namespace's validator or decoder: the value and its warnings (`Validated`,
 * R10.2: a validator answers its warnings), or its typed failure. `compute` runs when the Effect
 * runs, inside the operation's span.
 */
export const validation = <A>(
  at: Surface,
  options: unknown,
  compute: () => Outcome<A>
): Effect.Effect<Validated<A>, ValidationError> => lazily(at, compute, options, run<A, ValidationError>, answered)
