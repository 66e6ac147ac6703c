/** Requests shaped like the service description's examples, shared by tests. */
import type { CheckoutRequest } from "../src/core/checkout/request.ts"
import { ValidationError } from "../src/core/foundation/issues.ts"

export const NOW = "2026-11-22T00:00:00Z"

/**
 * The description's create-checkout example: `unit` written `currency`, the
 * redemption date a calendar date, a payment deadline of 15 days.
 */
export const exampleRequest = (): CheckoutRequest => ({
  type: "plan",
  planType: "Installment",
  merchantId: "merchant-123",
  merchantOrderId: "order-0001",
  currencyCode: "AUD",
  redirectURL: "https://shop.example/checkout/return",
  expiry: 1440,
  items: [
    {
      sku: "TICKET-GA",
      merchantProductURL: "https://shop.example/tickets/ga",
      quantity: 2,
      description: "Festival ticket",
      costPerItem: 50,
      minimumDepositPerItem: { unit: "currency", value: 20 },
      depositRefundable: false,
      redemptionDate: "2027-03-01",
      paymentDeadline: 15,
      refundPolicies: [
        {
          type: "percentage_refundable_days_within_redemption_date",
          daysWithinRedemptionDate: 60,
          refundablePercentage: 75
        },
        {
          type: "percentage_refundable_days_within_redemption_date",
          daysWithinRedemptionDate: 30,
          refundablePercentage: 50
        }
      ]
    },
    {
      sku: "HOTEL-2N",
      quantity: 2,
      description: "Hotel, two nights",
      costPerItem: 500,
      minimumDepositPerItem: { unit: "Currency", value: 120 },
      depositRefundable: true,
      redemptionDate: "2027-02-26T15:00:00+11:00",
      paymentDeadline: 15
    }
  ],
  merchantMetadata: { channel: "web" }
})

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
