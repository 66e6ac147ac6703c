/**
 * The compute-plan-terms request, validated strictly (R6.2, R3.1, R1.3).
 */
import { Effect, Result } from "effect"
import { describe, expect, it } from "vitest"
import {
  validateRequest,
  validateRequestResult,
  validateRequestResult as validatePlanTermsRequestResult
} from "../../../src/core/plan-terms/request.ts"

const issuesOf = (input: unknown) => {
  const result = validatePlanTermsRequestResult(input)
  return Result.isFailure(result) ? result.failure.issues.map((i) => `${i.path}:${i.code}:${i.rule}`) : []
}

describe("validatePlanTermsRequestResult", () => {
  it("accepts the description's request: cadence Weekly on a weekday, a deposit, a zone", () => {
    const request = {
      checkoutId: "chk_7Hq2LmX9",
      type: "plan",
      planType: "Installment",
      deposit: { amount: 280 },
      installments: { cadence: { frequency: "Weekly", on: { dayOfWeek: "Monday" } } },
      timeZone: "Australia/Sydney"
    }
    const result = validatePlanTermsRequestResult(request)
    expect(Result.isSuccess(result) && result.success).toEqual({ value: request, warnings: [] })
  })

  it("R6.2: frequency and weekday in any case; dayOfMonth 1 and 31 are bounds", () => {
    for (
      const cadence of [
        { frequency: "FORTNIGHTLY", on: { dayOfWeek: "friday" } },
        { frequency: "monthly", on: { dayOfMonth: 1 } },
        { frequency: "Monthly", on: { dayOfMonth: 31 } },
        {}
      ]
    ) {
      expect(issuesOf({ checkoutId: "c", type: "plan", timeZone: "UTC", installments: { cadence } })).toEqual([])
    }
  })

  it("reports every problem at once, each with its path, code and rule", () => {
    expect(
      issuesOf({
        checkoutId: "",
        type: "plans",
        planType: "Layby",
        deposit: { amount: "300" },
        installments: { cadence: { frequency: "Daily", on: { dayOfWeek: "Funday", dayOfMonth: 32 } } },
        timeZone: "Sydney"
      })
    ).toEqual([
      "checkoutId:too_short:R6",
      "type:enum:R6",
      "planType:enum:R6",
      "deposit.amount:type:R6",
      "installments.cadence.frequency:enum:R6.2",
      "installments.cadence.on.dayOfWeek:enum:R6.2",
      "installments.cadence.on.dayOfMonth:range:R6.2",
      "timeZone:time_zone:R3.1"
    ])
  })

  it("R6.2: a day of month outside 1..31 or not whole; R1.3: a negative deposit; NaN is not a number", () => {
    expect(
      issuesOf({ checkoutId: "c", type: "plan", timeZone: "UTC", installments: { cadence: { on: { dayOfMonth: 0 } } } })
    ).toEqual([
      "installments.cadence.on.dayOfMonth:range:R6.2"
    ])
    expect(
      issuesOf({
        checkoutId: "c",
        type: "plan",
        timeZone: "UTC",
        installments: { cadence: { on: { dayOfMonth: 15.5 } } }
      })
    ).toEqual([
      "installments.cadence.on.dayOfMonth:format:R6.2"
    ])
    expect(issuesOf({ checkoutId: "c", type: "plan", timeZone: "UTC", deposit: { amount: -1 } })).toEqual([
      "deposit.amount:range:R1.3"
    ])
    expect(issuesOf({ checkoutId: "c", type: "plan", timeZone: "UTC", deposit: { amount: Number.NaN } })).toEqual([
      "deposit.amount:type:R6"
    ])
  })

  it("R3.1: the zone must be an IANA name, not an offset or an abbreviation", () => {
    for (const timeZone of ["+10:00", "AEST", "Mars/Olympus", ""]) {
      expect(issuesOf({ checkoutId: "c", type: "plan", timeZone })).toEqual(["timeZone:time_zone:R3.1"])
    }
  })

  it("requires checkoutId, type and timeZone; unknown fields are warnings and left out", () => {
    expect(issuesOf({})).toEqual(["checkoutId:required:R6", "type:required:R6", "timeZone:required:R6"])
    const result = validatePlanTermsRequestResult({ checkoutId: "c", type: "plan", timeZone: "UTC", colour: "red" })
    expect(Result.isSuccess(result) && result.success).toEqual({
      value: { checkoutId: "c", type: "plan", timeZone: "UTC" },
      warnings: [{
        path: "colour",
        code: "unknown_field",
        rule: "R10.2",
        message: "is not a field of this resource and was left out"
      }]
    })
  })

  it("never throws on input of the wrong shape", () => {
    for (
      const input of [null, undefined, 42, "plan", [], { installments: [] }, { installments: { cadence: "weekly" } }]
    ) {
      expect(issuesOf(input).length).toBeGreaterThan(0)
    }
  })
})

const REQUEST = { checkoutId: "chk_1", type: "plan", timeZone: "Australia/Sydney" } as const

const rulesOf = (input: unknown) => {
  const result = validateRequestResult(input)
  return Result.isFailure(result) ? result.failure.issues.map(({ code, path, rule }) => `${path} ${code} ${rule}`) : []
}

describe("R6 the plan-terms request names its rules", () => {
  it("R6: a missing checkout id is the request's rule", () => {
    expect(rulesOf({ type: "plan", timeZone: "UTC" })).toEqual(["checkoutId required R6"])
  })

  it("R6.2: a cadence that is not an object is the cadence's rule", () => {
    expect(rulesOf({ ...REQUEST, installments: { cadence: 5 } })).toEqual(["installments.cadence type R6.2"])
  })

  it("R6: validateRequest answers what validateRequestResult answers, success and failure", () => {
    for (const input of [REQUEST, { ...REQUEST, checkoutId: "" }]) {
      const effect = Effect.runSync(Effect.result(validateRequest(input)))
      expect(effect).toEqual(validateRequestResult(input))
    }
  })
})
