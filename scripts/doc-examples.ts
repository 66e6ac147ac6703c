/**
 * The doc test: every TSDoc `@example` of the source and every ```ts block of
 * README.md and docs/ is written out as a module under .doc-examples/, type
 * checked as a strict consumer would (the package resolved by its own name, so
 * against the built declarations; those declarations themselves are checked
 * with `skipLibCheck: false` once, by `npm run check:consumer`), and run
 * against the built package. An example that does not compile or throws fails
 * `npm test`, so examples cannot rot. Run `npm run build` first.
 *
 * What an example may use without declaring it:
 * - the names a reader would have at hand (`plan`, `checkout`, `client`, `it`,
 *   …): scripts/doc-fixtures.ts gives them real values, built with the
 *   package's own API (a client on a sandbox it starts), and each example
 *   imports the ones it uses;
 * - in a TSDoc example, the names its own source file exports and no entry
 *   point of the package does (an internal function's example uses the
 *   function): imported from that file. A public name is imported by the
 *   example itself, as a reader would.
 *
 * How examples run:
 * - on a clock pinned to the examples' day, {@link CLOCK} (and moving on from
 *   it), so `new Date()` in an example means the day its comments were written
 *   for, and the dates in the examples stay ahead of "now";
 * - in a scratch directory holding the sample merchants files the examples name
 *   (`sandbox-merchants.json`, `merchants.json`), so nothing is written to the
 *   repository;
 * - a test runner's `describe` and `it` imported from "vitest" or "node:test"
 *   are the fixtures' (each test runs, in order, and must pass): the type check
 *   still sees the real runner's types;
 * - what an example prints is shown only when it fails;
 * - a comment showing a value (`// 275`, `// "Pay AUD …"`) is compared with
 *   the value its line gives (scripts/doc-values.ts): a false one fails.
 *
 * Before the examples, scripts/doc-names.ts checks the names the prose writes:
 * every `Namespace.Name` of README.md and docs/ exists in the built
 * declarations (and at runtime for a value), and every `METHOD /api/…` of the
 * docs and the sources' comments is a route of the route table; and the docs
 * conventions hold (no tracker references, one module header, `@since` and
 * `@category` on every public export).
 *
 *   node scripts/doc-examples.ts          extract, type check, run
 *   node scripts/doc-examples.ts --list   list the examples and where they come from
 */
import { execFileSync } from "node:child_process"
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync
} from "node:fs"
import { registerHooks } from "node:module"
import { tmpdir } from "node:os"
import { join, relative } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"
import { checkDocNames } from "./doc-names.ts"
import { withShownValues } from "./doc-values.ts"

const started = performance.now()
const root = fileURLToPath(new URL("..", import.meta.url))
const out = join(root, ".doc-examples")
const fixturesFile = join(root, "scripts/doc-fixtures.ts")

/** The instant the examples are written for: `now` of scripts/doc-fixtures.ts. */
const CLOCK = "2026-11-22T00:00:00Z"

/**
 * Examples left out: those of `source` (a file, or a folder ending in `/`)
 * whose code contains `containing` (all of them without it), each with why. Keep this list short: an example
 * that fails is fixed, never skipped, unless another change owns its file.
 */
const SKIPPED: ReadonlyArray<{ readonly source: string; readonly containing?: string; readonly why: string }> = []
const skipped = (e: Example) =>
  SKIPPED.some((s) =>
    (s.source.endsWith("/") ? e.source.startsWith(s.source) : s.source === e.source) &&
    (s.containing === undefined || e.code.includes(s.containing))
  )

/**
 * Examples type-checked but not run: those of `source` whose code contains
 * `containing` (all of them without it), each with why.
 */
