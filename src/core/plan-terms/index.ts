/**
 * Plan terms (R3, R5, R6): the compute-plan-terms request (strict) and
 * response (tolerant), instalment dates by cadence and time zone, and the
 * terms themselves with their schedule.
 *
 * @since 0.1.0
 */
export * from "./checkout.ts"
export * from "./kernel.ts"
export * from "./request.ts"
export * from "./response.ts"
export * from "./schedule.ts"
export * from "./terms.ts"
