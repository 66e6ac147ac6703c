/**
 * Strict validation compiled from a request Schema.
 *
 * Effect Schema's interpreter is general (effects, transformations, services)
 * and costs tens of microseconds on a checkout request, while validation sits on
 * hot paths that rules.md budgets. Request schemas use a small part of Schema:
 * structs, arrays, records of strings, literals and checks. This module turns
 * that AST into one JavaScript function, as ajv and TypeBox do: straight-line
 * code with the Schema's own checks called in place. It reports what the
 * interpreter reports (a property test holds the two together on arbitrary
 * input), and where code cannot be generated (a runtime that forbids
 * `new Function`) the interpreter itself is used.
 *
 * @internal
 */
import { Result, Schema, type SchemaAST, type SchemaIssue } from "effect"
import {
  describe,
  enumExpectation,
  formatPath,
  type Issue,
  issue,
  issuesFromSchema,
  PREDICATE,
  type RuleAnnotations,
  type Validated,
  ValidationError
} from "../foundation/issues.ts"

/** What a compiled validator found. */
export interface Checked<A> {
  /**
   * The input without unknown keys; meaningful only when `issues` is empty. It
   * is the input object itself when nothing was left out.
   */
  readonly value: A
  readonly issues: Array<Issue>
  /** unknown keys (R4.9) */
  readonly warnings: Array<Issue>
}

/**
 * Options of {@link compileValidator}.
 */
export interface ValidatorOptions {
  /** the rule cited by structural issues (`required`, `type`) */
  readonly rule: string
  /**
   * `warn` for strict requests: unknown keys are warnings and left out of the
   * value. `ignore` to check the known fields of a larger object, which is then
   * the value as it is.
   */
  readonly unknownKeys: "warn" | "ignore"
}

// ---------------------------------------------------------------------------
// Helpers the generated code calls on failure (the happy path calls none)

type Path = ReadonlyArray<PropertyKey>

const EXPECTED: Record<string, string> = {
  String: "a string",
  Number: "a number",
  Boolean: "a boolean",
  Objects: "an object",
  Arrays: "an array"
}

const pointerLeaves = (node: SchemaIssue.Issue, path: Path, out: Array<[Path, string | undefined]>): void => {
  switch (node._tag) {
    case "Pointer":
      return pointerLeaves(node.issue, [...path, ...node.path], out)
    case "Composite":
      for (const child of node.issues) pointerLeaves(child, path, out)
      return
    case "InvalidValue": {
      const message = node.annotations?.message
      out.push([path, typeof message === "string" ? message : undefined])
      return
    }
    default:
      out.push([path, undefined])
  }
}

const PARSE_OPTIONS: SchemaAST.ParseOptions = { errors: "all" }

class Helpers {
  readonly rule: string
  constructor(rule: string) {
    this.rule = rule
  }

  type(issues: Array<Issue>, path: Path, tag: string, input: unknown) {
    issues.push(
      issue(formatPath(path), "type", this.rule, `must be ${EXPECTED[tag] ?? "another type"}, got ${describe(input)}`)
    )
  }

  required(issues: Array<Issue>, path: Path) {
    issues.push(issue(formatPath(path), "required", this.rule, "is required"))
  }

  enum(issues: Array<Issue>, path: Path, expected: string, input: unknown) {
    issues.push(issue(formatPath(path), "enum", this.rule, `${expected}, got ${describe(input)}`))
  }

  /** Runs a filter whose predicate failed (or that has none) and reports what it says. */
  check(issues: Array<Issue>, path: Path, filter: SchemaAST.Filter<unknown>, ast: SchemaAST.AST, value: unknown) {
    const failure = filter.run(value, ast, PARSE_OPTIONS)
    if (failure === undefined) return
    const annotations = filter.annotations as Partial<RuleAnnotations> | undefined
    const leaves: Array<[Path, string | undefined]> = []
    pointerLeaves(failure, path, leaves)
    for (const [at, message] of leaves) {
      issues.push(
        issue(
          formatPath(at),
          annotations?.code ?? "format",
          annotations?.rule ?? this.rule,
          message ?? annotations?.message ?? "is invalid"
        )
      )
    }
  }

