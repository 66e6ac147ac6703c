/**
 * Executable specification of the public surface's promises for any input (R10.2, R4.9: any input
 * gives issues, never an exception), one property over every exported function of every entry
 * point:
 *
 * - every function of every entry point has a surface (a convention and the channel its warnings
 *   take), or the enumeration itself fails: a function exported tomorrow is covered the day it is
 *   exported;
 * - every validator and `…Result` twin of the package root answers `{ ok }`, whatever it is given;
 * - every calculation of the root returns or throws a typed error (`ValidationError`,
 *   `PlanTransitionError`), never a `TypeError`: the facade skips no check;
 * - every Effect of the namespaces (`Checkout`, `Plan`, `Refund`, …) and of the webhook module fails
 *   only with the errors its type declares, never with a defect, in its data-first and data-last forms;
 * - an unknown option is refused by every function that takes options (root, namespaces, messaging),
 *   naming the option meant when it is a near miss (R10.2);
 * - a near miss of a field of the data is reported on each surface's channel (a twin's or a
 *   validator's `warnings`, a throwing function's process warning or its error's `warnings`, a
 *   namespace calculation's Effect log) with its suggestion, and a namespace operation says what
 *   its root twin says: the same value or issues, its twin's warnings as its logs.
 *
 * The functions are enumerated from the entry points' exports (read with the TypeScript checker).
 * The inputs mix `fc.anything()` with near-valid ones from the testing kit, mutated at one place.
 */
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import * as Tracer from "effect/Tracer"
import fc from "fast-check"
import { fileURLToPath } from "node:url"
import ts from "typescript"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import * as Root from "../../src/index.ts"
import * as WebhookModule from "../../src/webhook.ts"
import { withLogs } from "../logs.ts"
import { argument, argumentLists, isPlainObject, options, perturbedCall, workingCalls } from "./any-input.ts"

const RUNS = 60

// Throwing functions report unknown fields as process warnings: keep them off the test's output.
beforeAll(() => {
  vi.spyOn(process, "emitWarning").mockImplementation(() => undefined)
})
afterAll(() => {
  vi.restoreAllMocks()
})

// ---------------------------------------------------------------------------
// What is promised

const isIssue = (u: unknown) =>
  isPlainObject(u) && typeof u["path"] === "string" && typeof u["code"] === "string" &&
  typeof u["rule"] === "string" && typeof u["message"] === "string"

const isIssueList = (u: unknown, nonEmpty: boolean) =>
  Array.isArray(u) && u.every(isIssue) && (!nonEmpty || u.length > 0)

/** `{ ok: true, value, warnings } | { ok: false, issues, warnings }`, issues and warnings well formed. */
const isValidation = (u: unknown): boolean =>
  isPlainObject(u) && isIssueList(u["warnings"], false) &&
  (u["ok"] === true ? "value" in u : u["ok"] === false && isIssueList(u["issues"], true))

const TYPED_ERRORS: ReadonlySet<string> = new Set(["ValidationError", "PlanTransitionError"])

const threw = (f: () => unknown): unknown => {
  try {
    f()
    return undefined
  } catch (error) {
    return error ?? new Error(`threw ${String(error)}`)
  }
}

const describeError = (error: unknown) =>
  error instanceof Error ? `${error.constructor.name}: ${error.message}\n${error.stack ?? ""}` : String(error)

// ---------------------------------------------------------------------------
// The root's plain functions

/** Functions whose input is already typed and whose answer is total on it (docs/api.md). */
const TOTAL_ON_TYPED_INPUT: ReadonlySet<string> = new Set(["planSummaryOf", "dueInstallments"])
/** The verification helpers take anything and answer as R8 fixes them. */
const ANSWERS_AS_R8: ReadonlySet<string> = new Set(["checkoutIdFromRedirect", "decideDeposit", "shouldDisplayWidget"])

const isClass = (f: object) => /^class\b/.test(Function.prototype.toString.call(f))

const rootFunctions = Object.entries(Root as Record<string, unknown>).filter(
  (entry): entry is [string, (...args: Array<unknown>) => unknown] =>
    typeof entry[1] === "function" && !isClass(entry[1])
)

type Convention = "answers" | "throws typed" | "answers as R8" | "total on typed input"

const conventionOf = (name: string): Convention | undefined =>
  name.endsWith("Result") || name.startsWith("validate") || name.startsWith("normalize")
    ? "answers"
    : ANSWERS_AS_R8.has(name)
    ? "answers as R8"
    : TOTAL_ON_TYPED_INPUT.has(name)
    ? "total on typed input"
    : typeof (Root as Record<string, unknown>)[`${name}Result`] === "function"
    ? "throws typed"
    : undefined

