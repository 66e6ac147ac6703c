/**
 * The Schema kit: the building blocks every resource of the core is declared
 * with. Strict pieces carry their rule (a filter that reports a code of R4.1
 * under its rule number), so a schema is the one definition of the rules it
 * checks; `tolerant` derives the reading of a response (R9) from a strict
 * schema, so a resource is declared once.
 *
 * @internal
 * @module
 */
// Over 400 lines: the Schema kit, the building blocks every resource is declared with (a library of checks).
import * as Schema from "effect/Schema"
import type * as SchemaAST from "effect/SchemaAST"
import * as SchemaTransformation from "effect/SchemaTransformation"
import { BoundedCache } from "./cache.ts"
import { caseInsensitive } from "./case-insensitive.ts"
import { describe, type IssueCode } from "./issue.ts"

// ---------------------------------------------------------------------------
// Annotations

/** What a check of ours reports when it fails; read back by the validator and `issuesFromSchema`. */
export interface RuleAnnotations {
  readonly code: IssueCode
  readonly rule: string
  readonly message: string
}

/** Annotation key of a check's predicate: compiled validators and guards call it in place. */
export const PREDICATE = "~paymentPlanEngine/predicate"

/**
 * Annotation key of the rule a schema node belongs to: structural issues
 * (`required`, `type`, `enum`) found at or below the node cite it, unless a
 * node below names its own.
 */
export const NODE_RULE = "~paymentPlanEngine/rule"

/** Annotation key of what a string field holds, for readers that need it (search: dates compare as dates). */
export const TEXT_KIND = "~paymentPlanEngine/textKind"

/**
 * The rule a schema node belongs to (see {@link NODE_RULE}). Give it before any
 * `.check`: on a schema with checks, Effect's `annotate` annotates the last check.
 */
export const withRule = <S extends Schema.Top>(schema: S, ruleId: string): S["Rebuild"] => {
  if (schema.ast.checks !== undefined) throw new Error("withRule: annotate the schema before its checks")
  return schema.annotate({ [NODE_RULE]: ruleId } as never)
}

/**
 * `schema.mapFields(f)` keeping the struct's rule: Effect's `mapFields` builds
 * a new struct without the annotations, and a derived schema (a calculation's item
 * picked from a checkout item, say) must cite the rules of the one it comes from.
 */
export const reshape = <const Fields extends Schema.Struct.Fields, const To extends Schema.Struct.Fields>(
  schema: Schema.Struct<Fields>,
  f: (fields: Fields) => To
): Schema.Struct<To> => {
  const out = schema.mapFields(f)
  const ruleId = ruleOfNode(schema.ast)
  return ruleId === undefined ? out : (out.annotate({ [NODE_RULE]: ruleId } as never) as Schema.Struct<To>)
}

/** The rule annotated on an AST node, if any. */
export const ruleOfNode = (ast: SchemaAST.AST): string | undefined => {
  const rule = ast.annotations?.[NODE_RULE]
  return typeof rule === "string" ? rule : undefined
}

/**
 * What a check says in JSON Schema (the OpenAPI document and the request bodies' schemas): the
 * keywords that hold exactly when the check does (`{ minLength: 5 }`), or `undefined` for a rule
 * JSON Schema cannot say (a URL as WHATWG parses it, a date after `now`), which the document then
 * names in words as the service's own check.
 */
export type JsonConstraint = { readonly [keyword: string]: unknown } | undefined

/** Annotation key of a check the document names in words: JSON Schema cannot say it. */
export const SERVICE_CHECK = "x-service-check"

/**
 * A check's JSON Schema, citing its rule (`x-rule`). A rule JSON Schema cannot say is a looser
 * approximation (Effect's `[fragment, true]`) that only names it, so no JSON Schema validator
 * refuses what the engine accepts.
 */