  unknown(warnings: Array<Issue>, path: Path, record: object, known: ReadonlySet<string>) {
    for (const key of Object.keys(record)) {
      if (!known.has(key)) {
        warnings.push(
          issue(formatPath([...path, key]), "unknown_field", "R4.9", "is not a field of this resource and was left out")
        )
      }
    }
  }
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
        if (Object.hasOwn(record, key)) out[key] = strip(p.type, record[key])
      }
      const index = ast.indexSignatures[0]
      if (index !== undefined) {
        const known = new Set(ast.propertySignatures.map((p) => String(p.name)))
        for (const key of Object.keys(record)) if (!known.has(key)) out[key] = record[key]
      }
      return out
    }
    default:
      return value
  }
}

// ---------------------------------------------------------------------------
// Code generation

const flatten = (checks: SchemaAST.Checks): Array<SchemaAST.Filter<unknown>> =>
  checks.flatMap((
    c
  ) => (c._tag === "FilterGroup" ? flatten(c.checks as unknown as SchemaAST.Checks) : [c as SchemaAST.Filter<unknown>]))

class Unsupported extends Error {}

class Generator {
  readonly constants: Array<unknown> = []
  readonly unknownKeys: "warn" | "ignore"
  private variables = 0

  constructor(unknownKeys: "warn" | "ignore") {
    this.unknownKeys = unknownKeys
  }

  constant(value: unknown): string {
    this.constants.push(value)
    return `$[${this.constants.length - 1}]`
  }

  variable(prefix: string): string {
    return `${prefix}${this.variables++}`
  }

  /** Statements that check the node's checks on `value`. */
  checks(ast: SchemaAST.AST, value: string, path: string): string {
    if (ast.checks === undefined) return ""
    const astRef = this.constant(ast)
    return flatten(ast.checks)
      .map((filter) => {
        const predicate = filter.annotations?.[PREDICATE]
        const call = `H.check(I, ${path}, ${this.constant(filter)}, ${astRef}, ${value});`
        return typeof predicate === "function" ? `if (!${this.constant(predicate)}(${value})) ${call}` : call
      })
      .join("\n")
  }

  /** Statements that check `value` against `ast`; `path` is the source of its path array. */
  node(ast: SchemaAST.AST, value: string, path: string): string {
    if (ast.encoding !== undefined) throw new Unsupported(ast._tag)
    switch (ast._tag) {
      case "String":
      case "Number":
      case "Boolean":
        return `if (typeof ${value} !== "${ast._tag.toLowerCase()}") H.type(I, ${path}, "${ast._tag}", ${value});
else {
${this.checks(ast, value, path)}
}`
      case "Literal":
      case "Union": {
        const members = ast._tag === "Literal" ? [ast] : ast.types
        if (!members.every((t) => t._tag === "Literal")) throw new Unsupported(ast._tag)
        const literals = members.map((t) => (t as SchemaAST.Literal).literal)
        const expected = enumExpectation(literals)
        return `if (!${this.constant(new Set(literals))}.has(${value})) H.enum(I, ${path}, ${
          JSON.stringify(expected)
        }, ${value});
else {
${this.checks(ast, value, path)}
}`
      }
      case "Arrays": {
        if (ast.elements.length > 0 || ast.rest.length !== 1) throw new Unsupported(ast._tag)
        const before = this.variable("b")
        const i = this.variable("i")
        const element = this.variable("e")
        return `if (!Array.isArray(${value})) H.type(I, ${path}, "Arrays", ${value});
else {
const ${before} = I.length;
for (let ${i} = 0; ${i} < ${value}.length; ${i}++) {
const ${element} = ${value}[${i}];
${this.node(ast.rest[0]!, element, `[...${path}, ${i}]`)}
}
if (I.length === ${before}) {
${this.checks(ast, value, path)}
}
}`
      }
      case "Objects":
        return this.object(ast, value, path)
      default:
        throw new Unsupported(ast._tag)
    }
  }

