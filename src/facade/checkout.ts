/**
 * Plain functions for checkouts (see docs/rules.md, "Where the rules meet your code"): JSON in, JSON out.
 *
 * @module
 */
import * as Result from "effect/Result"
import * as Checkout from "../core/checkout/index.ts"
import { validateRequestResult as validateCheckoutRequestResult } from "../core/checkout/request.ts"
import { summarizeResult } from "../core/checkout/totals.ts"
import type { Input, UnknownFields, Validation } from "../core/foundation/issues.ts"
import type { InstantInput } from "../core/foundation/time/index.ts"
import { decodeResult } from "../core/merchant/configuration.ts"
import { answer, optionsOf, type Outcome, outcome, plainFunction, validated, valueOf } from "./plain.ts"

/**
 * Options of {@link validateCheckoutRequest}.
 *
 * @category Checkout
 * @since 0.1.0
 */
export interface ValidateCheckoutRequestOptions {
  /** The authenticated merchant id (R4.5). */
  readonly merchantId?: string | undefined
  /** The instant of the check; redemption dates must be after it (R4.6). */
  readonly now?: InstantInput | undefined
  /** The merchant configuration (zero-decimal currencies, sub-merchants). */
  readonly merchant?: unknown
  /** Zone in which a calendar redemption date starts; default `UTC`. */
  readonly timeZone?: string | undefined
  /** A field of the request no rule reads: reported (`"warn"`, default), refused (`"error"`) or not (`"ignore"`) (R10.2). */
  readonly unknownFields?: UnknownFields | undefined
}

const VALIDATE = plainFunction("validateCheckoutRequest", ["merchantId", "now", "merchant", "timeZone"])

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
): Validation<Checkout.CheckoutRequest> => {
  const o = optionsOf(options)
  return answer(
    VALIDATE,
    options,
    validated(Result.flatMap(decodeResult(o.merchant), (merchant) =>
      validateCheckoutRequestResult(input, {
        merchantId: o.merchantId,
        now: o.now,
        merchant,
        timeZone: o.timeZone
      })))
  )
}

/**
 * Options of {@link summarizeCheckout}.
 *
 * @category Checkout
 * @since 0.1.0
 */
export interface SummarizeCheckoutOptions {
  /** The creation instant of the checkout: `expiresAt` counts from it (R4.7). */
  readonly now: InstantInput
  /** The merchant configuration: default deposits and deadlines (R2.2, R2.4). */
  readonly merchant?: unknown
  /** Zone in which date-times become calendar dates; default `UTC` (R2.5). */
  readonly timeZone?: string | undefined
  /** A field of the request no rule reads: reported (`"warn"`, default), refused (`"error"`) or not (`"ignore"`) (R10.2). */
  readonly unknownFields?: UnknownFields | undefined
}

const SUMMARIZE = plainFunction("summarizeCheckout", ["now", "merchant", "timeZone"])
const SUMMARIZE_RESULT = plainFunction("summarizeCheckoutResult", ["now", "merchant", "timeZone"])

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
): Checkout.CheckoutSummary => valueOf(SUMMARIZE, options, summarized(request, options))

/** The totals and the request's unknown fields (R10.2). */
const summarized = (request: unknown, options: SummarizeCheckoutOptions): Outcome<Checkout.CheckoutSummary> => {
  const o = optionsOf(options)
  const warnings = Checkout.requestUnknownFields(request)
  // without a configuration to decode, the options as given (a hot loop allocates no copy)
  if (o.merchant === undefined) {
    return outcome(summarizeResult(request, o as Checkout.SummarizeOptions), warnings)
  }
  const merchant = decodeResult(o.merchant)
  return outcome(
    Result.isFailure(merchant)
      ? Result.fail(merchant.failure)
      : summarizeResult(request, { now: o.now, merchant: merchant.success, timeZone: o.timeZone }),
    warnings
  )
}

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
): Validation<Checkout.CheckoutSummary> => answer(SUMMARIZE_RESULT, options, summarized(request, options))
