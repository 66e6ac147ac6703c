/**
 * Every fast predicate equals the report it stands in for (R4.1: every violation reported, and
 * the same ones whichever way validation runs).
 *
 * A check of the Schema kit carries a predicate (`PREDICATE`) that compiled validators and
 * guards call instead of running the check: on the happy path they ask the predicate alone,
 * and report only when it says no. Where the predicate is written apart from the report (an
 * `allOf` group's one predicate for all its members), or shares it, a predicate that says yes
 * to a value the report refuses lets an invalid input through, silently, and one that says no
 * to a value the report accepts refuses a valid one without a word.
 *
 * The checks are not listed here: they are found by walking every schema the core exports and
 * every schema it compiles into a validator or a guard (recorded as the modules load), so a
 * check is covered the day it is written. For each one, values of its node's type (its parts
 * valid, so the check is what decides) must give `predicate(x) === (report(x) has no issue)`,
 * the report being Effect Schema's own run of the check; and the validator compiled from the
 * node with that check alone reports an issue exactly when the predicate says no.
 *
 * The guards compiled from whole schemas are fast predicates too: each says yes exactly when
 * the validator of its schema finds no issue.
 */
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import * as SchemaAST from "effect/SchemaAST"
import fc from "fast-check"
import { readdirSync, statSync } from "node:fs"
import { describe, expect, it, vi } from "vitest"
import type * as Validator from "../../src/core/internal/validator.ts"

// The schemas the core compiles, recorded as its modules load (before the imports below run).
const compiled = vi.hoisted(() => ({
  validators: [] as Array<{ schema: unknown; options: unknown }>,
  guards: [] as Array<{ schema: unknown; options: unknown }>,
  other: [] as Array<unknown>
}))
vi.mock("../../src/core/internal/validator.ts", async (importOriginal) => {
  const original = await importOriginal<typeof Validator>()
  return {
    ...original,
    compileValidator: (schema: any, options: any) => {
      compiled.validators.push({ schema, options })
      return original.compileValidator(schema, options)
    },
    compileGuard: (schema: any, options?: any) => {
      compiled.guards.push({ schema, options })
      return original.compileGuard(schema, options)
    },
    unknownFieldsOf: (schema: any) => {
      compiled.other.push(schema)
      return original.unknownFieldsOf(schema)
    }
  }
})

import { CheckoutItem, itemAmountIssues, itemAmountsExact } from "../../src/core/checkout/request.ts"
import type { Issue } from "../../src/core/foundation/issues.ts"
import { MAX_MINOR_UNITS } from "../../src/core/foundation/money.ts"
import { PREDICATE } from "../../src/core/internal/schema-kit.ts"
import { compileGuard, compileValidator } from "../../src/core/internal/validator.ts"

// ---------------------------------------------------------------------------
// The schemas: every export of every module of the core, and every schema it compiles

const coreDirectory = new URL("../../src/core/", import.meta.url)
const sources = (directory: URL): Array<URL> =>
  readdirSync(directory).flatMap((name) => {
    const url = new URL(name, directory)
    if (statSync(url).isDirectory()) return sources(new URL(`${name}/`, directory))
    return name.endsWith(".ts") ? [url] : []
  })
const modules = await Promise.all(sources(coreDirectory).map((url) => import(url.href)))

const exported = modules.flatMap((m: Record<string, unknown>) => Object.values(m).filter(Schema.isSchema))
const roots: Array<SchemaAST.AST> = [
  ...exported,
  ...[...compiled.validators, ...compiled.guards].map((c) => c.schema),
  ...compiled.other
].filter(Schema.isSchema).map((s) => s.ast)

/** A check of ours: a filter or a group of them with the predicate compiled code calls. */
interface Found {
  readonly check: SchemaAST.Check<unknown>
  readonly node: SchemaAST.AST
  readonly name: string
}

const predicateOf = (check: SchemaAST.Check<unknown>) => {
  const p = (check.annotations as Record<string, unknown> | undefined)?.[PREDICATE]
  return typeof p === "function" ? (p as (value: unknown) => boolean) : undefined
}

