/**
 * Examples of the plan lifecycle (docs/plans.md): creation, every transition,
 * every refusal.
 */
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { ValidationError } from "../../../src/core/foundation/issues.ts"
import { createResult } from "../../../src/core/plan/create.ts"
import { PlanEvent, PlanTransitionError } from "../../../src/core/plan/events.ts"
import * as Lifecycle from "../../../src/core/plan/lifecycle.ts"
import { applyResult, dueInstallments } from "../../../src/core/plan/lifecycle.ts"
import type { Plan } from "../../../src/core/plan/record.ts"
import { summaryOf } from "../../../src/core/plan/summary.ts"
import { exampleRequest, NOW } from "../../fixtures.ts"
import { examplePlan, exampleTerms, failure, unwrap } from "./fixtures.ts"

const apply = (plan: Plan, event: PlanEvent) => unwrap(applyResult(plan, event))
const refusal = (plan: Plan, event: unknown) => {
  const error = failure(applyResult(plan, event as PlanEvent))
  expect(error).toBeInstanceOf(PlanTransitionError)
  return (error as PlanTransitionError).code
}
const statuses = (plan: Plan) => plan.installments.map((i) => i.status).join(",")

describe("createPlanRecord", () => {
  it("builds the record of the description's example checkout and a weekly schedule", () => {
    const plan = examplePlan({
      user: { id: "user_1", firstName: "Ada", lastName: "Lovelace" },
      planMerchant: { id: "merchant-123", name: "Festival Co" }
    })
    expect(plan).toMatchObject({
      id: "plan_1",
      status: "PendingDeposit",
      merchantId: "merchant-123",
      merchantOrderId: "order-0001",
      merchantName: "Festival Co",
      planType: "Installment",
      installmentFrequency: "Weekly",
      cadenceOnDayOfWeek: "Sunday",
      cadenceOnDayOfMonth: null,
      timeZone: "UTC",
      createdAt: "2026-11-22T00:00:00.000Z",
      updatedAt: "2026-11-22T00:00:00.000Z",
      totalCost: 1100,
      totalPaid: 0,
      remainingAmount: 1100,
      refundAmount: 0,
      minimumDepositAmount: 280,
      installmentAmount: 205,
      maxPayment: 280,
      numberOfInstallments: 5,
      numPaidInstallments: 0,
      // hotel: 2027-02-26T15:00+11:00 is 26 February in UTC, minus 15 days (R2.4)
      planCompletionDate: "2027-02-11T00:00:00.000Z",
      redemptionDate: "2027-02-26T04:00:00.000Z",
      createdByUserId: "user_1",
      cancellationReason: null,
      cancellationDate: null,
      currency: { currencyCode: "AUD", isZeroDecimal: false },
      checkout: { expiry: "2026-11-23T00:00:00.000Z" }
    })
    expect(plan.installments).toEqual([
      {
        installmentNumber: 1,
        date: "2026-11-22T00:00:00.000Z",
        status: "UPCOMING",
        amount: 280,
        paymentMethod: null,
        transactionId: null
      },
      {
        installmentNumber: 2,
        date: "2026-11-29T00:00:00.000Z",
        status: "UPCOMING",
        amount: 205,
        paymentMethod: null,
        transactionId: null
      },
      {
        installmentNumber: 3,
        date: "2026-12-06T00:00:00.000Z",
        status: "UPCOMING",
        amount: 205,
        paymentMethod: null,
        transactionId: null
      },
      {
        installmentNumber: 4,
        date: "2026-12-13T00:00:00.000Z",
        status: "UPCOMING",
        amount: 205,
        paymentMethod: null,
        transactionId: null
      },
      {
        installmentNumber: 5,
        date: "2026-12-20T00:00:00.000Z",
        status: "UPCOMING",
        amount: 205,
        paymentMethod: null,
        transactionId: null
      }
    ])
    expect(plan.items.map((i) => [i.id, i.costPerItem * i.quantity, i.depositRefundable, i.refundPolicies.length]))
      .toEqual([
        ["plan_1-item-1", 100, false, 2],
        ["plan_1-item-2", 1000, true, 0]
      ])
  })

  it("puts due dates at the start of the day in the plan's zone (R3.1)", () => {
    const plan = examplePlan({ timeZone: "Australia/Sydney" })
    expect(plan.installments[1]!.date).toBe("2026-11-28T13:00:00.000Z")
    expect(plan.timeZone).toBe("Australia/Sydney")
  })

  it("reads the cadence off the schedule when the terms do not give it (R6.2)", () => {
    const { installments: _, ...terms } = exampleTerms()
    const plan = unwrap(createResult(exampleRequest(), terms, { now: NOW, planId: "p" }))
    expect([plan.installmentFrequency, plan.cadenceOnDayOfWeek]).toEqual(["Weekly", "Sunday"])
  })

  it("keeps a zero-decimal override with the record (R1.2)", () => {
    const request = { ...exampleRequest(), currencyCode: "AUD" }
    const merchantConfiguration = {
      currencies: [{ currencyCode: "AUD", isZeroDecimal: true, minimumPaymentAmount: 1, maximumPaymentAmount: 5000 }]
    }
    const plan = unwrap(
      createResult(request, exampleTerms(), { now: NOW, planId: "p", merchant: merchantConfiguration })
    )
    expect(plan.currency).toMatchObject({ isZeroDecimal: true, minimumPaymentAmount: 1, maximumPaymentAmount: 5000 })
    const paid = apply(plan, PlanEvent.DepositAccepted({ at: NOW }))
    const error = failure(
      applyResult(paid, PlanEvent.PlanCancelled({ at: NOW, reason: "Other", refundAmount: 0.5 }))
    )
    expect(error).toBeInstanceOf(ValidationError)
    expect((error as ValidationError).issues.map((i) => `${i.path}:${i.code}`)).toEqual(["refundAmount:precision"])
  })

  it("reports every problem of the checkout, the schedule and the options at once", () => {
    const terms = exampleTerms()
    terms.schedule[2]!.installmentNumber = 7
    terms.schedule[3]!.amount = 205.001
    terms.schedule[4]!.date = "2026-02-30"
    const error = failure(
      createResult({ ...exampleRequest(), merchantOrderId: "" }, terms, { now: "yesterday", planId: "" })
    )
    expect(error.issues.map((i) => `${i.path}:${i.code}`)).toEqual([
      "now:format",
      "planId:too_short",
      "checkout.merchantOrderId:too_short"
    ])
    const second = failure(createResult(exampleRequest(), terms, { now: NOW, planId: "p" }))
    expect(second.issues.map((i) => `${i.path}:${i.code}`)).toEqual([
      "terms.schedule[2].installmentNumber:format",
      "terms.schedule[3].amount:precision",
      "terms.schedule[4].date:format"
    ])
  })

  it("refuses a schedule that does not pay the checkout's total exactly (R6.9)", () => {
    const terms = exampleTerms()
    terms.schedule[4]!.amount = 205.01
    const error = failure(
      createResult(exampleRequest(), { ...terms, currencyCode: "NZD" }, { now: NOW, planId: "p" })
    )
    expect(error.issues.map((i) => `${i.path}:${i.code}`)).toEqual([
      "terms.schedule:range",
      "terms.currencyCode:conflict"
    ])
    expect(error.issues[0]!.message).toBe("the payments add up to 1100.01, the checkout's totalCost is 1100")
  })

  it("never throws on input of the wrong shape", () => {
    for (const bad of [null, 5, "x", [], {}]) {
      expect(failure(createResult(bad, bad, { now: NOW, planId: "p" })).issues.length).toBeGreaterThan(0)
    }
  })
})

