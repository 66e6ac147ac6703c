/**
 * Executable specification of the plan lifecycle (docs/plans.md):
 * invariants at every step, refusals that change nothing, a model-based test
 * of the state machine, and creation against the checkout totals (R2, R6.9).
 */
import { Result } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { summarizeResult } from "../../src/core/checkout/totals.ts"
import { ValidationError } from "../../src/core/foundation/issues.ts"
import * as Money from "../../src/core/foundation/money.ts"
import * as Time from "../../src/core/foundation/time/index.ts"
import { createResult } from "../../src/core/plan/create.ts"
import { PlanEvent, PlanTransitionError } from "../../src/core/plan/events.ts"
import { ALLOWED_IN, applyResult } from "../../src/core/plan/lifecycle.ts"
import type { Plan } from "../../src/core/plan/record.ts"
import { summaryOf } from "../../src/core/plan/summary.ts"
import { checkoutRequest, evolvedPlan, managedPlan, planEvent, scheduleOf } from "../../src/testing/arbitraries.ts"
import { ISO_DIGITS, minorUnits, recordDigits } from "./oracles.ts"

/** Reads an amount of the record in minor units of its currency's digits, failing when it has more (R1.2, R1.4). */
const minor = (plan: Plan, amount: number): number => minorUnits(amount, recordDigits(plan))

/** The plan lifecycle's invariants, checked exactly in minor units. */
const expectInvariants = (plan: Plan) => {
  const m = (x: number) => minor(plan, x)
  expect(m(plan.totalPaid) + m(plan.remainingAmount)).toBe(m(plan.totalCost))
  expect(plan.numPaidInstallments).toBe(plan.installments.filter((i) => i.status === "PAID").length)
  expect(m(plan.refundAmount)).toBeLessThanOrEqual(m(plan.totalPaid))
  expect(m(plan.refundAmount)).toBeGreaterThanOrEqual(0)
  expect(plan.installments.reduce((s, i) => s + m(i.amount), 0)).toBe(m(plan.totalCost))
  expect(plan.installments.filter((i) => i.status === "PAID").reduce((s, i) => s + m(i.amount), 0)).toBe(
    m(plan.totalPaid)
  )
  expect(plan.numberOfInstallments).toBe(plan.installments.length)
  const has = (s: string) => plan.installments.some((i) => i.status === s)
  switch (plan.status) {
    case "PendingDeposit":
      expect(plan.installments.every((i) => i.status === "UPCOMING")).toBe(true)
      break
    case "OnSchedule":
      expect([has("MISSED"), has("UPCOMING"), has("CANCELLED"), plan.installments[0]!.status]).toEqual([
        false,
        true,
        false,
        "PAID"
      ])
      break
    case "Late":
      expect([has("MISSED"), has("CANCELLED")]).toEqual([true, false])
      break
    case "Completed":
      expect(plan.installments.every((i) => i.status === "PAID")).toBe(true)
      break
    case "Cancelled":
      expect([has("MISSED"), has("UPCOMING"), plan.cancellationDate !== null, plan.cancellationReason !== null])
        .toEqual([false, false, true, true])
      break
  }
}

const deepFreeze = <A>(value: A): A => {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const v of Object.values(value)) deepFreeze(v)
  }
  return value
}

