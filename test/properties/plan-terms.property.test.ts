/**
 * Executable specification of plan terms (R6, with R3 and R5): schedules by
 * cadence and time zone, checked against a naive day-by-day oracle that uses
 * `Date` and `Intl` rather than the engine's own calendar arithmetic.
 */
import { Result } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import type { CheckoutRequest } from "../../src/core/checkout/request.ts"
import { summarizeResult } from "../../src/core/checkout/totals.ts"
import * as Currency from "../../src/core/foundation/currency.ts"
import { ValidationError } from "../../src/core/foundation/issues.ts"
import * as Money from "../../src/core/foundation/money.ts"
import * as Time from "../../src/core/foundation/time/index.ts"
import type { MerchantConfiguration } from "../../src/core/merchant/configuration.ts"
import * as PlanTerms from "../../src/core/plan-terms/index.ts"
import { computeResult } from "../../src/core/plan-terms/terms.ts"
import { computePlanTerms } from "../../src/facade/plan-terms.ts"
import {
  amount,
  checkoutRequest,
  instant,
  merchantConfiguration,
  planTermsRequest,
  resolvedCadence,
  timeZone
} from "../../src/testing/arbitraries.ts"
import { boundaryCadence, cadenceBoundaries, depositEdges, termsBoundaries } from "../../src/testing/boundaries.ts"

const MS_PER_DAY = 86_400_000

// ---------------------------------------------------------------------------
// Oracles

/** The local calendar date of an instant, as Intl writes it (R6.1). */
const formats = new Map<string, Intl.DateTimeFormat>()
const intlDate = (ms: number, zone: string): string => {
  let format = formats.get(zone)
  if (format === undefined) {
    format = new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" })
    formats.set(zone, format)
  }
  const parts = format.formatToParts(ms)
  const get = (type: string) => parts.find((p) => p.type === type)!.value
  return `${get("year")}-${get("month")}-${get("day")}`
}
const dayOf = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / MS_PER_DAY
const isoOf = (day: number) => new Date(day * MS_PER_DAY).toISOString().slice(0, 10)
const lastDayOfMonth = (date: Date) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate()

/**
 * R6.3 walked one day at a time: every day after the plan date up to the
 * completion date that the cadence names.
 */
const oracleDates = (plan: number, completion: number, cadence: PlanTerms.ResolvedCadence): Array<number> => {
  const dates: Array<number> = []
  let weekdayMatches = 0
  for (let d = plan + 1; d <= completion; d++) {
    const date = new Date(d * MS_PER_DAY)
    if (cadence.frequency === "Monthly") {
      if (date.getUTCDate() === Math.min(cadence.dayOfMonth, lastDayOfMonth(date))) dates.push(d)
    } else if (d - plan >= (cadence.frequency === "Weekly" ? 7 : 14) && date.getUTCDay() === cadence.dayOfWeek) {
      if (cadence.frequency === "Weekly" || weekdayMatches % 2 === 0) dates.push(d)
      weekdayMatches++
    }
  }
  return dates
}

const WEEKDAY_INDEX: Record<string, number> = {
  Sunday: 0,
  Monday: 1,
  Tuesday: 2,
  Wednesday: 3,
  Thursday: 4,
  Friday: 5,
  Saturday: 6
}
const resolvedOf = (terms: PlanTerms.PlanTerms): PlanTerms.ResolvedCadence => {
  const c = terms.installments.cadence
  return c.frequency === "Monthly"
    ? { frequency: "Monthly", dayOfMonth: c.on.dayOfMonth }
    : { frequency: c.frequency, dayOfWeek: WEEKDAY_INDEX[c.on.dayOfWeek]! }
}

// ---------------------------------------------------------------------------
// Scenarios: a valid checkout, a valid request in its currency, now, a merchant, a strategy

interface Scenario {
  readonly now: number
  readonly checkout: CheckoutRequest
  readonly request: PlanTerms.PlanTermsRequest
  readonly merchant: MerchantConfiguration | undefined
  readonly depositStrategy: PlanTerms.DepositStrategy | undefined
}

/**
 * Deposits and payment bounds are drawn relative to the checkout's total, so
 * every rule is exercised: deposits below, inside and above the range, with
 * too many digits; minimum payments large enough for R6.5 to drop dates.
 */
