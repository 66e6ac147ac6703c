/**
 * Budget of the conformance kit: a conformance run of 200 scenarios against the sandbox
 * stays within its request cap (the default, 1,000) and finishes in under a
 * minute. Measured over real HTTP (the sandbox on Node's server on loopback,
 * in this process) and against the handler in process, with the rate limit
 * raised (`rps` 1,000: the default of 5 is for real services, and at 5 a
 * second the same requests would take requests ÷ 5 seconds, printed beside).
 */
import { loadMerchants, startSandbox } from "../src/adapters/sandbox/index.ts"
import { createSandbox, sqliteStore } from "../src/adapters/sandbox/index.ts"
import { type ConformanceReport, DEFAULTS, runConformance } from "../src/conformance/index.ts"
import type { Note, Suite } from "./harness.ts"

const SCENARIOS = 200
const BUDGET_MS = 60_000
const merchant = {
  id: "merchant-conformance-bench",
  apiKey: "sk_conformance_bench_0123456789",
  timeZone: "Australia/Sydney"
}
const merchants = loadMerchants({
  merchants: [{
    ...merchant,
    defaultPaymentDeadline: 7,
    defaultMinDepositType: "Percentage",
    defaultMinDepositValue: 10,
    currencies: [
      { currencyCode: "AUD", minimumPaymentAmount: 1, maximumPaymentAmount: 20_000 },
      { currencyCode: "JPY", minimumPaymentAmount: 100, isZeroDecimal: true },
      { currencyCode: "KWD", minimumPaymentAmount: 0.5 }
    ],
    defaultRefundPolicies: [{ daysWithinRedemptionDate: 30, refundablePercentage: 50 }]
  }]
})

const config = (baseUrl: string, fetch: (request: Request) => Promise<Response>) => ({
  baseUrl,
  merchantId: merchant.id,
  apiKey: merchant.apiKey,
  timeZone: merchant.timeZone,
  fetch,
  runs: SCENARIOS,
  seed: 16,
  rps: 1_000
})

const note = (where: string, report: ConformanceReport, ms: number): Note => {
  const pass = report.requests <= DEFAULTS.maxRequests && !report.capReached && ms < BUDGET_MS &&
    report.disagreements.length === 0
  return {
    text: `${SCENARIOS} scenarios against the sandbox ${where}: ${report.runs} compared (${report.skipped} skipped), ` +
      `${report.disagreements.length} disagreements, ${report.requests} requests (cap ${DEFAULTS.maxRequests}) in ` +
      `${(ms / 1000).toFixed(1)} s (${
        Math.round(report.requests / (ms / 1000))
      } req/s); at the default 5 requests/s: ` +
      `${Math.round(report.requests / 5)} s; budget < 60 s within the cap`,
    pass
  }
}

export const suite: Suite = {
  title: "Conformance kit: 200 scenarios against the sandbox",
  budgetsOf: "the conformance kit",
  cases: [],
  notes: async () => {
    const running = await startSandbox({ merchants, port: 0 })
    let http: Note
    try {
      const started = Date.now()
      const report = await runConformance(config(running.url, fetch))
      http = note("over HTTP (loopback)", report, Date.now() - started)
    } finally {
      await running.close()
    }
    const sandbox = createSandbox({ store: sqliteStore(":memory:"), merchants })
    const started = Date.now()
    const report = await runConformance(config("http://sandbox.test", sandbox.fetch))
    const inProcess = note("in process (its handler as fetch)", report, Date.now() - started)
    sandbox.close()
    return [http, inProcess]
  }
}
