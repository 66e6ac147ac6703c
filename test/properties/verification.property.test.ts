/**
 * Executable specification of verification (R8).
 */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { checkoutIdFromRedirect, decideDeposit, shouldDisplayWidget } from "../../src/core/verification/index.ts"

const checkoutId = fc.stringMatching(/^[A-Za-z0-9_-]{1,256}$/)
const otherParameters = fc.dictionary(
  fc.stringMatching(/^[a-z]{1,8}$/).filter((k) => k !== "service_checkout_id"),
  fc.string({ maxLength: 8 }),
  { maxKeys: 4 }
)

describe("R8.1 the checkout id of a redirect", () => {
  it("reads back any valid id, wherever it stands among other parameters", () => {
    fc.assert(
      fc.property(checkoutId, otherParameters, fc.nat(), (id, others, position) => {
        const entries = Object.entries(others)
        entries.splice(position % (entries.length + 1), 0, ["service_checkout_id", id])
        const url = `https://shop.example/return?${new URLSearchParams(entries)}`
        expect(checkoutIdFromRedirect(url)).toEqual({ ok: true, checkoutId: id })
        expect(checkoutIdFromRedirect(new URL(url))).toEqual({ ok: true, checkoutId: id })
      })
    )
  })

  it("refuses two occurrences, even of the same id", () => {
    fc.assert(
      fc.property(checkoutId, checkoutId, (a, b) => {
        const url = `https://shop.example/return?service_checkout_id=${a}&x=1&service_checkout_id=${b}`
        expect(checkoutIdFromRedirect(url)).toEqual({ ok: false, code: "repeated" })
      })
    )
  })

  it("refuses any value outside 1..256 of A-Z a-z 0-9 _ -", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "binary", maxLength: 300 }).filter((s) => !/^[A-Za-z0-9_-]{1,256}$/.test(s)),
        (value) => {
          const url = `https://shop.example/return?${new URLSearchParams({ service_checkout_id: value })}`
          expect(checkoutIdFromRedirect(url)).toEqual({ ok: false, code: "malformed" })
        }
      )
    )
  })

  it("never throws", () => {
    fc.assert(fc.property(fc.anything(), (input) => void checkoutIdFromRedirect(input)))
  })
})

describe("R8.2 the deposit decision", () => {
  const status = fc.oneof(
    fc.constantFrom(
      "Accepted",
      "accepted",
      "ACCEPTED",
      "aCcEpTeD",
      " Accepted",
      "Accepted ",
      "rejected",
      "Pending",
      ""
    ),
    fc.string(),
    fc.constantFrom(undefined, null, 1, true)
  )
  const maybe = <A>(a: fc.Arbitrary<A>) => fc.option(a, { nil: undefined })
  const response = fc.record({
    id: fc.oneof(fc.constantFrom("chk_1", "chk_2"), fc.anything()),
    merchantOrderId: maybe(fc.constantFrom("order-1", "order-2")),
    plan: fc.oneof(
      fc.record({
        id: maybe(fc.string()),
        currencyCode: maybe(fc.constantFrom("AUD", "NZD")),
        deposit: maybe(fc.record({ status, amount: fc.anything() }))
      }),
      fc.constantFrom(undefined, null, "plan", [])
    )
  })
  const expectation = fc.record({
    checkoutId: fc.constantFrom("chk_1", "chk_2"),
    merchantOrderId: maybe(fc.constantFrom("order-1", "order-2")),
    currencyCode: maybe(fc.constantFrom("AUD", "NZD"))
  })

  it("allocates exactly when the oracle says so: Accepted in any case, the same ids, the stated order and currency", () => {
    fc.assert(
      fc.property(response, expectation, (retrieved, expected) => {
        const plan: any = retrieved.plan
        const oracle = typeof retrieved.id === "string" &&
          retrieved.id === expected.checkoutId &&
          typeof plan === "object" && plan !== null && !Array.isArray(plan) &&
          typeof plan.deposit?.status === "string" && plan.deposit.status.toLowerCase() === "accepted" &&
          (expected.merchantOrderId === undefined || retrieved.merchantOrderId === expected.merchantOrderId) &&
          (expected.currencyCode === undefined || plan.currencyCode === expected.currencyCode)
        const decision = decideDeposit(retrieved, expected)
        expect(decision.allocate).toBe(oracle)
        if (!decision.allocate) {
          expect([
            "not_accepted",
            "missing_plan",
            "malformed_response",
            "checkout_mismatch",
            "order_mismatch",
            "currency_mismatch"
          ]).toContain(decision.reason)
        }
      }),
      { numRuns: 2000 }
    )
  })

  it("never throws, and never allocates for a response that is not an object", () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (retrieved, expected) => {
        const decision = decideDeposit(retrieved, expected as never)
        if (typeof retrieved !== "object" || retrieved === null) expect(decision.allocate).toBe(false)
      })
    )
  })
})

describe("R8.3 the widget after create checkout", () => {
  it("is shown for every status below 500 and for none from 500", () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 599 }), (status) => {
        expect(shouldDisplayWidget(status)).toBe(status < 500)
      })
    )
  })
})