describe("plan lifecycle", () => {
  it("createPlanRecord: totals are the checkout's (R2), the schedule is kept exactly (R6.9), the invariants hold", () => {
    const now = Date.UTC(2026, 10, 22, 9, 30)
    fc.assert(
      fc.property(
        checkoutRequest({ now }),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 0, max: 100 }),
        (checkout, count, share) => {
          const e = ISO_DIGITS.get(checkout.currencyCode)!
          const summary = summarizeResult(checkout, { now })
          if (Result.isFailure(summary)) throw summary.failure
          const total = minorUnits(summary.success.totalCost, e)
          const n = Math.min(count, total)
          const deposit = n === 0 ? total : Math.floor(((total - n) * share) / 100)
          const schedule = scheduleOf(total, deposit, n, e, Time.localDay(now, "UTC"))
          const plan = createResult(checkout, { schedule }, { now, planId: "p" })
          if (Result.isFailure(plan)) throw plan.failure
          const p = plan.success
          expect([p.totalCost, p.minimumDepositAmount, p.planCompletionDate.slice(0, 10)]).toEqual([
            summary.success.totalCost,
            summary.success.totalMinimumDeposit,
            summary.success.completionDate
          ])
          expect(p.installments.map((i) => [i.installmentNumber, i.amount, i.date.slice(0, 10)])).toEqual(
            schedule.map((s) => [s.installmentNumber, s.amount, s.date])
          )
          expect(p.status).toBe("PendingDeposit")
          expectInvariants(p)
        }
      )
    )
  })

  it("any sequence of events keeps totalPaid + remainingAmount = totalCost, numPaidInstallments = PAID, refundAmount ≤ totalPaid (R1, R7.8)", () => {
    fc.assert(
      fc.property(
        managedPlan(),
        fc.array(fc.integer({ min: 0, max: 2 ** 31 - 1 }), { maxLength: 25 }),
        (start, seeds) => {
          let plan = start
          expectInvariants(plan)
          for (const seed of seeds) {
            const [event] = fc.sample(planEvent(plan), { seed, numRuns: 1 })
            const next = applyResult(plan, event!)
            if (Result.isSuccess(next)) {
              expectInvariants(next.success)
              expect(next.success.updatedAt).toBe(Time.formatInstant(Time.toEpochMillis(event!.at)!))
              plan = next.success
            }
          }
        }
      ),
      { numRuns: 150 }
    )
  })

  it("forbidden events are refused with a typed error and leave the record unchanged", () => {
    fc.assert(
      fc.property(evolvedPlan(), fc.integer({ min: 0, max: 2 ** 31 - 1 }), (plan, seed) => {
        const snapshot = structuredClone(plan)
        deepFreeze(plan)
        const [event] = fc.sample(planEvent(plan), { seed, numRuns: 1 })
        const result = applyResult(plan, event!)
        expect(plan).toEqual(snapshot)
        const allowedByStatus = ALLOWED_IN[event!._tag].includes(plan.status)
        if (!allowedByStatus) {
          expect(Result.isFailure(result)).toBe(true)
          const error = (result as Result.Failure<never, PlanTransitionError>).failure
          expect(error).toBeInstanceOf(PlanTransitionError)
          expect(error.code).toBe(plan.status === "Cancelled" ? "already_cancelled" : "not_allowed")
          expect(error.status).toBe(plan.status)
        }
        if (Result.isFailure(result)) {
          expect(result.failure instanceof PlanTransitionError || result.failure instanceof ValidationError).toBe(true)
        }
      }),
      { numRuns: 200 }
    )
  })

  it("never throws on an event of any shape: always the next record or a typed error", () => {
    fc.assert(
      fc.property(
        evolvedPlan({}, 4),
        fc.oneof(
          fc.anything(),
          fc.record({
            _tag: fc.constantFrom(
              "DepositAccepted",
              "InstallmentPaid",
              "InstallmentMissed",
              "PaymentPaused",
              "PlanCancelled",
              "MerchantOrderSet"
            ),
            at: fc.anything(),
            amount: fc.anything(),
            installmentNumber: fc.anything(),
            until: fc.anything(),
            reason: fc.anything(),
            refundAmount: fc.anything(),
            details: fc.anything(),
            merchantOrderId: fc.anything()
          }, { requiredKeys: ["_tag"] })
        ),
        (plan, event) => {
          const result = applyResult(plan, event as PlanEvent)
          if (Result.isFailure(result)) {
            expect(result.failure instanceof PlanTransitionError || result.failure instanceof ValidationError).toBe(
              true
            )
          } else expectInvariants(result.success)
        }
      )
    )
  })

  it("planSummaryOf agrees with the record", () => {
    fc.assert(
      fc.property(evolvedPlan(), (plan) => {
        const s = summaryOf(plan)
        expect([
          s.id,
          s.status,
          s.totalPaid,
          s.remainingBalance,
          s.totalInstallments,
          s.totalPaidInstallments,
          s.completionDate
        ]).toEqual([
          plan.id,
          plan.status,
          plan.totalPaid,
          plan.remainingAmount,
          plan.installments.length,
          plan.numPaidInstallments,
          plan.planCompletionDate
        ])
        const unpaid = plan.installments.filter((i) => i.status === "UPCOMING" || i.status === "MISSED").map((i) =>
          i.installmentNumber
        )
        expect(s.nextInstallmentNumber).toBe(unpaid.length === 0 ? null : Math.min(...unpaid))
      })
    )
  })
})

// ---------------------------------------------------------------------------
// Model-based: a small independent model of the state machine

interface Model {
  status: string
  readonly inst: Array<{ status: string; due: number; amount: number }>
  paid: number
  refund: number
  updated: number
  readonly completionDay: number
  readonly zone: string
}