const nameOf = (check: SchemaAST.Check<unknown>, node: SchemaAST.AST): string => {
  const a = check.annotations as Record<string, unknown> | undefined
  const what = check._tag === "FilterGroup"
    ? `allOf(${check.checks.map((c) => nameOf(c, node)).join(" & ")})`
    : String(a?.["message"] ?? a?.["expected"] ?? "a check")
  return `${node._tag}: ${what}`
}

const found = new Map<SchemaAST.Check<unknown>, Found>()
const visited = new Set<SchemaAST.AST>()
const harvested = { numbers: new Set<number>(), strings: new Set<string>() }

const harvest = (value: unknown) => {
  const text = JSON.stringify(value, (_, v) => (typeof v === "function" || typeof v === "symbol" ? undefined : v)) ?? ""
  for (const n of text.match(/-?\d+(\.\d+)?/g) ?? []) harvested.numbers.add(Number(n))
}

const collect = (check: SchemaAST.Check<unknown>, node: SchemaAST.AST) => {
  harvest(check.annotations)
  // the words of a text check's message: an enumeration's values ("must be one of Currency, Percentage")
  const message = (check.annotations as Record<string, unknown> | undefined)?.["message"]
  if (node._tag === "String" && typeof message === "string") {
    for (const word of message.match(/[A-Za-z][\w/]+/g) ?? []) harvested.strings.add(word)
  }
  if (predicateOf(check) !== undefined && !found.has(check)) {
    found.set(check, { check, node, name: nameOf(check, node) })
  }
  if (check._tag === "FilterGroup") { for (const member of check.checks) collect(member, node) }
}

const walk = (ast: SchemaAST.AST): void => {
  if (visited.has(ast)) return
  visited.add(ast)
  for (const check of ast.checks ?? []) collect(check, ast)
  switch (ast._tag) {
    case "Literal":
      if (typeof ast.literal === "string") harvested.strings.add(ast.literal)
      if (typeof ast.literal === "number") harvested.numbers.add(ast.literal)
      return
    case "Objects":
      for (const p of ast.propertySignatures) walk(p.type)
      for (const i of ast.indexSignatures) walk(i.type)
      return
    case "Arrays":
      for (const e of [...ast.elements, ...ast.rest]) walk(e)
      return
    case "Union":
      for (const t of ast.types) walk(t)
      return
    case "Suspend":
      return walk(ast.thunk())
    case "Declaration":
      for (const t of ast.typeParameters) walk(t)
      return
    default:
      return
  }
}
for (const root of roots) walk(root)

// ---------------------------------------------------------------------------
// Values of a node's type, its parts valid

const SPECIAL_STRINGS = [
  "",
  " ",
  ".",
  "..",
  "a b",
  "\n",
  "\r",
  "\u2028",
  "\u2029",
  "\t",
  "\ud800",
  "x\udc00y",
  "\u{1f600}",
  "\u212a",
  "AUD",
  "aud",
  "JPY",
  "XXX",
  "KWD",
  "https://shop.example/return",
  "http://shop.example",
  "https://user:pass@shop.example/",
  "ftp://shop.example/",
  "shop.example",
  "2026-11-22",
  "2026-02-29",
  "2026-11-22T10:00:00Z",
  "2026-11-22T10:00:00+11:00",
  "2026-11-22T10:00:00",
  "Australia/Sydney",
  "UTC",
  "Mars/Base",
  "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
  "whsec_",
  "whsec_not base64",
  "true",
  "false",
  "12",
  "1e3",
  "-1"
]
const ALPHABET = ["a", "Z", "0", " ", "\u{1f600}", "\ud800", "-", "_"]

const lengths = [...harvested.numbers].filter((n) => Number.isInteger(n) && n >= 0 && n <= 5000)
  .flatMap((n) => [n - 1, n, n + 1, Math.floor(n / 2), Math.ceil(n / 2), 2 * n])
  .filter((n) => n >= 0 && n <= 10_000)

const stringPool = [
  ...SPECIAL_STRINGS,
  ...[...harvested.strings].flatMap((s) => [s, s.toLowerCase(), s.toUpperCase(), `${s} `])
]

const someString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...stringPool) },
  {
    weight: 2,
    arbitrary: fc.tuple(fc.constantFrom(...lengths), fc.constantFrom(...ALPHABET), fc.constantFrom(...ALPHABET)).map(
      ([n, a, b]) => (a.repeat(n) + b).slice(0, Math.max(n, 0))
    )
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 12 }) }
)

