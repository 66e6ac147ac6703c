/**
 * A new plan event does not compile until every place that must handle it does: the
 * test adds an event to `PlanEvent` in memory and type-checks the modules that handle events with
 * the TypeScript compiler. The tag list, the statuses each event is allowed in, the lifecycle's
 * reader and its steps, and the webhook events of a transition each refuse it: their switches end
 * in `exhaustive` (core/internal/exhaustive.ts), where the unhandled event is not `never`. The
 * lifecycle's list of each event's fields (what is not in it is an R10.2 warning) refuses a new
 * event, and a new field of an event, the same way.
 */
import { readFileSync } from "node:fs"
import { basename } from "node:path"
import { fileURLToPath } from "node:url"
import ts from "typescript"
import { describe, expect, it } from "vitest"

const source = (path: string) => fileURLToPath(new URL(`../../../src/core/${path}`, import.meta.url))
const EVENTS = source("plan/events.ts")
/** The modules that handle every plan event; they import events.ts. */
const HANDLERS = [source("plan/lifecycle.ts"), source("webhook/emit.ts")]

const options = (() => {
  const file = fileURLToPath(new URL("../../../tsconfig.json", import.meta.url))
  const config = ts.getParsedCommandLineOfConfigFile(file, {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"))
    }
  })
  return { ...config!.options, noEmit: true }
})()

let previous: ts.Program | undefined

/** Each error of the handlers and of events.ts, as `file: the line's code`, when events.ts reads `events`. */
const errorsWith = (events: string): Array<string> => {
  const host = ts.createCompilerHost(options)
  const getSourceFile = host.getSourceFile
  host.getSourceFile = (name, language, ...rest) =>
    name === EVENTS ? ts.createSourceFile(name, events, language) : getSourceFile.call(host, name, language, ...rest)
  // the files that did not change (effect's declarations, most of all) are parsed once
  const program = ts.createProgram(HANDLERS, options, host, previous)
  previous = program
  return [EVENTS, ...HANDLERS].flatMap((file) => {
    const sourceFile = program.getSourceFile(file)!
    return program.getSemanticDiagnostics(sourceFile).map((d) => {
      const { line } = sourceFile.getLineAndCharacterOfPosition(d.start!)
      return `${basename(file)}: ${sourceFile.text.split("\n")[line]!.trim()}`
    })
  })
}

const original = readFileSync(EVENTS, "utf8")

describe("exhaustive handling of plan events", () => {
  it("an event added to PlanEvent fails to compile wherever it is not handled", () => {
    const MEMBER = "  MerchantOrderSet: {\n"
    expect(original).toContain(MEMBER)
    const added = original.replace(MEMBER, `  PlanResumed: {\n    readonly at: InstantInput\n  }\n${MEMBER}`)
    // the unchanged modules compile, so every error below is the new event's
    expect(errorsWith(original)).toEqual([])
    expect(errorsWith(added).sort()).toEqual([
      "emit.ts: exhaustive(event._tag)",
      "events.ts: export const PLAN_EVENT_TAGS = everyMember<PlanEvent[\"_tag\"]>()([",
      "lifecycle.ts: const EVENT_FIELDS: { readonly [Tag in PlanEvent[\"_tag\"]]: ReadonlySet<string> } = {",
      "lifecycle.ts: exhaustive(read.tag)",
      "lifecycle.ts: exhaustive(tag)",
      "lifecycle.ts: export const ALLOWED_IN: { readonly [Tag in PlanEvent[\"_tag\"]]: ReadonlyArray<PlanStatus> } = {"
    ])
  })

  it("a field added to an event fails to compile until the lifecycle knows it (else it would be an unknown field, R10.2)", () => {
    const FIELD = "    readonly merchantOrderId: string\n"
    expect(original).toContain(FIELD)
    const added = original.replace(FIELD, `${FIELD}    readonly note?: string\n`)
    expect(errorsWith(added)).toEqual([
      "lifecycle.ts: MerchantOrderSet: new Set(everyMember<FieldOf<\"MerchantOrderSet\">>()([\"at\", \"merchantOrderId\"]))"
    ])
  })
})
