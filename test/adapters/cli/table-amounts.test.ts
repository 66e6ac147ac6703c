/**
 * Every amount in a command-line table is written with its currency's digits
 * (R1.2) by the core's one formatter: `300.00` beside `280.06` in AUD, `10000`
 * in JPY, `1.500` in KWD; never `300`, `5 × 160` or `1413.4` beside `1413.40`.
 * Run in process: the tables are the point, not the process.
 */
import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { example, runInProcess } from "./in-process.ts"

const NOW = "2026-11-22T09:30:00Z"
const checkout = JSON.parse(readFileSync(example("checkout-request.json"), "utf8")) as {
  currencyCode: string
  items: Array<Record<string, unknown>>
}

/** The example checkout in another currency, its amounts scaled to whole units of it. */
const checkoutIn = (currencyCode: string, scale: number) => ({
  ...checkout,
  currencyCode,
  items: checkout.items.map((item) => ({
    ...item,
    costPerItem: (item["costPerItem"] as number) * scale,
    minimumDepositPerItem: {
      ...(item["minimumDepositPerItem"] as object),
      value: (item["minimumDepositPerItem"] as { value: number }).value * scale
    }
  }))
})

/** An amount as a table writes it: digits, and exactly `digits` of them after the point. */
const withDigits = (digits: number) => (digits === 0 ? /^-?\d+$/ : new RegExp(`^-?\\d+\\.\\d{${digits}}$`))

/** The `key  value` line of a pairs table. */
const pair = (text: string, key: string): string => {
  const line = text.split("\n").find((l) => l.startsWith(`${key}  `))
  expect(line, `${key} in\n${text}`).toBeDefined()
  return line!.slice(key.length).trim()
}

/**
 * The cells of the rows of the table whose header starts with `first` (up to the next blank line),
 * cut where its rule of dashes says each column is (a cell may be empty).
 */
const rows = (text: string, first: string): Array<Array<string>> => {
  const lines = text.split("\n")
  const start = lines.findIndex((l) => l.startsWith(first))
  expect(start, `a table headed ${first} in\n${text}`).toBeGreaterThanOrEqual(0)
  const columns = [...lines[start + 1]!.matchAll(/-+/g)].map((m) => [m.index, m.index + m[0].length] as const)
  const end = lines.findIndex((l, i) => i > start + 1 && l.trim() === "")
  return lines.slice(start + 2, end < 0 ? undefined : end).map((l) =>
    columns.map(([from, to], i) => l.slice(from, i === columns.length - 1 ? undefined : to).trim())
  )
}

describe("R1.2: plan-terms --format table writes every amount with the currency's digits", () => {
  it.each([["AUD", 1, 2], ["JPY", 100, 0], ["KWD", 1, 3]] as const)("%s", async (code, scale, digits) => {
    const ran = await runInProcess(
      [
        "plan-terms",
        "-",
        "--now",
        NOW,
        "--deposit",
        String(300 * scale),
        "--frequency",
        "monthly",
        "--format",
        "table"
      ],
      JSON.stringify(checkoutIn(code, scale))
    )
    expect(ran.code, ran.stderr).toBe(0)
    const amount = withDigits(digits)
    expect(pair(ran.stdout, "totalCost")).toMatch(amount)
    expect(pair(ran.stdout, "deposit")).toMatch(amount)
    const range = pair(ran.stdout, "deposit range").split(" .. ")
    expect(range).toHaveLength(2)
    for (const bound of range) expect(bound).toMatch(amount)
    const instalments = /^(\d+) × (\S+) \(remainder (\S+)\)$/.exec(pair(ran.stdout, "instalments"))
    expect(instalments, ran.stdout).not.toBeNull()
    expect(instalments![2]).toMatch(amount)
    expect(instalments![3]).toMatch(amount)
    const schedule = rows(ran.stdout, "payment")
    expect(schedule.length).toBeGreaterThan(1)
    for (const [, , paid] of schedule) expect(paid).toMatch(amount)
  })

  it("AUD: the deposit of 300 beside instalments of 400 is written 300.00 and 400.00", async () => {
    const ran = await runInProcess(
      ["plan-terms", "-", "--now", NOW, "--deposit", "300", "--frequency", "monthly", "--format", "table"],
      JSON.stringify(checkout)
    )
    expect(pair(ran.stdout, "deposit")).toBe("300.00")
    expect(pair(ran.stdout, "instalments")).toBe("2 × 400.00 (remainder 0.00)")
    expect(rows(ran.stdout, "payment").map((r) => r[2])).toEqual(["300.00", "400.00", "400.00"])
  })
})

