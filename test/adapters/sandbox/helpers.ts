/** A sandbox in memory with a clock the test moves, and requests as one-liners. */
import {
  createSandbox,
  loadMerchants,
  type Sandbox,
  type SandboxStore,
  sqliteStore
} from "../../../src/adapters/sandbox/index.ts"
import { exampleRequest } from "../../fixtures.ts"

export const NOW = Date.parse("2026-11-22T00:00:00Z")
export const BASE = "http://sandbox.test"

export const MERCHANTS_FILE = {
  merchants: [
    {
      id: "merchant-123",
      name: "Shop A",
      apiKey: "key-a-0123456789",
      merchantGroupId: "group-1",
      timeZone: "Australia/Sydney",
      defaultPaymentDeadline: 7,
      defaultMinDepositType: "Percentage",
      defaultMinDepositValue: 10,
      currencies: [
        { currencyCode: "AUD", minimumPaymentAmount: 1, maximumPaymentAmount: 20000 },
        { currencyCode: "JPY", minimumPaymentAmount: 100, isZeroDecimal: true }
      ],
      defaultRefundPolicies: [{ daysWithinRedemptionDate: 30, refundablePercentage: 50 }],
      subMerchants: [{ externalCode: "store-north", name: "North" }]
    },
    {
      id: "merchant-456",
      name: "Shop B",
      apiKey: "key-b-0123456789",
      merchantGroupId: "group-1",
      currencies: [{ currencyCode: "AUD", minimumPaymentAmount: 1 }]
    },
    {
      id: "merchant-789",
      name: "Shop C",
      apiKey: "key-c-0123456789",
      currencies: [{ currencyCode: "AUD", minimumPaymentAmount: 1 }]
    }
  ]
}

// hashing with scrypt costs tens of milliseconds a key: once per test file
const merchants = loadMerchants(MERCHANTS_FILE)

export const credentials = (id: string, key: string) => `Basic ${Buffer.from(`${id}:${key}`).toString("base64")}`
export const A = credentials("merchant-123", "key-a-0123456789")
export const B = credentials("merchant-456", "key-b-0123456789")
export const C = credentials("merchant-789", "key-c-0123456789")

export interface TestSandbox {
  readonly sandbox: Sandbox
  readonly store: SandboxStore
  /** moves the base clock (the test clock's offset comes on top) */
  readonly clock: { now: number }
  readonly call: (
    method: string,
    path: string,
    options?: CallOptions
  ) => Promise<{ status: number; body: any; headers: Headers }>
}

export interface CallOptions {
  readonly auth?: string | null
  readonly body?: unknown
  /** a raw body, sent as is */
  readonly raw?: string
  readonly headers?: Record<string, string>
}

export const makeSandbox = (store: SandboxStore = sqliteStore(":memory:")): TestSandbox => {
  const clock = { now: NOW }
  const sandbox = createSandbox({ store, merchants, now: () => clock.now, onError: () => undefined })
  const call: TestSandbox["call"] = async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers }
    const auth = options.auth === undefined ? A : options.auth
    if (auth !== null) headers["authorization"] = auth
    let body: string | undefined
    if (options.raw !== undefined) body = options.raw
    else if (options.body !== undefined) {
      body = JSON.stringify(options.body)
      headers["content-type"] ??= "application/json"
    }
    const response = await sandbox.fetch(
      new Request(`${BASE}${path}`, { method, headers, ...(body !== undefined ? { body } : {}) })
    )
    const text = await response.text()
    let parsed: unknown = text
    try {
      parsed = JSON.parse(text)
    } catch {
      // HTML and scripts stay text
    }
    return { status: response.status, body: parsed, headers: response.headers }
  }
  return { sandbox, store, clock, call }
}

/** The description's create-checkout example (test/fixtures.ts), for merchant-123, returning to a URL with a query. */
export const checkoutRequest = (overrides: Record<string, unknown> = {}) => ({
  ...exampleRequest(),
  redirectURL: "https://shop.example/checkout/return?ref=a",
  ...overrides
})

export const createCheckout = async (t: TestSandbox, overrides: Record<string, unknown> = {}, auth = A) => {
  const response = await t.call("POST", "/api/v2/checkout", { body: checkoutRequest(overrides), auth })
  if (response.status !== 201) throw new Error(`create checkout: ${response.status} ${JSON.stringify(response.body)}`)
  return response.body as { id: string; [k: string]: any }
}
