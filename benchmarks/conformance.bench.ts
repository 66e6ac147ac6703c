/**
 * Budget of the conformance kit: a conformance run of 200 scenarios against the sandbox
 * stays within its request cap (the default, 1,000) and finishes in under a
 * minute. Measured over real HTTP (the sandbox on Node's server on loopback,
 * in this process) and against the handler in process, with the rate limit
 * raised (`rps` 1,000: the default of 5 is for real services, and at 5 a
 * second the same requests would take requests ÷ 5 seconds, printed beside).
 *
 * Budgets of a default run (100 scenarios, seeds 1–20, the fault benchmark's
 * sandbox in process): within the request cap (1,000) every time, at most
 * 1.2 × the requests the kit sent before it targeted the rules' boundary
 * classes (7,338 over those 20 runs, measured on the commit before;
 * `CONFORMANCE_BASELINE=<path of a kit's index.ts>` measures another kit in
 * the same run instead, `CONFORMANCE_BASELINE_NAME` saying what it is), and the coverage report (deciding which classes each
 * scenario reached) at most 5 % of the run's time, the rest of the same runs.
 */
import { pathToFileURL } from "node:url"
import { loadMerchants, startSandbox } from "../src/adapters/sandbox/index.ts"
import { createSandbox, sqliteStore } from "../src/adapters/sandbox/index.ts"
import { type ConformanceReport, DEFAULTS, runConformance } from "../src/conformance/index.ts"
import type * as KitModule from "../src/conformance/index.ts"
import { API_KEY, BASE_URL, MERCHANT_ID, original, serve, startOf, ZONE } from "./faults/service.ts"
import type { Note, Suite } from "./harness.ts"

/** Requests of the default runs at seeds 1–20 before the boundary classes (the commit before them, measured). */
const REQUESTS_BEFORE = 7338
const REQUESTS_RATIO = 1.2
const COVERAGE_SHARE = 0.05
const SEEDS = Array.from({ length: 20 }, (_, i) => i + 1)

/** Default runs at seeds 1–20: requests, the most one sent, and time spent on the coverage report against the rest. */
const defaultRuns = async (kit: typeof KitModule, zone?: string) => {
  const copy = await original()
  let requests = 0
  let most = 0
  let coverageMs = 0
  let restMs = 0
  for (const seed of SEEDS) {
    const service = serve(copy, startOf(seed))
    try {
      const report = await kit.runConformance({
        baseUrl: BASE_URL,
        merchantId: MERCHANT_ID,
        apiKey: API_KEY,
        fetch: service.fetch,
        seed,
        rps: 1_000_000,
        ...(zone === undefined ? {} : { timeZone: zone })
      })
      requests += report.requests
      most = Math.max(most, report.requests)
      const spent = (report as { coverageMs?: number }).coverageMs ?? 0
      coverageMs += spent
      restMs += report.durationMs - spent
    } finally {
      service.close()
    }
  }
  return { requests, most, coverageMs, restMs }
}

/** The default runs' budgets: the cap, the requests against the kit before, the coverage report's share of the time. */
const defaultRunNotes = async (): Promise<Array<Note>> => {
  const kit = await defaultRuns(await import("../src/conformance/index.ts"))
  const baselinePath = process.env["CONFORMANCE_BASELINE"]
  const before = baselinePath === undefined
    ? REQUESTS_BEFORE
    // a kit before `--tz auto` is told the zone: without it, it would report its false alarm and shrink it
    : (await defaultRuns((await import(pathToFileURL(baselinePath).href)) as typeof KitModule, ZONE)).requests
  const ratio = kit.requests / before
  const share = kit.coverageMs / kit.restMs
  return [
    {
      text: `default runs (100 scenarios) at seeds 1–20 in process: ${kit.requests} requests (mean ${
        (kit.requests / SEEDS.length).toFixed(0)
      }, at most ${kit.most}; cap ${DEFAULTS.maxRequests}); ${ratio.toFixed(3)} × the ${before} of ${
        baselinePath === undefined
          ? "the kit before the boundary classes"
          : (process.env["CONFORMANCE_BASELINE_NAME"] ?? `the kit at ${baselinePath}`)
      }, measured in the same run; budget ≤ ${REQUESTS_RATIO} ×, within the cap`,
      pass: ratio <= REQUESTS_RATIO && kit.most <= DEFAULTS.maxRequests
    },
    {
      text: `coverage report: ${kit.coverageMs.toFixed(0)} ms deciding the classes reached, ${
        (100 * share).toFixed(1)
      } % of the rest of the same runs (${(kit.restMs / 1000).toFixed(1)} s); budget ≤ ${COVERAGE_SHARE * 100} %`,
      pass: share <= COVERAGE_SHARE
    }
  ]
}

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
    return [http, inProcess, ...(await defaultRunNotes())]
  }
}