const numberPool = [
  ...new Set(
    [...harvested.numbers, 0, 1, 2, 100, 2 ** 51, 2 ** 53, Number.MAX_SAFE_INTEGER].flatMap((n) => [
      n,
      -n,
      n + 1,
      n - 1,
      n + 0.5,
      n - 0.5,
      n + 0.001
    ])
  ),
  -0,
  0.1,
  0.005,
  1e21,
  Number.MIN_VALUE,
  Number.NaN,
  Infinity,
  -Infinity
]

const someNumber: fc.Arbitrary<number> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...numberPool) },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 40 }) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.integer() }
)

const isValid = new Map<SchemaAST.AST, (value: unknown) => boolean>()
const validates = (ast: SchemaAST.AST) => {
  let is = isValid.get(ast)
  if (is === undefined) {
    const decode = Schema.decodeUnknownResult(Schema.make(SchemaAST.toType(ast)) as Schema.Codec<unknown, unknown>)
    is = (value) => Result.isSuccess(decode(value))
    isValid.set(ast, is)
  }
  return is
}

const typed = new Map<SchemaAST.AST, fc.Arbitrary<unknown>>()
const valid = new Map<SchemaAST.AST, fc.Arbitrary<unknown>>()

/** Values of `ast`'s type whose parts are valid, whatever `ast`'s own checks say of them. */
const valuesOf = (ast: SchemaAST.AST): fc.Arbitrary<unknown> => {
  let known = typed.get(ast)
  if (known !== undefined) return known
  typed.set(ast, fc.constant(undefined)) // a schema that contains itself is cut at this depth
  known = typedNow(ast)
  typed.set(ast, known)
  return known
}

const typedNow = (ast: SchemaAST.AST): fc.Arbitrary<unknown> => {
  switch (ast._tag) {
    case "String":
    case "TemplateLiteral":
      return someString
    case "Number":
      return someNumber
    case "Boolean":
      return fc.boolean()
    case "Literal":
      return fc.constant(ast.literal)
    case "Null":
      return fc.constant(null)
    case "Undefined":
    case "Void":
      return fc.constant(undefined)
    case "Union":
      return fc.oneof(...ast.types.map(validOf))
    case "Suspend":
      return valuesOf(ast.thunk())
    case "Arrays": {
      const element = ast.rest[0] === undefined ? fc.anything() : validOf(ast.rest[0])
      const elements = ast.elements.map(validOf)
      // long lists now and then: a check may read a long one another way (refund policies past 32)
      const rest = fc.oneof(
        { weight: 5, arbitrary: fc.array(element, { maxLength: 6 }) },
        { weight: 1, arbitrary: fc.array(element, { minLength: 30, maxLength: 40 }) }
      )
      return fc.tuple(fc.tuple(...elements), rest).map(([head, tail]) => [...head, ...tail])
    }
    case "Objects": {
      const fields: Record<string, fc.Arbitrary<unknown>> = {}
      const required: Array<string> = []
      for (const p of ast.propertySignatures) {
        const name = String(p.name)
        fields[name] = validOf(p.type)
        if (p.type.context?.isOptional !== true) required.push(name)
      }
      const record = fc.record(fields, { requiredKeys: required })
      const index = ast.indexSignatures[0]
      if (index === undefined) return record
      return fc.tuple(record, fc.dictionary(fc.string({ maxLength: 6 }), validOf(index.type), { maxKeys: 3 })).map((
        [known, more]
      ) => ({ ...more, ...known }))
    }
    default:
      return fc.anything()
  }
}

/** Valid values of `ast`, checks included: drawn from the values of its type that pass. */
const validOf = (ast: SchemaAST.AST): fc.Arbitrary<unknown> => {
  let known = valid.get(ast)
  if (known !== undefined) return known
  const is = validates(ast)
  // a finite leaf's valid values are found once, so drawing one never waits on a filter
  const pool = ast._tag === "String" ? stringPool : ast._tag === "Number" ? numberPool : undefined
  const passing = pool?.filter(is) ?? []
  if (pool !== undefined && passing.length === 0) {
    // drawing one at random could take forever: say what is missing instead
    throw new Error(`no value of the pools passes ${ast._tag} ${nameOf(ast.checks![0]!, ast)}: add one to the pools`)
  }
  known = passing.length > 0
    ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...passing) }, {
      weight: 1,
      arbitrary: valuesOf(ast).filter(is)
    })
    : valuesOf(ast).filter(is)
  valid.set(ast, known)
  return known
}