describe("applyPlanEvent", () => {
  const pending = examplePlan()

  it("walks PendingDeposit → OnSchedule → Late → OnSchedule → Completed → Cancelled", () => {
    const onSchedule = apply(
      pending,
      PlanEvent.DepositAccepted({ at: "2026-11-22T10:00:00Z", paymentMethod: "card", transactionId: "tx_1" })
    )
    expect(onSchedule).toMatchObject({
      status: "OnSchedule",
      totalPaid: 280,
      remainingAmount: 820,
      numPaidInstallments: 1,
      updatedAt: "2026-11-22T10:00:00.000Z"
    })
    expect(onSchedule.installments[0]).toMatchObject({ status: "PAID", paymentMethod: "card", transactionId: "tx_1" })

    const late = apply(onSchedule, PlanEvent.InstallmentMissed({ at: "2026-11-30T00:00:00Z" }))
    expect([late.status, statuses(late)]).toEqual(["Late", "PAID,MISSED,UPCOMING,UPCOMING,UPCOMING"])

    // a payment without a number settles the missed instalment first
    const back = apply(late, PlanEvent.InstallmentPaid({ at: "2026-12-01T00:00:00Z", amount: 205 }))
    expect([back.status, statuses(back), back.totalPaid, back.remainingAmount]).toEqual([
      "OnSchedule",
      "PAID,PAID,UPCOMING,UPCOMING,UPCOMING",
      485,
      615
    ])

    let plan = back
    for (const n of [3, 4, 5]) {
      plan = apply(plan, PlanEvent.InstallmentPaid({ at: "2026-12-20T00:00:00Z", installmentNumber: n }))
    }
    expect(plan).toMatchObject({ status: "Completed", totalPaid: 1100, remainingAmount: 0, numPaidInstallments: 5 })

    const cancelled = apply(
      plan,
      PlanEvent.PlanCancelled({
        at: "2027-01-05T00:00:00Z",
        reason: "CustomerRequest",
        details: "changed plans",
        refundAmount: 825
      })
    )
    expect(cancelled).toMatchObject({
      status: "Cancelled",
      cancellationReason: "CustomerRequest",
      cancellationDetails: "changed plans",
      cancellationDate: "2027-01-05T00:00:00.000Z",
      refundAmount: 825,
      totalPaid: 1100,
      remainingAmount: 0
    })
  })

  it("stays Late while another missed instalment is unpaid", () => {
    let plan = apply(pending, PlanEvent.DepositAccepted({ at: NOW }))
    plan = apply(plan, PlanEvent.InstallmentMissed({ at: "2026-12-07T00:00:00Z", installmentNumber: 2 }))
    plan = apply(plan, PlanEvent.InstallmentMissed({ at: "2026-12-07T00:00:00Z", installmentNumber: 3 }))
    plan = apply(plan, PlanEvent.InstallmentPaid({ at: "2026-12-08T00:00:00Z", installmentNumber: 3 }))
    expect([plan.status, statuses(plan)]).toEqual(["Late", "PAID,MISSED,PAID,UPCOMING,UPCOMING"])
    plan = apply(plan, PlanEvent.InstallmentPaid({ at: "2026-12-08T00:00:00Z" }))
    expect([plan.status, statuses(plan)]).toEqual(["OnSchedule", "PAID,PAID,PAID,UPCOMING,UPCOMING"])
  })

  it("completes a pay-in-full plan with its deposit", () => {
    const terms = { planType: "PayInFull", schedule: [{ installmentNumber: 1, date: "2026-11-22", amount: 1100 }] }
    const plan = unwrap(createResult(exampleRequest(), terms, { now: NOW, planId: "p" }))
    expect([plan.installmentFrequency, plan.installmentAmount]).toEqual([null, 0])
    expect(apply(plan, PlanEvent.DepositAccepted({ at: NOW })).status).toBe("Completed")
  })

  it("cancels a plan pending its deposit, cancelling every instalment", () => {
    const cancelled = apply(pending, PlanEvent.PlanCancelled({ at: NOW, reason: "CreatedInError", refundAmount: 0 }))
    expect([cancelled.status, statuses(cancelled), cancelled.cancellationDetails]).toEqual([
      "Cancelled",
      "CANCELLED,CANCELLED,CANCELLED,CANCELLED,CANCELLED",
      null
    ])
  })

  it("pauses payments: due dates before `until` move to it, amounts stay", () => {
    const plan = apply(pending, PlanEvent.DepositAccepted({ at: NOW }))
    const paused = apply(plan, PlanEvent.PaymentPaused({ at: "2026-11-23T00:00:00Z", until: "2026-12-10T12:00:00Z" }))
    expect(paused.pausePaymentUntil).toBe("2026-12-10T12:00:00.000Z")
    expect(paused.installments.map((i) => [i.date.slice(0, 16), i.amount])).toEqual([
      ["2026-11-22T00:00", 280],
      ["2026-12-10T12:00", 205],
      ["2026-12-10T12:00", 205],
      ["2026-12-13T00:00", 205],
      ["2026-12-20T00:00", 205]
    ])
    expect(dueInstallments(paused, "2026-12-10T11:59:59Z")).toEqual([])
    expect(dueInstallments(paused, "2026-12-10T12:00:00Z").map((i) => i.installmentNumber)).toEqual([2, 3])
    expect(refusal(plan, PlanEvent.PaymentPaused({ at: NOW, until: "2027-02-12T00:00:00Z" }))).toBe("beyond_completion")
  })

  it("sets the merchant order in any status, a cancelled plan included", () => {
    const cancelled = apply(pending, PlanEvent.PlanCancelled({ at: NOW, reason: "Other", refundAmount: 0 }))
    const set = apply(
      cancelled,
      PlanEvent.MerchantOrderSet({ at: "2026-11-23T00:00:00Z", merchantOrderId: "order-0002" })
    )
    expect([set.status, set.merchantOrderId]).toEqual(["Cancelled", "order-0002"])
  })

  it("refuses what the state does not allow, leaving the record unchanged", () => {
    const before = structuredClone(pending)
    expect(refusal(pending, PlanEvent.InstallmentPaid({ at: NOW }))).toBe("not_allowed")
    expect(refusal(pending, PlanEvent.InstallmentMissed({ at: NOW }))).toBe("not_allowed")
    expect(refusal(pending, PlanEvent.PaymentPaused({ at: NOW, until: "2026-12-01T00:00:00Z" }))).toBe("not_allowed")
    expect(refusal(pending, PlanEvent.DepositAccepted({ at: NOW, amount: 279.99 }))).toBe("amount_mismatch")
    expect(refusal(pending, PlanEvent.DepositAccepted({ at: "2026-11-21T23:59:59Z" }))).toBe("out_of_order")
    expect(pending).toEqual(before)

    const onSchedule = apply(pending, PlanEvent.DepositAccepted({ at: NOW }))
    expect(refusal(onSchedule, PlanEvent.DepositAccepted({ at: NOW }))).toBe("not_allowed")
    expect(refusal(onSchedule, PlanEvent.InstallmentPaid({ at: NOW, installmentNumber: 1 }))).toBe("already_paid")
    expect(refusal(onSchedule, PlanEvent.InstallmentPaid({ at: NOW, installmentNumber: 6 }))).toBe(
      "unknown_installment"
    )
    expect(refusal(onSchedule, PlanEvent.InstallmentPaid({ at: NOW, amount: 820.01 }))).toBe("overpayment")
    expect(refusal(onSchedule, PlanEvent.InstallmentPaid({ at: NOW, amount: 410 }))).toBe("amount_mismatch")
    expect(refusal(onSchedule, PlanEvent.InstallmentMissed({ at: "2026-11-28T23:59:59Z" }))).toBe("not_due")
    expect(refusal(onSchedule, PlanEvent.InstallmentMissed({ at: "2026-12-30T00:00:00Z", installmentNumber: 1 }))).toBe(
      "already_paid"
    )
    expect(refusal(onSchedule, PlanEvent.PlanCancelled({ at: NOW, reason: "Other", refundAmount: 280.01 }))).toBe(
      "refund_exceeds_paid"
    )

    const late = apply(onSchedule, PlanEvent.InstallmentMissed({ at: "2026-11-29T00:00:00Z" }))
    expect(refusal(late, PlanEvent.InstallmentMissed({ at: "2026-11-29T00:00:00Z", installmentNumber: 2 }))).toBe(
      "already_missed"
    )

    const cancelled = apply(onSchedule, PlanEvent.PlanCancelled({ at: NOW, reason: "Other", refundAmount: 280 }))
    expect(refusal(cancelled, PlanEvent.PlanCancelled({ at: NOW, reason: "Other", refundAmount: 0 }))).toBe(
      "already_cancelled"
    )
    expect(refusal(cancelled, PlanEvent.InstallmentPaid({ at: NOW }))).toBe("already_cancelled")
  })

  it("reports every problem of a malformed event as a ValidationError", () => {
    const error = failure(
      applyResult(
        pending,
        { _tag: "PlanCancelled", at: "soon", reason: "Bored", refundAmount: -1, details: 5 } as never
      )
    )
    expect(error).toBeInstanceOf(ValidationError)
    expect((error as ValidationError).issues.map((i) => `${i.path}:${i.code}:${i.rule}`)).toEqual([
      "at:format:R3.1",
      "reason:enum:R7.8",
      "details:type:plans",
      "refundAmount:range:R1.3"
    ])
    const unknown = failure(applyResult(pending, { _tag: "Refunded", at: NOW } as never)) as ValidationError
    expect(unknown.issues.map((i) => `${i.path}:${i.code}`)).toEqual(["_tag:enum"])
    const order = failure(
      applyResult(pending, { _tag: "MerchantOrderSet", at: NOW, merchantOrderId: "a b" } as never)
    ) as ValidationError
    expect(order.issues.map((i) => `${i.path}:${i.code}`)).toEqual(["merchantOrderId:pattern"])
    for (const bad of [null, 1, "DepositAccepted", []]) {
      expect(failure(applyResult(pending, bad as never))).toBeInstanceOf(ValidationError)
    }
  })

  it("is an Effect that fails with the typed error", () => {
    const exit = Effect.runSyncExit(Effect.flip(Lifecycle.apply(pending, PlanEvent.InstallmentPaid({ at: NOW }))))
    expect(exit._tag).toBe("Success")
    expect(exit._tag === "Success" && exit.value._tag).toBe("PlanTransitionError")
  })
})

