/**
 * Decoding with a schema as the engine reads what it is given: every issue, each in the engine's words (path,
 * code, rule, message), unknown fields refused (R10.2) unless the read is tolerant (R9). The one helper the
 * tests of requests, strict responses and resources share.
 */
import { Result, Schema } from "effect"
import type { Issue } from "../src/core/foundation/issues.ts"
import { issuesFromSchema } from "../src/core/internal/schema-issues.ts"

/** What a decoding gave: the value, or every issue (and warning) with the rule that governs its field. */
export type Decoded =
  | { readonly ok: true; readonly value: unknown; readonly issues: ReadonlyArray<Issue>; readonly warnings: [] }
  | { readonly ok: false; readonly issues: ReadonlyArray<Issue>; readonly warnings: ReadonlyArray<Issue> }

/**
 * Decodes `input` with `schema`, strictly (an unknown field is an issue) unless `strict: false`; an issue of a
 * field whose schema names no rule gets `rule`.
 */
export const decodeIssues = (
  schema: Schema.Top,
  input: unknown,
  { rule, strict = true }: { readonly rule: string; readonly strict?: boolean }
): Decoded => {
  const result = Schema.decodeUnknownResult(schema as unknown as Schema.Codec<unknown, unknown>)(input, {
    errors: "all",
    reportInput: true,
    ...(strict ? { onExcessProperty: "error" as const } : {})
  })
  if (Result.isSuccess(result)) return { ok: true, value: result.success, issues: [], warnings: [] }
  const { issues, warnings } = issuesFromSchema(result.failure.issue, rule, schema.ast)
  return { ok: false, issues, warnings }
}

/** `path code rule` of each issue, for comparing a decoding's issues at a glance. */
export const rulesOf = (decoded: Decoded): ReadonlyArray<string> =>
  decoded.issues.map(({ code, path, rule }) => `${path} ${code} ${rule}`)
