/**
 * The client's methods are derived from the core's route table: every operation is a method of both
 * faces, and each reads its options after exactly the inputs its entry takes (none for an operation
 * that takes nothing), whatever the operation, so a new entry needs no code in the client.
 */
import { Effect, Exit } from "effect"
import { describe, expect, it } from "vitest"
import { createClient } from "../../../src/adapters/client/index.ts"
import { make } from "../../../src/adapters/client/service.ts"
import { OPERATIONS, ROUTE_TABLE } from "../../../src/core/wire/routes.ts"
import { fakeTransport } from "./fake-transport.ts"
import { options } from "./helpers.ts"

type AnyMethod = (...args: ReadonlyArray<unknown>) => unknown

/** The arguments before the options: one (here an input the core would refuse) unless the operation takes none. */
const inputs = (operation: (typeof OPERATIONS)[number]) => (ROUTE_TABLE[operation].in === "none" ? [] : [".."])

describe("the client's methods come from the route table", () => {
  it("every operation of the table is a method of the Promise client and of the Effect service", async () => {
    const { fetch } = fakeTransport([])
    const client = createClient(options(fetch))
    const api = await Effect.runPromise(make(options(fetch)))
    for (const operation of [...OPERATIONS, "verifyCheckout"]) {
      expect([operation, typeof (client as unknown as Record<string, unknown>)[operation]]).toEqual([
        operation,
        "function"
      ])
      expect([operation, typeof (api as unknown as Record<string, unknown>)[operation]]).toEqual([
        operation,
        "function"
      ])
    }
  })

  it("a Promise method reads its options after its inputs: an aborted signal there rejects before anything is sent", async () => {
    for (const operation of OPERATIONS.filter((o) => o !== "createCheckout")) {
      const { fetch, requests } = fakeTransport([])
      const client = createClient(options(fetch))
      const reason = new Error(`stop ${operation}`)
      const method = (client as unknown as Record<string, AnyMethod>)[operation]!
      await expect(method(...inputs(operation), { signal: AbortSignal.abort(reason) })).rejects.toBe(reason)
      expect(requests).toHaveLength(0)
    }
  })

  it("an Effect method reads its options after its inputs: a malformed idempotency key there is refused first", async () => {
    const { fetch, requests } = fakeTransport([])
    const api = await Effect.runPromise(make(options(fetch)))
    for (const operation of OPERATIONS) {
      const method = (api as unknown as Record<string, AnyMethod>)[operation]!
      const effect = method(...inputs(operation), { idempotencyKey: "not a key" }) as Effect.Effect<unknown, unknown>
      const exit = await Effect.runPromiseExit(effect)
      const failure = Exit.isFailure(exit) ? exit.cause.reasons[0] : undefined
      // every method, createCheckout too, fails through the error channel
      const error = failure?._tag === "Fail" ? failure.error : undefined
      expect([operation, error]).toMatchObject([operation, {
        _tag: "RequestValidationError",
        operation,
        issues: [{ path: "idempotencyKey" }]
      }])
    }
    expect(requests).toHaveLength(0)
  })
})