describe("the root's plain functions, for any input (R10.2, R4.9)", () => {
  it("every function of the root has a convention: a validator or twin, a calculation with a twin, or R8's", () => {
    const without = rootFunctions.map(([name]) => name).filter((name) => conventionOf(name) === undefined)
    expect(without).toEqual([])
    // the enumeration finds the surface (a list that came back empty would make every property below vacuous)
    expect(rootFunctions.filter(([name]) => conventionOf(name) === "answers").length).toBeGreaterThanOrEqual(14)
  })

  for (const [name, f] of rootFunctions) {
    const convention = conventionOf(name)
    if (convention === "answers") {
      it(`${name} answers { ok } and never throws`, () => {
        fc.assert(
          fc.property(argumentLists(f.length), (args) => {
            let answer: unknown
            const error = threw(() => (answer = f(...args)))
            if (error !== undefined) expect.fail(`${name} threw ${describeError(error)}`)
            expect(isValidation(answer), `${name} answered ${JSON.stringify(answer)?.slice(0, 300)}`).toBe(true)
          }),
          { numRuns: RUNS }
        )
      })
    } else if (convention === "throws typed" || convention === "answers as R8") {
      it(`${name} ${convention === "answers as R8" ? "never throws" : "returns or throws a typed error"}`, () => {
        fc.assert(
          fc.property(argumentLists(f.length), (args) => {
            const error = threw(() => f(...args))
            if (error === undefined) return
            const tag = (error as { _tag?: unknown })._tag
            if (convention === "answers as R8" || typeof tag !== "string" || !TYPED_ERRORS.has(tag)) {
              expect.fail(`${name} threw ${describeError(error)}`)
            }
          }),
          { numRuns: RUNS }
        )
      })
    }
  }
})

// ---------------------------------------------------------------------------
// The namespaces' Effects and Results, classified by their declared return types

interface Declared {
  readonly kind: "effect" | "result"
  /** the `_tag`s of the errors the type declares */
  readonly errors: ReadonlyArray<string>
  /** how many of its first parameters are declared `unknown` (input of any shape) */
  readonly unknownParameters: number
}

/** Every function of every namespace of the root whose declared answer is an `Effect` or a `Result`. */
/** The package root as the compiler reads it (once for the file: a program costs seconds). */
const declarations = (() => {
  const entry = fileURLToPath(new URL("../../src/index.ts", import.meta.url))
  const config = ts.getParsedCommandLineOfConfigFile(
    fileURLToPath(new URL("../../tsconfig.json", import.meta.url)),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => undefined
    }
  )
  const program = ts.createProgram([entry], { ...config!.options, noEmit: true })
  const checker = program.getTypeChecker()
  const resolve = (s: ts.Symbol) => (s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s)
  return {
    checker,
    resolve,
    // Stryker's mutation runs (npm run mutation) compile a mutated module instrumented: each body becomes
    // `stryMutAct_9fa48(id) ? undefined : (…)`, so its declared answer reads `… | undefined` there.
    instrumented: program.getSourceFiles().some((f) => !f.isDeclarationFile && f.text.includes("stryMutAct_9fa48")),
    exports: checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(entry)!)!)
  }
})()

/** Names of the options parameter (the last one) of a plain function, as its declaration names it. */
const OPTIONS_PARAMETERS: ReadonlySet<string> = new Set(["options", "scope", "expected"])

/** Every function of the root whose last parameter is its options: its index and name. */
const declaredOptions = (): ReadonlyMap<string, { readonly index: number; readonly parameter: string }> => {
  const { checker, exports, resolve } = declarations
  const found = new Map<string, { readonly index: number; readonly parameter: string }>()
  for (const exported of exports) {
    const symbol = resolve(exported)
    if (!(symbol.flags & (ts.SymbolFlags.Function | ts.SymbolFlags.Variable))) continue
    const [signature] = checker.getTypeOfSymbol(symbol).getCallSignatures()
    const parameters = signature?.getParameters() ?? []
    const last = parameters.at(-1)?.getName()
    if (last !== undefined && OPTIONS_PARAMETERS.has(last)) {
      found.set(exported.getName(), { index: parameters.length - 1, parameter: last })
    }
  }
  return found
}

/** Every call signature of every namespace's function or value, named `Namespace.member`. */
function* namespaceSignatures(): Generator<{ readonly name: string; readonly signature: ts.Signature }> {
  const { checker, exports, resolve } = declarations
  for (const exported of exports) {
    const namespace = resolve(exported)
    if (!(namespace.flags & ts.SymbolFlags.ValueModule)) continue
    for (const member of checker.getExportsOfModule(namespace)) {
      const symbol = resolve(member)
      if (!(symbol.flags & (ts.SymbolFlags.Function | ts.SymbolFlags.Variable))) continue
      for (const signature of checker.getTypeOfSymbol(symbol).getCallSignatures()) {
        yield { name: `${exported.getName()}.${member.getName()}`, signature }
      }
    }
  }
}

