/**
 * A small in-memory service for the client's contract suite: the core's route
 * table, Basic authentication, the core's validation and calculations, a plan
 * per accepted checkout, idempotent POSTs, and a `Request-Id` on every answer
 * (`req_1`, `req_2`, … in the order they are given). It is not the sandbox (that one
 * is src/adapters/sandbox/); it is the least that makes every operation answer
 * as the service does, so the contract can run without it.
 */
import { Result } from "effect"
import type * as Checkout from "../../../src/core/checkout/index.ts"
import { validateRequestResult as validateCheckoutRequestResult } from "../../../src/core/checkout/request.ts"
import { validateRequestResult as validatePlanTermsRequestResult } from "../../../src/core/plan-terms/request.ts"
import { validateMerchantOrderResult } from "../../../src/core/plan/merchant-order.ts"
import { validateCancelRequestResult } from "../../../src/core/refund/cancel.ts"
import { routeMatcher } from "../../../src/core/wire/routes.ts"
import { calculateRefund, computePlanTerms, summarizeCheckout } from "../../../src/facade/index.ts"
import type { ContractEnvironment } from "./contract.ts"

interface StoredCheckout {
  readonly response: Record<string, unknown>
  readonly request: Checkout.CheckoutRequest
  deposit?: { readonly status: "Accepted" | "Rejected"; readonly amount: number; readonly planId?: string }
}

interface StoredPlan {
  readonly id: string
  readonly checkoutId: string
  readonly currencyCode: string
  readonly items: ReadonlyArray<Checkout.CheckoutItem>
  readonly totalCost: number
  merchantOrderId: string
  status: string
  totalPaid: number
  refundAmount?: number
}

const MERCHANT = {
  defaultPaymentDeadline: 0,
  defaultMinDepositValue: 0,
  defaultMinDepositType: "Currency",
  currencies: [{
    currencyCode: "AUD",
    minimumPaymentAmount: 1,
    maximumPaymentAmount: 1_000_000,
    paymentGatewayVariant: "fake",
    isZeroDecimal: false
  }]
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } })

const problem = (status: number, code: string, message: string, issues?: unknown) =>
  json(status, { code, message, ...(issues ? { issues } : {}) })

