/**
 * The client's end-to-end contract (payment-plan-engine/client/testing) against
 * the sandbox: its handler is the client's fetch, in process, on the real clock
 * (the contract dates its checkouts from it). Every exchange is validated
 * against the OpenAPI document by Stoplight Prism's validators
 * (test/core/wire/exchanges.ts): none may violate it.
 */
import { afterAll, expect } from "vitest"
import { createSandbox, loadMerchants, sqliteStore, TEST_CARDS } from "../../../src/adapters/sandbox/index.ts"
import { newLog, validatingFetch } from "../../core/wire/exchanges.ts"
import { clientContract } from "../client/contract.ts"
import { MERCHANTS_FILE } from "./helpers.ts"

const merchants = loadMerchants({ merchants: [MERCHANTS_FILE.merchants[0]!] })
const { id: merchantId, apiKey } = MERCHANTS_FILE.merchants[0]!
const exchanges = newLog()

afterAll(() => {
  expect(exchanges.violations).toEqual([])
  // every operation of the contract reached the sandbox, and was validated
  expect(exchanges.validated.length).toBeGreaterThanOrEqual(30)
})

clientContract("the sandbox's handler", () => {
  const sandbox = createSandbox({ store: sqliteStore(":memory:"), merchants, onError: () => undefined })
  const baseUrl = "http://sandbox.test"
  return {
    fetch: validatingFetch(sandbox.fetch, exchanges).fetch,
    baseUrl,
    merchantId,
    apiKey,
    completeCheckout: async (checkoutId, outcome) => {
      const response = await sandbox.fetch(
        new Request(`${baseUrl}/widget/api/checkouts/${checkoutId}/complete`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            card: outcome === "accept" ? TEST_CARDS.succeeds : TEST_CARDS.declined,
            planTerms: {
              checkoutId,
              type: "plan",
              timeZone: "Australia/Sydney",
              installments: { cadence: { frequency: "Fortnightly" } }
            }
          })
        })
      )
      const expected = outcome === "accept" ? 200 : 402
      if (response.status !== expected) {
        throw new Error(`completing ${checkoutId}: ${response.status} ${await response.text()}`)
      }
    },
    close: async () => sandbox.close()
  }
}, { idempotencyKeys: "honoured" }) // the sandbox replays a repeated Idempotency-Key
