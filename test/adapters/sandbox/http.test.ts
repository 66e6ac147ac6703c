import { describe, expect, it } from "vitest"
import { createSandbox, loadMerchants, MAX_BODY_BYTES, sqliteStore } from "../../../src/adapters/sandbox/index.ts"
import { HttpError } from "../../../src/adapters/sandbox/routes/http.ts"
import { A, B, C, checkoutRequest, createCheckout, makeSandbox, MERCHANTS_FILE, NOW } from "./helpers.ts"

describe("sandbox: create and retrieve checkout", () => {
  it("creates the description's example with the core's totals (R2) and answers 201", async () => {
    const t = makeSandbox()
    const response = await t.call("POST", "/api/v2/checkout", { body: checkoutRequest() })
    expect(response.status).toBe(201)
    const checkout = response.body
    expect(checkout).toMatchObject({
      merchantId: "merchant-123",
      merchantOrderId: "order-0001",
      totalCost: 1100,
      totalMinimumDeposit: 280,
      completionDate: "2027-02-11",
      currencyCode: "AUD",
      planType: "Installment",
      createdAt: new Date(NOW).toISOString(),
      expiresAt: new Date(NOW + 1440 * 60_000).toISOString()
    })
    expect(checkout.id).toMatch(/^[A-Za-z0-9_-]{1,256}$/)
    expect(checkout.items.map((i: { id: string }) => i.id)).toHaveLength(2)
    expect(checkout.checkoutWorkflow.sdkWidget).toEqual({
      type: "script",
      id: checkout.id,
      scriptUrl: "http://sandbox.test/widget/sdk.js"
    })
    expect(checkout.widgetUrl).toBe(`http://sandbox.test/widget/checkout/${checkout.id}`)

    const retrieved = await t.call("GET", `/api/v2/checkout/${checkout.id}`)
    expect(retrieved.status).toBe(200)
    expect(retrieved.body).toMatchObject({ id: checkout.id, totalCost: 1100, status: "Open" })
    expect(retrieved.body.plan).toBeUndefined()
  })

  it("reports every validation issue with 422 (R4.1), including the merchant mismatch (R4.5)", async () => {
    const t = makeSandbox()
    const response = await t.call("POST", "/api/v2/checkout", {
      body: checkoutRequest({
        merchantId: "merchant-456",
        currencyCode: "aud",
        items: [{ ...checkoutRequest().items[0], costPerItem: 10.005 }]
      })
    })
    expect(response.status).toBe(422)
    expect(response.body.code).toBe("validation_failed")
    const paths = response.body.issues.map((i: { path: string; code: string }) => `${i.path}:${i.code}`)
    expect(paths).toEqual(expect.arrayContaining(["merchantId:merchant_mismatch", "currencyCode:unknown_currency"]))
  })

  it("refuses a currency the merchant does not accept, and an unknown sub-merchant", async () => {
    const t = makeSandbox()
    const usd = await t.call("POST", "/api/v2/checkout", { body: checkoutRequest({ currencyCode: "USD" }) })
    expect(usd.status).toBe(422)
    expect(usd.body.issues).toEqual([expect.objectContaining({ path: "currencyCode", code: "unknown_currency" })])
    const sub = await t.call("POST", "/api/v2/checkout", { body: checkoutRequest({ externalCode: "store-south" }) })
    expect(sub.status).toBe(422)
    expect(sub.body.issues).toEqual([expect.objectContaining({ path: "externalCode", code: "unknown_external_code" })])
    const ok = await t.call("POST", "/api/v2/checkout", { body: checkoutRequest({ externalCode: "store-north" }) })
    expect(ok.status).toBe(201)
  })

  it("uses the merchant's default deposit (R2.2) and zero-decimal flag (R1.2)", async () => {
    const t = makeSandbox()
    const item = { description: "Seat", quantity: 3, costPerItem: 1999, redemptionDate: "2027-05-01" }
    const response = await t.call("POST", "/api/v2/checkout", {
      body: checkoutRequest({ currencyCode: "JPY", items: [item] })
    })
    expect(response.status).toBe(201)
    // 10 % of 1999 rounded half-up in a zero-decimal currency: 200 a unit
    expect(response.body).toMatchObject({ totalCost: 5997, totalMinimumDeposit: 600, completionDate: "2027-04-24" })
    const precise = await t.call("POST", "/api/v2/checkout", {
      body: checkoutRequest({ currencyCode: "JPY", items: [{ ...item, costPerItem: 19.5 }] })
    })
    expect(precise.status).toBe(422)
    expect(precise.body.issues[0]).toMatchObject({ path: "items[0].costPerItem", code: "precision" })
  })

  it("answers the merchant configuration", async () => {
    const t = makeSandbox()
    const response = await t.call("GET", "/api/v2/merchant/configuration")
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({
      defaultPaymentDeadline: 7,
      defaultMinDepositType: "Percentage",
      defaultMinDepositValue: 10,
      currencies: [
        { currencyCode: "AUD", minimumPaymentAmount: 1, maximumPaymentAmount: 20000, isZeroDecimal: false },
        { currencyCode: "JPY", minimumPaymentAmount: 100, isZeroDecimal: true }
      ],
      subMerchants: [{ externalCode: "store-north", name: "North" }]
    })
    const b = await t.call("GET", "/api/v2/merchant/configuration", { auth: B })
    expect(b.body.currencies).toEqual([expect.objectContaining({ currencyCode: "AUD" })])
  })
})

