/**
 * Plain functions for plan terms (see docs/rules.md, "Where the rules meet your code"): JSON in, JSON out.
 *
 * @module
 */
import type * as Checkout from "../core/checkout/index.ts"
import type { Input, Validation } from "../core/foundation/issues.ts"
import type * as PlanTerms from "../core/plan-terms/index.ts"
import { VALIDATE, validateRequestResult as validatePlanTermsRequestResult } from "../core/plan-terms/request.ts"
import { COMPUTE, computeOutcome } from "../core/plan-terms/terms.ts"
import { answer, plainFunction, validated, valueOf } from "./plain.ts"

/**
 * Options of {@link computePlanTerms}: the computation's one contract, `PlanTerms.ComputeOptions`
 * (`now`, `merchant`, `depositStrategy`, `unknownFields`).
 *
 * @category Plan terms
 * @since 0.1.0
 */
export type ComputePlanTermsOptions = PlanTerms.ComputeOptions

const COMPUTE_PLAIN = plainFunction("computePlanTerms", COMPUTE)
const COMPUTE_RESULT = plainFunction("computePlanTermsResult", COMPUTE)

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
  valueOf(COMPUTE_PLAIN, options, computeOutcome(checkout, request, options))

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
): Validation<PlanTerms.PlanTerms> => answer(COMPUTE_RESULT, options, computeOutcome(checkout, request, options))

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
  options?: PlanTerms.ValidateOptions
): Validation<PlanTerms.PlanTermsRequest> =>
  answer(VALIDATE_PLAIN, options, validated(validatePlanTermsRequestResult(input)))

const VALIDATE_PLAIN = plainFunction("validatePlanTermsRequest", VALIDATE)
