/**
 * Checkouts in the sandbox: creating one from a validated request with the
 * core's totals, reading it back as the verification response, and the facts
 * the merchant API and the widget API share (ownership, expiry, redirect).
 *
 * @module
 */
import * as Result from "effect/Result"
import * as Checkout from "../../core/checkout/index.ts"
import * as Currency from "../../core/foundation/currency.ts"
import * as Money from "../../core/foundation/money.ts"
import * as Time from "../../core/foundation/time/index.ts"
import { issue } from "../../core/internal/issue.ts"
import * as PlanTerms from "../../core/plan-terms/index.ts"
import { CHECKOUT_ID_PARAMETER } from "../../core/verification/index.ts"
import type { Context, SandboxEnvironment } from "./handler.ts"
import { HttpError, notFound, validationFailed } from "./http.ts"
import type { SandboxMerchant } from "./merchants.ts"
import type { StoredCheckout } from "./store.ts"

/** The widget script's path; `checkoutWorkflow.sdkWidget.scriptUrl` is the base URL and this. */
export const WIDGET_SCRIPT_PATH = "/widget/sdk.js"

/** The hosted checkout page of a checkout. */
export const widgetPagePath = (checkoutId: string): string => `/widget/checkout/${encodeURIComponent(checkoutId)}`

/** The checkout `id`, or 404 — also when it belongs to another merchant, so ids of others reveal nothing. */
export const checkoutOf = (env: SandboxEnvironment, id: string, merchant?: SandboxMerchant): StoredCheckout => {
  const checkout = env.store.getCheckout(id)
  if (checkout === undefined || (merchant !== undefined && checkout.merchantId !== merchant.id)) {
    throw notFound(`Checkout ${id}`)
  }
  return checkout
}

/** The merchant that owns a checkout (the widget API is keyed by checkout id alone). */
export const ownerOf = (env: SandboxEnvironment, checkout: StoredCheckout): SandboxMerchant => {
  const merchant = env.merchants.byId(checkout.merchantId)
  // a checkout of a merchant no longer configured is as good as gone
  if (merchant === undefined) throw notFound(`Checkout ${checkout.id}`)
  return merchant
}

/** Valid from creation until creation + expiry minutes, end excluded (R4.7). */
export const isExpired = (checkout: StoredCheckout, now: number): boolean => now >= checkout.expiresAt

/** What the widget shows as the checkout's state. */
export const checkoutStatus = (checkout: StoredCheckout, now: number): "Open" | "Completed" | "Rejected" | "Expired" =>
  checkout.state === "Open" && isExpired(checkout, now) ? "Expired" : checkout.state

/** 410 when an open checkout has expired. */
export const assertNotExpired = (checkout: StoredCheckout, now: number): void => {
  if (checkout.state === "Open" && isExpired(checkout, now)) {
    throw new HttpError(
      "checkout_expired",
      `Checkout ${checkout.id} expired at ${Time.formatInstant(checkout.expiresAt)} and can no longer complete (R4.7)`
    )
  }
}

/** The checkout's `redirectURL` with `service_checkout_id` set to its id (exactly once, R8.1). */
export const redirectUrlOf = (checkout: StoredCheckout): string => {
  const url = new URL(String(checkout.request["redirectURL"]))
  url.searchParams.set(CHECKOUT_ID_PARAMETER, checkout.id)
  return url.toString()
}

/** The merchant's payment bounds for a currency as the core reads them (R6.4), with its digits (R1.2). */
export const currencyOf = (merchant: SandboxMerchant, currencyCode: string) => {
  const digits = Currency.exponent(currencyCode, merchant.configuration) ?? 2
  const bounds = PlanTerms.paymentBounds(merchant.configuration, currencyCode, digits)
  return {
    currencyCode,
    minimumPaymentAmount: Money.fromMinorUnits(bounds.minimum, digits),
    ...(bounds.maximum === undefined ? {} : { maximumPaymentAmount: Money.fromMinorUnits(bounds.maximum, digits) }),
    digits
  }
}

