/**
 * Plan terms (R6.4–R6.9), worked examples: the description's checkout example
 * first, then each rule on a checkout made to show it.
 */
import { Effect, Result } from "effect"
import { describe, expect, it } from "vitest"
import type { ValidationError } from "../../../src/core/foundation/issues.ts"
import type { ComputeInputs } from "../../../src/core/plan-terms/terms.ts"
import { compute, computeResult } from "../../../src/core/plan-terms/terms.ts"
import { exampleRequest, NOW } from "../../fixtures.ts"
import { checkout, request } from "./fixtures.ts"

const weekly = (dayOfWeek: string) => ({ installments: { cadence: { frequency: "Weekly", on: { dayOfWeek } } } })

const terms = (checkout: unknown, req: unknown, options: Partial<ComputeInputs> = {}) => {
  const result = computeResult(checkout, req, { now: NOW, ...options })
  if (Result.isFailure(result)) throw new Error(JSON.stringify(result.failure.issues))
  return result.success
}
const issues = (checkout: unknown, req: unknown, options: Partial<ComputeInputs> = {}) => {
  const result = computeResult(checkout, req, { now: NOW, ...options } as ComputeInputs)
  return Result.isFailure(result) ? result.failure.issues.map((i) => `${i.path}:${i.code}`) : []
}

const merchant = (minimumPaymentAmount: number, maximumPaymentAmount?: number) => ({
  currencies: [{
    currencyCode: "AUD",
    minimumPaymentAmount,
    ...(maximumPaymentAmount === undefined ? {} : { maximumPaymentAmount })
  }]
})

describe("the description's checkout example (2 × 50 deposit 20, 2 × 500 deposit 120)", () => {
  it("Weekly on Monday in Sydney: deposit 280 (R2.3), 11 instalments of 74.54 up to 11 Feb 2027, remainder 0.06 with the deposit", () => {
    const t = terms(exampleRequest(), request({ timeZone: "Australia/Sydney", ...weekly("Monday") }), {
      now: "2026-11-22T09:30:00Z"
    })
    expect(t).toEqual({
      type: "plan",
      planType: "Installment",
      deposit: { amount: 280, range: { min: 280, max: 1099.99 } },
      installments: {
        amount: 74.54,
        remainder: 0.06,
        count: 11,
        cadence: { frequency: "Weekly", on: { dayOfWeek: "Monday" } },
        validation: []
      },
      totalCost: 1100,
      currencyCode: "AUD",
      redirectURL: "https://shop.example/checkout/return",
      schedule: [
        { installmentNumber: 1, date: "2026-11-22", amount: 280.06 },
        ...[
          "2026-11-30",
          "2026-12-07",
          "2026-12-14",
          "2026-12-21",
          "2026-12-28",
          "2027-01-04",
          "2027-01-11",
          "2027-01-18",
          "2027-01-25",
          "2027-02-01",
          "2027-02-08"
        ].map(
          (date, i) => ({ installmentNumber: i + 2, date, amount: 74.54 })
        )
      ]
    })
  })

  it("the same checkout as the service's response gives the same terms", () => {
    const response = {
      id: "chk_7Hq2LmX9",
      merchantId: "merchant-123",
      totalCost: "1100",
      totalMinimumDeposit: 280,
      completionDate: "2027-02-11",
      currencyCode: "AUD",
      redirectURL: "https://shop.example/checkout/return",
      planType: "Installment",
      somethingNew: true
    }
    const req = request({ timeZone: "Australia/Sydney", ...weekly("Monday") })
    expect(terms(response, req, { now: "2026-11-22T09:30:00Z" })).toEqual(
      terms(exampleRequest(), req, { now: "2026-11-22T09:30:00Z" })
    )
  })

  it("a response without its totals is priced from its items (R2)", () => {
    const { items, currencyCode, redirectURL } = exampleRequest()
    const response = {
      id: "chk_7Hq2LmX9",
      currencyCode,
      redirectURL,
      totalCost: null,
      items: items.map((item, i) => ({ id: `item_${i}`, ...item, sku: null }))
    }
    const req = request({ timeZone: "Australia/Sydney" })
    expect(terms(response, req)).toEqual(terms(exampleRequest(), req))
  })

  it("Fortnightly and Monthly in Sydney", () => {
    const fortnightly = terms(
      exampleRequest(),
      request({
        timeZone: "Australia/Sydney",
        installments: { cadence: { frequency: "Fortnightly", on: { dayOfWeek: "Friday" } } }
      })
    )
    expect(fortnightly.schedule.map((p) => p.date)).toEqual([
      "2026-11-22",
      "2026-12-11",
      "2026-12-25",
      "2027-01-08",
      "2027-01-22",
      "2027-02-05"
    ])
    expect(fortnightly.installments).toMatchObject({ amount: 164, remainder: 0, count: 5 })
    const monthly = terms(
      exampleRequest(),
      request({
        timeZone: "Australia/Sydney",
        installments: { cadence: { frequency: "Monthly", on: { dayOfMonth: 31 } } }
      })
    )
    expect(monthly.schedule).toEqual([
      { installmentNumber: 1, date: "2026-11-22", amount: 280.01 },
      { installmentNumber: 2, date: "2026-11-30", amount: 273.33 },
      { installmentNumber: 3, date: "2026-12-31", amount: 273.33 },
      { installmentNumber: 4, date: "2027-01-31", amount: 273.33 }
    ])
  })
})