/** The fake service on an in-memory store; `now` is its clock. */
export const fakeServer = (
  options: { readonly merchantId?: string; readonly apiKey?: string; readonly now?: () => number } = {}
) => {
  const merchantId = options.merchantId ?? "merchant-contract"
  const apiKey = options.apiKey ?? "sk_fake_contract_key"
  const now = options.now ?? (() => Date.now())
  const expected = `Basic ${btoa(`${merchantId}:${apiKey}`)}`
  const checkouts = new Map<string, StoredCheckout>()
  const plans = new Map<string, StoredPlan>()
  const replies = new Map<string, { readonly fingerprint: string; readonly status: number; readonly body: string }>()
  const matcher = routeMatcher()
  let sequence = 0

  const planRecord = (plan: StoredPlan) => ({
    id: plan.id,
    status: plan.status,
    merchantId,
    merchantOrderId: plan.merchantOrderId,
    totalCost: plan.totalCost,
    totalPaid: plan.totalPaid,
    remainingAmount: plan.totalCost - plan.totalPaid,
    refundAmount: plan.refundAmount ?? null,
    currency: { currencyCode: plan.currencyCode },
    items: plan.items.map((item, i) => ({ id: `${plan.id}_item_${i}`, ...item }))
  })

  const route = async (request: Request): Promise<Response> => {
    const url = new URL(request.url)
    const match = matcher.match(request.method, url.pathname)
    if (match === undefined) {
      const allowed = matcher.allowed(url.pathname)
      return allowed.length > 0
        ? new Response(null, { status: 405, headers: { allow: allowed.join(", ") } })
        : problem(404, "not_found", "No such route")
    }
    if (request.headers.get("authorization") !== expected) {
      return problem(401, "unauthorized", "Missing or invalid credentials")
    }
    let body: unknown
    if (request.method === "POST" || request.method === "PUT") {
      try {
        body = JSON.parse(await request.text())
      } catch {
        return problem(400, "malformed_json", "The body is not JSON")
      }
    }
    const at = now()
    const params = match.params
    switch (match.operation) {
      case "createCheckout": {
        const validated = validateCheckoutRequestResult(body, { merchantId, now: at, merchant: MERCHANT })
        if (Result.isFailure(validated)) {
          return problem(400, "validation_failed", "The checkout request is invalid", validated.failure.issues)
        }
        const checkoutRequest = validated.success.value
        const summary = summarizeCheckout(checkoutRequest, { now: at, merchant: MERCHANT })
        const id = `chk_${++sequence}`
        const response = {
          ...checkoutRequest,
          id,
          created: new Date(at).toISOString(),
          createdAt: new Date(at).toISOString(),
          planType: checkoutRequest.planType ?? "Installment",
          totalCost: summary.totalCost,
          totalMinimumDeposit: summary.totalMinimumDeposit,
          completionDate: summary.completionDate,
          items: checkoutRequest.items.map((item, i) => ({ id: `${id}_item_${i}`, ...item })),
          checkoutWorkflow: { sdkWidget: { type: "script", id, scriptUrl: `${url.origin}/widget.js` } }
        }
        checkouts.set(id, { response, request: checkoutRequest })
        return json(201, response)
      }
      case "retrieveCheckout": {
        const checkout = checkouts.get(params["checkoutId"]!)
        if (checkout === undefined) return problem(404, "not_found", "No such checkout")
        const deposit = checkout.deposit
        const plan = deposit === undefined
          ? undefined
          : {
            id: deposit.planId,
            currencyCode: checkout.request.currencyCode,
            deposit: { amount: deposit.amount, status: deposit.status }
          }
        return json(200, { ...checkout.response, ...(plan ? { plan } : {}) })
      }
      case "computePlanTerms": {
        const checkout = checkouts.get(params["checkoutId"]!)
        if (checkout === undefined) return problem(404, "not_found", "No such checkout")
        const validated = validatePlanTermsRequestResult(body)
        if (Result.isFailure(validated)) {
          return problem(400, "validation_failed", "The plan-terms request is invalid", validated.failure.issues)
        }
        return json(200, computePlanTerms(checkout.request, validated.success.value, { now: at, merchant: MERCHANT }))
      }
      case "getMerchantConfiguration":
        return json(200, MERCHANT)
      case "searchPlans": {
        const field = url.searchParams.get("filterField")
        const value = url.searchParams.get("filterValue")
        const matching = [...plans.values()].filter((p) =>
          field === null || String((planRecord(p) as Record<string, unknown>)[field]) === value
        )
        return json(200, { totalRowCount: matching.length, plans: matching.map(planRecord) })
      }
      default:
        break
    }
    const plan = plans.get(params["planId"]!)
    if (plan === undefined) return problem(404, "not_found", "No such plan")
    switch (match.operation) {
      case "retrievePlan":
        return json(200, planRecord(plan))
      case "setMerchantOrder": {
        const validated = validateMerchantOrderResult(body)
        if (Result.isFailure(validated)) {
          return problem(400, "validation_failed", "Invalid request", validated.failure.issues)
        }
        plan.merchantOrderId = validated.success.value.merchantOrderId
        return json(200, { planId: plan.id, merchantOrderId: plan.merchantOrderId })
      }
      case "calculateRefund":
        return json(
          200,
          calculateRefund({ currencyCode: plan.currencyCode, totalPaymentsPaid: plan.totalPaid, items: plan.items }, {
            at,
            merchant: MERCHANT
          })
        )
      case "listPlanNotes":
        return json(200, {
          planNotes: [],
          meta: { rowCount: 0, pageSize: Number(url.searchParams.get("pageSize") ?? 20), offset: 0 }
        })
      case "cancelPlan": {
        const validated = validateCancelRequestResult(
          { ...planRecord(plan), currencyCode: plan.currencyCode },
          body,
          { merchant: MERCHANT }
        )
        if (Result.isFailure(validated)) {
          const conflict = validated.failure.issues.some((i) => i.code === "conflict")
          return problem(
            conflict ? 409 : 400,
            conflict ? "conflict" : "validation_failed",
            "The plan cannot be cancelled so",
            validated.failure.issues
          )
        }
        plan.status = "Cancelled"
        plan.refundAmount = validated.success.value.refundableAmount
        return json(200, { result: "Cancelled" })
      }
      default:
        return problem(500, "internal", "Unhandled operation")
    }
  }

  let answered = 0
  /** Every answer with its own `Request-Id`, as the service gives one. */
  const fetch = async (request: Request): Promise<Response> => {
    const response = await idempotent(request)
    const headers = new Headers(response.headers)
    headers.set("Request-Id", `req_${++answered}`)
    return new Response(response.body, { status: response.status, headers })
  }

  /** Idempotent POSTs: the same key and body replay the first answer; another body is a conflict. */
  const idempotent = async (request: Request): Promise<Response> => {
    const key = request.method === "POST" ? request.headers.get("idempotency-key") : null
    if (key === null) return route(request)
    const text = await request.clone().text()
    const fingerprint = `${request.method} ${new URL(request.url).pathname} ${text}`
    const seen = replies.get(key)
    if (seen !== undefined) {
      return seen.fingerprint === fingerprint
        ? new Response(seen.body, {
          status: seen.status,
          headers: { "content-type": "application/json", "idempotent-replayed": "true" }
        })
        : problem(409, "idempotency_key_reused", "This Idempotency-Key was used with another request")
    }
    const response = await route(request)
    const body = await response.text()
    if (response.status < 500) replies.set(key, { fingerprint, status: response.status, body })
    return new Response(body, { status: response.status, headers: response.headers })
  }

  const completeCheckout = async (checkoutId: string, outcome: "accept" | "decline"): Promise<void> => {
    const checkout = checkouts.get(checkoutId)
    if (checkout === undefined) throw new Error(`no checkout ${checkoutId}`)
    const totalMinimumDeposit = checkout.response["totalMinimumDeposit"] as number
    if (outcome === "decline") {
      checkout.deposit = { status: "Rejected", amount: totalMinimumDeposit }
      return
    }
    const planId = `plan_${++sequence}`
    checkout.deposit = { status: "Accepted", amount: totalMinimumDeposit, planId }
    plans.set(planId, {
      id: planId,
      checkoutId,
      currencyCode: checkout.request.currencyCode,
      items: checkout.request.items,
      totalCost: checkout.response["totalCost"] as number,
      merchantOrderId: checkout.request.merchantOrderId,
      status: "OnSchedule",
      totalPaid: totalMinimumDeposit
    })
  }

  const environment: ContractEnvironment = {
    fetch,
    baseUrl: "http://127.0.0.1:4010",
    merchantId,
    apiKey,
    completeCheckout,
    close: async () => {
      checkouts.clear()
      plans.clear()
    }
  }
  return environment
}
