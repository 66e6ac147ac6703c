/**
 * The client's contract with the service, end to end through HTTP semantics:
 * what a merchant's integration relies on. It runs against any environment
 * that serves the core's route table: the fake server here
 * (contract.test.ts) and the sandbox (its handler as the client's `fetch`).
 *
 * Only what the service description and rules.md promise is asserted, never
 * a detail of one implementation.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { type Client, createClient, type FetchLike } from "../../../src/adapters/client/index.ts"
import type { CheckoutRequest } from "../../../src/core/checkout/index.ts"
import { PLAN_STATUSES } from "../../../src/core/plan/index.ts"
import { exampleRequest } from "../../fixtures.ts"

/** What the contract needs of a service. */
export interface ContractEnvironment {
  /** A fetch reaching the service (the sandbox's handler, say). */
  readonly fetch: FetchLike
  readonly baseUrl: string
  /** A merchant with AUD among its currencies, and its API key. */
  readonly merchantId: string
  readonly apiKey: string
  /** Plays the customer in the widget: pays the deposit, or is declined. */
  readonly completeCheckout: (checkoutId: string, outcome: "accept" | "decline") => Promise<void>
  readonly close: () => Promise<void>
}

const CHECKOUT_ID = /^[A-Za-z0-9_-]{1,256}$/

const rejection = async (promise: Promise<unknown>): Promise<Record<string, unknown>> => {
  try {
    await promise
  } catch (error) {
    return error as Record<string, unknown>
  }
  throw new Error("expected a rejection")
}

/**
 * Registers the contract's tests under `describe(name)`; each test gets a new
 * environment from `makeEnvironment` and closes it after.
 */
