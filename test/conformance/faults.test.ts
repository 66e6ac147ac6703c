/**
 * The conformance kit against faulty services: a few faults of the fault
 * benchmark's catalogue (benchmarks/faults/), each patched into a copy of the
 * sources or rewritten into the sandbox's answers, found and named by their
 * root cause; several faults at once, each reported within its group's share
 * of the cap; read-only runs that recompute plans from their inputs; and every
 * endpoint of the route table exercised. The whole catalogue is measured by
 * `npm run bench -- faults`.
 */
import { readFileSync } from "node:fs"
import { afterAll, describe, expect, it } from "vitest"
import { type Fault, FAULTS } from "../../benchmarks/faults/catalogue.ts"
import {
  API_KEY,
  BASE_URL,
  type Copy,
  type Handler,
  MERCHANT_ID,
  original,
  patchedCopy,
  proxy,
  serve,
  startOf,
  ZONE
} from "../../benchmarks/faults/service.ts"
import { type ConformanceConfig, type ConformanceReport, runConformance } from "../../src/conformance/index.ts"
import { DEFAULT_ROUTES, OPERATIONS, routeMatcher } from "../../src/core/wire/routes.ts"

const START = startOf(1)

const config = (fetch: Handler, more: Partial<ConformanceConfig> = {}): ConformanceConfig => ({
  baseUrl: BASE_URL,
  merchantId: MERCHANT_ID,
  apiKey: API_KEY,
  timeZone: ZONE,
  fetch,
  seed: 1,
  rps: 1_000_000,
  ...more
})

const copies: Array<Copy> = []
afterAll(() => {
  for (const copy of copies) copy.dispose()
})

const fault = (name: string): Fault => {
  const found = FAULTS.find((f) => f.name === name)
  if (found === undefined) throw new Error(`no fault ${name} in the catalogue`)
  return found
}

/** The kit against a copy of the sandbox with one fault of the catalogue. */
const against = async (f: Fault, more: Partial<ConformanceConfig> = {}): Promise<ConformanceReport> => {
  const copy = f.patches === undefined ? await original() : await patchedCopy(f.patches)
  copies.push(copy)
  const service = serve(copy, START)
  try {
    return await runConformance(config(f.rewrite === undefined ? service.fetch : proxy(service.fetch, f.rewrite), more))
  } finally {
    service.close()
  }
}

const rootRules = (report: ConformanceReport) => [...new Set(report.causes.map((c) => c.rule))]

describe("the catalogue", () => {
  // a patch whose text moved away would make the benchmark fail late, or measure a fault that is not there
  it("patches today's sources: each patch's text occurs exactly once in its file", () => {
    const misses = FAULTS.flatMap((f) =>
      (f.patches ?? []).flatMap((patch) => {
        const count = readFileSync(new URL(`../../${patch.file}`, import.meta.url), "utf8").split(patch.find).length - 1
        return count === 1 ? [] : [`${f.name}: ${patch.file} has ${JSON.stringify(patch.find)} ${count} times`]
      })
    )
    expect(misses).toEqual([])
  })
})

describe("the conformance kit names the root cause of a fault", () => {
  it.each(
    [
      { name: "three-digit currencies read with two digits", rule: "R1.2", only: ["create", "terms"] },
      { name: "the plan date taken in UTC, not the request's zone", rule: "R6.1", only: ["terms"] },
      { name: "PayInFull unavailable (computed as instalments)", rule: "R6.8", only: ["terms"] },
      { name: "only the first violation reported", rule: "R4.1", only: ["create"] },
      { name: "notes: soft-deleted notes listed", rule: "R9", only: ["notes"] }
    ] as const
  )("$name: $rule, and nothing else as a cause", async ({ name, only, rule }) => {
    const report = await against(fault(name), { only })
    expect(report.disagreements.length).toBeGreaterThan(0)
    expect(rootRules(report)).toEqual([rule])
    // every other disagreement is grouped under it
    const roots = report.causes.map((c) => `${c.rule} ${c.operation} ${c.field}`)
    for (const d of report.disagreements) {
      if (d.cause !== undefined) expect(roots).toContain(d.cause)
    }
  })

  it("a first payment the service computes otherwise is R5.2, never a misleading R7.8", async () => {
    const report = await against(fault("the remainder paid with the last instalment"), { only: ["refund"] })
    expect(rootRules(report)).toContain("R5.2")
    expect(report.disagreements.filter((d) => d.rule === "R7.8")).toEqual([])
  })

  it("a refund above what was paid accepted is R7.8", async () => {
    const report = await against(fault("a refund one minor unit above what was paid accepted"), { only: ["refund"] })
    expect(rootRules(report)).toEqual(["R7.8"])
  })
})

describe("R1.5, R6.3, R7.6: faults whose failing case a seed reached by chance are found at every seed", () => {
  // each group's scenarios as a default run generates them (its share of 100 runs), at seeds where they were missed
  it.each(
    [
      {
        name: "a Percentage minimum deposit rounded half-even",
        rule: "R1.5",
        only: ["create"],
        runs: 25,
        seeds: [4, 5]
      },
      {
        name: "a monthly plan's first instalment on the plan date (day D today)",
        rule: "R6.3",
        only: ["terms"],
        runs: 17,
        seeds: [5]
      },
      { name: "a negative suggested refund", rule: "R7.6", only: ["refund"], runs: 17, seeds: [4] }
    ] as const
  )("$name: $rule at seeds $seeds", async ({ name, only, rule, runs, seeds }) => {
    const f = fault(name)
    const copy = await patchedCopy(f.patches!)
    copies.push(copy)
    for (const seed of seeds) {
      const service = serve(copy, startOf(seed))
      try {
        const report = await runConformance(config(service.fetch, { only, runs, seed }))
        // found, and named by its rule (or one the catalogue accepts for it: a rounding seen once is R2.3's)
        expect(rootRules(report).filter((r) => r === rule || (f.accept ?? []).includes(r)), `seed ${seed}`).not.toEqual(
          []
        )
      } finally {
        service.close()
      }
    }
  })
})

