/**
 * No silent typo (R10.2, the command line's part): every command that computes
 * from data prints each warning of the library's answer on stderr (path, code,
 * rule, message), and `--strict` refuses on any warning (exit 1), R10.2.
 * In-process: what is checked is what the commands answer, not the process.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import type { Issue } from "../../../src/index.ts"
import {
  calculateRefundResult,
  computePlanTermsResult,
  summarizeCheckoutResult,
  validateCheckoutRequest
} from "../../../src/index.ts"
import { exampleRequest, NOW } from "../../fixtures.ts"
import { runInProcess } from "./in-process.ts"

const AT = "2027-01-20T09:00:00+11:00"
const scratch = mkdtempSync(join(tmpdir(), "cli-warnings-"))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))
const file = (name: string, value: unknown) => {
  const path = join(scratch, name)
  writeFileSync(path, JSON.stringify(value))
  return path
}

// the reported reproduction: `refundPolicy` for `refundPolicies`, a full refund of 400 without a word
const typoPlan = {
  currencyCode: "AUD",
  totalPaymentsPaid: 400,
  items: [{
    id: "t1",
    quantity: 2,
    costPerItem: 250,
    redemptionDate: "2027-03-01",
    refundPolicy: [{ daysWithinRedemptionDate: 60, refundablePercentage: 75 }]
  }]
}
const { merchantMetadata: _, ...plain } = exampleRequest()
const typoCheckout = { ...plain, merchantMetaData: { channel: "web" } }

/** Every warning of the library's answer is a line of stderr with its path, code, rule and message. */
const expectWarnings = (stderr: string, warnings: ReadonlyArray<Issue>) => {
  expect(warnings.length).toBeGreaterThan(0)
  const lines = stderr.split("\n")
  for (const w of warnings) {
    const line = lines.find((l) => l.startsWith(w.path + " "))
    expect(line, `${w.path} on stderr:\n${stderr}`).toBeDefined()
    expect(line!.split(/\s{2,}/)).toEqual([w.path, w.code, w.rule, w.message])
  }
}

describe("warnings on stderr (R10.2)", () => {
  it("calculate-refund typo.json: the calculation as before on stdout, exit 0, and the unknown field on stderr", async () => {
    const ran = await runInProcess(["calculate-refund", file("typo.json", typoPlan), "--at", AT])
    expect(ran.code, ran.stderr).toBe(0)
    const answer = calculateRefundResult(typoPlan, { at: AT })
    expect(answer.ok).toBe(true)
    expect(JSON.parse(ran.stdout)).toEqual(JSON.parse(JSON.stringify(answer.ok && answer.value)))
    expect(answer.warnings.map((w) => w.path)).toEqual(["items[0].refundPolicy"])
    expectWarnings(ran.stderr, answer.warnings)
  })

  it("summarize: the checkout's unknown field on stderr", async () => {
    const ran = await runInProcess(["summarize", "--now", NOW], JSON.stringify(typoCheckout))
    expect(ran.code, ran.stderr).toBe(0)
    expectWarnings(ran.stderr, summarizeCheckoutResult(typoCheckout, { now: NOW }).warnings)
  })

  it("plan-terms: the unknown fields of the checkout and of --request on stderr", async () => {
    const request = { checkoutId: "chk_1", type: "plan", timeZone: "UTC", instalments: { count: 3 } }
    const ran = await runInProcess(
      ["plan-terms", "--now", NOW, "--request", file("terms-request.json", request)],
      JSON.stringify(typoCheckout)
    )
    expect(ran.code, ran.stderr).toBe(0)
    const answer = computePlanTermsResult(typoCheckout, request, { now: NOW })
    expect(answer.warnings.map((w) => w.path)).toEqual(["checkout.merchantMetaData", "instalments"])
    expectWarnings(ran.stderr, answer.warnings)
  })

  it("validate: the result on stdout lists the warnings, and stderr shows them (json and table)", async () => {
    const insecure = { ...typoCheckout, redirectURL: "http://shop.example/return" }
    const expected = validateCheckoutRequest(insecure, { now: NOW })
    for (const format of ["json", "table"]) {
      const ran = await runInProcess(["validate", "--now", NOW, "--format", format], JSON.stringify(insecure))
      expect(ran.code, ran.stderr).toBe(0)
      expectWarnings(ran.stderr, expected.warnings)
    }
    expect(expected.warnings.map((w) => w.code).sort()).toEqual(["insecure_url", "unknown_field"])
    const table = await runInProcess(["validate", "--now", NOW, "--format", "table"], JSON.stringify(insecure))
    expect(table.stdout).toBe("valid\n")
  })

  it("a refused input: its warnings on stderr too, before its issues", async () => {
    const refused = { ...typoPlan, currencyCode: "XXX" }
    const ran = await runInProcess(["calculate-refund", "--at", AT], JSON.stringify(refused))
    expect(ran.code).toBe(1)
    expect(ran.stdout).toBe("")
    expect(ran.stderr).toMatch(/items\[0\]\.refundPolicy\s+unknown_field\s+R10\.2/)
    expect(ran.stderr).toMatch(/currencyCode\s+unknown_currency\s+R4\.4/)
    expect(ran.stderr.indexOf("refundPolicy")).toBeLessThan(ran.stderr.indexOf("refused"))
  })

  it("an answer without warnings writes nothing on stderr", async () => {
    const { refundPolicy, ...item } = typoPlan.items[0]!
    const plan = { ...typoPlan, items: [{ ...item, refundPolicies: refundPolicy }] }
    const ran = await runInProcess(["calculate-refund", "--at", AT], JSON.stringify(plan))
    expect(ran.code).toBe(0)
    expect(ran.stderr).toBe("")
  })
})

