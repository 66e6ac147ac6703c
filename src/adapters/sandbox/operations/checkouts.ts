/**
 * Checkouts in the sandbox: creating one from a validated request with the
 * core's totals, reading it back as the verification response, what the
 * customer's widget reads and its cancellation, and the facts both share
 * (ownership, expiry, redirect). No HTTP here: the routes call these.
 *
 * @module
 */
import * as Result from "effect/Result"
import * as Currency from "../../../core/foundation/currency.ts"
import { issue } from "../../../core/foundation/issues.ts"
import * as Money from "../../../core/foundation/money.ts"
import * as Time from "../../../core/foundation/time/index.ts"
import * as PlanTerms from "../../../core/plan-terms/index.ts"
import { CHECKOUT_ID_PARAMETER } from "../../../core/verification/index.ts"
import { validateRequestResult as validateCheckoutRequestResult } from "../../../facade/shared.ts"
import { summarizeResult } from "../../../facade/shared.ts"
import { calculateResult } from "../../../facade/shared.ts"
import type { SandboxMerchant } from "../merchants.ts"
import type { SandboxCheckout, StoredCheckout } from "../store.ts"
import { checkoutSaved } from "../webhooks/hooks.ts"
import type { Cancelled, CheckoutStatus, RefundMilestones, WidgetCheckout, WidgetCurrency } from "../widget/protocol.ts"
import type { SandboxEnvironment } from "./environment.ts"
import { CheckoutExpired, invalid, InvalidInput, NotFound, StateConflict } from "./failures.ts"
import { widgetPageUrl, widgetScriptUrl } from "./links.ts"

/** Every write of a checkout: inside the request's transaction, the place to record what changed beside it. */
export const saveCheckout = (env: SandboxEnvironment, checkout: StoredCheckout): void => {
  const previous = env.webhooks === undefined ? undefined : env.store.getCheckout(checkout.id)
  env.store.putCheckout(checkout)
  checkoutSaved(env.webhooks, previous, checkout)
}

/** The checkout `id`, or `NotFound` — also when it belongs to another merchant, so ids of others reveal nothing. */
export const checkoutOf = (env: SandboxEnvironment, id: string, merchant?: SandboxMerchant): StoredCheckout => {
  const checkout = env.store.getCheckout(id)
  if (checkout === undefined || (merchant !== undefined && checkout.merchantId !== merchant.id)) {
    throw new NotFound({ what: `Checkout ${id}` })
  }
  return checkout
}

/** The merchant that owns a checkout (the widget API is keyed by checkout id alone). */
export const ownerOf = (env: SandboxEnvironment, checkout: StoredCheckout): SandboxMerchant => {
  const merchant = env.merchants.byId(checkout.merchantId)
  // a checkout of a merchant no longer configured is as good as gone
  if (merchant === undefined) throw new NotFound({ what: `Checkout ${checkout.id}` })
  return merchant
}

/** A checkout as the customer's widget reaches it: by id alone, with its merchant and that merchant's time. */
export const customerCheckout = (env: SandboxEnvironment, checkoutId: string) => {
  const checkout = checkoutOf(env, checkoutId)
  const merchant = ownerOf(env, checkout)
  return { checkout, merchant, now: env.now(merchant.id) }
}

/** Valid from creation until creation + expiry minutes, end excluded (R4.7). */
export const isExpired = (checkout: StoredCheckout, now: number): boolean => now >= checkout.expiresAt

/** What the widget and the verification show as the checkout's state. */
export const checkoutStatus = (checkout: StoredCheckout, now: number): CheckoutStatus =>
  checkout.state === "Open" && isExpired(checkout, now) ? "Expired" : checkout.state

/** `CheckoutExpired` when an open checkout has expired. */
export const assertNotExpired = (checkout: StoredCheckout, now: number): void => {
  if (checkout.state === "Open" && isExpired(checkout, now)) {
    throw new CheckoutExpired({ checkoutId: checkout.id, expiresAt: checkout.expiresAt })
  }
}

/** `StateConflict` once the customer finished: a checkout finishes once. */
export const alreadyFinished = (checkout: StoredCheckout): StateConflict =>
  new StateConflict({
    message: `Checkout ${checkout.id} is already ${
      checkout.state === "Completed" ? "completed" : "finished (declined or cancelled)"
    }`
  })

/** The checkout's `redirectURL` with `service_checkout_id` set to its id (exactly once, R8.1). */
export const redirectUrlOf = (checkout: StoredCheckout): string => {
  const url = new URL(checkout.request.redirectURL)
  url.searchParams.set(CHECKOUT_ID_PARAMETER, checkout.id)
  return url.toString()
}

/** The merchant's payment bounds for a currency as the core reads them (R6.4), with its digits (R1.2). */
export const currencyOf = (merchant: SandboxMerchant, currencyCode: string): WidgetCurrency => {
  const digits = Currency.exponent(currencyCode, merchant.configuration) ?? 2
  const bounds = PlanTerms.paymentBounds(merchant.configuration, currencyCode, digits)
  return {
    currencyCode,
    minimumPaymentAmount: Money.fromMinorUnits(bounds.minimum, digits),
    ...(bounds.maximum === undefined ? {} : { maximumPaymentAmount: Money.fromMinorUnits(bounds.maximum, digits) }),
    digits
  }
}

/** Each item's refund policies with the dates they take effect (R7.7), for the widget. */
export const refundMilestones = (
  checkout: StoredCheckout,
  merchant: SandboxMerchant,
  now: number
): Array<RefundMilestones> => {
  const calculation = calculateResult(
    {
      currencyCode: checkout.request.currencyCode,
      totalPaymentsPaid: 0,
      timeZone: checkout.timeZone,
      items: checkout.response.items
    },
    { at: now, merchant: merchant.configuration }
  )
  if (Result.isFailure(calculation)) {
    throw invalid(calculation.failure.issues, "The stored checkout's refund cannot be calculated")
  }
  return calculation.success.items.map((item) => ({ itemId: item.id, name: item.name, policies: item.refundPolicies }))
}

