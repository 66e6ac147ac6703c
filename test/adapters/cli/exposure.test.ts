import { spawn } from "node:child_process"
import { once } from "node:events"
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { generatePlans } from "../../../scripts/generate-plans.ts"
import { applyPlanEvent, calculateRefund, createPlanRecord, Money } from "../../../src/index.ts"
import { exampleTerms } from "../../core/plan/fixtures.ts"
import { exampleRequest, NOW } from "../../fixtures.ts"
import { useBuiltCli } from "./built-cli.ts"

const { cli, built } = useBuiltCli()
let dir: string
beforeAll(() => {
  dir = mkdtempSync(`${tmpdir()}/exposure-test-`)
})
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
})

const AT = "2026-12-01T00:00:00Z"
const EXPONENTS: Record<string, number> = { AUD: 2, USD: 2, JPY: 0, KWD: 3 }

interface Expected {
  plans: number
  paid: bigint
  nonRefundable: bigint
  refunds: bigint
  cancelledPlans: number
  cancelledPaid: bigint
  exposures: Array<{ id: string; line: number; refund: bigint }>
}

/** The UTC offset of a zone at the start of a day, in minutes (from Intl, independently of the engine). */
const offsetMinutes = (zone: string, day: string): number => {
  const noon = new Date(`${day}T12:00:00Z`)
  const name = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" })
    .formatToParts(noon)
    .find((p) => p.type === "timeZoneName")!.value
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name)
  return m === null ? 0 : (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]))
}

const minor = (amount: number, code: string) => BigInt(Money.toMinorUnits(amount, EXPONENTS[code]!) as number)

type GeneratedPlan = { id: string; status: string; currencyCode: string; totalPaymentsPaid: number }

/** The oracle: each plan calculated on its own by the public calculateRefund, the totals added in bigint. */
class Oracle {
  readonly byCurrency = new Map<string, Expected>()
  private line = 0
  add(plan: GeneratedPlan, at: string): void {
    this.line++
    let e = this.byCurrency.get(plan.currencyCode)
    if (!e) {
      this.byCurrency.set(
        plan.currencyCode,
        e = { plans: 0, paid: 0n, nonRefundable: 0n, refunds: 0n, cancelledPlans: 0, cancelledPaid: 0n, exposures: [] }
      )
    }
    if (plan.status === "Cancelled") {
      e.cancelledPlans++
      e.cancelledPaid += minor(plan.totalPaymentsPaid, plan.currencyCode)
      return
    }
    const q = calculateRefund(plan, { at })
    e.plans++
    e.paid += minor(q.totalPaymentsPaid, plan.currencyCode)
    e.nonRefundable += minor(q.totalNonRefundableAmount, plan.currencyCode)
    e.refunds += minor(q.suggestedRefundAmount, plan.currencyCode)
    if (this.keepExposures) {
      e.exposures.push({ id: plan.id, line: this.line, refund: minor(q.suggestedRefundAmount, plan.currencyCode) })
    }
  }
  readonly keepExposures: boolean
  constructor(keepExposures: boolean) {
    this.keepExposures = keepExposures
  }
}

const expectedTotals = (plans: Iterable<GeneratedPlan>, at: string) => {
  const oracle = new Oracle(true)
  for (const plan of plans) oracle.add(plan, at)
  return oracle.byCurrency
}

/** A report's decimal string in minor units, read without floating point. */
const reportMinor = (text: string, code: string) => {
  const [whole, fraction = ""] = text.split(".")
  return BigInt(whole! + fraction.padEnd(EXPONENTS[code]!, "0"))
}

const ndjson = (plans: Iterable<unknown>) => [...plans].map((p) => JSON.stringify(p)).join("\n") + "\n"