describe("R6.4 deposit range and R6.5 minimum payment", () => {
  it("range: min = max(totalMinimumDeposit, minimumPaymentAmount), max = totalCost − minimumPaymentAmount, capped at maximumPaymentAmount", () => {
    expect(terms(checkout(100, 20, "2027-02-07"), request(), { merchant: merchant(10) }).deposit.range).toEqual({
      min: 20,
      max: 90
    })
    expect(terms(checkout(100, 5, "2027-02-07"), request(), { merchant: merchant(10) }).deposit.range).toEqual({
      min: 10,
      max: 90
    })
    expect(terms(checkout(100, 20, "2027-02-07"), request(), { merchant: merchant(10, 50) }).deposit.range).toEqual({
      min: 20,
      max: 50
    })
    expect(terms(checkout(100, 20, "2027-02-07"), request()).deposit.range).toEqual({ min: 20, max: 99.99 })
  })

  it("R6.5: 80 over 11 weekly dates would be 7.27 < 10: the last three dates are dropped, 8 × 10 remain", () => {
    const t = terms(checkout(100, 20, "2027-02-07"), request(), { merchant: merchant(10) })
    expect(t.installments).toMatchObject({ amount: 10, remainder: 0, count: 8, validation: [] })
    expect(t.schedule.map((p) => p.date)).toEqual([
      "2026-11-22",
      "2026-11-29",
      "2026-12-06",
      "2026-12-13",
      "2026-12-20",
      "2026-12-27",
      "2027-01-03",
      "2027-01-10",
      "2027-01-17"
    ])
    // without the minimum, all 11 dates are used
    expect(terms(checkout(100, 20, "2027-02-07"), request()).installments).toMatchObject({
      amount: 7.27,
      remainder: 0.03,
      count: 11
    })
  })

  it("R5 in a zero-decimal currency: 10 000 JPY less 1 000 over 3 dates", () => {
    const t = terms(checkout(10_000, 1000, "2026-12-13", "JPY"), request())
    expect(t.installments).toMatchObject({ amount: 3000, remainder: 0, count: 3 })
    const u = terms(checkout(10_001, 1000, "2026-12-13", "JPY"), request())
    expect(u.installments).toMatchObject({ amount: 3000, remainder: 1, count: 3 })
    expect(u.schedule[0]).toEqual({ installmentNumber: 1, date: "2026-11-22", amount: 1001 })
  })
})

