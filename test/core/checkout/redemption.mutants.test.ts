/**
 * R4.6's "after now" for a redemption date-time found unchecked while measuring the suite with mutation
 * testing (benchmarks/mutation.md): an instant must be strictly later than `now`.
 */
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { validateRequestResult } from "../../../src/core/checkout/request.ts"
import { exampleRequest, NOW } from "../../fixtures.ts"

const withRedemption = (redemptionDate: string) => {
  const example = exampleRequest()
  return { ...example, items: [{ ...example.items[0], redemptionDate }] }
}

describe("R4.6 a redemption date-time after now", () => {
  it("R4.6: a redemption at now itself is past_date; a millisecond later is after now", () => {
    const at = validateRequestResult(withRedemption("2026-11-22T00:00:00Z"), { now: NOW })
    expect(Result.isFailure(at) && at.failure.issues).toEqual([
      { path: "items[0].redemptionDate", code: "past_date", rule: "R4.6", message: "must be after now" }
    ])
    const after = validateRequestResult(withRedemption("2026-11-22T00:00:00.001Z"), { now: NOW })
    expect(Result.isSuccess(after)).toBe(true)
  })
})
