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
import fc from "fast-check"
import { fileURLToPath } from "node:url"
import ts from "typescript"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import * as Root from "../../src/index.ts"
import {
  checkoutRequest,
  instant,
  managedPlan,
  merchantConfiguration,
  planEvent,
  planSummaries,
  planTermsRequest,
  refundPlan,
  refundPolicies,
  timeZone
} from "../../src/testing/arbitraries.ts"

const NOW = Date.UTC(2026, 10, 22)
const RUNS = 60

// Throwing functions report unknown fields as process warnings: keep them off the test's output.
beforeAll(() => {
  vi.spyOn(process, "emitWarning").mockImplementation(() => undefined)
})
afterAll(() => {
  vi.restoreAllMocks()
})

// ---------------------------------------------------------------------------
// Inputs

const isPlainObject = (u: unknown): u is Record<string, unknown> =>
  typeof u === "object" && u !== null && Object.getPrototypeOf(u) === Object.prototype

/** Every place of a JSON-like value where a value can be put: its containers and their keys. */
const places = (value: unknown, found: Array<[Record<string, unknown> | Array<unknown>, string | number]> = []) => {
  if (Array.isArray(value)) {
    value.forEach((v, i) => {
      found.push([value, i])
      places(v, found)
    })
  } else if (isPlainObject(value)) {
    for (const key of Object.keys(value)) {
      found.push([value, key])
      places(value[key], found)
    }
  }
  return found
}

/** A copy of the arrays and plain objects of a value (anything else is shared). */
const copied = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(copied)
    : isPlainObject(value)
    ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copied(v)]))
    : value

/** `value` with the value at one of its places replaced (or a key added at the top). */
const mutated = (value: unknown, at: number, replacement: unknown, key: string): unknown => {
  const copy = copied(value)
  const all = places(copy)
  if (all.length === 0) return isPlainObject(copy) ? { [key]: replacement } : copy
  const [container, k] = all[at % all.length]!
  ;(container as Record<string | number, unknown>)[k] = replacement
  if (at % 7 === 0 && isPlainObject(copy)) copy[key] = replacement
  return copy
}

const options = fc.record(
  {
    at: fc.oneof(instant, fc.constant("2027-01-20T09:00:00+11:00")),
    now: fc.oneof(instant, fc.constant(NOW)),
    timeZone,
    merchant: merchantConfiguration(),
    planId: fc.constantFrom("plan_1", ""),
    selfUrl: fc.constantFrom("/api/v2/plans/plan_1/notes", "https://x.example/notes"),
    merchantId: fc.constantFrom("merchant-a", "merchant-123"),
    checkoutId: fc.constantFrom("chk_1", "chk_7Hq2LmX9"),
    unknownFields: fc.constantFrom("warn", "error", "ignore", "loud")
  },
  { requiredKeys: [] }
)

const nearValid: fc.Arbitrary<unknown> = fc.oneof(
  checkoutRequest({ now: NOW }),
  checkoutRequest({ now: NOW }).map((request) => ({ ...request, id: "chk_1" })),
  refundPlan({ now: NOW }),
  managedPlan(),
  managedPlan().chain((plan) => planEvent(plan)),
  merchantConfiguration(),
  planTermsRequest(),
  refundPolicies,
  planSummaries(4),
  options,
  fc.record({ limit: fc.constantFrom("5", 500, -1), filters: fc.constant([]), page: fc.integer() }, {
    requiredKeys: []
  }),
  fc.record({ planId: fc.constant("plan_1"), pageSize: fc.constantFrom("10", 0) }, { requiredKeys: [] }),
  fc.constantFrom(
    "AUD",
    "JPY",
    "Australia/Sydney",
    "2027-03-01",
    "https://shop.example/return?service_checkout_id=chk_1",
    new URLSearchParams("limit=2&sortField=nope"),
    100,
    3,
    0.5
  ),
  instant
)

const argument: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 2, arbitrary: fc.anything() },
  { weight: 3, arbitrary: nearValid },
  {
    weight: 3,
    arbitrary: fc.tuple(nearValid, fc.nat(), fc.anything(), fc.constantFrom("zz", "timezone", "refundPolicy")).map((
      [value, at, replacement, key]
    ) => mutated(value, at, replacement, key))
  }
)

const argumentLists = (length: number) => fc.array(argument, { minLength: 0, maxLength: Math.max(length, 1) + 1 })

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
const declaredAnswers = (): ReadonlyMap<string, Declared> => {
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
  const names = (t: ts.Type): Array<string> =>
    t.flags & ts.TypeFlags.Never
      ? []
      : t.isUnion()
      ? t.types.flatMap(names)
      : [(t.aliasSymbol ?? t.getSymbol())?.getName() ?? checker.typeToString(t)]
  const found = new Map<string, Declared>()
  for (const exported of checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(entry)!)!)) {
    const namespace = resolve(exported)
    if (!(namespace.flags & ts.SymbolFlags.ValueModule)) continue
    for (const member of checker.getExportsOfModule(namespace)) {
      const symbol = resolve(member)
      if (!(symbol.flags & (ts.SymbolFlags.Function | ts.SymbolFlags.Variable))) continue
      for (const signature of checker.getTypeOfSymbol(symbol).getCallSignatures()) {
        const answer = signature.getReturnType()
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
    expect(declared.get("Refund.quote")).toEqual({ kind: "effect", errors: ["ValidationError"], unknownParameters: 1 })
    expect(declared.get("Plan.apply")?.errors.toSorted()).toEqual(["PlanTransitionError", "ValidationError"])
    expect(declared.get("Checkout.summarizeResult")?.kind).toBe("result")
    expect([...declared.values()].filter((d) => d.kind === "effect").length).toBeGreaterThanOrEqual(12)
    // every one is a function at run time
    for (const name of declared.keys()) {
      const [namespace, member] = name.split(".") as [string, string]
      expect(typeof (Root as unknown as Record<string, Record<string, unknown>>)[namespace]?.[member], name).toBe(
        "function"
      )
    }
  })

  /**
   * How many arguments are arbitrary: all of them for an Effect and for its synchronous twin
   * (`quote` and `quoteResult`); for another `Result` function, those it declares `unknown`
   * (`Merchant.decodeResult`'s input, not its path), the rest left to their defaults. A `Result`
   * function over a typed input (`Checkout.priceResult`, for hot loops) promises nothing for
   * another shape, which its type does not let through: 0.
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
