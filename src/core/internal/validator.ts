/**
 * Validators and guards compiled from a request Schema.
 *
 * Effect Schema's interpreter is general (effects, transformations, services)
 * and costs microseconds on a checkout request, while validation sits on hot
 * paths that the benchmarks budget. Request schemas use a small part of
 * Schema: structs, arrays, records of strings, literals and checks. This
 * module turns that AST into JavaScript, as ajv and TypeBox do, with the
 * Schema's own checks called in place:
 *
 * - {@link compileValidator}: straight-line code reporting every issue, each
 *   with the rule annotated on its schema node (`withRule`);
 * - {@link compileGuard}: the same walk answering only "valid?", stopping at
 *   the first problem and allocating nothing, for hot loops that validate
 *   before they compute and ask for the issues only when the answer is no.
 *
 * With `fromText`, numbers and booleans may also be given as their text
 * (query parameters: `limit=20`, `useQuickFilter=true`) and the validated
 * value carries them converted. The generated code reports what Effect's
 * interpreter reports (a property test holds the two together); where code
 * cannot be generated (a runtime that forbids `new Function`) the interpreter
 * itself is used.
 *
 * @internal
 * @module
 */
// Over 400 lines: one compiler from a Schema to its validator and to its guard, which must walk it alike.
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import type * as SchemaAST from "effect/SchemaAST"
import { describe, enumExpectation, formatPath, type Issue, issue, unknownField } from "./issue.ts"
import { numberOf } from "./params.ts"
import { DESCRIBED, EXPECTED, issuesFromSchema, leavesOf } from "./schema-issues.ts"
import { PREDICATE, type RuleAnnotations, ruleOfNode } from "./schema-kit.ts"

/** What a compiled validator found. */
export interface Checked<A> {
  /**
   * The input without unknown keys (numbers and booleans converted with
   * `fromText`); meaningful only when `issues` is empty. It is the input object
   * itself when nothing was left out or converted.
   */
  readonly value: A
  readonly issues: Array<Issue>
  /** unknown keys (R10.2) */
  readonly warnings: Array<Issue>
}

/** Options of {@link compileValidator}. */
export interface ValidatorOptions {
  /** the rule cited by structural issues (`required`, `type`) where no schema node names one */
  readonly rule: string
  /**
   * `warn` for strict requests: unknown keys are warnings and left out of the
   * value. `ignore` to check the known fields of a larger object, which is then
   * the value as it is.
   */
  readonly unknownKeys: "warn" | "ignore"
  /** Numbers and booleans may be given as their text (query parameters); flat structs only. */
  readonly fromText?: boolean | undefined
}

// ---------------------------------------------------------------------------
// Helpers the generated code calls on failure (the happy path calls none)

type Path = ReadonlyArray<PropertyKey>

const PARSE_OPTIONS: SchemaAST.ParseOptions = { errors: "all" }

