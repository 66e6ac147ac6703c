import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import {
  checkoutIdFromRedirect,
  decideDeposit,
  isCheckoutId,
  shouldDisplayWidget
} from "../../../src/core/verification/index.ts"

describe("isCheckoutId (R8.1)", () => {
  it("accepts 1..256 characters of A-Z a-z 0-9 _ - and nothing else", () => {
    expect(isCheckoutId("chk_123-ABC")).toBe(true)
    expect(isCheckoutId("a".repeat(256))).toBe(true)
    expect(isCheckoutId("a".repeat(257))).toBe(false)
    expect(isCheckoutId("")).toBe(false)
    expect(isCheckoutId("../admin")).toBe(false)
    expect(isCheckoutId("chk 1")).toBe(false)
    expect(isCheckoutId(123)).toBe(false)
    expect(checkoutIdFromRedirect("?service_checkout_id=chk%201")).toEqual({ ok: false, code: "malformed" })
  })
})

describe("checkoutIdFromRedirect (R8.1)", () => {
  it("reads the id from a URL, a relative URL, a query string or URLSearchParams", () => {
    const expected = { ok: true, checkoutId: "chk_123-ABC" }
    expect(checkoutIdFromRedirect("https://shop.example/return?service_checkout_id=chk_123-ABC")).toEqual(expected)
    expect(checkoutIdFromRedirect(new URL("https://shop.example/return?a=1&service_checkout_id=chk_123-ABC#top")))
      .toEqual(expected)
    expect(checkoutIdFromRedirect("/return?service_checkout_id=chk_123-ABC")).toEqual(expected)
    expect(checkoutIdFromRedirect("?service_checkout_id=chk_123-ABC")).toEqual(expected)
    expect(checkoutIdFromRedirect("service_checkout_id=chk_123-ABC")).toEqual(expected)
    expect(checkoutIdFromRedirect(new URLSearchParams({ service_checkout_id: "chk_123-ABC" }))).toEqual(expected)
  })

  it("refuses a missing, repeated or malformed id rather than guessing", () => {
    expect(checkoutIdFromRedirect("https://shop.example/return")).toEqual({ ok: false, code: "missing" })
    expect(checkoutIdFromRedirect("https://shop.example/return#service_checkout_id=abc")).toEqual({
      ok: false,
      code: "missing"
    })
    expect(checkoutIdFromRedirect("https://shop.example/r?service_checkout_id=a&service_checkout_id=a")).toEqual({
      ok: false,
      code: "repeated"
    })
    expect(checkoutIdFromRedirect("https://shop.example/r?service_checkout_id=")).toEqual({
      ok: false,
      code: "malformed"
    })
    expect(checkoutIdFromRedirect("https://shop.example/r?service_checkout_id=a%20b")).toEqual({
      ok: false,
      code: "malformed"
    })
    expect(checkoutIdFromRedirect("https://shop.example/r?service_checkout_id=a.b")).toEqual({
      ok: false,
      code: "malformed"
    })
    expect(checkoutIdFromRedirect(`https://shop.example/r?service_checkout_id=${"a".repeat(257)}`)).toEqual({
      ok: false,
      code: "malformed"
    })
    expect(checkoutIdFromRedirect(`https://shop.example/r?service_checkout_id=${"a".repeat(256)}`)).toEqual({
      ok: true,
      checkoutId: "a".repeat(256)
    })
    expect(checkoutIdFromRedirect(undefined)).toEqual({ ok: false, code: "missing" })
    expect(checkoutIdFromRedirect(42)).toEqual({ ok: false, code: "missing" })
  })
})

