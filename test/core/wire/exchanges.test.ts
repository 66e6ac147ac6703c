/**
 * The exchange validator (exchanges.ts, Stoplight Prism's validators) sees a
 * broken answer: the sandbox's answers altered on the way back, one at a time,
 * are each caught as a violation naming what is wrong, and the unaltered
 * exchange passes.
 */
import { describe, expect, it } from "vitest"
import { createClient } from "../../../src/adapters/client/index.ts"
import { createSandbox, loadMerchants, sqliteStore } from "../../../src/adapters/sandbox/index.ts"
import { MERCHANTS_FILE } from "../../adapters/sandbox/helpers.ts"
import { newLog, validatingFetch } from "./exchanges.ts"

const merchant = MERCHANTS_FILE.merchants[0]!
const BASE = "http://sandbox.test"

/** A sandbox whose answers to `GET /api/v2/merchant/configuration` pass through `alter` before the validator sees them. */
const setup = (alter: (response: Response) => Promise<Response>) => {
  const sandbox = createSandbox({ store: sqliteStore(":memory:"), merchants: loadMerchants({ merchants: [merchant] }) })
  const log = newLog()
  const { fetch } = validatingFetch(async (request) => alter(await sandbox.fetch(request)), log)
  const client = createClient({ baseUrl: BASE, merchantId: merchant.id, apiKey: merchant.apiKey, fetch, retry: false })
  return { client, log, close: () => sandbox.close() }
}

const withBody = (response: Response, body: unknown, status = response.status) =>
  new Response(JSON.stringify(body), { status, headers: response.headers })

describe("the exchange validator", () => {
  it("R9: an answer as the document says passes", async () => {
    const { client, close, log } = setup(async (r) => r)
    await client.getMerchantConfiguration()
    close()
    expect(log.validated).toEqual(["GET /api/v2/merchant/configuration → 200"])
    expect(log.violations).toEqual([])
  })

  it("R9: a field of the wrong type in an answer is caught, with its path", async () => {
    const { client, close, log } = setup(async (r) => {
      const body = (await r.json()) as Record<string, unknown>
      return withBody(r, { ...body, currencies: "AUD" })
    })
    await client.getMerchantConfiguration().catch(() => undefined)
    close()
    expect(log.violations).toHaveLength(1)
    expect(log.violations[0]).toMatchObject({ side: "response" })
    expect(log.violations[0]!.diagnostics.join("\n")).toMatch(/body\.currencies.*must be array/)
  })

  it("an answer with a status the operation does not declare is caught", async () => {
    const { client, close, log } = setup(async (r) => withBody(r, await r.json(), 202))
    await client.getMerchantConfiguration().catch(() => undefined)
    close()
    expect(log.violations.map((v) => v.side)).toEqual(["response"])
  })

  it("R4.1: an error body whose issues are not a list is caught", async () => {
    const { client, close, log } = setup(async (r) =>
      withBody(r, { code: "validation_failed", message: "no", issues: "everything" }, 422)
    )
    await client.getMerchantConfiguration().catch(() => undefined)
    close()
    // 422 is not an answer of this operation, and its body would not fit the error body either
    expect(log.violations).toHaveLength(1)
  })
})