describe("dueInstallments", () => {
  it("lists the upcoming instalments due by an instant, the deposit included before it is paid", () => {
    const plan = examplePlan()
    expect(dueInstallments(plan, NOW).map((i) => i.installmentNumber)).toEqual([1])
    expect(dueInstallments(plan, "2026-12-06T00:00:00Z").map((i) => i.installmentNumber)).toEqual([1, 2, 3])
    const paid = apply(plan, PlanEvent.DepositAccepted({ at: NOW }))
    expect(dueInstallments(paid, "2026-12-06T00:00:00Z").map((i) => i.installmentNumber)).toEqual([2, 3])
    expect(() => dueInstallments(plan, "tomorrow")).toThrow(ValidationError)
  })
})

describe("planSummaryOf", () => {
  it("gives the search element of a record", () => {
    let plan = examplePlan({ planMerchant: { id: "merchant-123", name: "Festival Co", merchantGroupId: "g1" } })
    plan = apply(plan, PlanEvent.DepositAccepted({ at: NOW }))
    plan = apply(plan, PlanEvent.InstallmentMissed({ at: "2026-11-30T00:00:00Z" }))
    const summary = summaryOf(plan)
    expect(summary).toMatchObject({
      id: "plan_1",
      status: "Late",
      currencyCode: "AUD",
      totalPaid: 280,
      remainingBalance: 820,
      totalInstallments: 5,
      totalPaidInstallments: 1,
      nextInstallmentNumber: 2,
      completionDate: "2027-02-11T00:00:00.000Z",
      merchant: { id: "merchant-123", name: "Festival Co", merchantGroupId: "g1" },
      subMerchant: null
    })
    const done = [2, 3, 4, 5].reduce(
      (p, n) => apply(p, PlanEvent.InstallmentPaid({ at: "2026-12-01T00:00:00Z", installmentNumber: n })),
      plan
    )
    expect(summaryOf(done).nextInstallmentNumber).toBeNull()
  })
})

