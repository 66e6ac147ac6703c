import { readFileSync, writeFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { summarizeCheckout, validateCheckoutRequest } from "../../../src/index.ts"
import { exampleRequest, NOW } from "../../fixtures.ts"
import { example, useInProcessCli } from "./in-process.ts"

const { cli, built } = useInProcessCli()

const request = JSON.stringify(exampleRequest())
const invalid = JSON.stringify({
  ...exampleRequest(),
  merchantOrderId: "",
  items: [{ ...exampleRequest().items[0], costPerItem: 10.005 }]
})

describe("payment-plan validate", () => {
  it("R4: a valid request from a file: exit 0, the validation result as JSON", async () => {
    const ran = await cli(["validate", example("checkout-request.json"), "--now", NOW, "--merchant-id", "merchant-123"])
    expect(ran.code).toBe(0)
    const expected = validateCheckoutRequest(JSON.parse(readFileSync(example("checkout-request.json"), "utf8")), {
      merchantId: "merchant-123",
      now: NOW
    })
    expect(JSON.parse(ran.stdout)).toEqual(JSON.parse(JSON.stringify(expected)))
    expect(JSON.parse(ran.stdout).ok).toBe(true)
  })

  it("R4.1: an invalid request on stdin: exit 1 and every issue, as the library reports them", async () => {
    const ran = await cli(["validate", "--now", NOW], invalid)
    expect(ran.code).toBe(1)
    const result = JSON.parse(ran.stdout)
    expect(result.ok).toBe(false)
    expect(result.issues).toEqual(
      JSON.parse(JSON.stringify(validateCheckoutRequest(JSON.parse(invalid), { now: NOW })))?.issues
    )
    expect(result.issues.map((i: { path: string }) => i.path)).toEqual(
      expect.arrayContaining(["merchantOrderId", "items[0].costPerItem"])
    )
  })

  it("R4.5: --merchant-id is the authenticated merchant", async () => {
    const ran = await cli(["validate", "-", "--now", NOW, "--merchant-id", "someone-else"], request)
    expect(ran.code).toBe(1)
    expect(JSON.parse(ran.stdout).issues).toEqual([
      expect.objectContaining({ path: "merchantId", code: "merchant_mismatch" })
    ])
  })

  it("--format table: one row per issue, with path, code and rule", async () => {
    const ran = await cli(["validate", "--now", NOW, "--format", "table"], invalid)
    expect(ran.code).toBe(1)
    expect(ran.stdout).toMatch(/^invalid: \d+ issue\(s\)/)
    expect(ran.stdout).toMatch(/items\[0\]\.costPerItem\s+precision\s+R1\.3/)
    const ok = await cli(["validate", "--now", NOW, "--format", "table"], request)
    expect(ok.code).toBe(0)
    expect(ok.stdout).toBe("valid\n")
  })

  it("malformed JSON is refused input: exit 1 with the parser's message", async () => {
    const ran = await cli(["validate"], "{ not json")
    expect(ran.code).toBe(1)
    expect(ran.stderr).toMatch(/stdin is not valid JSON/)
  })
})

describe("payment-plan summarize", () => {
  it("R2: the totals the library computes, from a file, as JSON", async () => {
    const ran = await cli(["summarize", example("checkout-request.json"), "--now", NOW, "--tz", "Australia/Sydney"])
    expect(ran.code).toBe(0)
    const expected = summarizeCheckout(JSON.parse(readFileSync(example("checkout-request.json"), "utf8")), {
      now: NOW,
      timeZone: "Australia/Sydney"
    })
    expect(JSON.parse(ran.stdout)).toEqual(JSON.parse(JSON.stringify(expected)))
  })

  it("R2.3: the description's example on stdin gives totalCost 1100 and totalMinimumDeposit 280, in a table", async () => {
    const ran = await cli(["summarize", "--now", NOW, "--format", "table"], request)
    expect(ran.code).toBe(0)
    expect(ran.stdout).toMatch(/totalCost\s+1100\.00\n/)
    expect(ran.stdout).toMatch(/totalMinimumDeposit\s+280\.00\n/)
  })

  it("R2.2: --merchant gives the default deposit of items without one", async () => {
    const merchantFile = `${built().directory}/merchant.json`
    const merchant = { defaultMinDepositType: "Percentage", defaultMinDepositValue: 10, defaultPaymentDeadline: 3 }
    writeFileSync(merchantFile, JSON.stringify(merchant))
    const body = exampleRequest()
    const items = body.items.map(({ minimumDepositPerItem: _, paymentDeadline: __, ...item }) => item)
    const input = JSON.stringify({ ...body, items })
    const ran = await cli(["summarize", "--now", NOW, "--merchant", merchantFile], input)
    expect(ran.code).toBe(0)
    expect(JSON.parse(ran.stdout)).toEqual(
      JSON.parse(JSON.stringify(summarizeCheckout(JSON.parse(input), { now: NOW, merchant })))
    )
    expect(JSON.parse(ran.stdout).totalMinimumDeposit).toBe(110)
  })

  it("an input the calculation refuses: exit 1, each issue on stderr", async () => {
    const ran = await cli(["summarize", "--now", NOW], invalid)
    expect(ran.code).toBe(1)
    expect(ran.stdout).toBe("")
    expect(ran.stderr).toMatch(/refused/)
    expect(ran.stderr).toMatch(/items\[0\]\.costPerItem/)
  })
})

describe("usage", () => {
  it.each([
    [["validate", "--bogus"]],
    [["frobnicate"]],
    [["summarize", "--now", "yesterday"]],
    [["summarize", "--tz", "Mars/Olympus"]],
    [["summarize", "--format", "xml"]],
    [["summarize", "/no/such/file.json"]],
    [["validate", "a.json", "b.json"]]
  ])("%j is a usage error: exit 2 and a message on stderr", async (args) => {
    const ran = await cli(args, request)
    expect(ran.code).toBe(2)
    expect(ran.stderr).not.toBe("")
    expect(ran.stdout).toBe("")
  })

  it("--help of every command lists examples, exit 0", async () => {
    const top = await cli(["--help"])
    expect(top.code).toBe(0)
    expect(top.stdout).toMatch(/Exit codes: 0 success; 1 input the engine refuses .*\n2 usage error/)
    const names = [...top.stdout.matchAll(/^ {2}([a-z-]+) /gm)].map((m) => m[1]).filter((n) => n !== "help")
    expect(names).toEqual(expect.arrayContaining(["validate", "summarize"]))
    for (const name of names) {
      const help = await cli([name!, "--help"])
      expect(help.code, name).toBe(0)
      expect(help.stdout, name).toMatch(/Examples:\n {2}\$ payment-plan /)
    }
  })

  it("--version prints the package version", async () => {
    const ran = await cli(["--version"])
    expect(ran.code).toBe(0)
    // in this process the repository's package.json (node-version.test.ts: the built binary reads the one beside it)
    expect(ran.stdout.trim()).toBe(
      JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")).version
    )
  })
})