describe("R1.2: summarize --format table writes every amount with the currency's digits", () => {
  it.each([["AUD", 1, 2], ["JPY", 100, 0], ["KWD", 1, 3]] as const)("%s", async (code, scale, digits) => {
    const ran = await runInProcess(
      ["summarize", "-", "--now", NOW, "--format", "table"],
      JSON.stringify(checkoutIn(code, scale))
    )
    expect(ran.code, ran.stderr).toBe(0)
    const amount = withDigits(digits)
    for (const [, lineTotal, minimumDeposit] of rows(ran.stdout, "item")) {
      expect(lineTotal).toMatch(amount)
      expect(minimumDeposit).toMatch(amount)
    }
    expect(pair(ran.stdout, "totalCost")).toMatch(amount)
    expect(pair(ran.stdout, "totalMinimumDeposit")).toMatch(amount)
  })
})

describe("R1.2: calculate-refund --format table writes every amount with the currency's digits", () => {
  const plan = (currencyCode: string, scale: number) => ({
    currencyCode,
    totalPaymentsPaid: 400 * scale,
    items: [{
      id: "t1",
      quantity: 2,
      costPerItem: 250 * scale,
      redemptionDate: "2027-03-01",
      refundPolicies: [{ daysWithinRedemptionDate: 60, refundablePercentage: 75 }]
    }]
  })

  it.each([["AUD", 1, 2], ["JPY", 100, 0], ["KWD", 1, 3]] as const)("%s", async (code, scale, digits) => {
    const ran = await runInProcess(
      ["calculate-refund", "--at", "2027-02-10T00:00:00Z", "--format", "table"],
      JSON.stringify(plan(code, scale))
    )
    expect(ran.code, ran.stderr).toBe(0)
    const amount = withDigits(digits)
    const [item] = rows(ran.stdout, "item")
    const [, , totalCost, minNonRefundableDeposit, , nonRefundableAmount] = item!
    for (const cell of [totalCost, minNonRefundableDeposit, nonRefundableAmount]) expect(cell).toMatch(amount)
    for (const key of ["planTotalCost", "totalPaymentsPaid", "totalNonRefundableAmount", "suggestedRefundAmount"]) {
      expect(pair(ran.stdout, key), key).toMatch(amount)
    }
  })

  it("a plan record that states zero digits (currency.isZeroDecimal) is written in them", async () => {
    const { currencyCode: _, ...rest } = plan("AUD", 1)
    const ran = await runInProcess(
      ["calculate-refund", "--at", "2027-02-10T00:00:00Z", "--format", "table"],
      JSON.stringify({ ...rest, currency: { currencyCode: "AUD", isZeroDecimal: true } })
    )
    expect(ran.code, ran.stderr).toBe(0)
    for (const key of ["planTotalCost", "totalPaymentsPaid", "totalNonRefundableAmount", "suggestedRefundAmount"]) {
      expect(pair(ran.stdout, key), key).toMatch(withDigits(0))
    }
  })
})

describe("R1.2: exposure --format table writes the largest exposures as its totals, with the currency's digits", () => {
  const line = (id: string, currencyCode: string, paid: number, cost: number, percentage: number) =>
    JSON.stringify({
      id,
      status: "OnSchedule",
      currencyCode,
      totalPaymentsPaid: paid,
      items: [{
        quantity: 1,
        costPerItem: cost,
        redemptionDate: "2027-03-01",
        refundPolicies: [{ daysWithinRedemptionDate: 60, refundablePercentage: percentage }]
      }]
    })

  it("1413.40 beside 1413.40, 0.00 for nothing; JPY without a point", async () => {
    const ndjson = [
      line("p1", "AUD", 1413.4, 2000, 100),
      line("p2", "AUD", 300, 500, 50),
      line("p3", "JPY", 3000, 5000, 50)
    ].join("\n")
    const ran = await runInProcess(
      ["exposure", "-", "--at", "2027-02-01", "--workers", "0", "--format", "table"],
      ndjson
    )
    expect(ran.code, ran.stderr).toBe(0)
    const largest = (code: string) =>
      rows(ran.stdout.slice(ran.stdout.indexOf(`Largest exposures, ${code}`) + 1), "plan")
    expect(largest("AUD")).toEqual([
      ["p1", "1", "1413.40", "1413.40", "0.00"],
      ["p2", "2", "50.00", "300.00", "250.00"]
    ])
    expect(largest("JPY")).toEqual([["p3", "3", "500", "3000", "2500"]])
    const [aud] = rows(ran.stdout, "currency")
    expect(aud).toEqual(["AUD", "2", "1713.40", "250.00", "1463.40", "0", "0.00"])
  })
})
