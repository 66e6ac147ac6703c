/** Plan-terms requests and one-item checkouts shared by the plan-terms tests. */

/** A plan-terms request for the checkout `chk_7Hq2LmX9` in UTC, with `extra` fields. */
export const request = (extra: Record<string, unknown> = {}) => ({
  checkoutId: "chk_7Hq2LmX9",
  type: "plan",
  timeZone: "UTC",
  ...extra
})

/** A one-item checkout: `cost` with a Currency minimum deposit, redeemed on `redemptionDate` (deadline 0). */
export const checkout = (cost: number, deposit: number, redemptionDate: string, currencyCode = "AUD") => ({
  merchantId: "merchant-123",
  merchantOrderId: "order-1",
  currencyCode,
  redirectURL: "https://shop.example/return",
  items: [{
    quantity: 1,
    description: "Ticket",
    costPerItem: cost,
    minimumDepositPerItem: { unit: "Currency", value: deposit },
    redemptionDate,
    paymentDeadline: 0
  }]
})