// ---------------------------------------------------------------------------
// The report: Effect Schema's own run of the check

const PARSE = { errors: "all" } as const

const reports = (check: SchemaAST.Check<unknown>, node: SchemaAST.AST, value: unknown): boolean =>
  check._tag === "FilterGroup"
    ? check.checks.some((member) => reports(member, node, value))
    : check.run(value, node, PARSE) !== undefined

/** The node with `check` as its only check: what a validator compiled with that check alone sees. */
const alone = (node: SchemaAST.AST, check: SchemaAST.Check<unknown>): SchemaAST.AST | undefined => {
  const checks = [check] as const
  switch (node._tag) {
    case "String":
      return new SchemaAST.String(node.annotations, checks)
    case "Number":
      return new SchemaAST.Number(node.annotations, checks)
    case "Objects":
      return new SchemaAST.Objects(node.propertySignatures, node.indexSignatures, node.annotations, checks)
    case "Arrays":
      return new SchemaAST.Arrays(node.isMutable, node.elements, node.rest, node.annotations, checks)
    default:
      return undefined
  }
}

const checks = [...found.values()]

describe("every fast predicate equals the report it stands in for (R4.1)", () => {
  it(`finds the kit's checks in the schemas the core exports and compiles (${checks.length} checks)`, () => {
    // the walk reaches the checks of every kind the kit builds: a walk that found none would prove nothing
    const names = checks.map((c) => c.name).join("\n")
    for (
      const expected of [
        /allOf\(.*must have 1 to 256 characters.*must not contain spaces/, // PatternText
        /allOf\(.*must be a finite number.*must be a whole number/, // WholeNumber
        /allOf\(.*must be a finite number & .*must be between 0 and 100\)/, // NumberBetween
        /allOf\(.*must not be negative\)/, // NonNegativeNumber
        /Arrays: repeats the days of another policy/, // ruleAtEach (R4.6)
        /Objects: a Percentage minimum deposit must be at most 100/, // ruleAt (R4.6)
        /String: must be one of Currency, Percentage \(any case\)/ // CaseInsensitiveEnum (R2.2)
      ]
    ) expect(names).toMatch(expected)
    expect(checks.length).toBeGreaterThan(40)
  })

  // the same check built in several places (`WholeNumber(0, "R4.6")` in every schema that takes one) is one test
  const byName = new Map<string, Array<Found>>()
  for (const c of checks) byName.set(c.name, [...(byName.get(c.name) ?? []), c])
  for (const [name, instances] of byName) {
    it(`${name}${instances.length > 1 ? ` (${instances.length} instances)` : ""}`, () => {
      const cases = instances.map(({ check, node }) => {
        const narrowed = alone(node, check)
        return {
          check,
          node,
          predicate: predicateOf(check)!,
          validator: narrowed === undefined
            ? undefined
            : compileValidator(Schema.make<Schema.Top>(narrowed), { rule: "R4.1", unknownKeys: "ignore" })
        }
      })
      type Case = (typeof cases)[number]
      const seen = { holds: 0, fails: 0 }
      const agree = ({ check, node, predicate, validator }: Case, value: unknown) => {
        const holds = predicate(value)
        if (holds) seen.holds++
        else seen.fails++
        expect(holds, "the predicate says what the report says").toBe(!reports(check, node, value))
        if (validator !== undefined) {
          expect(validator(value).issues.length === 0, "the compiled validator reports when the predicate says no")
            .toBe(holds)
        }
      }
      // values of the node's type, and valid ones (every check of the node passing), so both answers come
      const input = fc.constantFrom(...cases).chain((c) =>
        fc.tuple(fc.constant(c), fc.oneof(valuesOf(c.node), validOf(c.node)))
      )
      // a text or a number: every value of the pools too (the bounds, the special values), so the edges are met
      for (const c of cases) {
        const pool = c.node._tag === "String" ? stringPool : c.node._tag === "Number" ? numberPool : []
        for (const value of pool) agree(c, value)
      }
      // a check of a whole structure draws valid structures by filtering (some 0.3 s each on a busy machine):
      // 30 runs for it, 100 for a text's or a number's check; the pools' edge values come first either way
      const structural = cases.some((c) => c.node._tag === "Objects" || c.node._tag === "Arrays")
      fc.assert(fc.property(input, ([c, value]) => agree(c, value)), { numRuns: structural ? 30 : 100 })
      // both answers were reached (values that could never fail the check would prove nothing): a check of a
      // structure may need more of them to meet a rare one
      for (let more = 0; more < 20 && (seen.holds === 0 || seen.fails === 0); more++) {
        for (const [c, value] of fc.sample(input, 100)) agree(c, value)
      }
      expect(seen.holds, "values that pass").toBeGreaterThan(0)
      expect(seen.fails, "values that fail").toBeGreaterThan(0)
    })
  }
})

describe("every compiled guard equals the validator of its schema (R4.1)", () => {
  const guards = compiled.guards.filter((g) => Schema.isSchema(g.schema))
  it(`finds the guards the core compiles (${guards.length})`, () => {
    expect(guards.length).toBeGreaterThan(2)
  })

  for (const [index, { options, schema }] of guards.entries()) {
    const s = schema as Schema.Top
    const refuse = (options as { unknownKeys?: string } | undefined)?.unknownKeys === "refuse"
    it(`guard ${index + 1} (${s.ast._tag}, unknown keys ${refuse ? "refused" : "ignored"})`, () => {
      const guard = compileGuard(s, refuse ? { unknownKeys: "refuse" } : {})
      const validator = compileValidator(s, { rule: "R4.1", unknownKeys: refuse ? "warn" : "ignore" })
      const seen = { holds: 0, fails: 0 }
      fc.assert(
        fc.property(fc.oneof(validOf(s.ast), valuesOf(s.ast), fc.anything()), (value) => {
          const checked = validator(value)
          const clean = checked.issues.length === 0 &&
            (!refuse || checked.warnings.every((w) => w.code !== "unknown_field"))
          if (guard(value)) seen.holds++
          else seen.fails++
          expect(guard(value)).toBe(clean)
        }),
        { numRuns: 150 }
      )
      expect(seen.holds, "values that pass").toBeGreaterThan(0)
      expect(seen.fails, "values that fail").toBeGreaterThan(0)
    })
  }
})

describe("a rule that needs context: its fast predicate equals its report (R1.1, R1.3)", () => {
  const edge = fc.option(fc.constantFrom(-1, 0, 1), { freq: 2, nil: undefined })
  const lineTotalAt = (given: unknown, exponent: number, near: number): Record<string, unknown> => {
    const item = given as Record<string, unknown>
    const quantity = item["quantity"] as number
    const minor = Math.floor(MAX_MINOR_UNITS / quantity) + near
    return { ...item, costPerItem: minor / 10 ** exponent }
  }
  // the one such pair of the core (a rule beside the schema, ARCHITECTURE.md): hot loops ask the predicate
  it("itemAmountsExact says yes exactly when itemAmountIssues finds nothing, for any item the schema accepts", () => {
    const seen = { holds: 0, fails: 0 }
    fc.assert(
      fc.property(validOf(CheckoutItem.ast), fc.integer({ min: 0, max: 4 }), edge, (given, exponent, near) => {
        // now and then a cost whose line total is at the largest exact amount, one minor unit either side
        const item = near === undefined ? given as Record<string, unknown> : lineTotalAt(given, exponent, near)
        const issues: Array<Issue> = []
        itemAmountIssues(item, 0, exponent, issues)
        const exact = itemAmountsExact(item, exponent)
        if (exact) seen.holds++
        else seen.fails++
        expect(exact).toBe(issues.length === 0)
      }),
      { numRuns: 300 }
    )
    expect(seen.holds, "items whose amounts are exact").toBeGreaterThan(0)
    expect(seen.fails, "items whose amounts are not").toBeGreaterThan(0)
  })
})
