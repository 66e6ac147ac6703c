/**
 * Effect Schema's issue trees in the core's vocabulary: one flat list of
 * issues with paths, codes and rules. Used where a schema is decoded by
 * Effect's interpreter (tolerant responses, and validators where code cannot
 * be generated); the compiled validator reports the same issues (a property
 * test holds the two together).
 *
 * @internal
 * @module
 */
import type * as SchemaAST from "effect/SchemaAST"
import * as SchemaIssue from "effect/SchemaIssue"
import { describe, enumExpectation, formatPath, type Issue, issue, unknownField } from "./issue.ts"
import { type RuleAnnotations, ruleOfNode } from "./schema-kit.ts"

type Path = ReadonlyArray<PropertyKey>

/** What a type check expects, by AST tag. */
export const EXPECTED: Readonly<Record<string, string>> = {
  String: "a string",
  Number: "a number",
  Boolean: "a boolean",
  Objects: "an object",
  Arrays: "an array",
  Null: "null"
}

/** The child of a node at one path segment (the schema side of a value's field or element). */
const childOf = (ast: SchemaAST.AST, segment: PropertyKey): SchemaAST.AST | undefined => {
  switch (ast._tag) {
    case "Objects": {
      const name = String(segment)
      const p = ast.propertySignatures.find((s) => String(s.name) === name)
      return p?.type ?? ast.indexSignatures[0]?.type
    }
    case "Arrays":
      return typeof segment === "number" && segment < ast.elements.length ? ast.elements[segment] : ast.rest[0]
    case "Union": {
      for (const member of ast.types) {
        const child = childOf(member, segment)
        if (child !== undefined) return child
      }
      return undefined
    }
    case "Suspend":
      return childOf(ast.thunk(), segment)
    default:
      return undefined
  }
}

/**
 * The rule structural issues at `path` cite: the nearest rule annotated on
 * the way from the root to the node at `path` (see `withRule`), else `fallback`.
 */
export const ruleAtPath = (root: SchemaAST.AST, path: Path, fallback: string): string => {
  let rule = ruleOfNode(root) ?? fallback
  let node: SchemaAST.AST | undefined = root
  for (const segment of path) {
    node = node === undefined ? undefined : childOf(node, segment)
    if (node === undefined) break
    rule = ruleOfNode(node) ?? rule
  }
  return rule
}

/** Where a failed check points (several places for a check over a container, such as duplicates), with its message. */
export const leavesOf = (
  node: SchemaIssue.Issue,
  segments: Path,
  out: Array<readonly [Path, string | undefined]> = []
): Array<readonly [Path, string | undefined]> => {
  switch (node._tag) {
    case "Pointer":
      return leavesOf(node.issue, [...segments, ...node.path], out)
    case "Composite":
      for (const child of node.issues) leavesOf(child, segments, out)
      return out
    case "InvalidValue": {
      const message = node.annotations?.message
      out.push([segments, typeof message === "string" ? message : undefined])
      return out
    }
    default:
      out.push([segments, undefined])
      return out
  }
}

/** Where a walk over an issue tree puts what it finds, and the rule it cites at a path. */
interface Found {
  readonly issues: Array<Issue>
  readonly warnings: Array<Issue>
  readonly ruleFor: (segments: Path) => string
}

/**
 * The options of a decode whose failure {@link issuesFromSchema} describes: every issue, each with the
 * value it got (without `reportInput` Effect keeps no value, and a message would say "got nothing").
 */
export const DESCRIBED: SchemaAST.ParseOptions = { errors: "all", reportInput: true }

/**
 * Flattens an Effect Schema issue tree into our issues. `root` is the schema's
 * AST, for the rules of structural issues. Unknown keys become `unknown_field`
 * warnings: they are left out, never fatal (R4.9, R10.2).
 */
export const issuesFromSchema = (
  tree: SchemaIssue.Issue,
  defaultRule: string,
  root?: SchemaAST.AST
): { readonly issues: Array<Issue>; readonly warnings: Array<Issue> } => {
  const found: Found = {
    issues: [],
    warnings: [],
    ruleFor: (segments) => (root === undefined ? defaultRule : ruleAtPath(root, segments, defaultRule))
  }
  walk(tree, [], found)
  return { issues: found.issues, warnings: found.warnings }
}

