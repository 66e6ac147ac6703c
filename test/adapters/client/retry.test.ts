import { describe, expect, it } from "@effect/vitest"
import { Effect, Exit } from "effect"
import fc from "fast-check"
import { DEFAULT_RETRY } from "../../../src/adapters/client/config.ts"
import type { IdempotencyKeys, RetryOptions } from "../../../src/adapters/client/index.ts"
import { backoffMs, cannotHaveReachedServer, isRepeatable } from "../../../src/adapters/client/retry.ts"
import { make } from "../../../src/adapters/client/service.ts"
import { fakeTransport, type Step } from "./fake-transport.ts"
import { checkoutRequest, checkoutResponse, fixedRandom, options, runWithClock, testNow } from "./helpers.ts"

const failureTag = (exit: Exit.Exit<unknown, unknown>) =>
  Exit.isFailure(exit) ? (exit.cause.reasons[0] as { error?: { _tag: string; attempts: number } }).error : undefined

/** Runs one call under the test clock with jitter fixed at `random`; gives the exit and the requests. */
const scenario = <A>(
  steps: ReadonlyArray<Step>,
  run: (client: Effect.Success<ReturnType<typeof make>>) => Effect.Effect<A, unknown>,
  retry: Partial<RetryOptions> = {},
  random = 0.5,
  timeoutMs = 10_000,
  idempotencyKeys: IdempotencyKeys = "unknown"
) =>
  Effect.gen(function*() {
    const transport = fakeTransport(steps, yield* testNow)
    const client = yield* make(options(transport.fetch, { retry, timeoutMs, idempotencyKeys }))
    const exit = yield* runWithClock(run(client).pipe(fixedRandom(random)))
    return { exit, requests: transport.requests, at: transport.requests.map((r) => r.at) }
  })

const ok = (body: unknown = { id: "plan_1" }): Step => ({ kind: "json", status: 200, body })

const cancel = { planId: "plan_1", refundableAmount: 10, reason: "CustomerRequest" } as const

