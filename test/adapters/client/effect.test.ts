/**
 * The client's Effect face as an Effect program uses it: refusals in the error
 * channel, a layer read from `Config`, a `Duration` and a `Schedule` as
 * options, and a span per call.
 */
import { describe, expect, it } from "@effect/vitest"
import { Config, ConfigProvider, Duration, Effect, Exit, Layer, Schedule, Tracer } from "effect"
import {
  type ClientOptions,
  PaymentPlanClient,
  RequestValidationError,
  ServiceValidationError
} from "../../../src/adapters/client/index.ts"
import { make } from "../../../src/adapters/client/service.ts"
import { shouldDisplayWidget } from "../../../src/index.ts"
import { fakeTransport, type Step } from "./fake-transport.ts"
import {
  API_KEY,
  BASE_URL,
  checkoutRequest,
  checkoutResponse,
  fixedRandom,
  MERCHANT_ID,
  options,
  runWithClock,
  testNow
} from "./helpers.ts"

const failureOf = <E>(exit: Exit.Exit<unknown, E>) =>
  Exit.isFailure(exit) ? (exit.cause.reasons[0] as { error?: E }).error : undefined

describe("createCheckout fails through the error channel (R8.3)", () => {
  it.effect("a checkout created: the checkout, its status and the request's warnings", () =>
    Effect.gen(function*() {
      const transport = fakeTransport([{ kind: "json", status: 201, body: checkoutResponse() }])
      const client = yield* make(options(transport.fetch, { retry: false }))
      const created = yield* client.createCheckout({ ...checkoutRequest(), callbackURL: "https://shop.example/cb" })
      expect(created.checkout.id).toBe("chk_1")
      expect(created.status).toBe(201)
      expect(created.warnings.map((w) => w.code)).toEqual(["deprecated"])
    }))

  it.effect("R4: a request the core refuses is a RequestValidationError with every issue; nothing is sent", () =>
    Effect.gen(function*() {
      const transport = fakeTransport([{ kind: "json", status: 201, body: checkoutResponse() }])
      const client = yield* make(options(transport.fetch, { retry: false }))
      const error = yield* Effect.flip(client.createCheckout({ ...checkoutRequest(), currencyCode: "ABC" }))
      expect(error).toBeInstanceOf(RequestValidationError)
      if (error._tag !== "RequestValidationError") return
      expect(error.issues.map((i) => [i.path, i.code])).toEqual([["currencyCode", "unknown_currency"]])
      expect(transport.requests).toHaveLength(0)
      // R8.3: no widget for a request that was not sent
      expect(shouldDisplayWidget(undefined)).toBe(false)
    }))

  it.effect("R8.3: the service's refusal is a ServiceValidationError with its status and the issues it names", () =>
    Effect.gen(function*() {
      const issues = [{ path: "items[0].costPerItem", code: "precision", rule: "R1.3", message: "too many digits" }]
      const transport = fakeTransport([{
        kind: "json",
        status: 400,
        body: { code: "validation_failed", message: "no", issues }
      }])
      const client = yield* make(options(transport.fetch, { retry: false }))
      const outcome = yield* client.createCheckout(checkoutRequest()).pipe(
        Effect.catchTag(
          "ServiceValidationError",
          (e) => Effect.succeed({ refused: e, displayWidget: shouldDisplayWidget(e.status) })
        )
      )
      expect("refused" in outcome).toBe(true)
      if (!("refused" in outcome)) return
      expect(outcome.refused).toBeInstanceOf(ServiceValidationError)
      expect(outcome.refused.status).toBe(400)
      expect(outcome.refused.issues).toEqual(issues)
      expect(outcome.displayWidget).toBe(true)
    }))

  it.effect("R8.3: a 5xx is a ServerError; no widget", () =>
    Effect.gen(function*() {
      const transport = fakeTransport([{ kind: "json", status: 503, body: {} }])
      const client = yield* make(options(transport.fetch, { retry: false }))
      const error = yield* Effect.flip(client.createCheckout(checkoutRequest()))
      expect(error._tag).toBe("ServerError")
      expect(shouldDisplayWidget(error._tag === "RequestValidationError" ? undefined : error.status)).toBe(false)
    }))
})

/** A ConfigProvider over plain values, as the environment would give them. */
const provider = (env: Record<string, string>) => ConfigProvider.fromEnv({ env })

const ENV = { PAYMENT_PLAN_BASE_URL: BASE_URL, PAYMENT_PLAN_MERCHANT_ID: MERCHANT_ID, PAYMENT_PLAN_API_KEY: API_KEY }

