/**
 * The plain functions for plan terms, through the package root.
 */
import { describe, expect, it } from "vitest"
import { computeResult } from "../../src/core/plan-terms/terms.ts"
import { computePlanTerms, validatePlanTermsRequest, ValidationError } from "../../src/index.ts"
import { exampleRequest, NOW } from "../fixtures.ts"

describe("computePlanTerms", () => {
  it("computes the terms and schedule of a checkout (R6), with the merchant read tolerantly (R9)", () => {
    const terms = computePlanTerms(
      exampleRequest(),
      {
        checkoutId: "chk_7Hq2LmX9",
        type: "plan",
        timeZone: "Australia/Sydney",
        installments: { cadence: { frequency: "Weekly", on: { dayOfWeek: "Monday" } } }
      },
      {
        now: "2026-11-22T09:30:00Z",
        merchant: { currencies: [{ currencyCode: "AUD", minimumPaymentAmount: "1", maximumPaymentAmount: "5000" }] }
      }
    )
    expect(terms.deposit).toEqual({ amount: 280, range: { min: 280, max: 1099 } })
    expect(terms.schedule[0]).toEqual({ installmentNumber: 1, date: "2026-11-22", amount: 280.06 })
    expect(terms.schedule).toHaveLength(12)
  })

  it("throws a ValidationError naming every issue", () => {
    let error: unknown
    try {
      computePlanTerms(exampleRequest(), {
        checkoutId: "c",
        type: "plan",
        timeZone: "Sydney",
        deposit: { amount: "lots" }
      } as never, { now: NOW })
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(ValidationError)
    expect((error as ValidationError).issues.map((i) => `${i.path}:${i.code}`)).toEqual([
      "deposit.amount:type",
      "timeZone:time_zone"
    ])
  })

  it("throws for a merchant configuration that is not an object", () => {
    expect(() =>
      computePlanTerms(exampleRequest(), { checkoutId: "c", type: "plan", timeZone: "UTC" }, {
        now: NOW,
        merchant: "AUD"
      })
    ).toThrow(ValidationError)
  })

  it("is computeResult under the Effect-native namespace", () => {
    const request = { checkoutId: "c", type: "plan", timeZone: "UTC" } as const
    const result = computeResult(exampleRequest(), request, { now: NOW })
    expect(result._tag === "Success" && result.success).toEqual(
      computePlanTerms(exampleRequest(), request, { now: NOW })
    )
  })
})

describe("validatePlanTermsRequest", () => {
  it("returns { ok: true, value, warnings } or { ok: false, issues, warnings }, never throws", () => {
    expect(validatePlanTermsRequest({ checkoutId: "c", type: "plan", timeZone: "UTC" })).toEqual({
      ok: true,
      value: { checkoutId: "c", type: "plan", timeZone: "UTC" },
      warnings: []
    })
    const bad = validatePlanTermsRequest({
      checkoutId: "c",
      type: "plan",
      timeZone: "Mars/Base",
      installments: { cadence: { frequency: "Daily" } }
    })
    expect(bad.ok).toBe(false)
    if (!bad.ok) {
      expect(bad.issues.map((i) => `${i.path}:${i.code}:${i.rule}`)).toEqual([
        "installments.cadence.frequency:enum:R6.2",
        "timeZone:time_zone:R3.1"
      ])
    }
    expect(validatePlanTermsRequest(null).ok).toBe(false)
  })
})