const declaredAnswers = (): ReadonlyMap<string, Declared> => {
  const { checker, instrumented } = declarations
  const names = (t: ts.Type): Array<string> =>
    t.flags & ts.TypeFlags.Never
      ? []
      : t.isUnion()
      ? t.types.flatMap(names)
      : [(t.aliasSymbol ?? t.getSymbol())?.getName() ?? checker.typeToString(t)]
  const found = new Map<string, Declared>()
  for (const { name, signature } of namespaceSignatures()) {
    const answer = instrumented ? checker.getNonNullableType(signature.getReturnType()) : signature.getReturnType()
    const kind = (answer.aliasSymbol ?? answer.getSymbol())?.getName()
    const parameters = signature.getParameters()
    const typed = parameters.findIndex((p) =>
      (checker.getTypeOfSymbol(p).flags & (ts.TypeFlags.Unknown | ts.TypeFlags.Any)) === 0
    )
    const unknownParameters = typed === -1 ? parameters.length : typed
    if (kind === "Effect") {
      const [, errors] = checker.getTypeArguments(answer as ts.TypeReference)
      found.set(name, { kind: "effect", errors: names(errors!), unknownParameters })
    } else if (kind === "Result" && answer.aliasTypeArguments !== undefined) {
      found.set(name, { kind: "result", errors: names(answer.aliasTypeArguments[1]!), unknownParameters })
    }
  }
  return found
}

describe("the namespaces' Effects and Results, for any input (R4.9)", () => {
  const declared = declaredAnswers()
  const namespaces = Object.entries(Root).filter(([, v]) => typeof v === "object" && v !== null)

  it("the declarations name the Effects and Results of every namespace", () => {
    // a classification that came back empty would make the properties below vacuous
    // a calculation takes its data typed exactly (R10); validators and decoders take unknown
    expect(declared.get("Refund.calculate")).toEqual({
      kind: "effect",
      errors: ["ValidationError"],
      unknownParameters: 0
    })
    expect(declared.get("Checkout.validateRequest")?.unknownParameters).toBe(1)
    expect(declared.get("Plan.apply")?.errors.toSorted()).toEqual(["PlanTransitionError", "ValidationError"])
    // one form per layer: a namespace's operation is one Effect; Effect's `Result` stays inside the core
    expect([...declared].filter(([, d]) => d.kind === "result").map(([name]) => name)).toEqual([])
    expect([...declared.values()].filter((d) => d.kind === "effect").length).toBeGreaterThanOrEqual(12)
    // every one is a function at run time
    for (const name of declared.keys()) {
      const [namespace, member] = name.split(".") as [string, string]
      expect(typeof (Root as unknown as Record<string, Record<string, unknown>>)[namespace]?.[member], name).toBe(
        "function"
      )
    }
  })

  it("one form per layer: no function of a namespace or of the webhook module is named …Result", () => {
    // "Result" in a public function's name means only the root's `{ ok }` twin of a throwing function
    const functions = [
      ...namespaces.flatMap(([namespace, module]) =>
        Object.entries(module as Record<string, unknown>).map(([name, v]) => [`${namespace}.${name}`, v] as const)
      ),
      ...Object.entries(WebhookModule).map(([name, v]) => [`Webhook.${name}`, v] as const)
    ].filter(([, v]) => typeof v === "function" && !Schema.isSchema(v))
    expect(functions.length).toBeGreaterThan(80)
    expect(functions.map(([name]) => name).filter((name) => name.endsWith("Result"))).toEqual([])
    // and every `…Result` of the root is the twin of a plain function there
    const root = Root as unknown as Record<string, unknown>
    for (const name of Object.keys(root).filter((n) => n.endsWith("Result"))) {
      expect(typeof root[name.slice(0, -"Result".length)], name).toBe("function")
    }
  })

  /**
   * How many arguments are arbitrary: all of them for an Effect; for a `Result` function (none
   * left in the namespaces: the test above), those it declares `unknown`, the rest left to their
   * defaults.
   */
  const arbitraryArguments = (namespace: string, name: string, d: Declared, length: number) =>
    d.kind === "effect" || declared.get(`${namespace}.${name.replace(/Result$/, "")}`)?.kind === "effect"
      ? Math.max(length, 1) + 1
      : d.unknownParameters

  for (const [namespace, module] of namespaces) {
    for (const [name, f] of Object.entries(module as Record<string, unknown>)) {
      const d = declared.get(`${namespace}.${name}`)
      if (d === undefined || typeof f !== "function") continue
      const call = f as (...args: Array<unknown>) => unknown
      const count = arbitraryArguments(namespace, name, d, call.length)
      if (count === 0) continue
      const label = `${namespace}.${name}`
      it(`${label} ${d.kind === "effect" ? "fails only with" : "answers a Result failing only with"} ${d.errors.join(" | ")}`, () => {
        fc.assert(
          fc.property(fc.array(argument, { maxLength: count }), argument, (args, subject) => {
            let answer: unknown
            const error = threw(() => (answer = call(...args)))
            if (error !== undefined) expect.fail(`${label} threw ${describeError(error)}`)
            // a data-last form (`dual`) answers a function of the subject
            if (d.kind === "effect" && typeof answer === "function" && !Effect.isEffect(answer)) {
              const form = answer as (subject: unknown) => unknown
              const last = threw(() => (answer = form(subject)))
              if (last !== undefined) expect.fail(`${label}'s data-last form threw ${describeError(last)}`)
            }
            if (d.kind === "effect") {
              expect(Effect.isEffect(answer), label).toBe(true)
              const { exit } = withLogs(answer as Effect.Effect<unknown, unknown>)
              if (Exit.isSuccess(exit)) return
              if (Cause.hasDies(exit.cause)) expect.fail(`${label} died: ${describeError(Cause.squash(exit.cause))}`)
              const failure = Cause.findErrorOption(exit.cause)
              const tag = failure._tag === "Some" ? (failure.value as { _tag?: string })._tag : undefined
              expect(d.errors, `${label} failed with ${String(tag)}`).toContain(tag)
            } else {
              expect(Result.isResult(answer), label).toBe(true)
              const result = answer as Result.Result<unknown, unknown>
              if (Result.isFailure(result)) expect(d.errors).toContain((result.failure as { _tag?: string })._tag)
            }
          }),
          { numRuns: RUNS }
        )
      })
    }
  }
})

