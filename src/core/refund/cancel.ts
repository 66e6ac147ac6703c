/**
 * Cancelling a plan with a refund (R7.8): the request (strict) and response.
 *
 * @module
 */
import type * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import {
  contract,
  type Options,
  optionsOf,
  type Outcome,
  surface,
  under,
  validated,
  validation
} from "../foundation/contract.ts"
import { fail, requestValidator, type Validated, type ValidationError } from "../foundation/issues.ts"
import { amountIssues, fromMinorUnits, toMinorUnits } from "../foundation/money.ts"
import { describe, type Issue, issue } from "../internal/issue.ts"
import { isRecord } from "../internal/predicates.ts"
import { Enum, NonNegativeNumber, PatternText, tolerant, withRule } from "../internal/schema-kit.ts"
import {
  decodeResult,
  type MerchantConfigurationResponse,
  MerchantOption,
  merchantOptionWarnings
} from "../merchant/configuration.ts"
import { type PlanReading, readPlanCurrency, readPlanPayments, refundPlanUnknownFields } from "../plan/reading.ts"
import { CANCELLATION_REASONS, planStatusOf } from "../plan/record.ts"

/**
 * The cancel-plan request (R7.8). The amount's bound and precision depend on
 * the plan and are checked against it.
 *
 * @category Refunds
 * @since 0.1.0
 */
export const CancelPlanRequest = withRule(
  Schema.Struct({
    planId: PatternText(1, 256),
    refundableAmount: NonNegativeNumber("R7.8"),
    reason: Enum(CANCELLATION_REASONS),
    details: Schema.optionalKey(Schema.String)
  }),
  "R7.8"
)

/**
 * @category Refunds
 * @since 0.1.0
 */
export type CancelPlanRequest = typeof CancelPlanRequest.Type

/**
 * What cancelling a plan answers: a `result` in words.
 *
 * @category Refunds
 * @since 0.1.0
 */
export const CancelPlanResult = Schema.Struct({ result: Schema.String })

/**
 * @category Refunds
 * @since 0.1.0
 */
export type CancelPlanResult = typeof CancelPlanResult.Type

/**
 * The cancel-plan response read tolerantly (R9).
 *
 * @category Refunds
 * @since 0.1.0
 */
export const CancelPlanResponse = tolerant(CancelPlanResult)

/**
 * @category Refunds
 * @since 0.1.0
 */
export type CancelPlanResponse = typeof CancelPlanResponse.Type

// ---------------------------------------------------------------------------
// Validation against the plan (R7.8)

/**
 * The plan a cancellation is checked against: its `id`, `status`, currency and
 * what was paid. A plan record is read as well (`totalPaid`,
 * `currency.currencyCode`, its digits from `currency.isZeroDecimal`, R1.2), as
 * a refund calculation reads it.
 *
 * @category Refunds
 * @since 0.1.0
 */
export interface CancellablePlan {
  readonly id?: string | undefined
  readonly status?: string | undefined
  readonly currencyCode?: string | undefined
  readonly totalPaymentsPaid?: number | undefined
}

/**
 * The contract of a cancel-plan request's validation (R10.2): its options, declared once, for
 * `validateCancelPlanRequest` and `Refund.validateCancelPlanRequest`.
 */
export const CANCEL = contract({
  /**
   * The merchant configuration: zero-decimal currencies (R1.2) for a plan that states no digits of
   * its own; one that disagrees with a plan record's is a `digits_mismatch` warning.
   */
  merchant: MerchantOption
}, { optionWarnings: merchantOptionWarnings })

/**
 * Options of {@link validateCancelPlanRequest}: `merchant` (the merchant configuration as the
 * service answers it) and `unknownFields` (R10.2).
 *
 * @category Refunds
 * @since 0.1.0
 */
export interface CancelOptions extends Options<typeof CANCEL> {}

/**
 * The options as the check reads them: the merchant configuration read.
 */
export interface CancelInputs {
  readonly merchant?: MerchantConfigurationResponse | undefined
}

const checkCancelRequest = requestValidator(CancelPlanRequest, "R7.8")

/** How a cancellation names what it reports of the plan: under `plan.`, the missing fields under R7.8. */
const CANCEL_READING: PlanReading = { prefix: "plan.", rule: "R7.8", merchantPath: "merchant" }

/**
 * The plan's issues and what it allows: the currency's exponent and what was paid, in minor units,
 * read by the one reader of a plan (plan/reading.ts), as a calculation reads them.
 */
