/**
 * Budgets of the refund engine: a calculation of a 3-item plan with 3
 * policies per item in a named zone, against the same arithmetic on integer
 * minor units; and the totals-only path the exposure report runs per NDJSON line.
 * Ratios are the figures to compare: the machines are shared and absolute
 * times move with the load.
 */
import { Result } from "effect"
import { calculateTotalsResult } from "../src/core/refund/calculate.ts"
import { calculateRefund } from "../src/index.ts"
import { plan, ZONE } from "./fixtures.ts"
import type { Suite } from "./harness.ts"

// `at` walks over two months in hour steps, so the zone conversion is exercised, not one cached answer
const START = Date.UTC(2026, 11, 20)
const HOUR = 3_600_000
let step = 0
const nextAt = () => START + (step = (step + 1) % 1440) * HOUR

// Baseline: the same arithmetic on integer minor units, with dates already as day numbers.
interface PreparedItem {
  readonly lineTotal: number
  readonly deposit: number
  readonly redemptionDay: number
  readonly days: ReadonlyArray<number>
  /** refundable percentage × 100 (33.33 → 3333) */
  readonly basisPoints: ReadonlyArray<number>
}
const day = (iso: string) => Math.floor(Date.parse(iso) / 86_400_000)
const prepared: ReadonlyArray<PreparedItem> = [
  {
    lineTotal: 50_000,
    deposit: 4_000,
    redemptionDay: day("2027-03-01"),
    days: [90, 30, 7],
    basisPoints: [9_000, 5_000, 0]
  },
  {
    lineTotal: 48_990,
    deposit: 7_349,
    redemptionDay: day("2027-02-26"),
    days: [90, 30, 7],
    basisPoints: [10_000, 7_500, 2_500]
  },
  {
    lineTotal: 10_650,
    deposit: 0,
    redemptionDay: day("2027-03-02"),
    days: [90, 30, 7],
    basisPoints: [8_000, 3_333, 1_000]
  }
]
const baseline = (atMs: number, paid: number) => {
  // Sydney is UTC+11 all summer: the local day without Intl
  const today = Math.floor((atMs + 11 * HOUR) / 86_400_000)
  let cost = 0
  let kept = 0
  for (const item of prepared) {
    const remaining = item.redemptionDay - today
    let active = -1
    for (let i = 0; i < item.days.length; i++) {
      if (item.days[i]! >= remaining && (active < 0 || item.days[i]! < item.days[active]!)) active = i
    }
    let policy = 0
    if (active >= 0) {
      const product = item.lineTotal * item.basisPoints[active]!
      policy = item.lineTotal - (Math.floor(product / 10_000) + (2 * (product % 10_000) >= 10_000 ? 1 : 0))
    }
    cost += item.lineTotal
    kept += item.deposit > policy ? item.deposit : policy
  }
  return { cost, kept, suggested: paid > kept ? paid - kept : 0 }
}

const line = JSON.stringify(plan)
const at = { at: 0, timeZone: ZONE }

for (
  const check of [calculateRefund(plan, { at: START }), Result.getOrThrow(calculateTotalsResult(plan, { at: START }))]
) {
  if (check === undefined) throw new Error("the benchmark plan must calculate")
}
// Both paths run through one function; warm it with both before measuring, so the
// case measured second does not pay for V8 re-optimizing it (slow under load).
for (let i = 0; i < 200_000; i++) {
  calculateRefund(plan, { at: nextAt() })
  calculateTotalsResult(plan, { at: nextAt(), timeZone: ZONE })
}

export const suite: Suite = {
  title: "Refunds: calculations and totals",
  budgetsOf: "refunds",
  cases: [
    { name: "baseline: integer arithmetic (3 items × 3 policies)", run: () => baseline(nextAt(), 81_235) },
    {
      name: "calculateRefund (3 items × 3 policies, Australia/Sydney)",
      run: () => calculateRefund(plan, { at: nextAt() }),
      budget: { minOpsPerSecond: 200_000 },
      compareWith: ["baseline: integer arithmetic (3 items × 3 policies)"]
    },
    {
      name: "Refund.calculateTotals (same plan)",
      run: () => calculateTotalsResult(plan, { at: nextAt(), timeZone: ZONE }),
      // the exposure report's 200 k plans/s leaves 5 µs a line: at most 2 µs of it for the totals
      budget: { minOpsPerSecond: 500_000 },
      compareWith: [
        "baseline: integer arithmetic (3 items × 3 policies)",
        "calculateRefund (3 items × 3 policies, Australia/Sydney)"
      ]
    },
    { name: "baseline: JSON.parse of the plan's NDJSON line", run: () => JSON.parse(line) },
    {
      name: "JSON.parse + Refund.calculateTotals (exposure, per line)",
      run: () => {
        ;(at as { at: number }).at = nextAt()
        return calculateTotalsResult(JSON.parse(line), at)
      },
      // no budget of its own: the report's budget is the command line's; the ratio to
      // JSON.parse alone shows what the totals add to reading the line
      compareWith: [
        "baseline: JSON.parse of the plan's NDJSON line",
        "baseline: integer arithmetic (3 items × 3 policies)"
      ]
    }
  ]
}
