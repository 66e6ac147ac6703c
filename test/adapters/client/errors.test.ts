import { describe, expect, it } from "@effect/vitest"
import { Effect, Exit, Schema } from "effect"
import {
  type ClientErrorCode,
  createClient,
  InvalidRedirectError,
  isPaymentPlanClientError,
  NotFoundError,
  PaymentPlanClientError,
  RateLimitedError,
  RequestValidationError,
  TransportError
} from "../../../src/adapters/client/index.ts"
import { make } from "../../../src/adapters/client/service.ts"
import type { ValidationError } from "../../../src/core/foundation/issues.ts"
import { fakeServer } from "./fake-server.ts"
import { fakeTransport, type Step } from "./fake-transport.ts"
import { checkoutResponse, options, runWithClock } from "./helpers.ts"

/** A client without retries over the scripted steps. */
const clientOver = (steps: ReadonlyArray<Step>) => {
  const transport = fakeTransport(steps)
  return { client: createClient(options(transport.fetch, { retry: false })), requests: transport.requests }
}

const rejection = async (promise: Promise<unknown>) => {
  try {
    await promise
  } catch (error) {
    return error as Record<string, unknown> & Error
  }
  throw new Error("expected a rejection")
}

describe("one base for the client's errors", () => {
  it("every rejection of the Promise client is a PaymentPlanClientError with its code", async () => {
    const codes: Array<ClientErrorCode> = []
    const steps = [
      { kind: "json", status: 400, body: {} },
      { kind: "json", status: 500, body: {} },
      { kind: "reset" },
      { kind: "text", status: 200, body: "<html>" }
    ] as const
    for (const step of steps) {
      const error = await rejection(clientOver([step]).client.retrievePlan("p1"))
      if (!isPaymentPlanClientError(error)) throw error
      codes.push(error.code)
    }
    const { client, requests } = clientOver([{ kind: "json", body: {} }])
    const refused = await rejection(client.retrievePlan(".."))
    const redirect = await rejection(client.verifyCheckout("https://shop.example/return"))
    for (const error of [refused, redirect]) {
      if (!isPaymentPlanClientError(error)) throw error
      codes.push(error.code)
    }
    expect(requests).toHaveLength(0)
    expect(codes).toEqual([
      "service_validation",
      "server_error",
      "transport",
      "undecodable_body",
      "invalid_request",
      "invalid_redirect"
    ])
  })

  it("a request the core refuses is a RequestValidationError: the operation, every issue", async () => {
    const { client } = clientOver([])
    const error = await rejection(client.listPlanNotes({ planId: "plan_1", pageSize: 0, pageOffset: -1 }))
    expect(error).toBeInstanceOf(RequestValidationError)
    expect(error).toMatchObject({ _tag: "RequestValidationError", code: "invalid_request", operation: "listPlanNotes" })
    expect((error as unknown as RequestValidationError).issues.map((i) => i.path).sort()).toEqual([
      "pageOffset",
      "pageSize"
    ])
    expect(error.message).toContain("listPlanNotes")
    expect(error.message).toContain("pageSize")
  })

  it("code narrows the guard's type; the guard refuses what is not a client error", async () => {
    const { client } = clientOver([{ kind: "json", status: 409, body: { message: "already cancelled" } }])
    const error: unknown = await rejection(client.cancelPlan({ planId: "p1", refundableAmount: 1, reason: "Other" }))
    const handled = (() => {
      if (!isPaymentPlanClientError(error)) return "unknown"
      switch (error.code) {
        case "conflict":
          return `conflict ${error.status}`
        case "invalid_request":
          return error.issues.length
        default:
          return error.code
      }
    })()
    expect(handled).toBe("conflict 409")
    for (const other of [new Error("x"), { _tag: "NotFoundError", code: "not_found" }, null, undefined, "e", 1]) {
      expect(isPaymentPlanClientError(other)).toBe(false)
    }
  })
})

