/**
 * The refund calculation (R7): the description's examples first, then zones,
 * deposits against policies, merchant defaults, currencies and bad input.
 */
import { Effect, Result } from "effect"
import { describe, expect, it } from "vitest"
import { type ValidationError } from "../../../src/core/foundation/issues.ts"
import { MAX_MINOR_UNITS } from "../../../src/core/foundation/money.ts"
import { END_INSTANT, FIRST_INSTANT } from "../../../src/core/foundation/time/index.ts"
import { calculate, calculateResult, calculateTotalsResult, policyName } from "../../../src/core/refund/calculate.ts"

const TWO_POLICIES = [
  { type: "percentage_refundable_days_within_redemption_date", daysWithinRedemptionDate: 60, refundablePercentage: 75 },
  { type: "percentage_refundable_days_within_redemption_date", daysWithinRedemptionDate: 30, refundablePercentage: 50 }
]

/** One festival ticket plan: 2 × 250 AUD, redeemed on 1 March 2027, with the description's two policies. */
const ticketPlan = (extra: Record<string, unknown> = {}) => ({
  currencyCode: "AUD",
  totalPaymentsPaid: 400,
  timeZone: "Australia/Sydney",
  items: [
    {
      id: "item_1",
      description: "Festival ticket",
      quantity: 2,
      costPerItem: 250,
      redemptionDate: "2027-03-01",
      refundPolicies: TWO_POLICIES,
      ...extra
    }
  ]
})

const ok = <A>(result: Result.Result<A, ValidationError>): A => {
  if (Result.isFailure(result)) throw new Error(result.failure.message)
  return result.success
}

const issuesOf = (result: Result.Result<unknown, ValidationError>) =>
  Result.isFailure(result) ? result.failure.issues.map((i) => `${i.path}:${i.code}`) : []

describe("the service description's two-policy example (R7.2, R7.3)", () => {
  it("40 days before redemption uses the 60-day policy (75% refundable)", () => {
    const q = ok(calculateResult(ticketPlan(), { at: "2027-01-20T09:00:00+11:00" }))
    expect(q).toEqual({
      planTotalCost: 500,
      totalPaymentsPaid: 400,
      totalNonRefundableAmount: 125,
      suggestedRefundAmount: 275,
      currencyCode: "AUD",
      items: [
        {
          id: "item_1",
          name: "Festival ticket",
          quantity: 2,
          costPerItem: 250,
          totalCost: 500,
          minNonRefundableDeposit: 0,
          nonRefundableAmount: 125,
          activeRefundPolicyIndex: 0,
          refundPolicies: [
            // 1 March − 60 days = 31 December 2026, midnight in Sydney (UTC+11)
            {
              activeFrom: "2026-12-30T13:00:00.000Z",
              name: "75% refundable within 60 days of the redemption date",
              nonRefundableAmount: 125
            },
            {
              activeFrom: "2027-01-29T13:00:00.000Z",
              name: "50% refundable within 30 days of the redemption date",
              nonRefundableAmount: 250
            }
          ]
        }
      ]
    })
  })

  it("20 days before redemption uses the 30-day policy (50% refundable)", () => {
    const q = ok(calculateResult(ticketPlan(), { at: "2027-02-09T09:00:00+11:00" }))
    expect(q.items[0]!.activeRefundPolicyIndex).toBe(1)
    expect(q.totalNonRefundableAmount).toBe(250)
    expect(q.suggestedRefundAmount).toBe(150)
  })

  it("more than 60 days before, no policy is active: fully refundable (−1)", () => {
    const q = ok(calculateResult(ticketPlan(), { at: "2026-12-01T09:00:00+11:00" }))
    expect(q.items[0]!.activeRefundPolicyIndex).toBe(-1)
    expect(q.totalNonRefundableAmount).toBe(0)
    expect(q.suggestedRefundAmount).toBe(400)
  })

  it("the Effect form gives the same calculation", () => {
    const at = "2027-01-20T09:00:00+11:00"
    // JSON.parse's any: the plan as data of unknown shape, checked when the Effect runs
    const plan = JSON.parse(JSON.stringify(ticketPlan()))
    expect(Effect.runSync(calculate(plan, { at }))).toEqual(ok(calculateResult(ticketPlan(), { at })))
  })
})

