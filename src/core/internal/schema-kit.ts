/**
 * Building blocks for the service's schemas: strict pieces for requests (R4) and
 * tolerant ones for responses (R9).
 *
 * @since 0.1.0
 */
import { Schema, SchemaTransformation } from "effect"
import { rule } from "../foundation/issues.ts"

// ---------------------------------------------------------------------------
// Strict (requests, R4)

/** The service's pattern `^((?! ).)*$`, applied exactly as written (R4.3). */
export const NO_SPACE_PATTERN = /^((?! ).)*$/

/** Counts Unicode code points, as JSON Schema lengths do (R4.2). */
export const codePointLength = (s: string): number => {
  let n = s.length
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    // a high surrogate followed by a low one is a single code point
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1)
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--
        i++
      }
    }
  }
  return n
}

// A string has between length/2 and length code points: count only near a bound.
const atLeast = (s: string, min: number) => s.length >= 2 * min || (s.length >= min && codePointLength(s) >= min)
const atMost = (s: string, max: number) => s.length <= max || codePointLength(s) <= max

const lengthChecks = (min: number, max: number, ruleId: string) => {
  const between = min === max ? `exactly ${min}` : `${min} to ${max}`
  const count = (s: string) => `${codePointLength(s)}`
  return [
    rule<string>("too_short", ruleId, `must have ${between} characters`, (s) => atLeast(s, min), count),
    rule<string>("too_long", ruleId, `must have ${between} characters`, (s) => atMost(s, max), count)
  ] as const
}

const inLength = (s: string, min: number, max: number) => atLeast(s, min) && atMost(s, max)

/**
 * `NO_SPACE_PATTERN.test(s)` without the regex engine: `.` matches every UTF-16
 * unit but the line terminators, so the pattern refuses exactly U+0020, LF, CR,
 * U+2028 and U+2029 (R4.3). A property test holds it to the regex.
 */
export const matchesNoSpacePattern = (s: string): boolean => {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x2028 || c === 0x2029) return false
  }
  return true
}

/**
 * A string of the service's constrained kind: `min..max` code points and the
 * no-space pattern. `content` runs only when the length is within bounds, so a
 * value pushed past a bound reports that bound alone.
 */
export const PatternText = (
  min: number,
  max: number,
  content?: {
    readonly code: "format" | "unknown_currency"
    readonly rule: string
    readonly message: string
    readonly test: (s: string) => boolean
  }
) => {
  const checks = [
    ...lengthChecks(min, max, "R4.1"),
    rule<string>("pattern", "R4.3", "must not contain spaces or line breaks", matchesNoSpacePattern)
  ]
  if (content) {
    checks.push(
      rule<string>(content.code, content.rule, content.message, (s) => !inLength(s, min, max) || content.test(s))
    )
  }
  return Schema.String.check(...(checks as [ReturnType<typeof rule<string>>]))
}

/** A non-empty string. */
export const NonEmptyText = Schema.String.check(
  rule<string>("too_short", "R4.6", "must not be empty", (s) => s.length > 0)
)

const knownUrls = new Map<string, boolean>()

/**
 * Whether `s` parses as an absolute `http`/`https` URL (R4.4). Answers are
 * remembered (bounded): a merchant sends the same few redirect URLs again and
 * again, and parsing one costs more than the rest of a validation.
 */
export const isHttpUrl = (s: string): boolean => {
  let known = knownUrls.get(s)
  if (known === undefined) {
    const protocol = URL.parse(s)?.protocol
    known = protocol === "https:" || protocol === "http:"
    if (knownUrls.size >= 1024) knownUrls.clear()
    if (s.length <= 2048) knownUrls.set(s, known)
  }
  return known
}

/** A finite number; NaN and infinities are not JSON numbers. */
export const FiniteNumber = Schema.Number.check(
  rule<number>("type", "R4.1", "must be a finite number", (n) => Number.isFinite(n))
)

/** A whole number within `min..`; `format` for a fraction, `range` below the minimum. */
export const WholeNumber = (min: number, ruleId: string) =>
  FiniteNumber.check(
    rule<number>("format", ruleId, "must be a whole number", (n) => !Number.isFinite(n) || Number.isInteger(n)),
    rule<number>("range", ruleId, `must be at least ${min}`, (n) => !(n < min)),
    rule<number>("range", ruleId, "must be a safe integer", (n) => !Number.isInteger(n) || Number.isSafeInteger(n))
  )

/** A number in `min..max` inclusive. */
export const NumberBetween = (min: number, max: number, ruleId: string) =>
  FiniteNumber.check(rule<number>("range", ruleId, `must be between ${min} and ${max}`, (n) => n >= min && n <= max))

/** A string that must equal one of `values` ignoring case (R2.2, R6.2); kept as written. */
export const CaseInsensitiveEnum = <const V extends string>(values: ReadonlyArray<V>, ruleId: string) => {
  const lower = new Set(values.map((v) => v.toLowerCase()))
  return Schema.String.check(
    rule<string>("enum", ruleId, `must be one of ${values.join(", ")} (any case)`, (s) => lower.has(s.toLowerCase()))
  )
}

/** A literal choice reported as `enum` (the schema's AnyOf issue). */
export const Enum = <const V extends ReadonlyArray<string>>(values: V) => Schema.Literals(values)

// ---------------------------------------------------------------------------
// Tolerant (responses, R9)

/** A number, or a number sent as a string (`"50"`). */
export const LooseNumber = Schema.Union([Schema.Finite, Schema.FiniteFromString])

/** A boolean, or `"true"`/`"false"` sent as strings. */
export const LooseBoolean = Schema.Union([
  Schema.Boolean,
  Schema.Literals(["true", "false"]).pipe(
    Schema.decodeTo(
      Schema.Boolean,
      SchemaTransformation.transform({ decode: (s) => s === "true", encode: (b) => (b ? "true" : "false") })
    )
  )
])

/**
 * An enumeration whose unlisted values are kept as strings (R9): the known
 * values document it, a new one (a new plan status, say) still decodes.
 */
export const OpenEnum = <const V extends string>(_known: ReadonlyArray<V>) =>
  Schema.String as Schema.Codec<V | (string & {}), string>

/** A field that may be missing or null in a response. */
export const loose = <S extends Schema.Top>(schema: S) => Schema.optionalKey(Schema.NullOr(schema))

/**
 * An object read tolerantly: listed fields decoded as given, unknown
 * properties kept (R9).
 */
export const OpenStruct = <const Fields extends Schema.Struct.Fields>(fields: Fields) =>
  Schema.StructWithRest(Schema.Struct(fields), [Schema.Record(Schema.String, Schema.Unknown)])
