import { describe, expect, it } from "@effect/vitest"
import { Effect, Exit, Layer } from "effect"
import { createClient, PaymentPlanClient } from "../../../src/adapters/client/index.ts"
import { fakeTransport, type Step } from "./fake-transport.ts"
import { checkoutRequest, checkoutResponse, MERCHANT_ID, options, runWithClock } from "./helpers.ts"

const over = (steps: ReadonlyArray<Step>) => {
  const transport = fakeTransport(steps)
  return { client: createClient(options(transport.fetch, { retry: false })), requests: transport.requests }
}

const redirect = "https://shop.example/return?service_checkout_id=chk_1"

describe("createCheckout: the outcome of R8.3", () => {
  it.each([
    [201, true],
    [400, true],
    [401, true],
    [404, true],
    [409, true],
    [422, true],
    [429, true],
    [500, false],
    [503, false]
  ])("R8.3: status %i → displayWidget %s", async (status, display) => {
    const body = status < 400 ? checkoutResponse() : { code: "x", message: "y" }
    const outcome = await over([{ kind: "json", status, body }]).client.createCheckout(checkoutRequest())
    expect(outcome.displayWidget).toBe(display)
    expect(outcome.status).toBe(status)
    expect(outcome.ok).toBe(status < 400)
    if (!outcome.ok) expect(outcome.error).toMatchObject({ status, body })
  })

  it("R8.3: no widget without an answer (transport failure) or for a success that cannot be read", async () => {
    expect(await over([{ kind: "reset" }]).client.createCheckout(checkoutRequest())).toMatchObject({
      ok: false,
      displayWidget: false,
      status: undefined,
      error: { _tag: "TransportError" }
    })
    // the status says success, but without the checkout there is nothing to show the widget for
    const outcome = await over([{ kind: "text", status: 201, body: "<html>" }]).client.createCheckout(checkoutRequest())
    expect(outcome).toMatchObject({ ok: false, error: { _tag: "UndecodableBodyError" } })
  })

  it("R4: a request the core refuses is not sent: every issue, no widget", async () => {
    const { client, requests } = over([{ kind: "json", status: 201, body: checkoutResponse() }])
    const outcome = await client.createCheckout({
      ...checkoutRequest(),
      merchantId: "someone-else",
      currencyCode: "ABC"
    })
    expect(requests).toHaveLength(0)
    expect(outcome).toMatchObject({ ok: false, displayWidget: false, status: undefined })
    if (outcome.ok) return
    expect(outcome.error._tag).toBe("RequestValidationError")
    const issues = (outcome.error as { issues: ReadonlyArray<{ path: string; code: string }> }).issues
    expect(issues.map((i) => [i.path, i.code])).toEqual(
      expect.arrayContaining([["merchantId", "merchant_mismatch"], ["currencyCode", "unknown_currency"]])
    )
  })

  it("R4.8: warnings are given back with the checkout; unknown fields are not sent", async () => {
    const { client, requests } = over([{ kind: "json", status: 201, body: checkoutResponse() }])
    const outcome = await client.createCheckout(
      { ...checkoutRequest(), callbackURL: "https://shop.example/cb", extra: 1 } as never
    )
    expect(outcome.ok && outcome.warnings.map((w) => w.code).sort()).toEqual(["deprecated", "unknown_field"])
    expect(requests[0]!.json).not.toHaveProperty("extra")
  })
})

describe("verifyCheckout (R8)", () => {
  it("R8.2: allocates only for an Accepted deposit of the redirect's checkout", async () => {
    const accepted = {
      id: "chk_1",
      merchantOrderId: "order-0001",
      plan: { id: "plan_9", currencyCode: "AUD", deposit: { status: "Accepted" } }
    }
    const { client, requests } = over([{ kind: "json", body: accepted }])
    const verified = await client.verifyCheckout(redirect, { merchantOrderId: "order-0001", currencyCode: "AUD" })
    expect(verified).toMatchObject({ allocate: true, checkoutId: "chk_1", planId: "plan_9", depositStatus: "Accepted" })
    expect(verified.checkout?.plan?.id).toBe("plan_9")
    expect(requests[0]!.url.pathname).toBe("/api/v2/checkout/chk_1")
  })

  it.each([
    [{ id: "chk_1", plan: { deposit: { status: "Rejected" } } }, "not_accepted"],
    [{ id: "chk_1" }, "missing_plan"],
    [{ id: "chk_2", plan: { deposit: { status: "Accepted" } } }, "checkout_mismatch"],
    [{ plan: { deposit: { status: "Accepted" } } }, "malformed_response"],
    [[{ id: "chk_1" }], "malformed_response"],
    [{ id: "chk_1", merchantOrderId: "other", plan: { deposit: { status: "Accepted" } } }, "order_mismatch"]
  ])("R8.2: %j is refused as %s, never an error", async (body, reason) => {
    const verified = await over([{ kind: "json", body }]).client.verifyCheckout(redirect, {
      merchantOrderId: "order-0001"
    })
    expect(verified).toMatchObject({ allocate: false, reason })
  })

  it.each([
    ["https://shop.example/return", "missing"],
    ["https://shop.example/return?service_checkout_id=a&service_checkout_id=a", "repeated"],
    ["https://shop.example/return?service_checkout_id=a%20b", "malformed"]
  ])("R8.1: %s is an InvalidRedirectError (%s) and nothing is sent", async (url, problem) => {
    const { client, requests } = over([{ kind: "json", body: {} }])
    await expect(client.verifyCheckout(url)).rejects.toMatchObject({
      _tag: "InvalidRedirectError",
      code: "invalid_redirect",
      problem
    })
    expect(requests).toHaveLength(0)
  })

  it("errors of the retrieve call are the call's errors", async () => {
    await expect(over([{ kind: "json", status: 404, body: {} }]).client.verifyCheckout(redirect)).rejects.toMatchObject(
      { _tag: "NotFoundError" }
    )
  })
})

