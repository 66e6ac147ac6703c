/**
 * The conformance kit's test services: the sandbox in process (its handler is
 * the kit's `fetch`), with a merchant taking currencies of 0, 2 and 3 digits,
 * and proxies that alter one field of its answers.
 */
import { createSandbox, loadMerchants, type Sandbox, sqliteStore } from "../../src/adapters/sandbox/index.ts"
import type { ConformanceConfig } from "../../src/conformance/index.ts"

export const BASE = "http://sandbox.test"
export const MERCHANT_ID = "merchant-conformance"
export const API_KEY = "sk_conformance_0123456789"
export const ZONE = "Australia/Sydney"

export const MERCHANTS = loadMerchants({
  merchants: [
    {
      id: MERCHANT_ID,
      name: "Conformance Shop",
      apiKey: API_KEY,
      merchantGroupId: "group-c",
      timeZone: ZONE,
      defaultPaymentDeadline: 7,
      defaultMinDepositType: "Percentage",
      defaultMinDepositValue: 10,
      currencies: [
        { currencyCode: "AUD", minimumPaymentAmount: 1, maximumPaymentAmount: 20000 },
        { currencyCode: "JPY", minimumPaymentAmount: 100, isZeroDecimal: true },
        { currencyCode: "KWD", minimumPaymentAmount: 0.5 }
      ],
      defaultRefundPolicies: [
        { daysWithinRedemptionDate: 30, refundablePercentage: 50 },
        { daysWithinRedemptionDate: 7, refundablePercentage: 0 }
      ],
      subMerchants: [{ externalCode: "store-north", name: "North" }]
    }
  ]
})

/** A fresh in-memory sandbox whose clock runs from `start` at the real pace. */
export const sandbox = (
  start = Date.parse("2026-11-22T03:17:00Z"),
  newId?: (prefix: string) => string
): Sandbox => {
  const origin = Date.now()
  return createSandbox({
    store: sqliteStore(":memory:"),
    merchants: MERCHANTS,
    now: () => start + (Date.now() - origin),
    onError: () => undefined,
    ...(newId === undefined ? {} : { newId })
  })
}

/** A configuration for the kit against `fetch`, fast (no rate limit to speak of). */
export const configFor = (fetch: (request: Request) => Promise<Response>, more: Partial<ConformanceConfig> = {}) =>
  ({
    baseUrl: BASE,
    merchantId: MERCHANT_ID,
    apiKey: API_KEY,
    fetch,
    rps: 100_000,
    timeZone: ZONE,
    ...more
  }) satisfies ConformanceConfig

/**
 * A proxy before `fetch` that rewrites the JSON answers of requests matching
 * `when` with `alter` (which changes the body in place).
 */
export const mutated = (
  fetch: (request: Request) => Promise<Response>,
  when: (request: Request) => boolean,
  alter: (body: any, request: Request) => void
) =>
async (request: Request): Promise<Response> => {
  const matches = when(request)
  const response = await fetch(request)
  if (!matches || !(response.headers.get("content-type") ?? "").includes("json")) return response
  const body = await response.json()
  alter(body, request)
  return new Response(JSON.stringify(body), { status: response.status, headers: response.headers })
}

/** The keys of the JSON report (`--format json`, the command's contract), in order. */
export const REPORT_KEYS = [
  "runs",
  "passed",
  "failed",
  "seed",
  "disagreements",
  "causes",
  "groups",
  "coverage",
  "incomplete",
  "timeZone"
]