/** `POST /api/v2/checkout`: validate (R4), price (R2), store, answer 201 with the checkout. */
export const createCheckout = (context: Context) => {
  const { env, merchant } = context
  const now = env.now(merchant.id)
  const options = { merchantId: merchant.id, now, merchant: merchant.configuration, timeZone: merchant.timeZone }
  const validated = Checkout.validateRequestResult(context.body, options)
  if (Result.isFailure(validated)) {
    throw new HttpError("validation_failed", "The checkout request is invalid", {
      issues: validated.failure.issues,
      extra: validated.failure.warnings.length > 0 ? { warnings: validated.failure.warnings } : {}
    })
  }
  const request = validated.success.value
  const accepted = merchant.configuration.currencies ?? []
  if (accepted.length > 0 && !accepted.some((c) => c?.currencyCode === request.currencyCode)) {
    const codes = accepted.map((c) => c?.currencyCode).join(", ")
    throw validationFailed([
      issue("currencyCode", "unknown_currency", "R4.4", `is not a currency of merchant ${merchant.id} (${codes})`)
    ])
  }
  const summary = Checkout.summarizeResult(request, {
    now,
    merchant: merchant.configuration,
    timeZone: merchant.timeZone
  })
  if (Result.isFailure(summary)) throw validationFailed(summary.failure.issues)
  const id = env.newId("chk")
  const created = Time.formatInstant(now)
  const response = {
    id,
    created,
    merchantId: merchant.id,
    merchantOrderId: request.merchantOrderId,
    totalCost: summary.success.totalCost,
    totalMinimumDeposit: summary.success.totalMinimumDeposit,
    completionDate: summary.success.completionDate,
    currencyCode: request.currencyCode,
    redirectURL: request.redirectURL,
    ...(request.callbackURL !== undefined ? { callbackURL: request.callbackURL } : {}),
    planType: request.planType ?? "Installment",
    ...(request.externalCode !== undefined ? { externalCode: request.externalCode } : {}),
    ...(request.merchantMetadata !== undefined ? { merchantMetadata: request.merchantMetadata } : {}),
    items: request.items.map((item, index) => ({ id: `${id}_item${index + 1}`, ...item })),
    checkoutWorkflow: { sdkWidget: { type: "script", id, scriptUrl: `${context.baseUrl}${WIDGET_SCRIPT_PATH}` } },
    createdAt: created,
    expiresAt: summary.success.expiresAt,
    widgetUrl: `${context.baseUrl}${widgetPagePath(id)}`,
    ...(validated.success.warnings.length > 0 ? { warnings: validated.success.warnings } : {})
  }
  const checkout: StoredCheckout = {
    id,
    merchantId: merchant.id,
    createdAt: now,
    expiresAt: Time.toEpochMillis(summary.success.expiresAt)!,
    timeZone: merchant.timeZone,
    request: request as unknown as Record<string, unknown>,
    response,
    state: "Open"
  }
  env.store.putCheckout(checkout)
  return { status: 201, body: response }
}

/**
 * The verification response (retrieve checkout): the checkout, its `status`,
 * and `plan` once the widget finished: the deposit `Accepted` with the plan's
 * id and instalments, or `Rejected` without a plan.
 */
export const verificationOf = (checkout: StoredCheckout, now: number): Record<string, unknown> => {
  const base = { ...checkout.response, status: checkoutStatus(checkout, now) }
  const currencyCode = checkout.response["currencyCode"]
  if (checkout.deposit === undefined) return base
  if (checkout.deposit.status === "Rejected") {
    return { ...base, plan: { currencyCode, deposit: { amount: checkout.deposit.amount, status: "Rejected" } } }
  }
  const terms = checkout.terms ?? {}
  const installments = (terms["installments"] ?? {}) as {
    amount?: number
    count?: number
    cadence?: { frequency?: string; on?: Record<string, unknown> }
  }
  const frequency = installments.cadence?.frequency
  return {
    ...base,
    plan: {
      id: checkout.planId,
      currencyCode,
      deposit: { amount: checkout.deposit.amount, status: "Accepted" },
      instalments: {
        amount: installments.amount,
        count: installments.count,
        cadence: {
          // the verification response writes frequencies in lower case ("weekly", "fortnightly")
          ...(frequency !== undefined ? { frequency: frequency.toLowerCase() } : {}),
          on: installments.cadence?.on ?? {}
        }
      }
    }
  }
}
