/**
 * Light start: a cold `import("payment-plan-engine")` costs at most 1.2× a cold
 * `import("effect/Schema")`, each in a fresh Node process of the same run (the built package in
 * dist/, so `npm run build` first). The core imports Effect's modules by subpath, not the barrel.
 *
 * A case times the whole process, exit included: a heap that grows past V8's threshold during the
 * import gets a full collection before the process can exit, which cost about 10 ms of the ratio
 * until the webhook catalogue left the root (docs/decisions/0034-the-public-surface.md).
 */
import { execFileSync } from "node:child_process"
import type { Case, Suite } from "./harness.ts"

const median = (xs: ReadonlyArray<number>) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

/** A case that starts a fresh Node process running `code`. */
const cold = (name: string, code: string, compareWith?: ReadonlyArray<string>): Case => ({
  name,
  samples: 15,
  ...(compareWith === undefined ? {} : { compareWith }),
  run: () => timed(code)
})

const SCHEMA_CODE = "await import(\"effect/Schema\")"
const ROOT_CODE = "await import(\"payment-plan-engine\")"
const PAIRS = 21

/** Milliseconds of a fresh Node process running `code`. */
const timed = (code: string): number => {
  const start = performance.now()
  execFileSync(process.execPath, ["--input-type=module", "-e", code], { cwd: new URL("..", import.meta.url) })
  return performance.now() - start
}

const BASELINE = "baseline: node, nothing imported"
const SCHEMA = "baseline: import(\"effect/Schema\")"
const ROOT = "import(\"payment-plan-engine\")"
const BUDGET = 1.2

export const suite: Suite = {
  title: "Light start: cold import of the package root",
  budgetsOf: "a light start",
  cases: [
    cold(BASELINE, "0"),
    cold(SCHEMA, SCHEMA_CODE, [BASELINE]),
    cold(ROOT, ROOT_CODE, [SCHEMA, BASELINE])
  ],
  notes: () => {
    // the budget's ratio from paired runs, the two imports alternating, so both see the same machine
    const schema: Array<number> = []
    const root: Array<number> = []
    for (let i = 0; i < PAIRS; i++) {
      schema.push(timed(SCHEMA_CODE))
      root.push(timed(ROOT_CODE))
    }
    const ratio = median(root) / median(schema)
    return [{
      text: `cold import of the root ÷ cold import of effect/Schema: ${
        ratio.toFixed(2)
      }× (median of ${PAIRS} alternating pairs; budget ≤ ${BUDGET}×)`,
      pass: ratio <= BUDGET
    }]
  }
}