describe("an event's unknown fields (R10.2)", () => {
  const plan = examplePlan()
  const at = "2026-11-22T10:00:00Z"
  /** A well-formed event of each tag, every field it may carry given. */
  const events: ReadonlyArray<Record<string, unknown>> = [
    { _tag: "DepositAccepted", at, amount: 1, paymentMethod: "card", transactionId: "t1" },
    { _tag: "InstallmentPaid", at, installmentNumber: 1, amount: 1, paymentMethod: "card", transactionId: "t1" },
    { _tag: "InstallmentMissed", at, installmentNumber: 1 },
    { _tag: "PaymentPaused", at, until: "2026-12-22T10:00:00Z" },
    { _tag: "PlanCancelled", at, reason: "Other", details: "d", refundAmount: 0 },
    { _tag: "MerchantOrderSet", at, merchantOrderId: "order-1" }
  ]
  const candidates = [
    ...new Set(events.flatMap((e) => Object.keys(e)).filter((k) => k !== "_tag")),
    "installmentNumbr",
    "refund",
    "x"
  ]
  /** The paths the lifecycle's reader refuses in `event` (a field it reads, given a value of no type it takes). */
  const refusedPaths = (event: Record<string, unknown>): ReadonlyArray<string> => {
    const result = applyResult(plan, event as never)
    return result._tag === "Failure" && result.failure instanceof ValidationError
      ? result.failure.issues.map((i) => i.path)
      : []
  }

  it("a field is warned about exactly when the reader does not read it: the reader, not a list, is the oracle", () => {
    for (const event of events) {
      expect(Lifecycle.eventUnknownFields(event)).toEqual([])
      for (const key of candidates) {
        const read = refusedPaths({ ...event, [key]: { not: "a value" } }).includes(key)
        const warned = Lifecycle.eventUnknownFields({ ...event, [key]: 1 })
        expect({ tag: event["_tag"], key, warned: warned.length > 0 }).toEqual({
          tag: event["_tag"],
          key,
          warned: !read
        })
      }
    }
  })

  it("the reported typo: installmentNumbr is an unknown_field warning naming its path; what is no event has none", () => {
    expect(Lifecycle.eventUnknownFields({ _tag: "InstallmentMissed", at, installmentNumbr: 2 })).toEqual([{
      path: "installmentNumbr",
      code: "unknown_field",
      rule: "R10.2",
      message: "is not a field of this event and was left out (did you mean \"installmentNumber\"?)"
    }])
    for (const input of [null, 5, [], { at }, { _tag: "Unknown", x: 1 }]) {
      expect(Lifecycle.eventUnknownFields(input)).toEqual([])
    }
    const inherited = Object.assign(Object.create({ extra: 1 }), { _tag: "DepositAccepted", at })
    expect(Lifecycle.eventUnknownFields(inherited)).toEqual([])
    expect(Lifecycle.eventUnknownFields(PlanEvent.DepositAccepted({ at }))).toEqual([])
  })
})