const toJsonSchema = (
  ruleId: string | undefined,
  message: string,
  json: JsonConstraint | "approximate",
  approx?: JsonConstraint
) => {
  const cites = ruleId === undefined ? {} : { "x-rule": ruleId }
  if (json !== "approximate" && json !== undefined) return () => ({ ...json, ...cites })
  const named = { ...approx, ...cites, [SERVICE_CHECK]: message }
  return () => [named, true] as const
}

/** How a check of {@link rule} describes a failing value, and what it says in JSON Schema. */
export interface RuleOptions<T> {
  readonly detail?: (value: T) => string
  /** the exact JSON Schema keywords of the check; none: JSON Schema cannot say it */
  readonly json?: JsonConstraint
  /** keywords looser than the check (a date's grammar without its calendar), when it has no exact ones */
  readonly approximately?: JsonConstraint
}

/**
 * A Schema check that, when it fails, reports `code` under `rule` with `message`
 * and what the value was (`got …`; `detail` overrides how it is described).
 * Without a rule (`undefined`), the issue cites the rule of the node it is
 * found in, as a structural issue does. `json` is what it says in JSON Schema.
 */
export const rule = <T>(
  code: IssueCode,
  ruleId: string | undefined,
  message: string,
  predicate: (value: T) => boolean,
  options: ((value: T) => string) | RuleOptions<T> = describe
) => {
  const { detail = describe, json = undefined, approximately = undefined } = typeof options === "function"
    ? { detail: options }
    : options
  return Schema.makeFilter<T>((value) => predicate(value) || `${message}, got ${detail(value)}`, {
    code,
    ...(ruleId === undefined ? {} : { rule: ruleId }),
    message,
    expected: message,
    [PREDICATE]: predicate,
    toJsonSchema: toJsonSchema(ruleId, message, json === undefined ? "approximate" : json, approximately)
  } as never)
}

/**
 * Like {@link rule}, for a check of a whole object that reports at one of its
 * fields (`value` of a minimum deposit, say).
 */
export const ruleAt = <T>(
  code: IssueCode,
  ruleId: string,
  message: string,
  at: ReadonlyArray<PropertyKey>,
  predicate: (value: T) => boolean,
  detail: (value: T) => string,
  json?: JsonConstraint
) =>
  Schema.makeFilter<T>((value) => predicate(value) || { path: at, issue: `${message}, got ${detail(value)}` }, {
    code,
    rule: ruleId,
    message,
    expected: message,
    [PREDICATE]: predicate,
    toJsonSchema: toJsonSchema(ruleId, `${at.join(".")}: ${message}`, json === undefined ? "approximate" : json)
  } as never)

/**
 * Where a part of a container fails a {@link ruleAtEach} check, and what is wrong there;
 * answers whether to look for more (`false`: the first is enough).
 */
export type Found = (at: ReadonlyArray<PropertyKey>, detail: string) => boolean

/**
 * A check of a container that may fail at several of its parts (policies that
 * repeat another's days, say). `scan` walks the value once, telling `found`
 * each failing part (its path and what is wrong there) until `found` says
 * stop. The report (every part) and the predicate compiled validators and
 * guards call (stop at the first, allocating nothing while nothing fails) are
 * both this one walk, so they cannot disagree.
 */
export const ruleAtEach = <T>(
  code: IssueCode,
  ruleId: string,
  message: string,
  scan: (value: T, found: Found) => void
) => {
  let failed = false
  const stop: Found = () => {
    failed = true
    return false
  }
  const holds = (value: T): boolean => {
    failed = false
    scan(value, stop)
    return !failed
  }
  return Schema.makeFilter<T>(
    (value) => {
      const issues: Array<{ readonly path: ReadonlyArray<PropertyKey>; readonly issue: string }> = []
      scan(value, (at, detail) => issues.push({ path: at, issue: `${message}: ${detail}` }) > 0)
      return issues.length === 0 || issues
    },
    {
      code,
      rule: ruleId,
      message,
      expected: message,
      [PREDICATE]: holds,
      toJsonSchema: toJsonSchema(ruleId, message, "approximate")
    } as never
  )
}

