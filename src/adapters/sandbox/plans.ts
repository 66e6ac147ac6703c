/**
 * Plans in the sandbox: plan terms, creating a plan when the widget completes,
 * reading, searching, refunds, cancellation, notes and the test clock's
 * instalments. The lifecycle and every amount are the core's.
 *
 * @module
 */
import type { Context, Reply } from "./handler.ts"
import { notYet } from "./http.ts"
import type { CardBehaviour } from "./cards.ts"
import type { SandboxMerchant } from "./merchants.ts"
import type { StoredCheckout } from "./store.ts"

/** The plan-terms response for a checkout (R6), `schedule` included. */
export const planTerms = (_context: Context, _checkout: StoredCheckout, _merchant: SandboxMerchant): Record<string, unknown> =>
  notYet("Plan terms")

export const retrievePlan = (_context: Context): Reply => notYet("Retrieve plan")
export const setMerchantOrder = (_context: Context): Reply => notYet("Set merchant order")
export const searchPlans = (_context: Context): Reply => notYet("Search plans")
export const calculateRefund = (_context: Context): Reply => notYet("Refund calculation")
export const listPlanNotes = (_context: Context): Reply => notYet("Plan notes")
export const cancelPlan = (_context: Context): Reply => notYet("Cancel plan")

/** Each item's refund policies with the dates they take effect, for the widget (R7.7). */
export const refundMilestones = (_checkout: StoredCheckout, _merchant: SandboxMerchant, _now: number): ReadonlyArray<unknown> => []

/** The widget's completion: deposit taken with the test card, plan created; or declined, no plan. */
export const completeCheckout = (
  _context: Context,
  _checkout: StoredCheckout,
  _merchant: SandboxMerchant,
  _card: CardBehaviour,
  _termsRequest: unknown,
  _now: number
): Reply => notYet("Completing a checkout")

/** Brings a merchant's plans up to `now`: due instalments paid or missed. */
export const settleDueInstalments = (_context: Context, _merchant: SandboxMerchant, _now: number): number => 0

/** `POST /sandbox/plans/{planId}/notes`: adds a note `{ note, isPinned? }`. */
export const addPlanNote = (_context: Context): Reply => notYet("Adding plan notes")

/** `POST /sandbox/plans/{planId}/card`: the test card that pays the plan's next instalments. */
export const setPlanCard = (_context: Context): Reply => notYet("Changing a plan's card")
