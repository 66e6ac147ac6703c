/**
 * No silent typo (R10.2): the merchants file the project ships (`{ merchants: [...] }`)
 * given as `--merchant` was read as an empty configuration (a refund of 400
 * instead of 150 with the merchant's default policies). `--merchant-id` picks
 * its entry, read by the sandbox's own loader; without it the file is refused
 * with how to pick one. In-process.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { loadMerchants } from "../../../src/adapters/sandbox/index.ts"
import { calculateRefund, summarizeCheckout, validateCheckoutRequest } from "../../../src/index.ts"
import { exampleRequest, NOW } from "../../fixtures.ts"
import { example, runInProcess } from "./in-process.ts"

const MERCHANTS = example("sandbox-merchants.json")
const merchantsFile = JSON.parse(readFileSync(MERCHANTS, "utf8"))
const configurationOf = (id: string) => loadMerchants(merchantsFile).find((m) => m.id === id)!.configuration

const scratch = mkdtempSync(join(tmpdir(), "cli-merchant-"))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))
const file = (name: string, value: unknown) => {
  const path = join(scratch, name)
  writeFileSync(path, JSON.stringify(value))
  return path
}

// no policies of its own: merchant-123's defaults apply (50 % refundable within 30 days)
const plan = {
  currencyCode: "AUD",
  totalPaymentsPaid: 400,
  items: [{ id: "t1", quantity: 2, costPerItem: 250, redemptionDate: "2027-03-01" }]
}
const AT = "2027-02-10T09:00:00+11:00"

describe("--merchant <sandbox merchants file> --merchant-id <id>", () => {
  it("calculate-refund: the picked merchant's default policies apply (150, not a full refund of 400)", async () => {
    const ran = await runInProcess(
      ["calculate-refund", "--at", AT, "--merchant", MERCHANTS, "--merchant-id", "merchant-123"],
      JSON.stringify(plan)
    )
    expect(ran.code, ran.stderr).toBe(0)
    expect(ran.stderr).toBe("")
    const calculation = JSON.parse(ran.stdout)
    expect(calculation.suggestedRefundAmount).toBe(150)
    expect(calculation).toEqual(
      JSON.parse(JSON.stringify(calculateRefund(plan, { at: AT, merchant: configurationOf("merchant-123") })))
    )
  })

  it("summarize: the picked merchant's default deposit and deadline", async () => {
    const body = exampleRequest()
    const items = body.items.map(({ minimumDepositPerItem: _, paymentDeadline: __, ...item }) => item)
    const input = { ...body, items }
    const ran = await runInProcess(
      ["summarize", "--now", NOW, "--merchant", MERCHANTS, "--merchant-id", "merchant-123"],
      JSON.stringify(input)
    )
    expect(ran.code, ran.stderr).toBe(0)
    const expected = summarizeCheckout(input, { now: NOW, merchant: configurationOf("merchant-123") })
    expect(expected.totalMinimumDeposit).toBe(110)
    expect(JSON.parse(ran.stdout)).toEqual(JSON.parse(JSON.stringify(expected)))
  })

  it("validate: --merchant-id is the authenticated merchant (R4.5) and picks its configuration (sub-merchants)", async () => {
    const validate = async (merchantId: string, externalCode: string) => {
      const input = { ...exampleRequest(), externalCode }
      const ran = await runInProcess(
        ["validate", "--now", NOW, "--merchant", MERCHANTS, "--merchant-id", merchantId],
        JSON.stringify(input)
      )
      const expected = validateCheckoutRequest(input, {
        now: NOW,
        merchantId,
        merchant: configurationOf(merchantId)
      })
      expect(JSON.parse(ran.stdout)).toEqual(JSON.parse(JSON.stringify(expected)))
      expect(ran.code).toBe(expected.ok ? 0 : 1)
      return expected.ok ? [] : expected.issues.map((i) => `${i.path} ${i.code}`)
    }
    expect(await validate("merchant-123", "store-sydney")).toEqual([])
    // merchant-123's sub-merchants are Sydney and Melbourne
    expect(await validate("merchant-123", "store-perth")).toEqual(["externalCode unknown_external_code"])
    // the request names merchant-123
    expect(await validate("merchant-456", "store-sydney")).toEqual(["merchantId merchant_mismatch"])
  })

  it.each(
    [
      ["calculate-refund", ["calculate-refund", "--at", AT]],
      ["summarize", ["summarize", "--now", NOW]],
      ["plan-terms", ["plan-terms", "--now", NOW]],
      ["validate", ["validate", "--now", NOW]]
    ] as const
  )(
    "%s --merchant <merchants file> without --merchant-id: a usage error saying how to pick one",
    async (_, args) => {
      const ran = await runInProcess([...args, "--merchant", MERCHANTS], JSON.stringify(plan))
      expect(ran.code).toBe(2)
      expect(ran.stdout).toBe("")
      const lines = ran.stderr.trimEnd().split("\n")
      expect(lines, ran.stderr).toHaveLength(1)
      expect(lines[0]).toMatch(
        /^payment-plan: .*sandbox merchants file.*--merchant-id <id>.*merchant-123, merchant-456/
      )
      expect(ran.stderr).not.toMatch(/\n\s+at /)
    }
  )

  it("an id the file does not have: a usage error naming the ids it has", async () => {
    const ran = await runInProcess(
      ["calculate-refund", "--at", AT, "--merchant", MERCHANTS, "--merchant-id", "merchant-999"],
      JSON.stringify(plan)
    )
    expect(ran.code).toBe(2)
    expect(ran.stdout).toBe("")
    expect(ran.stderr.trimEnd().split("\n")).toHaveLength(1)
    expect(ran.stderr).toMatch(/merchant-999.*merchant-123, merchant-456/)
  })

  it("a merchants file the sandbox refuses: refused input (exit 1) with the loader's issues", async () => {
    const broken = file("broken-merchants.json", { merchants: [{ id: "m-1", apiKey: "sk_1" }] })
    const ran = await runInProcess(
      ["calculate-refund", "--at", AT, "--merchant", broken, "--merchant-id", "m-1"],
      JSON.stringify(plan)
    )
    expect(ran.code).toBe(1)
    expect(ran.stdout).toBe("")
    expect(ran.stderr).toMatch(/merchants\[0\]\.currencies/)
  })

  it("--merchant-id with one merchant's configuration (not a merchants file) is a usage error outside validate", async () => {
    const config = file("config.json", configurationOf("merchant-123"))
    const ran = await runInProcess(
      ["calculate-refund", "--at", AT, "--merchant", config, "--merchant-id", "merchant-123"],
      JSON.stringify(plan)
    )
    expect(ran.code).toBe(2)
    expect(ran.stderr).toMatch(/--merchant-id/)
    // the configuration alone is read as before
    const alone = await runInProcess(["calculate-refund", "--at", AT, "--merchant", config], JSON.stringify(plan))
    expect(alone.code, alone.stderr).toBe(0)
    expect(JSON.parse(alone.stdout).suggestedRefundAmount).toBe(150)
  })

  it("--merchant-id without --merchant is a usage error outside validate", async () => {
    const ran = await runInProcess(
      ["calculate-refund", "--at", AT, "--merchant-id", "merchant-123"],
      JSON.stringify(plan)
    )
    expect(ran.code).toBe(2)
    expect(ran.stderr).toMatch(/--merchant-id.*--merchant/)
  })
})