export const clientContract = (
  name: string,
  makeEnvironment: () => ContractEnvironment | Promise<ContractEnvironment>
) =>
  describe(`client contract: ${name}`, () => {
    let env: ContractEnvironment
    let client: Client
    let sent: Array<Request>

    beforeEach(async () => {
      env = await makeEnvironment()
      sent = []
      client = createClient({
        baseUrl: env.baseUrl,
        merchantId: env.merchantId,
        apiKey: env.apiKey,
        fetch: (request) => {
          sent.push(request.clone())
          return env.fetch(request)
        },
        retry: false
      })
    })
    afterEach(async () => {
      await env.close()
    })

    /**
     * The description's example for this merchant, with its own order id and
     * redemption dates half a year ahead (the client checks them against the
     * current time, R4.6).
     */
    const request = (orderId = `order-${Math.random().toString(36).slice(2, 10)}`): CheckoutRequest => {
      const example = exampleRequest()
      const ahead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString()
      return {
        ...example,
        merchantId: env.merchantId,
        merchantOrderId: orderId,
        items: example.items.map((item, i) => ({
          ...item,
          redemptionDate: i === 0 ? ahead(200).slice(0, 10) : ahead(197)
        }))
      }
    }

    const create = async (orderId?: string) => {
      const body = request(orderId)
      const outcome = await client.createCheckout(body)
      if (!outcome.ok) throw outcome.error
      return { body, checkout: outcome.checkout }
    }

    const redirect = (checkoutId: string) => `https://shop.example/checkout/return?service_checkout_id=${checkoutId}`

    /** A checkout completed in the widget, and its plan. */
    const acceptedPlan = async () => {
      const { body, checkout } = await create()
      await env.completeCheckout(checkout.id, "accept")
      const verified = await client.verifyCheckout(redirect(checkout.id), {
        merchantOrderId: body.merchantOrderId,
        currencyCode: "AUD"
      })
      if (!verified.allocate || verified.planId === undefined) {
        throw new Error(
          `expected an accepted plan, got ${JSON.stringify(verified)}`
        )
      }
      return { body, checkout, planId: verified.planId }
    }

    it("R2, R8.3: creates a checkout with the service's totals; the widget is to be shown", async () => {
      const body = request()
      const outcome = await client.createCheckout(body)
      expect(outcome).toMatchObject({ ok: true, displayWidget: true })
      if (!outcome.ok) return
      expect(outcome.status).toBeGreaterThanOrEqual(200)
      expect(outcome.status).toBeLessThan(300)
      expect(outcome.checkout.id).toMatch(CHECKOUT_ID)
      expect(outcome.checkout.totalCost).toBe(1100)
      expect(outcome.checkout.totalMinimumDeposit).toBe(280)
      expect(outcome.checkout.merchantOrderId).toBe(body.merchantOrderId)
      expect(outcome.checkout.currencyCode).toBe("AUD")
    })

    it("R4: an invalid request never leaves the process", async () => {
      const outcome = await client.createCheckout({ ...request(), currencyCode: "XYZ", items: [] })
      expect(outcome).toMatchObject({
        ok: false,
        displayWidget: false,
        status: undefined,
        error: { _tag: "ValidationError" }
      })
      await expect(client.retrievePlan("..")).rejects.toMatchObject({ _tag: "ValidationError" })
      expect(sent).toHaveLength(0)
    })

    it("R8: before the customer finishes, the checkout is retrievable and verification refuses", async () => {
      const { checkout } = await create()
      const retrieved = await client.retrieveCheckout(checkout.id)
      expect(retrieved.id).toBe(checkout.id)
      const verified = await client.verifyCheckout(redirect(checkout.id))
      expect(verified.allocate).toBe(false)
    })

    it("R8.1, R8.2: after the deposit is paid, verification allocates and names the plan", async () => {
      const { body, checkout } = await create()
      await env.completeCheckout(checkout.id, "accept")
      const verified = await client.verifyCheckout(redirect(checkout.id), {
        merchantOrderId: body.merchantOrderId,
        currencyCode: "AUD"
      })
      expect(verified).toMatchObject({ allocate: true, checkoutId: checkout.id })
      expect(verified.allocate && typeof verified.planId).toBe("string")
      expect(verified.checkout?.plan?.deposit?.status?.toLowerCase()).toBe("accepted")
      // another order's id is a mismatch, never an allocation
      const other = await client.verifyCheckout(redirect(checkout.id), {
        merchantOrderId: `${body.merchantOrderId}-other`
      })
      expect(other).toMatchObject({ allocate: false, reason: "order_mismatch" })
    })

    it("R8.2: a declined deposit is refused as not accepted", async () => {
      const { checkout } = await create()
      await env.completeCheckout(checkout.id, "decline")
      expect(await client.verifyCheckout(redirect(checkout.id))).toMatchObject({
        allocate: false,
        reason: "not_accepted"
      })
    })

    it("R8.1: a redirect without a usable checkout id is refused before anything is sent", async () => {
      await expect(client.verifyCheckout("https://shop.example/return")).rejects.toMatchObject({
        _tag: "InvalidRedirectError",
        code: "missing"
      })
      await expect(client.verifyCheckout("https://shop.example/return?service_checkout_id=a&service_checkout_id=b"))
        .rejects.toMatchObject({
          code: "repeated"
        })
      expect(sent).toHaveLength(0)
    })

    it("unknown checkouts and plans are NotFoundErrors with the status and body", async () => {
      const checkout = await rejection(client.retrieveCheckout("chk_does_not_exist"))
      expect(checkout).toMatchObject({ _tag: "NotFoundError", status: 404, operation: "retrieveCheckout" })
      const plan = await rejection(client.retrievePlan("plan_does_not_exist"))
      expect(plan).toMatchObject({ _tag: "NotFoundError", status: 404 })
      expect(plan["body"]).toBeDefined()
    })

    it("wrong credentials are an UnauthorizedError that does not show the key", async () => {
      const wrong = createClient({
        baseUrl: env.baseUrl,
        merchantId: env.merchantId,
        apiKey: `${env.apiKey}-wrong`,
        fetch: env.fetch
      })
      const error = await rejection(wrong.getMerchantConfiguration())
      expect(error).toMatchObject({ _tag: "UnauthorizedError", status: 401 })
      expect(JSON.stringify(error)).not.toContain(env.apiKey)
      expect(String((error as unknown as Error).message)).not.toContain(env.apiKey)
    })

    it("R6: computes plan terms for a checkout", async () => {
      const { checkout } = await create()
      const terms = await client.computePlanTerms({
        checkoutId: checkout.id,
        type: "plan",
        timeZone: "Australia/Sydney",
        installments: { cadence: { frequency: "Fortnightly", on: { dayOfWeek: "Friday" } } }
      })
      expect(terms.totalCost).toBe(1100)
      expect(terms.currencyCode).toBe("AUD")
      expect(terms.deposit?.amount).toBeGreaterThanOrEqual(280)
      expect(terms.installments?.count).toBeGreaterThan(0)
    })

    it("reads the merchant configuration", async () => {
      const merchant = await client.getMerchantConfiguration()
      expect(merchant.currencies?.some((c) => c.currencyCode === "AUD")).toBe(true)
    })

    it("retrieves the plan, sets its merchant order, finds it by search and lists its notes", async () => {
      const { body, planId } = await acceptedPlan()
      const plan = await client.retrievePlan(planId)
      expect(plan.id).toBe(planId)
      expect(plan.merchantOrderId).toBe(body.merchantOrderId)
      expect(PLAN_STATUSES as ReadonlyArray<string>).toContain(plan.status)

      const newOrder = `${body.merchantOrderId}-b`
      expect(await client.setMerchantOrder({ planId, merchantOrderId: newOrder })).toMatchObject({
        planId,
        merchantOrderId: newOrder
      })
      expect((await client.retrievePlan(planId)).merchantOrderId).toBe(newOrder)

      const found = await client.searchPlans({
        filterField: "merchantOrderId",
        filterValue: newOrder,
        filterOperator: "equals"
      })
      expect(found.plans?.map((p) => p.id)).toEqual([planId])
      expect(found.totalRowCount).toBe(1)

      const notes = await client.listPlanNotes({ planId, pageSize: 10, pageOffset: 0 })
      expect(Array.isArray(notes.planNotes)).toBe(true)
    })

    it("R7: quotes a refund within what was paid, cancels once, and refuses a second cancellation", async () => {
      const { planId } = await acceptedPlan()
      const quote = await client.calculateRefund(planId)
      expect(quote.currencyCode).toBe("AUD")
      const paid = quote.totalPaymentsPaid ?? 0
      expect(quote.suggestedRefundAmount).toBeGreaterThanOrEqual(0)
      expect(quote.suggestedRefundAmount).toBeLessThanOrEqual(paid)

      const cancel = { planId, refundableAmount: quote.suggestedRefundAmount ?? 0, reason: "CustomerRequest" as const }
      // the same key and body twice: one cancellation, the answer replayed
      const first = await client.cancelPlan(cancel, { idempotencyKey: `cancel-${planId}` })
      const replay = await client.cancelPlan(cancel, { idempotencyKey: `cancel-${planId}` })
      expect(replay).toEqual(first)
      expect((await client.retrievePlan(planId)).status).toBe("Cancelled")

      const again = await rejection(client.cancelPlan(cancel))
      expect(again).toMatchObject({ _tag: "ConflictError", status: 409 })
    })

    it("R7.8: a refund above what was paid is refused by the service", async () => {
      const { planId } = await acceptedPlan()
      const quote = await client.calculateRefund(planId)
      const error = await rejection(
        client.cancelPlan({ planId, refundableAmount: (quote.totalPaymentsPaid ?? 0) + 1, reason: "Other" })
      )
      expect(error["_tag"]).toBe("ServiceValidationError")
      expect(error["status"]).toBeGreaterThanOrEqual(400)
      expect(error["status"]).toBeLessThan(500)
    })
  })