// ---------------------------------------------------------------------------
// Options: a closed set (R10.2)

describe("R10.2 every plain function refuses an option it does not have, whatever else it is given", () => {
  const withOptions = declaredOptions()
  const stray = fc.stringMatching(/^zz[a-z]{1,8}$/)

  it("the declarations name the options of the plain functions", () => {
    expect(withOptions.get("calculateRefund")).toEqual({ index: 1, parameter: "options" })
    expect(withOptions.get("searchPlansResult")).toEqual({ index: 2, parameter: "scope" })
    expect(withOptions.size).toBeGreaterThanOrEqual(20)
  })

  for (const [name, { index, parameter }] of withOptions) {
    const f = (Root as unknown as Record<string, (...args: Array<unknown>) => unknown>)[name]!
    it(`${name} refuses ${parameter}.<unknown> with unknown_option`, () => {
      fc.assert(
        fc.property(
          fc.array(argument, { minLength: index, maxLength: index }),
          fc.option(options, { nil: undefined }),
          stray,
          fc.anything().filter((v) => v !== undefined),
          (args, given, key, value) => {
            const call = () => f(...args, { ...given, [key]: value })
            if (name === "decideDeposit") {
              expect(call()).toEqual({ allocate: false, reason: "unknown_option" })
              return
            }
            let answer: unknown
            const error = threw(() => (answer = call()))
            const issues = error === undefined
              ? (answer as { issues?: ReadonlyArray<Root.Issue> }).issues
              : (error as Partial<Root.ValidationError>).issues
            expect(issues, `${name} answered ${String(error ?? JSON.stringify(answer)?.slice(0, 200))}`).toContainEqual(
              expect.objectContaining({ path: `${parameter}.${key}`, code: "unknown_option", rule: "R10.2" })
            )
          }
        ),
        { numRuns: 40 }
      )
    })
  }
})

// ---------------------------------------------------------------------------
// Every exported function of every entry point has a surface

/** The package's entry points (package.json `exports`), as their sources. */
const ENTRY_POINTS: Readonly<Record<string, string>> = {
  "payment-plan-engine": "src/index.ts",
  "payment-plan-engine/webhook": "src/webhook.ts",
  "payment-plan-engine/testing": "src/testing/arbitraries.ts",
  "payment-plan-engine/client": "src/adapters/client/index.ts",
  "payment-plan-engine/client/testing": "src/adapters/client/testing.ts",
  "payment-plan-engine/sandbox": "src/adapters/sandbox/index.ts",
  "payment-plan-engine/messaging": "src/messaging/index.ts",
  "payment-plan-engine/conformance": "src/conformance/index.ts",
  "payment-plan-engine/conformance/vitest": "src/conformance/vitest.ts"
}

