/**
 * Inputs shared by the benchmarks, so two benches that measure the same case measure the same input.
 */
import type { RefundPlan, RefundPolicy } from "../src/index.ts"

/** The zone of the refund benchmarks' plan. */
export const ZONE = "Australia/Sydney"
const policies = (a: number, b: number, c: number): Array<RefundPolicy> => [
  { type: "percentage_refundable_days_within_redemption_date", daysWithinRedemptionDate: 90, refundablePercentage: a },
  { type: "percentage_refundable_days_within_redemption_date", daysWithinRedemptionDate: 30, refundablePercentage: b },
  { type: "percentage_refundable_days_within_redemption_date", daysWithinRedemptionDate: 7, refundablePercentage: c }
]
/** The refund benchmarks' plan: 3 items × 3 policies in a named zone. */
export const plan: RefundPlan = {
  currencyCode: "AUD",
  totalPaymentsPaid: 812.35,
  timeZone: ZONE,
  items: [
    {
      id: "item_1",
      description: "Festival ticket",
      quantity: 2,
      costPerItem: 250,
      minimumDepositPerItem: { unit: "currency", value: 20 },
      depositRefundable: false,
      redemptionDate: "2027-03-01",
      refundPolicies: policies(90, 50, 0)
    },
    {
      id: "item_2",
      description: "Hotel, two nights",
      quantity: 1,
      costPerItem: 489.9,
      minimumDepositPerItem: { unit: "Percentage", value: 15 },
      depositRefundable: false,
      redemptionDate: "2027-02-26T15:00:00+11:00",
      refundPolicies: policies(100, 75, 25)
    },
    {
      id: "item_3",
      description: "Parking pass",
      quantity: 3,
      costPerItem: 35.5,
      depositRefundable: true,
      redemptionDate: "2027-03-02",
      refundPolicies: policies(80, 33.33, 10)
    }
  ]
}