const scenario = (zone: fc.Arbitrary<string> = timeZone): fc.Arbitrary<Scenario> =>
  instant.chain((now) =>
    checkoutRequest({ now, maxItems: 3 }).chain((checkout) => {
      const code = checkout.currencyCode
      const e = Currency.isoExponent(code)!
      const summary = summarizeResult(checkout, { now })
      const total = Result.isSuccess(summary) ? (Money.toMinorUnits(summary.success.totalCost, e) as number) : 1
      const bounds = fc.record({
        currencyCode: fc.constant(code),
        minimumPaymentAmount: amount(e, 1, Math.max(1, Math.floor(total / 3))),
        maximumPaymentAmount: amount(e, 1, total * 2),
        isZeroDecimal: fc.constant(e === 0)
      }, { requiredKeys: ["currencyCode", "minimumPaymentAmount"] })
      const merchant = fc.option(
        fc.oneof(
          merchantConfiguration([code]),
          fc.tuple(merchantConfiguration([code]), bounds).map(([m, b]) => ({ ...m, currencies: [b] }))
        ),
        { nil: undefined }
      )
      const anyDeposit = fc.oneof(
        amount(e, 0, total + 2),
        amount(e + 1, 0, total * 10).filter((x) => Money.toMinorUnits(x, e) === "precision")
      )
      return merchant.chain((m) => {
        // the range's edges (R6.4's boundary classes) as often as any deposit
        const range = computeResult(checkout, { checkoutId: "chk_1", type: "plan", timeZone: "UTC" }, {
          now,
          merchant: m
        })
        const edges = Result.isSuccess(range)
          ? depositEdges(
            Money.toMinorUnits(range.success.deposit.range.min, e) as number,
            Money.toMinorUnits(range.success.deposit.range.max, e) as number
          ).map((d) => Money.fromMinorUnits(d, e))
          : []
        const deposit = edges.length === 0 ? anyDeposit : fc.oneof(anyDeposit, fc.constantFrom(...edges))
        return fc.record({
          now: fc.constant(now),
          checkout: fc.constant(checkout),
          request: planTermsRequest({ timeZone: zone, deposit }),
          merchant: fc.constant(m),
          depositStrategy: fc.constantFrom(undefined, "minimum" as const, "even" as const, "even" as const)
        })
      })
    })
  )

/** What the oracle needs, from R2 (the checkout module) and the merchant's bounds. */
const facts = (s: Scenario) => {
  const zone = s.request.timeZone
  const summary = summarizeResult(s.checkout, { now: s.now, merchant: s.merchant, timeZone: zone })
  if (Result.isFailure(summary)) throw new Error("the scenario's checkout must price")
  const e = Currency.exponent(s.checkout.currencyCode, s.merchant)!
  const minor = (x: number) => Money.toMinorUnits(x, e) as number
  const settings = s.merchant?.currencies?.find((c) => c?.currencyCode === s.checkout.currencyCode)
  const minPay = Math.max(1, settings?.minimumPaymentAmount == null ? 1 : minor(settings.minimumPaymentAmount))
  const maxPay = settings?.maximumPaymentAmount == null ? undefined : minor(settings.maximumPaymentAmount)
  return {
    e,
    minor,
    plan: dayOf(intlDate(s.now, zone)),
    completion: dayOf(summary.success.completionDate),
    totalCost: minor(summary.success.totalCost),
    totalMinimumDeposit: minor(summary.success.totalMinimumDeposit),
    minPay,
    maxPay
  }
}

const compute = (s: Scenario, request: unknown = s.request, now: number = s.now) => {
  const result = computeResult(s.checkout, request, {
    now,
    merchant: s.merchant,
    depositStrategy: s.depositStrategy
  })
  if (Result.isFailure(result)) throw new Error(`expected terms, got ${JSON.stringify(result.failure.issues)}`)
  return result.success
}

const RUNS = { numRuns: 200 }

/** Checks `check` over random scenarios, with the computed terms and the oracle's figures. */
const forScenarios = (
  check: (s: Scenario, t: PlanTerms.PlanTerms, f: ReturnType<typeof facts>) => void,
  runs = RUNS
) =>
  fc.assert(
    fc.property(scenario(), (s) => check(s, compute(s), facts(s))),
    runs
  )