/** Every function every entry point exports, namespaces' members included: `entry name`, its parameters and its answer. */
const everyFunction = (() => {
  const config = ts.getParsedCommandLineOfConfigFile(
    fileURLToPath(new URL("../../tsconfig.json", import.meta.url)),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined }
  )
  const files = Object.values(ENTRY_POINTS).map((f) => fileURLToPath(new URL(`../../${f}`, import.meta.url)))
  const program = ts.createProgram(files, { ...config!.options, noEmit: true })
  const checker = program.getTypeChecker()
  const resolve = (s: ts.Symbol) => (s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s)
  const found: Array<{ readonly entry: string; readonly name: string; readonly answer: string }> = []
  const walk = (entry: string, prefix: string, module: ts.Symbol) => {
    for (const exported of checker.getExportsOfModule(module)) {
      const symbol = resolve(exported)
      if (symbol.flags & ts.SymbolFlags.ValueModule) walk(entry, `${prefix}${exported.getName()}.`, symbol)
      else if (symbol.flags & (ts.SymbolFlags.Function | ts.SymbolFlags.Variable)) {
        const signatures = checker.getTypeOfSymbol(symbol).getCallSignatures()
        // a class or a Schema is no function of the surface
        if (signatures.length === 0 || symbol.flags & ts.SymbolFlags.Class) continue
        const last = signatures.at(-1)!
        const answer = last.getReturnType()
        found.push({
          entry,
          name: `${prefix}${exported.getName()}`,
          answer: (answer.aliasSymbol ?? answer.getSymbol())?.getName() ?? checker.typeToString(answer)
        })
      }
    }
  }
  for (const [entry, file] of Object.entries(ENTRY_POINTS)) {
    const source = program.getSourceFile(fileURLToPath(new URL(`../../${file}`, import.meta.url)))!
    walk(entry, "", checker.getSymbolAtLocation(source)!)
  }
  return found.filter(({ name }) => !/^[A-Z_]+$/.test(name.split(".").at(-1)!))
})()

/**
 * The surfaces a function can have, and so the channel of its warnings (R10.2): `root` (the
 * root's conventions, above), `operation` (a namespace's or the webhook module's Effect: a typed
 * failure, its warnings logged or in its value), `messaging` (the `{ ok }` answer and process
 * warnings of the root's conventions), `helper` (typed values in, a value out: no options object,
 * no resource read from the outside, so no unknown field or option to report), and the adapters'
 * functions, each with its own options checked by its own module (docs/client.md, docs/sandbox.md,
 * docs/conformance.md, docs/testing.md).
 */
type SurfaceOf = "root" | "operation" | "messaging" | "helper" | "adapter"

const surfaceOf = ({ entry, name, answer }: (typeof everyFunction)[number]): SurfaceOf | undefined => {
  if (entry === "payment-plan-engine" && !name.includes(".")) {
    return conventionOf(name) === undefined
      ? undefined
      : "root"
  }
  if (answer === "Effect" && (entry === "payment-plan-engine" || entry === "payment-plan-engine/webhook")) {
    return "operation"
  }
  if (entry === "payment-plan-engine/messaging") return "messaging"
  if (entry === "payment-plan-engine" || entry === "payment-plan-engine/webhook") return "helper"
  return "adapter"
}

describe("every exported function of every entry point has a surface (R10.2)", () => {
  it("the enumeration finds every entry point's functions, and each has a surface", () => {
    const entries = new Set(everyFunction.map((f) => f.entry))
    expect(entries.size).toBe(Object.keys(ENTRY_POINTS).length)
    const without = everyFunction.filter((f) => surfaceOf(f) === undefined).map((f) => `${f.entry} ${f.name}`)
    expect(without).toEqual([])
    const operations = everyFunction.filter((f) => surfaceOf(f) === "operation").map((f) => f.name)
    // the namespaces' Effects found by their answers; each is exercised below
    expect(operations).toEqual(expect.arrayContaining(["Refund.calculate", "Checkout.summarize", "Plan.apply"]))
    expect(operations.length).toBeGreaterThanOrEqual(17)
  })

  it("a namespace's helper takes no options object: a function that takes one is an operation with a contract", () => {
    const rootProgram = declaredOptions()
    const helpersWithOptions = everyFunction.filter((f) => surfaceOf(f) === "helper")
      .map((f) => f.name)
      .filter((name) => rootProgram.has(name))
    expect(helpersWithOptions).toEqual([])
  })
})

// ---------------------------------------------------------------------------
// The namespaces' options: a closed set (R10.2)

/** Every namespace Effect whose last parameter is its options: its index. */
const namespaceOptions = (() => {
  const found = new Map<string, number>()
  for (const { name, signature } of namespaceSignatures()) {
    const answer = signature.getReturnType()
    if ((answer.aliasSymbol ?? answer.getSymbol())?.getName() !== "Effect") continue
    const parameters = signature.getParameters()
    if (parameters.at(-1)?.getName() === "options") found.set(name, parameters.length - 1)
  }
  return found
})()

