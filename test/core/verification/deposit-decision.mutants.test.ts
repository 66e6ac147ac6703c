/**
 * R8.2's edges that mutation testing found unchecked (benchmarks/mutation.md): a deposit or status
 * the service leaves out or sends as null is not accepted, not malformed (R9 reads null as absent);
 * the status must be the whole word; the currency is the plan's, else the response's own.
 */
import { describe, expect, it } from "vitest"
import { decideDeposit } from "../../../src/core/verification/index.ts"

const expected = { checkoutId: "chk_1" }
const withPlan = (plan: Record<string, unknown>, top: Record<string, unknown> = {}) => ({ id: "chk_1", ...top, plan })

describe("R8.2 the deposit decision on what the response leaves out (R9)", () => {
  it("refuses a plan without a deposit, or with a null one, as not accepted", () => {
    expect(decideDeposit(withPlan({ id: "plan_1" }), expected)).toEqual({ allocate: false, reason: "not_accepted" })
    expect(decideDeposit(withPlan({ deposit: null }), expected)).toEqual({ allocate: false, reason: "not_accepted" })
  })

  it("refuses a deposit with a null status as not accepted, and a deposit that is not an object as malformed", () => {
    expect(decideDeposit(withPlan({ deposit: { status: null } }), expected)).toEqual({
      allocate: false,
      reason: "not_accepted"
    })
    expect(decideDeposit(withPlan({ deposit: "Accepted" }), expected)).toEqual({
      allocate: false,
      reason: "malformed_response"
    })
  })
})

describe("R8.2 the status is the whole word Accepted", () => {
  it("refuses a status that only starts or ends with it", () => {
    for (const status of ["NotAccepted", "unaccepted", "Accepted-pending", "acceptedx", "Accepted\n"]) {
      expect(decideDeposit(withPlan({ deposit: { status } }), expected), status).toEqual({
        allocate: false,
        reason: "not_accepted"
      })
    }
  })
})

describe("R8.2 the currency: the plan's, else the response's own", () => {
  const accepted = { deposit: { status: "Accepted" } }

  it("checks the response's top-level currencyCode when the plan has none", () => {
    const retrieved = withPlan(accepted, { currencyCode: "AUD" })
    expect(decideDeposit(retrieved, { checkoutId: "chk_1", currencyCode: "AUD" })).toEqual({
      allocate: true,
      checkoutId: "chk_1",
      planId: undefined,
      depositStatus: "Accepted"
    })
    expect(decideDeposit(retrieved, { checkoutId: "chk_1", currencyCode: "NZD" })).toEqual({
      allocate: false,
      reason: "currency_mismatch"
    })
  })

  it("prefers the plan's currency to the response's", () => {
    const retrieved = withPlan({ ...accepted, currencyCode: "NZD" }, { currencyCode: "AUD" })
    expect(decideDeposit(retrieved, { checkoutId: "chk_1", currencyCode: "AUD" })).toEqual({
      allocate: false,
      reason: "currency_mismatch"
    })
    expect(decideDeposit(retrieved, { checkoutId: "chk_1", currencyCode: "NZD" }).allocate).toBe(true)
  })
})

describe("R8.2/R10.1 an expectation it does not know", () => {
  const retrieved = withPlan({ id: "plan_1", deposit: { status: "Accepted" } })

  it("refuses a misspelt check that carries a value, unknown_option before anything else", () => {
    expect(decideDeposit(retrieved, { checkoutId: "chk_1", merchantOrderID: "order_1" } as never)).toEqual({
      allocate: false,
      reason: "unknown_option"
    })
  })

  it("reads a key whose value is undefined as absent, so it names no check (R10.1)", () => {
    expect(decideDeposit(retrieved, { checkoutId: "chk_1", merchantOrderID: undefined } as never)).toEqual({
      allocate: true,
      checkoutId: "chk_1",
      planId: "plan_1",
      depositStatus: "Accepted"
    })
  })
})