const NOT_RUN: ReadonlyArray<{ readonly source: string; readonly containing?: string; readonly why: string }> = [
  {
    source: "src/adapters/sandbox/widget/dom/sdk.ts",
    why: "browser code (a DOM window): test/adapters/sandbox/browser.test.ts runs the widget in Chromium"
  },
  // the package's vitest entry imports vitest itself (not the example): its describe and beforeAll are
  // the real runner's, which run only inside vitest
  {
    source: "src/conformance/vitest.ts",
    why: "describeConformance declares a vitest suite: test/conformance/vitest-entry.test.ts runs it in vitest"
  },
  {
    source: "docs/conformance.md",
    containing: "describeConformance(",
    why: "describeConformance declares a vitest suite: test/conformance/vitest-entry.test.ts runs it in vitest"
  },
  // @effect/vitest's it.effect.prop registers a vitest test, which runs only inside vitest
  {
    source: "src/testing/effect-arbitrary.ts",
    why: "it.effect.prop declares a vitest test: test/testing/effect-arbitrary.test.ts runs it in vitest"
  },
  {
    source: "docs/testing.md",
    containing: "it.effect.prop(",
    why: "it.effect.prop declares a vitest test: test/testing/effect-arbitrary.test.ts runs it in vitest"
  }
]
const notRun = (e: Example) =>
  NOT_RUN.some((s) => s.source === e.source && (s.containing === undefined || e.code.includes(s.containing)))

// the clock, pinned to CLOCK and moving on from there, before any module of the package is loaded
const RealDate = Date
const offset = RealDate.parse(CLOCK) - RealDate.now()
class PinnedDate extends RealDate {
  constructor(...args: Array<unknown>) {
    if (args.length === 0) super(RealDate.now() + offset)
    else super(...(args as [string]))
  }
  static override now(): number {
    return RealDate.now() + offset
  }
  // a Date made by code that kept the original class is a Date still
  static override [Symbol.hasInstance](value: unknown): boolean {
    return value instanceof RealDate
  }
}
globalThis.Date = PinnedDate as DateConstructor

interface Example {
  readonly source: string
  /** the line before the example's first line of code (its opening fence) */
  readonly line: number
  readonly code: string
}

const lineOf = (text: string, index: number): number => text.slice(0, index).split("\n").length

const walk = (dir: string): Array<string> =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : []
  )

