/**
 * No silent typo (R10.2), the exposure report's part: `payment-plan exposure` joins the
 * command line's conventions. `--merchant` with `--merchant-id` is read as every
 * other command reads it; every warning (the `--merchant`'s, a `digits_mismatch`,
 * and each distinct unknown field of the NDJSON lines, R10.2) is printed through
 * the one helper, once per path with the lines it was seen on; `--strict` refuses
 * the run on any warning (exit 1, nothing on stdout, no HTML page). In-process.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { generateNdjson } from "../../../scripts/generate-plans.ts"
import type { Settings } from "../../../src/adapters/cli/exposure/accumulate.ts"
import { runExposure } from "../../../src/adapters/cli/exposure/run.ts"
import { loadMerchants } from "../../../src/adapters/sandbox/index.ts"
import { applyPlanEvent, calculateRefund, createPlanRecord, type Issue, Refund } from "../../../src/index.ts"
import { exampleTerms } from "../../core/plan/fixtures.ts"
import { exampleRequest, NOW } from "../../fixtures.ts"
import { example, runInProcess } from "./in-process.ts"

const MERCHANTS = example("sandbox-merchants.json")
const configurationOf = (id: string) =>
  loadMerchants(JSON.parse(readFileSync(MERCHANTS, "utf8"))).find((m) => m.id === id)!.configuration

const scratch = mkdtempSync(join(tmpdir(), "cli-exposure-warnings-"))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))
const file = (name: string, value: unknown) => {
  const path = join(scratch, name)
  writeFileSync(path, typeof value === "string" ? value : JSON.stringify(value))
  return path
}

const AT = "2027-02-10T09:00:00+11:00"

/** No policies of its own: a merchant's default policies apply. */
const plan = (id: string, item: Record<string, unknown> = {}) => ({
  id,
  status: "OnSchedule",
  currencyCode: "AUD",
  totalPaymentsPaid: 400,
  items: [{ id: "t1", quantity: 2, costPerItem: 250, redemptionDate: "2027-03-01", ...item }]
})
// the reported typo: `refundPolicy` for `refundPolicies` makes the plan fully refundable, silently
const typo = (id: string) => plan(id, { refundPolicy: [{ daysWithinRedemptionDate: 60, refundablePercentage: 75 }] })

const ndjson = (lines: ReadonlyArray<unknown>) =>
  lines.map((l) => (typeof l === "string" ? l : JSON.stringify(l))).join("\n") + "\n"

const exposure = (args: ReadonlyArray<string>, lines: ReadonlyArray<unknown>) =>
  runInProcess(["exposure", "--at", AT, "--workers", "0", ...args], ndjson(lines))

/** The row of stderr's warnings table that starts with `path`: [path, code, rule, message]. */
const row = (stderr: string, path: string) => {
  const found = stderr.split("\n").filter((l) => l.startsWith(path + " "))
  expect(found, `${path} once on stderr:\n${stderr}`).toHaveLength(1)
  return found[0]!.split(/\s{2,}/)
}

/** A line's warning as the core words it, with where the report saw it. */
const expectRow = (stderr: string, warning: Issue, seen: string) => {
  expect(row(stderr, warning.path)).toEqual([warning.path, warning.code, warning.rule, `${warning.message} (${seen})`])
}

