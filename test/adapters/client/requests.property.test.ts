import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { createClient, type IdempotencyKeys } from "../../../src/adapters/client/index.ts"
import { validateRequestResult as validateCheckoutRequestResult } from "../../../src/core/checkout/request.ts"
import { CANCELLATION_REASONS } from "../../../src/core/plan/index.ts"
import { FILTER_OPERATORS } from "../../../src/core/search/index.ts"
import { DEFAULT_ROUTES, expandPath, isPathParameterValue } from "../../../src/core/wire/routes.ts"
import * as A from "../../../src/testing/arbitraries.ts"
import { fakeTransport } from "./fake-transport.ts"
import { API_KEY, BASE_URL, checkoutResponse, MERCHANT_ID, options } from "./helpers.ts"

const BASIC = `Basic ${Buffer.from(`${MERCHANT_ID}:${API_KEY}`).toString("base64")}`
const DAY = 86_400_000
const id = A.patternText(1, 40).filter(isPathParameterValue)

/** A client over a transport that answers `body` to everything. */
const recording = (body: unknown, idempotencyKeys: IdempotencyKeys = "unknown") => {
  const transport = fakeTransport([{ kind: "json", status: 200, body }])
  return {
    client: createClient(options(transport.fetch, { retry: false, idempotencyKeys })),
    requests: transport.requests
  }
}

/** Whether the client gives POSTs a key: only when the service is known to honour keys. */
const idempotencyKeys = fc.constantFrom<IdempotencyKeys>("unknown", "honoured")

const headerNames = (headers: Record<string, string>) => Object.keys(headers).sort()

