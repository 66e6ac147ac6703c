import { Redacted } from "effect"
import { inspect } from "node:util"
import { describe, expect, it } from "vitest"
import { basicAuthorization, createClient, ValidationError } from "../../../src/adapters/client/index.ts"
import { fakeTransport, type Step } from "./fake-transport.ts"
import { API_KEY, MERCHANT_ID, options } from "./helpers.ts"

const everyShape = (value: unknown): ReadonlyArray<string> => [
  String(value),
  JSON.stringify(value) ?? "",
  inspect(value, { depth: 10, showHidden: true, getters: true }),
  value instanceof Error ? `${value.message}\n${value.stack ?? ""}` : ""
]

describe("authorization", () => {
  it("defaults to Basic base64(merchantId:apiKey), UTF-8 encoded", async () => {
    const transport = fakeTransport([{ kind: "json", body: { id: "p1" } }])
    await createClient(options(transport.fetch)).retrievePlan("p1")
    expect(transport.requests[0]!.headers["authorization"]).toBe(
      `Basic ${Buffer.from(`${MERCHANT_ID}:${API_KEY}`).toString("base64")}`
    )
    expect(Redacted.value(basicAuthorization("mérchant", Redacted.make("ключ")))).toBe(
      `Basic ${Buffer.from("mérchant:ключ", "utf8").toString("base64")}`
    )
  })

  it("can be replaced by a string, a Redacted or a function of the credentials (called per attempt)", async () => {
    const a = fakeTransport([{ kind: "json", body: { id: "p1" } }])
    await createClient(options(a.fetch, { authorization: "Bearer abc" })).retrievePlan("p1")
    expect(a.requests[0]!.headers["authorization"]).toBe("Bearer abc")

    const b = fakeTransport([{ kind: "json", body: { id: "p1" } }])
    await createClient(options(b.fetch, { authorization: Redacted.make("Token xyz") })).retrievePlan("p1")
    expect(b.requests[0]!.headers["authorization"]).toBe("Token xyz")

    const c = fakeTransport([{ kind: "json", status: 503, body: {} }, { kind: "json", body: { id: "p1" } }])
    const seen: Array<string> = []
    let n = 0
    const client = createClient(options(c.fetch, {
      retry: { baseDelayMs: 0 },
      authorization: async ({ merchantId, apiKey }) => {
        seen.push(`${merchantId}/${apiKey}`)
        return `Custom ${merchantId}.${++n}`
      }
    }))
    await client.retrievePlan("p1")
    expect(seen).toEqual([`${MERCHANT_ID}/${API_KEY}`, `${MERCHANT_ID}/${API_KEY}`])
    expect(c.requests.map((r) => r.headers["authorization"])).toEqual([
      `Custom ${MERCHANT_ID}.1`,
      `Custom ${MERCHANT_ID}.2`
    ])
  })

  it("keeps a base URL's path as a prefix", async () => {
    const transport = fakeTransport([{ kind: "json", body: { id: "p1" } }])
    await createClient(options(transport.fetch, { baseUrl: "http://127.0.0.1:4010/sandbox/" })).retrievePlan("p+1/ü")
    expect(transport.requests[0]!.url.href).toBe("http://127.0.0.1:4010/sandbox/api/v2/plans/p%2B1%2F%C3%BC")
  })

  it("honours route overrides", async () => {
    const transport = fakeTransport([{ kind: "json", body: { id: "p1" } }])
    await createClient(
      options(transport.fetch, { routes: { retrievePlan: { method: "GET", path: "/v3/plan/{planId}" } } })
    ).retrievePlan("p1")
    expect(transport.requests[0]!.url.pathname).toBe("/v3/plan/p1")
  })
})

describe("the API key is never shown", () => {
  const steps: ReadonlyArray<Step> = [
    { kind: "json", status: 400, body: { message: "bad" } },
    { kind: "json", status: 401, body: {} },
    { kind: "json", status: 429, body: {}, headers: { "retry-after": "1" } },
    { kind: "text", status: 500, body: "<html>oops</html>" },
    { kind: "reset" },
    { kind: "text", status: 200, body: "{" },
    { kind: "truncated" }
  ]

  it("not in the client's toString, JSON or inspection", () => {
    const client = createClient(options(fakeTransport([]).fetch))
    for (const shape of everyShape(client)) expect(shape).not.toContain(API_KEY)
    const redacted = createClient(options(fakeTransport([]).fetch, { apiKey: Redacted.make(API_KEY) }))
    for (const shape of everyShape(redacted)) expect(shape).not.toContain(API_KEY)
    for (const shape of everyShape(client.effect)) expect(shape).not.toContain(API_KEY)
    expect(JSON.parse(JSON.stringify(client))).toEqual({
      baseUrl: "https://api.example.test/",
      merchantId: MERCHANT_ID,
      apiKey: "<redacted>"
    })
  })

  it("not in any error, nor in its message, stack, JSON or inspection", async () => {
    for (const step of steps) {
      const client = createClient(options(fakeTransport([step]).fetch, { retry: false }))
      const error = await client.retrievePlan("p1").then(() => undefined, (e: unknown) => e)
      expect(error).toBeInstanceOf(Error)
      const encoded = Buffer.from(`${MERCHANT_ID}:${API_KEY}`).toString("base64")
      for (const shape of everyShape(error)) {
        expect(shape).not.toContain(API_KEY)
        expect(shape).not.toContain(encoded)
      }
    }
  })

  it("not in the ValidationError for bad options, which names every problem", () => {
    let error: unknown
    try {
      createClient({
        baseUrl: "ftp://x",
        merchantId: "",
        apiKey: API_KEY,
        timeoutMs: 0,
        retry: { maxRetries: -1, idempotencyKeyHeader: "bad header" }
      })
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(ValidationError)
    expect((error as ValidationError).issues.map((i) => i.path)).toEqual([
      "baseUrl",
      "merchantId",
      "timeoutMs",
      "retry.maxRetries",
      "retry.idempotencyKeyHeader"
    ])
    for (const shape of everyShape(error)) expect(shape).not.toContain(API_KEY)
  })
})