// ---------------------------------------------------------------------------

describe("R6.3 instalment dates", () => {
  // cadences at R6.3's boundaries for the plan date (its weekday, its day of month, a later day, 28–31) half the time
  const span = fc.integer({ min: Time.epochDay(1970, 1, 1), max: Time.epochDay(2200, 12, 31) }).chain((plan) =>
    fc.record({
      plan: fc.constant(plan),
      length: fc.integer({ min: -30, max: 800 }),
      cadence: fc.oneof(resolvedCadence, boundaryCadence(plan))
    })
  )

  it("R6.3: the spans reach R6.3's boundary classes in a run of 100", () => {
    const reached = new Set(
      fc.sample(span, 100).flatMap(({ cadence, length, plan }) =>
        cadenceBoundaries(plan, plan + length, cadence, PlanTerms.cadenceDates(plan, plan + length, cadence))
      )
    )
    for (
      const id of [
        "R6.3/weekly-own-weekday",
        "R6.3/monthly-today",
        "R6.3/monthly-after-today",
        "R6.3/monthly-late-day",
        "R6.3/monthly-clamped"
      ]
    ) expect(reached, id).toContain(id)
  })

  it("R6.3: cadenceDates agrees with a naive day-by-day walk over random plan dates, completion dates and cadences", () => {
    fc.assert(
      fc.property(span, ({ plan, length, cadence }) => {
        expect(PlanTerms.cadenceDates(plan, plan + length, cadence)).toEqual(oracleDates(plan, plan + length, cadence))
      }),
      { numRuns: 500 }
    )
  })

  it("R6.3: consecutive dates are 7 or 14 days apart, or a month apart with day D clamped", () => {
    fc.assert(
      fc.property(span, ({ plan, length, cadence }) => {
        const dates = PlanTerms.cadenceDates(plan, plan + length, cadence)
        for (let i = 1; i < dates.length; i++) {
          const [a, b] = [new Date(dates[i - 1]! * MS_PER_DAY), new Date(dates[i]! * MS_PER_DAY)]
          if (cadence.frequency === "Monthly") {
            expect((b.getUTCFullYear() - a.getUTCFullYear()) * 12 + b.getUTCMonth() - a.getUTCMonth()).toBe(1)
            expect(b.getUTCDate()).toBe(Math.min(cadence.dayOfMonth, lastDayOfMonth(b)))
          } else {
            expect(dates[i]! - dates[i - 1]!).toBe(cadence.frequency === "Weekly" ? 7 : 14)
          }
        }
      }),
      { numRuns: 300 }
    )
  })

  it("R6.3: the first date obeys the lead time: 7..13 or 14..20 days on the weekday; Monthly the first clamped day D after the plan date", () => {
    fc.assert(
      fc.property(span, ({ plan, cadence }) => {
        const first = PlanTerms.firstDate(plan, cadence)
        const date = new Date(first * MS_PER_DAY)
        if (cadence.frequency === "Monthly") {
          expect(first).toBeGreaterThan(plan)
          expect(date.getUTCDate()).toBe(Math.min(cadence.dayOfMonth, lastDayOfMonth(date)))
          expect(first - plan).toBeLessThanOrEqual(62)
          for (let d = plan + 1; d < first; d++) {
            const between = new Date(d * MS_PER_DAY)
            expect(between.getUTCDate()).not.toBe(Math.min(cadence.dayOfMonth, lastDayOfMonth(between)))
          }
        } else {
          const lead = cadence.frequency === "Weekly" ? 7 : 14
          expect(first - plan).toBeGreaterThanOrEqual(lead)
          expect(first - plan).toBeLessThan(lead + 7)
          expect(date.getUTCDay()).toBe(cadence.dayOfWeek)
        }
      }),
      { numRuns: 300 }
    )
  })
})