describe("time zones (R3.1, R7.1, R7.7)", () => {
  // 30 days before 1 March 2027 is 30 January: the 30-day policy starts at that midnight
  it("Australia/Sydney: one second either side of local midnight picks different policies", () => {
    const before = ok(calculateResult(ticketPlan(), { at: "2027-01-29T12:59:59Z" })) // 23:59:59 on the 29th in Sydney
    const after = ok(calculateResult(ticketPlan(), { at: "2027-01-29T13:00:00Z" })) // 00:00:00 on the 30th
    expect(before.items[0]!.activeRefundPolicyIndex).toBe(0)
    expect(after.items[0]!.activeRefundPolicyIndex).toBe(1)
    // the policy's activeFrom is exactly that midnight
    expect(after.items[0]!.refundPolicies[1]!.activeFrom).toBe("2027-01-29T13:00:00.000Z")
    // the same instants in UTC are both 29 January: the 60-day policy
    expect(
      ok(calculateResult(ticketPlan(), { at: "2027-01-29T13:00:00Z", timeZone: "UTC" })).items[0]!
        .activeRefundPolicyIndex
    ).toBe(0)
  })

  it("America/Los_Angeles: one second either side of local midnight picks different policies", () => {
    const options = { timeZone: "America/Los_Angeles" }
    const before = ok(calculateResult(ticketPlan(), { ...options, at: "2027-01-30T07:59:59Z" })) // 23:59:59 on the 29th in LA
    const after = ok(calculateResult(ticketPlan(), { ...options, at: "2027-01-30T08:00:00Z" })) // 00:00:00 on the 30th
    expect(before.items[0]!.activeRefundPolicyIndex).toBe(0)
    expect(after.items[0]!.activeRefundPolicyIndex).toBe(1)
    expect(after.items[0]!.refundPolicies.map((p) => p.activeFrom)).toEqual([
      "2026-12-31T08:00:00.000Z",
      "2027-01-30T08:00:00.000Z"
    ])
  })

  it("activeFrom follows daylight saving: the day before and after a change start at different UTC hours", () => {
    // Los Angeles returns to UTC−8 on 1 November 2026: that day starts at −7, the next at −8
    const plan = ticketPlan({
      redemptionDate: "2026-11-08",
      refundPolicies: [
        { daysWithinRedemptionDate: 7, refundablePercentage: 50 },
        { daysWithinRedemptionDate: 6, refundablePercentage: 25 }
      ]
    })
    const q = ok(calculateResult(plan, { at: "2026-10-01T00:00:00Z", timeZone: "America/Los_Angeles" }))
    expect(q.items[0]!.refundPolicies.map((p) => p.activeFrom)).toEqual([
      "2026-11-01T07:00:00.000Z",
      "2026-11-02T08:00:00.000Z"
    ])
    // Sydney moves to UTC+11 on 4 October 2026: that day starts at +10, the next at +11
    const sydney = ticketPlan({
      redemptionDate: "2026-10-11",
      refundPolicies: [
        { daysWithinRedemptionDate: 7, refundablePercentage: 50 },
        { daysWithinRedemptionDate: 6, refundablePercentage: 25 }
      ]
    })
    const s = ok(calculateResult(sydney, { at: "2026-09-01T00:00:00Z" }))
    expect(s.items[0]!.refundPolicies.map((p) => p.activeFrom)).toEqual([
      "2026-10-03T14:00:00.000Z",
      "2026-10-04T13:00:00.000Z"
    ])
    // and the policy changes at those instants
    expect(ok(calculateResult(sydney, { at: "2026-10-04T12:59:59Z" })).items[0]!.activeRefundPolicyIndex).toBe(0)
    expect(ok(calculateResult(sydney, { at: "2026-10-04T13:00:00Z" })).items[0]!.activeRefundPolicyIndex).toBe(1)
  })

  it("the option's zone wins over the plan's, which wins over UTC", () => {
    const at = "2027-01-29T13:00:00Z"
    expect(ok(calculateResult(ticketPlan(), { at })).items[0]!.activeRefundPolicyIndex).toBe(1)
    expect(ok(calculateResult(ticketPlan(), { at, timeZone: "America/Los_Angeles" })).items[0]!.activeRefundPolicyIndex)
      .toBe(0)
    const { timeZone: _, ...withoutZone } = ticketPlan()
    expect(ok(calculateResult(withoutZone, { at })).items[0]!.refundPolicies[0]!.activeFrom).toBe(
      "2026-12-31T00:00:00.000Z"
    )
  })

  it("a redemption date-time is taken as its date in the zone", () => {
    // 10:00 on 1 March in Sydney is still 28 February in Los Angeles: one day fewer
    const plan = ticketPlan({ redemptionDate: "2027-03-01T10:00:00+11:00" })
    expect(
      ok(calculateResult(plan, { at: "2027-01-30T08:00:00Z", timeZone: "America/Los_Angeles" })).items[0]!
        .refundPolicies[1]!.activeFrom
    ).toBe(
      "2027-01-29T08:00:00.000Z"
    )
  })
})

