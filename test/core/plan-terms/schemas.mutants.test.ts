/**
 * The plan-terms schemas' rule numbers and Effect entry points, which mutation testing found unchecked
 * (benchmarks/mutation.md): a schema's issue names the rule that governs the field, and each Effect
 * answers what its `…Result` twin answers.
 */
import { Effect, Result, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { issuesFromSchema } from "../../../src/core/internal/schema-issues.ts"
import { validateRequest, validateRequestResult } from "../../../src/core/plan-terms/request.ts"
import { PlanTerms } from "../../../src/core/plan-terms/response.ts"
import { compute, computeResult } from "../../../src/core/plan-terms/terms.ts"
import { exampleRequest, NOW } from "../../fixtures.ts"

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

  it("validateRequest answers what validateRequestResult answers, success and failure", () => {
    for (const input of [REQUEST, { ...REQUEST, checkoutId: "" }]) {
      const effect = Effect.runSync(Effect.result(validateRequest(input)))
      expect(effect).toEqual(validateRequestResult(input))
    }
  })
})

describe("R6 the plan terms' Effect", () => {
  it("compute answers what computeResult answers, success and failure", () => {
    const checkout = exampleRequest()
    for (const request of [REQUEST, { ...REQUEST, timeZone: "Nowhere/City" }]) {
      const effect = Effect.runSync(Effect.result(compute(checkout, request, { now: NOW })))
      expect(effect).toEqual(computeResult(checkout, request, { now: NOW }))
    }
  })
})

describe("R6 the strict plan terms (the sandbox's answer) name their rules", () => {
  const rulesOfTerms = (input: unknown) => {
    const result = Schema.decodeUnknownResult(PlanTerms as any)(input, { errors: "all", reportInput: true })
    return Result.isFailure(result)
      ? issuesFromSchema(result.failure.issue, "R6", PlanTerms.ast).issues.map(({ code, path, rule }) =>
        `${path} ${code} ${rule}`
      )
      : []
  }
  const terms = () => {
    const computed = computeResult(exampleRequest(), REQUEST, { now: NOW })
    if (Result.isFailure(computed)) throw new Error("the example checkout has terms")
    return JSON.parse(JSON.stringify(computed.success))
  }

  it("accepts the terms the engine computes", () => {
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