describe("sandbox: merchant isolation", () => {
  it("answers 404 for another merchant's checkout, with nothing about it", async () => {
    const t = makeSandbox()
    const checkout = await createCheckout(t)
    for (const auth of [B, C]) {
      const response = await t.call("GET", `/api/v2/checkout/${checkout.id}`, { auth })
      expect(response.status).toBe(404)
      expect(response.body).toEqual({ code: "not_found", message: `Checkout ${checkout.id} was not found` })
      const unknown = await t.call("GET", `/api/v2/checkout/chk_doesnotexist`, { auth })
      expect(unknown.body.message).toBe("Checkout chk_doesnotexist was not found")
    }
  })
})

describe("sandbox: error statuses", () => {
  it("401 without or with bad credentials, with WWW-Authenticate", async () => {
    const t = makeSandbox()
    for (
      const auth of [
        null,
        "Bearer x",
        "Basic !!!",
        `Basic ${Buffer.from("merchant-123:wrong").toString("base64")}`,
        `Basic ${Buffer.from("nobody-here:key-a-0123456789").toString("base64")}`
      ]
    ) {
      const response = await t.call("GET", "/api/v2/merchant/configuration", { auth })
      expect(response.status).toBe(401)
      expect(response.body.code).toBe("unauthorized")
      expect(response.headers.get("www-authenticate")).toMatch(/^Basic/)
    }
    // one merchant's key does not open another's account
    const swapped = await t.call("GET", "/api/v2/merchant/configuration", {
      auth: `Basic ${Buffer.from("merchant-456:key-a-0123456789").toString("base64")}`
    })
    expect(swapped.status).toBe(401)
  })

  it("404 for unknown paths, 405 with Allow for known paths", async () => {
    const t = makeSandbox()
    expect((await t.call("GET", "/api/v2/nothing")).status).toBe(404)
    const response = await t.call("DELETE", "/api/v2/checkout")
    expect(response.status).toBe(405)
    expect(response.body.code).toBe("method_not_allowed")
    expect(response.headers.get("allow")).toBe("POST")
    expect((await t.call("PUT", "/api/v2/plans/p1")).headers.get("allow")).toBe("GET")
  })

  it("415 for a body that is not JSON, 400 for malformed JSON, 413 above 1 MiB", async () => {
    const t = makeSandbox()
    const form = await t.call("POST", "/api/v2/checkout", {
      raw: "a=b",
      headers: { "content-type": "application/x-www-form-urlencoded" }
    })
    expect(form.status).toBe(415)
    expect(form.body.code).toBe("unsupported_media_type")
    const none = await t.call("POST", "/api/v2/checkout", { raw: "{}" })
    expect(none.status).toBe(415)
    const malformed = await t.call("POST", "/api/v2/checkout", {
      raw: "{\"merchantId\": ",
      headers: { "content-type": "application/json" }
    })
    expect(malformed.status).toBe(400)
    expect(malformed.body.code).toBe("malformed_json")
    const empty = await t.call("POST", "/api/v2/checkout", { raw: "", headers: { "content-type": "application/json" } })
    expect(empty.status).toBe(400)
    const big = JSON.stringify({ pad: "x".repeat(MAX_BODY_BYTES) })
    const large = await t.call("POST", "/api/v2/checkout", {
      raw: big,
      headers: { "content-type": "application/json" }
    })
    expect(large.status).toBe(413)
    expect(large.body.code).toBe("payload_too_large")
    // exactly at the limit is read (and then judged on its content)
    const atLimit = `{"pad":"${"x".repeat(MAX_BODY_BYTES - 10)}"}`
    expect(atLimit.length).toBe(MAX_BODY_BYTES)
    expect(
      (await t.call("POST", "/api/v2/checkout", { raw: atLimit, headers: { "content-type": "application/json" } }))
        .status
    ).toBe(422)
  })

  it("413 also for a streamed body without Content-Length", async () => {
    const t = makeSandbox()
    const chunk = new Uint8Array(256 * 1024).fill(32)
    let sent = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 8) return controller.close()
        sent++
        controller.enqueue(chunk)
      }
    })
    const response = await t.sandbox.fetch(
      new Request("http://sandbox.test/api/v2/checkout", {
        method: "POST",
        headers: { authorization: A, "content-type": "application/json" },
        body,
        duplex: "half"
      } as RequestInit)
    )
    expect(response.status).toBe(413)
    expect(sent).toBeLessThan(8)
  })

  it("500 without internals when something unexpected fails", async () => {
    const store = sqliteStore(":memory:")
    const seen: Array<unknown> = []
    const broken = {
      ...store,
      getCheckout: () => {
        throw new Error("disk on fire at /var/secret")
      }
    }
    const sandbox = createSandbox({
      store: broken,
      merchants: loadMerchants({ merchants: [MERCHANTS_FILE.merchants[0]!] }),
      onError: (e) => seen.push(e)
    })
    const response = await sandbox.fetch(
      new Request("http://sandbox.test/api/v2/checkout/chk_1", { headers: { authorization: A } })
    )
    expect(response.status).toBe(500)
    const body = await response.json()
    expect(body).toEqual({ code: "internal_error", message: "The sandbox failed to handle the request" })
    expect(JSON.stringify(body)).not.toMatch(/secret|fire/)
    expect(seen).toHaveLength(1)
  })

  it("every error code maps to its documented status", () => {
    expect(new HttpError("checkout_expired", "x").status).toBe(410)
    expect(new HttpError("conflict", "x").status).toBe(409)
    expect(new HttpError("validation_failed", "x", { issues: [] }).body()).toEqual({
      code: "validation_failed",
      message: "x",
      issues: []
    })
  })

  it("answers health without credentials, and HEAD like GET without a body", async () => {
    const t = makeSandbox()
    expect(await t.call("GET", "/health", { auth: null })).toMatchObject({ status: 200, body: { status: "ok" } })
    const head = await t.sandbox.fetch(new Request("http://sandbox.test/health", { method: "HEAD" }))
    expect(head.status).toBe(200)
    expect(await head.text()).toBe("")
  })
})

