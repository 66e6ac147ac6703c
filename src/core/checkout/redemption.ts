/**
 * When a redemption date is too early for a new checkout (R4.6), Schema-free:
 * the request's validation and the product-page element
 * (`payment-plan-engine/messaging/element`) judge it here.
 *
 * @module
 */
import type { EpochDay } from "../foundation/time/calendar.ts"
import type { DateOrInstant } from "../foundation/time/instant.ts"

/**
 * Whether a redemption date is not after `now` (R4.6, `past_date`): a calendar
 * date on or before today (`today` is `now`'s date in the zone in use, R3.1),
 * or an instant at or before `now`. Shared with messaging (its element bundles this
 * Schema-free module) through src/facade/shared.ts.
 */
export const redemptionNotAfter = (redemption: DateOrInstant, now: number, today: EpochDay): boolean =>
  redemption._tag === "Date" ? redemption.day <= today : redemption.ms <= now