describe("the greater-of rule (R7.4, R7.5)", () => {
  const depositPlan = (refundablePercentage: number) =>
    ticketPlan({
      depositRefundable: false,
      minimumDepositPerItem: { unit: "Currency", value: 100 },
      refundPolicies: [{ daysWithinRedemptionDate: 60, refundablePercentage }]
    })
  const at = "2027-01-20T09:00:00+11:00"

  it("a non-refundable deposit that outweighs the policy is what is kept", () => {
    // deposit 2 × 100 = 200; the policy keeps 10% of 500 = 50
    const item = ok(calculateResult(depositPlan(90), { at })).items[0]!
    expect(item.minNonRefundableDeposit).toBe(200)
    expect(item.refundPolicies[0]!.nonRefundableAmount).toBe(50)
    expect(item.nonRefundableAmount).toBe(200)
  })

  it("a policy that outweighs the deposit is what is kept", () => {
    // deposit 200; the policy keeps 70% of 500 = 350
    const q = ok(calculateResult(depositPlan(30), { at }))
    expect(q.items[0]!.nonRefundableAmount).toBe(350)
    expect(q.suggestedRefundAmount).toBe(50)
  })

  it("a refundable deposit keeps nothing, and no active policy leaves only the deposit", () => {
    expect(
      ok(
        calculateResult(
          ticketPlan({ depositRefundable: true, minimumDepositPerItem: { unit: "Currency", value: 100 } }),
          {
            at
          }
        )
      ).items[0]!.minNonRefundableDeposit
    ).toBe(0)
    const early = ok(calculateResult(depositPlan(30), { at: "2026-11-01T00:00:00Z" })).items[0]!
    expect([early.activeRefundPolicyIndex, early.nonRefundableAmount]).toEqual([-1, 200])
  })

  it("the suggested refund is never negative (R7.6)", () => {
    const q = ok(calculateResult({ ...depositPlan(30), totalPaymentsPaid: 100 }, { at }))
    expect([q.totalNonRefundableAmount, q.suggestedRefundAmount]).toEqual([350, 0])
  })
})