/** The client from `PaymentPlanClient.layerConfig` over `env`, its transport replaced by `steps`. */
const fromConfig = (env: Record<string, string>, steps: ReadonlyArray<Step>, now: () => number = () => 0) => {
  const transport = fakeTransport(steps, now)
  const config = Config.map(PaymentPlanClient.config, (read): ClientOptions => ({ ...read, fetch: transport.fetch }))
  const layer = PaymentPlanClient.layerConfig(config).pipe(Layer.provide(ConfigProvider.layer(provider(env))))
  return { layer, transport }
}

/** The client the layer provides. */
const clientOf = Effect.gen(function*() {
  return yield* PaymentPlanClient
})

describe("PaymentPlanClient.layerConfig reads Config", () => {
  it.effect("the base URL, the merchant id and the API key (Redacted) from the environment's names", () =>
    Effect.gen(function*() {
      const { layer, transport } = fromConfig(ENV, [{ kind: "json", body: { id: "plan_1" } }])
      const plan = yield* Effect.gen(function*() {
        const client = yield* PaymentPlanClient
        return yield* client.retrievePlan("plan_1")
      }).pipe(Effect.provide(layer))
      expect(plan.id).toBe("plan_1")
      expect(transport.requests[0]!.url.href).toBe(`${BASE_URL}/api/v2/plans/plan_1`)
      expect(transport.requests[0]!.headers["authorization"]).toBe(`Basic ${btoa(`${MERCHANT_ID}:${API_KEY}`)}`)
    }))

  it.effect("PAYMENT_PLAN_TIMEOUT is a Duration: \"2 seconds\" times an attempt out after 2 000 ms", () =>
    Effect.gen(function*() {
      const { layer } = fromConfig({ ...ENV, PAYMENT_PLAN_TIMEOUT: "2 seconds", PAYMENT_PLAN_MAX_RETRIES: "0" }, [{
        kind: "hang"
      }])
      const client = yield* Effect.provide(clientOf, layer)
      const exit = yield* runWithClock(client.retrievePlan("plan_1"))
      expect(failureOf(exit)).toMatchObject({ _tag: "TimeoutError", timeoutMs: 2_000 })
    }))

  it.effect("a missing API key is a ConfigError naming it, and the key is never shown", () =>
    Effect.gen(function*() {
      const { layer } = fromConfig({ PAYMENT_PLAN_BASE_URL: BASE_URL, PAYMENT_PLAN_MERCHANT_ID: MERCHANT_ID }, [])
      const error = yield* Effect.flip(Effect.provide(clientOf, layer))
      expect(String(error)).toContain("PAYMENT_PLAN_API_KEY")
      const shown = yield* Effect.provide(
        Effect.map(clientOf, (c) => JSON.stringify(c)),
        fromConfig(ENV, []).layer
      )
      expect(shown).not.toContain(API_KEY)
    }))
})

/** Runs a call of a client built with `extra` under the test clock, jitter fixed at 0.5. */
const timed = (steps: ReadonlyArray<Step>, extra: Partial<ClientOptions>) =>
  Effect.gen(function*() {
    const transport = fakeTransport(steps, yield* testNow)
    const client = yield* make(options(transport.fetch, extra))
    const exit = yield* runWithClock(client.retrievePlan("plan_1").pipe(fixedRandom(0.5)))
    return { exit, at: transport.requests.map((r) => r.at) }
  })

const unavailable: Step = { kind: "json", status: 503, body: {} }