describe("several faults, each group within its share of the cap", () => {
  /** Two faults at once, in different groups: a deposit off in created checkouts, the last plan of later search pages dropped. */
  const twoFaults = (fetch: Handler) =>
    proxy(fetch, (a) => {
      if (a.method === "POST" && a.path === "/api/v2/checkout" && a.status === 201 && a.body.totalMinimumDeposit > 0) {
        a.body.totalMinimumDeposit += 40
      }
      if (a.method === "GET" && a.path === "/api/v2/plans" && Number(a.query.get("page")) > 0) a.body.plans?.pop()
    })

  it("reports each fault with its own counterexample, and lists every group with what it used", async () => {
    const copy = await original()
    const service = serve(copy, START)
    const report = await runConformance(config(twoFaults(service.fetch), { maxRequests: 400 }))
    service.close()
    const roots = report.causes.map((c) => `${c.rule} ${c.operation} ${c.field}`)
    expect(roots).toContain("R2.3 createCheckout totalMinimumDeposit")
    expect(roots).toContain("R9 searchPlans plans.id")
    expect(report.groups.map((g) => g.group)).toEqual([
      "create",
      "terms",
      "refund",
      "verify",
      "search",
      "plans",
      "notes"
    ])
    for (const g of report.groups) {
      expect(g.requests, g.group).toBeLessThanOrEqual(g.budget)
      expect(g.scenarios, g.group).toBeGreaterThan(0)
    }
    expect(report.requests).toBeLessThanOrEqual(400)
  })

  it("a group whose share is spent says so, and the others still run", async () => {
    const copy = await original()
    const service = serve(copy, START)
    const report = await runConformance(config(service.fetch, { maxRequests: 250 }))
    service.close()
    expect(report.requests).toBeLessThanOrEqual(250)
    const partial = report.groups.filter((g) => g.status === "partial")
    expect(partial.length).toBeGreaterThan(0)
    for (const g of partial) expect(g.reason).toMatch(/share of the request cap was spent/)
    // the last groups ran as well as the first
    for (const g of report.groups) expect(g.scenarios, g.group).toBeGreaterThan(0)
    expect(report.capReached).toBe(true)
  })
})

describe("read-only recomputes what it can from the inputs", () => {
  /** Plan records whose later instalments fall a day late: the record adds up, its dates do not follow the cadence. */
  const dayLate = (fetch: Handler) =>
    proxy(fetch, (a) => {
      if (a.method === "GET" && /^\/api\/v2\/plans\/[^/]+$/.test(a.path) && Array.isArray(a.body.installments)) {
        for (const i of a.body.installments.slice(1)) i.date = new Date(Date.parse(i.date) + 86_400_000).toISOString()
      }
    })
  /** Records and refund calculations that both say one minor unit more was paid: consistent with each other, not with the payments. */
  const paidMore = (fetch: Handler) =>
    proxy(fetch, (a) => {
      if (a.method !== "GET") return
      if (/^\/api\/v2\/plans\/[^/]+$/.test(a.path) && typeof a.body.totalPaid === "number") a.body.totalPaid += 0.01
      if (a.path.endsWith("/cancellation-summary") && a.body.currencyCode === "AUD") {
        a.body.totalPaymentsPaid = Math.round((a.body.totalPaymentsPaid + 0.01) * 100) / 100
      }
    })

  it.each([
    { name: "instalment dates off the cadence", alter: dayLate, rule: "R6.3", field: "installments.date" },
    {
      name: "what was paid, off in the record and the calculation alike",
      alter: paidMore,
      rule: "R7.1",
      field: "totalPaymentsPaid"
    }
  ])("finds $name ($rule $field)", async ({ alter, field, rule }) => {
    const copy = await original()
    const service = serve(copy, START)
    await runConformance(config(service.fetch, { runs: 40, only: ["refund", "plans"] }))
    const report = await runConformance(config(alter(service.fetch), { runs: 40, readOnly: true }))
    service.close()
    expect(report.readOnly).toBe(true)
    expect(report.disagreements.map((d) => `${d.rule} ${d.field}`)).toContain(`${rule} ${field}`)
  })
})

describe("every endpoint of the route table", () => {
  it("is exercised by a run against the sandbox", async () => {
    const copy = await original()
    const service = serve(copy, START)
    const matcher = routeMatcher(DEFAULT_ROUTES)
    const used = new Set<string>()
    const recording: Handler = async (request) => {
      const match = matcher.match(request.method, new URL(request.url).pathname)
      if (match !== undefined) used.add(match.operation)
      return service.fetch(request)
    }
    const report = await runConformance(config(recording))
    service.close()
    expect(report.disagreements).toEqual([])
    expect([...used].sort()).toEqual([...OPERATIONS].sort())
  })
})
