/**
 * The claims the documentation makes about the description's checkout example are the engine's
 * answers (the TSDoc of summarizeCheckout once claimed completionDate 2027-02-10).
 */
import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { summarizeCheckout } from "../../src/index.ts"
import { exampleRequest } from "../fixtures.ts"

/** The `key: value` pairs of a `// { … }` claim line (strings and numbers; an elided "…" claims nothing). */
const claimed = (line: string): Record<string, unknown> =>
  Object.fromEntries(
    [...line.matchAll(/(\w+): ("[^"…]*"|\d+(?:\.\d+)?)/g)].map(([, key, value]) => [key!, JSON.parse(value!)])
  )

describe("documented summaries of the description's example", () => {
  const summary = summarizeCheckout(exampleRequest(), { now: "2026-11-22T09:30:00Z" }) as unknown as Record<
    string,
    unknown
  >

  it.each([
    ["src/facade/checkout.ts", /\/\/ \{ currencyCode: "AUD", totalCost.*$/m],
    ["README.md", /\/\/ \{ totalCost: 1100.*$/m]
  ])("%s states what summarizeCheckout answers", (file, pattern) => {
    const line = readFileSync(new URL(`../../${file}`, import.meta.url), "utf8").match(pattern)?.[0]
    expect(line, `${file} has the example's claim`).toBeDefined()
    const claims = claimed(line!)
    expect(Object.keys(claims).length).toBeGreaterThanOrEqual(3)
    for (const [key, value] of Object.entries(claims)) expect(summary[key], key).toEqual(value)
  })
})