const helpers = {
  type(issues: Array<Issue>, rule: string, path: Path, tag: string, input: unknown) {
    issues.push(
      issue(formatPath(path), "type", rule, `must be ${EXPECTED[tag] ?? "another type"}, got ${describe(input)}`)
    )
  },
  typeAnyOf(issues: Array<Issue>, rule: string, path: Path, expected: string, input: unknown) {
    issues.push(issue(formatPath(path), "type", rule, `must be ${expected}, got ${describe(input)}`))
  },
  required(issues: Array<Issue>, rule: string, path: Path) {
    issues.push(issue(formatPath(path), "required", rule, "is required"))
  },
  enum(issues: Array<Issue>, rule: string, path: Path, expected: string, input: unknown) {
    issues.push(issue(formatPath(path), "enum", rule, `${expected}, got ${describe(input)}`))
  },
  /** Runs a filter whose predicate failed (or that has none) and reports what it says. */
  check(
    issues: Array<Issue>,
    rule: string,
    path: Path,
    filter: SchemaAST.Filter<unknown>,
    ast: SchemaAST.AST,
    value: unknown
  ) {
    const failure = filter.run(value, ast, PARSE_OPTIONS)
    if (failure === undefined) return
    const annotations = filter.annotations as Partial<RuleAnnotations> | undefined
    for (const [at, message] of leavesOf(failure, path)) {
      issues.push(
        issue(
          formatPath(at),
          annotations?.code ?? "format",
          annotations?.rule ?? rule,
          message ?? annotations?.message ?? "is invalid"
        )
      )
    }
  },
  /** Reports the unknown keys of `record` (a key whose value is undefined is absent, R10.1). */
  unknown(warnings: Array<Issue>, path: Path, record: Record<string, unknown>, known: ReadonlySet<string>) {
    for (const key of Object.keys(record)) {
      if (!known.has(key) && record[key] !== undefined) {
        warnings.push(unknownField(formatPath([...path, key]), key, known))
      }
    }
  },
  /** Whether an own key of `record` with a value is not among `known` (a refusing guard's rare path). */
  unknownIn(record: Record<string, unknown>, known: ReadonlySet<string>) {
    for (const key of Object.keys(record)) if (!known.has(key) && record[key] !== undefined) return true
    return false
  },
  /** A number written as text, or the text itself when it is none (then reported as a type issue). */
  number: (text: string): unknown => numberOf(text) ?? text,
  flag: (text: string): unknown => (text === "true" ? true : text === "false" ? false : text),
  /** Whether a filter without a predicate passes (guards). */
  passes: (filter: SchemaAST.Filter<unknown>, ast: SchemaAST.AST, value: unknown) =>
    filter.run(value, ast, PARSE_OPTIONS) === undefined
}

/** A copy of a valid input without the keys its schema does not know (the rare path). */
const strip = (ast: SchemaAST.AST, value: unknown): unknown => {
  switch (ast._tag) {
    case "Arrays":
      return (value as Array<unknown>).map((element) => strip(ast.rest[0]!, element))
    case "Objects": {
      const record = value as Record<string, unknown>
      const out: Record<string, unknown> = {}
      for (const p of ast.propertySignatures) {
        const key = String(p.name)
        if (record[key] !== undefined) out[key] = strip(p.type, record[key])
      }
      const index = ast.indexSignatures[0]
      if (index !== undefined) {
        const known = new Set(ast.propertySignatures.map((p) => String(p.name)))
        for (const key of Object.keys(record)) {
          // defined, not assigned: an own "__proto__" key stays a key of the copy
          if (!known.has(key) && record[key] !== undefined) {
            Object.defineProperty(out, key, { value: record[key], enumerable: true, writable: true })
          }
        }
      }
      return out
    }
    case "Union": {
      const member = ast.types.find((t) => t._tag === "Objects" || t._tag === "Arrays")
      return member !== undefined && typeof value === "object" && value !== null ? strip(member, value) : value
    }
    default:
      return value
  }
}

/** The keys an object node knows, and the node of each; `undefined` when it takes any key. */
const knownKeys = new WeakMap<SchemaAST.Objects, ReadonlyMap<string, SchemaAST.AST> | undefined>()
const keysOf = (ast: SchemaAST.Objects) => {
  if (knownKeys.has(ast)) return knownKeys.get(ast)
  const keys = ast.indexSignatures.length > 0
    ? undefined
    : new Map(ast.propertySignatures.map((p) => [String(p.name), p.type] as const))
  knownKeys.set(ast, keys)
  return keys
}

/** The object or array member of a union (`X | null`), which the walks below follow. */
const structuredMember = (ast: SchemaAST.AST): SchemaAST.AST =>
  ast._tag === "Union" ? (ast.types.find((t) => t._tag === "Objects" || t._tag === "Arrays") ?? ast) : ast

const hasOwn = Object.prototype.hasOwnProperty