/** A call of a namespace's function by its dotted name. */
const namespaced = (name: string): (...args: Array<unknown>) => unknown => {
  const [namespace, member] = name.split(".") as [string, string]
  return (Root as unknown as Record<string, Record<string, (...args: Array<unknown>) => unknown>>)[namespace]![member]!
}

/** The typed failure of an Effect that failed, or undefined when it succeeded; a defect fails the test. */
const failureOf = (label: string, exit: Exit.Exit<unknown, unknown>): { readonly _tag?: string } | undefined => {
  if (Exit.isSuccess(exit)) return undefined
  if (Cause.hasDies(exit.cause)) expect.fail(`${label} died: ${describeError(Cause.squash(exit.cause))}`)
  const failure = Cause.findErrorOption(exit.cause)
  return failure._tag === "Some" ? failure.value as { readonly _tag?: string } : undefined
}

describe("R10.2 every namespace operation refuses an option it does not have (a typed failure), naming the nearest", () => {
  const stray = fc.stringMatching(/^zz[a-z]{1,8}$/)

  it("the declarations name the options of the namespaces' operations", () => {
    expect(namespaceOptions.get("Refund.calculate")).toBe(1)
    expect(namespaceOptions.get("PlanTerms.compute")).toBe(2)
    expect(namespaceOptions.get("Checkout.validateRequest")).toBe(1)
    // every operation of the namespaces takes options: unknownFields, at least (R10.2)
    const operations = everyFunction.filter((f) => surfaceOf(f) === "operation" && f.entry === "payment-plan-engine")
    expect(operations.map((f) => f.name).filter((name) => !namespaceOptions.has(name))).toEqual([])
  })

  for (const [name, index] of namespaceOptions) {
    const f = namespaced(name)
    it(`${name} refuses options.<unknown> with unknown_option, and names a near miss`, () => {
      fc.assert(
        fc.property(
          fc.array(argument, { minLength: index, maxLength: index }),
          fc.option(options, { nil: undefined }),
          fc.oneof(stray, fc.constant("unknownField")),
          fc.anything().filter((v) => v !== undefined),
          (args, given, key, value) => {
            const { exit } = withLogs(f(...args, { ...given, [key]: value }) as Effect.Effect<unknown, unknown>)
            const failure = failureOf(name, exit) as Partial<Root.ValidationError> | undefined
            expect(failure?._tag, `${name} answered ${Exit.isSuccess(exit) ? "a value" : String(exit.cause)}`).toBe(
              "ValidationError"
            )
            expect(failure?.issues).toContainEqual(
              expect.objectContaining({ path: `options.${key}`, code: "unknown_option", rule: "R10.2" })
            )
            if (key === "unknownField") {
              expect(failure?.issues?.find((i) => i.path === "options.unknownField")?.message).toContain(
                "(did you mean \"unknownFields\"?)"
              )
            }
          }
        ),
        { numRuns: 25 }
      )
    })
  }
})

// ---------------------------------------------------------------------------
// A near miss of a field, on every surface (R10.2)

/** The root's function of each namespace operation with a working call in any-input.ts: the same operation. */
const NAMESPACE_TWIN: Readonly<Record<string, string>> = {
  calculateRefund: "Refund.calculate",
  summarizeCheckout: "Checkout.summarize",
  computePlanTerms: "PlanTerms.compute",
  createPlanRecord: "Plan.create",
  applyPlanEvent: "Plan.apply",
  listPlanNotes: "Notes.list",
  splitInstallments: "Money.splitInstallments"
}

/**
 * The arguments each operation reads strictly, whose unknown fields it reports (R10.2): requests,
 * plans to calculate, events, parameters. The others are read tolerantly, as the service's answers
 * (R9: a plan-terms response, a plan record the lifecycle keeps), or are not resources (numbers).
 */
const STRICT_DATA: Readonly<Record<string, ReadonlyArray<number>>> = {
  calculateRefund: [0],
  summarizeCheckout: [0],
  computePlanTerms: [0, 1],
  createPlanRecord: [0],
  applyPlanEvent: [1],
  listPlanNotes: [1],
  splitInstallments: []
}

/**
 * A working call with one top-level field of its data renamed by one letter (a near miss), or
 * undefined when the call has no data with fields (a split without a merchant configuration): the
 * data is an argument the operation reads strictly, or the merchant configuration its options carry.
 */
