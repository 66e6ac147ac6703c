import * as New from "../src/index.ts"
import * as Old from "../../wt-before/src/index.ts"
import { exampleRequest } from "../test/fixtures.ts"
const t = (f: () => unknown, n = 200000) => { for (let i = 0; i < 5000; i++) f(); const s = performance.now(); for (let i = 0; i < n; i++) f(); return (performance.now() - s) * 1e6 / n }
const plan = { currencyCode: "AUD", totalPaymentsPaid: 400, timeZone: "Australia/Sydney", items: [0, 1, 2].map((i) => ({ id: `t${i}`, description: "Festival ticket", quantity: 2, costPerItem: 250, redemptionDate: "2027-03-01", refundPolicies: [{ daysWithinRedemptionDate: 60, refundablePercentage: 75 }, { daysWithinRedemptionDate: 30, refundablePercentage: 50 }, { daysWithinRedemptionDate: 7, refundablePercentage: 10 }] })) }
const at = "2027-01-20T09:00:00+11:00"
const now = "2026-11-22T09:30:00Z"
const req = exampleRequest()
const checkout = { merchantId: "merchant-123", merchantOrderId: "order-0001", currencyCode: "AUD", redirectURL: "https://shop.example/checkout/return",
  items: [{ quantity: 2, description: "Season pass", costPerItem: 1234.57, minimumDepositPerItem: { unit: "Percentage", value: 10 }, redemptionDate: "2027-11-21T10:00:00+11:00", paymentDeadline: 0 }] }
const treq = { checkoutId: "chk_7Hq2LmX9", type: "plan", timeZone: "Australia/Sydney", installments: { cadence: { frequency: "Weekly", on: { dayOfWeek: "Sunday" } } } }
const merchant = { currencies: [{ currencyCode: "AUD", minimumPaymentAmount: 1, maximumPaymentAmount: 10_000 }] }
const cases: Array<[string, () => unknown, () => unknown]> = [
  ["quoteRefund", () => Old.quoteRefund(plan, { at }), () => New.quoteRefund(plan, { at })],
  ["summarizeCheckout", () => Old.summarizeCheckout(req, { now }), () => New.summarizeCheckout(req, { now })],
  ["validateCheckoutRequest", () => Old.validateCheckoutRequest(req, { now }), () => New.validateCheckoutRequest(req, { now })],
  ["computePlanTerms", () => Old.computePlanTerms(checkout, treq, { now, merchant }), () => New.computePlanTerms(checkout, treq, { now, merchant })],
  ["splitInstallments", () => (Old as any).splitInstalments(1234.57, 7, "AUD"), () => New.splitInstallments(1234.57, 7, "AUD")],
]
for (const [name, o, n] of cases) {
  const r: number[] = []; const a: number[] = []; const b: number[] = []
  for (let k = 0; k < 5; k++) { const x = t(o), y = t(n); a.push(x); b.push(y); r.push(y / x) }
  r.sort(); a.sort(); b.sort()
  console.log(name.padEnd(24), "old", a[2]!.toFixed(0), "ns  new", b[2]!.toFixed(0), "ns  new/old", r[2]!.toFixed(2))
}