/** ```ts blocks inside TSDoc `@example` sections. */
const fromSource = (file: string): Array<Example> => {
  const text = readFileSync(file, "utf8")
  const examples: Array<Example> = []
  const pattern = /@example[^\n]*\n((?:\s*\*[^\n]*\n)*?)(\s*\*\s*```ts\n)((?:\s*\*[^\n]*\n)*?)\s*\*\s*```/g
  for (const match of text.matchAll(pattern)) {
    const code = match[3]!.split("\n").map((l) => l.replace(/^\s*\* ?/, "")).join("\n")
    const fence = match.index + match[0].indexOf(match[2]!) + match[2]!.search(/\S/)
    examples.push({ source: relative(root, file), line: lineOf(text, fence), code })
  }
  return examples
}

/** ```ts blocks of a Markdown file. */
const fromMarkdown = (file: string): Array<Example> => {
  const text = readFileSync(file, "utf8")
  return [...text.matchAll(/^```ts\n([\s\S]*?)^```/gm)].map((match) => ({
    source: relative(root, file),
    line: lineOf(text, match.index),
    code: match[1]!
  }))
}

interface Exported {
  readonly values: ReadonlyArray<string>
  readonly types: ReadonlyArray<string>
}

/** The names a module exports by declaration (`export const x`, `export interface T`, …). */
const exportsOf = (file: string): Exported => {
  const text = readFileSync(file, "utf8")
  const names = (pattern: RegExp) => [...new Set([...text.matchAll(pattern)].map((m) => m[1]!))]
  return {
    values: names(
      /^export (?:declare )?(?:const|let|function|async function|class|abstract class) ([A-Za-z_$][\w$]*)/gm
    ),
    types: names(/^export (?:declare )?(?:type|interface) ([A-Za-z_$][\w$]*)/gm)
  }
}

const escaped = (name: string) => name.replace(/\$/g, "\\$")

/**
 * The names of `names` an example uses and does not declare or import itself
 * (in `const { a: b } = …`, `b` is declared, `a` is not).
 */
const undeclared = (code: string, names: ReadonlyArray<string>): Array<string> =>
  names.filter((name) => {
    const word = new RegExp(`(?<![\\w$.])${escaped(name)}(?![\\w$])`)
    if (!word.test(code)) return false
    const declared = new RegExp(
      `(?:const|let|var|function|class|type|interface)\\s+${escaped(name)}\\b|import\\s*(?:type\\s*)?\\{[^}]*\\b${
        escaped(name)
      }\\b[^}]*\\}|import\\s+${escaped(name)}\\b|\\{[^}]*\\b${escaped(name)}\\b(?!\\s*:)[^}]*\\}\\s*=`
    )
    return !declared.test(code)
  })

/** The code without its comments and the text of its plain strings (`//` after a colon is a URL's). */
const uncommented = (code: string): string =>
  code.replace(/"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/g, "\"\"").replace(/\/\*[\s\S]*?\*\//g, "").replace(
    /(^|[^:])\/\/.*$/gm,
    "$1"
  )

/** `import { a, type T } from "…"` of the names an example takes from a module. */
const importLine = (example: string, exported: Exported, from: string, taken: Set<string>): Array<string> => {
  const code = uncommented(example)
  const values = undeclared(code, exported.values.filter((n) => !taken.has(n)))
  const types = undeclared(code, exported.types.filter((n) => !taken.has(n) && !values.includes(n)))
  for (const n of [...values, ...types]) taken.add(n)
  const names = [...values, ...types.map((t) => `type ${t}`)]
  return names.length > 0 ? [`import { ${names.join(", ")} } from "${from}"`] : []
}

const examples = [
  ...walk(join(root, "src")).flatMap(fromSource),
  ...fromMarkdown(join(root, "README.md")),
  ...readdirSync(join(root, "docs")).filter((f) => f.endsWith(".md")).sort().flatMap((f) =>
    fromMarkdown(join(root, "docs", f))
  )
]

if (process.argv.includes("--list")) {
  for (const e of examples) {
    const note = skipped(e) ? " (skipped)" : notRun(e) ? " (type-checked, not run)" : ""
    console.log(`${e.source}:${e.line + 1}${note}`)
  }
  process.exit(0)
}

if (!existsSync(join(root, "dist/index.js"))) {
  console.error("doc examples run against the built package: run `npm run build` first")
  process.exit(1)
}

// the names and routes the docs write exist (scripts/doc-names.ts): `Plan.PlanRecord` does not
const misnamed = await checkDocNames(root)
if (misnamed.length > 0) {
  for (const p of misnamed) console.error(`${p.where}: ${p.text}: ${p.why}`)
  console.error(`${misnamed.length} name(s) or route(s) in the docs do not exist`)
  process.exit(1)
}
rmSync(out, { recursive: true, force: true })
mkdirSync(out, { recursive: true })
const fixtures = exportsOf(fixturesFile)
// the values the package's entry points export: an example imports those itself
const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { exports: Record<string, unknown> }
const publicValues = new Set<string>()
for (const entry of Object.keys(manifest.exports).filter((e) => e !== "./package.json")) {
  try {
    for (const key of Object.keys(await import(`payment-plan-engine${entry.slice(1)}`))) publicValues.add(key)
  } catch {
    // an entry that loads only inside its runner (a test runner's adapter): its names count as internal
  }
}
const internal = (exported: Exported): Exported => ({
  values: exported.values.filter((n) => !publicValues.has(n)),
  types: exported.types
})
let shownCount = 0
const files = examples.filter((e) => !skipped(e)).map((example, index) => {
  const taken = new Set<string>()
  const own = example.source.startsWith("src/")
    ? importLine(example.code, internal(exportsOf(join(root, example.source))), `../${example.source}`, taken)
    : []
  const header = [
    `// ${example.source}:${example.line + 1}`,
    ...own,
    ...importLine(example.code, fixtures, "../scripts/doc-fixtures.ts", taken)
  ]
  // the values its comments show are compared with what its lines give (scripts/doc-values.ts)
  const values = withShownValues(example.code, (l) => `${example.source}:${example.line + 1 + l}`)
  if (values.count > 0) header.push(`import { shown } from "../scripts/doc-values.ts"`)
  shownCount += values.count
  // every example is a module of its own: its names do not meet another's
  const name = `example-${String(index).padStart(3, "0")}.ts`
  writeFileSync(join(out, name), `${header.join("\n")}\n${values.code}\nexport {}\n`)
  return { name, example, headerLines: header.length }
})
writeFileSync(
  join(out, "tsconfig.json"),
  JSON.stringify(
    {
      compilerOptions: {
        target: "ES2023",
        lib: ["ES2023", "DOM"],
        module: "NodeNext",
        moduleResolution: "NodeNext",
        strict: true,
        // the declarations' own check is check:consumer's; checking effect's and ours again here doubled this step
        skipLibCheck: true,
        noEmit: true,
        allowImportingTsExtensions: true,
        types: ["node"],
        // examples show values on lines of their own; an unused one is fine in prose
        noUnusedLocals: false
      },
      include: ["*.ts", "../scripts/doc-fixtures.ts"]
    },
    null,
    2
  )
)

// type check: the package resolves by its own name, to the built declarations
const tsc = join(root, "node_modules/.bin/tsc")
try {
  execFileSync(tsc, ["-p", out], { stdio: "pipe", encoding: "utf8" })
} catch (error) {
  const output = String((error as { stdout?: string }).stdout ?? error)
  const located = output.replace(
    /(?:\.doc-examples\/)?(example-\d{3}\.ts)\((\d+),(\d+)\)/g,
    (_, file: string, l: string) => {
      const found = files.find((f) => f.name === file)
      return found === undefined
        ? file
        : `${found.example.source}:${found.example.line + Number(l) - found.headerLines} (${file})`
    }
  )
  console.error(`doc examples do not type-check:\n${located}`)
  process.exit(1)
}
const checked = performance.now()

// --- run each against the built package ------------------------------------

// a scratch directory with the sample files the examples name
const scratch = mkdtempSync(join(tmpdir(), "doc-examples-"))
for (const name of ["sandbox-merchants.json", "merchants.json"]) {
  copyFileSync(join(root, "examples/sandbox-merchants.json"), join(scratch, name))
}
process.chdir(scratch)

// a test runner imported by an example is the fixtures' describe/it
const fixturesUrl = pathToFileURL(fixturesFile).href
const outUrl = pathToFileURL(out).href
registerHooks({
  resolve: (specifier, context, next) =>
    (specifier === "vitest" || specifier === "node:test") && context.parentURL?.startsWith(outUrl) === true
      ? { url: fixturesUrl, shortCircuit: true }
      : next(specifier, context)
})

const fixtureModule = (await import(fixturesUrl)) as {
  readonly now: string
  readonly docTestSettle: () => Promise<void>
  readonly docTestTeardown: () => Promise<void>
}
if (fixtureModule.now !== CLOCK) throw new Error(`doc-fixtures' now (${fixtureModule.now}) is not the clock ${CLOCK}`)

// what an example prints is kept, and shown if it fails
let printed: Array<string> = []
const methods = ["log", "info", "warn", "error", "debug", "dir"] as const
const originals = methods.map((m) => console[m])
const capture = () => {
  for (const m of methods) console[m] = (...args: Array<unknown>) => void printed.push(args.map(String).join(" "))
}
const release = () => methods.forEach((m, i) => (console[m] = originals[i]!))
let stray: Array<unknown> = []
process.on("unhandledRejection", (reason) => void stray.push(reason))

const message = (error: unknown): string =>
  error instanceof Error
    ? `${error.name}: ${error.message}${error.cause ? ` (cause: ${message(error.cause)})` : ""}`
    : String(error)

let failed = 0
const run = files.filter((f) => !notRun(f.example))
for (const { name, example } of run) {
  printed = []
  stray = []
  capture()
  let failure: unknown
  try {
    await import(pathToFileURL(join(out, name)).href)
    await fixtureModule.docTestSettle()
    // a promise an example left running, rejected
    await new Promise((resolve) => setImmediate(resolve))
    if (stray.length > 0) throw stray[0]
  } catch (error) {
    failure = error
  } finally {
    release()
  }
  if (failure !== undefined) {
    failed++
    console.error(`${example.source}:${example.line + 1} (${name}) throws: ${message(failure)}`)
    for (const line of printed) console.error(`  | ${line}`)
  }
}
await fixtureModule.docTestTeardown()
process.chdir(root)
rmSync(scratch, { recursive: true, force: true })

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
if (failed > 0) {
  console.error(`${failed} of ${run.length} doc examples throw`)
  process.exit(1)
}
console.log(
  `${files.length} doc examples type-check (${seconds(checked - started)}), ${run.length} run (${
    seconds(performance.now() - checked)
  }), ${shownCount} values their comments show compared; not run: ${files.length - run.length}; skipped: ${
    examples.length - files.length
  }`
)
// what an example left open (a timer, a socket) does not keep the check waiting
process.exit(0)