/**
 * Create checkout: the request validated (R4) and priced (R2) by the core,
 * stored, and answered with the sandbox's addresses under `baseUrl`.
 */
export const createCheckout = (
  env: SandboxEnvironment,
  merchant: SandboxMerchant,
  body: unknown,
  baseUrl: string
): SandboxCheckout => {
  const now = env.now(merchant.id)
  const options = { merchantId: merchant.id, now, merchant: merchant.configuration, timeZone: merchant.timeZone }
  const validated = validateCheckoutRequestResult(body, options)
  if (Result.isFailure(validated)) {
    throw new InvalidInput({
      issues: validated.failure.issues,
      warnings: validated.failure.warnings,
      message: "The checkout request is invalid"
    })
  }
  const request = validated.success.value
  const accepted = merchant.configuration.currencies ?? []
  if (accepted.length > 0 && !accepted.some((c) => c?.currencyCode === request.currencyCode)) {
    const codes = accepted.map((c) => c?.currencyCode).join(", ")
    throw invalid([
      issue("currencyCode", "unknown_currency", "R4.4", `is not a currency of merchant ${merchant.id} (${codes})`)
    ])
  }
  const summary = summarizeResult(request, {
    now,
    merchant: merchant.configuration,
    timeZone: merchant.timeZone
  })
  if (Result.isFailure(summary)) throw invalid(summary.failure.issues)
  const id = env.newId("chk")
  const created = Time.formatInstant(now)
  const response: SandboxCheckout = {
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
    checkoutWorkflow: { sdkWidget: { type: "script", id, scriptUrl: widgetScriptUrl(baseUrl) } },
    createdAt: created,
    expiresAt: summary.success.expiresAt,
    widgetUrl: widgetPageUrl(baseUrl, id),
    ...(validated.success.warnings.length > 0 ? { warnings: validated.success.warnings } : {})
  }
  saveCheckout(env, {
    id,
    merchantId: merchant.id,
    createdAt: now,
    expiresAt: Time.toEpochMillis(summary.success.expiresAt)!,
    timeZone: merchant.timeZone,
    request,
    response,
    state: "Open"
  })
  return response
}

/**
 * The verification response (retrieve checkout): the checkout, its `status`,
 * and `plan` once the widget finished: the deposit `Accepted` with the plan's
 * id and instalments, or `Rejected` without a plan.
 */
export const verificationOf = (checkout: StoredCheckout, now: number) => {
  const base = { ...checkout.response, status: checkoutStatus(checkout, now) }
  const currencyCode = checkout.response.currencyCode
  if (checkout.deposit === undefined) return base
  if (checkout.deposit.status === "Rejected") {
    return { ...base, plan: { currencyCode, deposit: { amount: checkout.deposit.amount, status: "Rejected" } } }
  }
  const installments = checkout.terms?.installments
  return {
    ...base,
    plan: {
      id: checkout.planId,
      currencyCode,
      deposit: { amount: checkout.deposit.amount, status: "Accepted" },
      instalments: {
        amount: installments?.amount,
        count: installments?.count,
        cadence: {
          // the verification response writes frequencies in lower case ("weekly", "fortnightly")
          ...(installments !== undefined ? { frequency: installments.cadence.frequency.toLowerCase() } : {}),
          on: installments?.cadence.on ?? {}
        }
      }
    }
  }
}

/** Retrieve checkout: the merchant's own checkout, as the verification response at the merchant's time. */
export const retrieveCheckout = (env: SandboxEnvironment, merchant: SandboxMerchant, checkoutId: string) =>
  verificationOf(checkoutOf(env, checkoutId, merchant), env.now(merchant.id))

/**
 * What the customer's widget reads of a checkout (the widget's protocol, what
 * its page reads): the checkout, the core's summary (R2), the currency's
 * bounds and digits, each item's refund milestones (R7.7), whether it expired
 * and its state.
 */
export const checkoutForCustomer = (env: SandboxEnvironment, checkoutId: string): WidgetCheckout => {
  const { checkout, merchant, now } = customerCheckout(env, checkoutId)
  const summary = summarizeResult(checkout.request, {
    now: checkout.createdAt,
    merchant: merchant.configuration,
    timeZone: checkout.timeZone
  })
  if (Result.isFailure(summary)) throw invalid(summary.failure.issues, "The stored checkout cannot be summarized")
  return {
    checkout: checkout.response,
    summary: summary.success,
    currency: currencyOf(merchant, checkout.request.currencyCode),
    refundMilestones: refundMilestones(checkout, merchant, now),
    expired: isExpired(checkout, now),
    status: checkoutStatus(checkout, now)
  }
}

/**
 * The customer cancels in the widget: an open checkout becomes `Rejected`
 * without a plan; a declined or cancelled one stays as it is; a completed one
 * is a `StateConflict`. Answers where the customer goes back to.
 */
export const cancelByCustomer = (env: SandboxEnvironment, checkoutId: string): Cancelled => {
  const { checkout, now } = customerCheckout(env, checkoutId)
  if (checkout.state === "Completed") throw alreadyFinished(checkout)
  if (checkout.state === "Open") {
    saveCheckout(env, {
      ...checkout,
      state: "Rejected",
      deposit: { amount: checkout.response.totalMinimumDeposit, status: "Rejected" },
      finishedAt: now
    })
  }
  return { redirectUrl: redirectUrlOf(checkout) }
}