describe("--strict (R10.2): any warning refuses the input, exit 1", () => {
  it.each(
    [
      ["calculate-refund", ["calculate-refund", "--at", AT], typoPlan],
      ["summarize", ["summarize", "--now", NOW], typoCheckout],
      ["plan-terms", ["plan-terms", "--now", NOW], typoCheckout]
    ] as const
  )("%s --strict: the warnings on stderr, nothing on stdout", async (_, args, input) => {
    const ran = await runInProcess([...args, "--strict"], JSON.stringify(input))
    expect(ran.code, ran.stderr).toBe(1)
    expect(ran.stdout).toBe("")
    expect(ran.stderr).toMatch(/unknown_field\s+R10\.2/)
    expect(ran.stderr).toMatch(/--strict/)
    // without --strict the same input is answered
    expect((await runInProcess(args, JSON.stringify(input))).code).toBe(0)
  })

  it("validate --strict: the validation result is the answer (stdout), exit 1 on its warnings", async () => {
    const ran = await runInProcess(["validate", "--now", NOW, "--strict"], JSON.stringify(typoCheckout))
    expect(ran.code).toBe(1)
    expect(JSON.parse(ran.stdout)).toEqual(
      JSON.parse(JSON.stringify(validateCheckoutRequest(typoCheckout, { now: NOW })))
    )
    expect(ran.stderr).toMatch(/merchantMetaData\s+unknown_field\s+R10\.2/)
  })

  it("--strict without warnings changes nothing", async () => {
    const ran = await runInProcess(["summarize", "--now", NOW, "--strict"], JSON.stringify(exampleRequest()))
    expect(ran.code, ran.stderr).toBe(0)
    expect(ran.stderr).toBe("")
    expect(JSON.parse(ran.stdout).totalMinimumDeposit).toBe(280)
  })

  it.each(["validate", "summarize", "plan-terms", "calculate-refund"])("%s --help names --strict", async (command) => {
    const ran = await runInProcess([command, "--help"])
    expect(ran.code).toBe(0)
    expect(ran.stdout).toMatch(/--strict\s+refuse the input on any warning/)
  })
})