type Outcome = { readonly refused: string } | { readonly ok: true }

const HOUR = 3_600_000

/** What the model says an event does: a refusal code, or the model changed. Amounts of events are in a two-decimal currency. */
const step = (m: Model, e: PlanEvent): Outcome => {
  const at = Time.toEpochMillis(e.at)!
  if (m.status === "Cancelled" && e._tag !== "MerchantOrderSet") return { refused: "already_cancelled" }
  const allowed: Record<string, ReadonlyArray<string>> = {
    DepositAccepted: ["PendingDeposit"],
    InstallmentPaid: ["OnSchedule", "Late"],
    InstallmentMissed: ["OnSchedule", "Late"],
    PaymentPaused: ["OnSchedule", "Late"],
    PlanCancelled: ["PendingDeposit", "OnSchedule", "Late", "Completed"],
    MerchantOrderSet: ["PendingDeposit", "OnSchedule", "Late", "Completed", "Cancelled"]
  }
  if (!allowed[e._tag]!.includes(m.status)) return { refused: "not_allowed" }
  if (at < m.updated) return { refused: "out_of_order" }
  const remaining = m.inst.reduce((s, i) => s + i.amount, 0) - m.paid
  const settle = () => {
    m.status = m.inst.some((i) => i.status === "MISSED")
      ? "Late"
      : m.inst.some((i) => i.status === "UPCOMING")
      ? "OnSchedule"
      : "Completed"
  }
  switch (e._tag) {
    case "DepositAccepted":
    case "InstallmentPaid": {
      let k: number
      if (e._tag === "DepositAccepted") k = 0
      else if (e.installmentNumber !== undefined) k = e.installmentNumber - 1
      else {
        k = m.inst.findIndex((i) => i.status === "MISSED")
        if (k < 0) k = m.inst.findIndex((i) => i.status === "UPCOMING")
      }
      const target = m.inst[k]
      if (target === undefined) return { refused: "unknown_installment" }
      if (target.status === "PAID") return { refused: "already_paid" }
      const amount = e.amount === undefined ? target.amount : (Money.toMinorUnits(e.amount, 2) as number)
      if (amount > remaining) return { refused: "overpayment" }
      if (amount !== target.amount) return { refused: "amount_mismatch" }
      target.status = "PAID"
      m.paid += amount
      settle()
      break
    }
    case "InstallmentMissed": {
      const k = e.installmentNumber !== undefined
        ? e.installmentNumber - 1
        : m.inst.findIndex((i) => i.status === "UPCOMING")
      const target = m.inst[k]
      if (e.installmentNumber !== undefined) {
        if (target === undefined) return { refused: "unknown_installment" }
        if (target.status === "PAID") return { refused: "already_paid" }
        if (target.status === "MISSED") return { refused: "already_missed" }
      }
      if (target === undefined || target.due > at) return { refused: "not_due" }
      target.status = "MISSED"
      m.status = "Late"
      break
    }
    case "PaymentPaused": {
      const until = Time.toEpochMillis(e.until)!
      if (Time.localDay(until, m.zone) > m.completionDay) return { refused: "beyond_completion" }
      for (const i of m.inst) if (i.status === "UPCOMING" && i.due < until) i.due = until
      break
    }
    case "PlanCancelled": {
      const refund = Money.toMinorUnits(e.refundAmount, 2) as number
      if (refund > m.paid) return { refused: "refund_exceeds_paid" }
      for (const i of m.inst) if (i.status === "UPCOMING" || i.status === "MISSED") i.status = "CANCELLED"
      m.refund = refund
      m.status = "Cancelled"
      break
    }
    case "MerchantOrderSet":
      break
  }
  m.updated = at
  return { ok: true }
}

