/**
 * Reading drift: a plan record is read in one place, so the same
 * random record through every consumer of a record (the refund calculation, the
 * cancellation check, the lifecycle and the exposure report's reading) gives
 * the same currency digits and the same amounts (R1.2, R7, R7.8), whatever
 * merchant configuration is given beside it: the record's currency is the
 * plan's, and a configuration that disagrees is a warning (R1.2). A merchant
 * configuration the service could answer never makes a calculation throw,
 * and its unknown fields are reported (R9, R10.2, R10.3).
 */
import { Result } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { Accumulator } from "../../src/adapters/cli/exposure/accumulate.ts"
import { localSettings } from "../../src/adapters/cli/exposure/run.ts"
import * as Currency from "../../src/core/foundation/currency.ts"
import * as Money from "../../src/core/foundation/money.ts"
import * as Time from "../../src/core/foundation/time/index.ts"
import { total } from "../../src/core/money/sum.ts"
import { createResult } from "../../src/core/plan/create.ts"
import { PlanEvent } from "../../src/core/plan/events.ts"
import { applyResult } from "../../src/core/plan/lifecycle.ts"
import type { Plan } from "../../src/core/plan/record.ts"
import {
  applyPlanEventResult,
  calculateRefund,
  calculateRefundResult,
  splitInstallmentsResult,
  summarizeCheckoutResult,
  validateCancelPlanRequest
} from "../../src/index.ts"
import { checkoutRequest, refundPlan, refundPlanItem, scheduleOf, timeZone } from "../../src/testing/arbitraries.ts"

const NOW = Date.UTC(2026, 10, 22)
const HOUR = 3_600_000

/**
 * A plan record as `createPlanRecord` writes it and events move it, in a currency whose
 * digits are the record's own: ISO 4217's, or none when the record is kept zero-decimal
 * (`currency.isZeroDecimal: true`, amounts then whole). Paid for a while, sometimes cancelled.
 */
const record: fc.Arbitrary<Plan> = fc
  .record({ code: fc.constantFrom("AUD", "USD", "JPY", "KWD"), zero: fc.boolean() })
  .chain(({ code, zero }) => {
    const iso = Currency.isoExponent(code)!
    const e = zero ? 0 : iso
    return fc.record({
      code: fc.constant(code),
      e: fc.constant(e),
      items: fc.array(refundPlanItem(e, NOW), { minLength: 1, maxLength: 3 }),
      zone: timeZone,
      count: fc.integer({ min: 0, max: 4 }),
      depositShare: fc.integer({ min: 0, max: 100 }),
      payments: fc.integer({ min: 0, max: 5 }),
      cancelShare: fc.option(fc.integer({ min: 0, max: 100 }), { nil: undefined })
    })
  })
  .map(({ code, e, items, zone, count, depositShare, payments, cancelShare }) => {
    const totalMinor = items.reduce((s, i) => s + (Money.toMinorUnits(i.costPerItem, e) as number) * i.quantity, 0)
    const n = Math.min(count, totalMinor)
    const deposit = n === 0 ? totalMinor : Math.floor(((totalMinor - n) * depositShare) / 100)
    const terms = { schedule: scheduleOf(totalMinor, deposit, n, e, Math.floor(NOW / Time.MS_PER_DAY)) }
    const checkout = { merchantId: "merchant-1", merchantOrderId: "order-1", currencyCode: code, items }
    const created = createResult(checkout, terms, { now: NOW, planId: "plan_1", timeZone: zone })
    if (Result.isFailure(created)) throw new Error(`record: ${created.failure.message}`)
    // whole amounts in a two-digit currency, kept zero-decimal on the record (R1.2)
    let plan: Plan = { ...created.success, currency: { ...created.success.currency, isZeroDecimal: e === 0 } }
    const step = (event: PlanEvent) => {
      const next = applyResult(plan, event)
      if (Result.isSuccess(next)) plan = next.success
    }
    step(PlanEvent.DepositAccepted({ at: NOW + HOUR }))
    for (let i = 0; i < payments; i++) step(PlanEvent.InstallmentPaid({ at: NOW + (i + 2) * HOUR }))
    if (cancelShare !== undefined) {
      const paid = Money.toMinorUnits(plan.totalPaid, e) as number
      step(
        PlanEvent.PlanCancelled({
          at: NOW + 10 * HOUR,
          reason: "CustomerRequest",
          refundAmount: Money.fromMinorUnits(Math.floor((paid * cancelShare) / 100), e)
        })
      )
    }
    return plan
  })

