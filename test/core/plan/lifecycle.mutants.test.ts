/**
 * Every refusal of the plan lifecycle (docs/plans.md; R7.8 for cancellations) with the status and event
 * it names and the message a merchant reads: mutation testing found the messages unchecked
 * (benchmarks/mutation.md).
 */
import { describe, expect, it } from "vitest"
import { ValidationError } from "../../../src/core/foundation/issues.ts"
import { PlanEvent, PlanTransitionError } from "../../../src/core/plan/events.ts"
import { applyResult, dueInstallments } from "../../../src/core/plan/lifecycle.ts"
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

describe("a malformed plan event is a ValidationError naming each problem", () => {
  const pending = examplePlan()
  const onSchedule = apply(pending, PlanEvent.DepositAccepted({ at: NOW }))
  const issuesOf = (plan: Plan, event: unknown) => {
    const error = failure(applyResult(plan, event as PlanEvent))
    expect(error).toBeInstanceOf(ValidationError)
    return (error as ValidationError).issues.map((i) => ({ ...i }))
  }

  it("an event that is not an object, or has no known _tag", () => {
    expect(issuesOf(pending, 1)).toEqual([
      { path: "", code: "type", rule: "plans", message: "must be a plan event object, got 1" }
    ])
    expect(issuesOf(pending, { at: NOW })).toEqual([
      {
        path: "_tag",
        code: "required",
        rule: "plans",
        message:
          "must be one of \"DepositAccepted\", \"InstallmentPaid\", \"InstallmentMissed\", \"PaymentPaused\", \"PlanCancelled\", \"MerchantOrderSet\", got undefined"
      }
    ])
  })

  it("its instant, its texts, its amount and its instalment number (R3.1, R1.3)", () => {
    expect(issuesOf(pending, { _tag: "DepositAccepted", amount: "280", paymentMethod: 5 })).toEqual([
      {
        path: "at",
        code: "required",
        rule: "R3.1",
        message: "must be an instant (Date, epoch milliseconds or RFC 3339 date-time with offset), got undefined"
      },
      { path: "amount", code: "type", rule: "R1.3", message: "must be a finite number, got \"280\"" },
      { path: "paymentMethod", code: "type", rule: "plans", message: "must be a string, got 5" }
    ])
    expect(issuesOf(onSchedule, { _tag: "InstallmentPaid", at: NOW, installmentNumber: 0 })).toEqual([
      {
        path: "installmentNumber",
        code: "range",
        rule: "plans",
        message: "must be a whole number of at least 1, got 0"
      }
    ])
    expect(issuesOf(onSchedule, { _tag: "InstallmentMissed", at: NOW, installmentNumber: "2" })).toEqual([
      {
        path: "installmentNumber",
        code: "type",
        rule: "plans",
        message: "must be a whole number of at least 1, got \"2\""
      }
    ])
  })

  it("a pause until no later than its own instant; only the instant that is wrong is named", () => {
    for (const until of [NOW, "2026-11-21T00:00:00Z"]) {
      expect(issuesOf(onSchedule, { _tag: "PaymentPaused", at: NOW, until })).toEqual([
        { path: "until", code: "range", rule: "plans", message: "must be after `at`" }
      ])
    }
    expect(
      issuesOf(onSchedule, { _tag: "PaymentPaused", at: "soon", until: "2026-12-01T00:00:00Z" }).map((i) => i.path)
    )
      .toEqual(["at"])
    expect(issuesOf(onSchedule, { _tag: "PaymentPaused", at: NOW, until: "later" }).map((i) => i.path)).toEqual([
      "until"
    ])
  })

  it("a cancellation's reason and refund amount (R7.8)", () => {
    expect(issuesOf(onSchedule, { _tag: "PlanCancelled", at: NOW })).toEqual([
      {
        path: "reason",
        code: "required",
        rule: "R7.8",
        message:
          "must be one of \"CustomerRequest\", \"MerchantRequest\", \"PaymentIssue\", \"MerchantRequestWithPaymentLink\", \"Other\", \"CompletedElsewhere\", \"TerminatedThirdParty\", \"CreatedInError\", got undefined"
      },
      { path: "refundAmount", code: "required", rule: "R7.8", message: "is required" }
    ])
    expect(
      issuesOf(onSchedule, { _tag: "PlanCancelled", at: NOW, reason: "Other", refundAmount: "all" }).map((i) =>
        `${i.path}:${i.code}:${i.rule}`
      )
    ).toEqual(["refundAmount:type:R7.8"])
  })

  it("dueInstallments refuses an instant it cannot read (R3.1)", () => {
    const error = (() => {
      try {
        dueInstallments(pending, "tomorrow")
      } catch (e) {
        return e
      }
    })()
    expect(error).toBeInstanceOf(ValidationError)
    expect((error as ValidationError).issues).toEqual([
      { path: "at", code: "format", rule: "R3.1", message: "must be an instant, got \"tomorrow\"" }
    ])
  })
})