describe("R6 plan terms over random checkouts, requests, instants, zones and merchants", () => {
  it("R5, R6.2, R6.4–R6.6: the scenarios reach their boundary classes in a run of 200", () => {
    const reached = new Set(
      fc.sample(scenario(), 200).flatMap((s) => {
        const t = compute(s)
        const f = facts(s)
        const cadence = t.planType === "PayInFull" ? { frequency: "Weekly" as const, dayOfWeek: 0 } : resolvedOf(t)
        return termsBoundaries({
          planType: t.planType,
          asked: s.request.installments?.cadence,
          cadence,
          planDay: f.plan,
          completionDay: f.completion,
          dates: t.schedule.slice(1).map((p) => dayOf(p.date)),
          count: t.installments.count,
          remainder: f.minor(t.installments.remainder),
          deposit: f.minor(t.deposit.amount),
          rangeMin: f.minor(t.deposit.range.min),
          rangeMax: f.minor(t.deposit.range.max),
          totalCost: f.totalCost,
          minimumPayment: f.minPay,
          maximumPayment: f.maxPay,
          undropped: PlanTerms.cadenceDates(f.plan, f.completion, cadence).length,
          firstPayment: f.minor(t.schedule[0]!.amount),
          each: f.minor(t.installments.amount)
        })
      })
    )
    for (
      const id of [
        "R5/remainder-zero",
        "R5/remainder-max",
        "R6.2/default-day",
        "R6.2/any-case",
        "R6.4/at-min",
        "R6.4/at-max",
        "R6.4/below-min",
        "R6.4/max-capped",
        "R6.5/dropped",
        "R6.6/above-maximum-payment"
      ]
    ) expect(reached, id).toContain(id)
  })

  it("R6.9 and R5: the schedule's amounts sum exactly to totalCost; payment 1 is the deposit with the remainder on the plan date", () => {
    forScenarios((_s, t, f) => {
      const amounts = t.schedule.map((p) => f.minor(p.amount))
      expect(amounts.reduce((a, b) => a + b, 0)).toBe(f.totalCost)
      expect(f.minor(t.totalCost)).toBe(f.totalCost)
      expect(t.schedule.map((p) => p.installmentNumber)).toEqual(t.schedule.map((_, i) => i + 1))
      expect(t.schedule[0]!.date).toBe(isoOf(f.plan))
      expect(amounts[0]).toBe(Math.min(f.minor(t.deposit.amount), f.totalCost) + f.minor(t.installments.remainder))
      expect(t.installments.count).toBe(t.schedule.length - 1)
      for (const p of t.schedule.slice(1)) expect(p.amount).toBe(t.installments.amount)
      for (const a of amounts) expect(a).toBeGreaterThanOrEqual(0)
    })
  })

  it("R6.3: every instalment date is after the plan date and on or before the completion date", () => {
    forScenarios((_s, t, f) => {
      for (const p of t.schedule.slice(1)) {
        expect(dayOf(p.date)).toBeGreaterThan(f.plan)
        expect(dayOf(p.date)).toBeLessThanOrEqual(f.completion)
      }
    })
  })

  it("R6.3, R6.5: the dates are the oracle's; none that fits is left out unless R6.5 dropped it, and then every amount meets the minimum", () => {
    forScenarios((s, t, f) => {
      const oracle = oracleDates(f.plan, f.completion, resolvedOf(t))
      const count = t.installments.count
      expect(t.schedule.slice(1).map((p) => dayOf(p.date))).toEqual(oracle.slice(0, count))
      if (s.request.planType === "PayInFull") {
        expect(count).toBe(0)
        return
      }
      if (count > 0) expect(f.minor(t.installments.amount)).toBeGreaterThanOrEqual(f.minPay)
      if (count < oracle.length) {
        // dropped by R6.5: one more instalment would be below the minimum
        const rest = f.totalCost - Math.min(f.minor(t.deposit.amount), f.totalCost)
        expect(Math.trunc(rest / (count + 1))).toBeLessThan(f.minPay)
      }
    })
  })

  it("R6.5: count is the largest that satisfies every rule: the drop loop run literally agrees", () => {
    forScenarios((s, t, f) => {
      if (s.request.planType === "PayInFull") return
      const evenApplied = s.depositStrategy === "even" && s.request.deposit?.amount === undefined &&
        t.installments.amount === t.deposit.amount && t.installments.count > 0
      if (evenApplied) return
      const deposit = f.minor(t.deposit.amount)
      const rest = f.totalCost - Math.min(deposit, f.totalCost)
      let n = oracleDates(f.plan, f.completion, resolvedOf(t)).length
      let split = Money.split(rest, n)
      while (split.each < f.minPay && n > 0) split = Money.split(rest, --n)
      expect({
        count: t.installments.count,
        each: f.minor(t.installments.amount),
        remainder: f.minor(t.installments.remainder)
      }).toEqual({
        count: n,
        each: split.each,
        remainder: split.remainder
      })
    })
  })

  it("R6.4, R6.6: the deposit range and every validation entry follow from the figures", () => {
    forScenarios((s, t, f) => {
      const min = Math.max(f.totalMinimumDeposit, f.minPay)
      const max = Math.max(0, Math.min(f.totalCost - f.minPay, f.maxPay ?? Infinity))
      expect([f.minor(t.deposit.range.min), f.minor(t.deposit.range.max)]).toEqual([min, max])
      const deposit = f.minor(t.deposit.amount)
      const first = f.minor(t.schedule[0]!.amount)
      const each = f.minor(t.installments.amount)
      const count = t.installments.count
      const keys = t.installments.validation.map((v) => v.key)
      const payInFull = s.request.planType === "PayInFull"
      const asked = s.request.deposit?.amount
      const expected = [
        ...(!payInFull && asked !== undefined && Money.toMinorUnits(asked, f.e) === "precision"
          ? ["deposit.precision"]
          : []),
        ...(!payInFull && deposit < min ? ["deposit.below_minimum"] : []),
        ...(!payInFull && deposit > max ? ["deposit.above_maximum"] : []),
        ...(!payInFull && count === 0 ? ["installments.unavailable"] : []),
        ...(f.maxPay !== undefined && (first > f.maxPay || (count > 0 && each > f.maxPay))
          ? ["installments.above_maximum_payment"]
          : [])
      ]
      expect(keys).toEqual(expected)
      for (const v of t.installments.validation) expect(typeof v.value).toBe("string")
    })
  })

  it("R6.4, R6.7: without a deposit, minimum takes range.min; even pays trunc(totalCost / N) each when that reaches range.min", () => {
    fc.assert(
      fc.property(
        fc
          .tuple(scenario(), fc.boolean())
          .map(([s, lowMinimum]): Scenario => {
            const { deposit: _, ...request } = s.request
            const planType = s.request.planType === "PayInFull" ? "Installment" : s.request.planType
            if (!lowMinimum) return { ...s, request: { ...request, ...(planType ? { planType } : {}) } }
            // no minimum deposits: even then usually reaches range.min
            const items = (s.checkout as any).items.map(({ minimumDepositPerItem: _m, ...item }: any) => item)
            const merchant = s.merchant && { ...s.merchant, defaultMinDepositValue: 0 }
            return {
              ...s,
              checkout: { ...s.checkout, items },
              merchant,
              request: { ...request, ...(planType ? { planType } : {}) }
            }
          }),
        (s) => {
          const t = compute(s)
          const f = facts(s)
          const n = oracleDates(f.plan, f.completion, resolvedOf(t)).length
          const even = Math.trunc(f.totalCost / (n + 1))
          if (s.depositStrategy === "even" && even >= f.minor(t.deposit.range.min)) {
            expect(f.minor(t.deposit.amount)).toBe(even)
            expect(t.installments.count).toBe(n)
            expect(t.schedule.slice(1).every((p) => f.minor(p.amount) === even)).toBe(true)
            const remainder = f.minor(t.installments.remainder)
            expect(remainder).toBe(f.totalCost - (n + 1) * even)
            expect(remainder).toBeLessThan(n + 1)
          } else {
            expect(t.deposit.amount).toBe(t.deposit.range.min)
            expect(t).toEqual(compute({ ...s, depositStrategy: "minimum" }))
          }
        }
      ),
      RUNS
    )
  })

  it("R6.8: PayInFull is one payment of totalCost on the plan date", () => {
    fc.assert(
      fc.property(scenario(), (s) => {
        const t = compute(s, { ...s.request, planType: "PayInFull" })
        expect(t.schedule).toEqual([{
          installmentNumber: 1,
          date: intlDate(s.now, s.request.timeZone),
          amount: t.totalCost
        }])
        expect(t.deposit.amount).toBe(t.totalCost)
        expect(t.installments).toMatchObject({ amount: 0, remainder: 0, count: 0 })
      }),
      { numRuns: 100 }
    )
  })

  it("R6.1, R3.1: the same request in two zones differs only where the plan date differs", () => {
    const calendarDates = scenario(fc.constant("UTC")).map((s) => ({
      ...s,
      // calendar redemption dates: the zone then changes nothing but the plan date (R2.5)
      checkout: {
        ...s.checkout,
        items: (s.checkout as any).items.map((item: any) => ({
          ...item,
          redemptionDate: item.redemptionDate.slice(0, 10)
        }))
      }
    }))
    fc.assert(
      fc.property(calendarDates, timeZone, timeZone, (s, z1, z2) => {
        const t1 = compute(s, { ...s.request, timeZone: z1 })
        const t2 = compute(s, { ...s.request, timeZone: z2 })
        const [d1, d2] = [intlDate(s.now, z1), intlDate(s.now, z2)]
        if (d1 === d2) expect(t1).toEqual(t2)
        // and each is the terms of its plan date, whatever the zone
        expect(t1).toEqual(compute(s, { ...s.request, timeZone: "UTC" }, Date.parse(`${d1}T12:00:00Z`)))
        expect(t2).toEqual(compute(s, { ...s.request, timeZone: "UTC" }, Date.parse(`${d2}T12:00:00Z`)))
      }),
      { numRuns: 100 }
    )
  })
})

