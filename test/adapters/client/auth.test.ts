import { Redacted } from "effect"
import { inspect } from "node:util"
import { describe, expect, it } from "vitest"
import { basicAuthorization } from "../../../src/adapters/client/auth.ts"
import {
  createClient,
  InvalidOptionsError,
  isPaymentPlanClientError,
  PaymentPlanClient
} from "../../../src/adapters/client/index.ts"
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

  it("not in the InvalidOptionsError for bad options, which names every problem", () => {
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
    expect(error).toBeInstanceOf(InvalidOptionsError)
    expect((error as InvalidOptionsError).issues.map((i) => i.path)).toEqual([
      "baseUrl",
      "merchantId",
      "timeoutMs",
      "retry.maxRetries",
      "retry.idempotencyKeyHeader"
    ])
    for (const shape of everyShape(error)) expect(shape).not.toContain(API_KEY)
  })
})

/** What createClient throws for `options`, or undefined. */
const optionsError = (options: unknown): InvalidOptionsError | undefined => {
  try {
    createClient(options as never)
  } catch (e) {
    if (e instanceof InvalidOptionsError) return e
    throw e
  }
  return undefined
}

describe("options are checked with the rules of requests", () => {
  const base = { baseUrl: "https://api.example.test", apiKey: API_KEY, fetch: fakeTransport([]).fetch }

  it("R4.3: a merchant id with a space or a line break is refused at once, with its rule", () => {
    // `createClient({ merchantId: "a b" })` was accepted
    expect(optionsError({ ...base, merchantId: "a b" })?.issues.map((i) => [i.path, i.code, i.rule])).toEqual([
      ["merchantId", "too_short", "R4.1"],
      ["merchantId", "pattern", "R4.3"]
    ])
    for (const merchantId of ["a b", "merchant 123", "merchant\n123", "merchant\u2028123"]) {
      const error = optionsError({ ...base, merchantId })
      expect(error?.issues).toContainEqual(
        expect.objectContaining({ path: "merchantId", code: "pattern", rule: "R4.3" })
      )
    }
  })

  it("R4.1: a merchant id of 5 to 256 characters (code points), a string, is required", () => {
    expect(optionsError({ ...base, merchantId: "abcd" })?.issues).toEqual([
      expect.objectContaining({ path: "merchantId", code: "too_short", rule: "R4.1" })
    ])
    expect(optionsError({ ...base, merchantId: "m".repeat(257) })?.issues).toEqual([
      expect.objectContaining({ path: "merchantId", code: "too_long", rule: "R4.1" })
    ])
    expect(optionsError({ ...base, merchantId: 12345 })?.issues).toEqual([
      expect.objectContaining({ path: "merchantId", code: "type" })
    ])
    expect(optionsError({ ...base })?.issues).toEqual([
      expect.objectContaining({ path: "merchantId", code: "required" })
    ])
    expect(optionsError({ ...base, merchantId: "abcde" })).toBeUndefined()
    expect(optionsError({ ...base, merchantId: "🎪".repeat(256) })).toBeUndefined()
    // a tab passes R4.3's pattern, as it does in a request
    expect(optionsError({ ...base, merchantId: "merchant\t123" })).toBeUndefined()
  })

  it("the merchant id's rules are the core's: the client accepts exactly the ids a checkout request accepts", async () => {
    const { validateCheckoutRequest } = await import("../../../src/index.ts")
    const { exampleRequest } = await import("../../fixtures.ts")
    for (const merchantId of ["a b", "abcd", "abcde", "x".repeat(256), "x".repeat(257), "tab\there", "cr\rhere", ""]) {
      const request = validateCheckoutRequest({ ...exampleRequest(), merchantId }, { now: "2026-11-22T00:00:00Z" })
      const requestIssues = request.ok ? [] : request.issues.filter((i) => i.path === "merchantId")
      const optionIssues = optionsError({ ...base, merchantId })?.issues ?? []
      expect(optionIssues.map((i) => [i.code, i.rule])).toEqual(requestIssues.map((i) => [i.code, i.rule]))
    }
  })

  it("every bad option at once, each with its rule; the error is a client error with code invalid_options", () => {
    const error = optionsError({
      baseUrl: "https://api.example.test?x=1",
      merchantId: "merchant 123",
      apiKey: "",
      timeoutMs: 1.5,
      idempotencyKeys: "yes",
      retry: { maxRetries: 2.5, idempotencyKeys: false },
      timeoutMS: 100
    })
    expect(isPaymentPlanClientError(error)).toBe(true)
    expect(error?.code).toBe("invalid_options")
    expect(error?.issues.map((i) => [i.path, i.code, i.rule])).toEqual([
      ["timeoutMS", "unknown_field", "client"],
      ["baseUrl", "format", "client"],
      ["merchantId", "pattern", "R4.3"],
      ["apiKey", "required", "client"],
      ["timeoutMs", "type", "client"],
      ["retry.idempotencyKeys", "unknown_field", "client"],
      ["retry.maxRetries", "type", "client"],
      ["idempotencyKeys", "enum", "client"]
    ])
    expect(error?.message).toContain("merchantId: must not contain spaces or line breaks")
    expect(error?.message).toContain("R4.3")
    expect(error?.issues.find((i) => i.path === "retry.idempotencyKeys")?.message).toContain("idempotencyKeys")
  })

  it("an option set to undefined is absent", () => {
    expect(
      optionsError({
        ...base,
        merchantId: "merchant-123",
        timeoutMs: undefined,
        retry: { maxRetries: undefined },
        idempotencyKeys: undefined,
        somethingElse: undefined
      })
    ).toBeUndefined()
  })

  it("a colon is refused only with the default Basic authorization (RFC 7617 splits at the first colon)", () => {
    expect(optionsError({ ...base, merchantId: "merchant:123" })?.issues).toEqual([
      expect.objectContaining({ path: "merchantId", code: "format" })
    ])
    expect(optionsError({ ...base, merchantId: "merchant:123", authorization: "Bearer t" })).toBeUndefined()
  })

  it("the Effect layer fails with the same InvalidOptionsError", async () => {
    const { Effect, Exit, Layer } = await import("effect")
    const exit = await Effect.runPromiseExit(
      Effect.scoped(Layer.build(PaymentPlanClient.layer({ ...base, merchantId: "merchant 123" })))
    )
    expect(Exit.isFailure(exit)).toBe(true)
    const failure = Exit.isFailure(exit) ? (exit.cause.reasons[0] as { error?: unknown }).error : undefined
    expect(failure).toBeInstanceOf(InvalidOptionsError)
    expect((failure as InvalidOptionsError).issues[0]).toMatchObject({ path: "merchantId", rule: "R4.3" })
  })
})
