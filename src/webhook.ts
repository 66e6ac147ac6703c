/**
 * payment-plan-engine/webhook: the merchant-level webhook (docs/webhooks.md).
 * The event catalogue (this library's and its sandbox's: the service publishes
 * none), strict and read tolerantly (R9); the events a plan's transition or a
 * checkout's outcome produces; and the Standard Webhooks message a sender signs
 * and a receiver checks. A receiver verifies a delivery with `verifyWebhook` of
 * `payment-plan-engine/client`.
 *
 * Import it as a namespace: `import * as Webhook from "payment-plan-engine/webhook"`.
 * It is a subpath of its own so that the package root does not load the
 * catalogue (a light start).
 *
 * @module payment-plan-engine/webhook
 */
// eslint-disable-next-line no-restricted-syntax -- the webhook module's index lists its names one by one
export * from "./core/webhook/index.ts"
