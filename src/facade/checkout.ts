/**
 * Plain functions for checkouts (see docs/rules.md, "Where the rules meet your code"): JSON in, JSON out.
 *
 * @module
 */
import type * as Checkout from "../core/checkout/index.ts"
import { VALIDATE as VALIDATE_CONTRACT, validateRequestOutcome } from "../core/checkout/request.ts"
import { SUMMARIZE, summarizeOutcome } from "../core/checkout/totals.ts"
import type { Input, Validation } from "../core/foundation/issues.ts"
import { answer, plainFunction, valueOf } from "./plain.ts"

/**
 * Options of {@link validateCheckoutRequest}: the validation's one contract, `Checkout.ValidateOptions`
 * (`merchantId`, `now`, `merchant`, `timeZone`, `unknownFields`).
 *
 * @category Checkout
 * @since 0.1.0
 */
export type ValidateCheckoutRequestOptions = Checkout.ValidateOptions

const VALIDATE = plainFunction("validateCheckoutRequest", VALIDATE_CONTRACT)

/**
 * Validates a create-checkout request against every constraint of the service
 * (R4). Never throws: invalid input gives `{ ok: false, issues }`, each issue with
 * its `path`, `code`, `rule` and `message`.
 *
 * @example
 * ```ts
 * import { validateCheckoutRequest } from "payment-plan-engine"
 * const result = validateCheckoutRequest(body, { merchantId: "merchant-123", now: new Date() })
 * if (!result.ok) console.log(result.issues) // [{ path: "items[0].costPerItem", code: "precision", … }]
 * ```
 * @category Checkout
 * @since 0.1.0
 */
export const validateCheckoutRequest = (
  input: unknown,
  options?: ValidateCheckoutRequestOptions
): Validation<Checkout.CheckoutRequest> => answer(VALIDATE, options, validateRequestOutcome(input, options))

/**
 * Options of {@link summarizeCheckout}: the totals' one contract, `Checkout.SummarizeOptions`
 * (`now`, `merchant`, `timeZone`, `unknownFields`).
 *
 * @category Checkout
 * @since 0.1.0
 */
export type SummarizeCheckoutOptions = Checkout.SummarizeOptions

const SUMMARIZE_PLAIN = plainFunction("summarizeCheckout", SUMMARIZE)
const SUMMARIZE_RESULT = plainFunction("summarizeCheckoutResult", SUMMARIZE)

/**
 * The totals the service computes for a checkout (R2): `totalCost`,
 * `totalMinimumDeposit`, `completionDate`, `expiresAt` and each item's line.
 * Throws a `ValidationError` when a value it computes with is invalid. An
 * option it does not have is refused (`unknown_option`); a field of the
 * request no rule reads is a process warning, once per path (R10.2,
 * docs/api.md).
 *
 * @example
 * ```ts
 * import { summarizeCheckout } from "payment-plan-engine"
 * const summary = summarizeCheckout(request, { now: "2026-11-22T09:30:00Z" })
 * // { currencyCode: "AUD", totalCost: 1100, totalMinimumDeposit: 280, completionDate: "2027-02-11", expiresAt: "2026-11-23T09:30:00.000Z", items: [...] }
 * ```
 * @category Checkout
 * @since 0.1.0
 */
export const summarizeCheckout = (
  request: Input<Checkout.CheckoutRequest>,
  options: SummarizeCheckoutOptions
): Checkout.CheckoutSummary => valueOf(SUMMARIZE_PLAIN, options, summarizeOutcome(request, options))

/**
 * {@link summarizeCheckout} without throwing: `{ ok: true, value, warnings }` or
 * `{ ok: false, issues, warnings }`, the warnings naming every field and option no rule reads (R10.2).
 *
 * @example
 * ```ts
 * import { summarizeCheckoutResult } from "payment-plan-engine"
 * const answer = summarizeCheckoutResult(request, { now: "2026-11-22T09:30:00Z" })
 * if (answer.ok) console.log(answer.value.totalMinimumDeposit) // 280
 * ```
 * @category Checkout
 * @since 0.1.0
 */
export const summarizeCheckoutResult = (
  request: unknown,
  options: SummarizeCheckoutOptions
): Validation<Checkout.CheckoutSummary> => answer(SUMMARIZE_RESULT, options, summarizeOutcome(request, options))
