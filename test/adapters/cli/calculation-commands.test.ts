import { readFileSync, writeFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { calculateRefund, computePlanTerms } from "../../../src/index.ts"
import { example, useInProcessCli } from "./in-process.ts"

const { cli, built } = useInProcessCli()

const NOW = "2026-11-22T09:30:00Z"
const checkoutText = readFileSync(example("checkout-request.json"), "utf8")
const checkout = JSON.parse(checkoutText)
const json = (u: unknown) => JSON.parse(JSON.stringify(u))

// The description's refund example: 75% within 60 days, 50% within 30 days (service description, refund rule 3).
const plan = {
  currencyCode: "AUD",
  totalPaymentsPaid: 400,
  items: [
    {
      id: "t1",
      description: "Festival ticket",
      quantity: 2,
      costPerItem: 250,
      redemptionDate: "2027-03-01",
      refundPolicies: [
        { daysWithinRedemptionDate: 60, refundablePercentage: 75 },
        { daysWithinRedemptionDate: 30, refundablePercentage: 50 }
      ]
    }
  ]
}

describe("payment-plan plan-terms", () => {
  it("R6: the options make the compute-plan-terms request; the answer is computePlanTerms'", async () => {
    const ran = await cli([
      "plan-terms",
      example("checkout-request.json"),
      "--now",
      NOW,
      "--tz",
      "Australia/Sydney",
      "--frequency",
      "fortnightly",
      "--day",
      "friday",
      "--deposit",
      "300"
    ])
    expect(ran.code).toBe(0)
    const expected = computePlanTerms(
      checkout,
      {
        checkoutId: "checkout",
        type: "plan",
        timeZone: "Australia/Sydney",
        deposit: { amount: 300 },
        installments: { cadence: { frequency: "fortnightly", on: { dayOfWeek: "friday" } } }
      },
      { now: NOW }
    )
    expect(JSON.parse(ran.stdout)).toEqual(json(expected))
    expect(JSON.parse(ran.stdout).deposit.amount).toBe(300)
  })

  it("R6.7: --strategy even and a monthly --day from stdin, with a --request file underneath", async () => {
    const requestFile = `${built().directory}/terms-request.json`
    writeFileSync(
      requestFile,
      JSON.stringify({ checkoutId: "chk_1", type: "plan", timeZone: "UTC", planType: "Installment" })
    )
    const ran = await cli([
      "plan-terms",
      "--now",
      NOW,
      "--request",
      requestFile,
      "--frequency",
      "Monthly",
      "--day",
      "31",
      "--strategy",
      "even"
    ], checkoutText)
    expect(ran.code).toBe(0)
    const expected = computePlanTerms(
      checkout,
      {
        checkoutId: "chk_1",
        type: "plan",
        timeZone: "UTC",
        planType: "Installment",
        installments: { cadence: { frequency: "Monthly", on: { dayOfMonth: 31 } } }
      },
      { now: NOW, depositStrategy: "even" }
    )
    expect(JSON.parse(ran.stdout)).toEqual(json(expected))
  })

  it("R6.9: --format table lists the schedule, whose amounts sum to totalCost", async () => {
    const ran = await cli(["plan-terms", example("checkout-request.json"), "--now", NOW, "--format", "table"])
    expect(ran.code).toBe(0)
    const terms = computePlanTerms(checkout, { checkoutId: "checkout", type: "plan", timeZone: "UTC" }, { now: NOW })
    const rows = [...ran.stdout.matchAll(/^\s*(\d+)\s+(\d{4}-\d{2}-\d{2})\s+([\d.]+)$/gm)]
    expect(rows.map((r) => [Number(r[1]), r[2], Number(r[3])])).toEqual(
      terms.schedule.map((p) => [p.installmentNumber, p.date, p.amount])
    )
    expect(ran.stdout).toMatch(/totalCost\s+1100\.00/)
  })

  it("R6.6: unacceptable terms (a deposit with too many digits) are shown, and exit 1", async () => {
    const ran = await cli(["plan-terms", example("checkout-request.json"), "--now", NOW, "--deposit", "300.001"])
    expect(ran.code).toBe(1)
    expect(JSON.parse(ran.stdout).installments.validation).toEqual(
      expect.arrayContaining([expect.objectContaining({ key: "deposit.precision" })])
    )
    const table = await cli([
      "plan-terms",
      example("checkout-request.json"),
      "--now",
      NOW,
      "--deposit",
      "300.001",
      "--format",
      "table"
    ])
    expect(table.code).toBe(1)
    expect(table.stdout).toMatch(/unacceptable:[\s\S]*deposit\.precision/)
  })

  it("a checkout the calculation refuses: exit 1, every issue on stderr, nothing on stdout", async () => {
    const ran = await cli(
      ["plan-terms", "--now", NOW],
      JSON.stringify({ ...checkout, currencyCode: "AUD", items: [{ ...checkout.items[0], costPerItem: 10.005 }] })
    )
    expect(ran.code).toBe(1)
    expect(ran.stdout).toBe("")
    expect(ran.stderr).toMatch(/costPerItem/)
  })

  it.each([[["plan-terms", "--deposit", "lots"]], [["plan-terms", "--strategy", "generous"]], [[
    "plan-terms",
    "--tz",
    "Nowhere/Else"
  ]]])(
    "%j is a usage error (exit 2)",
    async (args) => {
      const ran = await cli(args, checkoutText)
      expect(ran.code).toBe(2)
    }
  )
})

describe("payment-plan calculate-refund", () => {
  it("R7: 40 days before redemption the 60-day policy applies; the answer is calculateRefund's", async () => {
    const at = "2027-01-20T09:00:00+11:00"
    const ran = await cli(["calculate-refund", "--at", at, "--tz", "Australia/Sydney"], JSON.stringify(plan))
    expect(ran.code).toBe(0)
    const calculation = JSON.parse(ran.stdout)
    expect(calculation).toEqual(json(calculateRefund(plan, { at, timeZone: "Australia/Sydney" })))
    expect(calculation.items[0].activeRefundPolicyIndex).toBe(0)
    expect(calculation.suggestedRefundAmount).toBe(275)
  })

  it("R7.2: 20 days before, the 30-day policy; from a file, as a table", async () => {
    const file = `${built().directory}/plan.json`
    writeFileSync(file, JSON.stringify(plan))
    const ran = await cli(["calculate-refund", file, "--at", "2027-02-09T00:00:00Z", "--format", "table"])
    expect(ran.code).toBe(0)
    expect(ran.stdout).toMatch(/50% refundable within 30 days of the redemption date\s+250/)
    expect(ran.stdout).toMatch(/suggestedRefundAmount\s+150\.00\n/)
  })

  it("R7.2: --merchant gives default policies to items without their own", async () => {
    const merchantFile = `${built().directory}/merchant-policies.json`
    const merchant = { defaultRefundPolicies: [{ daysWithinRedemptionDate: 90, refundablePercentage: 10 }] }
    writeFileSync(merchantFile, JSON.stringify(merchant))
    const bare = { ...plan, items: [{ ...plan.items[0]!, refundPolicies: [] }] }
    const ran = await cli(
      ["calculate-refund", "--at", "2027-01-20T00:00:00Z", "--merchant", merchantFile],
      JSON.stringify(bare)
    )
    expect(ran.code).toBe(0)
    expect(JSON.parse(ran.stdout)).toEqual(json(calculateRefund(bare, { at: "2027-01-20T00:00:00Z", merchant })))
    expect(JSON.parse(ran.stdout).totalNonRefundableAmount).toBe(450)
  })

  it("an invalid plan is refused (exit 1) with every issue on stderr", async () => {
    const ran = await cli(
      ["calculate-refund", "--at", "2027-01-20T00:00:00Z"],
      JSON.stringify({ ...plan, currencyCode: "XXX1", totalPaymentsPaid: -1 })
    )
    expect(ran.code).toBe(1)
    expect(ran.stdout).toBe("")
    expect(ran.stderr).toMatch(/currencyCode/)
    expect(ran.stderr).toMatch(/totalPaymentsPaid/)
  })

  it("the old name, refund-quote, runs nothing: exit 2 saying the new name, and it is not in the help", async () => {
    const ran = await cli(["refund-quote", "--at", "2027-01-20T00:00:00Z"], JSON.stringify(plan))
    expect(ran.code).toBe(2)
    expect(ran.stdout).toBe("")
    expect(ran.stderr).toContain("refund-quote is now calculate-refund")
    const help = await cli(["--help"])
    expect(help.stdout).toContain("calculate-refund")
    expect(help.stdout).not.toContain("refund-quote")
  })
})