/**
 * Several checks of one value with one predicate that holds exactly when all
 * of them do: a compiled validator or guard calls the predicate alone on the
 * happy path, and asks the members which failed only when it does not hold.
 * The members still report their own issues (every one of them, R4.1).
 */
export const allOf = <T>(
  holds: (value: T) => boolean,
  first: SchemaAST.Check<T>,
  ...rest: ReadonlyArray<SchemaAST.Check<T>>
): SchemaAST.FilterGroup<T> => Schema.makeFilterGroup<T>([first, ...rest], { [PREDICATE]: holds } as never)

// ---------------------------------------------------------------------------
// Strict pieces (requests, R4)

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
  // JSON Schema counts code points too (R4.2)
  return [
    rule<string>("too_short", ruleId, `must have ${between} characters`, (s) => atLeast(s, min), {
      detail: count,
      json: { minLength: min }
    }),
    rule<string>("too_long", ruleId, `must have ${between} characters`, (s) => atMost(s, max), {
      detail: count,
      json: { maxLength: max }
    })
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
    /** what the test says in JSON Schema; none: JSON Schema cannot say it */
    readonly json?: JsonConstraint
  }
) => {
  const [tooShort, tooLong] = lengthChecks(min, max, "R4.1")
  // JSON Schema's patterns are ECMA-262 expressions: the service's, exactly as written (R4.3)
  const pattern = rule<string>("pattern", "R4.3", "must not contain spaces or line breaks", matchesNoSpacePattern, {
    json: { pattern: NO_SPACE_PATTERN.source }
  })
  if (content === undefined) {
    return Schema.String.check(
      allOf((s) => inLength(s, min, max) && matchesNoSpacePattern(s), tooShort, tooLong, pattern)
    )
  }
  const test = content.test
  const fits = rule<string>(content.code, content.rule, content.message, (s) => !inLength(s, min, max) || test(s), {
    json: content.json
  })
  return Schema.String.check(
    allOf((s) => inLength(s, min, max) && matchesNoSpacePattern(s) && test(s), tooShort, tooLong, pattern, fits)
  )
}

// with the u flag, \p{Cs} matches only surrogates that are not part of a pair
const LONE_SURROGATE = /\p{Cs}/u

/**
 * Whether `value` can name a resource in a URL path: not empty; not `.` or
 * `..`, which percent-encoding leaves as they are and URL parsing then
 * resolves as dot segments (`/api/v2/plans/..` is `/api/v2/`), so a request
 * would reach another resource; and well-formed Unicode (a lone surrogate has
 * no UTF-8 encoding).
 */
export const isAddressable = (value: string): boolean =>
  value !== "" && value !== "." && value !== ".." && !LONE_SURROGATE.test(value)

/**
 * An identifier in a path (a checkout or plan id): 1..256 characters without
 * spaces or line breaks, and addressable (see {@link isAddressable}).
 */
export const Identifier = PatternText(1, 256).check(
  rule<string>("format", "R4.3", "must not be \".\" or \"..\" and must be well-formed Unicode", isAddressable, {
    // a lone surrogate has no UTF-8 form, so no JSON text carries one
    approximately: { not: { enum: [".", ".."] } }
  })
)

/** A non-empty string. */
export const NonEmptyText = (ruleId: string) =>
  Schema.String.check(
    rule<string>("too_short", ruleId, "must not be empty", (s) => s.length > 0, { json: { minLength: 1 } })
  )

/**
 * The most characters a URL field may have: the service's URL fields
 * (`redirectURL`, `callbackURL`, R4.1), and the sandbox's webhook URL as theirs.
 */
export const MAX_URL_LENGTH = 2048

// a merchant sends the same few redirect URLs again and again, and parsing one costs more than the rest of a validation
const knownUrls = new BoundedCache<string, boolean>(1024)

