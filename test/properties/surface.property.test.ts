/**
 * Executable specification of the public surface's promises for any input (R10.2, R4.9: any input
 * gives issues, never an exception):
 *
 * - every validator and `…Result` twin of the package root answers `{ ok }`, whatever it is given;
 * - every calculation of the root returns or throws a typed error (`ValidationError`,
 *   `PlanTransitionError`), never a `TypeError`: the facade skips no check;
 * - every Effect of the namespaces (`Checkout`, `Plan`, `Refund`, …) fails only with the errors its
 *   type declares, never with a defect, and every namespace `Result` function returns a `Result`.
 *
 * The functions are enumerated from the module's exports (the Effects by their declared return
 * type, read with the TypeScript checker), so a function exported tomorrow is covered the day it
 * is exported; a root function that fits no convention fails the enumeration itself.
 * The inputs mix `fc.anything()` with near-valid ones from the testing kit, mutated at one place.
 */
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import fc from "fast-check"
import { fileURLToPath } from "node:url"
import ts from "typescript"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import * as Root from "../../src/index.ts"
import * as WebhookModule from "../../src/webhook.ts"
import { argument, argumentLists, isPlainObject, options } from "./any-input.ts"

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

const declaredAnswers = (): ReadonlyMap<string, Declared> => {
  const { checker, exports, instrumented, resolve } = declarations
  const names = (t: ts.Type): Array<string> =>
    t.flags & ts.TypeFlags.Never
      ? []
      : t.isUnion()
      ? t.types.flatMap(names)
      : [(t.aliasSymbol ?? t.getSymbol())?.getName() ?? checker.typeToString(t)]
  const found = new Map<string, Declared>()
  for (const exported of exports) {
    const namespace = resolve(exported)
    if (!(namespace.flags & ts.SymbolFlags.ValueModule)) continue
    for (const member of checker.getExportsOfModule(namespace)) {
      const symbol = resolve(member)
      if (!(symbol.flags & (ts.SymbolFlags.Function | ts.SymbolFlags.Variable))) continue
      for (const signature of checker.getTypeOfSymbol(symbol).getCallSignatures()) {
        const answer = instrumented ? checker.getNonNullableType(signature.getReturnType()) : signature.getReturnType()
        const kind = (answer.aliasSymbol ?? answer.getSymbol())?.getName()
        const parameters = signature.getParameters()
        const typed = parameters.findIndex((p) =>
          (checker.getTypeOfSymbol(p).flags & (ts.TypeFlags.Unknown | ts.TypeFlags.Any)) === 0
        )
        const unknownParameters = typed === -1 ? parameters.length : typed
        if (kind === "Effect") {
          const [, errors] = checker.getTypeArguments(answer as ts.TypeReference)
          found.set(`${exported.getName()}.${member.getName()}`, {
            kind: "effect",
            errors: names(errors!),
            unknownParameters
          })
        } else if (kind === "Result" && answer.aliasTypeArguments !== undefined) {
          found.set(`${exported.getName()}.${member.getName()}`, {
            kind: "result",
            errors: names(answer.aliasTypeArguments[1]!),
            unknownParameters
          })
        }
      }
    }
  }
  return found
}

describe("the namespaces' Effects and Results, for any input (R4.9)", () => {
  const declared = declaredAnswers()
  const namespaces = Object.entries(Root).filter(([, v]) => typeof v === "object" && v !== null)

  it("the declarations name the Effects and Results of every namespace", () => {
    // a classification that came back empty would make the properties below vacuous
    expect(declared.get("Refund.calculate")).toEqual({
      kind: "effect",
      errors: ["ValidationError"],
      unknownParameters: 1
    })
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
          fc.property(fc.array(argument, { maxLength: count }), (args) => {
            let answer: unknown
            const error = threw(() => (answer = call(...args)))
            if (error !== undefined) expect.fail(`${label} threw ${describeError(error)}`)
            if (d.kind === "effect") {
              expect(Effect.isEffect(answer), label).toBe(true)
              const exit = Effect.runSyncExit(answer as Effect.Effect<unknown, unknown>)
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
