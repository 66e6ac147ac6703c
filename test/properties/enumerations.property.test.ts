/**
 * Executable specification of "in any case" (R2.2 deposit units, R6.2 frequencies and weekday
 * names, R7.8 a Cancelled plan, R8.2 an Accepted deposit): every entry point that reads one of
 * the service's enumerations in any case reads it as the one reader does
 * (`internal/case-insensitive.ts`), and that reader folds ASCII letters only. The oracle is a
 * regular expression's `i` flag without `u`, an implementation of its own: it folds ASCII
 * letters and lets no other character (the Kelvin sign, a dotted İ) stand in for one.
 */
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { Accumulator } from "../../src/adapters/cli/exposure/accumulate.ts"
import { localSettings } from "../../src/adapters/cli/exposure/run.ts"
import { depositUnit, MINIMUM_DEPOSIT_UNITS, MinimumDeposit } from "../../src/core/deposit/minimum-deposit.ts"
import { caseInsensitive } from "../../src/core/internal/case-insensitive.ts"
import { Cadence, FREQUENCIES, frequencyOf, weekdayOf, WEEKDAYS } from "../../src/core/plan-terms/request.ts"
import { createResult } from "../../src/core/plan/create.ts"
import { PLAN_STATUSES } from "../../src/core/plan/record.ts"
import { validateCancelRequestResult } from "../../src/core/refund/cancel.ts"
import { decideDeposit } from "../../src/core/verification/deposit-decision.ts"
import { DEPOSIT_STATUSES } from "../../src/core/verification/response.ts"
import { examplePlan, exampleTerms } from "../core/plan/fixtures.ts"
import { exampleRequest, NOW } from "../fixtures.ts"

/** The oracle: the listed value `text` spells under a regular expression's ASCII case folding. */
const oracle = <V extends string>(values: ReadonlyArray<V>, text: string): V | undefined =>
  values.find((value) => new RegExp(`^${value}$`, "i").test(text))

// characters that are, or fold like, letters of the values without being ASCII letters
const LOOKALIKES = ["\u212a", "\u0130", "\u0131", "\u017f", "\u00e9", " ", "", "x", "\u0000"]

/** Text that spells one of `values` or nearly does: any case, one character replaced, padded; or any text. */
const spellings = (values: ReadonlyArray<string>) => {
  const value = fc.constantFrom(...values)
  const anyCase = value.chain((v) =>
    fc.array(fc.boolean(), { minLength: v.length, maxLength: v.length }).map((upper) =>
      [...v].map((c, i) => (upper[i] ? c.toUpperCase() : c.toLowerCase())).join("")
    )
  )
  const nearMiss = fc.tuple(anyCase, fc.nat(), fc.constantFrom(...LOOKALIKES)).map(([v, at, c]) => {
    const i = at % v.length
    return v.slice(0, i) + c + v.slice(i + 1)
  })
  const kelvin = anyCase.map((v) => v.replace(/k/gi, "\u212a"))
  const padded = fc.tuple(anyCase, fc.constantFrom(" ", "\t", "\n", "s")).map(([v, pad]) => `${v}${pad}`)
  return fc.oneof(anyCase, anyCase, nearMiss, kelvin, padded, fc.string({ maxLength: 12 }))
}

const ENUMERATIONS = {
  "deposit units (R2.2)": MINIMUM_DEPOSIT_UNITS,
  "frequencies (R6.2)": FREQUENCIES,
  "weekday names (R6.2)": WEEKDAYS,
  "plan statuses (R7.8)": PLAN_STATUSES,
  "deposit statuses (R8.2)": DEPOSIT_STATUSES
} as const

const valid = (schema: Schema.Top, input: unknown) =>
  Result.isSuccess(Schema.decodeUnknownResult(schema as Schema.Codec<unknown, unknown>)(input))

