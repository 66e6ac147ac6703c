import { describe, expect, it } from "vitest"
import { generateNdjson } from "../../../scripts/generate-plans.ts"
import type { Settings } from "../../../src/adapters/cli/exposure/accumulate.ts"
import { buildReport } from "../../../src/adapters/cli/exposure/report.ts"
import { type Invalid, localSettings, runExposure } from "../../../src/adapters/cli/exposure/run.ts"
import * as Time from "../../../src/core/foundation/time/index.ts"

/** Small pieces, so the input makes many batches spread over the workers. */
const pieces = (text: string, size: number) =>
  Array.from({ length: Math.ceil(text.length / size) }, (_, i) => Buffer.from(text.slice(i * size, (i + 1) * size)))

const report = async (
  text: string,
  workers: number,
  settings: Omit<Settings, "merchant">,
  workersOnly = false,
  skipInvalid = true
) => {
  const invalid: Array<Invalid> = []
  const outcome = await runExposure(
    (async function*() {
      yield* pieces(text, 16 * 1024)
    })(),
    {
      settings: {
        ...settings,
        merchant: { defaultRefundPolicies: [{ daysWithinRedemptionDate: 45, refundablePercentage: 80 }] }
      },
      skipInvalid,
      workers,
      workersOnly,
      onInvalid: (i) => invalid.push(i)
    }
  )
  return {
    report: buildReport(outcome, localSettings({ ...settings, merchant: undefined })),
    invalid,
    stoppedAt: outcome.stoppedAt
  }
}

describe("exposure across worker threads", () => {
  it(
    "worker threads give exactly this thread's report: sums, cancelled plans, the K largest, the timeline, refused lines in order",
    async () => {
      const lines = [...generateNdjson(3000, 11)].join("").split("\n")
      lines.splice(100, 0, "{ not json")
      lines.splice(2500, 0, JSON.stringify({ currencyCode: "AUD", totalPaymentsPaid: 1.234, items: [] }))
      const text = lines.join("\n")
      const settings = {
        at: Date.UTC(2026, 11, 1),
        timeZone: undefined,
        top: 7,
        timeline: { from: Time.parseDate("2026-12-01")!, to: Time.parseDate("2027-01-31")! }
      }
      const alone = await report(text, 0, settings)
      const split = await report(text, 2, settings, true)
      expect(split.report).toEqual(alone.report)
      expect(split.invalid).toEqual(alone.invalid)
      expect(alone.invalid.map((i) => i.line)).toEqual([101, 2501])
      expect(alone.report.currencies.every((c) => c.largestExposures.length === 7)).toBe(true)
      // without --skip-invalid the run stops at the first refused line, whichever thread met it
      const stopped = await report(text, 2, settings, true, false)
      expect(stopped.stoppedAt?.line).toBe(101)
      expect(stopped.invalid).toEqual([])
    },
    120_000
  )
})
