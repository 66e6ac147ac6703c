/**
 * The strict verification response (what this library's sandbox answers, R8.2) refuses what it does
 * not list: mutation testing found its enumerations and bounds unchecked (benchmarks/mutation.md).
 */
import { describe, expect, it } from "vitest"
import { CheckoutVerification, CheckoutVerificationResponse } from "../../../src/core/verification/index.ts"
import { decodeIssues } from "../../decode.ts"

const strict = (input: unknown) => decodeIssues(CheckoutVerification, input, { rule: "R8.2" })

const verification = (plan: Record<string, unknown>) => ({
  id: "chk_1",
  created: "2026-11-22T00:00:00Z",
  merchantId: "merchant-123",
  merchantOrderId: "order-0001",
  totalCost: 1100,
  totalMinimumDeposit: 280,
  completionDate: "2027-02-11",
  currencyCode: "AUD",
  redirectURL: "https://shop.example/r",
  planType: "Installment",
  items: [],
  checkoutWorkflow: { sdkWidget: { type: "iframe", id: "w1", scriptUrl: "https://widget.example/sdk.js" } },
  createdAt: "2026-11-22T00:00:00Z",
  status: "Completed",
  plan
})

const cadences = [
  { frequency: "weekly", on: { dayOfWeek: "Monday" } },
  { frequency: "fortnightly", on: { dayOfWeek: "Friday" } },
  { frequency: "monthly", on: { dayOfMonth: 31 } }
]

describe("R8.2 the strict verification response", () => {
  it("R8.2: reads an accepted or rejected deposit and every cadence as written, unchanged", () => {
    for (const status of ["Accepted", "Rejected"]) {
      for (const cadence of cadences) {
        const input = verification({
          id: "plan_1",
          currencyCode: "AUD",
          deposit: { amount: 280, status },
          instalments: { amount: 205, count: 4, cadence }
        })
        expect(strict(input), `${status} ${cadence.frequency}`).toEqual({
          ok: true,
          value: input,
          issues: [],
          warnings: []
        })
      }
    }
  })

  it("R8.2: refuses a status or a frequency it does not list, a negative count and a day of month past 31", () => {
    const input = verification({
      currencyCode: "AUD",
      deposit: { amount: 280, status: "Pending" },
      instalments: { amount: 205, count: -1, cadence: { frequency: "Weekly", on: { dayOfMonth: 32 } } }
    })
    const answer = strict(input)
    expect(answer.ok ? [] : answer.issues.map(({ code, path }) => `${path}:${code}`)).toEqual([
      "plan.deposit.status:enum",
      "plan.instalments.count:range",
      "plan.instalments.cadence.frequency:enum",
      "plan.instalments.cadence.on.dayOfMonth:range"
    ])
    // the bounds cite the rules they come from: the count of instalments (R6.3), the day of month (R6.2)
    expect(answer.ok ? [] : answer.issues.filter((i) => i.code === "range").map((i) => i.rule)).toEqual([
      "R6.3",
      "R6.2"
    ])
  })
})

describe("R9 the tolerant verification response requires the checkout's id alone", () => {
  const tolerantly = (input: unknown) =>
    decodeIssues(CheckoutVerificationResponse, input, { rule: "R9", strict: false })

  it("R9: reads a response of nothing but an id, and refuses one without it", () => {
    expect(tolerantly({ id: "chk_1" }).ok).toBe(true)
    expect(tolerantly({ status: "Completed" }).issues.map((i) => `${i.path} ${i.code}`)).toEqual(["id required"])
  })
})
