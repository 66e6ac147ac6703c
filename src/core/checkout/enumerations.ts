/**
 * The checkout's enumerations, Schema-free: the request's schema builds its
 * checks from them, and code that must stay small (the sandbox's widget, a
 * browser bundle) imports them without the schema.
 *
 * @module
 */

/**
 * Plan types of the service (R4.1).
 *
 * @category Checkout
 * @since 0.1.0
 */
export const PLAN_TYPES = ["Installment", "PayInFull", "Custom"] as const

/**
 * A plan type of the service (R4.1).
 *
 * @category Checkout
 * @since 0.1.0
 */
export type PlanType = (typeof PLAN_TYPES)[number]