/** Whether `value` has a key its schema does not know, anywhere; allocates nothing (the common answer is no). */
const hasUnknown = (ast: SchemaAST.AST, value: unknown): boolean => {
  if (typeof value !== "object" || value === null) return false
  const node = structuredMember(ast)
  if (node._tag === "Arrays") {
    const element = node.rest[0]
    if (element === undefined || !Array.isArray(value)) return false
    for (let i = 0; i < value.length; i++) if (hasUnknown(element, value[i])) return true
    return false
  }
  if (node._tag === "Suspend") return hasUnknown(node.thunk(), value)
  if (node._tag !== "Objects" || Array.isArray(value)) return false
  const keys = keysOf(node)
  if (keys === undefined) return false
  const record = value as Record<string, unknown>
  for (const key in record) {
    if (!hasOwn.call(record, key)) continue
    const field = record[key]
    if (field === undefined) continue // absent (R10.1)
    const type = keys.get(key)
    if (type === undefined) return true
    if (typeof field === "object" && field !== null && hasUnknown(type, field)) return true
  }
  return false
}

/** The `unknown_field` warnings of `value` (the rare path, after {@link hasUnknown} said yes). */
const reportUnknown = (ast: SchemaAST.AST, value: unknown, path: Path, warnings: Array<Issue>): void => {
  if (typeof value !== "object" || value === null) return
  const node = structuredMember(ast)
  if (node._tag === "Arrays") {
    const element = node.rest[0]
    if (element === undefined || !Array.isArray(value)) return
    for (let i = 0; i < value.length; i++) reportUnknown(element, value[i], [...path, i], warnings)
  } else if (node._tag === "Suspend") {
    reportUnknown(node.thunk(), value, path, warnings)
  } else if (node._tag === "Objects" && !Array.isArray(value)) {
    const keys = keysOf(node)
    if (keys === undefined) return
    const record = value as Record<string, unknown>
    for (const key of Object.keys(record)) {
      const field = record[key]
      if (field === undefined) continue
      const type = keys.get(key)
      if (type === undefined) warnings.push(unknownField(formatPath([...path, key]), key, keys.keys()))
      else reportUnknown(type, field, [...path, key], warnings)
    }
  }
}

const NO_WARNINGS: ReadonlyArray<Issue> = []

/**
 * The `unknown_field` warnings (R10.2) of an input against the fields `schema` knows, whatever the
 * input's values (they are checked elsewhere): for entry points that read a resource tolerantly
 * or through a guard, and still owe the caller a word on every field no rule reads. A known input
 * costs one allocation-free walk.
 */
export const unknownFieldsOf = (schema: Schema.Top) => {
  const known = compileKnownKeys(schema.ast)
  return (input: unknown, path: Path = []): ReadonlyArray<Issue> => {
    if (known(input)) return NO_WARNINGS
    return reportedUnknown(schema, input, path)
  }
}

const reportedUnknown = (schema: Schema.Top, input: unknown, path: Path): ReadonlyArray<Issue> => {
  const warnings: Array<Issue> = []
  reportUnknown(schema.ast, input, path, warnings)
  return warnings
}

// ---------------------------------------------------------------------------
// Code generation

class Unsupported extends Error {}

type Mode = "validate" | "guard"

class Generator {
  readonly constants: Array<unknown> = []
  private variables = 0
  readonly mode: Mode
  readonly unknownKeys: "warn" | "ignore" | "refuse"
  readonly fromText: boolean

  constructor(mode: Mode, unknownKeys: "warn" | "ignore" | "refuse", fromText: boolean) {
    this.mode = mode
    this.unknownKeys = unknownKeys
    this.fromText = fromText
  }

  /** A name for `value` in the generated code: a constant of the enclosing factory, so calls have a fixed target. */
  constant(value: unknown): string {
    this.constants.push(value)
    return `k${this.constants.length - 1}`
  }

  variable(prefix: string): string {
    return `${prefix}${this.variables++}`
  }

  /** What a failure does: report it (validate) or answer no (guard). */
  private fail(report: string): string {
    return this.mode === "guard" ? "return false;" : `${report};`
  }