const planContext = (
  input: unknown,
  merchant: MerchantConfigurationResponse | undefined,
  issues: Array<Issue>,
  warnings: Array<Issue>
): { readonly exponent: number | undefined; readonly paid: number | undefined } => {
  if (!isRecord(input)) {
    issues.push(issue("plan", "type", "R7.8", `must be the plan object being cancelled, got ${describe(input)}`))
    return { exponent: undefined, paid: undefined }
  }
  const status = input["status"]
  if (typeof status === "string" && planStatusOf(status) === "Cancelled") {
    issues.push(issue("plan.status", "conflict", "R7.8", "the plan is already Cancelled and cannot be cancelled again"))
  }
  const read = readPlanPayments(input, merchant, CANCEL_READING, issues, warnings)
  if (read !== undefined) return { exponent: read.exponent, paid: read.paid }
  // what was paid is unusable (reported): the currency may still judge the amount's precision
  return { exponent: readPlanCurrency(input, merchant, CANCEL_READING, [], undefined)?.exponent, paid: undefined }
}

/**
 * {@link validateCancelPlanRequest} as a synchronous `Result`.
 *
 * @since 0.1.0
 */
export const validateCancelRequestResult = (
  plan: unknown,
  request: unknown,
  options?: CancelInputs
): Result.Result<Validated<CancelPlanRequest>, ValidationError> => {
  const checked = checkCancelRequest(request)
  const issues: Array<Issue> = Result.isFailure(checked) ? [...checked.failure.issues] : []
  const requestWarnings = Result.isFailure(checked) ? checked.failure.warnings : checked.success.warnings
  const read: Array<Issue> = []
  const { exponent, paid } = planContext(plan, options?.merchant, issues, read)
  const warnings = read.length === 0 ? requestWarnings : [...requestWarnings, ...read]
  if (isRecord(request)) {
    const planId = request["planId"]
    const id = isRecord(plan) ? plan["id"] : undefined
    if (typeof planId === "string" && typeof id === "string" && planId !== id) {
      issues.push(issue("planId", "conflict", "R7.8", `must be the id of the plan being cancelled, ${describe(id)}`))
    }
    const amount = request["refundableAmount"]
    // the Schema reports a wrong type or a negative amount; the plan decides the rest
    if (exponent !== undefined && typeof amount === "number" && amount >= 0) {
      const minor = toMinorUnits(amount, exponent)
      if (typeof minor !== "number") issues.push(amountIssues("refundableAmount", amount, exponent) as Issue)
      else if (paid !== undefined && minor > paid) {
        issues.push(
          issue(
            "refundableAmount",
            "range",
            "R7.8",
            `must be at most the ${fromMinorUnits(paid, exponent)} paid on the plan, got ${describe(amount)}`
          )
        )
      }
    }
  }
  if (issues.length > 0 || Result.isFailure(checked)) return fail(issues, warnings)
  return Result.succeed(read.length === 0 ? checked.success : { value: checked.success.value, warnings })
}

/**
 * Validates a cancel-plan request against the plan (R7.8): the request's fields
 * (one of the eight reasons, `details` optional), a `refundableAmount` from 0 to
 * what was paid in the currency's precision (any such value: the merchant may
 * override the suggested refund), and a plan not already `Cancelled`. Every
 * problem is reported.
 *
 * @example
 * ```ts
 * import * as Effect from "effect/Effect"
 * import { Refund } from "payment-plan-engine"
 * const plan = { id: "plan_1", status: "OnSchedule", currencyCode: "AUD", totalPaymentsPaid: 400 }
 * Effect.runSync(Refund.validateCancelPlanRequest(plan, { planId: "plan_1", refundableAmount: 275, reason: "CustomerRequest" }))
 * // { value: { planId: "plan_1", refundableAmount: 275, reason: "CustomerRequest" }, warnings: [] }
 * ```
 * @category Refunds
 * @since 0.2.0
 */
export const validateCancelPlanRequest = (
  plan: unknown,
  request: unknown,
  options?: CancelOptions
): Effect.Effect<Validated<CancelPlanRequest>, ValidationError> =>
  validation(CANCEL_SURFACE, options, () => validateCancelOutcome(plan, request, options))

const CANCEL_SURFACE = surface("Refund.validateCancelPlanRequest", CANCEL)

/**
 * A cancel-plan request's validation as every surface answers it: the request and its warnings,
 * the plan's unknown fields under `plan.` (R10.2), the merchant configuration read by the one
 * reader (R9).
 *
 * Shared with the facade, whose plain functions are built on it; no entry point exports it.
 */
export const validateCancelOutcome = (
  plan: unknown,
  request: unknown,
  options: CancelOptions | undefined
): Outcome<CancelPlanRequest> =>
  validated(
    Result.flatMap(
      decodeResult(optionsOf(options).merchant),
      (merchant) => validateCancelRequestResult(plan, request, { merchant })
    ),
    under("plan", refundPlanUnknownFields(plan))
  )
