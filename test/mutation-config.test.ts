/**
 * Mutation where the rules are: stryker.config.mjs's `mutate` list is derived
 * from the core's rule modules (folders whose every module is one, and single
 * modules), so a module moved or added in a rule folder is mutated by a
 * default `npm run mutation`; an entry that matches nothing (a module moved
 * away) fails here instead of silently mutating nothing.
 */
import { existsSync, globSync, readdirSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import config, { RULE_FOLDERS, RULE_MODULES } from "../stryker.config.mjs"

const root = fileURLToPath(new URL("..", import.meta.url))
const matches = (entry: string) => globSync(entry, { cwd: root })

describe("the mutation run's modules (stryker.config.mjs)", () => {
  it("every entry of mutate matches a module of the sources", () => {
    const empty = (config.mutate as ReadonlyArray<string>).filter((entry) => matches(entry).length === 0)
    expect(empty).toEqual([])
  })

  it("every module of a rule folder is mutated, and every rule module named exists", () => {
    const mutated = new Set((config.mutate as ReadonlyArray<string>).flatMap(matches))
    const left = RULE_FOLDERS.flatMap((folder: string) =>
      readdirSync(`${root}${folder}`).filter((f) => f.endsWith(".ts")).map((f) => `${folder}/${f}`)
    ).filter((file: string) => !mutated.has(file))
    expect(left).toEqual([])
    expect(RULE_MODULES.filter((file: string) => !existsSync(`${root}${file}`))).toEqual([])
    // the refund calculation's schema and the refund policies (moved to their own folder) among them
    for (const file of ["src/core/refund/calculation.ts", "src/core/refund-policy/policy.ts"]) {
      expect(mutated.has(file), file).toBe(true)
    }
  })
})