  /** Statements that run the node's checks on `value`. */
  checks(ast: SchemaAST.AST, value: string, path: string, rule: string): string {
    if (ast.checks === undefined) return ""
    return this.checkList(ast.checks, ast, value, path, rule)
  }

  /**
   * Statements that run `checks` on `value`. A group with one predicate for
   * all its members (`allOf`) is decided by that predicate; its members are
   * asked only when it does not hold.
   */
  checkList(
    checks: ReadonlyArray<SchemaAST.Check<unknown>>,
    ast: SchemaAST.AST,
    value: string,
    path: string,
    rule: string
  ): string {
    return checks.map((check) => {
      if (check._tag === "FilterGroup") {
        const holds = check.annotations?.[PREDICATE]
        const members = this.checkList(check.checks, ast, value, path, rule)
        if (typeof holds !== "function") return members
        return this.mode === "guard"
          ? `if (!${this.constant(holds)}(${value})) return false;`
          : `if (!${this.constant(holds)}(${value})) {\n${members}\n}`
      }
      return this.filter(check as SchemaAST.Filter<unknown>, ast, value, path, rule)
    }).join("\n")
  }

  /** Statements that run one filter: its predicate in place, and its issues when the predicate fails. */
  filter(filter: SchemaAST.Filter<unknown>, ast: SchemaAST.AST, value: string, path: string, rule: string): string {
    const predicate = filter.annotations?.[PREDICATE]
    const filterRef = this.constant(filter)
    const astRef = this.constant(ast)
    if (this.mode === "guard") {
      return typeof predicate === "function"
        ? `if (!${this.constant(predicate)}(${value})) return false;`
        : `if (!H.passes(${filterRef}, ${astRef}, ${value})) return false;`
    }
    const call = `H.check(I, ${rule}, ${path}, ${filterRef}, ${astRef}, ${value});`
    return typeof predicate === "function" ? `if (!${this.constant(predicate)}(${value})) ${call}` : call
  }

  /** Statements that check `value` against `ast`; `path` is the source of its path array. */
  node(ast: SchemaAST.AST, value: string, path: string, parentRule: string): string {
    if (ast.encoding !== undefined) throw new Unsupported(ast._tag)
    const rule = ruleOfNode(ast) === undefined ? parentRule : JSON.stringify(ruleOfNode(ast))
    switch (ast._tag) {
      case "String":
      case "Number":
      case "Boolean": {
        const coerce = this.fromText && ast._tag !== "String"
          ? `if (typeof ${value} === "string") ${value} = H.${ast._tag === "Number" ? "number" : "flag"}(${value});\n`
          : ""
        return `${coerce}if (typeof ${value} !== "${ast._tag.toLowerCase()}") ${
          this.fail(`H.type(I, ${rule}, ${path}, "${ast._tag}", ${value})`)
        }
else {
${this.checks(ast, value, path, rule)}
}`
      }
      case "Literal":
      case "Union": {
        const members = ast._tag === "Literal" ? [ast] : ast.types
        if (!members.every((t) => t._tag === "Literal")) return this.union(ast, members, value, path, rule)
        const literals = members.map((t) => (t as SchemaAST.Literal).literal)
        const expected = enumExpectation(literals)
        // a few literals are compared in place: no hashing of the value, which a Set would do
        const missing = literals.length <= 4
          ? literals.map((l) => `${value} !== ${this.constant(l)}`).join(" && ")
          : `!${this.constant(new Set(literals))}.has(${value})`
        return `if (${missing}) ${this.fail(`H.enum(I, ${rule}, ${path}, ${JSON.stringify(expected)}, ${value})`)}
else {
${this.checks(ast, value, path, rule)}
}`
      }
      case "Arrays": {
        if (ast.elements.length > 0 || ast.rest.length !== 1 || this.fromText) throw new Unsupported(ast._tag)
        const before = this.variable("b")
        const i = this.variable("i")
        const element = this.variable("e")
        const count = this.mode === "guard" ? "" : `const ${before} = I.length;`
        const clean = this.mode === "guard" ? "true" : `I.length === ${before}`
        return `if (!Array.isArray(${value})) ${this.fail(`H.type(I, ${rule}, ${path}, "Arrays", ${value})`)}
else {
${count}
for (let ${i} = 0; ${i} < ${value}.length; ${i}++) {
let ${element} = ${value}[${i}];
${this.node(ast.rest[0]!, element, `[...${path}, ${i}]`, rule)}
}
if (${clean}) {
${this.checks(ast, value, path, rule)}
}
}`
      }
      case "Objects":
        return this.object(ast, value, path, rule)
      case "Unknown":
        // any value (a field known by its key only, schema-kit.ts's `knowingEvery`)
        return this.checks(ast, value, path, rule)
      default:
        throw new Unsupported(ast._tag)
    }
  }