describe("payment-plan exposure", () => {
  const small = [...generatePlans(2000, 7)]
  const smallText = ndjson(small)

  it("R7.6: per currency, the totals are the sums of the individual calculations; cancelled plans apart; the K largest exposures", async () => {
    const file = `${dir}/small.ndjson`
    writeFileSync(file, smallText)
    const ran = await cli(["exposure", file, "--at", AT, "--top", "5"])
    expect(ran.code).toBe(0)
    expect(ran.stderr).toBe("") // no progress bar: stderr is not a terminal
    const report = JSON.parse(ran.stdout)
    const expected = expectedTotals(small, AT)
    expect(report.lines).toBe(2000)
    expect(report.invalidLines).toBe(0)
    expect(report.currencies.map((c: { currencyCode: string }) => c.currencyCode)).toEqual([...expected.keys()].sort())
    for (const c of report.currencies) {
      const e = expected.get(c.currencyCode)!
      expect(c.plans).toBe(e.plans)
      expect(reportMinor(c.totalPaid, c.currencyCode)).toBe(e.paid)
      expect(reportMinor(c.totalNonRefundable, c.currencyCode)).toBe(e.nonRefundable)
      expect(reportMinor(c.totalSuggestedRefunds, c.currencyCode)).toBe(e.refunds)
      expect(c.cancelled.plans).toBe(e.cancelledPlans)
      expect(reportMinor(c.cancelled.totalPaid, c.currencyCode)).toBe(e.cancelledPaid)
      const top = [...e.exposures].sort((
        a,
        b
      ) => (a.refund === b.refund ? a.line - b.line : a.refund > b.refund ? -1 : 1)).slice(0, 5)
      expect(c.largestExposures.map((x: { id: string; line: number }) => [x.id, x.line])).toEqual(
        top.map((x) => [x.id, x.line])
      )
    }
    expect(report.currencies.some((c: { cancelled: { plans: number } }) => c.cancelled.plans > 0)).toBe(true)
  })

  it("reads stdin; worker threads and this thread give the same report", async () => {
    const inThread = await cli(["exposure", "--at", AT, "--workers", "0"], smallText)
    const workers = await cli(["exposure", "-", "--at", AT, "--workers", "2"], smallText)
    expect(inThread.code).toBe(0)
    expect(workers.code).toBe(0)
    expect(workers.stdout).toBe(inThread.stdout)
  })

  it("--format table: one row per currency and the largest exposures", async () => {
    const ran = await cli(["exposure", "--at", AT, "--format", "table", "--top", "2"], smallText)
    expect(ran.code).toBe(0)
    const report = JSON.parse((await cli(["exposure", "--at", AT, "--top", "2"], smallText)).stdout)
    for (const c of report.currencies) {
      expect(ran.stdout).toContain(`Largest exposures, ${c.currencyCode}`)
      expect(ran.stdout).toMatch(
        new RegExp(`^${c.currencyCode}\\s+${c.plans}\\s+${c.totalPaid.replace(".", "\\.")}\\s`, "m")
      )
    }
  })

  const broken = smallText.split("\n").slice(0, 10)
  broken.splice(3, 0, "{\"id\": \"plan-x\", \"currencyCode\": ")
  broken.splice(7, 0, JSON.stringify({ ...small[0], totalPaymentsPaid: 1.001 }))
  const brokenText = broken.join("\n")

  for (const workers of ["0", "2"]) {
    it(`a malformed line stops the run with its line number, exit 1 (workers ${workers})`, async () => {
      const ran = await cli(["exposure", "--at", AT, "--workers", workers], brokenText)
      expect(ran.code).toBe(1)
      expect(ran.stdout).toBe("")
      expect(ran.stderr).toMatch(/^payment-plan: line 4: not JSON/)
      expect(ran.stderr).toMatch(/stopped at line 4/)
    })

    it(`--skip-invalid reports each refused line with its number and counts the rest (workers ${workers})`, async () => {
      const ran = await cli(["exposure", "--at", AT, "--skip-invalid", "--workers", workers], brokenText)
      expect(ran.code).toBe(0)
      const skipped = [...ran.stderr.matchAll(/skipped line (\d+): (.*)/g)].map((m) => [Number(m[1]), m[2]])
      expect(skipped.map(([line]) => line)).toEqual([4, 8])
      expect(skipped[1]![1]).toMatch(/totalPaymentsPaid.*precision, R1\.3/)
      const report = JSON.parse(ran.stdout)
      expect(report.invalidLines).toBe(2)
      const counted = report.currencies.reduce(
        (n: number, c: { plans: number; cancelled: { plans: number } }) => n + c.plans + c.cancelled.plans,
        0
      )
      expect(counted).toBe(10) // 12 lines: 10 plans, 2 refused
    })
  }

  // docs/cli.md says `status` is required; a line without it was counted silently
  for (const workers of ["0", "2"]) {
    it(`a line without status (or with a status that is not text) is refused like any bad line (workers ${workers})`, async () => {
      const lines = smallText.split("\n").slice(0, 6)
      const { status: _status, ...withoutStatus } = small[0]!
      lines.splice(2, 0, JSON.stringify(withoutStatus))
      lines.splice(4, 0, JSON.stringify({ ...small[1], status: 3 }))
      const text = lines.join("\n")
      const stopped = await cli(["exposure", "--at", AT, "--workers", workers], text)
      expect(stopped.code).toBe(1)
      expect(stopped.stdout).toBe("")
      expect(stopped.stderr).toMatch(/^payment-plan: line 3: status: is required.*\[required, R9\]/)
      const skipped = await cli(["exposure", "--at", AT, "--workers", workers, "--skip-invalid"], text)
      expect(skipped.code).toBe(0)
      expect([...skipped.stderr.matchAll(/skipped line (\d+): status/g)].map((m) => Number(m[1]))).toEqual([3, 5])
      expect(JSON.parse(skipped.stdout).invalidLines).toBe(2)
    })
  }

  // `--at D` and the timeline's day D are the same instant for every plan
  it("a date means the start of that day in each plan's zone (or --tz): --at D gives the timeline's value for D", async () => {
    const plan = (id: string, timeZone: string | undefined, redemptionDate: string) => ({
      id,
      status: "OnSchedule",
      ...(timeZone === undefined ? {} : { timeZone }),
      currencyCode: "AUD",
      totalPaymentsPaid: 400,
      items: [{
        quantity: 2,
        costPerItem: 250,
        depositRefundable: false,
        minimumDepositPerItem: { unit: "Currency", value: 50 },
        redemptionDate,
        refundPolicies: [{ daysWithinRedemptionDate: 60, refundablePercentage: 75 }]
      }]
    })
    // the 60-day policy becomes active on 2026-12-01 (or 12-02) in each plan's own calendar
    const plans = [
      plan("ny", "America/New_York", "2027-01-30"),
      plan("ny-next", "America/New_York", "2027-01-31"),
      plan("syd", "Australia/Sydney", "2027-01-31"),
      plan("utc", undefined, "2027-01-30")
    ]
    for (const tz of [[], ["--tz", "America/New_York"], ["--tz", "Pacific/Kiritimati"]]) {
      for (const day of ["2026-11-30", "2026-12-01", "2026-12-02"]) {
        const ran = await cli(
          ["exposure", "--at", day, "--timeline", `${day}..${day}`, "--workers", "0", ...tz],
          ndjson(plans)
        )
        expect(ran.code).toBe(0)
        const report = JSON.parse(ran.stdout)
        expect(report.at).toBe(day)
        const [aud] = report.currencies
        expect(aud.totalNonRefundable, `${day} ${tz.join(" ")}`).toBe(report.timeline.nonRefundable.AUD[0])
        // and each plan is calculated at the start of that day in its zone, as the library would
        let expected = 0n
        for (const p of plans) {
          const zone = tz[1] ?? p.timeZone ?? "UTC"
          const at = new Date(Date.parse(`${day}T00:00:00Z`) - offsetMinutes(zone, day) * 60_000)
          expected += minor(calculateRefund(p, { at, timeZone: zone }).totalNonRefundableAmount, "AUD")
        }
        expect(reportMinor(aud.totalNonRefundable, "AUD"), `${day} ${tz.join(" ")}`).toBe(expected)
      }
    }
    // worker threads read the date the same way
    const args = ["exposure", "--at", "2026-12-01", "--timeline", "2026-11-30..2026-12-02"]
    const [inThread, inWorkers] = await Promise.all([
      cli([...args, "--workers", "0"], ndjson(plans)),
      cli([...args, "--workers", "2"], ndjson(plans))
    ])
    expect(inWorkers.stdout).toBe(inThread.stdout)
    const table = await cli(["exposure", "--at", "2026-12-01", "--format", "table"], ndjson(plans))
    expect(table.stdout).toMatch(/^Refund exposure at the start of 2026-12-01 in each plan's time zone: 4 line\(s\)/)
  })

  // `script` gives the command a terminal; where util-linux is missing there is no terminal to test with
  it.runIf(existsSync("/usr/bin/script"))(
    "a progress bar on stderr when it is a terminal: lines, rate, percentage",
    async () => {
      const file = `${dir}/progress.ndjson`
      writeFileSync(file, smallText)
      const command = [process.execPath, built().cli, "exposure", file, "--at", AT, "--workers", "0"].map((a) =>
        `'${a}'`
      ).join(" ")
      const ran = await new Promise<{ code: number | null; out: string }>((resolve) => {
        const child = spawn("/usr/bin/script", ["-qec", command, "/dev/null"], { stdio: ["ignore", "pipe", "pipe"] })
        let out = ""
        child.stdout.on("data", (b: Buffer) => (out += b.toString()))
        child.on("close", (code) => resolve({ code, out }))
      })
      expect(ran.code).toBe(0)
      expect(ran.out).toMatch(/exposure \[[^\]]*\] \d+% \| \d+ lines \| \d+ lines\/s/)
      expect(ran.out).toContain("100%")
    }
  )

  it("R1.1: totals stay exact past 2^53 minor units", async () => {
    // 40 plans paying 2^50 − 1 cents each: 4.5e16 cents in all, beyond 2^53 ≈ 9.007e15
    const paidMinor = 2 ** 50 - 1
    const plan = {
      currencyCode: "AUD",
      status: "OnSchedule",
      totalPaymentsPaid: paidMinor / 100,
      items: [{ quantity: 1, costPerItem: paidMinor / 100, depositRefundable: true, redemptionDate: "2027-06-01" }]
    }
    expect(Money.toMinorUnits(plan.totalPaymentsPaid, 2)).toBe(paidMinor)
    const ran = await cli(
      ["exposure", "--at", AT],
      ndjson(Array.from({ length: 40 }, (_, i) => ({ ...plan, id: `p${i}` })))
    )
    expect(ran.code).toBe(0)
    const [aud] = JSON.parse(ran.stdout).currencies
    expect(reportMinor(aud.totalPaid, "AUD")).toBe(40n * BigInt(paidMinor))
    expect(reportMinor(aud.totalSuggestedRefunds, "AUD")).toBe(40n * BigInt(paidMinor))
    expect(aud.totalPaid).toBe("450359962737049.20") // 40 × 11258999068426.23: the exact decimal, not a rounded double
  })

  it("--timeline: each day's total non-refundable is the sum of the calculations on that day; --html writes a self-contained chart", async () => {
    const plans = small.slice(0, 150)
    const html = `${dir}/report.html`
    const from = "2026-12-01"
    const ran = await cli(["exposure", "--at", AT, "--timeline", `${from}..2027-02-28`, "--html", html], ndjson(plans))
    expect(ran.code).toBe(0)
    const { timeline } = JSON.parse(ran.stdout)
    expect(timeline.from).toBe(from)
    expect(timeline.to).toBe("2027-02-28")
    for (const [code, values] of Object.entries(timeline.nonRefundable) as Array<[string, Array<string>]>) {
      expect(values).toHaveLength(90)
      for (const i of [0, 1, 13, 29, 30, 45, 60, 89]) {
        const day = new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10)
        // the calculations on that day, each in its plan's zone at the start of the day: the same calendar day
        let sum = 0n
        for (const plan of plans) {
          if (plan.currencyCode !== code || plan.status === "Cancelled") continue
          const zone = plan.timeZone ?? "UTC"
          const start = new Date(Date.parse(`${day}T12:00:00Z`))
          sum += minor(calculateRefund(plan as never, { at: start, timeZone: zone }).totalNonRefundableAmount, code)
        }
        expect(reportMinor(values[i]!, code), `${code} ${day}`).toBe(sum)
      }
    }
    const page = readFileSync(html, "utf8")
    expect(page).toMatch(/^<!doctype html>/)
    expect(page).toContain("<svg")
    expect(page).toContain("<polyline")
    expect(page).not.toMatch(/(src|href)="https?:/)
    expect(page).not.toContain("<script")
  })

  it.each([
    [["exposure", "--at", AT, "--html", "x.html"]],
    [["exposure", "--at", AT, "--timeline", "2027-01-10..2027-01-01"]],
    [["exposure", "--at", AT, "--timeline", "2027-01-01"]],
    [["exposure", "--at", AT, "--top", "-1"]],
    [["exposure", "--at", "soon"]]
  ])("%j is a usage error (exit 2)", async (args) => {
    const ran = await cli(args, smallText)
    expect(ran.code).toBe(2)
    expect(ran.stdout).toBe("")
  })

  // npm test streams 20,000 plans (some 180 batches of 64 KiB: the workers take batches before the typo's line);
  // `npm run bench -- exposure-scale` runs this test with EXPOSURE_PLANS=1000000
  const COUNT = Number(process.env["EXPOSURE_PLANS"] ?? 20_000)
  const TYPO_LINE = Math.round(COUNT * 0.777777)
  it(
    `R7.6, R10.2: ${
      COUNT.toLocaleString("en")
    } generated plans: the totals equal the sum of the individual calculations; a typo on line ${
      TYPO_LINE.toLocaleString("en")
    } is said once`,
    async () => {
      const child = spawn(process.execPath, [built().cli, "exposure", "--at", AT, "--top", "3"], {
        stdio: ["pipe", "pipe", "pipe"]
      })
      const out: Array<Buffer> = []
      const err: Array<Buffer> = []
      child.stdout.on("data", (b: Buffer) => out.push(b))
      child.stderr.on("data", (b: Buffer) => err.push(b))
      const closed = new Promise<number | null>((resolve) => child.on("close", resolve))
      // the plans are streamed to the command and calculated here one by one meanwhile; nothing holds them all
      const oracle = new Oracle(false)
      let piece = ""
      let line = 0
      for (const plan of generatePlans(COUNT, 2026)) {
        oracle.add(plan, AT)
        // one field no rule reads, far into the input (where the workers count): said once on stderr (R10.2)
        piece += JSON.stringify(++line === TYPO_LINE ? { ...plan, note: "typo" } : plan) + "\n"
        if (piece.length > 1 << 20) {
          if (!child.stdin.write(piece)) await once(child.stdin, "drain")
          piece = ""
        }
      }
      child.stdin.end(piece)
      const expected = oracle.byCurrency
      const code = await closed
      expect(Buffer.concat(err).toString().split("\n")).toEqual([
        "payment-plan: warning:",
        expect.stringMatching(/^path +code +rule +message$/),
        expect.stringMatching(/^-+ +-+ +-+ +-+$/),
        `note  unknown_field  R10.2  is not a field of this resource and was left out (line ${
          TYPO_LINE.toLocaleString("en")
        })`,
        ""
      ])
      expect(code).toBe(0)
      const report = JSON.parse(Buffer.concat(out).toString())
      expect(report.lines).toBe(COUNT)
      let plans = 0
      for (const c of report.currencies) {
        const e = expected.get(c.currencyCode)!
        plans += c.plans + c.cancelled.plans
        expect(c.plans).toBe(e.plans)
        expect(reportMinor(c.totalPaid, c.currencyCode)).toBe(e.paid)
        expect(reportMinor(c.totalNonRefundable, c.currencyCode)).toBe(e.nonRefundable)
        expect(reportMinor(c.totalSuggestedRefunds, c.currencyCode)).toBe(e.refunds)
        expect(reportMinor(c.cancelled.totalPaid, c.currencyCode)).toBe(e.cancelledPaid)
      }
      expect(plans).toBe(COUNT)
    },
    900_000
  )
})

describe("payment-plan exposure reads plan records and a merchant configuration with the core's readers", () => {
  const record = () =>
    applyPlanEvent(createPlanRecord(exampleRequest(), exampleTerms(), { now: NOW, planId: "plan_1" }), {
      _tag: "DepositAccepted",
      at: NOW
    })

  it("item 3: a record from createPlanRecord counts while OnSchedule and is counted apart once Cancelled", async () => {
    const onSchedule = record()
    const cancelled = applyPlanEvent(onSchedule, {
      _tag: "PlanCancelled",
      at: "2026-11-23T00:00:00Z",
      reason: "CustomerRequest",
      refundAmount: 100
    })
    const ran = await cli(
      ["exposure", "--at", "2027-01-20T00:00:00Z", "--workers", "0"],
      ndjson([onSchedule, cancelled])
    )
    expect(ran.stderr).toBe("")
    expect(ran.code).toBe(0)
    expect(JSON.parse(ran.stdout).currencies).toEqual([
      expect.objectContaining({
        currencyCode: "AUD",
        plans: 1,
        totalPaid: "280.00",
        cancelled: { plans: 1, totalPaid: "280.00" }
      })
    ])
  })
})
