/**
 * Never a silent skip: every group a run selects runs at least one scenario
 * whatever `runs` is (the documentation's examples run every group), and a
 * group that cannot run at all makes the run incomplete (exit 1) with its
 * reason in words, unless the caller leaves it out (`skip`, `only`): that
 * is tested against a service without the widget API in conformance.test.ts.
 */
import { describe, expect, it } from "vitest"
import { exitCodeOf, formatTable, renderHtml, runConformance, toJson } from "../../src/conformance/index.ts"
import { configFor, sandbox } from "./helpers.ts"

describe("every selected group runs, or the run says it is incomplete", () => {
  it("the documentation's example (runs 5) runs every group: none skipped, no reason left undefined, exit 0", async () => {
    const s = sandbox()
    const report = await runConformance(configFor(s.fetch, { runs: 5, seed: 42 }))
    s.close()
    expect(report.disagreements).toEqual([])
    expect(report.groups.map((g) => `${g.group} ${g.status}`)).toEqual(
      ["create", "terms", "refund", "verify", "search", "plans", "notes"].map((g) => `${g} ran`)
    )
    for (const g of report.groups) expect(g.scenarios, g.group).toBeGreaterThan(0)
    for (const p of report.properties) expect(p.runs + p.skipped, p.property).toBeGreaterThan(0)
    for (const text of [formatTable(report), renderHtml(report), JSON.stringify(toJson(report))]) {
      expect(text).not.toMatch(/undefined/)
    }
    expect(report.incomplete).toEqual([])
    expect(exitCodeOf(report)).toBe(0)
  })

  it("a skip that leaves nothing to check is a usage error", async () => {
    const error = await runConformance(configFor(async () => new Response(), { only: ["create"], skip: ["create"] }))
      .catch((e) => e)
    expect(error._tag).toBe("ConformanceUsageError")
    expect(error.message).toMatch(/every group selected is skipped/)
  })
})