describe("client error paths", () => {
  it.each([
    [400, "ServiceValidationError", "service_validation"],
    [422, "ServiceValidationError", "service_validation"],
    [401, "UnauthorizedError", "unauthorized"],
    [403, "ForbiddenError", "forbidden"],
    [404, "NotFoundError", "not_found"],
    [409, "ConflictError", "conflict"],
    [429, "RateLimitedError", "rate_limited"],
    [500, "ServerError", "server_error"],
    [503, "ServerError", "server_error"]
  ])("status %i is a %s (code %s) carrying the status, the request id and the body", async (status, tag, code) => {
    const body = {
      code: "some_code",
      message: "what went wrong",
      issues: [{ path: "planId", code: "required", message: "is required" }]
    }
    const { client } = clientOver([{ kind: "json", status, body, headers: { "x-request-id": "req-42" } }])
    const error = await rejection(client.retrievePlan("plan_1"))
    expect(error._tag).toBe(tag)
    expect(error).toBeInstanceOf(Error)
    expect(error).toBeInstanceOf(PaymentPlanClientError)
    expect(isPaymentPlanClientError(error)).toBe(true)
    expect(error["code"]).toBe(code)
    expect(error.name).toBe(tag)
    expect(error["status"]).toBe(status)
    expect(error["requestId"]).toBe("req-42")
    expect(error["body"]).toEqual(body)
    expect(error["operation"]).toBe("retrievePlan")
    expect(error.message).toContain("what went wrong")
    expect(error.message).toContain("req-42")
  })

  it("429 carries Retry-After in milliseconds, as delta seconds or as an HTTP date", async () => {
    const a = await rejection(
      clientOver([{ kind: "json", status: 429, body: {}, headers: { "retry-after": "7" } }]).client.retrievePlan("p1")
    )
    expect(a["retryAfterMs"]).toBe(7000)
    const b = await rejection(
      clientOver([{ kind: "json", status: 429, body: {}, headers: { "retry-after": "soon" } }]).client.retrievePlan(
        "p1"
      )
    )
    expect(b["retryAfterMs"]).toBeUndefined()
  })

  it("an HTML error page is kept as text in the error", async () => {
    const html = "<html><body><h1>502 Bad Gateway</h1></body></html>"
    const { client } = clientOver([{ kind: "text", status: 502, body: html, headers: { "content-type": "text/html" } }])
    const error = await rejection(client.retrievePlan("p1"))
    expect(error._tag).toBe("ServerError")
    expect(error["body"]).toBe(html)
  })

  it("a success with an HTML body, truncated JSON or JSON of another shape is an UndecodableBodyError", async () => {
    const html = await rejection(
      clientOver([{ kind: "text", status: 200, body: "<html>maintenance</html>" }]).client.retrievePlan("p1")
    )
    expect(html._tag).toBe("UndecodableBodyError")
    expect(html["status"]).toBe(200)
    expect(html["body"]).toBe("<html>maintenance</html>")
    expect(html["reason"]).toMatch(/not JSON/)

    const truncated = await rejection(
      clientOver([{ kind: "text", status: 200, body: "{\"id\": \"chk_1\", \"plan\": {" }]).client.retrieveCheckout(
        "chk_1"
      )
    )
    expect(truncated._tag).toBe("UndecodableBodyError")

    const shape = await rejection(
      clientOver([{ kind: "json", status: 200, body: { plan: null } }]).client.retrieveCheckout("chk_1")
    )
    expect(shape._tag).toBe("UndecodableBodyError")
    expect(shape["reason"]).toMatch(/id/)

    const list = await rejection(clientOver([{ kind: "json", status: 200, body: [1, 2] }]).client.retrievePlan("p1"))
    expect(list._tag).toBe("UndecodableBodyError")

    // the reason names the value a field has, not only what it should have been
    const wrongType = await rejection(
      clientOver([{ kind: "json", status: 200, body: { id: 42 } }]).client.retrieveCheckout("chk_1")
    )
    expect(wrongType["reason"]).toMatch(/^id .*got 42/)
  })

  it("a connection reset is a TransportError with fetch's error as its cause", async () => {
    const error = await rejection(clientOver([{ kind: "reset" }]).client.retrievePlan("p1"))
    expect(error._tag).toBe("TransportError")
    expect(error["status"]).toBeUndefined()
    expect((error["cause"] as Error).message).toBe("fetch failed")
  })

  it("a body cut off in transit is a TransportError", async () => {
    const error = await rejection(clientOver([{ kind: "truncated" }]).client.retrieveCheckout("chk_1"))
    expect(error._tag).toBe("TransportError")
  })

  it("responses are read tolerantly (R9): unknown fields kept, numbers as strings read, new enum values kept", async () => {
    const body = { ...checkoutResponse(), totalCost: "1100.50", planType: "Layaway", somethingNew: { a: 1 } }
    const outcome = await clientOver([{ kind: "json", status: 201, body }]).client.createCheckout(
      (await import("./helpers.ts")).checkoutRequest()
    )
    expect(outcome.ok).toBe(true)
    if (!outcome.ok) return
    expect(outcome.checkout.totalCost).toBe(1100.5)
    expect(outcome.checkout.planType).toBe("Layaway")
    expect((outcome.checkout as Record<string, unknown>)["somethingNew"]).toEqual({ a: 1 })
    expect(outcome.status).toBe(201)
  })

  it.effect("no answer within timeoutMs is a TimeoutError, and the request is aborted", () =>
    Effect.gen(function*() {
      const transport = fakeTransport([{ kind: "hang" }])
      const client = yield* make(options(transport.fetch, { retry: false, timeoutMs: 2_000 }))
      const exit = yield* runWithClock(client.retrievePlan("p1"))
      expect(Exit.isFailure(exit)).toBe(true)
      const error = Exit.isFailure(exit)
        ? (exit.cause.reasons[0] as { error?: { _tag: string; timeoutMs: number } }).error
        : undefined
      expect(error?._tag).toBe("TimeoutError")
      expect(error?.timeoutMs).toBe(2_000)
      expect(transport.requests[0]!.signal.aborted).toBe(true)
    }))

  it.effect("a body that never ends is a TimeoutError too", () =>
    Effect.gen(function*() {
      const transport = fakeTransport([{ kind: "slowBody" }])
      const client = yield* make(options(transport.fetch, { retry: false, timeoutMs: 1_000 }))
      const exit = yield* runWithClock(client.retrieveCheckout("chk_1"))
      const error = Exit.isFailure(exit) ? (exit.cause.reasons[0] as { error?: { _tag: string } }).error : undefined
      expect(error?._tag).toBe("TimeoutError")
    }))

  it("an AbortSignal cancels the call: the request is aborted and the promise rejects with the signal's reason", async () => {
    const transport = fakeTransport([{ kind: "hang" }])
    const client = createClient(options(transport.fetch))
    const controller = new AbortController()
    const pending = client.retrievePlan("p1", { signal: controller.signal })
    await new Promise((resolve) => setImmediate(resolve))
    expect(transport.requests).toHaveLength(1)
    controller.abort(new Error("user navigated away"))
    const error = await rejection(pending)
    expect(error.message).toBe("user navigated away")
    expect(transport.requests[0]!.signal.aborted).toBe(true)
    expect(transport.requests).toHaveLength(1)
    // an already aborted signal sends nothing
    await expect(client.retrievePlan("p1", { signal: controller.signal })).rejects.toThrow("user navigated away")
    expect(transport.requests).toHaveLength(1)
  })
})