/** A merchant configuration beside the record: none, or one that lists currencies, agreeing or not. */
const merchantBeside = (code: string) =>
  fc.option(
    fc.record({
      currencies: fc.array(
        fc.record(
          { currencyCode: fc.constantFrom(code, code, "USD", "JPY"), isZeroDecimal: fc.boolean() },
          { requiredKeys: ["currencyCode"] }
        ),
        { maxLength: 2 }
      )
    }),
    { nil: undefined }
  )

const withMerchant = record.chain((plan) =>
  fc.tuple(
    fc.constant(plan),
    merchantBeside(plan.currency.currencyCode),
    fc.integer({ min: 0, max: 800 }).map((days) => NOW + days * Time.MS_PER_DAY + 12 * HOUR)
  )
)

/** The record's own digits: zero-decimal when it says so, else ISO 4217's (R1.2). */
const digitsOf = (plan: Plan) => plan.currency.isZeroDecimal ? 0 : Currency.isoExponent(plan.currency.currencyCode)!

/** What the merchant configuration says of the digits of `code`, when it lists it. */
const merchantDigits = (
  merchant: { currencies: ReadonlyArray<{ currencyCode: string; isZeroDecimal?: boolean }> } | undefined,
  code: string
) => {
  const listed = merchant?.currencies.find((c) => c.currencyCode === code)
  return listed === undefined ? undefined : listed.isZeroDecimal === true ? 0 : Currency.isoExponent(code)!
}

const minor = (amount: number, e: number) => {
  const m = Money.toMinorUnits(amount, e)
  if (typeof m !== "number") throw new Error(`${amount} has more than ${e} digits`)
  return m
}

describe("reading drift: one plan record, every reader of it (R1.2, R7, R7.8)", () => {
  it("R1.2: the calculation, the cancellation check, the lifecycle and the exposure report read the same digits and the same amounts", () => {
    let overridden = 0
    let disagreeing = 0
    fc.assert(
      fc.property(withMerchant, ([plan, merchant, at]) => {
        const e = digitsOf(plan)
        const code = plan.currency.currencyCode
        const paid = minor(plan.totalPaid, e)
        const cancelled = plan.status === "Cancelled"
        if (e !== Currency.isoExponent(code)) overridden++
        const disagrees = merchantDigits(merchant, code) !== undefined && merchantDigits(merchant, code) !== e
        if (disagrees) disagreeing++

        // the calculation: the record's paid and cost, every amount in its digits; a disagreeing merchant is a warning
        const calculated = calculateRefundResult(plan, { at, merchant })
        if (!calculated.ok) throw new Error(JSON.stringify(calculated.issues))
        const q = calculated.value
        expect(q.currencyCode).toBe(code)
        expect(minor(q.totalPaymentsPaid, e)).toBe(paid)
        expect(minor(q.planTotalCost, e)).toBe(minor(plan.totalCost, e))
        const suggested = minor(q.suggestedRefundAmount, e)
        const nonRefundable = minor(q.totalNonRefundableAmount, e)
        for (const item of q.items) minor(item.nonRefundableAmount, e)
        expect(calculated.warnings.map((w) => `${w.code}:${w.rule}`)).toEqual(disagrees ? ["digits_mismatch:R1.2"] : [])

        // the cancellation check: the same digits (one more is precision) and the same paid (one unit more is range)
        const cancel = (refundableAmount: number) =>
          validateCancelPlanRequest(plan, { planId: plan.id, refundableAmount, reason: "Other" }, { merchant })
        const finer = 1 / 10 ** (e + 1)
        const above = Money.fromMinorUnits(paid + 1, e)
        const conflict = cancelled ? ["plan.status:conflict"] : []
        const codes = (answer: ReturnType<typeof cancel>) =>
          answer.ok ? [] : answer.issues.map((i) => `${i.path}:${i.code}`)
        expect(codes(cancel(q.suggestedRefundAmount))).toEqual(conflict)
        expect(codes(cancel(finer))).toEqual([...conflict, "refundableAmount:precision"])
        expect(codes(cancel(above))).toEqual([...conflict, "refundableAmount:range"])

        // the lifecycle: the same refund recorded as such, the same digits and the same paid refused beyond
        if (!cancelled) {
          const event = (refundAmount: number) =>
            applyPlanEventResult(plan, {
              _tag: "PlanCancelled",
              at: Date.parse(plan.updatedAt) + HOUR,
              reason: "Other",
              refundAmount
            })
          const done = event(q.suggestedRefundAmount)
          expect(done.ok && done.value.refundAmount).toBe(q.suggestedRefundAmount)
          const tooFine = event(finer)
          expect(!tooFine.ok && tooFine.issues.map((i) => i.code)).toEqual(["precision"])
          const tooMuch = event(above)
          expect(!tooMuch.ok && tooMuch.issues[0]!.message).toMatch(/^refund_exceeds_paid/)
        }

        // the exposure report's reading: the same digits, the same sums
        const accumulator = new Accumulator(
          localSettings({ at, timeZone: undefined, merchant, top: 1, timeline: undefined })
        )
        expect(accumulator.line(JSON.stringify(plan), 1)).toBeUndefined()
        const state = accumulator.currencies.get(code)!
        expect(state.exponent).toBe(e)
        if (cancelled) {
          expect([state.plans, state.cancelledPlans, total(state.cancelledPaid)]).toEqual([0, 1, BigInt(paid)])
        } else {
          expect([state.plans, total(state.paid), total(state.nonRefundable), total(state.refunds)]).toEqual([
            1,
            BigInt(paid),
            BigInt(nonRefundable),
            BigInt(suggested)
          ])
        }
      }),
      { numRuns: 300 }
    )
    // the cases that matter were drawn: records kept zero-decimal, merchants that disagree
    expect(overridden).toBeGreaterThan(20)
    expect(disagreeing).toBeGreaterThan(10)
  })
})

