/**
 * The exposure report reads plan records through the core's one reader (issue
 * 21 item 3): a record from `createPlanRecord` counts while OnSchedule and is
 * counted apart once Cancelled, in the record's own digits (R1.2).
 */
import { describe, expect, it } from "vitest"
import type { Settings } from "../../../src/adapters/cli/exposure/accumulate.ts"
import { buildReport } from "../../../src/adapters/cli/exposure/report.ts"
import { type Invalid, localSettings, runExposure } from "../../../src/adapters/cli/exposure/run.ts"
import { applyPlanEvent, calculateRefund, createPlanRecord } from "../../../src/index.ts"
import { exampleTerms } from "../../core/plan/fixtures.ts"
import { exampleRequest, NOW } from "../../fixtures.ts"

const AT = Date.UTC(2027, 0, 20)

const exposure = async (lines: ReadonlyArray<unknown>, merchant?: unknown, workers = 0) => {
  const invalid: Array<Invalid> = []
  const settings: Omit<Settings, "merchant"> = { at: AT, timeZone: undefined, top: 5, timeline: undefined }
  const outcome = await runExposure(
    (async function*() {
      yield Buffer.from(lines.map((l) => JSON.stringify(l)).join("\n"))
    })(),
    { settings: { ...settings, merchant }, skipInvalid: true, workers, onInvalid: (i) => invalid.push(i) }
  )
  return { report: buildReport(outcome, localSettings({ ...settings, merchant })), invalid, outcome }
}

const record = () => createPlanRecord(exampleRequest(), exampleTerms(), { now: NOW, planId: "plan_1" })

describe("exposure reads plan records with the calculation's reader", () => {
  it("the reported record: counted while OnSchedule, counted apart once Cancelled (not refused for its currencyCode)", async () => {
    const onSchedule = applyPlanEvent(record(), { _tag: "DepositAccepted", at: NOW })
    const cancelled = applyPlanEvent(onSchedule, {
      _tag: "PlanCancelled",
      at: "2026-11-23T00:00:00Z",
      reason: "CustomerRequest",
      refundAmount: 100
    })
    const { report, invalid } = await exposure([onSchedule, cancelled])
    expect(invalid).toEqual([])
    const calculation = calculateRefund(onSchedule, { at: AT })
    expect(report.currencies).toEqual([
      expect.objectContaining({
        currencyCode: "AUD",
        plans: 1,
        totalPaid: "280.00",
        totalSuggestedRefunds: calculation.suggestedRefundAmount.toFixed(2),
        cancelled: { plans: 1, totalPaid: "280.00" }
      })
    ])
  })

  it("a record kept zero-decimal is summed in its own digits, whatever the merchant says of the currency", async () => {
    const onSchedule = applyPlanEvent(record(), { _tag: "DepositAccepted", at: NOW })
    const zero = { ...onSchedule, currency: { ...onSchedule.currency, isZeroDecimal: true } }
    const cancelled = { ...zero, status: "Cancelled", id: "plan_2" }
    const merchant = { currencies: [{ currencyCode: "AUD", isZeroDecimal: false }] }
    const { report, invalid } = await exposure([zero, cancelled], merchant)
    expect(invalid).toEqual([])
    expect(report.currencies).toEqual([
      expect.objectContaining({ currencyCode: "AUD", totalPaid: "280", cancelled: { plans: 1, totalPaid: "280" } })
    ])
  })

  it("a cancelled line is read as a calculation reads it: the same refusal for the same bad currency or amount", async () => {
    const onSchedule = applyPlanEvent(record(), { _tag: "DepositAccepted", at: NOW })
    const bad = { ...onSchedule, currency: { ...onSchedule.currency, isZeroDecimal: true }, totalPaid: 280.5 }
    const { invalid } = await exposure([bad, { ...bad, status: "Cancelled" }])
    expect(invalid.map((i) => i.message)).toEqual([
      expect.stringMatching(/^totalPaid: .*\[precision, R1\.3\]$/),
      expect.stringMatching(/^totalPaid: .*\[precision, R1\.3\]$/)
    ])
  })
})