describe("R6.6 validation entries: computed terms, with what is wrong", () => {
  it("deposit.below_minimum and deposit.above_maximum give the bound", () => {
    const low = terms(exampleRequest(), request({ deposit: { amount: 100 } }))
    expect(low.deposit.amount).toBe(100)
    expect(low.installments.validation).toEqual([{ key: "deposit.below_minimum", value: "280" }])
    const high = terms(exampleRequest(), request({ deposit: { amount: 1100 } }))
    expect(high.installments.validation).toEqual([
      { key: "deposit.above_maximum", value: "1099.99" },
      { key: "installments.unavailable", value: "2027-02-11" }
    ])
    expect(high.schedule).toEqual([{ installmentNumber: 1, date: "2026-11-22", amount: 1100 }])
  })

  it("a deposit above totalCost is reported as asked; the schedule charges totalCost", () => {
    const t = terms(exampleRequest(), request({ deposit: { amount: 2000 } }))
    expect(t.deposit.amount).toBe(2000)
    expect(t.installments).toMatchObject({ amount: 0, remainder: 0, count: 0 })
    expect(t.schedule).toEqual([{ installmentNumber: 1, date: "2026-11-22", amount: 1100 }])
  })

  it("deposit.precision: 300.005 AUD is rounded half-up to 300.01 and computed", () => {
    const t = terms(exampleRequest(), request({ deposit: { amount: 300.005 } }))
    expect(t.deposit.amount).toBe(300.01)
    expect(t.installments.validation).toEqual([{ key: "deposit.precision", value: "2" }])
    expect(t.schedule.reduce((sum, p) => sum + Math.round(p.amount * 100), 0)).toBe(110_000)
  })

  it("installments.unavailable: no weekly date before the completion date; the deposit and the rest are payment 1", () => {
    const t = terms(checkout(100, 20, "2026-11-28"), request())
    expect(t.installments).toMatchObject({
      amount: 0,
      remainder: 80,
      count: 0,
      validation: [{ key: "installments.unavailable", value: "2026-11-28" }]
    })
    expect(t.schedule).toEqual([{ installmentNumber: 1, date: "2026-11-22", amount: 100 }])
  })

  it("installments.above_maximum_payment: the first payment or an instalment above maximumPaymentAmount", () => {
    const t = terms(exampleRequest(), request({ deposit: { amount: 600 } }), { merchant: merchant(1, 500) })
    expect(t.deposit.range).toEqual({ min: 280, max: 500 })
    expect(t.installments.validation).toEqual([
      { key: "deposit.above_maximum", value: "500" },
      { key: "installments.above_maximum_payment", value: "500" }
    ])
    const instalments = terms(checkout(2000, 100, "2026-12-06"), request(), { merchant: merchant(1, 500) })
    expect(instalments.installments).toMatchObject({
      amount: 950,
      count: 2,
      validation: [{ key: "installments.above_maximum_payment", value: "500" }]
    })
  })
})

describe("R6.7 deposit strategies", () => {
  it("even: with N = count + 1 payments each is trunc(totalCost / N), the remainder with the first", () => {
    // 1000.05 over 10 payments (9 weekly dates): 100.00 each, 0.05 with the deposit
    const t = terms(checkout(1000.05, 50, "2027-01-24"), request(), { depositStrategy: "even" })
    expect(t.deposit.amount).toBe(100)
    expect(t.installments).toMatchObject({ amount: 100, remainder: 0.05, count: 9, validation: [] })
    expect(t.schedule[0]!.amount).toBe(100.05)
    expect(t.schedule.slice(1).every((p) => p.amount === 100)).toBe(true)
  })

  it("even falls back to minimum when even < range.min: 1100 / 12 = 91.66 < 280", () => {
    const req = request(weekly("Monday"))
    expect(terms(exampleRequest(), req, { depositStrategy: "even" })).toEqual(
      terms(exampleRequest(), req, { depositStrategy: "minimum" })
    )
  })

  it("a deposit in the request wins over the strategy", () => {
    expect(
      terms(checkout(1000.05, 50, "2027-01-24"), request({ deposit: { amount: 300 } }), { depositStrategy: "even" })
        .deposit.amount
    ).toBe(300)
  })
})