describe("PaymentPlanClient (Effect service)", () => {
  it.effect("the layer builds the client from options", () =>
    Effect.gen(function*() {
      const transport = fakeTransport([{
        kind: "json",
        body: { id: "plan_1", status: "OnSchedule", totalCost: "100.50" }
      }])
      const plan = yield* Effect.gen(function*() {
        const client = yield* PaymentPlanClient
        expect(client.merchantId).toBe(MERCHANT_ID)
        return yield* client.retrievePlan("plan_1")
      }).pipe(Effect.provide(PaymentPlanClient.layer(options(transport.fetch))))
      expect(plan).toMatchObject({ id: "plan_1", status: "OnSchedule", totalCost: 100.5 })
    }))

  it.effect("the layer fails with the InvalidOptionsError of bad options", () =>
    Effect.gen(function*() {
      const exit = yield* Effect.exit(
        Layer.build(PaymentPlanClient.layer({ baseUrl: "nope", merchantId: MERCHANT_ID, apiKey: "k" })).pipe(
          Effect.scoped
        )
      )
      expect(Exit.isFailure(exit)).toBe(true)
      expect(JSON.stringify(exit)).toContain("baseUrl")
    }))

  it.effect("errors are typed and can be caught by tag", () =>
    Effect.gen(function*() {
      const transport = fakeTransport([{ kind: "json", status: 404, body: { code: "not_found" } }])
      const result = yield* Effect.gen(function*() {
        const client = yield* PaymentPlanClient
        return yield* client.retrievePlan("plan_1")
      }).pipe(
        Effect.map(() => "found"),
        Effect.catchTag("NotFoundError", (e) => Effect.succeed(`missing (${e.status})`)),
        Effect.provide(PaymentPlanClient.layer(options(transport.fetch, { retry: false })))
      )
      expect(result).toBe("missing (404)")
    }))

  it.effect("interrupting a call aborts the request in flight", () =>
    Effect.gen(function*() {
      const transport = fakeTransport([{ kind: "hang" }])
      const exit = yield* runWithClock(
        Effect.gen(function*() {
          const client = yield* PaymentPlanClient
          return yield* client.retrievePlan("plan_1")
        }).pipe(Effect.timeout(500), Effect.provide(PaymentPlanClient.layer(options(transport.fetch))))
      )
      expect(Exit.isFailure(exit)).toBe(true)
      expect(transport.requests).toHaveLength(1)
      expect(transport.requests[0]!.signal.aborted).toBe(true)
    }))
})

describe("searchPlans and listPlanNotes validation", () => {
  it("a search the core's normalization refuses is not sent; every issue is named", async () => {
    const { client, requests } = over([{ kind: "json", body: {} }])
    const error = await client
      .searchPlans({ filterField: "favouriteColour", filterValue: "red", updatedAfter: "yesterday", limit: 500 })
      .then(() => undefined, (e: unknown) => e as { _tag: string; issues: ReadonlyArray<{ path: string }> })
    expect(error?._tag).toBe("RequestValidationError")
    expect(requests).toHaveLength(0)
    // one definition of the query: every problem at once
    expect(error?.issues.map((i) => i.path).sort()).toEqual(["filterField", "limit", "updatedAfter"])
    const second = await client
      .searchPlans({ filterField: "favouriteColour", filterValue: "red", updatedAfter: "yesterday" })
      .then(() => undefined, (e: unknown) => e as { issues: ReadonlyArray<{ path: string }> })
    expect(second?.issues.map((i) => i.path).sort()).toEqual(["filterField", "updatedAfter"])
    expect(requests).toHaveLength(0)
  })

  it("a valid search is sent as given, without the defaults the service fills in", async () => {
    const { client, requests } = over([{ kind: "json", body: { totalRowCount: 0, plans: [] } }])
    await client.searchPlans({
      filterField: "totalPaid",
      filterOperator: "gte",
      filterValue: "100",
      includeInstallments: true
    })
    expect(Object.fromEntries(requests[0]!.url.searchParams)).toEqual({
      filterField: "totalPaid",
      filterOperator: "gte",
      filterValue: "100",
      includeInstallments: "true"
    })
  })

  it("notes: pageSize 1..100, pageOffset ≥ 0, whole numbers", async () => {
    const { client, requests } = over([{ kind: "json", body: { planNotes: [] } }])
    await expect(client.listPlanNotes({ planId: "plan_1", pageSize: 101, pageOffset: -1 })).rejects.toMatchObject({
      _tag: "RequestValidationError"
    })
    expect(requests).toHaveLength(0)
    await client.listPlanNotes({ planId: "plan_1", pageSize: 100, pageOffset: 0, showSoftDeletedPlanNotes: true })
    expect(Object.fromEntries(requests[0]!.url.searchParams)).toEqual({
      showSoftDeletedPlanNotes: "true",
      pageSize: "100",
      pageOffset: "0"
    })
  })
})
