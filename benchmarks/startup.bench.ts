/**
 * Light start (issue 14): a cold `import("payment-plan-engine")` costs at most 1.2× a cold
 * `import("effect/Schema")`, each in a fresh Node process of the same run (the built package in
 * dist/, so `npm run build` first). The core imports Effect's modules by subpath, not the barrel.
 */
import { execFileSync } from "node:child_process"
import type { Case, Suite } from "./harness.ts"

const runs = new Map<string, Array<number>>()
const median = (xs: ReadonlyArray<number>) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

/** A case that starts a fresh Node process running `code`, and keeps each run's time for the budget note. */
const cold = (name: string, code: string, compareWith?: ReadonlyArray<string>): Case => ({
  name,
  samples: 15,
  ...(compareWith === undefined ? {} : { compareWith }),
  run: () => {
    const start = performance.now()
    execFileSync(process.execPath, ["--input-type=module", "-e", code], { cwd: new URL("..", import.meta.url) })
    runs.set(name, [...(runs.get(name) ?? []), performance.now() - start])
  }
})

const BASELINE = "baseline: node, nothing imported"
const SCHEMA = "baseline: import(\"effect/Schema\")"
const ROOT = "import(\"payment-plan-engine\")"
const BUDGET = 1.2

export const suite: Suite = {
  title: "Light start: cold import of the package root",
  issue: "issue 14",
  cases: [
    cold(BASELINE, "0"),
    cold(SCHEMA, "await import(\"effect/Schema\")", [BASELINE]),
    cold(ROOT, "await import(\"payment-plan-engine\")", [SCHEMA, BASELINE])
  ],
  notes: () => {
    const ratio = median(runs.get(ROOT)!) / median(runs.get(SCHEMA)!)
    return [{
      text: `cold import of the root ÷ cold import of effect/Schema: ${ratio.toFixed(2)}× (budget ≤ ${BUDGET}×)`,
      pass: ratio <= BUDGET
    }]
  }
}