describe("merchant defaults (R2.2, R7.2)", () => {
  const merchant = {
    defaultMinDepositType: "Percentage",
    defaultMinDepositValue: 10,
    defaultRefundPolicies: [{ daysWithinRedemptionDate: 14, refundablePercentage: 20 }]
  }

  it("items without policies, or with an empty list, take the merchant's default policies", () => {
    const at = "2027-02-20T00:00:00+11:00" // 9 days before
    for (const refundPolicies of [undefined, null, []]) {
      const item = ok(calculateResult(ticketPlan({ refundPolicies }), { at, merchant })).items[0]!
      expect(item.activeRefundPolicyIndex).toBe(0)
      expect(item.refundPolicies).toEqual([
        {
          activeFrom: "2027-02-14T13:00:00.000Z",
          name: "20% refundable within 14 days of the redemption date",
          nonRefundableAmount: 400
        }
      ])
      expect(item.nonRefundableAmount).toBe(400)
    }
  })

  it("a non-refundable deposit without its own minimum takes the merchant's default", () => {
    const item = ok(calculateResult(ticketPlan({ depositRefundable: false }), { at: "2026-11-01T00:00:00Z", merchant }))
      .items[0]!
    expect(item.minNonRefundableDeposit).toBe(50) // 10% of 250, × 2
  })

  it("a hand-made configuration's default policies are checked", () => {
    const bad = { defaultRefundPolicies: [{ daysWithinRedemptionDate: -1, refundablePercentage: 20 }, null] } as never
    expect(issuesOf(calculateResult(ticketPlan(), { at: 0, merchant: bad }))).toEqual([
      "merchant.defaultRefundPolicies[0].daysWithinRedemptionDate:range",
      "merchant.defaultRefundPolicies[1]:type"
    ])
  })

  it("without defaults an item without policies is fully refundable", () => {
    const item = ok(calculateResult(ticketPlan({ refundPolicies: undefined }), { at: "2027-02-27T00:00:00Z" }))
      .items[0]!
    expect([item.activeRefundPolicyIndex, item.refundPolicies, item.nonRefundableAmount]).toEqual([-1, [], 0])
  })
})

describe("currencies and rounding (R1)", () => {
  it("rounds half-up to the currency's minor unit: zero-decimal and three-decimal currencies", () => {
    // 1001 JPY, 50% refundable: 500.5 → 501 refundable, 500 kept
    const jpy = {
      currencyCode: "JPY",
      totalPaymentsPaid: 1001,
      items: [{
        quantity: 1,
        costPerItem: 1001,
        redemptionDate: "2027-01-01",
        refundPolicies: [{ daysWithinRedemptionDate: 30, refundablePercentage: 50 }]
      }]
    }
    expect(ok(calculateResult(jpy, { at: "2026-12-15T00:00:00Z" })).totalNonRefundableAmount).toBe(500)
    // 1.001 KWD × 3 = 3.003, 33.33% refundable: 1.00089… → 1.001 refundable, 2.002 kept
    const kwd = {
      currencyCode: "KWD",
      totalPaymentsPaid: 3.003,
      items: [{
        quantity: 3,
        costPerItem: 1.001,
        redemptionDate: "2027-01-01",
        refundPolicies: [{ daysWithinRedemptionDate: 30, refundablePercentage: 33.33 }]
      }]
    }
    const q = ok(calculateResult(kwd, { at: "2026-12-15T00:00:00Z" }))
    expect([q.planTotalCost, q.totalNonRefundableAmount, q.suggestedRefundAmount]).toEqual([3.003, 2.002, 1.001])
  })

  it("the merchant's zero-decimal override changes the precision", () => {
    const merchant = { currencies: [{ currencyCode: "AUD", isZeroDecimal: true }] }
    expect(
      issuesOf(calculateResult({ ...ticketPlan(), totalPaymentsPaid: 400.5 }, { at: "2027-01-20T00:00:00Z", merchant }))
    ).toEqual(["totalPaymentsPaid:precision"])
  })
})

