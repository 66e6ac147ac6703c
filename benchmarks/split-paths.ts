/**
 * One side of benchmarks/functions.bench.ts, run in a process of its own: loads the modules of the
 * source tree at `argv[2]`, runs each hot path on the same inputs, and prints, as one JSON line, the
 * median CPU time per call of each (microseconds). A fresh process per measurement keeps what V8
 * learnt from one tree's code out of the other's.
 */
import { existsSync } from "node:fs"
import { join } from "node:path"
import { pathToFileURL } from "node:url"
import { plan as refundPlan, ZONE } from "./fixtures.ts"

const root = process.argv[2]!
const only = process.argv[3]

/** The modules compared, as both trees have them (the refund calculation's module was refund/quote.ts before its rename). */
const MODULES = {
  quote: existsSync(join(root, "src/core/refund/calculate.ts"))
    ? "src/core/refund/calculate.ts"
    : "src/core/refund/quote.ts",
  terms: "src/core/plan-terms/terms.ts",
  lifecycle: "src/core/plan/lifecycle.ts",
  create: "src/core/plan/create.ts",
  search: "src/core/search/evaluate.ts",
  normalize: "src/core/search/normalize.ts",
  summary: "src/core/plan/summary.ts"
} as const

const tree = Object.fromEntries(
  await Promise.all(
    Object.entries(MODULES).map(async ([name, path]) => [name, await import(pathToFileURL(join(root, path)).href)])
  )
) as { readonly [K in keyof typeof MODULES]: any }

// ---------------------------------------------------------------------------
// Inputs: the refund benchmark's plan (benchmarks/fixtures.ts), the plan-terms benchmark's year of weeks, records of that plan

// `at` walks over two months in hour steps, as in the refund benchmark
const START = Date.UTC(2026, 11, 20)
let step = 0
const nextAt = () => START + (step = (step + 1) % 1440) * 3_600_000

const season = {
  merchantId: "merchant-123",
  merchantOrderId: "order-0001",
  currencyCode: "AUD",
  redirectURL: "https://shop.example/checkout/return",
  items: [{
    quantity: 2,
    description: "Season pass",
    costPerItem: 1234.57,
    minimumDepositPerItem: { unit: "Percentage", value: 10 },
    redemptionDate: "2027-11-21T10:00:00+11:00",
    paymentDeadline: 0
  }]
}
const weekly = {
  checkoutId: "chk_7Hq2LmX9",
  type: "plan",
  timeZone: ZONE,
  installments: { cadence: { frequency: "Weekly", on: { dayOfWeek: "Sunday" } } }
}
const termsOptions = {
  now: "2026-11-22T09:30:00Z",
  merchant: { currencies: [{ currencyCode: "AUD", minimumPaymentAmount: 1, maximumPaymentAmount: 10_000 }] }
}
const createOptions = { now: "2026-11-22T09:30:00Z", planId: "plan_0", timeZone: ZONE }
const pay = { _tag: "InstallmentPaid", at: "2026-11-29T09:00:00Z", installmentNumber: 2 }
const cancel = { _tag: "PlanCancelled", at: "2026-12-01T00:00:00Z", reason: "CustomerRequest", refundAmount: 100 }

const unwrap = (result: { readonly _tag: string; readonly success?: unknown; readonly failure?: unknown }): any => {
  if (result._tag !== "Success") throw new Error(`the benchmark's input must be accepted: ${String(result.failure)}`)
  return result.success
}
const terms = unwrap(tree.terms.computeResult(season, weekly, termsOptions))
const pending = unwrap(tree.create.createResult(season, terms, createOptions))
const onSchedule = unwrap(tree.lifecycle.applyResult(pending, { _tag: "DepositAccepted", at: "2026-11-22T10:00:00Z" }))
const late = unwrap(tree.lifecycle.applyResult(onSchedule, { _tag: "InstallmentMissed", at: "2026-12-07T00:00:00Z" }))

// 100,000 summaries of that plan in three states
let seed = 42
const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31)
const shapes: ReadonlyArray<object> = [pending, onSchedule, late].map(tree.summary.summaryOf)
const summaries = Array.from({ length: 100_000 }, (_, i) => ({
  ...shapes[Math.floor(random() * shapes.length)],
  id: `plan_${String(i).padStart(6, "0")}`,
  merchantId: random() < 0.9 ? "merchant-123" : "merchant-456",
  createdAt: new Date(Date.UTC(2026, 0, 1) + Math.floor(random() * 330 * 86_400_000)).toISOString()
}))
const query = (params: Record<string, string>) => unwrap(tree.normalize.normalizeResult(params)).value
const nearStart = query({ filterField: "status", filterValue: "Late", sortField: "createdAt", sortDirection: "desc" })
const deepPage = query({ filterField: "status", filterValue: "Late", sortField: "createdAt", page: "300", limit: "50" })
const scope = { merchantId: "merchant-123" }

// the same functions under their names before the rename (quoteResult, quoteTotals)
const calculateResult = tree.quote.calculateResult ?? tree.quote.quoteResult
const calculateTotalsResult = tree.quote.calculateTotalsResult ?? tree.quote.quoteTotals

/** The hot paths, by name. */
export const PATHS: Readonly<Record<string, () => unknown>> = {
  "Refund.calculateResult (3 items × 3 policies)": () => calculateResult(refundPlan, { at: nextAt() }),
  "Refund.calculateTotals (the exposure report's path)": () => calculateTotalsResult(refundPlan, { at: nextAt() }),
  "PlanTerms.computeResult (52 weekly)": () => tree.terms.computeResult(season, weekly, termsOptions),
  "Plan.applyResult (InstallmentPaid)": () => tree.lifecycle.applyResult(onSchedule, pay),
  "Plan.applyResult (PlanCancelled)": () => tree.lifecycle.applyResult(onSchedule, cancel),
  "Plan.createResult (52 weekly)": () => tree.create.createResult(season, terms, createOptions),
  "Search.evaluate page 0 (100k)": () => tree.search.evaluate(summaries, nearStart, scope),
  "Search.evaluate page 300 (100k)": () => tree.search.evaluate(summaries, deepPage, scope)
}

/** `calls` calls of `f`, in microseconds of this process's CPU time (user and system). */
const timed = (f: () => unknown, calls: number): number => {
  const start = process.cpuUsage()
  for (let i = 0; i < calls; i++) f()
  const { user, system } = process.cpuUsage(start)
  return user + system
}

/** CPU time of one timed series: Linux counts CPU time in ticks of a few milliseconds. */
const ROUND_MS = 40
const ROUNDS = 15

/**
 * The least CPU time per call of `f` over `ROUNDS` series, after about half a second of warm-up: on
 * a shared machine other processes only ever add time (their use of the caches), so the least is
 * the figure they disturbed least.
 */
const perCall = (f: () => unknown): number => {
  let calls = 1
  while (timed(f, calls) < ROUND_MS * 1000) calls *= 2
  for (let i = 0; i < 12; i++) timed(f, calls)
  const times = Array.from({ length: ROUNDS }, () => timed(f, calls) / calls).sort((a, b) => a - b)
  return times[0]!
}

if (process.argv[1] === import.meta.filename) {
  const answers: Record<string, string> = {}
  const figures: Record<string, number> = {}
  for (const [name, f] of Object.entries(PATHS)) {
    if (only !== undefined && !name.includes(only)) continue
    step = 0
    answers[name] = JSON.stringify(f())
    figures[name] = perCall(f)
  }
  process.stdout.write(`${JSON.stringify({ answers, figures })}\n`)
}
