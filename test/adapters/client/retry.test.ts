import { describe, expect, it } from "@effect/vitest"
import { Effect, Exit } from "effect"
import fc from "fast-check"
import { backoffMs, DEFAULT_RETRY, isRepeatable, make, type RetryOptions } from "../../../src/adapters/client/index.ts"
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
  timeoutMs = 10_000
) =>
  Effect.gen(function*() {
    const transport = fakeTransport(steps, yield* testNow)
    const client = yield* make(options(transport.fetch, { retry, timeoutMs }))
    const exit = yield* runWithClock(run(client).pipe(fixedRandom(random)))
    return { exit, requests: transport.requests, at: transport.requests.map((r) => r.at) }
  })

const ok = (body: unknown = { id: "plan_1" }): Step => ({ kind: "json", status: 200, body })

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

  it("only GET, PUT, DELETE and keyed POSTs are repeatable", () => {
    expect(isRepeatable({ method: "GET", idempotencyKey: undefined })).toBe(true)
    expect(isRepeatable({ method: "PUT", idempotencyKey: undefined })).toBe(true)
    expect(isRepeatable({ method: "POST", idempotencyKey: undefined })).toBe(false)
    expect(isRepeatable({ method: "POST", idempotencyKey: "k" })).toBe(true)
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

  it.effect("total time stays within maxElapsedMs: a retry's time limit is cut to what remains", () =>
    Effect.gen(function*() {
      const { exit, at } = yield* scenario(
        [{ kind: "hang" }],
        (c) => c.retrievePlan("plan_1"),
        { maxRetries: 10, maxElapsedMs: 5_000 },
        0.5,
        2_000
      )
      expect(failureTag(exit)?._tag).toBe("TimeoutError")
      const last = at[at.length - 1]!
      expect(last).toBeLessThan(5_000)
      expect(at).toEqual([0, 2_100, 4_300])
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

  it.effect("a POST without an idempotency key is never retried", () =>
    Effect.gen(function*() {
      const { exit, requests } = yield* scenario(
        [{ kind: "json", status: 503, body: {} }, { kind: "json", status: 201, body: checkoutResponse() }],
        (c) => c.createCheckout(checkoutRequest()),
        { idempotencyKeys: false }
      )
      expect(requests).toHaveLength(1)
      expect(requests[0]!.headers["idempotency-key"]).toBeUndefined()
      expect(Exit.isSuccess(exit) && exit.value).toMatchObject({ ok: false, displayWidget: false, status: 503 })
    }))

  it.effect("a keyed POST is retried with the same key on every attempt, a new key per call", () =>
    Effect.gen(function*() {
      const { exit, requests } = yield* scenario(
        [{ kind: "reset" }, { kind: "json", status: 502, body: {} }, {
          kind: "json",
          status: 201,
          body: checkoutResponse()
        }],
        (c) => Effect.zip(c.createCheckout(checkoutRequest()), c.createCheckout(checkoutRequest())),
        { idempotencyKeyHeader: "X-Idempotency-Key" }
      )
      expect(Exit.isSuccess(exit)).toBe(true)
      expect(requests).toHaveLength(4)
      const keys = requests.map((r) => r.headers["x-idempotency-key"])
      expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/)
      expect(keys[1]).toBe(keys[0])
      expect(keys[2]).toBe(keys[0])
      expect(keys[3]).not.toBe(keys[0])
    }))

  it.effect("a caller's idempotency key is sent as given, and makes a POST retryable even with generated keys off", () =>
    Effect.gen(function*() {
      const { requests } = yield* scenario(
        [{ kind: "json", status: 500, body: {} }, { kind: "json", status: 200, body: { result: "Cancelled" } }],
        (c) =>
          c.cancelPlan({ planId: "plan_1", refundableAmount: 10, reason: "CustomerRequest" }, {
            idempotencyKey: "cancel-plan_1-v1"
          }),
        { idempotencyKeys: false }
      )
      expect(requests.map((r) => r.headers["idempotency-key"])).toEqual(["cancel-plan_1-v1", "cancel-plan_1-v1"])
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