  /**
   * `NullOr(x)`: null passes, anything else is checked as `x`. A union of
   * plain primitives (`string | number`): one `typeof` test.
   */
  union(
    ast: SchemaAST.AST,
    members: ReadonlyArray<SchemaAST.AST>,
    value: string,
    path: string,
    rule: string
  ): string {
    if (ast.checks !== undefined) throw new Unsupported("Union")
    const others = members.filter((m) => m._tag !== "Null")
    if (others.length === 1 && others.length < members.length) {
      return `if (${value} !== null) {
${this.node(others[0]!, value, path, rule)}
}`
    }
    const primitive = (m: SchemaAST.AST) =>
      (m._tag === "String" || m._tag === "Number" || m._tag === "Boolean") && m.checks === undefined &&
      m.encoding === undefined
    if (others.length !== members.length || !members.every(primitive)) throw new Unsupported("Union")
    const test = members.map((m) => `typeof ${value} !== "${m._tag.toLowerCase()}"`).join(" && ")
    const expected = members.map((m) => EXPECTED[m._tag]).join(" or ")
    return `if (${test}) ${this.fail(`H.typeAnyOf(I, ${rule}, ${path}, ${JSON.stringify(expected)}, ${value})`)}`
  }

  object(ast: SchemaAST.Objects, value: string, path: string, rule: string, top = false): string {
    if (ast.indexSignatures.length > 1) throw new Unsupported("index signatures")
    const index = ast.indexSignatures[0]
    if (index !== undefined && index.parameter._tag !== "String") throw new Unsupported("index signature")
    if (this.fromText && !top) throw new Unsupported("nested objects from text")
    const guard = this.mode === "guard"
    // a guard that refuses unknown keys counts the known ones present, as the validator does
    const counts = !guard || this.unknownKeys === "refuse"
    const before = this.variable("b")
    const present = this.variable("n")
    const known = this.constant(new Set(ast.propertySignatures.map((p) => String(p.name))))
    const properties = ast.propertySignatures.map((p) => {
      const key = JSON.stringify(String(p.name))
      const field = this.variable("f")
      const fieldPath = `[...${path}, ${key}]`
      const fieldRule = ruleOfNode(p.type) === undefined ? rule : JSON.stringify(ruleOfNode(p.type))
      const missing = p.type.context?.isOptional === true ? "" : this.fail(`H.required(I, ${fieldRule}, ${fieldPath})`)
      // with `fromText` the converted value is the value: collected in O
      const collect = this.fromText ? `O[${key}] = ${field};` : ""
      return `let ${field} = ${value}[${key}];
if (${field} === undefined) { ${missing} }
else {
${counts ? `${present}++;` : ""}
${this.node(p.type, field, fieldPath, rule)}
${collect}
}`
    })
    let rest = ""
    if (index !== undefined) {
      const key = this.variable("k")
      const entry = this.variable("v")
      rest = `for (const ${key} of Object.keys(${value})) {
if (${known}.has(${key})) continue;
let ${entry} = ${value}[${key}];
if (${entry} === undefined) continue;
${this.node(index.type, entry, `[...${path}, ${key}]`, rule)}
}`
    } else if (guard && this.unknownKeys === "refuse") {
      const key = this.variable("k")
      const own = this.variable("c")
      // as many own keys as known ones present, or one of the others has a value (R10.1: undefined is absent)
      rest = `let ${own} = 0; for (const ${key} in ${value}) ${own}++;
if (${own} !== ${present} && H.unknownIn(${value}, ${known})) return false;`
    } else if (!guard && this.unknownKeys === "warn") {
      // more keys than known ones with a value: unknown keys to report, or keys whose value is undefined
      // (absent, R10.1), either way left out of the value
      rest =
        `if (Object.keys(${value}).length !== ${present}) { H.unknown(W, ${path}, ${value}, ${known}); S.strip = true; }`
    }
    const checked = this.fromText && top ? "O" : value
    return `if (typeof ${value} !== "object" || ${value} === null || Array.isArray(${value})) ${
      this.fail(`H.type(I, ${rule}, ${path}, "Objects", ${value})`)
    }
else {
${guard ? (counts ? `let ${present} = 0;` : "") : `const ${before} = I.length;\nlet ${present} = 0;`}
${properties.join("\n")}
${rest}
if (${guard ? "true" : `I.length === ${before}`}) {
${this.checks(ast, checked, path, rule)}
}
}`
  }