describe("requests (property): the client sends exactly the validated request to its route", () => {
  it("R4: create checkout sends the validated body (unknown fields left out) to POST /api/v2/checkout with the right headers", async () => {
    // redemption dates after the real clock's today, which the client validates against (R4.6)
    const now = Date.now() + 2 * DAY
    await fc.assert(
      fc.asyncProperty(
        A.checkoutRequest({ merchantId: MERCHANT_ID, now }),
        fc.option(fc.dictionary(fc.constantFrom("unknownField", "trackingCode"), fc.string(), { minKeys: 1 }), {
          nil: undefined
        }),
        idempotencyKeys,
        async (request, extra, keys) => {
          const { client, requests } = recording(checkoutResponse(), keys)
          const input = extra === undefined ? request : { ...request, ...extra }
          const outcome = await client.createCheckout(input)
          expect(outcome).toMatchObject({ ok: true, displayWidget: true })
          const validated = validateCheckoutRequestResult(input, { merchantId: MERCHANT_ID, now: Date.now() })
          if (validated._tag !== "Success") throw new Error("the arbitrary gave an invalid request")
          expect(requests).toHaveLength(1)
          const sent = requests[0]!
          expect(sent.method).toBe("POST")
          expect(sent.url.href).toBe(`${BASE_URL}/api/v2/checkout`)
          expect(sent.text).toBe(JSON.stringify(validated.success.value))
          for (const key of Object.keys(extra ?? {})) expect(sent.json).not.toHaveProperty(key)
          expect(headerNames(sent.headers)).toEqual(
            ["accept", "authorization", "content-type", ...(keys === "honoured" ? ["idempotency-key"] : [])]
          )
          expect(sent.headers["authorization"]).toBe(BASIC)
          expect(sent.headers["accept"]).toBe("application/json")
          expect(sent.headers["content-type"]).toBe("application/json")
        }
      ),
      { numRuns: 100 }
    )
  })

  const planTerms = fc.record(
    {
      checkoutId: id,
      type: fc.constant("plan" as const),
      planType: fc.constantFrom("Installment" as const, "PayInFull" as const, "Custom" as const),
      deposit: fc.record({ amount: fc.integer({ min: 0, max: 100_000 }) }),
      installments: fc.record({
        cadence: fc.record({
          frequency: fc.constantFrom("Weekly", "fortnightly", "MONTHLY"),
          on: fc.record({ dayOfMonth: fc.integer({ min: 1, max: 31 }) })
        })
      }),
      timeZone: A.timeZone
    },
    { requiredKeys: ["checkoutId", "type", "timeZone"] }
  )
  const cancel = fc.record(
    {
      planId: id,
      refundableAmount: fc.integer({ min: 0, max: 1_000_000 }).map((n) => n / 100),
      reason: fc.constantFrom(...CANCELLATION_REASONS),
      details: fc.string()
    },
    { requiredKeys: ["planId", "refundableAmount", "reason"] }
  )
  const merchantOrder = fc.record({ planId: id, merchantOrderId: A.patternText(1, 40) })
  const search = fc.record(
    {
      page: fc.nat(1000),
      limit: fc.integer({ min: 1, max: 100 }),
      sortDirection: fc.constantFrom("asc" as const, "desc" as const),
      filterField: fc.constantFrom("merchantOrderId", "user.emailAddress", "status"),
      filterValue: fc.string({ minLength: 1 }),
      filterOperator: fc.constantFrom(...FILTER_OPERATORS.filter((o) => o !== "is" && o !== "isNot")),
      includeInstallments: fc.boolean(),
      userId: fc.string()
    },
    { requiredKeys: [] }
  ).filter((q) => (q.filterField === undefined) === (q.filterValue === undefined))
  const notes = fc.record(
    {
      planId: id,
      showSoftDeletedPlanNotes: fc.boolean(),
      pageSize: fc.integer({ min: 1, max: 100 }),
      pageOffset: fc.nat(500)
    },
    { requiredKeys: ["planId"] }
  )

  it("every other operation: the body as given, path parameters encoded into the route, the rest in the query", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          planTerms.map((r) => ({
            op: "computePlanTerms" as const,
            input: r,
            params: { checkoutId: r.checkoutId },
            body: r,
            query: {}
          })),
          cancel.map((r) => ({
            op: "cancelPlan" as const,
            input: r,
            params: { planId: r.planId },
            body: r,
            query: {}
          })),
          merchantOrder.map((r) => ({
            op: "setMerchantOrder" as const,
            input: r,
            params: { planId: r.planId },
            body: r,
            query: {}
          })),
          // an empty parameter is an absent one, as a URL's query reads it
          search.map((r) => ({
            op: "searchPlans" as const,
            input: r,
            params: {},
            body: undefined,
            query: Object.fromEntries(Object.entries(r).filter(([, v]) => v !== ""))
          })),
          notes.map(({ planId, ...query }) => ({
            op: "listPlanNotes" as const,
            input: { planId, ...query },
            params: { planId },
            body: undefined,
            query
          })),
          id.map((planId) => ({
            op: "retrievePlan" as const,
            input: planId,
            params: { planId },
            body: undefined,
            query: {}
          })),
          id.map((planId) => ({
            op: "calculateRefund" as const,
            input: planId,
            params: { planId },
            body: undefined,
            query: {}
          })),
          id.map((checkoutId) => ({
            op: "retrieveCheckout" as const,
            input: checkoutId,
            params: { checkoutId },
            body: undefined,
            query: {}
          }))
        ),
        idempotencyKeys,
        async ({ op, input, params, body, query }, keys) => {
          const answer = op === "retrieveCheckout" || op === "retrievePlan" ? { id: "x" } : {}
          const { client, requests } = recording(answer, keys)
          await (client[op] as (i: unknown) => Promise<unknown>)(input)
          expect(requests).toHaveLength(1)
          const sent = requests[0]!
          const route = DEFAULT_ROUTES[op]
          expect(sent.method).toBe(route.method)
          expect(sent.url.pathname).toBe(expandPath(route, params))
          expect(Object.fromEntries(sent.url.searchParams)).toEqual(
            Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]))
          )
          expect(sent.json).toEqual(body)
          expect(sent.headers["authorization"]).toBe(BASIC)
          const expected = [
            "accept",
            "authorization",
            ...(body === undefined ? [] : ["content-type"]),
            ...(route.method === "POST" && keys === "honoured" ? ["idempotency-key"] : [])
          ]
          expect(headerNames(sent.headers)).toEqual(expected.sort())
        }
      ),
      { numRuns: 300 }
    )
  })

  it("R4.9: invalid requests of any shape never leave the process: a ValidationError, nothing sent", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          "createCheckout",
          "computePlanTerms",
          "cancelPlan",
          "setMerchantOrder",
          "searchPlans",
          "listPlanNotes",
          "retrievePlan",
          "retrieveCheckout",
          "calculateRefund"
        ),
        fc.oneof(
          fc.anything(),
          fc.constantFrom(".", "..", "", "a b", {}, [], null, { planId: ".." }, {
            checkoutId: ".",
            type: "plan",
            timeZone: "UTC"
          })
        ),
        async (op, input) => {
          const { client, requests } = recording({ id: "x" })
          let error: unknown
          try {
            const result = await (client[op as "retrievePlan"] as (i: unknown) => Promise<unknown>)(input)
            if (op === "createCheckout") error = (result as { error?: unknown }).error
          } catch (e) {
            error = e
          }
          if (requests.length === 0) expect(error).toMatchObject({ _tag: "RequestValidationError" })
          else expect(error).toBeUndefined()
          // whatever was sent was valid
          if (op === "retrievePlan" && requests.length > 0) {
            expect(typeof input === "string" && isPathParameterValue(input)).toBe(true)
          }
        }
      ),
      { numRuns: 300 }
    )
  })
})
