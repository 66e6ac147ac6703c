/**
 * Plain functions for plan terms (see docs/rules.md, "Where the rules meet your code"): JSON in, JSON out.
 */
import * as Result from "effect/Result"
import * as Checkout from "../core/checkout/index.ts"
import {
  answer,
  answerOf,
  both,
  type UnknownFields,
  unknownOptions,
  type Validation,
  valueOf
} from "../core/foundation/issues.ts"
import type { InstantInput } from "../core/foundation/time/index.ts"
import { decodeResult, merchantWarnings } from "../core/merchant/configuration.ts"
import * as PlanTerms from "../core/plan-terms/index.ts"

/**
 * Options of {@link computePlanTerms}.
 *
 * @since 0.1.0
 */
export interface ComputePlanTermsOptions {
  /** The instant of the computation: its date in the request's `timeZone` is the plan date (R6.1). */
  readonly now: InstantInput
  /** The merchant configuration: payment bounds per currency (R6.4), default deposits and deadlines (R2). */
  readonly merchant?: unknown
  /** `minimum` (default) or `even`, for merchant-assisted checkouts (R6.7). */
  readonly depositStrategy?: PlanTerms.DepositStrategy
  /** A field or option no rule reads: reported (`"warn"`, default) or refused (R10.2). */
  readonly unknownFields?: UnknownFields
}

const COMPUTE_OPTIONS: ReadonlySet<string> = new Set(["now", "merchant", "depositStrategy"])

/**
 * Computes the plan terms of a checkout (R6): the service's compute-plan-terms
 * response (deposit and its range, instalment amount, remainder and count,
 * cadence, validation entries, totalCost, currencyCode, redirectURL) and
 * `schedule`, every payment as `{ installmentNumber, date, amount }` with
 * number 1 the deposit plus remainder (R6.9). `checkout` is a create-checkout
 * request or a checkout response. Throws a `ValidationError` naming every
 * issue when the request, the checkout or the options are invalid; terms that
 * are computable but unacceptable carry `installments.validation` entries.
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
 * @since 0.1.0
 */
export const computePlanTerms = (
  checkout: Checkout.CheckoutRequest | Checkout.CheckoutResponse | unknown,
  request: PlanTerms.PlanTermsRequest | unknown,
  options: ComputePlanTermsOptions
): PlanTerms.PlanTerms =>
  valueOf(computeWith(checkout, request, options), computeWarnings(checkout, request, options), options?.unknownFields)

const computeWith = (checkout: unknown, request: unknown, options: ComputePlanTermsOptions) => {
  const merchant = decodeResult(options?.merchant)
  return Result.isFailure(merchant)
    ? Result.fail(merchant.failure)
    : PlanTerms.computeResult(checkout, request, {
      now: options?.now,
      merchant: merchant.success,
      depositStrategy: options?.depositStrategy
    })
}

const computeWarnings = (checkout: unknown, request: unknown, options: ComputePlanTermsOptions) => {
  // a checkout response is the service's answer, read tolerantly (R9): nothing to report of it
  const ofCheckout = PlanTerms.isCheckoutResponse(checkout) ? [] : Checkout.requestUnknownFields(checkout)
  return both(
    ofCheckout.length === 0 ? ofCheckout : ofCheckout.map((w) => ({ ...w, path: `checkout.${w.path}` })),
    both(
      PlanTerms.requestUnknownFields(request),
      both(merchantWarnings(options?.merchant), unknownOptions(options, COMPUTE_OPTIONS))
    )
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
 * @since 0.1.0
 */
export const computePlanTermsResult = (
  checkout: Checkout.CheckoutRequest | Checkout.CheckoutResponse | unknown,
  request: PlanTerms.PlanTermsRequest | unknown,
  options: ComputePlanTermsOptions
): Validation<PlanTerms.PlanTerms> =>
  answerOf(computeWith(checkout, request, options), computeWarnings(checkout, request, options), options?.unknownFields)

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
 * @since 0.1.0
 */
export const validatePlanTermsRequest = (
  input: PlanTerms.PlanTermsRequest | unknown,
  options: { readonly unknownFields?: UnknownFields } = {}
): Validation<PlanTerms.PlanTermsRequest> =>
  answer(PlanTerms.validateRequestResult(input), unknownOptions(options, NO_OPTIONS), options?.unknownFields)

const NO_OPTIONS: ReadonlySet<string> = new Set()