  root(ast: SchemaAST.AST, rule: string): string {
    const ruleText = JSON.stringify(ruleOfNode(ast) ?? rule)
    if (this.fromText) {
      if (ast._tag !== "Objects") throw new Unsupported("fromText needs a struct")
      return `const O = {};\n${this.object(ast, "input", "[]", ruleText, true)}\nS.value = O;`
    }
    return this.node(ast, "input", "[]", ruleText)
  }
}

type Compiled = (
  input: unknown,
  issues: Array<Issue>,
  warnings: Array<Issue>,
  state: { strip: boolean; value: unknown }
) => void

const build = <F>(generator: Generator, body: string, name: string, parameters: string): F => {
  const names = generator.constants.map((_, i) => `k${i} = $[${i}]`)
  const prelude = names.length === 0 ? "" : `const ${names.join(", ")};\n`
  const factory = new Function("$", "H", `${prelude}return function ${name}(${parameters}) {\n${body}\n}`) as (
    constants: Array<unknown>,
    h: typeof helpers
  ) => F
  return factory(generator.constants, helpers)
}

/**
 * Compiles a check that an input has no key its schema does not know, at any depth (R10.2): it
 * reads the known fields to count them and to follow objects and arrays, and checks no value, so
 * entry points that read a resource tolerantly can tell their caller about a typo at the cost of a
 * few property reads. Where code cannot be generated, the interpreted walk answers.
 */
