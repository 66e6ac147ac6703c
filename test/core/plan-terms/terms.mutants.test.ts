/**
 * Plan terms' inputs: the rules' edges that mutation testing found unchecked (benchmarks/mutation.md).
 * `now` (R3.1) and `depositStrategy` (R6.7) are checked as the request and the checkout are, each issue
 * with its path, code, rule and message, a bad option alone enough to refuse; a checkout response names the
 * checkout the request names (R6); a requested deposit beyond exact range is refused (R1.1), except for
 * PayInFull, whose deposit is the total whatever the request asks (R6.8).
 */
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import type { ValidationError } from "../../../src/core/foundation/issues.ts"
import { computeResult } from "../../../src/core/plan-terms/terms.ts"

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
