/**
 * Every refusal of the plan lifecycle (docs/plans.md; R7.8 for cancellations) with the status and event
 * it names and the message a merchant reads: mutation testing found the messages unchecked
 * (benchmarks/mutation.md).
 */
import { describe, expect, it } from "vitest"
import { PlanEvent, PlanTransitionError } from "../../../src/core/plan/events.ts"
import { applyResult } from "../../../src/core/plan/lifecycle.ts"
import type { Plan } from "../../../src/core/plan/record.ts"
import { NOW } from "../../fixtures.ts"
import { examplePlan, failure, unwrap } from "./fixtures.ts"

const apply = (plan: Plan, event: PlanEvent) => unwrap(applyResult(plan, event))
const refusalOf = (plan: Plan, event: PlanEvent) => {
  const error = failure(applyResult(plan, event))
  expect(error).toBeInstanceOf(PlanTransitionError)
  const { code, event: tag, message, status } = error as PlanTransitionError
  return { code, status, event: tag, message }
}

describe("plan lifecycle refusals name the status, the event and the reason", () => {
  const pending = examplePlan()
  const onSchedule = apply(pending, PlanEvent.DepositAccepted({ at: NOW }))
  const late = apply(onSchedule, PlanEvent.InstallmentMissed({ at: "2026-11-29T00:00:00Z" }))
  const cancelled = apply(onSchedule, PlanEvent.PlanCancelled({ at: NOW, reason: "Other", refundAmount: 280 }))

  it("refusals of the plan's state", () => {
    expect(refusalOf(cancelled, PlanEvent.InstallmentPaid({ at: NOW }))).toEqual({
      code: "already_cancelled",
      status: "Cancelled",
      event: "InstallmentPaid",
      message: "the plan is cancelled, which is final"
    })
    expect(refusalOf(pending, PlanEvent.InstallmentMissed({ at: NOW }))).toEqual({
      code: "not_allowed",
      status: "PendingDeposit",
      event: "InstallmentMissed",
      message: "InstallmentMissed is not allowed while the plan is PendingDeposit"
    })
    expect(refusalOf(pending, PlanEvent.DepositAccepted({ at: "2026-11-21T23:59:59Z" }))).toEqual({
      code: "out_of_order",
      status: "PendingDeposit",
      event: "DepositAccepted",
      message: "the event at 2026-11-21T23:59:59.000Z is before the record's updatedAt 2026-11-22T00:00:00.000Z"
    })
  })

  it("refusals of a payment", () => {
    expect(refusalOf(onSchedule, PlanEvent.InstallmentPaid({ at: NOW, installmentNumber: 6 })).message).toBe(
      "the plan has no instalment 6"
    )
    expect(refusalOf(onSchedule, PlanEvent.InstallmentPaid({ at: NOW, installmentNumber: 1 })).message).toBe(
      "instalment 1 is already paid"
    )
    expect(refusalOf(onSchedule, PlanEvent.InstallmentPaid({ at: NOW, amount: 820.01 })).message).toBe(
      "820.01 is more than the 820 that remains"
    )
    expect(refusalOf(onSchedule, PlanEvent.InstallmentPaid({ at: NOW, amount: 410 })).message).toBe(
      "instalment 2 is 205, got 410"
    )
  })

  it("an instalment the record has cancelled is neither paid nor missed", () => {
    // a record read from the service may carry one, whatever its status
    const withCancelled: Plan = {
      ...onSchedule,
      installments: onSchedule.installments.map((i) =>
        i.installmentNumber === 2 ? { ...i, status: "CANCELLED" as const } : i
      )
    }
    for (const event of [PlanEvent.InstallmentPaid, PlanEvent.InstallmentMissed]) {
      const refused = refusalOf(withCancelled, event({ at: "2026-12-30T00:00:00Z", installmentNumber: 2 }))
      expect([refused.code, refused.message]).toEqual(["not_allowed", "instalment 2 is cancelled"])
    }
  })

  it("refusals of a missed instalment", () => {
    expect(refusalOf(onSchedule, PlanEvent.InstallmentMissed({ at: NOW, installmentNumber: 9 })).message).toBe(
      "the plan has no instalment 9"
    )
    expect(refusalOf(onSchedule, PlanEvent.InstallmentMissed({ at: NOW, installmentNumber: 1 })).message).toBe(
      "instalment 1 is paid"
    )
    expect(
      refusalOf(late, PlanEvent.InstallmentMissed({ at: "2026-11-29T00:00:00Z", installmentNumber: 2 })).message
    ).toBe("instalment 2 is already missed")
    expect(refusalOf(onSchedule, PlanEvent.InstallmentMissed({ at: NOW, installmentNumber: 3 })).message).toBe(
      "instalment 3 falls due at 2026-12-06T00:00:00.000Z"
    )
    expect(refusalOf(onSchedule, PlanEvent.InstallmentMissed({ at: "2026-11-28T23:59:59Z" })).message).toBe(
      "no instalment falls due by 2026-11-28T23:59:59.000Z"
    )
  })

  it("refusals of a pause and of a cancellation (R7.8)", () => {
    expect(refusalOf(onSchedule, PlanEvent.PaymentPaused({ at: NOW, until: "2027-02-12T00:00:00Z" }))).toEqual({
      code: "beyond_completion",
      status: "OnSchedule",
      event: "PaymentPaused",
      message: "payments cannot be paused past the completion date 2027-02-11T00:00:00.000Z"
    })
    expect(refusalOf(onSchedule, PlanEvent.PlanCancelled({ at: NOW, reason: "Other", refundAmount: 280.01 })))
      .toEqual({
        code: "refund_exceeds_paid",
        status: "OnSchedule",
        event: "PlanCancelled",
        message: "the refund 280.01 is more than the 280 paid (R7.8)"
      })
  })
})
