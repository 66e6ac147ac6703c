/**
 * The errors a user can meet: the core's are Schema tagged errors (they go into a user's HTTP API or
 * RPC error schema as they are, and keep `instanceof`, `_tag`, `issues` and `message`), every error
 * class of every entry point has a tag of its own (so `Effect.catchTag` tells them apart), and
 * docs/api.md's "Errors" lists each one with its tag, enumerated from the exports so an error
 * exported tomorrow must be listed the day it exists.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import * as Client from "../../src/adapters/client/index.ts"
import * as ClientTesting from "../../src/adapters/client/testing.ts"
import * as Sandbox from "../../src/adapters/sandbox/index.ts"
import * as Conformance from "../../src/conformance/index.ts"
import * as Root from "../../src/index.ts"
import { PlanTransitionError, ValidationError } from "../../src/index.ts"
import * as Messaging from "../../src/messaging/index.ts"
import * as Testing from "../../src/testing/arbitraries.ts"
import * as Webhook from "../../src/webhook.ts"

const validation = new ValidationError({
  issues: [{
    path: "items[0].costPerItem",
    code: "precision",
    rule: "R1.3",
    message: "has more than 2 fraction digits"
  }],
  warnings: [{ path: "zz", code: "unknown_field", rule: "R10.2", message: "is not a field of this resource" }]
})
const transition = new PlanTransitionError({
  code: "already_cancelled",
  status: "Cancelled",
  event: "InstallmentPaid",
  message: "the plan is cancelled"
})

describe("the core's errors are Schema tagged errors", () => {
  it("ValidationError and PlanTransitionError are Schemas, and keep instanceof, _tag, issues and message", () => {
    expect(Schema.isSchema(ValidationError)).toBe(true)
    expect(Schema.isSchema(PlanTransitionError)).toBe(true)
    expect(validation).toBeInstanceOf(ValidationError)
    expect(validation).toBeInstanceOf(Error)
    expect(validation._tag).toBe("ValidationError")
    expect(validation.issues[0]?.code).toBe("precision")
    expect(validation.message).toBe(
      "Invalid input: items[0].costPerItem: has more than 2 fraction digits [precision, R1.3]"
    )
    expect(transition).toBeInstanceOf(PlanTransitionError)
    expect(transition.message).toBe("the plan is cancelled")
  })

  it("they are encoded to JSON and decoded back as themselves", () => {
    const json = JSON.parse(JSON.stringify(Schema.encodeSync(ValidationError)(validation)))
    expect(json).toEqual({ _tag: "ValidationError", issues: validation.issues, warnings: validation.warnings })
    const decoded = Schema.decodeUnknownSync(ValidationError)(json)
    expect(decoded).toBeInstanceOf(ValidationError)
    expect(decoded.issues).toEqual(validation.issues)
    expect(decoded.message).toBe(validation.message)
    const back = Schema.decodeUnknownSync(PlanTransitionError)(Schema.encodeSync(PlanTransitionError)(transition))
    expect(back).toBeInstanceOf(PlanTransitionError)
    expect(back.code).toBe("already_cancelled")
  })

  it("they go into a user's error schema: a union decodes each by its tag, and refuses what is not one", () => {
    const ApiError = Schema.Union([ValidationError, PlanTransitionError])
    const read = Schema.decodeUnknownSync(ApiError)
    expect(read(Schema.encodeSync(ApiError)(transition))).toBeInstanceOf(PlanTransitionError)
    expect(read(Schema.encodeSync(ApiError)(validation))).toBeInstanceOf(ValidationError)
    expect(() => read({ _tag: "ValidationError", issues: [{ path: "", code: "not a code", rule: "", message: "" }] }))
      .toThrow()
  })

  it("Effect.catchTag tells them apart", () => {
    const caught = (error: ValidationError | PlanTransitionError) =>
      Effect.runSync(
        Effect.fail(error).pipe(
          Effect.catchTag("ValidationError", () => Effect.succeed("validation")),
          Effect.catchTag("PlanTransitionError", () => Effect.succeed("transition"))
        )
      )
    expect([caught(validation), caught(transition)]).toEqual(["validation", "transition"])
  })
})

// ---------------------------------------------------------------------------
// Every error class of every entry point

const ENTRIES: ReadonlyArray<readonly [string, Record<string, unknown>]> = [
  ["payment-plan-engine", Root],
  ["payment-plan-engine/webhook", Webhook],
  ["payment-plan-engine/testing", Testing],
  ["payment-plan-engine/client", Client],
  ["payment-plan-engine/client/testing", ClientTesting],
  ["payment-plan-engine/sandbox", Sandbox],
  ["payment-plan-engine/messaging", Messaging],
  ["payment-plan-engine/conformance", Conformance]
]

type ErrorClass = (abstract new(...args: never) => Error) & { readonly fields?: Record<string, unknown> }

/** An error class's tag: its `_tag` field's literal (a Schema class), else the name its prototype carries. */
const tagOf = (error: ErrorClass): string | undefined => {
  if (Schema.isSchema(error)) {
    const field = error.fields?.["_tag"] as { readonly ast?: { readonly literal?: unknown } } | undefined
    return typeof field?.ast?.literal === "string" ? field.ast.literal : undefined
  }
  const name = (error.prototype as { readonly name?: unknown }).name
  // the base classes (an abstract `PaymentPlanClientError`) carry none of their own
  return typeof name === "string" && name !== "Error" ? name : undefined
}

/** Every exported error class with a tag: its entry point, name and tag. */
const exportedErrors = ENTRIES.flatMap(([entry, module]) =>
  Object.entries(module).flatMap(([name, value]) => {
    if (typeof value !== "function" || !((value as { prototype?: unknown }).prototype instanceof Error)) return []
    const tag = tagOf(value as ErrorClass)
    return tag === undefined ? [] : [{ entry, name, tag }]
  })
)

/** The rows of docs/api.md's "Errors" table: tag, class and entry point. */
const documented = (() => {
  const text = readFileSync(new URL("../../docs/api.md", import.meta.url), "utf8")
  const start = text.indexOf("\n## Errors\n")
  const section = text.slice(start, text.indexOf("\n## ", start + 1))
  return [...section.matchAll(/^\| `([A-Za-z]+)` \| `([A-Za-z]+)` \| `([a-z/-]+)` \|/gm)].map((m) => ({
    tag: m[1]!,
    name: m[2]!,
    entry: m[3]!
  }))
})()

describe("one tag per error class, each listed in docs/api.md", () => {
  it("the enumeration finds the errors of every entry point", () => {
    const entries = new Set(exportedErrors.map((e) => e.entry))
    expect([...entries].toSorted()).toEqual([
      "payment-plan-engine",
      "payment-plan-engine/client",
      "payment-plan-engine/conformance",
      "payment-plan-engine/sandbox"
    ])
    expect(exportedErrors.length).toBeGreaterThanOrEqual(20)
  })

  it("no two error classes share a tag, and each tag is its class's name", () => {
    for (const { name, tag } of exportedErrors) expect(tag, name).toBe(name)
    const tags = exportedErrors.map((e) => e.tag)
    expect(tags.length).toBe(new Set(tags).size)
  })

  it("docs/api.md's \"Errors\" lists every error class, its tag and its entry point, and nothing else", () => {
    const key = ({ entry, name, tag }: { entry: string; name: string; tag: string }) => `${entry} ${name} ${tag}`
    expect(documented.map(key).toSorted()).toEqual(exportedErrors.map(key).toSorted())
  })
})
