/** The service description's example checkout (examples/checkout-request.json), shared by tests. */
import { EXAMPLE_NOW, exampleCheckout } from "../src/adapters/client/example-checkout.ts"
import type { CheckoutRequest } from "../src/core/checkout/request.ts"
import { ValidationError } from "../src/core/foundation/issues.ts"

/** The instant the description's example is written for (99 days before its first redemption date). */
export const NOW = EXAMPLE_NOW

/**
 * The description's create-checkout example, examples/checkout-request.json (a fresh copy each
 * call): `unit` written `currency`, the redemption dates a calendar date and a date-time, a payment
 * deadline of 15 days.
 */
export const exampleRequest = (): CheckoutRequest => exampleCheckout()

/** The `ValidationError` a plain function throws; fails the test when it throws nothing or something else. */
export const thrown = (f: () => unknown): ValidationError => {
  try {
    f()
  } catch (error) {
    if (error instanceof ValidationError) return error
    throw error
  }
  throw new Error("expected a ValidationError")
}

/** The refund tests' policies: 75 % refundable within 60 days of the redemption date, 50 % within 30 (R7.2). */
export const ticketPolicies = () => [
  { daysWithinRedemptionDate: 60, refundablePercentage: 75 },
  { daysWithinRedemptionDate: 30, refundablePercentage: 50 }
]

/** Two festival tickets of 250 in Sydney, 400 paid, with {@link ticketPolicies}: 275 refundable 40 days before (R7.6). */
export const ticketPlan = () => ({
  currencyCode: "AUD",
  totalPaymentsPaid: 400,
  timeZone: "Australia/Sydney",
  items: [{
    id: "t1",
    description: "Festival ticket",
    quantity: 2,
    costPerItem: 250,
    redemptionDate: "2027-03-01",
    refundPolicies: ticketPolicies()
  }]
})
