/**
 * Runs that share a service: several runs at once as the same merchant (CI
 * jobs against one staging sandbox, the same seed included) compare only what
 * their own session wrote, so none raises a false alarm. Three runs in
 * process, in an order that makes the race certain: the first reads the plans
 * it searches, then waits while the two others (started then) pay for plans
 * of the same order prefix, then searches.
 */
import { describe, expect, it } from "vitest"
import { runConformance } from "../../src/conformance/index.ts"
import { configFor, sandbox } from "./helpers.ts"

const isSearch = (request: Request) => {
  const url = new URL(request.url)
  return request.method === "GET" && url.pathname === "/api/v2/plans" &&
    url.searchParams.get("useQuickFilter") === "true"
}

const isPayment = (request: Request, response: Response) =>
  request.method === "POST" && new URL(request.url).pathname.endsWith("/complete") && response.status === 200

describe("R9: runs that share a service", () => {
  it("three runs at once as one merchant, with the same seed: one searches while the others pay for plans; none disagrees", async () => {
    const s = sandbox()
    let startOthers!: () => void
    const othersMayStart = new Promise<void>((resolve) => (startOthers = resolve))
    let resume!: () => void
    const searcherMayResume = new Promise<void>((resolve) => (resume = resolve))
    let universeRead = false
    const searcher = async (request: Request) => {
      if (isSearch(request)) {
        if (!universeRead) {
          universeRead = true
          const response = await s.fetch(request)
          startOthers()
          return response
        }
        await searcherMayResume
      }
      return s.fetch(request)
    }
    const paid = new Map<string, number>()
    const payer = (name: string) => async (request: Request) => {
      const response = await s.fetch(request)
      if (isPayment(request, response)) paid.set(name, (paid.get(name) ?? 0) + 1)
      if (paid.size === 2) resume()
      return response
    }
    const settings = { seed: 7, runs: 60 }
    const first = runConformance(configFor(searcher, settings)).finally(startOthers)
    const others = othersMayStart.then(() =>
      Promise.all([
        runConformance(configFor(payer("second"), settings)),
        runConformance(configFor(payer("third"), settings))
      ]).finally(resume)
    )
    const [a, [b, c]] = await Promise.all([first, others])
    s.close()
    // the race happened: the others paid for plans of the same prefix between the first's reading and its searches
    expect([...paid.values()].every((n) => n > 0)).toBe(true)
    for (const report of [a, b, c]) {
      expect(report.disagreements.map((d) => `${d.rule} ${d.operation} ${d.field}`)).toEqual([])
      expect(report.groups.find((g) => g.group === "search")?.status).toBe("ran")
    }
  })
})
