/**
 * Budgets of plans: `searchPlans` over 100,000 summaries with one
 * filter, a sort and a page (≤ 50 ms median), and `applyPlanEvent` (≥ 500 k/s),
 * each with a plain-JavaScript baseline measured in the same run.
 */
import { Result } from "effect"
import { createResult } from "../src/core/plan/create.ts"
import { type Plan, PlanEvent, summaryOf } from "../src/core/plan/index.ts"
import { applyResult } from "../src/core/plan/lifecycle.ts"
import { evaluate } from "../src/core/search/index.ts"
import { normalizeResult } from "../src/core/search/normalize.ts"
import { exampleTerms } from "../test/core/plan/fixtures.ts"
import { exampleRequest } from "../test/fixtures.ts"
import type { Suite } from "./harness.ts"

const unwrap = <A>(r: Result.Result<A, unknown>): A => {
  if (Result.isFailure(r)) throw new Error(String(r.failure))
  return r.success
}

// One plan of the description's example, in each status
const pending = unwrap(
  createResult(exampleRequest(), exampleTerms(), { now: "2026-11-22T00:00:00Z", planId: "plan_0" })
)
const onSchedule = unwrap(applyResult(pending, PlanEvent.DepositAccepted({ at: "2026-11-22T01:00:00Z" })))
const late = unwrap(applyResult(onSchedule, PlanEvent.InstallmentMissed({ at: "2026-11-30T00:00:00Z" })))
const completed = [2, 3, 4, 5].reduce(
  (p, n) => unwrap(applyResult(p, PlanEvent.InstallmentPaid({ at: "2026-12-21T00:00:00Z", installmentNumber: n }))),
  onSchedule
)
const cancelled = unwrap(
  applyResult(
    onSchedule,
    PlanEvent.PlanCancelled({ at: "2026-12-01T00:00:00Z", reason: "CustomerRequest", refundAmount: 100 })
  )
)
const shapes = [pending, onSchedule, late, completed, cancelled].map(summaryOf)

// 100,000 summaries: a deterministic mix of statuses, creation instants, merchants and customers
let seed = 42
const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31)
const people = ["Ada Lovelace", "Alan Turing", "Grace Hopper", "Edsger Dijkstra", "Barbara Liskov"]
const summaries = Array.from({ length: 100_000 }, (_, i) => {
  const shape = shapes[Math.floor(random() * shapes.length)]!
  const created = Date.UTC(2026, 0, 1) + Math.floor(random() * 330 * 86_400_000)
  const [firstName, lastName] = people[i % people.length]!.split(" ")
  return {
    ...shape,
    id: `plan_${String(i).padStart(6, "0")}`,
    merchantId: random() < 0.9 ? "merchant-123" : "merchant-456",
    merchantOrderId: `order-${i}`,
    createdAt: new Date(created).toISOString(),
    updatedAt: new Date(created + 86_400_000).toISOString(),
    user: { id: `user_${i % 5000}`, firstName, lastName, emailAddress: `${firstName!.toLowerCase()}${i}@example.com` }
  }
})
const scope = { merchantId: "merchant-123" }
const query = (params: Record<string, string>) => unwrap(normalizeResult(params)).value
const lateNewestFirst = query({
  filterField: "status",
  filterValue: "Late",
  sortField: "createdAt",
  sortDirection: "desc",
  page: "0",
  limit: "50"
})
const paidPage4 = query({
  filterField: "totalPaid",
  filterOperator: "gte",
  filterValue: "280",
  sortField: "totalPaid",
  sortDirection: "asc",
  page: "3",
  limit: "100"
})
const deepPage = query({ filterField: "status", filterValue: "Late", sortField: "createdAt", page: "300", limit: "50" })
const quick = query({ useQuickFilter: "true", quickFilterValue: "grace", page: "0", limit: "50" })

// The baseline: what a developer writes by hand for the same search (no scope, no nulls, no ties)
const plainSearch = () =>
  summaries
    .filter((s) => s.merchantId === "merchant-123" && s.status === "Late")
    .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0))
    .slice(0, 50)

const expected = plainSearch().map((s) => s.id)
const actual = evaluate(summaries, lateNewestFirst, scope).plans.map((s) => s.id)
if (JSON.stringify(expected) !== JSON.stringify(actual)) {
  throw new Error("the benchmark's search must agree with its baseline")
}

// applyPlanEvent: pay instalment 2 of an OnSchedule plan (a new record each time)
const pay = PlanEvent.InstallmentPaid({ at: "2026-11-29T09:00:00Z", installmentNumber: 2 })
const plainPay = (plan: Plan) => {
  const installments = plan.installments.slice()
  installments[1] = { ...installments[1]!, status: "PAID" }
  return {
    ...plan,
    installments,
    totalPaid: plan.totalPaid + 205,
    remainingAmount: plan.remainingAmount - 205,
    numPaidInstallments: plan.numPaidInstallments + 1
  }
}
if (Result.isFailure(applyResult(onSchedule, pay))) throw new Error("the benchmark's event must be allowed")

export const suite: Suite = {
  title: "Plans: lifecycle and search",
  budgetsOf: "plans",
  cases: [
    { name: "baseline: plain object spread of a payment", run: () => plainPay(onSchedule) },
    {
      name: "applyPlanEvent (InstallmentPaid)",
      run: () => applyResult(onSchedule, pay),
      budget: { minOpsPerSecond: 500_000 },
      compareWith: ["baseline: plain object spread of a payment"]
    },
    { name: "baseline: Array filter/sort/slice (100k)", run: plainSearch },
    {
      name: "searchPlans status=Late, createdAt desc, page 0 (100k)",
      run: () => evaluate(summaries, lateNewestFirst, scope),
      budget: { maxMedianMs: 50 },
      compareWith: ["baseline: Array filter/sort/slice (100k)"]
    },
    {
      name: "searchPlans totalPaid gte, sort totalPaid, page 3 × 100 (100k)",
      run: () => evaluate(summaries, paidPage4, scope),
      budget: { maxMedianMs: 50 },
      compareWith: ["baseline: Array filter/sort/slice (100k)"]
    },
    {
      name: "searchPlans status=Late, createdAt desc, page 300 (quickselect, 100k)",
      run: () => evaluate(summaries, deepPage, scope),
      budget: { maxMedianMs: 50 },
      compareWith: ["baseline: Array filter/sort/slice (100k)"]
    },
    {
      name: "searchPlans quick filter (100k)",
      run: () => evaluate(summaries, quick, scope),
      compareWith: ["baseline: Array filter/sort/slice (100k)"]
    },
    {
      name: "normalizePlanSearch (URL query)",
      run: () => normalizeResult(new URLSearchParams("filterField=status&filterValue=Late&limit=50&page=2"))
    }
  ]
}
