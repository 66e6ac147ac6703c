/**
 * The rules that keep ARCHITECTURE.md true fire: `npm test` runs them over the sources (npm run
 * lint, npm run lint:boundaries), where a rule that never fires would pass as well as one that
 * holds. Here each one is shown a violation: dependency-cruiser's rules (.dependency-cruiser.cjs)
 * on a small tree of files, ESLint's (eslint.config.js) on text linted as if it were in src/core/.
 */
import { cruise } from "dependency-cruiser"
import { ESLint } from "eslint"
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { createRequire } from "node:module"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, describe, expect, it } from "vitest"
import { internalImports, moneyOutsideTheCore, oversizedFiles, sourceFilesOf } from "../outer-layers.ts"

const ROOT = fileURLToPath(new URL("../..", import.meta.url))
const config = createRequire(import.meta.url)(join(ROOT, ".dependency-cruiser.cjs"))

describe("the boundary rules (.dependency-cruiser.cjs)", () => {
  const base = mkdtempSync(join(tmpdir(), "layers-"))
  afterAll(() => rmSync(base, { recursive: true, force: true }))
  const files: Record<string, string> = {
    "tsconfig.json": "{ \"compilerOptions\": { \"allowImportingTsExtensions\": true, \"noEmit\": true } }",
    // checkout -> refund -> checkout through different files: no loop between files, one between folders
    "src/core/checkout/request.ts": "import { policy } from \"../refund/policy.ts\"\nexport const request = policy\n",
    "src/core/refund/policy.ts": "export const policy = 1\n",
    "src/core/refund/calculate.ts":
      "import { total } from \"../checkout/totals.ts\"\nexport const calculation = total\n",
    "src/core/checkout/totals.ts": "export const total = 2\n",
    // a built-in module in the core
    "src/core/foundation/clock.ts": "import { readFileSync } from \"node:fs\"\nexport const read = readFileSync\n",
    // core/internal/ from outside the core
    "src/core/internal/kit.ts": "export const kit = 3\n",
    "src/adapters/cli/kit-user.ts": "import { kit } from \"../../core/internal/kit.ts\"\nexport const user = kit\n",
    // the same from inside the core and through the foundation: allowed
    "src/core/foundation/seam.ts": "export { kit } from \"../internal/kit.ts\"\n",
    "src/adapters/cli/seam-user.ts": "import { kit } from \"../../core/foundation/seam.ts\"\nexport const user = kit\n",
    // a concept's file by its path from an outer layer; through its index.ts: allowed
    "src/core/plan/record.ts": "export const plan = 4\n",
    "src/core/plan/index.ts": "export { plan } from \"./record.ts\"\n",
    "src/adapters/sandbox/deep-user.ts":
      "import { plan } from \"../../core/plan/record.ts\"\nexport const user = plan\n",
    "src/testing/index-user.ts": "import { plan } from \"../core/plan/index.ts\"\nexport const user = plan\n",
    // browser code: a Schema-free module of a concept is allowed, another of its files is not
    "src/core/plan-terms/kernel.ts": "export const kernel = 5\n",
    "src/core/plan-terms/terms.ts": "export const terms = 6\n",
    "src/messaging/element/bundle.ts":
      "import { kernel } from \"../../core/plan-terms/kernel.ts\"\nimport { terms } from \"../../core/plan-terms/terms.ts\"\n" +
      "export const both = kernel + terms\n"
  }
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(base, path)), { recursive: true })
    writeFileSync(join(base, path), text)
  }

  it("refuse a loop between core folders, a built-in module in the core, core/internal/ outside it and a concept's file by its path", async () => {
    const result = await cruise(
      ["src"],
      { ...config.options, validate: true, ruleSet: config, baseDir: base, outputType: "json" },
      undefined,
      { tsConfig: { fileName: join(base, "tsconfig.json") } }
    )
    const { summary } = JSON.parse(String(result.output)) as {
      summary: { violations: ReadonlyArray<{ rule: { name: string }; from: string; to: string }> }
    }
    const violations = summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort()
    expect(violations).toEqual([
      "browser-code-imports-a-concept-through-its-index-or-a-schema-free-module: src/messaging/element/bundle.ts -> " +
      "src/core/plan-terms/terms.ts",
      "core-imports-no-node-builtin: src/core/foundation/clock.ts -> fs",
      "internal-stays-in-the-core: src/adapters/cli/kit-user.ts -> src/core/internal/kit.ts",
      "no-loop-between-core-folders: src/core/checkout -> src/core/refund",
      "no-loop-between-core-folders: src/core/refund -> src/core/checkout",
      "outer-layers-import-a-concept-through-its-index: src/adapters/sandbox/deep-user.ts -> src/core/plan/record.ts"
    ])
  })
})