const compileKnownKeysNow = (ast: SchemaAST.AST): (input: unknown) => boolean => {
  const constants: Array<ReadonlySet<string>> = []
  let counter = 0
  const name = (prefix: string) => `${prefix}${counter++}`
  const visit = (node: SchemaAST.AST, value: string): string => {
    const shape = structuredMember(node)
    if (shape._tag === "Suspend") throw new Unsupported("recursive schemas")
    if (shape._tag === "Arrays") {
      const element = shape.rest[0]
      if (element === undefined) return ""
      const index = name("i")
      const item = name("e")
      const inner = visit(element, item)
      return inner === "" ?
        "" :
        `if (Array.isArray(${value})) for (let ${index} = 0; ${index} < ${value}.length; ${index}++) { const ${item} = ${value}[${index}];\n${inner}\n}`
    }
    if (shape._tag !== "Objects") return ""
    const keys = keysOf(shape)
    if (keys === undefined) return ""
    // a property read per known field (counting those present and following objects and arrays),
    // then one comparison with the number of keys (a for-in count allocates nothing): any other key
    // with a value is unknown
    constants.push(new Set(keys.keys()))
    const known = `$[${constants.length - 1}]`
    const present = name("n")
    const own = name("c")
    const key = name("k")
    const fields = [...keys].map(([known, type]) => {
      const field = name("f")
      return `const ${field} = ${value}[${JSON.stringify(known)}];\nif (${field} !== undefined) { ${present}++;\n${
        visit(type, field)
      }\n}`
    })
    return `if (typeof ${value} === "object" && ${value} !== null && !Array.isArray(${value})) {
let ${present} = 0;
${fields.join("\n")}
let ${own} = 0; for (const ${key} in ${value}) ${own}++;
if (${own} !== ${present} && U(${value}, ${known})) return false;
}`
  }
  try {
    const body = `${visit(ast, "input")}\nreturn true;`
    const factory = new Function("$", "U", `return function knownKeys(input) {\n${body}\n}`) as (
      constants: Array<ReadonlySet<string>>,
      unknownIn: typeof helpers.unknownIn
    ) => (input: unknown) => boolean
    return factory(constants, helpers.unknownIn)
  } catch (error) {
    if (!(error instanceof Unsupported) && !(error instanceof EvalError)) throw error
    return (input) => !hasUnknown(ast, input) // new Function is forbidden here (a CSP), or a recursive schema
  }
}

/** A copy without the keys whose value is `undefined`, at every depth: such a key is absent (R10.1). */
export const withoutUndefined = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(withoutUndefined)
  if (typeof value !== "object" || value === null) return value
  // plain objects only (a null prototype is one too: Object.create(null), fast-check's records)
  const prototype = Object.getPrototypeOf(value)
  if (prototype !== Object.prototype && prototype !== null) return value
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(value)) {
    const v = (value as Record<string, unknown>)[key]
    // an own "__proto__" key stays a key of the copy (an assignment would set the prototype instead)
    if (v !== undefined) {
      Object.defineProperty(out, key, { value: withoutUndefined(v), enumerable: true, writable: true })
    }
  }
  return out
}

/** Effect Schema's own interpreter, where code cannot be generated. */
const interpret = <S extends Schema.Top>(schema: S, options: ValidatorOptions) => {
  const decode = Schema.decodeUnknownResult(schema as unknown as Schema.Codec<unknown, unknown>)
  const parse: SchemaAST.ParseOptions = {
    ...DESCRIBED,
    onExcessProperty: options.unknownKeys === "warn" ? "error" : "ignore"
  }
  return (given: unknown): Checked<S["Type"]> => {
    const input = withoutUndefined(given)
    const result = decode(input, parse)
    if (Result.isSuccess(result)) {
      // as generated code does: the input itself, unless unknown keys were left out
      return {
        value: (options.unknownKeys === "ignore" ? input : result.success) as S["Type"],
        issues: [],
        warnings: []
      }
    }
    const { issues, warnings } = issuesFromSchema(result.failure.issue, options.rule, schema.ast)
    if (issues.length > 0) return { value: undefined as S["Type"], issues, warnings }
    // only unknown keys: they stopped Effect before the struct's own checks (R1.1's line totals), as
    // generated code does not; decoded again without them, those checks run
    const again = decode(input, { ...parse, onExcessProperty: "ignore" })
    if (Result.isFailure(again)) {
      const found = issuesFromSchema(again.failure.issue, options.rule, schema.ast).issues
      return { value: undefined as S["Type"], issues: found, warnings }
    }
    return { value: strip(schema.ast, input) as S["Type"], issues, warnings }
  }
}

/**
 * Compiles a request Schema (structs, arrays, records of strings, literals,
 * nullable fields, checks; no transformations) into a validator that reports
 * every issue.
 */
