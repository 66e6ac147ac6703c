/**
 * Checkouts: the create-checkout request and its validation (R4), the
 * response (R9), and the totals the service computes for it (R2).
 *
 * @since 0.1.0
 */
export * from "./request.ts"
export * from "./response.ts"
export * from "./totals.ts"
