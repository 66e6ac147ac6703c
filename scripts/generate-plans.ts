/**
 * Generates N plans as NDJSON, deterministically (same N and seed, same bytes),
 * for the `exposure` report's tests and benchmark.
 *
 *   node scripts/generate-plans.ts 1000000 [--seed 42] [--out plans.ndjson]
 *
 * Each plan has what a refund calculation reads (R7): `currencyCode`, `status`,
 * `totalPaymentsPaid` and 1–3 items with minimum deposits, `depositRefundable`,
 * redemption dates (calendar dates and date-times) and 0–2 refund policies.
 * About one in ten is `Cancelled`.
 */
import { once } from "node:events"
import { createWriteStream } from "node:fs"

/** mulberry32: a small, fast, seedable generator; quality enough for test data. */
const random = (seed: number) => {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const CURRENCIES = [
  ["AUD", 2],
  ["AUD", 2],
  ["USD", 2],
  ["JPY", 0],
  ["KWD", 3]
] as const
const STATUSES = ["OnSchedule", "OnSchedule", "OnSchedule", "Late", "Completed", "PendingDeposit", "Cancelled"] as const
const ZONES = [undefined, undefined, "Australia/Sydney", "America/New_York", "Europe/Berlin", "Asia/Kolkata"] as const
const POLICY_DAYS = [0, 7, 14, 30, 60, 90] as const
const POW10 = [1, 10, 100, 1000]
const DAY_MS = 86_400_000
// redemption dates spread over two years around 2027-01-01
const BASE_DAY = Date.UTC(2027, 0, 1) / DAY_MS

/** An amount in major units from integer minor units: exact as a JSON number for these sizes. */
const major = (minor: number, exponent: number) => minor / POW10[exponent]!

const isoDate = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10)

export interface GeneratedPlan {
  readonly id: string
  readonly status: string
  readonly currencyCode: string
  readonly timeZone?: string
  readonly totalPaymentsPaid: number
  readonly items: ReadonlyArray<Record<string, unknown>>
}

/** The plans, one at a time, so a caller never holds all of them. */
export function* generatePlans(count: number, seed = 42): Generator<GeneratedPlan> {
  const r = random(seed)
  const int = (min: number, max: number) => min + Math.floor(r() * (max - min + 1))
  const pick = <T>(list: ReadonlyArray<T>): T => list[Math.floor(r() * list.length)]!
  for (let n = 1; n <= count; n++) {
    const [currencyCode, exponent] = pick(CURRENCIES)
    const scale = POW10[exponent]!
    const items: Array<Record<string, unknown>> = []
    let totalMinor = 0
    const itemCount = int(1, 3)
    for (let i = 0; i < itemCount; i++) {
      // costs from 1 to 5,000 major units, in whole minor units
      const costMinor = int(scale, 5000 * scale)
      const quantity = int(1, 4)
      totalMinor += costMinor * quantity
      const day = BASE_DAY + int(-365, 365)
      const policies: Array<Record<string, unknown>> = []
      const policyCount = int(0, 2)
      const days = [...POLICY_DAYS].sort(() => r() - 0.5).slice(0, policyCount)
      for (const d of days) {
        // `type` left out: it has one value, the default (R4.6)
        policies.push({
          daysWithinRedemptionDate: d,
          refundablePercentage: r() < 0.2 ? int(0, 199) / 2 : int(0, 100)
        })
      }
      items.push({
        quantity,
        costPerItem: major(costMinor, exponent),
        minimumDepositPerItem: r() < 0.5
          ? { unit: "Currency", value: major(int(0, costMinor), exponent) }
          : { unit: "Percentage", value: int(0, 100) },
        depositRefundable: r() < 0.4,
        redemptionDate: r() < 0.7 ? isoDate(day) : `${isoDate(day)}T${String(int(0, 23)).padStart(2, "0")}:30:00+10:00`,
        refundPolicies: policies
      })
    }
    const timeZone = pick(ZONES)
    yield {
      id: `plan-${String(n).padStart(7, "0")}`,
      status: pick(STATUSES),
      currencyCode,
      ...(timeZone === undefined ? {} : { timeZone }),
      totalPaymentsPaid: major(int(0, totalMinor), exponent),
      items
    }
  }
}

/** The NDJSON text of `count` plans, in pieces of about `pieceBytes`. */
export function* generateNdjson(count: number, seed = 42, pieceBytes = 1 << 20): Generator<string> {
  let piece = ""
  for (const plan of generatePlans(count, seed)) {
    piece += JSON.stringify(plan) + "\n"
    if (piece.length >= pieceBytes) {
      yield piece
      piece = ""
    }
  }
  if (piece !== "") yield piece
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2)
  const option = (name: string) => {
    const i = args.indexOf(name)
    return i < 0 ? undefined : args.splice(i, 2)[1]
  }
  const seed = Number(option("--seed") ?? 42)
  const out = option("--out")
  const count = Number(args[0] ?? 1000)
  if (!Number.isSafeInteger(count) || count < 0 || !Number.isSafeInteger(seed)) {
    console.error("usage: node scripts/generate-plans.ts N [--seed S] [--out file]")
    process.exit(2)
  }
  const sink = out === undefined ? process.stdout : createWriteStream(out)
  for (const piece of generateNdjson(count, seed)) {
    if (!sink.write(piece)) await once(sink, "drain")
  }
  if (out !== undefined) sink.end()
}