describe("retry policy", () => {
  it("backoff is full jitter under an exponential cap", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (retry, random) => {
          const cap = Math.min(DEFAULT_RETRY.maxDelayMs, DEFAULT_RETRY.baseDelayMs * 2 ** retry)
          const delay = backoffMs(DEFAULT_RETRY, retry, random)
          expect(delay).toBeGreaterThanOrEqual(0)
          expect(delay).toBeLessThanOrEqual(cap)
          expect(Number.isInteger(delay)).toBe(true)
        }
      )
    )
    expect(backoffMs(DEFAULT_RETRY, 0, 0.5)).toBe(100)
    expect(backoffMs(DEFAULT_RETRY, 2, 0.5)).toBe(400)
    expect(backoffMs(DEFAULT_RETRY, 10, 0.5)).toBe(2_500)
  })

  it("GET, PUT and DELETE are repeatable; a POST only with a key the service is known to honour", () => {
    for (const keys of ["unknown", "honoured"] as const) {
      expect(isRepeatable({ method: "GET", idempotencyKey: undefined }, keys)).toBe(true)
      expect(isRepeatable({ method: "PUT", idempotencyKey: undefined }, keys)).toBe(true)
      expect(isRepeatable({ method: "DELETE", idempotencyKey: undefined }, keys)).toBe(true)
      expect(isRepeatable({ method: "POST", idempotencyKey: undefined }, keys)).toBe(false)
    }
    expect(isRepeatable({ method: "POST", idempotencyKey: "k" }, "unknown")).toBe(false)
    expect(isRepeatable({ method: "PATCH", idempotencyKey: "k" }, "unknown")).toBe(false)
    expect(isRepeatable({ method: "POST", idempotencyKey: "k" }, "honoured")).toBe(true)
  })

  it("a failure cannot have reached the server only when its cause says so (refused, DNS, never connected)", () => {
    const failed = (cause: unknown) => new TypeError("fetch failed", { cause })
    const sys = (code: string) => Object.assign(new Error(code), { code })
    for (const code of ["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "UND_ERR_CONNECT_TIMEOUT"]) {
      expect(cannotHaveReachedServer(failed(sys(code)))).toBe(true)
    }
    for (const code of ["ECONNRESET", "EPIPE", "ETIMEDOUT", "UND_ERR_SOCKET", "ERR_TLS_CERT_ALTNAME_INVALID"]) {
      expect(cannotHaveReachedServer(failed(sys(code)))).toBe(false)
    }
    // happy eyeballs: every address refused, or one of them reset
    expect(cannotHaveReachedServer(failed(new AggregateError([sys("ECONNREFUSED"), sys("ECONNREFUSED")])))).toBe(true)
    expect(cannotHaveReachedServer(failed(new AggregateError([sys("ECONNREFUSED"), sys("ECONNRESET")])))).toBe(false)
    // the first code down the chain decides; no code at all is not proof
    expect(cannotHaveReachedServer(Object.assign(new Error("x"), { code: "ECONNRESET", cause: sys("ECONNREFUSED") })))
      .toBe(false)
    expect(cannotHaveReachedServer(failed(new Error("other side closed")))).toBe(false)
    expect(cannotHaveReachedServer(undefined)).toBe(false)
    expect(cannotHaveReachedServer("ECONNREFUSED")).toBe(false)
  })

  it.effect("a GET is retried after 5xx, resets and timeouts with exponential spacing, then succeeds", () =>
    Effect.gen(function*() {
      const { exit, at } = yield* scenario(
        [{ kind: "json", status: 503, body: {} }, { kind: "reset" }, { kind: "json", status: 500, body: {} }, ok()],
        (c) => c.retrievePlan("plan_1")
      )
      expect(Exit.isSuccess(exit)).toBe(true)
      // jitter 0.5 of 200, 400, 800
      expect(at).toEqual([0, 100, 300, 700])
    }))

  it.effect("a timeout is retried: the next attempt starts after its backoff", () =>
    Effect.gen(function*() {
      const { exit, at } = yield* scenario([{ kind: "hang" }, ok()], (c) => c.retrievePlan("plan_1"), {}, 0.5, 1_000)
      expect(Exit.isSuccess(exit)).toBe(true)
      expect(at).toEqual([0, 1_100])
    }))

  it.effect("gives up after maxRetries and reports the last failure with the number of attempts", () =>
    Effect.gen(function*() {
      const { exit, requests } = yield* scenario(
        [{ kind: "json", status: 500, body: {} }],
        (c) => c.retrievePlan("plan_1"),
        { maxRetries: 2 }
      )
      expect(requests).toHaveLength(3)
      expect(failureTag(exit)).toMatchObject({ _tag: "ServerError", attempts: 3 })
    }))

  it.effect("honours Retry-After on 429 when it is longer than the backoff", () =>
    Effect.gen(function*() {
      const { exit, at } = yield* scenario(
        [{ kind: "json", status: 429, body: {}, headers: { "retry-after": "3" } }, ok()],
        (c) => c.retrievePlan("plan_1")
      )
      expect(Exit.isSuccess(exit)).toBe(true)
      expect(at).toEqual([0, 3_000])
    }))

  it.effect("stops when the time budget is spent, even with retries left", () =>
    Effect.gen(function*() {
      const { exit, requests } = yield* scenario(
        [{ kind: "json", status: 429, body: {}, headers: { "retry-after": "60" } }, ok()],
        (c) => c.retrievePlan("plan_1"),
        { maxElapsedMs: 30_000 }
      )
      expect(requests).toHaveLength(1)
      expect(failureTag(exit)).toMatchObject({ _tag: "RateLimitedError", attempts: 1 })
    }))

  it.effect("no retry starts past maxElapsedMs after the first failure, as Effect's Schedule.during counts", () =>
    Effect.gen(function*() {
      const { exit, at } = yield* scenario(
        [{ kind: "hang" }],
        (c) => c.retrievePlan("plan_1"),
        { maxRetries: 10, maxElapsedMs: 5_000 },
        0.5,
        2_000
      )
      expect(failureTag(exit)?._tag).toBe("TimeoutError")
      // the first failure at 2 000; the retries wait 100, 200, 400 ms after each failure; the next would start at
      // 2 000 + 6 700 + 800, past the budget
      expect(at).toEqual([0, 2_100, 4_300, 6_700])
      for (const start of at.slice(1)) expect(start - 2_000).toBeLessThan(5_000)
    }))

  it.effect("4xx other than 429 and undecodable bodies are not retried", () =>
    Effect.gen(function*() {
      for (
        const step of [
          { kind: "json", status: 400, body: {} },
          { kind: "json", status: 404, body: {} },
          { kind: "json", status: 409, body: {} },
          { kind: "text", status: 200, body: "<html>" }
        ] as const
      ) {
        const { requests } = yield* scenario([step, ok()], (c) => c.retrievePlan("plan_1"))
        expect(requests).toHaveLength(1)
      }
    }))

  it.effect("by default a POST carries no key and is not retried once it may have reached the service", () =>
    Effect.gen(function*() {
      const created: Step = { kind: "json", status: 201, body: checkoutResponse() }
      for (const failure of [{ kind: "json", status: 503, body: {} }, { kind: "reset" }, { kind: "hang" }] as const) {
        const { exit, requests } = yield* scenario(
          [failure, created],
          (c) => c.createCheckout(checkoutRequest()),
          {},
          0.5,
          1_000
        )
        expect(requests).toHaveLength(1)
        expect(requests[0]!.headers["idempotency-key"]).toBeUndefined()
        expect(Exit.isFailure(exit)).toBe(true)
      }
    }))

  it.effect("by default a POST that cannot have reached the service (refused, DNS) is retried", () =>
    Effect.gen(function*() {
      const { exit, requests, at } = yield* scenario(
        [{ kind: "refused" }, { kind: "dns" }, { kind: "json", status: 201, body: checkoutResponse() }],
        (c) => c.createCheckout(checkoutRequest())
      )
      expect(requests).toHaveLength(3)
      expect(at).toEqual([0, 100, 300])
      expect(Exit.isSuccess(exit) && exit.value).toMatchObject({ status: 201 })
      // a refusal after the budget of retries is the last failure
      const refused = yield* scenario([{ kind: "refused" }], (c) => c.cancelPlan(cancel), { maxRetries: 2 })
      expect(refused.requests).toHaveLength(3)
      expect(failureTag(refused.exit)).toMatchObject({ _tag: "TransportError", attempts: 3 })
    }))

  it.effect("honoured: every POST carries a key, the same on every attempt, a new one per call, and is retried like a GET", () =>
    Effect.gen(function*() {
      const { exit, requests } = yield* scenario(
        [{ kind: "reset" }, { kind: "json", status: 502, body: {} }, { kind: "hang" }, {
          kind: "json",
          status: 201,
          body: checkoutResponse()
        }],
        (c) => Effect.zip(c.createCheckout(checkoutRequest()), c.createCheckout(checkoutRequest())),
        { idempotencyKeyHeader: "X-Idempotency-Key" },
        0.5,
        1_000,
        "honoured"
      )
      expect(Exit.isSuccess(exit)).toBe(true)
      expect(requests).toHaveLength(5)
      const keys = requests.map((r) => r.headers["x-idempotency-key"])
      expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/)
      expect(keys.slice(1, 4)).toEqual([keys[0], keys[0], keys[0]])
      expect(keys[4]).toMatch(/^[0-9a-f-]{36}$/)
      expect(keys[4]).not.toBe(keys[0])
    }))

  it.effect("a caller's idempotency key is sent as given; it makes a POST retried only when the service honours keys", () =>
    Effect.gen(function*() {
      const steps: ReadonlyArray<Step> = [{ kind: "json", status: 500, body: {} }, {
        kind: "json",
        status: 200,
        body: { result: "Cancelled" }
      }]
      const call = (c: Effect.Success<ReturnType<typeof make>>) =>
        c.cancelPlan(cancel, { idempotencyKey: "cancel-plan_1-v1" })
      const unknown = yield* scenario(steps, call)
      expect(unknown.requests.map((r) => r.headers["idempotency-key"])).toEqual(["cancel-plan_1-v1"])
      expect(failureTag(unknown.exit)).toMatchObject({ _tag: "ServerError", attempts: 1 })
      const honoured = yield* scenario(steps, call, {}, 0.5, 10_000, "honoured")
      expect(honoured.requests.map((r) => r.headers["idempotency-key"])).toEqual([
        "cancel-plan_1-v1",
        "cancel-plan_1-v1"
      ])
      expect(Exit.isSuccess(honoured.exit)).toBe(true)
    }))

  it.effect("a PUT (setting a merchant order) is retried like a GET", () =>
    Effect.gen(function*() {
      const { exit, requests } = yield* scenario(
        [{ kind: "json", status: 503, body: {} }, { kind: "json", body: { planId: "plan_1", merchantOrderId: "o-2" } }],
        (c) => c.setMerchantOrder({ planId: "plan_1", merchantOrderId: "o-2" })
      )
      expect(requests.map((r) => r.method)).toEqual(["PUT", "PUT"])
      expect(Exit.isSuccess(exit)).toBe(true)
    }))

  it.effect("maxRetries 0 (or retry: false) sends once", () =>
    Effect.gen(function*() {
      const { requests } = yield* scenario([{ kind: "json", status: 503, body: {} }, ok()], (c) =>
        c.retrievePlan("plan_1"), { maxRetries: 0 })
      expect(requests).toHaveLength(1)
    }))

  it.effect("interruption stops the retries: no attempt after it", () =>
    Effect.gen(function*() {
      const transport = fakeTransport([{ kind: "json", status: 503, body: {} }], yield* testNow)
      const client = yield* make(options(transport.fetch))
      const exit = yield* runWithClock(client.retrievePlan("plan_1").pipe(fixedRandom(0.5), Effect.timeout(250)))
      expect(Exit.isFailure(exit)).toBe(true)
      expect(transport.requests.map((r) => r.at)).toEqual([0, 100])
    }))
})
