/**
 * One example event of each type of the catalogue: what docs/webhooks.md
 * shows, and what the sandbox sends on `POST /sandbox/webhook/test` with a type.
 *
 * @module
 */
import type { WebhookEventOf, WebhookEventType } from "./catalogue.ts"

const plan = { planId: "plan_7Hq2LmX9", merchantOrderId: "order-0001" }
const at = "2026-11-22T10:00:00.000Z"

/**
 * An example of each event type, every one valid under the strict schema.
 *
 * @example
 * ```ts
 * import * as Webhook from "payment-plan-engine/webhook"
 * Webhook.EXAMPLES["plan.cancelled"].data.refundAmount // 280
 * ```
 * @category Webhooks
 * @since 0.2.0
 */
export const EXAMPLES: { readonly [T in WebhookEventType]: WebhookEventOf<T> } = {
  "checkout.completed": {
    type: "checkout.completed",
    timestamp: at,
    data: {
      checkoutId: "chk_7Hq2LmX9",
      planId: plan.planId,
      merchantOrderId: plan.merchantOrderId,
      currencyCode: "AUD",
      depositAmount: 280,
      totalCost: 1100,
      planStatus: "OnSchedule"
    }
  },
  "checkout.declined": {
    type: "checkout.declined",
    timestamp: at,
    data: {
      checkoutId: "chk_7Hq2LmX9",
      merchantOrderId: plan.merchantOrderId,
      currencyCode: "AUD",
      depositAmount: 280,
      reason: "card_declined"
    }
  },
  "checkout.expired": {
    type: "checkout.expired",
    timestamp: "2026-11-23T00:00:00.000Z",
    data: { checkoutId: "chk_7Hq2LmX9", merchantOrderId: plan.merchantOrderId, expiredAt: "2026-11-23T00:00:00.000Z" }
  },
  "plan.installment_paid": {
    type: "plan.installment_paid",
    timestamp: "2026-11-29T00:00:00.000Z",
    data: {
      ...plan,
      installmentNumber: 2,
      amount: 205,
      currencyCode: "AUD",
      dueDate: "2026-11-29T00:00:00.000Z",
      totalPaid: 485,
      remainingAmount: 615,
      transactionId: "txn_4Rt8Kp2W"
    }
  },
  "plan.installment_failed": {
    type: "plan.installment_failed",
    timestamp: "2026-12-06T00:00:00.000Z",
    data: {
      ...plan,
      installmentNumber: 3,
      amount: 205,
      currencyCode: "AUD",
      dueDate: "2026-12-06T00:00:00.000Z",
      totalPaid: 485,
      remainingAmount: 615
    }
  },
  "plan.status_changed": {
    type: "plan.status_changed",
    timestamp: "2026-12-06T00:00:00.000Z",
    data: { ...plan, previousStatus: "OnSchedule", status: "Late" }
  },
  "plan.completed": {
    type: "plan.completed",
    timestamp: "2026-12-20T00:00:00.000Z",
    data: { ...plan, currencyCode: "AUD", totalPaid: 1100 }
  },
  "plan.cancelled": {
    type: "plan.cancelled",
    timestamp: "2026-12-01T10:00:00.000Z",
    data: {
      ...plan,
      currencyCode: "AUD",
      reason: "CustomerRequest",
      details: null,
      refundAmount: 280,
      totalPaid: 485
    }
  },
  "plan.merchant_order_set": {
    type: "plan.merchant_order_set",
    timestamp: at,
    data: plan
  },
  "plan.payments_paused": {
    type: "plan.payments_paused",
    timestamp: at,
    data: { ...plan, pausedUntil: "2026-12-15T00:00:00.000Z" }
  },
  "webhook.test": {
    type: "webhook.test",
    timestamp: at,
    data: { message: "A test event from the payment-plan-engine sandbox" }
  }
}