/** The fields a struct knows, for the suggestion of an unknown one. */
const fieldNames = (ast: SchemaAST.Objects): Array<string> => ast.propertySignatures.map((p) => String(p.name))

const gotOf = (node: SchemaIssue.Issue): string => (SchemaIssue.hasInput(node) ? describe(node.input) : "nothing")

/** The issues of `node` at `segments`, and of every issue under it. */
const walk = (node: SchemaIssue.Issue, segments: Path, found: Found): void => {
  const { issues, ruleFor } = found
  switch (node._tag) {
    case "Pointer":
      return walk(node.issue, [...segments, ...node.path], found)
    case "Composite":
      for (const child of node.issues) walk(child, segments, found)
      return
    case "Filter":
      return filterIssues(node, segments, found)
    case "MissingKey":
      issues.push(issue(formatPath(segments), "required", ruleFor(segments), "is required"))
      return
    case "UnexpectedKey": {
      const key = segments.at(-1)
      found.warnings.push(
        unknownField(formatPath(segments), String(key), node.ast._tag === "Objects" ? fieldNames(node.ast) : [])
      )
      return
    }
    case "InvalidType": {
      if (node.ast._tag === "Literal") {
        const expected = enumExpectation([node.ast.literal])
        issues.push(issue(formatPath(segments), "enum", ruleFor(segments), `${expected}, got ${gotOf(node)}`))
        return
      }
      const expected = EXPECTED[node.ast._tag] ?? "another type"
      issues.push(issue(formatPath(segments), "type", ruleFor(segments), `must be ${expected}, got ${gotOf(node)}`))
      return
    }
    case "AnyOf":
      return anyOfIssues(node, segments, found)
    case "InvalidValue": {
      const got = SchemaIssue.hasInput(node) ? `, got ${describe(node.input)}` : ""
      issues.push(issue(formatPath(segments), "format", ruleFor(segments), `is invalid${got}`))
      return
    }
    case "Encoding":
      return walk(node.issue, segments, found)
    default:
      issues.push(issue(formatPath(segments), "format", ruleFor(segments), "is invalid"))
  }
}

/** A failed check: with its code (the kit's checks), one issue at each place it points to; else what failed inside. */
const filterIssues = (node: SchemaIssue.Filter, segments: Path, found: Found): void => {
  const annotations = node.filter.annotations as Partial<RuleAnnotations> | undefined
  if (annotations?.code === undefined) return walk(node.issue, segments, found)
  for (const [at, message] of leavesOf(node.issue, segments)) {
    found.issues.push(
      issue(
        formatPath(at),
        annotations.code,
        annotations.rule ?? found.ruleFor(at),
        message ?? annotations.message ?? "is invalid"
      )
    )
  }
}

/** No member of a union matched: what it expects, or what failed inside the member of the right type. */
const anyOfIssues = (node: SchemaIssue.AnyOf, segments: Path, found: Found): void => {
  const { issues, ruleFor } = found
  const expected = node.ast.annotations?.expected
  if (typeof expected === "string") {
    issues.push(issue(formatPath(segments), "type", ruleFor(segments), `must be ${expected}, got ${gotOf(node)}`))
    return
  }
  // a member of the right type failed inside (an array whose element is wrong): name that problem
  if (node.issues.length > 0) {
    for (const child of node.issues) walk(child, segments, found)
    return
  }
  const members = node.ast.types
  if (members.every((m) => m._tag === "Literal")) {
    const literals = members.map((m) => (m as SchemaAST.Literal).literal)
    issues.push(
      issue(formatPath(segments), "enum", ruleFor(segments), `${enumExpectation(literals)}, got ${gotOf(node)}`)
    )
  } else {
    const names = members.map((m) => EXPECTED[m._tag] ?? "another type").join(" or ")
    issues.push(issue(formatPath(segments), "type", ruleFor(segments), `must be ${names}, got ${gotOf(node)}`))
  }
}