describe("R6 bad input: never throws, always a typed error", () => {
  const isIssue = (i: unknown) =>
    typeof i === "object" && i !== null &&
    ["path", "code", "rule", "message"].every((k) => typeof (i as Record<string, unknown>)[k] === "string")

  it("computeResult answers arbitrary checkouts, requests and options with terms or issues", () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), fc.anything(), fc.anything(), (checkout, request, now, strategy) => {
        const result = computeResult(checkout, request, { now, depositStrategy: strategy } as never)
        expect(Result.isFailure(result)).toBe(true)
        if (Result.isFailure(result)) {
          expect(result.failure).toBeInstanceOf(ValidationError)
          expect(result.failure.issues.length).toBeGreaterThan(0)
          expect(result.failure.issues.every(isIssue)).toBe(true)
        }
      }),
      { numRuns: 300 }
    )
  })

  it("computePlanTerms throws nothing but a ValidationError, whatever the merchant configuration", () => {
    fc.assert(
      fc.property(scenario(), fc.anything(), fc.anything(), (s, merchant, strategy) => {
        try {
          computePlanTerms(s.checkout, s.request, { now: s.now, merchant, depositStrategy: strategy as never })
        } catch (error) {
          expect(error).toBeInstanceOf(ValidationError)
          expect((error as ValidationError).issues.every(isIssue)).toBe(true)
        }
      }),
      { numRuns: 100 }
    )
  })

  it("a valid scenario with one field replaced by anything: terms or a ValidationError, never an exception", () => {
    const paths = ["checkoutId", "type", "planType", "deposit", "installments", "timeZone"]
    fc.assert(
      fc.property(
        scenario(),
        fc.constantFrom(...paths),
        fc.anything(),
        fc.constantFrom("request", "checkout", "item"),
        (s, key, value, where) => {
          const request: any = structuredClone(s.request)
          const checkout: any = structuredClone(s.checkout)
          if (where === "request") request[key] = value
          else if (where === "checkout") checkout[["currencyCode", "items", "id", "totalCost"][key.length % 4]!] = value
          else {checkout
              .items[0][
                [
                  "costPerItem",
                  "quantity",
                  "redemptionDate",
                  "paymentDeadline",
                  "minimumDepositPerItem"
                ][key.length % 5]!
              ] = value}
          let outcome: unknown
          try {
            outcome = computePlanTerms(checkout, request, { now: s.now, merchant: s.merchant })
          } catch (error) {
            expect(error).toBeInstanceOf(ValidationError)
            expect((error as ValidationError).issues.every(isIssue)).toBe(true)
            return
          }
          expect(outcome).toHaveProperty("schedule")
        }
      ),
      RUNS
    )
  })
})