const compileValidatorNow = <S extends Schema.Top>(
  schema: S,
  options: ValidatorOptions
): (input: unknown) => Checked<S["Type"]> => {
  const generator = new Generator("validate", options.unknownKeys, options.fromText === true)
  let compiled: Compiled
  try {
    compiled = build<Compiled>(generator, generator.root(schema.ast, options.rule), "validate", "input, I, W, S")
  } catch (error) {
    if (error instanceof Unsupported) {
      throw new Error(`compileValidator: ${error.message} is not supported in request schemas`, { cause: error })
    }
    if (options.fromText === true) throw error
    return interpret(schema, options) // new Function is forbidden here (a CSP)
  }
  return (input) => {
    const issues: Array<Issue> = []
    const warnings: Array<Issue> = []
    const state = { strip: false, value: input }
    compiled(input, issues, warnings, state)
    const value = state.strip && issues.length === 0 && options.fromText !== true
      ? strip(schema.ast, input)
      : state.value
    return { value: value as S["Type"], issues, warnings }
  }
}

/**
 * Compiles a Schema into a guard: whether an input is valid, decided by the
 * same checks as {@link compileValidator}, stopping at the first problem and
 * allocating nothing. Ask the validator for the issues when it says no.
 */
const compileGuardNow = <S extends Schema.Top>(
  schema: S,
  options: { readonly unknownKeys?: "ignore" | "refuse" } = {}
): (input: unknown) => input is S["Type"] => {
  const refuse = options.unknownKeys === "refuse"
  const generator = new Generator("guard", refuse ? "refuse" : "ignore", false)
  try {
    return build(generator, `${generator.root(schema.ast, "")}\nreturn true;`, "guard", "input")
  } catch (error) {
    if (error instanceof Unsupported) {
      throw new Error(`compileGuard: ${error.message} is not supported in request schemas`, { cause: error })
    }
    const is = Schema.is(schema as unknown as Schema.Codec<unknown, unknown>)
    // new Function is forbidden here (a CSP)
    if (refuse) {
      return ((input: unknown) => is(input) && !hasUnknown(schema.ast, input)) as (input: unknown) => input is S["Type"]
    }
    return is as (input: unknown) => input is S["Type"]
  }
}

/**
 * The interpreter-backed validator, exported for the property test that holds
 * the generated code to it.
 */
export const interpretValidator = interpret

/**
 * The known-keys check, generated and interpreted, exported for the property that holds the
 * generated code to the interpreted walk.
 */
export const knownKeysChecks = {
  generated: (schema: Schema.Top) => compileKnownKeys(schema.ast),
  interpreted: (schema: Schema.Top) => (input: unknown) => !hasUnknown(schema.ast, input)
}

// Compiled on first use: modules build their validators at load, and a program that never validates
// (or validates one resource) pays nothing for the others, so the package starts light.

/**
 * Compiles a request Schema (structs, arrays, records of strings, literals, nullable fields,
 * checks; no transformations) into a validator that reports every issue; the code is generated on
 * the first call.
 */
export const compileValidator = <S extends Schema.Top>(
  schema: S,
  options: ValidatorOptions
): (input: unknown) => Checked<S["Type"]> => {
  let compiled: ((input: unknown) => Checked<S["Type"]>) | undefined
  return (input) => (compiled ??= compileValidatorNow(schema, options))(input)
}

/**
 * Compiles a Schema into a guard: whether an input is valid, decided by the same checks as
 * {@link compileValidator}, stopping at the first problem and allocating nothing (with
 * `unknownKeys: "refuse"`, an unknown key makes it say no); the code is generated on the first call.
 */
export const compileGuard = <S extends Schema.Top>(
  schema: S,
  options: { readonly unknownKeys?: "ignore" | "refuse" } = {}
): (input: unknown) => input is S["Type"] => {
  let compiled: ((input: unknown) => input is S["Type"]) | undefined
  return ((input: unknown) => (compiled ??= compileGuardNow(schema, options))(input)) as (
    input: unknown
  ) => input is S["Type"]
}

const compileKnownKeys = (ast: SchemaAST.AST): (input: unknown) => boolean => {
  let compiled: ((input: unknown) => boolean) | undefined
  return (input) => (compiled ??= compileKnownKeysNow(ast))(input)
}