describe("exposure --merchant <sandbox merchants file> --merchant-id <id>", () => {
  it.each([0, 2])("the picked merchant's default policies apply (--workers %i)", async (workers) => {
    const lines = [plan("p1"), plan("p2")]
    const ran = await runInProcess(
      [
        "exposure",
        "--at",
        AT,
        "--workers",
        String(workers),
        "--merchant",
        MERCHANTS,
        "--merchant-id",
        "merchant-123"
      ],
      ndjson(lines)
    )
    expect(ran.code, ran.stderr).toBe(0)
    expect(ran.stderr).toBe("")
    const calculation = calculateRefund(lines[0]!, { at: AT, merchant: configurationOf("merchant-123") })
    // 50 % refundable within 30 days: 150 each, not a full refund of 400
    expect(calculation.suggestedRefundAmount).toBe(150)
    expect(JSON.parse(ran.stdout).currencies).toEqual([
      expect.objectContaining({ currencyCode: "AUD", plans: 2, totalSuggestedRefunds: "300.00" })
    ])
  })

  const config = () => file("config.json", configurationOf("merchant-123"))
  const broken = () => file("broken-merchants.json", { merchants: [{ id: "m-1", apiKey: "sk_1" }] })
  it.each(
    [
      ["a merchants file without --merchant-id", () => ["--merchant", MERCHANTS], 2],
      ["an id the file does not have", () => ["--merchant", MERCHANTS, "--merchant-id", "merchant-999"], 2],
      ["--merchant-id without --merchant", () => ["--merchant-id", "merchant-123"], 2],
      ["--merchant-id with one merchant's configuration", () => ["--merchant", config(), "--merchant-id", "m"], 2],
      ["a merchants file the sandbox refuses", () => ["--merchant", broken(), "--merchant-id", "m-1"], 1]
    ] as const
  )("%s: what calculate-refund answers, word for word", async (_, options, code) => {
    const args = options()
    const calculation = await runInProcess(["calculate-refund", "--at", AT, ...args], JSON.stringify(plan("p1")))
    const ran = await exposure(args, [plan("p1")])
    expect(calculation.code).toBe(code)
    expect(ran.code).toBe(code)
    expect(ran.stdout).toBe("")
    expect(ran.stderr).toBe(calculation.stderr)
  })

  it("--help names --merchant-id and --strict", async () => {
    const ran = await runInProcess(["exposure", "--help"])
    expect(ran.code).toBe(0)
    expect(ran.stdout).toMatch(/--merchant-id <id>/)
    expect(ran.stdout).toMatch(/--strict\s+refuse the input on any warning/)
  })
})

