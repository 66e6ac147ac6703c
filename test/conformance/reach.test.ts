/**
 * The kit's reach (R1.5, R2.2–R2.4, R5, R6.2–R6.5, R7.2–R7.6, R8, the
 * search's and the notes' paging): every boundary class of the testing kit's
 * list is reached by the default settings at every seed, decided from what
 * the run generates (no request sent: the full run per seed is the fault
 * benchmark's), and a run reports its reach class by class.
 */
import { describe, expect, it } from "vitest"
import {
  API_KEY,
  BASE_URL,
  MERCHANT_ID,
  MERCHANTS_FILE,
  original,
  serve,
  startOf,
  ZONE
} from "../../benchmarks/faults/service.ts"
import { loadMerchants } from "../../src/adapters/sandbox/index.ts"
import {
  type ConformanceConfig,
  type ConformanceReport,
  exitCodeOf,
  formatTable,
  renderHtml,
  runConformance,
  toJson
} from "../../src/conformance/index.ts"
import { plannedReach } from "../../src/conformance/opening.ts"
import { applicable, BOUNDARY_CLASSES } from "../../src/testing/boundaries.ts"

const merchant = loadMerchants(MERCHANTS_FILE)[0]!.configuration
const config = (seed: number, more: Partial<ConformanceConfig> = {}): ConformanceConfig => ({
  baseUrl: BASE_URL,
  merchantId: MERCHANT_ID,
  apiKey: API_KEY,
  seed,
  rps: 1_000_000,
  ...more
})

/** The classes decided by what is sent; the search's and the notes' are decided by their answers too. */
const generated = BOUNDARY_CLASSES.filter((c) => c.rule !== "search" && c.rule !== "notes")

describe("the boundary classes", () => {
  it("are listed once each, every rule of the list present", () => {
    const ids = BOUNDARY_CLASSES.map((c) => c.id)
    expect(new Set(ids).size).toBe(ids.length)
    expect([...new Set(BOUNDARY_CLASSES.map((c) => c.rule))]).toEqual([
      "R1.5",
      "R2.2",
      "R2.3",
      "R2.4",
      "R5",
      "R6.2",
      "R6.3",
      "R6.4",
      "R6.5",
      "R6.6",
      "R7.1",
      "R7.2",
      "R7.4",
      "R7.5",
      "R7.6",
      "R8.1",
      "R8.2",
      "search",
      "notes"
    ])
    // the benchmark's merchant has what each class needs (a default deposit, a tie of default policies, a maximum)
    for (const c of BOUNDARY_CLASSES) expect(applicable(c.id, merchant, ZONE), c.id).toBe(true)
  })

  it("R1.5–R8: the default settings reach every class at every seed 1–20 (decided at generation)", () => {
    const missed: Array<string> = []
    for (let seed = 1; seed <= 20; seed++) {
      const reached = plannedReach(config(seed), merchant, startOf(seed), ZONE)
      for (const c of generated) if ((reached.get(c.id) ?? 0) === 0) missed.push(`seed ${seed}: ${c.id}`)
    }
    expect(missed).toEqual([])
  })
})

describe("a run reports its reach", () => {
  let report: ConformanceReport
  it("a default run against the sandbox reaches every class, the search's and the notes' included", async () => {
    const copy = await original()
    const service = serve(copy, startOf(1))
    try {
      report = await runConformance(config(1, { fetch: service.fetch }))
    } finally {
      service.close()
    }
    expect(report.disagreements).toEqual([])
    expect(report.coverage.map((c) => `${c.rule}/${c.class}`)).toEqual(BOUNDARY_CLASSES.map((c) => c.id))
    expect(report.coverage.filter((c) => !c.expected || c.reached === 0)).toEqual([])
    expect(report.incomplete).toEqual([])
    // the zone the service reads date-times in, learnt (the benchmark's merchant is in Australia/Sydney)
    expect([report.timeZone, report.timeZoneSource]).toEqual([ZONE, "probed"])
  })

  it("in the table, the HTML page and the JSON", () => {
    const table = formatTable(report)
    expect(table).toMatch(/^rule\s+boundary class\s+reached$/m)
    expect(table).toMatch(/^R6\.3\s+monthly-today\s+[1-9]\d*$/m)
    expect(table).toMatch(/53 of 53 boundary classes reached \(dates of date-times read in Australia\/Sydney, probed\)/)
    expect(renderHtml(report)).toMatch(/<h2>Boundary classes reached<\/h2>/)
    const json = toJson(report)
    expect(json.coverage).toHaveLength(BOUNDARY_CLASSES.length)
    expect(json.coverage[0]).toEqual({
      rule: "R1.5",
      class: "deposit-half-even",
      reached: expect.any(Number),
      expected: true
    })
  })

  it("--min-coverage: a run that left a class it was to reach unreached is incomplete (exit 1)", async () => {
    const copy = await original()
    const service = serve(copy, startOf(2))
    try {
      const small = { fetch: service.fetch, runs: 7, only: ["create", "terms"] as const, timeZone: ZONE }
      const asked = await runConformance(config(2, { ...small, minCoverage: 1 }))
      expect(asked.disagreements).toEqual([])
      expect(asked.incomplete).toHaveLength(1)
      expect(asked.incomplete[0]).toMatch(
        /^\d+ boundary class\(es\) reached fewer than 1 time\(s\) \(--min-coverage\): /
      )
      expect(asked.incomplete[0]).toMatch(/R6\.\d\/[a-z-]+ \(0\)/)
      expect(exitCodeOf(asked)).toBe(1)
      // classes of groups not selected are not asked for
      expect(asked.coverage.find((c) => c.rule === "R7.6")).toMatchObject({ expected: false, reached: 0 })
      expect(formatTable(asked)).toMatch(/^R7\.6\s+paid-below\s+n\/a$/m)
      const told = await runConformance(config(2, small))
      expect([told.incomplete, exitCodeOf(told)]).toEqual([[], 0])
    } finally {
      service.close()
    }
  })
})
