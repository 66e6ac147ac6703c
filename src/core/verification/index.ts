/**
 * Verification after the redirect (R8): which checkout came back (R8.1),
 * whether its deposit lets the merchant allocate inventory (R8.2), and whether
 * to show the widget (R8.3); the verification response read tolerantly (R9).
 *
 * @since 0.1.0
 */
export * from "./deposit-decision.ts"
export * from "./redirect.ts"
export * from "./response.ts"
export * from "./widget-display.ts"