describe("plan lifecycle against a model (fc.commands)", () => {
  it("every event does what the model says, or is refused with the model's code", () => {
    // amounts in the model are minor units; the JPY-free currency keeps minor = major × 100
    const plans = managedPlan({ currencyCode: fc.constantFrom("AUD", "USD") })
    // `h`: hours after the last update, now and then an hour before it (out of order)
    const h = fc.oneof({ weight: 12, arbitrary: fc.integer({ min: 0, max: 24 * 10 }) }, {
      weight: 1,
      arbitrary: fc.constant(-1)
    })
    const event = fc.oneof(
      { weight: 3, arbitrary: h.map((h) => ({ tag: "DepositAccepted" as const, h })) },
      {
        weight: 6,
        arbitrary: fc.record({
          tag: fc.constant("InstallmentPaid" as const),
          h,
          n: fc.option(fc.integer({ min: 1, max: 10 }), { nil: undefined }),
          amount: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined, freq: 2 })
        })
      },
      {
        weight: 5,
        arbitrary: fc.record({
          tag: fc.constant("InstallmentMissed" as const),
          h,
          n: fc.option(fc.integer({ min: 1, max: 10 }), { nil: undefined })
        })
      },
      {
        weight: 2,
        arbitrary: fc.record({ tag: fc.constant("PaymentPaused" as const), h, days: fc.integer({ min: 1, max: 400 }) })
      },
      {
        weight: 1,
        arbitrary: fc.record({
          tag: fc.constant("PlanCancelled" as const),
          h,
          refundShare: fc.integer({ min: 0, max: 110 })
        })
      },
      { weight: 1, arbitrary: fc.record({ tag: fc.constant("MerchantOrderSet" as const), h }) }
    )
    class Apply implements fc.Command<Model, { plan: Plan }> {
      readonly spec: any
      constructor(spec: unknown) {
        this.spec = spec
      }
      check = () => true
      run(m: Model, real: { plan: Plan }) {
        const s = this.spec
        const at = m.updated + s.h * HOUR
        const remaining = m.inst.reduce((t, i) => t + i.amount, 0) - m.paid
        const toMajor = (x: number) => Money.fromMinorUnits(x, 2)
        let event: PlanEvent
        switch (s.tag) {
          case "DepositAccepted":
            event = PlanEvent.DepositAccepted({ at })
            break
          case "InstallmentPaid": {
            const target = s.n === undefined
              ? m.inst.find((i) => i.status === "MISSED") ?? m.inst.find((i) => i.status === "UPCOMING")
              : m.inst[s.n - 1]
            const choices = [undefined, target?.amount, remaining + 1, (target?.amount ?? 0) + 1]
            const amount = choices[s.amount ?? 0]
            event = PlanEvent.InstallmentPaid({
              at,
              ...(s.n === undefined ? {} : { installmentNumber: s.n }),
              ...(amount === undefined ? {} : { amount: toMajor(amount) })
            })
            break
          }
          case "InstallmentMissed":
            event = PlanEvent.InstallmentMissed({ at, ...(s.n === undefined ? {} : { installmentNumber: s.n }) })
            break
          case "PaymentPaused":
            event = PlanEvent.PaymentPaused({ at, until: at + s.days * 86_400_000 })
            break
          case "PlanCancelled":
            event = PlanEvent.PlanCancelled({
              at,
              reason: "Other",
              refundAmount: toMajor(Math.floor((m.paid * s.refundShare) / 100) + (s.refundShare > 100 ? 1 : 0))
            })
            break
          default:
            event = PlanEvent.MerchantOrderSet({ at, merchantOrderId: `order-${s.h}` })
        }
        const expected = step(m, event)
        const actual = applyResult(real.plan, event)
        if ("refused" in expected) {
          expect(Result.isFailure(actual) && (actual.failure as PlanTransitionError).code).toBe(expected.refused)
          return
        }
        if (Result.isFailure(actual)) throw new Error(`expected success, got ${actual.failure.message}`)
        real.plan = actual.success
        expect(real.plan.status).toBe(m.status)
        expect(real.plan.installments.map((i) => [i.status, Time.parseDateTime(i.date), minor(real.plan, i.amount)]))
          .toEqual(m.inst.map((i) => [i.status, i.due, i.amount]))
        expect([minor(real.plan, real.plan.totalPaid), minor(real.plan, real.plan.refundAmount)]).toEqual([
          m.paid,
          m.refund
        ])
        expectInvariants(real.plan)
      }
      toString = () => JSON.stringify(this.spec)
    }
    fc.assert(
      fc.property(plans, fc.commands([event.map((s) => new Apply(s))], { maxCommands: 30 }), (plan, commands) => {
        const model: Model = {
          status: plan.status,
          inst: plan.installments.map((i) => ({
            status: i.status,
            due: Time.parseDateTime(i.date)!,
            amount: minor(plan, i.amount)
          })),
          paid: 0,
          refund: 0,
          updated: Time.parseDateTime(plan.updatedAt)!,
          completionDay: Time.localDay(Time.parseDateTime(plan.planCompletionDate)!, plan.timeZone),
          zone: plan.timeZone
        }
        fc.modelRun(() => ({ model, real: { plan } }), commands)
      }),
      { numRuns: 150 }
    )
  })
})