const refusalOf = (plan: Plan, event: PlanEvent) => {
  const error = failure(applyResult(plan, event))
  expect(error).toBeInstanceOf(PlanTransitionError)
  const { code, event: tag, message, status } = error as PlanTransitionError
  return { code, status, event: tag, message }
}

describe("applyPlanEvent: refusals name the status, the event and the reason (plans, R7.8)", () => {
  const pending = examplePlan()
  const onSchedule = apply(pending, PlanEvent.DepositAccepted({ at: NOW }))
  const late = apply(onSchedule, PlanEvent.InstallmentMissed({ at: "2026-11-29T00:00:00Z" }))
  const cancelled = apply(onSchedule, PlanEvent.PlanCancelled({ at: NOW, reason: "Other", refundAmount: 280 }))

  it("plans: refusals of the plan's state: already cancelled, not allowed, out of order", () => {
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

  it("plans: refusals of a payment", () => {
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

  it("plans: an instalment the record has cancelled is neither paid nor missed", () => {
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

  it("plans: refusals of a missed instalment", () => {
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

  it("R7.8: refusals of a pause and of a cancellation", () => {
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

describe("applyPlanEvent: a malformed plan event is a ValidationError naming each problem (plans, R3.1, R1.3, R7.8)", () => {
  const pending = examplePlan()
  const onSchedule = apply(pending, PlanEvent.DepositAccepted({ at: NOW }))
  const issuesOf = (plan: Plan, event: unknown) => {
    const error = failure(applyResult(plan, event as PlanEvent))
    expect(error).toBeInstanceOf(ValidationError)
    return (error as ValidationError).issues.map((i) => ({ ...i }))
  }

  it("plans: an event that is not an object, or has no known _tag", () => {
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

  it("R3.1, R1.3: its instant, its texts, its amount and its instalment number", () => {
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

  it("plans: a pause until no later than its own instant; only the instant that is wrong is named", () => {
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

  it("R7.8: a cancellation's reason and refund amount", () => {
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

  it("R3.1: dueInstallments refuses an instant it cannot read", () => {
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

describe("applyPlanEvent on a record read from the service (R9): instalments in any order, boundaries of time (R3.1)", () => {
  const pending = examplePlan()
  const onSchedule = apply(pending, PlanEvent.DepositAccepted({ at: NOW }))
  const late = apply(onSchedule, PlanEvent.InstallmentMissed({ at: "2026-11-29T00:00:00Z" }))
  const reordered = (plan: Plan, order: ReadonlyArray<number>): Plan => ({
    ...plan,
    installments: order.map((n) => plan.installments.find((i) => i.installmentNumber === n)!)
  })
  const statusOf = (plan: Plan, n: number) => plan.installments.find((i) => i.installmentNumber === n)!.status

  it("R9: finds an instalment by its number, not its place", () => {
    const reversed = reordered(pending, [5, 4, 3, 2, 1])
    const deposited = apply(reversed, PlanEvent.DepositAccepted({ at: NOW }))
    expect([1, 2, 5].map((n) => statusOf(deposited, n))).toEqual(["PAID", "UPCOMING", "UPCOMING"])
    const paid = apply(deposited, PlanEvent.InstallmentPaid({ at: NOW, installmentNumber: 2 }))
    expect([2, 4].map((n) => statusOf(paid, n))).toEqual(["PAID", "UPCOMING"])
    const missed = apply(deposited, PlanEvent.InstallmentMissed({ at: "2026-12-06T00:00:00Z", installmentNumber: 3 }))
    expect([3, 4].map((n) => statusOf(missed, n))).toEqual(["MISSED", "UPCOMING"])
  })

  it("R9: without a number, pays the missed instalment first and misses the first upcoming one, wherever they stand", () => {
    const missedFirst = reordered(late, [2, 1, 3, 4, 5])
    const paid = apply(missedFirst, PlanEvent.InstallmentPaid({ at: "2026-11-30T00:00:00Z" }))
    expect([2, 3].map((n) => statusOf(paid, n))).toEqual(["PAID", "UPCOMING"])
    const upcomingFirst = reordered(onSchedule, [2, 1, 3, 4, 5])
    const missed = apply(upcomingFirst, PlanEvent.InstallmentMissed({ at: "2026-11-29T00:00:00Z" }))
    expect([2, 3].map((n) => statusOf(missed, n))).toEqual(["MISSED", "UPCOMING"])
  })

  it("plans: refuses a payment when nothing is left to pay", () => {
    const allPaid: Plan = {
      ...onSchedule,
      installments: onSchedule.installments.map((i) => ({ ...i, status: "PAID" as const }))
    }
    expect(refusalOf(allPaid, PlanEvent.InstallmentPaid({ at: NOW }))).toMatchObject({
      code: "unknown_installment",
      message: "the plan has no instalment left to pay"
    })
  })

  it("R3.1: an instalment may be missed from the instant it falls due", () => {
    const missed = apply(onSchedule, PlanEvent.InstallmentMissed({ at: "2026-11-29T00:00:00Z", installmentNumber: 2 }))
    expect(statusOf(missed, 2)).toBe("MISSED")
  })

  it("R3.1: payments may be paused until any time of the completion date, and a date due at `until` stays as written", () => {
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

describe("applyPlanEvent: the record it reads (R1.2, R9), every field it needs checked before any event", () => {
  const issuesOf = (plan: unknown) => {
    const error = failure(applyResult(plan as Plan, PlanEvent.DepositAccepted({ at: NOW })))
    expect(error).toBeInstanceOf(ValidationError)
    return (error as ValidationError).issues.map(({ code, path, rule }) => `${path} ${code} ${rule}`)
  }

  it("R1.2, R9: a record whose status, payments or instalments have the wrong type is refused, each under plan.", () => {
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
