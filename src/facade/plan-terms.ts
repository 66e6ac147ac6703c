/**
 * Plain functions for plan terms (see docs/rules.md, "Where the rules meet your code"): JSON in, JSON out.
 *
 * @module
 */
import * as Result from "effect/Result"
import * as Checkout from "../core/checkout/index.ts"
import type { Input, UnknownFields, Validation } from "../core/foundation/issues.ts"
import type { InstantInput } from "../core/foundation/time/index.ts"
import { decodeResult } from "../core/merchant/configuration.ts"
import * as PlanTerms from "../core/plan-terms/index.ts"
import { validateRequestResult as validatePlanTermsRequestResult } from "../core/plan-terms/request.ts"
import { computeResult } from "../core/plan-terms/terms.ts"
import { answer, both, optionsOf, type Outcome, outcome, plainFunction, under, validated, valueOf } from "./plain.ts"

/**
 * Options of {@link computePlanTerms}.
 *
 * @category Plan terms
 * @since 0.1.0
 */
export interface ComputePlanTermsOptions {
  /** The instant of the computation: its date in the request's `timeZone` is the plan date (R6.1). */
  readonly now: InstantInput
  /** The merchant configuration: payment bounds per currency (R6.4), default deposits and deadlines (R2). */
  readonly merchant?: unknown
  /** `minimum` (default) or `even`, for merchant-assisted checkouts (R6.7). */
  readonly depositStrategy?: PlanTerms.DepositStrategy | undefined
  /** A field of the checkout request or the plan-terms request no rule reads: reported (`"warn"`, default), refused (`"error"`) or not (`"ignore"`) (R10.2). */
  readonly unknownFields?: UnknownFields | undefined
}

const COMPUTE = plainFunction("computePlanTerms", ["now", "merchant", "depositStrategy"])
const COMPUTE_RESULT = plainFunction("computePlanTermsResult", ["now", "merchant", "depositStrategy"])

/**
 * Computes the plan terms of a checkout (R6): the service's compute-plan-terms
 * response (deposit and its range, instalment amount, remainder and count,
 * cadence, validation entries, totalCost, currencyCode, redirectURL) and
 * `schedule`, every payment as `{ installmentNumber, date, amount }` with
 * number 1 the deposit plus remainder (R6.9). `checkout` is a create-checkout
 * request or a checkout response. Throws a `ValidationError` naming every
 * issue when the request, the checkout or the options are invalid (an option
 * it does not have is `unknown_option`); terms that are computable but
 * unacceptable carry `installments.validation` entries. A field of a checkout
 * request or of the plan-terms request no rule reads is a process warning, once
 * per path (R10.2, docs/api.md).
 *
 * @example
 * ```ts
 * import { computePlanTerms } from "payment-plan-engine"
 * const terms = computePlanTerms(checkoutRequest, {
 *   checkoutId: "chk_7Hq2LmX9", type: "plan", timeZone: "Australia/Sydney",
 *   installments: { cadence: { frequency: "Weekly", on: { dayOfWeek: "Monday" } } }
 * }, { now: "2026-11-22T09:30:00Z" })
 * terms.deposit        // { amount: 280, range: { min: 280, max: 1099.99 } }
 * terms.schedule[0]    // { installmentNumber: 1, date: "2026-11-22", amount: 280.06 }
 * ```
 * @category Plan terms
 * @since 0.1.0
 */
export const computePlanTerms: {
  (
    checkout: Input<Checkout.CheckoutRequest>,
    request: Input<PlanTerms.PlanTermsRequest>,
    options: ComputePlanTermsOptions
  ): PlanTerms.PlanTerms
  (
    checkout: Checkout.CheckoutResponse,
    request: Input<PlanTerms.PlanTermsRequest>,
    options: ComputePlanTermsOptions
  ): PlanTerms.PlanTerms
} = (checkout: unknown, request: unknown, options: ComputePlanTermsOptions): PlanTerms.PlanTerms =>
  valueOf(COMPUTE, options, computed(checkout, request, options))

/** The terms, and the unknown fields of a checkout request and of the plan-terms request (R10.2). */
const computed = (
  checkout: unknown,
  request: unknown,
  options: ComputePlanTermsOptions
): Outcome<PlanTerms.PlanTerms> => {
  const o = optionsOf(options)
  const merchant = decodeResult(o.merchant)
  // a checkout response is the service's answer, read tolerantly (R9): nothing to report of it
  const ofCheckout = PlanTerms.isCheckoutResponse(checkout) ? [] : Checkout.requestUnknownFields(checkout)
  return outcome(
    Result.isFailure(merchant)
      ? Result.fail(merchant.failure)
      : computeResult(checkout, request, {
        now: o.now,
        merchant: merchant.success,
        depositStrategy: o.depositStrategy
      }),
    both(under("checkout", ofCheckout), PlanTerms.requestUnknownFields(request))
  )
}

/**
 * {@link computePlanTerms} without throwing: `{ ok: true, value, warnings }` or `{ ok: false,
 * issues, warnings }`; the warnings name the fields of a checkout request and of the plan-terms
 * request, and the options, that no rule reads (R10.2). A checkout response is the service's
 * answer and is read tolerantly (R9).
 *
 * @example
 * ```ts
 * import { computePlanTermsResult } from "payment-plan-engine"
 * const answer = computePlanTermsResult(checkoutRequest, { checkoutId: "chk_7Hq2LmX9", type: "plan", timeZone: "Australia/Sydney" }, { now: "2026-11-22T09:30:00Z" })
 * if (answer.ok) console.log(answer.value.installments.count)
 * ```
 * @category Plan terms
 * @since 0.1.0
 */
export const computePlanTermsResult = (
  checkout: unknown,
  request: unknown,
  options: ComputePlanTermsOptions
): Validation<PlanTerms.PlanTerms> => answer(COMPUTE_RESULT, options, computed(checkout, request, options))

/**
 * Validates a compute-plan-terms request strictly (R6.2, R3.1): time zone,
 * frequency, weekday, day of month, deposit, `checkoutId`, `type`. Never
 * throws: `{ ok: false, issues }` lists every problem.
 *
 * @example
 * ```ts
 * import { validatePlanTermsRequest } from "payment-plan-engine"
 * validatePlanTermsRequest({ checkoutId: "chk_1", type: "plan", timeZone: "Mars/Base", installments: { cadence: { frequency: "Daily" } } })
 * // { ok: false, issues: [{ path: "installments.cadence.frequency", code: "enum", … }, { path: "timeZone", code: "time_zone", … }], warnings: [] }
 * ```
 * @category Plan terms
 * @since 0.1.0
 */
export const validatePlanTermsRequest = (
  input: unknown,
  options?: { readonly unknownFields?: UnknownFields | undefined }
): Validation<PlanTerms.PlanTermsRequest> => answer(VALIDATE, options, validated(validatePlanTermsRequestResult(input)))

const VALIDATE = plainFunction("validatePlanTermsRequest", [])