const json = (headers: Record<string, string>) => ({ ...headers, "content-type": "application/json" })

describe("sandbox: idempotency", () => {
  it("replays the first response for the same key and body, refuses another body with 409", async () => {
    const t = makeSandbox()
    const headers = { "idempotency-key": "create-1" }
    const first = await t.call("POST", "/api/v2/checkout", { body: checkoutRequest(), headers })
    const again = await t.call("POST", "/api/v2/checkout", { body: checkoutRequest(), headers })
    expect(first.status).toBe(201)
    expect(again.status).toBe(201)
    expect(again.body).toEqual(first.body)
    expect(again.headers.get("idempotent-replayed")).toBe("true")
    const other = await t.call("POST", "/api/v2/checkout", {
      body: checkoutRequest({ merchantOrderId: "order-2" }),
      headers
    })
    expect(other.status).toBe(409)
    expect(other.body.code).toBe("idempotency_key_reused")
    // a new key makes a new checkout
    const fresh = await t.call("POST", "/api/v2/checkout", {
      body: checkoutRequest(),
      headers: { "idempotency-key": "create-2" }
    })
    expect(fresh.body.id).not.toBe(first.body.id)
  })

  it("replays validation failures too, and keeps keys per merchant", async () => {
    const t = makeSandbox()
    const headers = { "idempotency-key": "k" }
    const bad = await t.call("POST", "/api/v2/checkout", { body: checkoutRequest({ currencyCode: "XXX" }), headers })
    expect(bad.status).toBe(422)
    expect(await t.call("POST", "/api/v2/checkout", { body: checkoutRequest({ currencyCode: "XXX" }), headers }))
      .toMatchObject({ status: 422, body: bad.body })
    const b = await t.call("POST", "/api/v2/checkout", {
      body: checkoutRequest({ merchantId: "merchant-456" }),
      headers,
      auth: B
    })
    expect(b.status).toBe(201)
  })

  // as Stripe compares a request's parameters: the parsed body, not its bytes
  it("the same parameters in another serialization are a replay; another value is 409", async () => {
    const t = makeSandbox()
    const headers = { "idempotency-key": "create-canonical" }
    const request = checkoutRequest()
    const first = await t.call("POST", "/api/v2/checkout", { raw: JSON.stringify(request), headers: json(headers) })
    expect(first.status).toBe(201)
    /** the object's keys in reverse order, at every depth */
    const reversed = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(reversed)
        : value !== null && typeof value === "object"
        ? Object.fromEntries(Object.entries(value).reverse().map(([k, v]) => [k, reversed(v)]))
        : value
    const serializations = [
      JSON.stringify(request, null, 2),
      JSON.stringify(reversed(request)),
      // the same numbers and strings written otherwise: 1100.0, 1.1e3, escaped letters
      JSON.stringify(request).replace(/"costPerItem":(\d+)/, "\"costPerItem\":$1.0").replace(
        "\"AUD\"",
        "\"\\u0041UD\""
      ),
      `\n  ${JSON.stringify(reversed(request), null, "\t")}\n`
    ]
    for (const raw of serializations) {
      const again = await t.call("POST", "/api/v2/checkout", { raw, headers: json(headers) })
      expect(again.status, raw).toBe(201)
      expect(again.headers.get("idempotent-replayed"), raw).toBe("true")
      expect(again.body.id, raw).toBe(first.body.id)
    }
    for (
      const other of [
        { ...request, merchantOrderId: "order-2" },
        { ...request, items: [...request.items].reverse() },
        { ...request, merchantMetadata: { note: "1100" } }
      ]
    ) {
      const refused = await t.call("POST", "/api/v2/checkout", { raw: JSON.stringify(other), headers: json(headers) })
      expect(refused.status).toBe(409)
      expect(refused.body.code).toBe("idempotency_key_reused")
    }
  })

  it("concurrent requests with one key create one checkout", async () => {
    const t = makeSandbox()
    const headers = { "idempotency-key": "burst" }
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => t.call("POST", "/api/v2/checkout", { body: checkoutRequest(), headers }))
    )
    expect(new Set(responses.map((r) => r.body.id)).size).toBe(1)
    expect(responses.every((r) => r.status === 201)).toBe(true)
  })
})