describe("the client's errors are Effect-native", () => {
  it.effect("one tag per class: RequestValidationError has a tag of its own: catchTag(\"ValidationError\") does not catch it", () =>
    Effect.gen(function*() {
      const transport = fakeTransport([])
      const client = yield* make(options(transport.fetch, { retry: false }))
      const refused = client.retrievePlan("..") as Effect.Effect<unknown, { readonly _tag: string }>
      // the core's tag, as a program catching the core's refusals names it
      const caught = yield* Effect.exit(
        (refused as Effect.Effect<unknown, ValidationError | RequestValidationError>).pipe(
          Effect.catchTag("ValidationError", () => Effect.succeed("caught as the core's ValidationError"))
        )
      )
      expect(Exit.isFailure(caught)).toBe(true)
      const error = yield* Effect.flip(refused)
      expect(error._tag).toBe("RequestValidationError")
      const own = yield* (refused as Effect.Effect<unknown, RequestValidationError>).pipe(
        Effect.catchTag("RequestValidationError", (e) => Effect.succeed(e.issues.map((i) => i.path)))
      )
      expect(own).toEqual(["planId"])
    }))

  it("client errors are Schema tagged errors: each goes through a user's error schema, encoded as JSON and back", () => {
    const fields = {
      operation: "retrievePlan",
      method: "GET",
      url: "https://api.example.test/api/v2/plans/plan_1",
      requestId: "req-7",
      attempts: 2
    } as const
    const errors = [
      new NotFoundError({ ...fields, status: 404, body: { code: "not_found", message: "No such plan" } }),
      new RateLimitedError({ ...fields, status: 429, body: undefined, retryAfterMs: 3_000 }),
      new TransportError({
        ...fields,
        status: undefined,
        requestId: undefined,
        body: undefined,
        cause: new TypeError("fetch failed")
      }),
      new RequestValidationError({
        operation: "retrievePlan",
        issues: [{ path: "planId", code: "format", rule: "R4.3", message: "must not be \"..\"" }],
        warnings: []
      }),
      new InvalidRedirectError({ problem: "repeated" })
    ]
    // what a user's HttpApi endpoint or RPC would declare as its error
    const ErrorSchema = Schema.Union([
      NotFoundError,
      RateLimitedError,
      TransportError,
      RequestValidationError,
      InvalidRedirectError
    ])
    const codec = Schema.toCodecJson(ErrorSchema)
    for (const error of errors) {
      const json = JSON.parse(JSON.stringify(Schema.encodeSync(codec)(error)))
      expect(json._tag).toBe(error._tag)
      const back = Schema.decodeUnknownSync(codec)(json)
      expect(back).toBeInstanceOf(error.constructor)
      expect(back._tag).toBe(error._tag)
      expect(back.code).toBe(error.code)
      expect(back.message).toBe(error.message)
      expect(isPaymentPlanClientError(back)).toBe(true)
    }
    const decoded = Schema.decodeUnknownSync(codec)(JSON.parse(JSON.stringify(Schema.encodeSync(codec)(errors[0]!))))
    expect(decoded).toMatchObject({ status: 404, requestId: "req-7", attempts: 2, body: { code: "not_found" } })
  })
})