describe("R10.3 a merchant configuration the service could answer never makes a calculation throw", () => {
  /** A value as a service might write it: a number, a number as text, null, or absent. */
  const served = (value: fc.Arbitrary<number>) =>
    fc.oneof(value, value.map(String), fc.constant(null), fc.constant(undefined))
  const strayKey = fc.stringMatching(/^zz[a-z]{1,6}$/)
  const answered = fc.record(
    {
      defaultPaymentDeadline: served(fc.integer({ min: 0, max: 60 })),
      defaultMinDepositValue: served(fc.integer({ min: 0, max: 100 })),
      defaultMinDepositType: fc.oneof(fc.constantFrom("Currency", "percentage", "Fixed", ""), fc.constant(null)),
      currencies: fc.array(
        fc.record(
          {
            currencyCode: fc.constantFrom("AUD", "USD", "JPY", "KWD", "XYZ"),
            minimumPaymentAmount: served(fc.integer({ min: 0, max: 50 })),
            maximumPaymentAmount: served(fc.integer({ min: 0, max: 100_000 })),
            paymentGatewayVariant: fc.oneof(fc.string({ maxLength: 8 }), fc.constant(null)),
            isZeroDecimal: fc.oneof(fc.boolean(), fc.constantFrom("true", "false"), fc.constant(null))
          },
          { requiredKeys: ["currencyCode"] }
        ).map((c) =>
          // a zero-decimal override of a currency with decimals would make the plans' cents invalid (R1.3): the plan's fault, not the configuration's
          (c.isZeroDecimal === true || c.isZeroDecimal === "true") && c.currencyCode !== "JPY"
            ? { ...c, isZeroDecimal: false }
            : c
        ),
        { maxLength: 3 }
      ),
      gtmId: fc.oneof(fc.string({ maxLength: 6 }), fc.constant(null)),
      // R7.2: ties between default policies are settled by list order
      defaultRefundPolicies: fc.array(
        fc.record({
          daysWithinRedemptionDate: fc.constantFrom(0, 7, 30),
          refundablePercentage: fc.integer({ min: 0, max: 100 })
        }),
        { maxLength: 3 }
      )
    },
    { requiredKeys: [] }
  )
  const withStray = fc.tuple(answered, fc.option(strayKey, { nil: undefined })).map(([merchant, key]) =>
    key === undefined ? { merchant, key } : { merchant: { ...merchant, [key]: { any: 1 } }, key }
  )

  it("R10.3: refund calculations, checkout totals and splits answer; the unknown field is a warning, refused under unknownFields: \"error\"", () => {
    fc.assert(
      fc.property(
        refundPlan({ now: NOW }),
        withStray,
        checkoutRequest({ now: NOW }),
        (plan, { merchant, key }, request) => {
          const at = NOW + 30 * Time.MS_PER_DAY
          const stray = key === undefined ? [] : [`merchant.${key}`]
          const unknownOf = (warnings: ReadonlyArray<{ code: string; path: string }>) =>
            warnings.filter((w) => w.code === "unknown_field").map((w) => w.path)
          const calculated = calculateRefundResult(plan, { at, merchant })
          expect(calculated.ok).toBe(true)
          expect(unknownOf(calculated.warnings)).toEqual(stray)
          expect(() => calculateRefund(plan, { at, merchant })).not.toThrow()
          const summary = summarizeCheckoutResult(request, { now: NOW, merchant })
          expect(unknownOf(summary.warnings)).toEqual(stray)
          expect(splitInstallmentsResult(100, 3, "USD", { merchant }).ok).toBe(true)
          const strict = calculateRefundResult(plan, { at, merchant, unknownFields: "error" })
          expect(strict.ok).toBe(key === undefined)
        }
      ),
      { numRuns: 200 }
    )
  })
})
