/**
 * The checkout that plan terms are computed for: a create-checkout request,
 * priced by the checkout totals (R2), or a checkout response, whose totals the
 * service has already computed (read tolerantly, R9).
 *
 * @module
 */
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { CheckoutResponse } from "../checkout/response.ts"
import { priceUnknownResult } from "../checkout/totals.ts"
import { fail, type ValidationError } from "../foundation/issues.ts"
import { amountIssues, currencyExponentOrIssue } from "../foundation/money.ts"
import * as Time from "../foundation/time/index.ts"
import { describe, type Issue, issue, prefixPath } from "../internal/issue.ts"
import { DESCRIBED, issuesFromSchema } from "../internal/schema-issues.ts"
import type { MerchantConfigurationResponse } from "../merchant/configuration.ts"
import type { TermsCheckout } from "./kernel.ts"

// what plan terms need of a checkout: the kernel's input, declared there (Schema-free)
export type { TermsCheckout } from "./kernel.ts"

/**
 * Whether a checkout is a response: responses carry the checkout `id`, which a
 * create request does not have.
 *
 * @category Plan terms
 * @since 0.1.0
 */
export const isCheckoutResponse = (checkout: unknown): boolean =>
  typeof checkout === "object" && checkout !== null && !Array.isArray(checkout) && "id" in checkout

const PATH = "checkout"

const prefixed = (issues: ReadonlyArray<Issue>): Array<Issue> =>
  issues.map((i) => ({ ...i, path: prefixPath(PATH, i.path) }))

const decodeResponse = Schema.decodeUnknownResult(CheckoutResponse)
const decodedResponses = new WeakMap<object, CheckoutResponse>()

/**
 * A copy without the `null`s a tolerant response may carry, in objects at any depth (R9: null is missing);
 * arrays and other values as they are.
 */
const withoutNulls = (value: unknown): unknown => {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value
  const out: Record<string, unknown> = {}
  for (const [key, v] of Object.entries(value)) {
    if (v !== null) out[key] = withoutNulls(v)
  }
  return out
}

const fromRequest = (
  request: unknown,
  timeZone: string,
  merchant: MerchantConfigurationResponse | undefined
): Result.Result<TermsCheckout, ValidationError> => {
  const priced = priceUnknownResult(request, { merchant, timeZone })
  if (Result.isFailure(priced)) return fail(prefixed(priced.failure.issues))
  const redirect = (request as Record<string, unknown>)["redirectURL"]
  const p = priced.success
  return Result.succeed({
    id: undefined,
    currencyCode: p.currencyCode,
    exponent: p.exponent,
    totalCost: p.totalCost,
    totalMinimumDeposit: p.totalMinimumDeposit,
    completionDay: p.completionDay,
    redirectURL: typeof redirect === "string" ? redirect : undefined
  })
}

const fromResponse = (
  input: object,
  timeZone: string,
  merchant: MerchantConfigurationResponse | undefined
): Result.Result<TermsCheckout, ValidationError> => {
  let response = decodedResponses.get(input)
  if (response === undefined) {
    const decoded = decodeResponse(input, DESCRIBED)
    if (Result.isFailure(decoded)) {
      return fail(prefixed(issuesFromSchema(decoded.failure.issue, "R9", CheckoutResponse.ast).issues))
    }
    response = decoded.success
    decodedResponses.set(input, response)
  }
  const redirectURL = response.redirectURL ?? undefined
  const { totalCost, totalMinimumDeposit, completionDate } = response
  if (totalCost == null || totalMinimumDeposit == null || completionDate == null) {
    // The service's totals are missing: price the items as the service would (R2).
    const priceable: Record<string, unknown> = {}
    if (response.currencyCode != null) priceable["currencyCode"] = response.currencyCode
    if (response.items != null) priceable["items"] = response.items.map(withoutNulls)
    const priced = fromRequest(priceable, timeZone, merchant)
    return Result.isFailure(priced) ? priced : Result.succeed({ ...priced.success, id: response.id, redirectURL })
  }
  const issues: Array<Issue> = []
  const exponent = currencyExponentOrIssue(`${PATH}.currencyCode`, response.currencyCode, merchant)
  if (typeof exponent !== "number") return fail([exponent])
  const cost = amountIssues(`${PATH}.totalCost`, totalCost, exponent)
  if (typeof cost !== "number") issues.push(cost)
  const minimum = amountIssues(`${PATH}.totalMinimumDeposit`, totalMinimumDeposit, exponent)
  if (typeof minimum !== "number") issues.push(minimum)
  const completion = Time.parseDateOrInstant(completionDate)
  if (completion === undefined) {
    issues.push(
      issue(
        `${PATH}.completionDate`,
        "format",
        "R2.5",
        `must be a date YYYY-MM-DD or a date-time with an offset, got ${describe(completionDate)}`
      )
    )
  }
  // every issue above comes with one of these (and they narrow the types)
  if (typeof cost !== "number" || typeof minimum !== "number" || completion === undefined) return fail(issues)
  return Result.succeed({
    id: response.id,
    currencyCode: response.currencyCode!,
    exponent,
    totalCost: cost,
    totalMinimumDeposit: minimum,
    completionDay: completion._tag === "Date" ? completion.day : Time.localDay(completion.ms, timeZone),
    redirectURL
  })
}

/**
 * Reads the checkout of a plan-terms computation: a checkout response (it has
 * an `id`) by its own `totalCost`, `totalMinimumDeposit` and `completionDate`,
 * or, when it lacks one of them, by pricing its items; a checkout request by
 * the checkout totals (R2). Date-times become calendar dates in `timeZone`
 * (R2.5). Issues are reported under `checkout`.
 *
 * @since 0.1.0
 */
export const readCheckoutResult = (
  checkout: unknown,
  timeZone: string,
  merchant?: MerchantConfigurationResponse
): Result.Result<TermsCheckout, ValidationError> =>
  isCheckoutResponse(checkout)
    ? fromResponse(checkout as object, timeZone, merchant)
    : fromRequest(checkout, timeZone, merchant)