describe("plan records and totals", () => {
  it("reads a plan record: totalPaid, currency.currencyCode, minimumDepositPerItemType/Value", () => {
    const record = {
      id: "plan_1",
      status: "OnSchedule",
      currency: { currencyCode: "AUD" },
      totalPaid: 400,
      timeZone: "Australia/Sydney",
      items: [
        {
          id: "item_1",
          description: "Festival ticket",
          quantity: 2,
          costPerItem: 250,
          minimumDepositPerItemType: "currency",
          minimumDepositPerItemValue: 100,
          depositRefundable: false,
          redemptionDate: "2027-03-01T00:00:00+11:00",
          refundPolicies: [{ daysWithinRedemptionDate: 60, refundablePercentage: 90 }]
        }
      ]
    }
    const q = ok(calculateResult(record, { at: "2027-01-20T09:00:00+11:00" }))
    expect([
      q.totalPaymentsPaid,
      q.items[0]!.minNonRefundableDeposit,
      q.totalNonRefundableAmount,
      q.suggestedRefundAmount
    ]).toEqual([400, 200, 200, 200])
  })

  it("names items by id, else sku, else index; by name, else description, else sku", () => {
    const plan = {
      currencyCode: "AUD",
      totalPaymentsPaid: 0,
      items: [
        { id: 7, name: "A", description: "a", quantity: 1, costPerItem: 1, redemptionDate: "2027-01-01" },
        { sku: "SKU-2", quantity: 1, costPerItem: 1, redemptionDate: "2027-01-01" },
        { quantity: 1, costPerItem: 1, redemptionDate: "2027-01-01" }
      ]
    }
    expect(ok(calculateResult(plan, { at: 0 })).items.map((i) => [i.id, i.name])).toEqual([["7", "A"], [
      "SKU-2",
      "SKU-2"
    ], [
      "2",
      ""
    ]])
  })

  it("calculateTotalsResult gives the calculation's totals in minor units", () => {
    const at = "2027-01-20T09:00:00+11:00"
    expect(ok(calculateTotalsResult(ticketPlan(), { at }))).toEqual({
      currencyCode: "AUD",
      exponent: 2,
      planTotalCost: 50_000,
      totalPaymentsPaid: 40_000,
      totalNonRefundableAmount: 12_500,
      suggestedRefundAmount: 27_500
    })
  })
})

describe("invalid input (R4.6, R1.3, R3.1)", () => {
  it("reports every problem with its path, and never throws", () => {
    const result = calculateResult(
      {
        currencyCode: "AUS",
        totalPaymentsPaid: -1,
        items: [
          {
            quantity: 0,
            costPerItem: "5",
            redemptionDate: "2027-02-30",
            depositRefundable: "no",
            refundPolicies: [{ daysWithinRedemptionDate: 1.5, refundablePercentage: 101 }]
          },
          {
            quantity: 1,
            costPerItem: 10,
            redemptionDate: "2027-01-01",
            minimumDepositPerItem: { unit: "Percent", value: 5 }
          },
          null
        ]
      },
      { at: "yesterday", timeZone: "Mars/Olympus" }
    )
    expect(issuesOf(result)).toEqual([
      "at:format",
      "timeZone:time_zone",
      "currencyCode:unknown_currency",
      "totalPaymentsPaid:range",
      "items[0].quantity:range",
      "items[0].costPerItem:type",
      "items[0].depositRefundable:type",
      "items[0].redemptionDate:format",
      "items[0].refundPolicies[0].daysWithinRedemptionDate:format",
      "items[0].refundPolicies[0].refundablePercentage:range",
      "items[1].minimumDepositPerItem.unit:enum",
      "items[2]:type"
    ])
  })

  it("checks amounts against the currency's precision", () => {
    const plan = {
      ...ticketPlan({ costPerItem: 250.005, minimumDepositPerItem: { unit: "currency", value: 10.001 } }),
      totalPaymentsPaid: 1.234
    }
    expect(issuesOf(calculateResult(plan, { at: 0 }))).toEqual([
      "totalPaymentsPaid:precision",
      "items[0].costPerItem:precision",
      "items[0].minimumDepositPerItem.value:precision"
    ])
  })

  it("requires the instant, the currency, what was paid and at least one item", () => {
    expect(issuesOf(calculateResult({}, {} as never))).toEqual([
      "at:required",
      "currencyCode:required",
      "totalPaymentsPaid:required",
      "items:required"
    ])
    expect(issuesOf(calculateResult({ currencyCode: "AUD", totalPaymentsPaid: 0, items: [] }, { at: 0 }))).toEqual([
      "items:too_short"
    ])
    expect(issuesOf(calculateResult("plan", { at: 0 }))).toEqual([":type"])
  })
})

