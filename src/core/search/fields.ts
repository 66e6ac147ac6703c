/**
 * The fields of a plan summary a search can filter and sort by, with the type
 * that decides how their values compare (numbers numerically, dates
 * chronologically, strings as text). Derived from the summary's schema, so a
 * field added to the summary is searchable without a second list.
 *
 * @module
 */
import type * as SchemaAST from "effect/SchemaAST"
import { TEXT_KIND } from "../internal/schema-kit.ts"
import { PlanSummary } from "../plan/record.ts"

/**
 * How a field's values compare.
 *
 * @category Search
 * @since 0.1.0
 */
export type FieldType = "string" | "number" | "date"

/** The type of a scalar field, `undefined` for arrays and objects; `null` is looked through. */
const scalarType = (ast: SchemaAST.AST): FieldType | undefined => {
  switch (ast._tag) {
    case "String":
      return ast.annotations?.[TEXT_KIND] === "date" ? "date" : "string"
    case "Number":
      return "number"
    case "Literal":
      return typeof ast.literal === "number" ? "number" : "string"
    case "Union": {
      const types = new Set(ast.types.filter((t) => t._tag !== "Null").map(scalarType))
      return types.size === 1 ? [...types][0] : undefined
    }
    default:
      return undefined
  }
}

const objectOf = (ast: SchemaAST.AST): SchemaAST.Objects | undefined => {
  if (ast._tag === "Objects") return ast
  if (ast._tag === "Union") {
    const objects = ast.types.filter((t) => t._tag === "Objects")
    return objects.length === 1 ? (objects[0] as SchemaAST.Objects) : undefined
  }
  return undefined
}

/** Every scalar field of a struct, nested objects by dotted paths one level down. */
const fieldsOf = (ast: SchemaAST.Objects, prefix = ""): Array<[string, FieldType]> =>
  ast.propertySignatures.flatMap((p): Array<[string, FieldType]> => {
    const name = `${prefix}${String(p.name)}`
    const type = scalarType(p.type)
    if (type !== undefined) return [[name, type]]
    const nested = objectOf(p.type)
    return nested !== undefined && prefix === "" ? fieldsOf(nested, `${name}.`) : []
  })

/**
 * Every field of the plan summary a search can name in `filterField` or
 * `sortField`, with its type; nested objects by dotted paths
 * (`user.emailAddress`). Arrays (`items`, `installments`) are not searchable.
 *
 * @example
 * ```ts
 * import { Search } from "payment-plan-engine"
 * Search.SEARCH_FIELDS["totalPaid"]      // "number"
 * Search.SEARCH_FIELDS["user.createdAt"] // "date"
 * ```
 * @category Search
 * @since 0.1.0
 */
export const SEARCH_FIELDS: Readonly<Record<string, FieldType>> = Object.fromEntries(fieldsOf(PlanSummary.ast))

/**
 * Reads a field of a summary by its (possibly dotted) path; `undefined` where a
 * step is missing or not an object.
 *
 * @internal
 */
export const fieldGetter = (field: string): (summary: unknown) => unknown => {
  const dot = field.indexOf(".")
  if (dot < 0) return (s) => (s as Record<string, unknown>)[field]
  const outer = field.slice(0, dot)
  const inner = field.slice(dot + 1)
  return (s) => {
    const o = (s as Record<string, unknown>)[outer]
    return typeof o === "object" && o !== null ? (o as Record<string, unknown>)[inner] : undefined
  }
}
