/**
 * The strict plan terms (what this library's sandbox answers, R6): each issue names the rule that governs
 * the field.
 */
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { PlanTerms } from "../../../src/core/plan-terms/response.ts"
import { computeResult } from "../../../src/core/plan-terms/terms.ts"
import { decodeIssues, rulesOf } from "../../decode.ts"
import { exampleRequest, NOW } from "../../fixtures.ts"

const REQUEST = { checkoutId: "chk_1", type: "plan", timeZone: "Australia/Sydney" } as const

describe("R6 the strict plan terms (the sandbox's answer) name their rules", () => {
  const rulesOfTerms = (input: unknown) => rulesOf(decodeIssues(PlanTerms, input, { rule: "R6", strict: false }))
  const terms = () => {
    const computed = computeResult(exampleRequest(), REQUEST, { now: NOW })
    if (Result.isFailure(computed)) throw new Error("the example checkout has terms")
    return JSON.parse(JSON.stringify(computed.success))
  }

  it("R6: accepts the terms the engine computes", () => {
    expect(rulesOfTerms(terms())).toEqual([])
  })

  it("R6.9: a payment numbered 0; R6.3: a negative instalment count", () => {
    const t = terms()
    t.schedule[0].installmentNumber = 0
    t.installments.count = -1
    expect(rulesOfTerms(t)).toEqual(["installments.count range R6.3", "schedule[0].installmentNumber range R6.9"])
  })

  it("R6.2: a monthly cadence on day 32", () => {
    const t = terms()
    t.installments.cadence = { frequency: "Monthly", on: { dayOfMonth: 32 } }
    expect(rulesOfTerms(t)).toContain("installments.cadence.on.dayOfMonth range R6.2")
  })
})