describe("a Duration and a Schedule as options", () => {
  it.effect("timeout takes a Duration", () =>
    Effect.gen(function*() {
      const { exit } = yield* timed([{ kind: "hang" }], { timeout: Duration.millis(1_500), retry: false })
      expect(failureOf(exit)).toMatchObject({ _tag: "TimeoutError", timeoutMs: 1_500 })
    }))

  it("a timeout that is no Duration, both timeout and timeoutMs, or a retry of another kind are refused at once", () => {
    const refused = Effect.runSync(
      Effect.flip(
        make(options(fakeTransport([]).fetch, {
          timeout: "soon" as never,
          timeoutMs: 1_000,
          retry: "twice" as never
        }))
      )
    )
    expect(refused.issues.map((i) => [i.path, i.code])).toEqual([
      ["timeoutMs", "conflict"],
      ["timeout", "range"],
      ["retry", "type"]
    ])
  })

  it.effect("retry takes a Schedule, which replaces the default backoff rather than adding to it", () =>
    Effect.gen(function*() {
      const { exit, at } = yield* timed([unavailable, unavailable, unavailable, unavailable], {
        retry: Schedule.spaced("1 second").pipe(Schedule.upTo({ times: 2 }))
      })
      // three attempts a second apart, not the default's 100, 200, 400 ms nor 3 retries
      expect(at).toEqual([0, 1_000, 2_000])
      expect(failureOf(exit)).toMatchObject({ _tag: "ServerError", attempts: 3 })
    }))

  it.effect("a user's Effect.retry around a client with retry: false is the only retrying: no multiplication", () =>
    Effect.gen(function*() {
      const transport = fakeTransport([unavailable], yield* testNow)
      const client = yield* make(options(transport.fetch, { retry: false }))
      yield* runWithClock(client.retrievePlan("plan_1").pipe(Effect.retry(Schedule.recurs(2))))
      expect(transport.requests).toHaveLength(3)
    }))

  it.effect("the schedule decides only among failures that are safe to retry: a POST that may have acted is not", () =>
    Effect.gen(function*() {
      const transport = fakeTransport([unavailable], yield* testNow)
      const client = yield* make(options(transport.fetch, { retry: Schedule.recurs(5) }))
      yield* runWithClock(Effect.exit(client.createCheckout(checkoutRequest())))
      expect(transport.requests).toHaveLength(1)
    }))

  it.effect("Retry-After still holds under a Schedule: the wait is at least what the service asked", () =>
    Effect.gen(function*() {
      const { exit, at } = yield* timed([
        { kind: "json", status: 429, body: {}, headers: { "retry-after": "4" } },
        { kind: "json", body: { id: "plan_1" } }
      ], { retry: Schedule.spaced("1 second").pipe(Schedule.upTo({ times: 1 })) })
      expect(Exit.isSuccess(exit)).toBe(true)
      expect(at).toEqual([0, 4_000])
    }))
})

/** A tracer that keeps every span it makes. */
const recordingTracer = () => {
  const spans: Array<Tracer.NativeSpan> = []
  const tracer = Tracer.make({
    span(options) {
      const span = new Tracer.NativeSpan(options)
      spans.push(span)
      return span
    }
  })
  return { spans, tracer }
}

describe("every client call is a span", () => {
  it.effect("named for its operation, annotated with operation, method, status, attempts and request id", () =>
    Effect.gen(function*() {
      const { spans, tracer } = recordingTracer()
      const transport = fakeTransport([
        { kind: "json", status: 503, body: {} },
        { kind: "json", body: { id: "plan_1" }, headers: { "request-id": "req-ok" } },
        { kind: "json", status: 404, body: {}, headers: { "request-id": "req-404" } }
      ])
      const client = yield* make(options(transport.fetch, { retry: Schedule.recurs(1) }))
      yield* client.retrievePlan("plan_1").pipe(Effect.withTracer(tracer))
      yield* Effect.exit(client.calculateRefund("plan_1").pipe(Effect.withTracer(tracer)))
      const seen = spans.filter((s) => s.name.startsWith("PaymentPlanClient.")).map((s) => ({
        name: s.name,
        ...Object.fromEntries(s.attributes)
      }))
      const span = (operation: string, status: number, attempts: number, requestId: string) => ({
        name: `PaymentPlanClient.${operation}`,
        "payment_plan.operation": operation,
        "http.request.method": "GET",
        "http.response.status_code": status,
        "payment_plan.attempts": attempts,
        "payment_plan.request_id": requestId
      })
      expect(seen).toMatchObject([span("retrievePlan", 200, 2, "req-ok"), span("calculateRefund", 404, 1, "req-404")])
      const refund = spans.find((s) => s.name === "PaymentPlanClient.calculateRefund")
      expect(refund!.status._tag).toBe("Ended")
    }))

  it.effect("createCheckout and verifyCheckout are spans too; the API key is in none of them", () =>
    Effect.gen(function*() {
      const { spans, tracer } = recordingTracer()
      const transport = fakeTransport([
        { kind: "json", status: 201, body: checkoutResponse() },
        { kind: "json", body: { id: "chk_1", plan: { deposit: { status: "Accepted" } } } }
      ])
      const client = yield* make(options(transport.fetch, { retry: false }))
      yield* client.createCheckout(checkoutRequest()).pipe(Effect.withTracer(tracer))
      yield* client.verifyCheckout("https://shop.example/return?service_checkout_id=chk_1").pipe(
        Effect.withTracer(tracer)
      )
      expect(spans.map((s) => s.name)).toEqual(
        expect.arrayContaining(["PaymentPlanClient.createCheckout", "PaymentPlanClient.verifyCheckout"])
      )
      const credential = btoa(`${MERCHANT_ID}:${API_KEY}`)
      for (const span of spans) {
        const shown = JSON.stringify(Object.fromEntries(span.attributes))
        expect(shown).not.toContain(API_KEY)
        expect(shown).not.toContain(credential)
      }
    }))
})
