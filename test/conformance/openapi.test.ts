/**
 * One conformance run against the sandbox, every exchange validated against
 * the OpenAPI document by Stoplight Prism's validators
 * (test/core/wire/exchanges.ts): the answers fit the document, and every
 * request the document refuses (the kit sends invalid ones on purpose) is
 * refused by the sandbox too.
 */
import { describe, expect, it } from "vitest"
import { runConformance } from "../../src/conformance/index.ts"
import { newLog, validatingFetch } from "../core/wire/exchanges.ts"
import { configFor, sandbox } from "./helpers.ts"

describe("a conformance run, each exchange validated against the OpenAPI document", () => {
  it("R4.1, R9: 0 violations over every exchange of the run", async () => {
    const s = sandbox()
    const log = newLog()
    try {
      const report = await runConformance(
        configFor(validatingFetch(s.fetch, log, "when taken").fetch, { runs: 40, seed: 1 })
      )
      expect(report.disagreements).toEqual([])
    } finally {
      s.close()
    }
    expect(log.violations).toEqual([])
    expect(log.validated.length).toBeGreaterThan(100)
  })
})
