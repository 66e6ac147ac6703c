/**
 * The command line's own words. What it says when it has
 * nothing to do, no input, or a missing key, and where an answer that exits 1
 * goes. In-process.
 */
import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { validateCheckoutRequest } from "../../../src/index.ts"
import { exampleRequest, NOW } from "../../fixtures.ts"
import { example, runInProcess } from "./in-process.ts"

describe("no command", () => {
  it("payment-plan alone is a usage error: the help on stderr, nothing on stdout, exit 2", async () => {
    const ran = await runInProcess([])
    expect(ran.code).toBe(2)
    expect(ran.stdout).toBe("")
    expect(ran.stderr).toMatch(/^Usage: payment-plan \[options\] \[command\]/)
  })

  it.each([[["--help"]], [["help"]], [["-h"]]])("%j asks for the help: stdout, exit 0", async (args) => {
    const ran = await runInProcess(args)
    expect(ran.code).toBe(0)
    expect(ran.stdout).toMatch(/^Usage: payment-plan \[options\] \[command\]/)
    expect(ran.stderr).toBe("")
  })

  it("help <command> prints that command's help on stdout, exit 0", async () => {
    const ran = await runInProcess(["help", "calculate-refund"])
    expect(ran.code).toBe(0)
    expect(ran.stdout).toMatch(/^Usage: payment-plan calculate-refund/)
  })

  it("a command group without its subcommand (webhooks) is a usage error too", async () => {
    const ran = await runInProcess(["webhooks"])
    expect(ran.code).toBe(2)
    expect(ran.stdout).toBe("")
    expect(ran.stderr).toMatch(/^Usage: payment-plan webhooks/)
  })
})

describe("no input", () => {
  it.each(["validate", "summarize", "plan-terms", "calculate-refund"])(
    "%s < /dev/null says there is no input (exit 2), not that empty text is not JSON",
    async (command) => {
      const ran = await runInProcess([command], "")
      expect(ran.code).toBe(2)
      expect(ran.stdout).toBe("")
      expect(ran.stderr).toBe("payment-plan: no input: stdin is empty; give a file or pipe JSON on stdin\n")
    }
  )

  it("blank stdin is no input as well", async () => {
    const ran = await runInProcess(["validate"], " \n\t\n")
    expect(ran.code).toBe(2)
    expect(ran.stderr).toMatch(/no input/)
  })
})

describe("messages", () => {
  it("an empty items array: must have at least one item, got an empty array", async () => {
    const ran = await runInProcess(["validate", "--now", NOW], JSON.stringify({ ...exampleRequest(), items: [] }))
    expect(ran.code).toBe(1)
    expect(JSON.parse(ran.stdout).issues).toContainEqual({
      path: "items",
      code: "too_short",
      rule: "R4.1",
      message: "must have at least one item, got an empty array"
    })
  })

  // the command's environment is the test's own (none): the machine's PAYMENT_PLAN_API_KEY never leaks in
  it("conformance without --api-key names the PAYMENT_PLAN_API_KEY variable it may come from", async () => {
    const ran = await runInProcess(["conformance", "--base-url", "http://127.0.0.1:9", "--merchant-id", "m-1"])
    expect(ran.code).toBe(2)
    expect(ran.stdout).toBe("")
    expect(ran.stderr).toMatch(/--api-key.*PAYMENT_PLAN_API_KEY/)
  })
})

describe("where an answer that exits 1 goes (docs/cli.md, Inputs, outputs, exit codes)", () => {
  const doc = readFileSync(new URL("../../../docs/cli.md", import.meta.url), "utf8")

  it("validate of an invalid request: the validation result on stdout, exit 1, as the doc says", async () => {
    const invalid = { ...exampleRequest(), merchantOrderId: "" }
    const ran = await runInProcess(["validate", "--now", NOW], JSON.stringify(invalid))
    expect(ran.code).toBe(1)
    expect(JSON.parse(ran.stdout)).toEqual(JSON.parse(JSON.stringify(validateCheckoutRequest(invalid, { now: NOW }))))
    expect(doc).toContain(
      "- **Answers that exit 1**: `validate` prints its validation result and `plan-terms` prints computed terms"
    )
  })

  it("plan-terms with unacceptable terms: the terms on stdout, exit 1", async () => {
    const ran = await runInProcess([
      "plan-terms",
      example("checkout-request.json"),
      "--now",
      NOW,
      "--deposit",
      "5000"
    ])
    expect(ran.code).toBe(1)
    expect(JSON.parse(ran.stdout).installments.validation.length).toBeGreaterThan(0)
  })

  it("the doc no longer says that every refused command writes nothing to stdout", () => {
    expect(doc).not.toContain("a refused command writes nothing to stdout.")
  })
})
