/**
 * The service's zone (R2.5): the zone in which a service turns a checkout's
 * date-times into calendar dates is learnt (`timeZone: "auto"`, the default),
 * so the project's own sandbox (its demo merchant is in Australia/Sydney)
 * agrees without one; a zone given that every answer contradicts, where they
 * all agree with one other zone, is a usage error naming it, never R2.4.
 */
import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { createSandbox, loadMerchants, sqliteStore } from "../../src/adapters/sandbox/index.ts"
import { ConformanceUsageError, exitCodeOf, runConformance } from "../../src/conformance/index.ts"

const demo = loadMerchants(
  JSON.parse(readFileSync(new URL("../../examples/sandbox-merchants.json", import.meta.url), "utf8"))
)

/** The sandbox `npm start` serves, its demo merchant, at the machine's time. */
const config = (fetch: (request: Request) => Promise<Response>, more: Record<string, unknown> = {}) => ({
  baseUrl: "http://127.0.0.1:4010",
  merchantId: "merchant-123",
  apiKey: "sk_sandbox_demo_0123456789",
  fetch,
  rps: 1_000_000,
  seed: 1,
  ...more
})

describe("R2.5: the zone the service reads a checkout's date-times in", () => {
  it("is learnt: the project's own sandbox, without --tz, agrees (no R2.4 for its merchant's zone)", async () => {
    const s = createSandbox({ store: sqliteStore(":memory:"), merchants: demo, onError: () => undefined })
    const report = await runConformance(config(s.fetch))
    s.close()
    expect(report.disagreements.map((d) => `${d.rule} ${d.operation} ${d.field}`)).toEqual([])
    expect([report.timeZone, report.timeZoneSource]).toEqual(["Australia/Sydney", "probed"])
    expect(exitCodeOf(report)).toBe(0)
  })

  it("a zone given that the answers contradict is a usage error naming the service's zone (exit 2), not R2.4", async () => {
    const s = createSandbox({ store: sqliteStore(":memory:"), merchants: demo, onError: () => undefined })
    const outcome = await runConformance(config(s.fetch, { timeZone: "UTC" })).catch((e: unknown) => e)
    s.close()
    expect(outcome).toBeInstanceOf(ConformanceUsageError)
    expect(exitCodeOf(outcome)).toBe(2)
    expect((outcome as Error).message).toMatch(
      /^the service turns a checkout's date-times into calendar dates in Australia\/Sydney, not UTC \(--tz\): every completionDate it answered agrees with Australia\/Sydney, \d+ disagree with UTC; run with --tz Australia\/Sydney, or --tz auto$/
    )
  })
})