describe("exposure: every warning through the command line's one helper (R10.2)", () => {
  const record = () =>
    applyPlanEvent(createPlanRecord(exampleRequest(), exampleTerms(), { now: NOW, planId: "plan_1" }), {
      _tag: "DepositAccepted",
      at: NOW
    })

  it("--merchant's unknown field and a disagreement with records' digits: each once, as the other commands print them", async () => {
    const zero = { ...record(), currency: { ...record().currency, isZeroDecimal: true } }
    const merchant = file("typo-merchant.json", {
      currencies: [{ currencyCode: "AUD", isZeroDecimal: false }],
      defaultRefundPolicy: [{ daysWithinRedemptionDate: 30, refundablePercentage: 50 }]
    })
    const ran = await exposure(["--merchant", merchant], [zero, zero])
    expect(ran.code, ran.stderr).toBe(0)
    expect(row(ran.stderr, "--merchant.defaultRefundPolicy")).toEqual([
      "--merchant.defaultRefundPolicy",
      "unknown_field",
      "R10.2",
      "is not a field of this resource and was left out (did you mean \"defaultRefundPolicies\"?)"
    ])
    const mismatch = row(ran.stderr, "--merchant.currencies[0].isZeroDecimal")
    expect(mismatch.slice(0, 3)).toEqual(["--merchant.currencies[0].isZeroDecimal", "digits_mismatch", "R1.2"])
    expect(mismatch[3]).toMatch(/the plan's digits are used \(2 lines, the first line 1\)$/)
    expect(ran.stderr).toMatch(/^payment-plan: warning:\n/)
    expect(JSON.parse(ran.stdout).currencies[0]).toMatchObject({ currencyCode: "AUD", totalPaid: "560" })
  })

  it("the lines' unknown fields: each distinct path once, with the lines it was on, in the core's words", async () => {
    const recordTypo = { ...record(), id: "plan_9", currency: { ...record().currency, isZeroDecimall: true } }
    // p1 keeps 25 % (its policy is active): the typo'd plans, fully refundable, are the largest exposures
    const p1 = plan("p1", { refundPolicies: [{ daysWithinRedemptionDate: 60, refundablePercentage: 75 }] })
    const lines = [p1, typo("p2"), typo("p3"), typo("p4"), recordTypo]
    const ran = await exposure([], lines)
    expect(ran.code, ran.stderr).toBe(0)
    const [policy] = Refund.refundPlanUnknownFields(typo("p2"))
    const [currency] = Refund.refundPlanUnknownFields(recordTypo)
    expect(policy!.path).toBe("items[0].refundPolicy")
    expect(currency!.path).toBe("currency.isZeroDecimall")
    expectRow(ran.stderr, policy!, "3 lines, the first line 2")
    expectRow(ran.stderr, currency!, "line 5")
    expect(ran.stderr).toMatch(/^payment-plan: 2 warnings:\n/)
    // the report is answered as before: the typo'd plans are fully refundable
    const report = JSON.parse(ran.stdout)
    expect(report.currencies[0]).toMatchObject({ currencyCode: "AUD", plans: 5 })
    expect(report.currencies[0].largestExposures.slice(0, 3).map((e: { id: string }) => e.id).sort()).toEqual([
      "p2",
      "p3",
      "p4"
    ])
  })

  it("a refused line skipped with --skip-invalid has its unknown fields reported too (as calculate-refund reports a refused plan's)", async () => {
    const bad = { ...typo("p2"), currencyCode: "XXX" }
    const ran = await exposure(["--skip-invalid"], [plan("p1"), bad])
    expect(ran.code, ran.stderr).toBe(0)
    expect(ran.stderr).toMatch(/^payment-plan: skipped line 2: currencyCode: .*unknown_currency, R4\.4/m)
    expectRow(ran.stderr, Refund.refundPlanUnknownFields(bad)[0]!, "line 2")
    expect(JSON.parse(ran.stdout).invalidLines).toBe(1)
  })

  it("a run stopped at a refused line prints the warnings of the lines before it (and its own), none after, then the refusal", async () => {
    const after = plan("p4", { note: "after the stop" })
    const ran = await exposure([], [typo("p1"), plan("p2", { sku: 5 }), "{ not json", after])
    expect(ran.code).toBe(1)
    expect(ran.stdout).toBe("")
    expectRow(ran.stderr, Refund.refundPlanUnknownFields(typo("p1"))[0]!, "line 1")
    expect(ran.stderr).not.toMatch(/items\[0\]\.note/)
    expect(ran.stderr).toMatch(/line 2: items\[0\]\.sku: .*\n.*stopped at line 2/)
    expect(ran.stderr.indexOf("refundPolicy")).toBeLessThan(ran.stderr.indexOf("stopped at line 2"))
  })

  it("more distinct paths than are kept: the first 100 listed, and a line that says more were found", async () => {
    const lines = Array.from({ length: 150 }, (_, i) => plan(`p${i}`, { [`extra${i}`]: true }))
    const ran = await exposure([], lines)
    expect(ran.code, ran.stderr).toBe(0)
    expect(ran.stderr.match(/unknown_field/g)).toHaveLength(100)
    expect(ran.stderr).toMatch(/items\[0\]\.extra0 .*\(line 1\)/)
    expect(ran.stderr).toMatch(/items\[0\]\.extra99 .*\(line 100\)/)
    expect(ran.stderr).not.toMatch(/extra100/)
    expect(ran.stderr).toMatch(/^payment-plan: more than 100 distinct warnings: the first 100 are listed/m)
  })

  it("a report without warnings writes nothing on stderr", async () => {
    const ran = await exposure(["--strict"], [plan("p1"), record()])
    expect(ran.code, ran.stderr).toBe(0)
    expect(ran.stderr).toBe("")
    expect(JSON.parse(ran.stdout).currencies[0].plans).toBe(2)
  })
})

describe("exposure --strict: any warning refuses the whole run (exit 1, nothing on stdout)", () => {
  it("a typo on line 50,000 is found where it is, and the report is not printed", async () => {
    const lines = [...generateNdjson(49_999, 8)].join("").split("\n").filter((l) => l !== "")
    lines.push(JSON.stringify(typo("p-last")))
    const input = lines.join("\n") + "\n"
    const strict = await runInProcess(["exposure", "--at", AT, "--workers", "0", "--strict"], input)
    expect(strict.code).toBe(1)
    expect(strict.stdout).toBe("")
    expectRow(strict.stderr, Refund.refundPlanUnknownFields(typo("p"))[0]!, "line 50,000")
    expect(strict.stderr).toMatch(/^payment-plan: refused under --strict: a warning \(above\)$/m)
    // without --strict the same input is reported, the warning said the same way
    const lenient = await runInProcess(["exposure", "--at", AT, "--workers", "0"], input)
    expect(lenient.code, lenient.stderr).toBe(0)
    expect(JSON.parse(lenient.stdout).lines).toBe(50_000)
    expectRow(lenient.stderr, Refund.refundPlanUnknownFields(typo("p"))[0]!, "line 50,000")
  }, 60_000)

  it("with --timeline and --html: no page is written", async () => {
    const page = join(scratch, "strict.html")
    const args = ["--strict", "--timeline", "2027-02-01..2027-02-28", "--html", page]
    const ran = await exposure(args, [plan("p1"), typo("p2")])
    expect(ran.code).toBe(1)
    expect(ran.stdout).toBe("")
    expect(existsSync(page)).toBe(false)
    const clean = await exposure(args, [plan("p1")])
    expect(clean.code, clean.stderr).toBe(0)
    expect(existsSync(page)).toBe(true)
  })

  it("--skip-invalid skips refused lines, not warnings: a warning still refuses the run", async () => {
    const ran = await exposure(["--strict", "--skip-invalid"], [plan("p1"), "{ not json", typo("p3")])
    expect(ran.code).toBe(1)
    expect(ran.stdout).toBe("")
    expect(ran.stderr).toMatch(/^payment-plan: skipped line 2: not JSON/m)
    expectRow(ran.stderr, Refund.refundPlanUnknownFields(typo("p3"))[0]!, "line 3")
    expect(ran.stderr).toMatch(/refused under --strict/)
    // a refused line is no warning: --strict --skip-invalid reports the rest
    const skipped = await exposure(["--strict", "--skip-invalid"], [plan("p1"), "{ not json"])
    expect(skipped.code, skipped.stderr).toBe(0)
    expect(JSON.parse(skipped.stdout)).toMatchObject({ lines: 2, invalidLines: 1 })
  })

  it("a --merchant warning refuses the run before any line is read", async () => {
    const merchant = file("typo-config.json", { defaultRefundPolicy: [] })
    const ran = await exposure(["--strict", "--skip-invalid", "--merchant", merchant], ["{ not json", plan("p2")])
    expect(ran.code).toBe(1)
    expect(ran.stdout).toBe("")
    expect(row(ran.stderr, "--merchant.defaultRefundPolicy").slice(1, 3)).toEqual(["unknown_field", "R10.2"])
    expect(ran.stderr).not.toMatch(/skipped line/)
    expect(ran.stderr).toMatch(/refused under --strict/)
  })
})

describe("exposure's workers bring their warnings back", () => {
  const settings: Omit<Settings, "merchant"> = {
    at: Date.UTC(2026, 11, 1),
    timeZone: undefined,
    top: 5,
    timeline: undefined
  }
  const run = async (text: string, workers: number, skipInvalid = true) => {
    const pieces = Array.from(
      { length: Math.ceil(text.length / 16_384) },
      (_, i) => Buffer.from(text.slice(i * 16_384, (i + 1) * 16_384))
    )
    return runExposure(
      (async function*() {
        yield* pieces
      })(),
      {
        settings: { ...settings, merchant: undefined },
        skipInvalid,
        workers,
        workersOnly: workers > 0,
        onInvalid: () => {}
      }
    )
  }

  it(
    "the same distinct warnings, lines and first lines in this thread and across workers, as the core finds them line by line",
    async () => {
      const lines = [...generateNdjson(3000, 11)].join("").split("\n").filter((l) => l !== "").map((l, i) => {
        const p = JSON.parse(l)
        if (i % 97 === 5) p.items[0].refundPolicy = p.items[0].refundPolicies
        if (i % 250 === 17) p.note = "top level"
        if (i === 2222) p.items[p.items.length - 1].costPerltem = 1
        return JSON.stringify(p)
      })
      // the oracle: the core's check of each line, counted by path
      const expected = new Map<string, { issue: Issue; lines: number; firstLine: number }>()
      lines.forEach((l, i) => {
        for (const issue of Refund.refundPlanUnknownFields(JSON.parse(l))) {
          const seen = expected.get(issue.path)
          if (seen === undefined) expected.set(issue.path, { issue, lines: 1, firstLine: i + 1 })
          else seen.lines++
        }
      })
      expect(expected.size).toBe(3)
      const text = lines.join("\n") + "\n"
      const alone = await run(text, 0)
      const split = await run(text, 2)
      const sorted = [...expected.values()].sort((a, b) => a.firstLine - b.firstLine)
      expect(alone.warnings).toEqual(sorted)
      expect(split.warnings).toEqual(sorted)
      expect(split.warningsOverflow).toBe(false)
    },
    120_000
  )

  it("a run stopped in a worker's batch keeps only the warnings up to the refused line", async () => {
    const lines = [...generateNdjson(3000, 12)].join("").split("\n").filter((l) => l !== "")
    lines[10] = JSON.stringify({ ...JSON.parse(lines[10]!), before: 1 })
    lines[1500] = "{ not json"
    lines[1501] = JSON.stringify({ ...JSON.parse(lines[1501]!), after: 1 })
    lines[2500] = JSON.stringify({ ...JSON.parse(lines[2500]!), later: 1 })
    const text = lines.join("\n") + "\n"
    for (const workers of [0, 2]) {
      const outcome = await run(text, workers, false)
      expect(outcome.stoppedAt?.line).toBe(1501)
      expect(outcome.warnings.map((w) => [w.issue.path, w.firstLine])).toEqual([["before", 11]])
    }
  }, 120_000)
})