describe("the core's lint rules (eslint.config.js)", () => {
  const eslint = new ESLint({ cwd: ROOT })
  /** The messages of the rules that refuse `code` as the text of `file`, the formatter's aside. */
  const refusals = async (code: string, file = "src/core/foundation/probe.ts") => {
    const [result] = await eslint.lintText(`${code}\n`, { filePath: join(ROOT, file) })
    return (result?.messages ?? []).filter((m) => m.ruleId !== "@effect/dprint").map((m) => m.ruleId)
  }

  it.each([
    ["Date.now()", "export const now = Date.now()", "no-restricted-properties"],
    ["new Date() without an argument", "export const now = new Date()", "no-restricted-syntax"],
    ["Date() as a function", "export const now = Date()", "no-restricted-syntax"],
    ["performance.now()", "export const now = performance.now()", "no-restricted-globals"],
    ["Math.random()", "export const r = Math.random()", "no-restricted-properties"],
    ["fetch", "export const get = () => fetch(\"https://example.com\")", "no-restricted-globals"],
    ["a timer", "export const later = (f: () => void) => setTimeout(f, 1)", "no-restricted-globals"],
    ["process", "export const env = process.env", "no-restricted-globals"],
    ["globalThis", "export const g = globalThis", "no-restricted-globals"],
    ["a dynamic import", "export const load = () => import(\"./x.ts\")", "no-restricted-syntax"],
    ["export * from", "export * from \"./x.ts\"", "no-restricted-syntax"]
  ])("refuse %s in src/core/", async (_, code, rule) => {
    expect(await refusals(code)).toContain(rule)
  })

  it("let the core build a date from an argument, and export a namespace or a list", async () => {
    expect(
      await refusals(
        "export const at = (ms: number) => new Date(ms).toISOString() + String(Date.UTC(2026, 0, 1))\n" +
          "export * as X from \"./x.ts\"\nexport { y } from \"./y.ts\""
      )
    ).toEqual([])
  })

  it("let an adapter read the clock and call the network, but not re-export everything", async () => {
    const file = "src/adapters/cli/probe.ts"
    expect(await refusals("export const now = Date.now()\nexport const get = () => fetch(\"x\")", file)).toEqual([])
    expect(await refusals("export * from \"./x.ts\"", file)).toEqual(["no-restricted-syntax"])
  })
})

describe("what the outer layers take of the core (test/outer-layers.ts)", () => {
  const sources = sourceFilesOf(join(ROOT, "src"))

  it("no layer above the core imports a name marked @internal (the concept's own)", () => {
    expect(internalImports(ROOT, sources)).toEqual([])
  })

  it("refuse an @internal name, found through a re-export, and let a shared one pass", () => {
    const base = mkdtempSync(join(tmpdir(), "internal-"))
    try {
      const files: Record<string, string> = {
        "src/core/plan/reading.ts":
          "/** @internal */\nexport const secret = 1\n/** Shared. */\nexport const open = 2\n",
        "src/core/plan/index.ts": "export { secret as hidden, open } from \"./reading.ts\"\n",
        "src/adapters/cli/user.ts":
          "import { hidden, open } from \"../../core/plan/index.ts\"\nexport const u = hidden + open\n"
      }
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(base, path)), { recursive: true })
        writeFileSync(join(base, path), text)
      }
      expect(internalImports(base, sourceFilesOf(join(base, "src")))).toEqual([
        "src/adapters/cli/user.ts imports hidden, marked @internal in src/core/plan/reading.ts"
      ])
    } finally {
      rmSync(base, { recursive: true, force: true })
    }
  })

  it("no money is summed, scaled or formatted outside the core's money modules", () => {
    expect(moneyOutsideTheCore(ROOT, sources)).toEqual([])
  })

  it.each([
    ["toFixed", "const shown = (amount / 100).toFixed(2)"],
    ["a scaling by a power of ten", "const minor = Math.round(amount * 10 ** digits)"],
    ["a bigint power of ten", "const factor = 10n ** BigInt(e)"],
    ["thousands grouping", "const g = s.replace(/\\B(?=(\\d{3})+(?!\\d))/g, \",\")"],
    ["Intl currency formatting", "new Intl.NumberFormat(locale, { style: \"currency\", currency })"],
    ["toLocaleString", "const t = amount.toLocaleString(\"en\")"]
  ])("refuse %s in an adapter", (_, line) => {
    expect(moneyOutsideTheCore(ROOT, ["src/adapters/cli/probe.ts"], () => `${line}\n`)).toEqual([
      `src/adapters/cli/probe.ts:1: ${line}`
    ])
  })

  it("let a line that says why it is not money pass, and the core format money", () => {
    const text = () => "const x = (1.5).toFixed(1) // not money: an SVG coordinate\n"
    expect(moneyOutsideTheCore(ROOT, ["src/adapters/cli/probe.ts"], text)).toEqual([])
    expect(moneyOutsideTheCore(ROOT, ["src/core/foundation/money.ts"], () => "x.toFixed(2)\n")).toEqual([])
  })

  it("no source file over 400 lines without a one-line reason at its top", () => {
    expect(oversizedFiles(ROOT, sources)).toEqual([])
  })

  it("refuse a file over 400 lines without its reason, and take one with it", () => {
    const long = "const a = 1\n".repeat(401)
    expect(oversizedFiles(ROOT, ["src/x.ts"], () => long)).toEqual(["src/x.ts: 401 lines"])
    expect(oversizedFiles(ROOT, ["src/x.ts"], () => `// Over 400 lines: one table.\n${long}`)).toEqual([])
    expect(
      oversizedFiles(
        ROOT,
        ["src/x.ts"],
        () => `/**\n * A table.\n *\n * @module\n */\n// Over 400 lines: one table.\n${long}`
      )
    )
      .toEqual([])
    expect(
      oversizedFiles(ROOT, ["src/x.ts"], () => `/**\n * A table.\n */\nconst b = 2\n// Over 400 lines: late.\n${long}`)
    )
      .toEqual(["src/x.ts: 406 lines"])
    expect(oversizedFiles(ROOT, ["src/x.ts"], () => "const a = 1\n".repeat(400))).toEqual([])
  })
})