const nearMiss = (name: string) =>
  fc.tuple(workingCalls[name]!, fc.nat()).map(([args, at]) => {
    const last = args.length - 1
    const options = args[last]
    const isObject = (u: unknown): u is Record<string, unknown> =>
      typeof u === "object" && u !== null && !Array.isArray(u)
    const targets: Array<
      { readonly get: () => Record<string, unknown>; readonly put: (data: unknown) => Array<unknown> }
    > = []
    args.forEach((a, i) => {
      if (STRICT_DATA[name]!.includes(i) && isObject(a) && Object.keys(a).length > 0) {
        targets.push({ get: () => a, put: (data) => args.map((b, j) => (j === i ? data : b)) })
      }
    })
    if (isObject(options) && isObject(options["merchant"]) && Object.keys(options["merchant"]).length > 0) {
      const merchant = options["merchant"]
      targets.push({ get: () => merchant, put: (data) => [...args.slice(0, last), { ...options, merchant: data }] })
    }
    if (targets.length === 0) return undefined
    const target = targets[at % targets.length]!
    const data = target.get()
    const keys = Object.keys(data).filter((k) => k !== "_tag" && data[k] !== undefined)
    const key = keys[at % keys.length]!
    const missed = `${key}x`
    const { [key]: moved, ...rest } = data
    return { args: target.put({ ...rest, [missed]: moved }), missed, key }
  })

describe("R10.2 a near miss of a field is reported with its suggestion on every surface", () => {
  for (const [name, operation] of Object.entries(NAMESPACE_TWIN)) {
    if (workingCalls[name] === undefined || typeof namespaced(operation) !== "function") continue
    it(`${name}, its twin and ${operation}: the field named, the one meant suggested`, () => {
      const root = Root as unknown as Record<string, (...args: Array<unknown>) => unknown>
      let checked = 0
      fc.assert(
        fc.property(nearMiss(name), (call) => {
          if (call === undefined) return
          checked++
          const { args, missed, key } = call
          const suggestion = `(did you mean ${JSON.stringify(key)}?)`
          const reported = (issues: ReadonlyArray<Root.Issue> | undefined) =>
            (issues ?? []).some((i) =>
              i.code === "unknown_field" && i.path.endsWith(missed) && i.message.includes(suggestion)
            )
          // the twin: its warnings, whether it answers or refuses
          const answer = root[`${name}Result`]!(...args) as Root.Validation<unknown>
          expect(reported(answer.warnings), `${name}Result: ${JSON.stringify(answer.warnings)}`).toBe(true)
          // the namespace's Effect: its log when it succeeds, its error's warnings when it fails
          const { exit, logged } = withLogs(namespaced(operation)(...args) as Effect.Effect<unknown, unknown>)
          const failure = failureOf(operation, exit) as Partial<Root.ValidationError> | undefined
          if (failure?._tag === "ValidationError") expect(reported(failure.warnings)).toBe(true)
          else {
            const line = logged.find((l) => String(l.message).includes(`${missed} `))
            expect(line?.level, `${operation} logged ${JSON.stringify(logged)}`).toBe("Warn")
            expect(String(line?.message)).toContain(suggestion)
            expect(line?.annotations).toMatchObject({ operation, code: "unknown_field", rule: "R10.2" })
          }
        }),
        { numRuns: 20 }
      )
      // the property saw near misses, not only calls without data
      expect(checked).toBeGreaterThan(0)
    })
  }
})

// ---------------------------------------------------------------------------
// A namespace's operation says what its root twin says

describe("R10.2 every namespace operation says what its root twin says: its value or issues, its warnings as logs", () => {
  const root = Root as unknown as Record<string, (...args: Array<unknown>) => unknown>

  it("every root function with a namespace operation is paired, and each pair names two functions", () => {
    for (const [name, operation] of Object.entries(NAMESPACE_TWIN)) {
      expect(typeof root[name], name).toBe("function")
      expect(typeof namespaced(operation), operation).toBe("function")
    }
    expect(Object.keys(STRICT_DATA).toSorted()).toEqual(Object.keys(NAMESPACE_TWIN).toSorted())
  })

  for (const [name, operation] of Object.entries(NAMESPACE_TWIN)) {
    it(`${operation} and ${name}Result`, () => {
      fc.assert(
        fc.property(perturbedCall(name, root[name]!.length), (args) => {
          const answer = root[`${name}Result`]!(...args) as Root.Validation<unknown>
          const { exit, logged } = withLogs(namespaced(operation)(...args) as Effect.Effect<unknown, unknown>)
          const failure = failureOf(operation, exit) as
            | { readonly _tag?: string; readonly code?: string; readonly issues?: unknown; readonly warnings?: unknown }
            | undefined
          if (answer.ok) {
            expect(Exit.isSuccess(exit), `${operation} failed where ${name}Result answered`).toBe(true)
            expect(Exit.isSuccess(exit) && exit.value).toEqual(answer.value)
            // the twin's warnings are the Effect's logs, one a warning, with its path, code and rule
            expect(logged.map((l) => l.annotations)).toEqual(
              answer.warnings.map((w) => ({ operation, path: w.path, code: w.code, rule: w.rule }))
            )
          } else if (failure?._tag === "PlanTransitionError") {
            // the twin answers a plan's refusal as one issue, `conflict` at `event` (docs/api.md)
            expect(answer.issues).toEqual([expect.objectContaining({ path: "event", code: "conflict" })])
            expect(answer.issues[0]?.message).toContain(String(failure.code))
          } else {
            expect(failure?._tag).toBe("ValidationError")
            expect(failure?.issues).toEqual(answer.issues)
            expect(failure?.warnings).toEqual(answer.warnings)
          }
        }),
        { numRuns: 30 }
      )
    })
  }
})