describe("a record read from the service: instalments in any order, boundaries of time", () => {
  const pending = examplePlan()
  const onSchedule = apply(pending, PlanEvent.DepositAccepted({ at: NOW }))
  const late = apply(onSchedule, PlanEvent.InstallmentMissed({ at: "2026-11-29T00:00:00Z" }))
  const reordered = (plan: Plan, order: ReadonlyArray<number>): Plan => ({
    ...plan,
    installments: order.map((n) => plan.installments.find((i) => i.installmentNumber === n)!)
  })
  const statusOf = (plan: Plan, n: number) => plan.installments.find((i) => i.installmentNumber === n)!.status

  it("finds an instalment by its number, not its place", () => {
    const reversed = reordered(pending, [5, 4, 3, 2, 1])
    const deposited = apply(reversed, PlanEvent.DepositAccepted({ at: NOW }))
    expect([1, 2, 5].map((n) => statusOf(deposited, n))).toEqual(["PAID", "UPCOMING", "UPCOMING"])
    const paid = apply(deposited, PlanEvent.InstallmentPaid({ at: NOW, installmentNumber: 2 }))
    expect([2, 4].map((n) => statusOf(paid, n))).toEqual(["PAID", "UPCOMING"])
    const missed = apply(deposited, PlanEvent.InstallmentMissed({ at: "2026-12-06T00:00:00Z", installmentNumber: 3 }))
    expect([3, 4].map((n) => statusOf(missed, n))).toEqual(["MISSED", "UPCOMING"])
  })

  it("without a number, pays the missed instalment first and misses the first upcoming one, wherever they stand", () => {
    const missedFirst = reordered(late, [2, 1, 3, 4, 5])
    const paid = apply(missedFirst, PlanEvent.InstallmentPaid({ at: "2026-11-30T00:00:00Z" }))
    expect([2, 3].map((n) => statusOf(paid, n))).toEqual(["PAID", "UPCOMING"])
    const upcomingFirst = reordered(onSchedule, [2, 1, 3, 4, 5])
    const missed = apply(upcomingFirst, PlanEvent.InstallmentMissed({ at: "2026-11-29T00:00:00Z" }))
    expect([2, 3].map((n) => statusOf(missed, n))).toEqual(["MISSED", "UPCOMING"])
  })

  it("refuses a payment when nothing is left to pay", () => {
    const allPaid: Plan = {
      ...onSchedule,
      installments: onSchedule.installments.map((i) => ({ ...i, status: "PAID" as const }))
    }
    expect(refusalOf(allPaid, PlanEvent.InstallmentPaid({ at: NOW }))).toMatchObject({
      code: "unknown_installment",
      message: "the plan has no instalment left to pay"
    })
  })

  it("an instalment may be missed from the instant it falls due", () => {
    const missed = apply(onSchedule, PlanEvent.InstallmentMissed({ at: "2026-11-29T00:00:00Z", installmentNumber: 2 }))
    expect(statusOf(missed, 2)).toBe("MISSED")
  })

  it("payments may be paused until any time of the completion date, and a date due at `until` stays as written", () => {
    const paused = apply(onSchedule, PlanEvent.PaymentPaused({ at: NOW, until: "2027-02-11T23:00:00Z" }))
    expect(paused.pausePaymentUntil).toBe("2027-02-11T23:00:00.000Z")
    const written = {
      ...onSchedule,
      installments: onSchedule.installments.map((i) =>
        i.installmentNumber === 2 ? { ...i, date: "2026-11-29T00:00:00Z" } : i
      )
    }
    const until = apply(written, PlanEvent.PaymentPaused({ at: NOW, until: "2026-11-29T00:00:00Z" }))
    expect(until.installments.find((i) => i.installmentNumber === 2)!.date).toBe("2026-11-29T00:00:00Z")
  })
})

describe("the record the lifecycle reads (R1.2, R9): every field it needs checked before any event", () => {
  const issuesOf = (plan: unknown) => {
    const error = failure(applyResult(plan as Plan, PlanEvent.DepositAccepted({ at: NOW })))
    expect(error).toBeInstanceOf(ValidationError)
    return (error as ValidationError).issues.map(({ code, path, rule }) => `${path} ${code} ${rule}`)
  }

  it("a record whose status, payments or instalments have the wrong type is refused, each under plan.", () => {
    const issues = issuesOf({ ...examplePlan(), status: 5, totalPaid: "280", installments: "none" })
    expect(issues.some((i) => i.startsWith("plan.status "))).toBe(true)
    expect(issues.some((i) => i.startsWith("plan.totalPaid "))).toBe(true)
    expect(issues.some((i) => i.startsWith("plan.installments "))).toBe(true)
  })

  it("R1.2: a record's currency is read under plan.currency, the record's own spelling", () => {
    const plan = examplePlan()
    expect(issuesOf({ ...plan, currency: { ...plan.currency, currencyCode: "ZZZ" } })).toEqual([
      "plan.currency.currencyCode unknown_currency R4.4"
    ])
    // a record without a code is the record's schema's to refuse, before the currency is read
    const { currencyCode: _, ...noCode } = plan.currency
    expect(issuesOf({ ...plan, currency: noCode })).toEqual(["plan.currency.currencyCode required plans"])
  })
})