  object(ast: SchemaAST.Objects, value: string, path: string): string {
    if (ast.indexSignatures.length > 1) throw new Unsupported("index signatures")
    const index = ast.indexSignatures[0]
    if (index !== undefined && index.parameter._tag !== "String") throw new Unsupported("index signature")
    const before = this.variable("b")
    const present = this.variable("n")
    const known = this.constant(new Set(ast.propertySignatures.map((p) => String(p.name))))
    const properties = ast.propertySignatures.map((p) => {
      const key = JSON.stringify(String(p.name))
      const field = this.variable("f")
      const fieldPath = `[...${path}, ${key}]`
      const missing = p.type.context?.isOptional === true ? "" : `H.required(I, ${fieldPath});`
      return `const ${field} = ${value}[${key}];
if (${field} === undefined && !Object.hasOwn(${value}, ${key})) { ${missing} }
else {
${present}++;
${this.node(p.type, field, fieldPath)}
}`
    })
    let rest = ""
    if (index !== undefined) {
      const key = this.variable("k")
      const entry = this.variable("v")
      rest = `for (const ${key} of Object.keys(${value})) {
if (${known}.has(${key})) continue;
const ${entry} = ${value}[${key}];
${this.node(index.type, entry, `[...${path}, ${key}]`)}
}`
    } else if (this.unknownKeys === "warn") {
      rest =
        `if (Object.keys(${value}).length !== ${present}) { H.unknown(W, ${path}, ${value}, ${known}); S.strip = true; }`
    }
    return `if (typeof ${value} !== "object" || ${value} === null || Array.isArray(${value})) H.type(I, ${path}, "Objects", ${value});
else {
const ${before} = I.length;
let ${present} = 0;
${properties.join("\n")}
${rest}
if (I.length === ${before}) {
${this.checks(ast, value, path)}
}
}`
  }
}

type Compiled = (input: unknown, issues: Array<Issue>, warnings: Array<Issue>, state: { strip: boolean }) => void

const generate = (ast: SchemaAST.AST, options: ValidatorOptions): Compiled => {
  const generator = new Generator(options.unknownKeys)
  const body = generator.node(ast, "input", "[]")
  const factory = new Function("$", "H", `return function validate(input, I, W, S) {\n${body}\n}`) as (
    constants: Array<unknown>,
    helpers: Helpers
  ) => Compiled
  return factory(generator.constants, new Helpers(options.rule))
}

/** Effect Schema's own interpreter, where code cannot be generated. */
const interpret = <S extends Schema.Top>(schema: S, options: ValidatorOptions) => {
  const decode = Schema.decodeUnknownResult(schema as unknown as Schema.Codec<unknown, unknown>)
  const parse = {
    errors: "all",
    onExcessProperty: options.unknownKeys === "warn" ? "error" : "ignore",
    reportInput: true
  } as const
  return (input: unknown): Checked<S["Type"]> => {
    const result = decode(input, parse)
    if (Result.isSuccess(result)) {
      // as generated code does: the input itself, unless unknown keys were left out
      return {
        value: (options.unknownKeys === "ignore" ? input : result.success) as S["Type"],
        issues: [],
        warnings: []
      }
    }
    const { issues, warnings } = issuesFromSchema(result.failure.issue, options.rule)
    if (issues.length > 0) return { value: undefined as S["Type"], issues, warnings }
    return { value: strip(schema.ast, input) as S["Type"], issues, warnings }
  }
}

/**
 * Compiles a request Schema (structs, arrays, records of strings, literals,
 * checks; no transformations) into a validator that reports every issue.
 */
export const compileValidator = <S extends Schema.Top>(
  schema: S,
  options: ValidatorOptions
): (input: unknown) => Checked<S["Type"]> => {
  let compiled: Compiled
  try {
    compiled = generate(schema.ast, options)
  } catch (error) {
    if (error instanceof Unsupported) {
      throw new Error(`compileValidator: ${error.message} is not supported in request schemas`, { cause: error })
    }
    return interpret(schema, options) // new Function is forbidden here (a CSP)
  }
  return (input) => {
    const issues: Array<Issue> = []
    const warnings: Array<Issue> = []
    const state = { strip: false }
    compiled(input, issues, warnings, state)
    const value = state.strip && issues.length === 0 ? strip(schema.ast, input) : input
    return { value: value as S["Type"], issues, warnings }
  }
}

/**
 * The interpreter-backed validator, exported for the property test that holds
 * the generated code to it.
 */
export const interpretValidator = interpret

/**
 * A strict request validator as the core's operations expose it: the value
 * without unknown fields and the warnings, or a `ValidationError` with every issue.
 */
export const requestValidator = <S extends Schema.Top>(schema: S, rule: string) => {
  const check = compileValidator(schema, { rule, unknownKeys: "warn" })
  return (input: unknown): Result.Result<Validated<S["Type"]>, ValidationError> => {
    const checked = check(input)
    return checked.issues.length === 0
      ? Result.succeed({ value: checked.value, warnings: checked.warnings })
      : Result.fail(new ValidationError({ issues: checked.issues, warnings: checked.warnings }))
  }
}
