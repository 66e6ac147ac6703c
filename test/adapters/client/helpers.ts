import { Clock, Effect, Fiber, Random } from "effect"
import { TestClock } from "effect/testing"
import { exampleCheckout } from "../../../src/adapters/client/example-checkout.ts"
import type { ClientOptions } from "../../../src/adapters/client/index.ts"
import type { CheckoutRequest } from "../../../src/index.ts"

export const MERCHANT_ID = "merchant-123"
export const API_KEY = "sk_test_super-secret-key-4711"
export const BASE_URL = "https://api.example.test"

export const options = (fetch: ClientOptions["fetch"], extra: Partial<ClientOptions> = {}): ClientOptions => ({
  baseUrl: BASE_URL,
  merchantId: MERCHANT_ID,
  apiKey: API_KEY,
  fetch,
  ...extra
})

/**
 * A valid create-checkout request: the description's example with its redemption dates as far after
 * today as the file's are after the day it was written for, because the Promise client checks them
 * against the real clock (R4.6) and fixed dates would age out.
 */
export const checkoutRequest = (): CheckoutRequest => exampleCheckout(Date.now())

/** A checkout response as the service would send it. */
export const checkoutResponse = (id = "chk_1") => ({
  id,
  merchantId: MERCHANT_ID,
  merchantOrderId: "order-0001",
  totalCost: 1100,
  totalMinimumDeposit: 280,
  currencyCode: "AUD",
  items: [],
  checkoutWorkflow: { sdkWidget: { type: "script", id, scriptUrl: "https://widget.example/w.js" } }
})

/** Random whose every draw is `value`: jitter becomes a known fraction. */
export const fixedRandom = (value: number) =>
  Effect.provideService(Random.Random, {
    nextDoubleUnsafe: () => value,
    nextIntUnsafe: () => Math.floor(value * 2 ** 31)
  })

/** Lets pending promises (the fake fetch) settle without moving the test clock. */
export const settle = Effect.promise(() => new Promise<void>((resolve) => setImmediate(resolve)))

/** The test clock's time, for the fake transport to stamp requests with. */
export const testNow = Effect.map(Clock.Clock, (clock) => () => clock.currentTimeMillisUnsafe())

/**
 * Runs `effect` on its own fiber and moves the test clock in `stepMs` steps
 * until it is done (at most `limitMs`): sleeps and timeouts fire as they would.
 */
export const runWithClock = <A, E>(effect: Effect.Effect<A, E>, stepMs = 10, limitMs = 120_000) =>
  Effect.gen(function*() {
    const fiber = yield* Effect.forkChild(effect)
    for (let t = 0; t <= limitMs; t += stepMs) {
      yield* settle
      if (fiber.pollUnsafe() !== undefined) break
      yield* TestClock.adjust(stepMs)
    }
    return yield* Effect.exit(Fiber.join(fiber))
  })