describe("R6.8 PayInFull and Custom", () => {
  it("PayInFull: deposit = totalCost, count 0, one payment, no entry for the count", () => {
    const t = terms(exampleRequest(), request({ planType: "PayInFull", deposit: { amount: 300 } }))
    expect(t.deposit.amount).toBe(1100)
    expect(t.installments).toMatchObject({ amount: 0, remainder: 0, count: 0, validation: [] })
    expect(t.schedule).toEqual([{ installmentNumber: 1, date: "2026-11-22", amount: 1100 }])
    const capped = terms(exampleRequest(), request({ planType: "PayInFull" }), { merchant: merchant(1, 1000) })
    expect(capped.installments.validation).toEqual([{ key: "installments.above_maximum_payment", value: "1000" }])
  })

  it("Custom behaves as Installment and keeps its name", () => {
    const custom = terms(exampleRequest(), request({ planType: "Custom" }))
    const installment = terms(exampleRequest(), request({ planType: "Installment" }))
    expect(custom).toEqual({ ...installment, planType: "Custom" })
  })
})

describe("R6.1 and R3.1: the plan date in the request's zone", () => {
  it("02:00 UTC on 22 Nov is the 22nd in Sydney and the 21st in Los Angeles", () => {
    const now = "2026-11-22T02:00:00Z"
    expect(terms(exampleRequest(), request({ timeZone: "Australia/Sydney" }), { now }).schedule[0]!.date).toBe(
      "2026-11-22"
    )
    expect(terms(exampleRequest(), request({ timeZone: "America/Los_Angeles" }), { now }).schedule[0]!.date).toBe(
      "2026-11-21"
    )
  })

  it("a plan made on the morning Sydney's clocks go forward keeps Sunday dates", () => {
    // 2026-10-04 02:00 AEST becomes 03:00 AEDT; 01:30 local is 2026-10-03T15:30Z
    const t = terms(checkout(100, 20, "2026-11-01"), request({ timeZone: "Australia/Sydney" }), {
      now: "2026-10-03T15:30:00Z"
    })
    expect(t.schedule.map((p) => p.date)).toEqual([
      "2026-10-04",
      "2026-10-11",
      "2026-10-18",
      "2026-10-25",
      "2026-11-01"
    ])
  })
})

describe("invalid input: a ValidationError with every issue", () => {
  it("request, checkout and options at once", () => {
    expect(
      issues({ ...exampleRequest(), currencyCode: "XYZ" }, {
        checkoutId: "c",
        type: "plan",
        timeZone: "Nowhere/Land",
        installments: { cadence: { frequency: "Daily" } }
      }, { now: "yesterday", depositStrategy: "half" as never })
    ).toEqual([
      "now:format",
      "depositStrategy:enum",
      "installments.cadence.frequency:enum",
      "timeZone:time_zone",
      "checkout.currencyCode:unknown_currency"
    ])
  })

  it("a checkout that cannot be priced reports under checkout", () => {
    expect(issues({ currencyCode: "AUD", items: [{ quantity: 0, costPerItem: 1.005 }] }, request())).toEqual([
      "checkout.items[0].quantity:range",
      "checkout.items[0].redemptionDate:required",
      "checkout.items[0].costPerItem:precision"
    ])
    expect(
      issues({
        id: "chk_7Hq2LmX9",
        currencyCode: "AUD",
        totalCost: 10.001,
        totalMinimumDeposit: 1,
        completionDate: "soon"
      }, request())
    ).toEqual([
      "checkout.totalCost:precision",
      "checkout.completionDate:format"
    ])
  })

  it("R3.1: a plan date outside 0001..9999 is refused", () => {
    expect(issues(exampleRequest(), request(), { now: -8.6e15 })).toEqual(["now:range"])
    expect(issues(exampleRequest(), request(), { now: Date.UTC(10_000, 0, 1) })).toEqual(["now:range"])
  })

  it("a checkout response for another checkout is a conflict", () => {
    expect(
      issues({
        id: "chk_other",
        currencyCode: "AUD",
        totalCost: 10,
        totalMinimumDeposit: 1,
        completionDate: "2027-01-01"
      }, request())
    ).toEqual(["checkoutId:conflict"])
  })
})

