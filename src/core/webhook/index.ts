/**
 * Webhooks (docs/webhooks.md): the event catalogue (this library's and its
 * sandbox's: the service publishes none), the events a plan's transition or a
 * checkout's outcome produces, and the message a Standard Webhooks sender
 * signs and a receiver checks.
 *
 * @since 0.1.0
 */
export * from "./catalogue.ts"
export * from "./emit.ts"
export * from "./examples.ts"
export * from "./message.ts"
