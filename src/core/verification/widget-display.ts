/**
 * R8.3: whether to show the widget after create checkout.
 *
 * @module
 */

/**
 * Whether to display the widget after a create-checkout call answered with
 * `status` (R8.3): yes below 500 (success or validation failure), no for 500 and
 * above, and no when there is no valid HTTP status at all.
 *
 * @example
 * ```ts
 * import { shouldDisplayWidget } from "payment-plan-engine"
 * shouldDisplayWidget(201) // true
 * shouldDisplayWidget(422) // true
 * shouldDisplayWidget(503) // false
 * ```
 * @category Verification
 * @since 0.1.0
 */
export const shouldDisplayWidget = (status: unknown): boolean =>
  typeof status === "number" && Number.isInteger(status) && status >= 100 && status < 500