describe("calculateResult: each issue with its path, code, rule and message", () => {
  const item = { id: "t1", quantity: 1, costPerItem: 250, redemptionDate: "2027-03-01" }
  const plan = { currencyCode: "AUD", totalPaymentsPaid: 400, items: [item] }

  const issuesOf = (result: Result.Result<unknown, ValidationError>) =>
    Result.isFailure(result) ? result.failure.issues.map((i) => ({ ...i })) : []

  describe("R7.7 a policy's name and the day it comes into force", () => {
    it("R7.7: names a window of 0 days 'from the redemption date' and one of 1 day in the singular", () => {
      expect(policyName(0, 0)).toBe("0% refundable from the redemption date")
      expect(policyName(0, 25)).toBe("25% refundable from the redemption date")
      expect(policyName(1, 50)).toBe("50% refundable within 1 day of the redemption date")
      expect(policyName(2, 50)).toBe("50% refundable within 2 days of the redemption date")
    })

    it("R7.7: a calculation names its policies so", () => {
      const policies = [
        { daysWithinRedemptionDate: 1, refundablePercentage: 50 },
        { daysWithinRedemptionDate: 0, refundablePercentage: 0 }
      ]
      const calculated = ok(calculateResult({ ...plan, items: [{ ...item, refundPolicies: policies }] }, { at: 0 }))
      expect(calculated.items[0]!.refundPolicies.map((p) => [p.name, p.activeFrom])).toEqual([
        ["50% refundable within 1 day of the redemption date", "2027-02-28T00:00:00.000Z"],
        ["0% refundable from the redemption date", "2027-03-01T00:00:00.000Z"]
      ])
    })
  })

  describe("R3.1 the instant and the zone of a calculation", () => {
    it("R3.1: takes instants from the first of 0001 to the end of 9999, and refuses the millisecond either side", () => {
      for (const at of [FIRST_INSTANT, END_INSTANT - 1]) {
        expect(issuesOf(calculateResult(plan, { at })), String(at)).toEqual([])
      }
      for (const at of [FIRST_INSTANT - 1, END_INSTANT]) {
        expect(issuesOf(calculateResult(plan, { at })), String(at)).toEqual([
          {
            path: "at",
            code: "format",
            rule: "R3.1",
            message:
              `must be an instant between 0001 and 9999 (Date, epoch milliseconds or RFC 3339 date-time with offset), got ${at}`
          }
        ])
      }
    })

    it("R3.1: requires the instant", () => {
      expect(issuesOf(calculateResult(plan, {} as never))).toEqual([
        { path: "at", code: "required", rule: "R3.1", message: "is required: the instant of the calculation" }
      ])
    })

    it("R3.1: names whose zone is wrong: the option's, or the plan's", () => {
      expect(issuesOf(calculateResult(plan, { at: 0, timeZone: "Mars/Olympus" }))).toEqual([
        {
          path: "timeZone",
          code: "time_zone",
          rule: "R3.1",
          message: "must be an IANA time zone name, got \"Mars/Olympus\""
        }
      ])
      expect(issuesOf(calculateResult({ ...plan, timeZone: "Mars/Olympus" }, { at: 0 }))).toEqual([
        {
          path: "timeZone",
          code: "time_zone",
          rule: "R3.1",
          message: "(the plan's) must be an IANA time zone name, got \"Mars/Olympus\""
        }
      ])
    })
  })

  describe("R7.2 the merchant's default refund policies", () => {
    it("R7.2: a configuration without defaults (null) gives none; one whose defaults are not a list is refused", () => {
      expect(issuesOf(calculateResult(plan, { at: 0, merchant: { defaultRefundPolicies: null } as never }))).toEqual([])
      expect(issuesOf(calculateResult(plan, { at: 0, merchant: { defaultRefundPolicies: "none" } as never }))).toEqual([
        {
          path: "merchant.defaultRefundPolicies",
          code: "type",
          rule: "R7.2",
          message: "must be an array, got \"none\""
        }
      ])
    })
  })

  describe("R1.2, R1.3 the plan's currency and what was paid", () => {
    it("R1.2: a plan refused for its items still reports a second currency code that disagrees with its currencyCode", () => {
      expect(issuesOf(calculateResult({ ...plan, currency: { currencyCode: "NZD" }, items: [] }, { at: 0 }))).toEqual([
        { path: "items", code: "too_short", rule: "R4.1", message: "must have at least one item, got an empty array" },
        {
          path: "currency.currencyCode",
          code: "conflict",
          rule: "R1.2",
          message: "must be the plan's currencyCode \"AUD\", got \"NZD\": a plan has one currency"
        }
      ])
    })

    it("R1.3: a negative amount paid is out of range only, never also a precision problem", () => {
      expect(issuesOf(calculateResult({ ...plan, totalPaymentsPaid: -1.234 }, { at: 0 }))).toEqual([
        { path: "totalPaymentsPaid", code: "range", rule: "R1.3", message: "must not be negative, got -1.234" }
      ])
    })

    it("R1.2: a plan record's currency is named in the record's spelling", () => {
      const record = { id: "p", status: "OnSchedule", currency: { currencyCode: "XYZ" }, totalPaid: 1, items: [item] }
      expect(issuesOf(calculateResult(record, { at: 0 }))).toEqual([
        {
          path: "currency.currencyCode",
          code: "unknown_currency",
          rule: "R4.4",
          message: "must be an active ISO 4217 code in upper case, got \"XYZ\""
        }
      ])
    })
  })

  describe("R1.1 the plan's total within the largest exact amount", () => {
    const half = MAX_MINOR_UNITS / 2 / 100 // in AUD, two digits
    const at = { at: 0 }

    it("R1.1: items adding up to the largest exact amount are calculated; one minor unit more is refused", () => {
      const exact = {
        ...plan,
        totalPaymentsPaid: 0,
        items: [{ ...item, costPerItem: half }, { ...item, costPerItem: half }]
      }
      expect(ok(calculateResult(exact, at)).planTotalCost * 100).toBe(MAX_MINOR_UNITS)
      const over = { ...exact, items: [{ ...item, costPerItem: half }, { ...item, costPerItem: half + 0.01 }] }
      expect(issuesOf(calculateResult(over, at))).toEqual([
        { path: "items", code: "range", rule: "R1.1", message: "add up to more than the largest exact amount" }
      ])
    })
  })

  describe("R7.1 a plan valid as written is read as written", () => {
    it("R7.1: a record's field name beside the plan's own deposit is not read as the record's", () => {
      const both = {
        ...item,
        depositRefundable: false,
        minimumDepositPerItem: { unit: "currency", value: 50 },
        minimumDepositPerItemType: "percentage"
      }
      const calculated = ok(calculateResult({ ...plan, items: [both] }, { at: 0 }))
      expect([calculated.items[0]!.minNonRefundableDeposit, calculated.totalNonRefundableAmount]).toEqual([50, 50])
    })
  })
})