/** Whether `s` parses as an absolute `http`/`https` URL (R4.4). */
export const isHttpUrl = (s: string): boolean =>
  s.length > MAX_URL_LENGTH
    ? isHttpUrlUncached(s)
    : knownUrls.getOrCompute(s, isHttpUrlUncached)

const isHttpUrlUncached = (s: string): boolean => {
  const protocol = URL.parse(s)?.protocol
  return protocol === "https:" || protocol === "http:"
}

/** Whether a URL names a user or a password (`http://user:pass@host/`); `false` for text that is no URL. */
export const hasUserInfo = (s: string): boolean => {
  const url = URL.parse(s)
  return url !== null && (url.username !== "" || url.password !== "")
}

const finite = Schema.makeFilter<number>((n) => Number.isFinite(n) || `must be a finite number, got ${describe(n)}`, {
  code: "type",
  message: "must be a finite number",
  expected: "must be a finite number",
  [PREDICATE]: (n: number) => Number.isFinite(n),
  // Effect's own finite check's representation: a JSON number, with no text for NaN or the infinities
  representation: { id: "effect/schema/isFinite", payload: null },
  toJsonSchema: () => ({ type: "number" })
} as never)

/** A finite number; NaN and infinities are not JSON numbers (a type issue, under the rule of its node). */
export const FiniteNumber = Schema.Number.check(finite)

/** A whole number within `min..max`: `format` for a fraction, `range` outside the bounds. */
export const WholeNumber = (min: number, ruleId: string, max?: number) => {
  const upper = max ?? Number.MAX_SAFE_INTEGER
  return Schema.Number.check(
    allOf(
      (n) => Number.isSafeInteger(n) && n >= min && n <= upper,
      finite,
      rule<number>("format", ruleId, "must be a whole number", (n) => !Number.isFinite(n) || Number.isInteger(n), {
        json: { type: "integer" }
      }),
      max === undefined
        ? rule<number>("range", ruleId, `must be at least ${min}`, (n) => !(n < min), { json: { minimum: min } })
        : rule<number>("range", ruleId, `must be between ${min} and ${max}`, (n) => !(n < min || n > max), {
          json: { minimum: min, maximum: max }
        }),
      rule<number>("range", ruleId, "must be a safe integer", (n) => !Number.isInteger(n) || Number.isSafeInteger(n), {
        json: { minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER }
      })
    )
  )
}

/** A number in `min..max` inclusive. */
export const NumberBetween = (min: number, max: number, ruleId: string) =>
  Schema.Number.check(
    allOf(
      (n) => n >= min && n <= max,
      finite,
      rule<number>("range", ruleId, `must be between ${min} and ${max}`, (n) => n >= min && n <= max, {
        json: { minimum: min, maximum: max }
      })
    )
  )

/** A number that is not negative. */
export const NonNegativeNumber = (ruleId: string) =>
  Schema.Number.check(
    allOf(
      (n) => n >= 0 && n < Infinity,
      finite,
      rule<number>("range", ruleId, "must not be negative", (n) => !(n < 0), { json: { minimum: 0 } })
    )
  )

/**
 * A string that must spell one of `values` in any case (R2.2, R6.2), as the one
 * reader reads it ({@link caseInsensitive}); kept as written.
 */
export const CaseInsensitiveEnum = <const V extends string>(values: ReadonlyArray<V>, ruleId: string) => {
  const read = caseInsensitive(values)
  return Schema.String.check(
    rule<string>("enum", ruleId, `must be one of ${values.join(", ")} (any case)`, (s) => read(s) !== undefined, {
      json: { pattern: anyCasePattern(values) }
    })
  )
}

/**
 * A pattern matching each of `values` in any case, as the one reader folds them (ASCII letters
 * only): `Weekly` is `^(?:[Ww][Ee][Ee][Kk][Ll][Yy])$`. JSON Schema's patterns take no flags.
 */