describe("computeResult on a checkout response: each issue with its path, code, rule and message", () => {
  const NOW = "2026-11-22T00:00:00Z"

  const issuesOf = (result: Result.Result<unknown, ValidationError>) =>
    Result.isFailure(result) ? result.failure.issues.map((i) => ({ ...i })) : []

  const ok = <A>(result: Result.Result<A, ValidationError>): A => {
    if (Result.isFailure(result)) throw new Error(JSON.stringify(result.failure.issues))
    return result.success
  }

  /** A checkout response: 100.00, minimum deposit 10.00, to be paid by 1 March 2027. */
  const response = {
    id: "chk_1",
    currencyCode: "AUD",
    totalCost: 100,
    totalMinimumDeposit: 10,
    completionDate: "2027-03-01"
  }
  const request = (extra: Record<string, unknown> = {}) => ({
    checkoutId: "chk_1",
    type: "plan",
    timeZone: "UTC",
    ...extra
  })

  describe("R3.1, R6.7 the options of plan terms", () => {
    it("R3.1: a `now` that is no instant is refused, naming what it got", () => {
      expect(issuesOf(computeResult(response, request(), { now: "yesterday" }))).toEqual([
        {
          path: "now",
          code: "format",
          rule: "R3.1",
          message: "must be a valid instant (Date, epoch milliseconds or RFC 3339 date-time), got \"yesterday\""
        }
      ])
    })

    it("R6.7: an unknown deposit strategy alone refuses the terms, naming the strategies", () => {
      const result = computeResult(response, request(), { now: NOW, depositStrategy: "half" as never })
      expect(issuesOf(result)).toEqual([
        {
          path: "depositStrategy",
          code: "enum",
          rule: "R6.7",
          message: "must be one of \"minimum\", \"even\", got \"half\""
        }
      ])
    })
  })

  describe("R6 the request names the checkout", () => {
    it("R6: a checkout response for another checkout is a conflict naming both ids", () => {
      expect(issuesOf(computeResult(response, request({ checkoutId: "chk_2" }), { now: NOW }))).toEqual([
        {
          path: "checkoutId",
          code: "conflict",
          rule: "R6",
          message: "must be the id of the checkout, \"chk_1\", got \"chk_2\""
        }
      ])
    })
  })

  describe("R1.1, R6.8 the requested deposit", () => {
    it("R1.1: a deposit beyond the largest exact amount is refused", () => {
      expect(issuesOf(computeResult(response, request({ deposit: { amount: 1e300 } }), { now: NOW }))).toEqual([
        { path: "deposit.amount", code: "range", rule: "R1.1", message: "is beyond the largest exact amount: 1e+300" }
      ])
    })

    it("R6.8: PayInFull pays the total whatever deposit the request asks, even one beyond exact range", () => {
      const terms = ok(
        computeResult(response, request({ planType: "PayInFull", deposit: { amount: 1e300 } }), { now: NOW })
      )
      // the range is still the checkout's (R6.4): from its minimum deposit to the total less one minor unit
      expect(terms).toEqual({
        type: "plan",
        planType: "PayInFull",
        deposit: { amount: 100, range: { min: 10, max: 99.99 } },
        installments: {
          amount: 0,
          remainder: 0,
          count: 0,
          cadence: { frequency: "Weekly", on: { dayOfWeek: "Sunday" } },
          validation: []
        },
        totalCost: 100,
        currencyCode: "AUD",
        schedule: [{ installmentNumber: 1, date: "2026-11-22", amount: 100 }]
      })
    })
  })
})

describe("R6 the plan terms' Effect", () => {
  const PLAN_REQUEST = { checkoutId: "chk_1", type: "plan", timeZone: "Australia/Sydney" } as const

  it("R6: compute answers what computeResult answers, success and failure", () => {
    const checkout = exampleRequest()
    for (const request of [PLAN_REQUEST, { ...PLAN_REQUEST, timeZone: "Nowhere/City" }]) {
      const effect = Effect.runSync(Effect.result(compute(checkout, request, { now: NOW })))
      expect(effect).toEqual(computeResult(checkout, request, { now: NOW }))
    }
  })
})
