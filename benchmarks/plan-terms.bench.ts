/**
 * Budget of plan terms: computePlanTerms for a one-year weekly plan
 * (52 instalments) in a named time zone, at least 50 000 per second, with the
 * ratio to a baseline date loop of the same run.
 */
import {
  type CheckoutRequest,
  type CheckoutResponse,
  computePlanTerms,
  PlanTerms,
  type PlanTermsRequest,
  Time
} from "../src/index.ts"
import type { Suite } from "./harness.ts"

const now = "2026-11-22T09:30:00Z" // Sunday 22 November in Sydney
const checkout: CheckoutRequest = {
  merchantId: "merchant-123",
  merchantOrderId: "order-0001",
  currencyCode: "AUD",
  redirectURL: "https://shop.example/checkout/return",
  items: [
    {
      quantity: 2,
      description: "Season pass",
      costPerItem: 1234.57,
      minimumDepositPerItem: { unit: "Percentage", value: 10 },
      // 52 Sundays from 29 Nov 2026 to 21 Nov 2027
      redemptionDate: "2027-11-21T10:00:00+11:00",
      paymentDeadline: 0
    }
  ]
}
const response: CheckoutResponse = {
  id: "chk_7Hq2LmX9",
  totalCost: 2469.14,
  totalMinimumDeposit: 246.92,
  completionDate: "2027-11-21",
  currencyCode: "AUD",
  redirectURL: checkout.redirectURL
}
const request: PlanTermsRequest = {
  checkoutId: "chk_7Hq2LmX9",
  type: "plan",
  timeZone: "Australia/Sydney",
  installments: { cadence: { frequency: "Weekly", on: { dayOfWeek: "Sunday" } } }
}
const merchant = { currencies: [{ currencyCode: "AUD", minimumPaymentAmount: 1, maximumPaymentAmount: 10_000 }] }

const terms = computePlanTerms(checkout, request, { now, merchant })
if (terms.installments.count !== 52) {
  throw new Error(`the benchmark plan must have 52 instalments, got ${terms.installments.count}`)
}
if (computePlanTerms(response, request, { now, merchant }).installments.count !== 52) {
  throw new Error("the response must give 52 too")
}

// Baseline: the 52 dates alone, the way one writes it without a library: Date objects and ISO strings.
const MS_PER_DAY = 86_400_000
const baselineDates = () => {
  const dates: Array<string> = []
  let ms = Date.UTC(2026, 10, 29)
  for (let i = 0; i < 52; i++) {
    dates.push(new Date(ms).toISOString().slice(0, 10))
    ms += 7 * MS_PER_DAY
  }
  return dates
}
const plan = Time.parseDate("2026-11-22")!
const completion = Time.parseDate("2027-11-21")!

export const suite: Suite = {
  title: "Plan terms: a one-year weekly plan in Australia/Sydney",
  budgetsOf: "plan terms",
  cases: [
    { name: "baseline: 52 weekly dates with Date", run: baselineDates },
    {
      name: "PlanTerms.cadenceDates (52 weekly)",
      run: () => PlanTerms.cadenceDates(plan, completion, { frequency: "Weekly", dayOfWeek: 0 }),
      compareWith: ["baseline: 52 weekly dates with Date"]
    },
    {
      name: "computePlanTerms (checkout request, 52 weekly)",
      run: () => computePlanTerms(checkout, request, { now, merchant }),
      budget: { minOpsPerSecond: 50_000 },
      compareWith: ["baseline: 52 weekly dates with Date"]
    },
    {
      name: "computePlanTerms (checkout response, 52 weekly)",
      run: () => computePlanTerms(response, request, { now, merchant }),
      budget: { minOpsPerSecond: 50_000 },
      compareWith: ["baseline: 52 weekly dates with Date"]
    }
  ]
}