export const anyCasePattern = (values: ReadonlyArray<string>): string =>
  `^(?:${
    values.map((value) =>
      [...value].map((c) =>
        /[A-Za-z]/.test(c) ? `[${c.toUpperCase()}${c.toLowerCase()}]` : c.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&")
      ).join("")
    ).join("|")
  })$`

/** A literal choice, reported as `enum`. */
export const Enum = <const V extends ReadonlyArray<string>>(values: V) => Schema.Literals(values)

// ---------------------------------------------------------------------------
// Tolerant pieces (responses, R9)

/** A number, or a number sent as a string (`"50"`). */
export const LooseNumber = Schema.Union([Schema.Finite, Schema.FiniteFromString]).annotate({
  expected: "a number, or a number written as text"
})

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

/** A field that may be missing or null in a response. */
export const loose = <S extends Schema.Top>(schema: S) => Schema.optionalKey(Schema.NullOr(schema))

/** An object read tolerantly: listed fields decoded as given, unknown properties kept (R9). */
export const OpenStruct = <const Fields extends Schema.Struct.Fields>(fields: Fields) =>
  Schema.StructWithRest(Schema.Struct(fields), [Schema.Record(Schema.String, Schema.Unknown)])

/**
 * The type of a strict value read tolerantly: every field optional and
 * nullable, enumerations open (a new status stays a string), unknown
 * properties kept. A strict value is always one (`Plan` is a `PlanResponse`).
 */
export type Tolerant<T> = T extends string ? (string extends T ? string : T | (string & {}))
  : T extends number ? number
  : T extends boolean ? boolean
  : T extends null | undefined ? T
  : T extends ReadonlyArray<infer E> ? ReadonlyArray<Tolerant<E>>
  : T extends object ?
      & { readonly [K in keyof T]?: Tolerant<T[K]> | null | undefined }
      & { readonly [key: string]: unknown }
  : T

/** {@link Tolerant}, with `Keys` still required (identities such as `id`). */
export type TolerantWith<T, Keys extends keyof T> = [Keys] extends [never] ? Tolerant<T>
  : Tolerant<T> & { readonly [K in Keys]: Tolerant<T[K]> }

// resources share parts (an item, an instalment, a policy): each part's reading is derived once
const derived = new WeakMap<SchemaAST.AST, Schema.Top>()

const tolerantOf = (ast: SchemaAST.AST, required: ReadonlySet<string> = NONE): Schema.Top => {
  if (required.size > 0) return tolerantOfNow(ast, required)
  let known = derived.get(ast)
  if (known === undefined) derived.set(ast, known = tolerantOfNow(ast, required))
  return known
}

const tolerantOfNow = (ast: SchemaAST.AST, required: ReadonlySet<string>): Schema.Top => {
  if (ast.encoding !== undefined) throw new Error(`tolerant: a strict resource has no transformation (${ast._tag})`)
  switch (ast._tag) {
    case "String":
    case "TemplateLiteral":
      return Schema.String
    case "Number":
      return LooseNumber
    case "Boolean":
      return LooseBoolean
    case "Null":
      return Schema.Null
    case "Unknown":
    case "Any":
      return Schema.Unknown
    case "Literal":
      return typeof ast.literal === "string"
        ? Schema.String
        : typeof ast.literal === "number"
        ? LooseNumber
        : typeof ast.literal === "boolean"
        ? LooseBoolean
        : Schema.Unknown
    case "Union": {
      // an enumeration is open: a value not listed is kept as a string (R9)
      const members = ast.types.filter((t) => t._tag !== "Null" && t._tag !== "Undefined")
      const nullable = members.length !== ast.types.length
      const inner = members.every((t) => t._tag === "Literal" && typeof t.literal === "string")
        ? Schema.String.annotate({
          description: `One of ${
            members.map((t) => (t as SchemaAST.Literal).literal).join(", ")
          }, or another value a service adds (R9).`
        })
        : members.length === 1
        ? tolerantOf(members[0]!)
        : Schema.Union(members.map((m) => tolerantOf(m)))
      return nullable ? Schema.NullOr(inner) : inner
    }
    case "Arrays":
      if (ast.elements.length > 0 || ast.rest.length !== 1) throw new Error("tolerant: tuples are not resources")
      return Schema.Array(tolerantOf(ast.rest[0]!))
    case "Objects": {
      const fields: Record<string, Schema.Top> = {}
      for (const p of ast.propertySignatures) {
        const inner = tolerantOf(p.type)
        fields[String(p.name)] = required.has(String(p.name)) ? inner : loose(inner)
      }
      const index = ast.indexSignatures[0]
      if (ast.propertySignatures.length === 0 && index !== undefined) {
        // a map's values are read as its type says (R9): each may be null
        return Schema.Record(Schema.String, Schema.NullOr(tolerantOf(index.type)))
      }
      return OpenStruct(fields)
    }
    default:
      throw new Error(`tolerant: ${ast._tag} is not supported in a resource schema`)
  }
}

