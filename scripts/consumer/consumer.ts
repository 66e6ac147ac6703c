// A strict consumer of the built package (dist/), type-checked with skipLibCheck false under
// `nodenext` and `bundler` resolution (npm run check:consumer). It imports every subpath, names
// the public types and calls the plain functions, so a declaration that lies fails here.
import {
  type CheckoutRequest,
  type Money,
  type Plan,
  type PlanTermsRequest,
  type quoteRefund,
  type Refund,
  type RefundCalculation,
  splitInstallments,
  summarizeCheckout,
  validateCheckoutRequest,
  type ValidationError
} from "payment-plan-engine"
import { createClient } from "payment-plan-engine/client"
import { createSandbox, sqliteStore } from "payment-plan-engine/sandbox"
import { checkoutRequest } from "payment-plan-engine/testing"

const request: CheckoutRequest = {
  merchantId: "merchant-123",
  currency: "AUD",
  items: [
    {
      name: "Festival pass",
      amount: 400,
      quantity: 1,
      redemptionDate: "2027-03-01",
      refundPolicies: [{ daysWithinRedemptionDate: 30, refundablePercentage: 50 }]
    }
  ],
  minimumDepositPerItem: { type: "Percentage", value: 20 }
} as unknown as CheckoutRequest

const validation = validateCheckoutRequest(request, { now: "2026-11-22T00:00:00Z" })
if (!validation.ok) console.log(validation.issues.map((issue) => issue.path))
const summary = summarizeCheckout(request, { now: "2026-11-22T00:00:00Z" })
console.log(summary)
const split: Money.InstallmentSplit = splitInstallments(1234.57, 7, "AUD")
console.log(split.amount)
const error: ValidationError | undefined = undefined
console.log(error)
const termsRequest: PlanTermsRequest | undefined = undefined
console.log(termsRequest)
const plan: Plan.Plan | undefined = undefined
console.log(plan)
const policy: Refund.RefundPolicy = { daysWithinRedemptionDate: 30, refundablePercentage: 50 }
console.log(policy)
declare const someCalculation: ReturnType<typeof quoteRefund>
const calculation: RefundCalculation = someCalculation
console.log(calculation)
console.log(checkoutRequest, createClient, createSandbox, sqliteStore)