describe("R2.2, R6.2, R7.8, R8.2: the service's enumerations are read in any case, by one reader", () => {
  for (const [name, values] of Object.entries(ENUMERATIONS)) {
    it(`the one reader answers the oracle's canonical spelling: ${name}`, () => {
      const read = caseInsensitive(values)
      fc.assert(
        fc.property(spellings(values), (text) => {
          expect(read(text)).toBe(oracle(values, text))
        })
      )
    })
  }

  it("R2.2: a deposit unit: the schema's check, depositUnit and the plan record all read it as the oracle", () => {
    fc.assert(
      fc.property(spellings(MINIMUM_DEPOSIT_UNITS), (unit) => {
        const canonical = oracle(MINIMUM_DEPOSIT_UNITS, unit)
        expect(valid(MinimumDeposit, { unit, value: 10 })).toBe(canonical !== undefined)
        expect(depositUnit(unit)).toBe(canonical?.toLowerCase())
        const request = exampleRequest()
        const item = { ...request.items[1]!, minimumDepositPerItem: { unit, value: 10 } }
        const plan = createResult({ ...request, items: [request.items[0]!, item] }, exampleTerms(), {
          now: NOW,
          planId: "p"
        })
        expect(Result.isSuccess(plan)).toBe(canonical !== undefined)
        if (Result.isSuccess(plan)) expect(plan.success.items[1]!.minimumDepositPerItemType).toBe(canonical)
      }),
      { numRuns: 200 }
    )
  })

  it("R6.2: a frequency and a weekday name: the cadence's checks, frequencyOf and weekdayOf read them as the oracle", () => {
    fc.assert(
      fc.property(spellings(FREQUENCIES), spellings(WEEKDAYS), (frequency, dayOfWeek) => {
        const canonicalFrequency = oracle(FREQUENCIES, frequency)
        const canonicalWeekday = oracle(WEEKDAYS, dayOfWeek)
        expect(frequencyOf(frequency)).toBe(canonicalFrequency)
        expect(weekdayOf(dayOfWeek)).toBe(
          canonicalWeekday === undefined ? undefined : WEEKDAYS.indexOf(canonicalWeekday)
        )
        expect(valid(Cadence, { frequency })).toBe(canonicalFrequency !== undefined)
        expect(valid(Cadence, { on: { dayOfWeek } })).toBe(canonicalWeekday !== undefined)
      })
    )
  })

  it("R7.8: a plan whose status spells Cancelled is refused a cancellation, and the exposure report counts it apart", () => {
    const plan = examplePlan()
    const request = { planId: plan.id, cancellationReason: "Other", refundableAmount: 0 }
    fc.assert(
      fc.property(spellings(PLAN_STATUSES), (status) => {
        const cancelled = oracle(PLAN_STATUSES, status) === "Cancelled"
        const checked = validateCancelRequestResult({ ...plan, status }, request)
        const conflicts = Result.isFailure(checked)
          ? checked.failure.issues.filter((i) => i.path === "plan.status" && i.code === "conflict")
          : []
        expect(conflicts.length).toBe(cancelled ? 1 : 0)
        if (status === "") return // the report refuses a line without a status
        const report = new Accumulator(
          localSettings({ at: Date.parse(NOW), timeZone: undefined, merchant: undefined, top: 1, timeline: undefined })
        )
        expect(report.line(JSON.stringify({ ...plan, status }), 1)).toBeUndefined()
        expect(report.currencies.get("AUD")!.cancelledPlans).toBe(cancelled ? 1 : 0)
      }),
      { numRuns: 200 }
    )
  })

  it("R8.2: a deposit whose status spells Accepted lets the merchant allocate", () => {
    fc.assert(
      fc.property(spellings(DEPOSIT_STATUSES), (status) => {
        const retrieved = { id: "chk_1", plan: { id: "p", currencyCode: "AUD", deposit: { status, amount: 10 } } }
        expect(decideDeposit(retrieved, { checkoutId: "chk_1" }).allocate).toBe(
          oracle(DEPOSIT_STATUSES, status) === "Accepted"
        )
      })
    )
  })
})
