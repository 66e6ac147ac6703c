/**
 * Plans: the record and summary as the service returns them (R9), and the
 * lifecycle this library keeps them by: creation from a checkout and chosen
 * terms, events, summaries, the merchant order (docs/plans.md).
 *
 * @since 0.1.0
 */
export * from "./create.ts"
export * from "./events.ts"
export * from "./lifecycle.ts"
export * from "./merchant-order.ts"
export * from "./record.ts"
export * from "./summary.ts"