describe("decideDeposit (R8.2)", () => {
  const accepted = {
    id: "chk_1",
    merchantOrderId: "order-1",
    plan: { id: "plan_1", currencyCode: "AUD", deposit: { amount: 280, status: "Accepted" } }
  }

  it("allocates only for an accepted deposit of the redirect's checkout", () => {
    expect(decideDeposit(accepted, { checkoutId: "chk_1", merchantOrderId: "order-1", currencyCode: "AUD" })).toEqual({
      allocate: true,
      checkoutId: "chk_1",
      planId: "plan_1",
      depositStatus: "Accepted"
    })
  })

  // docs/integration.md called a deposit `accepted` in another case a refusal
  it("the integration guide says of the status's case what decideDeposit does", () => {
    const guide = readFileSync(new URL("../../../docs/integration.md", import.meta.url), "utf8").replace(/\s+/g, " ")
    expect(guide).not.toContain("a deposit `accepted` in another case, a plan missing: each is a refusal")
    expect(guide).toContain("`accepted` and `ACCEPTED` allocate, `\" Accepted\"` does not")
    const withStatus = (status: string) => ({ ...accepted, plan: { ...accepted.plan, deposit: { status } } })
    for (const status of ["accepted", "ACCEPTED"]) {
      expect(decideDeposit(withStatus(status), { checkoutId: "chk_1" }).allocate).toBe(true)
    }
    expect(decideDeposit(withStatus(" Accepted"), { checkoutId: "chk_1" }).allocate).toBe(false)
  })

  it("compares the status case-insensitively, trimming nothing", () => {
    const withStatus = (status: unknown) => ({ ...accepted, plan: { ...accepted.plan, deposit: { status } } })
    expect(decideDeposit(withStatus("accepted"), { checkoutId: "chk_1" }).allocate).toBe(true)
    expect(decideDeposit(withStatus("ACCEPTED"), { checkoutId: "chk_1" }).allocate).toBe(true)
    expect(decideDeposit(withStatus(" Accepted"), { checkoutId: "chk_1" })).toEqual({
      allocate: false,
      reason: "not_accepted"
    })
    expect(decideDeposit(withStatus("rejected"), { checkoutId: "chk_1" })).toEqual({
      allocate: false,
      reason: "not_accepted"
    })
    expect(decideDeposit(withStatus(undefined), { checkoutId: "chk_1" })).toEqual({
      allocate: false,
      reason: "not_accepted"
    })
    expect(decideDeposit(withStatus(1), { checkoutId: "chk_1" })).toEqual({
      allocate: false,
      reason: "malformed_response"
    })
  })

  it("refuses with a reason for every other case", () => {
    expect(decideDeposit(null, { checkoutId: "chk_1" })).toEqual({ allocate: false, reason: "malformed_response" })
    expect(decideDeposit("<html>", { checkoutId: "chk_1" })).toEqual({ allocate: false, reason: "malformed_response" })
    expect(decideDeposit({ plan: accepted.plan }, { checkoutId: "chk_1" })).toEqual({
      allocate: false,
      reason: "malformed_response"
    })
    expect(decideDeposit(accepted, { checkoutId: "chk_2" })).toEqual({ allocate: false, reason: "checkout_mismatch" })
    expect(decideDeposit({ id: "chk_1" }, { checkoutId: "chk_1" })).toEqual({ allocate: false, reason: "missing_plan" })
    expect(decideDeposit({ id: "chk_1", plan: null }, { checkoutId: "chk_1" })).toEqual({
      allocate: false,
      reason: "missing_plan"
    })
    expect(decideDeposit({ id: "chk_1", plan: [] }, { checkoutId: "chk_1" })).toEqual({
      allocate: false,
      reason: "malformed_response"
    })
    expect(decideDeposit(accepted, { checkoutId: "chk_1", merchantOrderId: "order-2" })).toEqual({
      allocate: false,
      reason: "order_mismatch"
    })
    expect(decideDeposit(accepted, { checkoutId: "chk_1", currencyCode: "NZD" })).toEqual({
      allocate: false,
      reason: "currency_mismatch"
    })
    const noOrder = { ...accepted, merchantOrderId: undefined }
    expect(decideDeposit(noOrder, { checkoutId: "chk_1", merchantOrderId: "order-1" })).toEqual({
      allocate: false,
      reason: "order_mismatch"
    })
  })
})

describe("shouldDisplayWidget (R8.3)", () => {
  it("shows the widget below 500 and not from 500", () => {
    expect(shouldDisplayWidget(201)).toBe(true)
    expect(shouldDisplayWidget(200)).toBe(true)
    expect(shouldDisplayWidget(400)).toBe(true)
    expect(shouldDisplayWidget(499)).toBe(true)
    expect(shouldDisplayWidget(500)).toBe(false)
    expect(shouldDisplayWidget(503)).toBe(false)
  })

  it("does not show it without a valid status", () => {
    for (const status of [undefined, null, "201", Number.NaN, 0, 99, 201.5]) {
      expect(shouldDisplayWidget(status)).toBe(false)
    }
  })
})

describe("decideDeposit on what a response leaves out or adds (R8.2, R9, R10.1)", () => {
  const expected = { checkoutId: "chk_1" }
  const withPlan = (plan: Record<string, unknown>, top: Record<string, unknown> = {}) => ({ id: "chk_1", ...top, plan })

  describe("R8.2 the deposit decision on what the response leaves out (R9)", () => {
    it("R8.2, R9: refuses a plan without a deposit, or with a null one, as not accepted", () => {
      expect(decideDeposit(withPlan({ id: "plan_1" }), expected)).toEqual({ allocate: false, reason: "not_accepted" })
      expect(decideDeposit(withPlan({ deposit: null }), expected)).toEqual({ allocate: false, reason: "not_accepted" })
    })

    it("R8.2, R9: refuses a deposit with a null status as not accepted, and a deposit that is not an object as malformed", () => {
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
    it("R8.2: refuses a status that only starts or ends with it", () => {
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

    it("R8.2: checks the response's top-level currencyCode when the plan has none", () => {
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

    it("R8.2: prefers the plan's currency to the response's", () => {
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

    it("R8.2, R10.1: refuses a misspelt check that carries a value, unknown_option before anything else", () => {
      expect(decideDeposit(retrieved, { checkoutId: "chk_1", merchantOrderID: "order_1" } as never)).toEqual({
        allocate: false,
        reason: "unknown_option"
      })
    })

    it("R8.2, R10.1: reads a key whose value is undefined as absent, so it names no check (R10.1)", () => {
      expect(decideDeposit(retrieved, { checkoutId: "chk_1", merchantOrderID: undefined } as never)).toEqual({
        allocate: true,
        checkoutId: "chk_1",
        planId: "plan_1",
        depositStatus: "Accepted"
      })
    })
  })
})
