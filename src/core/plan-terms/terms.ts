/**
 * Plan terms (R6): {@link computeResult} reads the checkout, the plan-terms
 * request and the options with the core's schemas, then computes with the
 * Schema-free kernel (kernel.ts: the deposit and its range, R6.4, instalment
 * amounts with the minimum-payment rule, R6.5, validation entries, R6.6,
 * deposit strategies, R6.7, PayInFull, R6.8, and the schedule, R6.9), which the
 * product-page element shares.
 *
 * @module
 */
import type * as Effect from "effect/Effect"
import { dual } from "effect/Function"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { type CheckoutRequest, requestUnknownFields } from "../checkout/request.ts"
import type { CheckoutResponse } from "../checkout/response.ts"
import {
  both,
  calculation,
  contract,
  InstantOption,
  type Options,
  optionsOf,
  type Outcome,
  outcome,
  surface,
  under
} from "../foundation/contract.ts"
import { fail, type Input, type ValidationError } from "../foundation/issues.ts"
import * as Time from "../foundation/time/index.ts"
import { describe, type Issue, issue } from "../internal/issue.ts"
import {
  decodeResult,
  type MerchantConfigurationResponse,
  MerchantOption,
  merchantOptionWarnings
} from "../merchant/configuration.ts"
import { isCheckoutResponse, readCheckoutResult, type TermsCheckout } from "./checkout.ts"
import {
  DEPOSIT_STRATEGIES,
  type DepositStrategy,
  paymentBounds,
  planDayOrIssue,
  requestedDeposit,
  termsOf
} from "./kernel.ts"
import {
  type PlanTermsRequest,
  requestUnknownFields as planTermsRequestUnknownFields,
  validateRequestResult
} from "./request.ts"
import type { PlanTerms } from "./response.ts"

/**
 * The contract of computing plan terms (R10.2): its options, declared once, for `computePlanTerms`,
 * its twin and `PlanTerms.compute`.
 */
export const COMPUTE = contract({
  /** The instant the terms are computed at: its date in the request's zone is the plan date (R6.1). */
  now: InstantOption,
  /** The merchant configuration: payment bounds per currency (R6.4), default deposits and deadlines (R2). */
  merchant: MerchantOption,
  /** `minimum` (default) or `even`, for merchant-assisted checkouts (R6.7). */
  depositStrategy: Schema.optional(Schema.Literals(DEPOSIT_STRATEGIES))
}, { optionWarnings: merchantOptionWarnings })

/**
 * Options of {@link compute}: `now`, `merchant` (the merchant configuration as the service answers
 * it), `depositStrategy` and `unknownFields` (R10.2).
 *
 * @category Plan terms
 * @since 0.1.0
 */
export interface ComputeOptions extends Options<typeof COMPUTE> {}

/**
 * The options as the computation reads them: the merchant configuration read.
 */
export interface ComputeInputs {
  readonly now: Time.InstantInput
  readonly merchant?: MerchantConfigurationResponse | undefined
  readonly depositStrategy?: DepositStrategy | undefined
}

const STRATEGIES: ReadonlySet<unknown> = new Set(DEPOSIT_STRATEGIES)

const optionIssues = (options: ComputeInputs | undefined, now: number | undefined): Array<Issue> => {
  const issues: Array<Issue> = []
  if (now === undefined) {
    issues.push(
      issue(
        "now",
        "format",
        "R3.1",
        `must be a valid instant (Date, epoch milliseconds or RFC 3339 date-time), got ${describe(options?.now)}`
      )
    )
  }
  const strategy = options?.depositStrategy
  if (strategy !== undefined && !STRATEGIES.has(strategy)) {
    issues.push(issue("depositStrategy", "enum", "R6.7", `must be one of "minimum", "even", got ${describe(strategy)}`))
  }
  return issues
}

/** The request, the checkout and `now`, read and checked. */
interface Inputs {
  readonly now: number
  readonly terms: PlanTermsRequest
  readonly priced: TermsCheckout
}

/**
 * Reads the options, the plan-terms request and the checkout (priced in the request's zone), and
 * checks that the request names the checkout (R6): the inputs, or every issue of them.
 */
const readInputs = (
  checkout: unknown,
  request: unknown,
  options: ComputeInputs
): Result.Result<Inputs, ValidationError> => {
  const now = Time.toEpochMillis(options?.now)
  const issues = optionIssues(options, now)
  const validated = validateRequestResult(request)
  if (Result.isFailure(validated)) issues.push(...validated.failure.issues)
  const terms = Result.isSuccess(validated) ? validated.success.value : undefined
  // A bad zone is the request's issue; the checkout is still read, for its own.
  const read = readCheckoutResult(checkout, terms?.timeZone ?? "UTC", options?.merchant)
  if (Result.isFailure(read)) issues.push(...read.failure.issues)
  if (issues.length > 0 || terms === undefined || now === undefined || Result.isFailure(read)) return fail(issues)
  const priced = read.success
  if (priced.id !== undefined && priced.id !== terms.checkoutId) {
    return fail([
      issue(
        "checkoutId",
        "conflict",
        "R6",
        `must be the id of the checkout, ${describe(priced.id)}, got ${describe(terms.checkoutId)}`
      )
    ])
  }
  return Result.succeed({ now, terms, priced })
}