describe("the service's request id on every error built from an answer", () => {
  it.each(
    [
      [
        "a body cut off after the headers",
        { kind: "truncated", headers: { "request-id": "req-cut" } },
        "TransportError",
        "req-cut"
      ],
      [
        "an HTML page with status 200",
        { kind: "text", status: 200, body: "<html>", headers: { "request-id": "req-html" } },
        "UndecodableBodyError",
        "req-html"
      ],
      [
        "JSON of another shape",
        { kind: "json", status: 200, body: [1], headers: { "Request-Id": "req-shape" } },
        "UndecodableBodyError",
        "req-shape"
      ]
    ] as const
  )("%s: the error carries the answer's Request-Id", async (_, step, tag, requestId) => {
    const error = await rejection(clientOver([step]).client.retrieveCheckout("chk_1"))
    expect(error._tag).toBe(tag)
    expect(error["requestId"]).toBe(requestId)
  })

  it.effect("a body that never ends: the TimeoutError carries the Request-Id its headers gave", () =>
    Effect.gen(function*() {
      const transport = fakeTransport([{ kind: "slowBody", headers: { "request-id": "req-slow" } }])
      const client = yield* make(options(transport.fetch, { retry: false, timeoutMs: 1_000 }))
      const exit = yield* runWithClock(client.retrieveCheckout("chk_1"))
      const error = Exit.isFailure(exit)
        ? (exit.cause.reasons[0] as { error?: Record<string, unknown> }).error
        : undefined
      expect(error?.["_tag"]).toBe("TimeoutError")
      expect(error?.["requestId"]).toBe("req-slow")
    }))
})

describe("the fake server's Request-Id on the client's errors", () => {
  it("a 404, a 401 and a 409 each carry the Request-Id of their own answer", async () => {
    const { fetch, baseUrl, merchantId, apiKey } = fakeServer()
    const client = createClient({ fetch, baseUrl, merchantId, apiKey, retry: false })
    const wrongKey = createClient({ fetch, baseUrl, merchantId, apiKey: `${apiKey}-wrong`, retry: false })
    const notFound = await rejection(client.retrievePlan("plan_missing"))
    const unauthorized = await rejection(wrongKey.getMerchantConfiguration())
    const cancel = { planId: "plan_missing", refundableAmount: 1, reason: "Other" } as const
    const reused = await rejection(
      client.cancelPlan(cancel, { idempotencyKey: "k-1" }).catch(() =>
        client.cancelPlan({ ...cancel, refundableAmount: 2 }, { idempotencyKey: "k-1" })
      )
    )
    expect([notFound, unauthorized, reused].map((e) => [e._tag, e["requestId"]])).toEqual([
      ["NotFoundError", "req_1"],
      ["UnauthorizedError", "req_2"],
      ["ConflictError", "req_4"]
    ])
    expect(notFound.message).toContain("[request id req_1]")
  })
})
