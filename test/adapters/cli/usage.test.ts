/**
 * Exit codes and help across every command: a bad option value is a usage
 * error (2) wherever it is given, 1 is for input the engine refuses; every
 * option states its default once; every command with a date says what a date
 * means.
 */
import { writeFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { calculateRefund } from "../../../src/index.ts"
import { example, useInProcessCli } from "./in-process.ts"

const { cli, built } = useInProcessCli()

const NOW = "2026-11-22T09:30:00Z"
const checkout = example("checkout-request.json")
const plan = {
  currencyCode: "AUD",
  totalPaymentsPaid: 400,
  timeZone: "America/New_York",
  items: [{
    id: "t1",
    quantity: 2,
    costPerItem: 250,
    redemptionDate: "2027-01-30",
    refundPolicies: [{ daysWithinRedemptionDate: 60, refundablePercentage: 75 }]
  }]
}
const planText = JSON.stringify(plan)

const COMMANDS = [
  "validate",
  "summarize",
  "plan-terms",
  "calculate-refund",
  "exposure",
  "serve",
  "webhooks listen",
  "webhooks trigger",
  "conformance"
]

describe("exit codes", () => {
  // --frequency yearly and --day 32 exited 1 while --format xml and --now yesterday exited 2
  it.each(([
    ["plan-terms", checkout, "--now", NOW, "--frequency", "yearly"],
    ["plan-terms", checkout, "--now", NOW, "--day", "32"],
    ["plan-terms", checkout, "--now", NOW, "--day", "0"],
    ["plan-terms", checkout, "--now", NOW, "--day", "funday"],
    ["plan-terms", checkout, "--now", NOW, "--plan-type", "Lease"],
    ["plan-terms", checkout, "--now", NOW, "--deposit", "lots"],
    ["plan-terms", checkout, "--now", NOW, "--strategy", "max"],
    ["plan-terms", checkout, "--now", "yesterday"],
    ["plan-terms", checkout, "--now", "2026-02-29"],
    ["plan-terms", checkout, "--now", NOW, "--tz", "Mars/Olympus"],
    ["plan-terms", checkout, "--now", NOW, "--format", "xml"],
    ["validate", checkout, "--now", "yesterday"],
    ["validate", checkout, "--format", "xml"],
    ["summarize", checkout, "--tz", "Mars/Olympus"],
    ["summarize", "/no/such/checkout.json"],
    ["calculate-refund", "-", "--at", "soon"],
    ["calculate-refund", "-", "--merchant", "/no/such/merchant.json"],
    ["exposure", "-", "--top", "many"],
    ["exposure", "-", "--workers", "-1"],
    ["exposure", "-", "--timeline", "2027-01-01"],
    ["serve", "--merchants", example("sandbox-merchants.json"), "--port", "http"],
    ["summarize", checkout, "--no-such-option"],
    ["no-such-command"]
  ] as Array<Array<string>>).map((args) => [args.map((a) => a.replace(/^\/.*\//, "")).join(" "), args] as const))(
    "%s is a usage error: exit 2, nothing on stdout",
    async (_, args) => {
      const ran = await cli(args, planText)
      expect(ran.code, ran.stderr).toBe(2)
      expect(ran.stdout).toBe("")
      expect(ran.stderr).not.toContain("unexpected error")
    }
  )

  it("1 is for input the engine refuses: an invalid request, unacceptable terms, a refused plan", async () => {
    const invalid = `${built().directory}/invalid-checkout.json`
    writeFileSync(invalid, JSON.stringify({ merchantOrderId: "" }))
    expect((await cli(["validate", invalid, "--now", NOW])).code).toBe(1)
    expect((await cli(["summarize", invalid, "--now", NOW])).code).toBe(1)
    // a well-formed deposit above what the checkout allows: computed, unacceptable (R6.6)
    const above = await cli(["plan-terms", checkout, "--now", NOW, "--deposit", "5000"])
    expect(above.code).toBe(1)
    expect(JSON.parse(above.stdout).installments.validation.length).toBeGreaterThan(0)
    expect((await cli(["calculate-refund", "--at", NOW], JSON.stringify({ ...plan, currencyCode: "XXX" }))).code).toBe(
      1
    )
    expect((await cli(["calculate-refund", "--at", NOW], "{ not json")).code).toBe(1)
    // well-formed values in every option: 0
    const fine = await cli([
      "plan-terms",
      checkout,
      "--now",
      NOW,
      "--frequency",
      "MONTHLY",
      "--day",
      "31",
      "--plan-type",
      "Installment"
    ])
    expect(fine.code, fine.stderr).toBe(0)
  })
})

describe("warnings (R10.2), as the process shows them", () => {
  // `refundPolicy` for `refundPolicies` printed 400, exit 0, nothing on stderr
  it("calculate-refund typo.json: the warning on stderr, exit 0; with --strict exit 1 and nothing on stdout", async () => {
    const typo = `${built().directory}/typo.json`
    const { refundPolicies, ...item } = plan.items[0]!
    writeFileSync(typo, JSON.stringify({ ...plan, items: [{ ...item, refundPolicy: refundPolicies }] }))
    const ran = await cli(["calculate-refund", typo, "--at", "2026-12-10"])
    expect(ran.code).toBe(0)
    expect(JSON.parse(ran.stdout).suggestedRefundAmount).toBe(400)
    expect(ran.stderr).toMatch(
      /^payment-plan: warning:\n.*\n.*\nitems\[0\]\.refundPolicy\s+unknown_field\s+R10\.2\s+\S/
    )
    const strict = await cli(["calculate-refund", typo, "--at", "2026-12-10", "--strict"])
    expect(strict.code).toBe(1)
    expect(strict.stdout).toBe("")
    expect(strict.stderr).toMatch(/refundPolicy[\s\S]*refused under --strict/)
  })
})

describe("--merchant <sandbox merchants file> --merchant-id, as the binary loads the sandbox's loader", () => {
  // read as an empty configuration, a full refund of 400 instead of 150
  it("calculate-refund picks merchant-123's default policies through payment-plan-engine/sandbox", async () => {
    const { refundPolicies: _, ...item } = plan.items[0]!
    const bare = JSON.stringify({ ...plan, timeZone: undefined, items: [{ ...item, redemptionDate: "2027-03-01" }] })
    const args = [
      "calculate-refund",
      "--at",
      "2027-02-10T09:00:00+11:00",
      "--merchant",
      example("sandbox-merchants.json")
    ]
    const ran = await cli([...args, "--merchant-id", "merchant-123"], bare)
    expect(ran.code, ran.stderr).toBe(0)
    expect(JSON.parse(ran.stdout).suggestedRefundAmount).toBe(150)
    const unpicked = await cli(args, bare)
    expect(unpicked.code).toBe(2)
    expect(unpicked.stderr).toMatch(/--merchant-id <id> \(merchant-123, merchant-456\)\n$/)
  })
})

describe("help", () => {
  // serve --help said `(default: in memory, nothing kept) (default: ":memory:")`
  it.each(COMMANDS)("%s --help states each option's default once", async (command) => {
    const ran = await cli([...command.split(" "), "--help"])
    expect(ran.code).toBe(0)
    const options = ran.stdout.slice(ran.stdout.indexOf("Options:"))
    // one entry per option: its first line starts with "  -", wrapped lines are indented further
    const entries = options.split(/\n(?= {2}-)/).map((e) => e.replace(/\s+/g, " "))
    expect(entries.length).toBeGreaterThan(1)
    for (const entry of entries) expect(entry.match(/default:/g)?.length ?? 0, entry).toBeLessThanOrEqual(1)
  })

  // a session sets them once: trigger needed --merchant-id and --api-key every time, conformance its URL
  it.each(["webhooks listen", "webhooks trigger", "conformance"])(
    "%s --help names the variable of --base-url, --merchant-id and --api-key, and that a flag wins",
    async (command) => {
      const ran = await cli([...command.split(" "), "--help"])
      const help = ran.stdout.replace(/\s+/g, " ")
      for (
        const [flag, variable] of [
          ["--base-url <url>", "PAYMENT_PLAN_BASE_URL"],
          ["--merchant-id <id>", "PAYMENT_PLAN_MERCHANT_ID"],
          ["--api-key <key>", "PAYMENT_PLAN_API_KEY"]
        ]
      ) {
        expect(help).toMatch(new RegExp(`${flag} [^-]*\\(env ${variable};`))
      }
      expect(help).toContain(
        "Each of --base-url, --merchant-id and --api-key falls back to its environment variable; a flag wins over its variable."
      )
    }
  )

  // one meaning of a date on the command line, stated in --help
  it.each(["", "validate", "summarize", "plan-terms", "calculate-refund", "exposure"])(
    "%s --help says what a bare date means",
    async (command) => {
      const ran = await cli(command === "" ? ["--help"] : [command, "--help"])
      expect(ran.stdout.replace(/\s+/g, " ")).toContain(
        "A bare date YYYY-MM-DD means the start of that day in the calculation's time zone (--tz, else the plan's timeZone, else UTC)."
      )
    }
  )
})

describe("dates", () => {
  it("calculate-refund --at DATE is the start of that day in --tz, else in the plan's timeZone", async () => {
    // 2027-01-30 − 60 days = 2026-12-01: the policy is active from the start of 2026-12-01 in the plan's zone
    const inPlanZone = JSON.parse((await cli(["calculate-refund", "--at", "2026-12-01"], planText)).stdout)
    expect(inPlanZone).toEqual(
      JSON.parse(JSON.stringify(calculateRefund(plan, { at: "2026-12-01T05:00:00Z", timeZone: "America/New_York" })))
    )
    expect(inPlanZone.items[0].activeRefundPolicyIndex).toBe(0)
    const inTz = JSON.parse(
      (await cli(["calculate-refund", "--at", "2026-12-01", "--tz", "Asia/Tokyo"], planText)).stdout
    )
    expect(inTz).toEqual(
      JSON.parse(JSON.stringify(calculateRefund(plan, { at: "2026-11-30T15:00:00Z", timeZone: "Asia/Tokyo" })))
    )
  })

  it("summarize --now DATE is the start of that day in --tz: expiresAt counts from it", async () => {
    const utc = JSON.parse((await cli(["summarize", checkout, "--now", "2026-11-22"])).stdout)
    expect(utc.expiresAt).toBe("2026-11-23T00:00:00.000Z")
    const sydney = JSON.parse(
      (await cli(["summarize", checkout, "--now", "2026-11-22", "--tz", "Australia/Sydney"]))
        .stdout
    )
    expect(sydney.expiresAt).toBe("2026-11-22T13:00:00.000Z")
  })
})