/**
 * {@link compute} as a synchronous `Result`, for hot loops and for adapters.
 *
 * @example
 * ```ts
 * import * as Result from "effect/Result"
 * const terms = computeResult(checkoutRequest, { checkoutId: "chk_1", type: "plan", timeZone: "Australia/Sydney" }, { now: "2026-11-22T09:30:00Z" })
 * if (Result.isSuccess(terms)) terms.success.schedule // [{ installmentNumber: 1, date: "2026-11-22", amount: … }, …]
 * ```
 * @since 0.1.0
 */
export const computeResult = (
  checkout: unknown,
  request: unknown,
  options: ComputeInputs
): Result.Result<PlanTerms, ValidationError> => {
  const inputs = readInputs(checkout, request, options)
  if (Result.isFailure(inputs)) return Result.fail(inputs.failure)
  const { now, priced, terms } = inputs.success
  const planType = terms.planType ?? "Installment"
  const { exponent } = priced
  const asked = terms.deposit?.amount
  const requested = asked === undefined || planType === "PayInFull" ? undefined : requestedDeposit(asked, exponent)
  if (requested !== undefined && "code" in requested) return fail([requested])

  const planDay = planDayOrIssue(now, terms.timeZone)
  if (typeof planDay !== "number") return fail([planDay])
  return Result.succeed(termsOf({
    planType,
    checkout: priced,
    planDay,
    cadence: terms.installments?.cadence,
    bounds: paymentBounds(options.merchant, priced.currencyCode, exponent),
    requested,
    strategy: options.depositStrategy ?? "minimum"
  }))
}

/**
 * Computes the plan terms of a checkout (R6), as the service's
 * compute-plan-terms response, with `schedule`: every payment as
 * `{ installmentNumber, date, amount }`, number 1 the deposit with the
 * remainder on the plan date (R6.9). `checkout` is a create-checkout request
 * or a checkout response. Invalid input (the request, the checkout, `now`)
 * fails with a `ValidationError` naming every issue; terms that can be computed
 * but are unacceptable carry `installments.validation` entries instead (R6.6).
 * An option it does not have is one of its issues (`unknown_option`); a field
 * of a checkout request or of the plan-terms request no rule reads is logged at
 * Warning level (R10.2). Data-first, or data-last in a pipe
 * (`pipe(checkout, PlanTerms.compute(request, { now }))`); a span named
 * `PlanTerms.compute` when a tracer is installed.
 *
 * @example
 * ```ts
 * import * as Effect from "effect/Effect"
 * import { PlanTerms } from "payment-plan-engine"
 * const terms = Effect.runSync(
 *   PlanTerms.compute(checkoutRequest, { checkoutId: "chk_1", type: "plan", timeZone: "Australia/Sydney",
 *     installments: { cadence: { frequency: "Fortnightly", on: { dayOfWeek: "Friday" } } } }, { now: new Date() })
 * )
 * ```
 * @category Plan terms
 * @since 0.1.0
 */
export const compute: {
  (request: Input<PlanTermsRequest>, options: ComputeOptions): {
    (checkout: Input<CheckoutRequest> | CheckoutResponse): Effect.Effect<PlanTerms, ValidationError>
  }
  (
    checkout: Input<CheckoutRequest>,
    request: Input<PlanTermsRequest>,
    options: ComputeOptions
  ): Effect.Effect<PlanTerms, ValidationError>
  (
    checkout: CheckoutResponse,
    request: Input<PlanTermsRequest>,
    options: ComputeOptions
  ): Effect.Effect<PlanTerms, ValidationError>
} = dual(
  3,
  (checkout: unknown, request: unknown, options: ComputeOptions) =>
    calculation(COMPUTE_SURFACE, options, () => computeOutcome(checkout, request, options))
)

const COMPUTE_SURFACE = surface("PlanTerms.compute", COMPUTE)

/**
 * Plan terms as every surface answers them: the terms, and the unknown fields of a checkout
 * request (under `checkout.`) and of the plan-terms request (R10.2); a checkout response is the
 * service's answer, read tolerantly (R9). The merchant configuration is read by the one reader.
 *
 * Shared with the facade, whose plain functions are built on it; no entry point exports it.
 */
export const computeOutcome = (checkout: unknown, request: unknown, options: ComputeOptions): Outcome<PlanTerms> => {
  const o = optionsOf(options)
  const merchant = decodeResult(o.merchant)
  const ofCheckout = isCheckoutResponse(checkout) ? NONE : requestUnknownFields(checkout)
  return outcome(
    Result.isFailure(merchant)
      ? Result.fail(merchant.failure)
      : computeResult(checkout, request, {
        now: o.now,
        merchant: merchant.success,
        depositStrategy: o.depositStrategy
      }),
    both(under("checkout", ofCheckout), planTermsRequestUnknownFields(request))
  )
}

const NONE: ReadonlyArray<Issue> = []