const NONE: ReadonlySet<string> = new Set()

/**
 * Derives the tolerant reading of a response (R9) from a resource's strict
 * schema: unknown properties kept, every field optional and nullable but the
 * top-level `required` ones (a resource's identity, `id`), enumerations open,
 * numbers and booleans also read from their text, the strict checks left to
 * the service. One declaration per resource, two readings. The reading is
 * derived when first used (a `Schema.suspend`), not when the package loads.
 */
export const tolerant = <S extends Schema.Top, const K extends keyof S["Type"] & string = never>(
  schema: S,
  required: ReadonlyArray<K> = []
): Schema.Codec<TolerantWith<S["Type"], K>, unknown> =>
  // derived on first use: most programs read a few kinds of response, and importing the package builds none (a light start)
  Schema.suspend(() => tolerantOf(schema.ast, new Set(required))) as never

// ---------------------------------------------------------------------------
// Keys only

/**
 * The keys of a schema node, any value accepted: a struct of the same fields (each optional, each
 * keys only), an array of such elements, a nullable one of them, anything else any value. Beside
 * the fields a guard checks, these fields let one compiled pass also say that an input has no field
 * the resource does not know (R10.2), where a second walk would cost as much again. It is as strict
 * as the walk where they agree and stricter where a value has another type (then the caller's
 * slower path, which judges the input properly, answers).
 */
const keysOnly = (ast: SchemaAST.AST): Schema.Top => {
  switch (ast._tag) {
    case "Objects":
      return ast.indexSignatures.length > 0 ? Schema.Unknown : Schema.Struct(knownFields(ast))
    case "Arrays":
      return ast.elements.length === 0 && ast.rest.length === 1 ? Schema.Array(keysOnly(ast.rest[0]!)) : Schema.Unknown
    case "Union": {
      const others = ast.types.filter((t) => t._tag !== "Null")
      return others.length === 1 && others.length < ast.types.length && others[0]!._tag !== "Union"
        ? Schema.NullOr(keysOnly(others[0]!))
        : Schema.Unknown
    }
    default:
      return Schema.Unknown
  }
}

const knownFields = (ast: SchemaAST.Objects): Schema.Struct.Fields =>
  Object.fromEntries(ast.propertySignatures.map((p) => [String(p.name), Schema.optionalKey(keysOnly(p.type))]))

/**
 * `fields` (checked as they are) with every other field of `whole` known, keys only (see
 * {@link keysOnly}): compiled as a guard that refuses unknown keys, a schema of the fields a
 * calculation reads that also knows every field of the resource they are read from.
 */
export const knowingEvery = <const Fields extends Schema.Struct.Fields>(
  whole: Schema.Struct<Schema.Struct.Fields>,
  fields: Fields
): Schema.Struct<Schema.Struct.Fields> => Schema.Struct({ ...knownFields(whole.ast), ...fields })
