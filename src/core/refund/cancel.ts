/**
 * Cancelling a plan with a refund (R7.8): the request (strict) and response.
 *
 * @since 0.1.0
 */
import { Effect, Result, Schema } from "effect"
import { describe, fail, type Issue, issue, rule, type Validated, type ValidationError } from "../foundation/issues.ts"
import { amountIssues, currencyExponentOrIssue, fromMinorUnits, toMinorUnits } from "../foundation/money.ts"
import { Enum, FiniteNumber, loose, OpenStruct, PatternText } from "../internal/schema-kit.ts"
import { requestValidator } from "../internal/validator.ts"
import type { MerchantLike } from "../merchant/configuration.ts"
import { CANCELLATION_REASONS } from "../plan/record.ts"

/**
 * The cancel-plan request. The amount's bound and precision depend on the plan
 * (R7.8) and are checked against it.
 *
 * @since 0.1.0
 */
export const CancelPlanRequest = Schema.Struct({
  planId: PatternText(1, 256),
  refundableAmount: FiniteNumber.check(rule<number>("range", "R7.8", "must not be negative", (n) => n >= 0)),
  reason: Enum(CANCELLATION_REASONS),
  details: Schema.optionalKey(Schema.String)
})

/**
 * @since 0.1.0
 */
export type CancelPlanRequest = typeof CancelPlanRequest.Type

/**
 * @since 0.1.0
 */
export const CancelPlanResponse = OpenStruct({ result: loose(Schema.String) })

/**
 * @since 0.1.0
 */
export type CancelPlanResponse = typeof CancelPlanResponse.Type

// ---------------------------------------------------------------------------
// Validation against the plan (R7.8)

/**
 * The plan a cancellation is checked against: its `id`, `status`, currency and
 * what was paid. A plan record is read as well (`totalPaid`, `currency.currencyCode`).
 *
 * @since 0.1.0
 */
export interface CancellablePlan {
  readonly id?: string | undefined
  readonly status?: string | undefined
  readonly currencyCode?: string | undefined
  readonly totalPaymentsPaid?: number | undefined
}

/**
 * Options of {@link validateCancelRequest}.
 *
 * @since 0.1.0
 */
export interface CancelOptions {
  /** The merchant configuration: zero-decimal currencies (R1.2). */
  readonly merchant?: MerchantLike | undefined
}

const checkCancelRequest = requestValidator(CancelPlanRequest, "R7.8")

const isObject = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null && !Array.isArray(u)

/** The plan's issues and what it allows: the currency's exponent and what was paid, in minor units. */
const planContext = (
  plan: unknown,
  merchant: MerchantLike | undefined,
  issues: Array<Issue>
): { readonly exponent: number | undefined; readonly paid: number | undefined } => {
  if (!isObject(plan)) {
    issues.push(issue("plan", "type", "R7.8", `must be the plan object being cancelled, got ${describe(plan)}`))
    return { exponent: undefined, paid: undefined }
  }
  const status = plan["status"]
  if (typeof status === "string" && /^cancelled$/i.test(status)) {
    issues.push(issue("plan.status", "conflict", "R7.8", "the plan is already Cancelled and cannot be cancelled again"))
  }
  const currency = plan["currency"]
  const code = plan["currencyCode"] ?? (isObject(currency) ? currency["currencyCode"] : undefined)
  const exponent = currencyExponentOrIssue("plan.currencyCode", code, merchant)
  if (typeof exponent !== "number") {
    issues.push(exponent)
    return { exponent: undefined, paid: undefined }
  }
  const paidPath = plan["totalPaymentsPaid"] === undefined && plan["totalPaid"] !== undefined
    ? "plan.totalPaid"
    : "plan.totalPaymentsPaid"
  const paid = amountIssues(paidPath, plan[paidPath.slice(5)], exponent)
  if (typeof paid !== "number") {
    issues.push(
      paid.code === "type" && plan[paidPath.slice(5)] === undefined
        ? issue(paidPath, "required", "R7.8", "is required")
        : paid
    )
    return { exponent, paid: undefined }
  }
  return { exponent, paid }
}

/**
 * {@link validateCancelRequest} as a synchronous `Result`.
 *
 * @since 0.1.0
 */
export const validateCancelRequestResult = (
  plan: unknown,
  request: unknown,
  options?: CancelOptions
): Result.Result<Validated<CancelPlanRequest>, ValidationError> => {
  const checked = checkCancelRequest(request)
  const issues: Array<Issue> = Result.isFailure(checked) ? [...checked.failure.issues] : []
  const warnings = Result.isFailure(checked) ? checked.failure.warnings : checked.success.warnings
  const { exponent, paid } = planContext(plan, options?.merchant, issues)
  if (isObject(request)) {
    const planId = request["planId"]
    const id = isObject(plan) ? plan["id"] : undefined
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
  return issues.length === 0 && Result.isSuccess(checked) ? Result.succeed(checked.success) : fail(issues, warnings)
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
 * import { Effect } from "effect"
 * import { Refund } from "payment-plan-engine"
 * const plan = { id: "plan_1", status: "OnSchedule", currencyCode: "AUD", totalPaymentsPaid: 400 }
 * Effect.runSync(Refund.validateCancelRequest(plan, { planId: "plan_1", refundableAmount: 275, reason: "CustomerRequest" }))
 * // { value: { planId: "plan_1", refundableAmount: 275, reason: "CustomerRequest" }, warnings: [] }
 * ```
 * @since 0.1.0
 */
export const validateCancelRequest = (
  plan: unknown,
  request: unknown,
  options?: CancelOptions
): Effect.Effect<Validated<CancelPlanRequest>, ValidationError> =>
  Effect.fromResult(validateCancelRequestResult(plan, request, options))