// ---------------------------------------------------------------------------
// Every declared option is accepted (R10.2)

/** The option names the declarations give each function's options parameter: root functions and namespace operations. */
const declaredOptionNames = (() => {
  const { checker, exports, resolve } = declarations
  const found = new Map<string, { readonly index: number; readonly names: ReadonlyArray<string> }>()
  const add = (name: string, symbol: ts.Symbol) => {
    for (const signature of checker.getTypeOfSymbol(symbol).getCallSignatures()) {
      const parameters = signature.getParameters()
      const last = parameters.at(-1)
      if (last === undefined || !OPTIONS_PARAMETERS.has(last.getName())) continue
      const type = checker.getNonNullableType(checker.getTypeOfSymbol(last))
      const names = checker.getPropertiesOfType(type).map((p) => p.getName())
      if (names.length > 0) found.set(name, { index: parameters.length - 1, names })
    }
  }
  for (const exported of exports) {
    const symbol = resolve(exported)
    if (symbol.flags & ts.SymbolFlags.ValueModule) {
      for (const member of checker.getExportsOfModule(symbol)) {
        const inner = resolve(member)
        if (inner.flags & (ts.SymbolFlags.Function | ts.SymbolFlags.Variable)) {
          add(`${exported.getName()}.${member.getName()}`, inner)
        }
      }
    } else if (symbol.flags & (ts.SymbolFlags.Function | ts.SymbolFlags.Variable)) add(exported.getName(), symbol)
  }
  return found
})()

describe("R10.2 every option a function declares is accepted at run time: the option lists are the contracts'", () => {
  it("the declarations name the options of the root's functions and of the namespaces' operations", () => {
    expect(declaredOptionNames.get("calculateRefund")?.names.toSorted()).toEqual(
      ["at", "merchant", "timeZone", "unknownFields"]
    )
    expect(declaredOptionNames.get("Refund.calculate")?.names.toSorted()).toEqual(
      ["at", "merchant", "timeZone", "unknownFields"]
    )
    expect(declaredOptionNames.size).toBeGreaterThanOrEqual(35)
  })

  for (const [name, { index, names }] of declaredOptionNames) {
    if (name === "decideDeposit" || name === "Verification.decideDeposit") continue // R8's answer, not issues
    const f = name.includes(".")
      ? namespaced(name)
      : (Root as unknown as Record<string, (...args: Array<unknown>) => unknown>)[name]!
    it(`${name} accepts each of its options: ${names.join(", ")}`, () => {
      fc.assert(
        fc.property(
          fc.array(argument, { minLength: index, maxLength: index }),
          fc.constantFrom(...names),
          fc.anything().filter((v) => v !== undefined),
          (args, key, value) => {
            let answer: unknown
            const error = threw(() => (answer = f(...args, { [key]: value })))
            const issues = error !== undefined
              ? (error as Partial<Root.ValidationError>).issues
              : Effect.isEffect(answer)
              ? (failureOf(name, withLogs(answer as Effect.Effect<unknown, unknown>).exit) as
                | Partial<Root.ValidationError>
                | undefined)?.issues
              : (answer as { issues?: ReadonlyArray<Root.Issue> } | undefined)?.issues
            expect((issues ?? []).filter((i) => i.code === "unknown_option")).toEqual([])
          }
        ),
        { numRuns: 15 }
      )
    })
  }
})

// ---------------------------------------------------------------------------
// Every namespace operation is a span named for it

describe("every namespace operation runs in a span named for it when a tracer is installed", () => {
  const operations = [...namespaceOptions.keys()]

  it("finds the operations", () => {
    expect(operations.length).toBeGreaterThanOrEqual(17)
  })

  for (const name of operations) {
    it(`${name} opens one span, "${name}", whatever it is given`, () => {
      const f = namespaced(name)
      fc.assert(
        fc.property(
          fc.array(argument, { minLength: namespaceOptions.get(name)!, maxLength: namespaceOptions.get(name)! }),
          (args) => {
            const names: Array<string> = []
            const tracer = Tracer.make({
              span: (options) => {
                names.push(options.name)
                return new Tracer.NativeSpan(options)
              }
            })
            withLogs(Effect.withTracer(f(...args, {}) as Effect.Effect<unknown, unknown>, tracer))
            expect(names).toEqual([name])
          }
        ),
        { numRuns: 10 }
      )
    })
  }
})
