/**
 * The plan-terms kernel (kernel.ts) is Schema-free and is what computeResult computes with:
 * bundled alone it carries no module of effect, and it answers what computeResult answers.
 */
import * as Result from "effect/Result"
import { build } from "esbuild"
import { readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { MAX_MINOR_UNITS } from "../../../src/core/foundation/money.ts"
import * as Time from "../../../src/core/foundation/time/index.ts"
import { paymentBounds, planDayOrIssue, termsInMinorUnits, termsOf } from "../../../src/core/plan-terms/kernel.ts"
import { computeResult } from "../../../src/core/plan-terms/terms.ts"
import type { ComputeInputs } from "../../../src/core/plan-terms/terms.ts"
import { exampleRequest, NOW } from "../../fixtures.ts"
import { checkout, request } from "./fixtures.ts"

const ROOT = fileURLToPath(new URL("../../../", import.meta.url))

/** The files that put bytes into a minified bundle of `names` from the kernel. */
const bundledInputs = async (names: string): Promise<Array<string>> => {
  const result = await build({
    stdin: { contents: `export { ${names} } from "./src/core/plan-terms/kernel.ts"`, resolveDir: ROOT, loader: "ts" },
    bundle: true,
    write: false,
    format: "esm",
    minify: true,
    metafile: true,
    logLevel: "silent"
  })
  return Object.values(result.metafile.outputs).flatMap((output) =>
    Object.entries(output.inputs).filter(([, used]) => used.bytesInOutput > 0).map(([path]) => path)
  )
}

describe("the plan-terms kernel", () => {
  it("bundles without effect: no Schema, no DateTime (the element's budget rests on it)", async () => {
    const inputs = await bundledInputs("termsOf, planDayOrIssue, requestedDeposit, paymentBounds")
    // Stryker's mutation runs instrument a mutated module (every function body behind a mutant
    // switch), which keeps its unused imports from being shaken out: the budget is the build's, not theirs
    const instrumented = inputs.some((path) =>
      !path.includes("node_modules") && readFileSync(`${ROOT}${path}`, "utf8").includes("stryMutAct_9fa48")
    )
    if (!instrumented) expect(inputs.filter((path) => path.includes("node_modules"))).toEqual([])
    expect(inputs.some((path) => path.endsWith("kernel.ts"))).toBe(true)
  }, 30_000)

  it("R6: termsOf from inputs read by hand answers what computeResult answers for the example checkout", () => {
    const now = Date.parse("2026-11-22T09:30:00Z")
    const request = exampleRequest()
    const computed = computeResult(request, {
      checkoutId: "chk_1",
      type: "plan",
      timeZone: "Australia/Sydney",
      installments: { cadence: { frequency: "fortnightly", on: { dayOfWeek: "friday" } } }
    }, { now })
    if (Result.isFailure(computed)) throw new Error("the example checkout has terms")
    const planDay = planDayOrIssue(now, "Australia/Sydney")
    if (typeof planDay !== "number") throw new Error("a plan date")
    const terms = termsOf({
      planType: "Installment",
      checkout: {
        id: undefined,
        currencyCode: "AUD",
        exponent: 2,
        totalCost: Math.round(computed.success.totalCost * 100),
        totalMinimumDeposit: 28000,
        completionDay: Math.min(
          ...request.items.map((item) =>
            Time.parseDate(item.redemptionDate.slice(0, 10))! - (item.paymentDeadline ?? 0)
          )
        ),
        redirectURL: request.redirectURL
      },
      planDay,
      cadence: { frequency: "fortnightly", on: { dayOfWeek: "friday" } },
      bounds: paymentBounds(undefined, "AUD", 2),
      requested: undefined,
      strategy: "minimum"
    })
    expect(terms).toEqual(computed.success)
  })

  it("R3.1: a plan date outside 0001..9999 in the zone is an issue, not millions of dates", () => {
    expect(planDayOrIssue(Date.parse("9999-12-31T23:00:00Z"), "Pacific/Kiritimati")).toMatchObject({
      path: "now",
      code: "range",
      rule: "R3.1"
    })
  })
})

const computed = (input: unknown, req: unknown, options: Partial<ComputeInputs> = {}) =>
  computeResult(input, req, { now: NOW, ...options })

const terms = (input: unknown, req: unknown, options: Partial<ComputeInputs> = {}) => {
  const result = computed(input, req, options)
  if (Result.isFailure(result)) throw new Error(JSON.stringify(result.failure.issues))
  return result.success
}

const aud = (settings: Record<string, unknown>) => ({ currencies: [{ currencyCode: "AUD", ...settings }] })

const day = (date: string) => Time.parseDate(date)!

describe("R6.4, R9: the merchant's payment bounds, read tolerantly", () => {
  it("R6.4: a maximumPaymentAmount of 0 counts as none: the example's range and terms are those without a configuration", () => {
    const merchant = aud({ minimumPaymentAmount: 0.01, maximumPaymentAmount: 0 })
    expect(paymentBounds(merchant, "AUD", 2)).toEqual({ minimum: 1, maximum: undefined })
    const t = terms(exampleRequest(), request(), { merchant })
    expect(t.deposit.range).toEqual({ min: 280, max: 1099.99 })
    expect(t.installments.validation).toEqual([])
    expect(t).toEqual(terms(exampleRequest(), request()))
  })

  it("R6.4, R9: negative amounts beyond the exact range count as none: a minimum of one minor unit, no maximum", () => {
    const merchant = aud({ minimumPaymentAmount: -1e300, maximumPaymentAmount: -1e300 })
    expect(paymentBounds(merchant, "AUD", 2)).toEqual({ minimum: 1, maximum: undefined })
    expect(terms(exampleRequest(), request(), { merchant })).toEqual(terms(exampleRequest(), request()))
  })

  it("R6.4, R1.5: a configured amount with more digits than the currency is rounded half-up (10.005 → 10.01, 10.004 → 10.00)", () => {
    expect(paymentBounds(aud({ minimumPaymentAmount: 10.005, maximumPaymentAmount: 500.004 }), "AUD", 2)).toEqual({
      minimum: 1001,
      maximum: 50000
    })
    // R6.5 with a minimum of 10.01: 80 over 8 weekly dates is 10.00 < 10.01, so 7 remain: 80 / 7 = 11.42, 0.06 over
    const t = terms(checkout(100, 20, "2027-02-07"), request(), { merchant: aud({ minimumPaymentAmount: 10.005 }) })
    expect(t.deposit.range).toEqual({ min: 20, max: 89.99 })
    expect(t.installments).toMatchObject({ amount: 11.42, remainder: 0.06, count: 7, validation: [] })
    expect(t.schedule[0]).toEqual({ installmentNumber: 1, date: "2026-11-22", amount: 20.06 })
  })

  it("R6.4, R1.1: a configured amount beyond the largest exact amount (2^51 minor units) reads as that amount", () => {
    expect(paymentBounds(aud({ minimumPaymentAmount: 1e300, maximumPaymentAmount: 1e300 }), "AUD", 2)).toEqual({
      minimum: MAX_MINOR_UNITS,
      maximum: MAX_MINOR_UNITS
    })
    // range.min = 2^51 minor units; range.max = max(0, 1100 − 2^51 / 100) = 0
    const t = terms(exampleRequest(), request(), { merchant: aud({ minimumPaymentAmount: 1e300 }) })
    expect(t.deposit.range).toEqual({ min: MAX_MINOR_UNITS / 100, max: 0 })
  })
})

describe("R6.4, R6.7: the deposit", () => {
  it("R6.4: the request's deposit is the deposit also when the range's minimum is one minor unit (no minimum deposit)", () => {
    // 100 AUD, no minimum deposit, 11 weekly dates to 2027-02-07: range { 0.01, 99.99 }
    const asked = terms(checkout(100, 0, "2027-02-07"), request({ deposit: { amount: 30 } }))
    expect(asked.deposit).toEqual({ amount: 30, range: { min: 0.01, max: 99.99 } })
    // 70 over 11 = 6.36, remainder 70 − 69.96 = 0.04
    expect(asked.installments).toMatchObject({ amount: 6.36, remainder: 0.04, count: 11, validation: [] })
    expect(asked.schedule[0]).toEqual({ installmentNumber: 1, date: "2026-11-22", amount: 30.04 })
  })

  it("R6.4, R6.7: minimum takes range.min when it is one minor unit: 0.01, then 99.99 over 11 = 9.09", () => {
    const t = terms(checkout(100, 0, "2027-02-07"), request())
    expect(t.deposit.amount).toBe(0.01)
    expect(t.installments).toMatchObject({ amount: 9.09, remainder: 0, count: 11, validation: [] })
    expect(t.schedule[0]).toEqual({ installmentNumber: 1, date: "2026-11-22", amount: 0.01 })
  })

  it("R6.7: even equal to range.min is used: 100.03 over 4 payments is 25 each, 0.03 (= count minor units) with the first", () => {
    // three weekly dates to 2026-12-13; minimum deposit 25, so range.min = 25 = trunc(100.03 / 4)
    const t = terms(checkout(100.03, 25, "2026-12-13"), request(), { depositStrategy: "even" })
    expect(t.deposit.amount).toBe(25)
    expect(t.installments).toMatchObject({ amount: 25, remainder: 0.03, count: 3, validation: [] })
    expect(t.schedule.map((p) => p.amount)).toEqual([25.03, 25, 25, 25])
  })
})

describe("R6.6: installments.above_maximum_payment", () => {
  it("R6.6: a payment equal to maximumPaymentAmount is not above it (PayInFull of 1100 with a maximum of 1100)", () => {
    const t = terms(exampleRequest(), request({ planType: "PayInFull" }), {
      merchant: aud({ maximumPaymentAmount: 1100 })
    })
    expect(t.installments.validation).toEqual([])
    expect(t.schedule).toEqual([{ installmentNumber: 1, date: "2026-11-22", amount: 1100 }])
  })

  it("R6.6: instalments equal to maximumPaymentAmount are not above it (2000 less 100 over 2 dates = 950, maximum 950)", () => {
    const t = terms(checkout(2000, 100, "2026-12-06"), request(), { merchant: aud({ maximumPaymentAmount: 950 }) })
    expect(t.installments).toMatchObject({ amount: 950, remainder: 0, count: 2, validation: [] })
  })

  it("R6.6: with no instalment (count 0) only the first payment is held against the maximum", () => {
    // Bounds as given to the public termsInMinorUnits: no date, so no instalment whose amount (0) could be
    // above a maximum; the first payment, −20, is not above −10. The deposit (range.min 1) is above
    // range.max 0, and the count is 0.
    expect(
      termsInMinorUnits({
        planType: "Installment",
        totalCost: -20,
        totalMinimumDeposit: 0,
        bounds: { minimum: 1, maximum: -10 },
        deposit: undefined,
        strategy: "minimum",
        dateCount: 0
      }).problems
    ).toEqual(["deposit.above_maximum", "installments.unavailable"])
  })
})

describe("R1.1: the request's deposit within the exact range", () => {
  it("R1.1: a deposit beyond the largest exact amount is an issue at deposit.amount", () => {
    const result = computed(exampleRequest(), request({ deposit: { amount: 1e300 } }))
    expect(Result.isFailure(result) && result.failure.issues.map((i) => ({ ...i }))).toEqual([
      { path: "deposit.amount", code: "range", rule: "R1.1", message: "is beyond the largest exact amount: 1e+300" }
    ])
  })
})

describe("R6.1, R3.1: the first and the last plan date", () => {
  it("R6.1: 0001-01-01 is a plan date: a weekly plan from that Monday", () => {
    const t = terms(checkout(100, 20, "0001-01-29"), request(), { now: "0001-01-01T00:00:00Z" })
    expect(t.schedule).toEqual([
      { installmentNumber: 1, date: "0001-01-01", amount: 20 },
      { installmentNumber: 2, date: "0001-01-08", amount: 20 },
      { installmentNumber: 3, date: "0001-01-15", amount: 20 },
      { installmentNumber: 4, date: "0001-01-22", amount: 20 },
      { installmentNumber: 5, date: "0001-01-29", amount: 20 }
    ])
  })

  it("R6.1, R3.1: 9999-12-31 is a plan date; the next instant is the range issue at now", () => {
    expect(planDayOrIssue(Date.parse("9999-12-31T23:59:59.999Z"), "UTC")).toBe(day("9999-12-31"))
    expect(planDayOrIssue(Date.parse("9999-12-31T00:00:00Z"), "UTC")).toBe(day("9999-12-31"))
    expect(planDayOrIssue(Date.parse("+010000-01-01T00:00:00Z"), "UTC")).toEqual({
      path: "now",
      code: "range",
      rule: "R3.1",
      message: "must fall between 0001-01-01 and 9999-12-31 in the request's time zone"
    })
    expect(planDayOrIssue(Date.parse("0000-12-31T23:59:59.999Z"), "UTC")).toMatchObject({ path: "now", rule: "R3.1" })
  })
})

describe("R6.8: PayInFull", () => {
  it("R6.8: termsOf ignores a rounded request deposit under PayInFull: no deposit.precision entry, as computeResult", () => {
    const t = termsOf({
      planType: "PayInFull",
      checkout: {
        id: undefined,
        currencyCode: "AUD",
        exponent: 2,
        totalCost: 110_000,
        totalMinimumDeposit: 28_000,
        completionDay: day("2027-02-11"),
        redirectURL: undefined
      },
      planDay: day("2026-11-22"),
      cadence: undefined,
      bounds: paymentBounds(undefined, "AUD", 2),
      // 300.005 AUD rounded half-up (R6.6)
      requested: { deposit: 30_001, rounded: true },
      strategy: "minimum"
    })
    expect(t.deposit.amount).toBe(1100)
    expect(t.installments).toMatchObject({ amount: 0, remainder: 0, count: 0, validation: [] })
    expect(t.schedule).toEqual([{ installmentNumber: 1, date: "2026-11-22", amount: 1100 }])
    const { redirectURL: _, ...computedTerms } = terms(
      exampleRequest(),
      request({ planType: "PayInFull", deposit: { amount: 300.005 } })
    )
    expect(t).toEqual(computedTerms)
  })
})
