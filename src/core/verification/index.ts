/**
 * Verification after the redirect (R8): which checkout came back (R8.1),
 * whether its deposit lets the merchant allocate inventory (R8.2), and whether
 * to show the widget (R8.3); the verification response read tolerantly (R9).
 *
 * @module
 */
export { decideDeposit, type DepositDecision, type ExpectedCheckout, type RefusalReason } from "./deposit-decision.ts"
export {
  CHECKOUT_ID_PARAMETER,
  checkoutIdFromRedirect,
  isCheckoutId,
  type RedirectCheckoutId,
  type RedirectProblem
} from "./redirect.ts"
export { CHECKOUT_STATUSES, CheckoutVerification, CheckoutVerificationResponse, VerifiedPlan } from "./response.ts"
export { shouldDisplayWidget } from "./widget-display.ts"
