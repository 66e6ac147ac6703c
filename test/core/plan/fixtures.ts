/** A plan built from the description's checkout example, shared by the plan tests. */
import { Result } from "effect"
import { type CreatePlanOptions, createResult } from "../../../src/core/plan/create.ts"
import type { Plan } from "../../../src/core/plan/record.ts"
import { exampleRequest, NOW } from "../../fixtures.ts"

/** Terms for the example checkout (total 1100, minimum deposit 280): 280 now, then 4 × 205 weekly. */
export const exampleTerms = () => ({
  type: "plan",
  planType: "Installment",
  installments: { amount: 205, remainder: 0, count: 4, cadence: { frequency: "Weekly", on: { dayOfWeek: "Sunday" } } },
  totalCost: 1100,
  currencyCode: "AUD",
  schedule: [
    { installmentNumber: 1, date: "2026-11-22", amount: 280 },
    { installmentNumber: 2, date: "2026-11-29", amount: 205 },
    { installmentNumber: 3, date: "2026-12-06", amount: 205 },
    { installmentNumber: 4, date: "2026-12-13", amount: 205 },
    { installmentNumber: 5, date: "2026-12-20", amount: 205 }
  ]
})

export const examplePlan = (options: Partial<CreatePlanOptions> = {}): Plan => {
  const result = createResult(exampleRequest(), exampleTerms(), { now: NOW, planId: "plan_1", ...options })
  if (Result.isFailure(result)) throw result.failure
  return result.success
}

export const unwrap = <A, E>(result: Result.Result<A, E>): A => {
  if (Result.isFailure(result)) throw new Error(`expected success, got ${String(result.failure)}`)
  return result.success
}

export const failure = <A, E>(result: Result.Result<A, E>): E => {
  if (Result.isSuccess(result)) throw new Error("expected a failure")
  return result.failure
}
