/**
 * The conformance kit against the sandbox (in process and over HTTP): every
 * check agrees; against mutated sandboxes (a proxy altering one field): each
 * mutation is caught with its rule and field, and the counterexample shrinks
 * below the first failing request; against services that cannot be talked to:
 * a clear error, exit code 2.
 */
import { describe, expect, it } from "vitest"
import { startSandbox } from "../../src/adapters/sandbox/index.ts"
import {
  type ConformanceReport,
  CredentialsRefusedError,
  exitCodeOf,
  formatTable,
  renderHtml,
  runConformance,
  ServiceUnreachableError,
  toJson
} from "../../src/conformance/index.ts"
import { API_KEY, configFor, MERCHANT_ID, MERCHANTS, mutated, REPORT_KEYS, sandbox } from "./helpers.ts"

const path = (r: Request) => new URL(r.url).pathname
const size = (value: unknown) => JSON.stringify(value).length

/** A fetch that records what is sent (method, path, body) before passing it on, and the status answered. */
const recording = (fetch: (r: Request) => Promise<Response>) => {
  const sent: Array<string> = []
  const statuses: Array<number> = []
  return {
    sent,
    statuses,
    fetch: async (request: Request) => {
      const body = request.body === null ? "" : await request.clone().text()
      sent.push(`${request.method} ${new URL(request.url).pathname}${new URL(request.url).search} ${body}`)
      const response = await fetch(request)
      statuses.push(response.status)
      return response
    }
  }
}

/** Sandboxes whose ids are a counter, so two runs can be compared request for request. */
const deterministicSandbox = () => {
  let n = 0
  return sandbox(Date.parse("2026-11-22T03:17:00Z"), (prefix) => `${prefix}_${++n}`)
}

describe("conformance against the sandbox", () => {
  it.each([1, 2, 3])("every check agrees (seed %i), every property runs", async (seed) => {
    const s = sandbox()
    const report = await runConformance(configFor(s.fetch, { runs: 60, seed }))
    s.close()
    expect(report.disagreements).toEqual([])
    expect(exitCodeOf(report)).toBe(0)
    expect(report.runs).toBeGreaterThanOrEqual(50)
    expect(report.failed).toBe(0)
    const ran = new Map(report.properties.map((p) => [p.property, p.runs]))
    for (
      const name of [
        "create",
        "create.invalid",
        "terms",
        "terms.invalid",
        "refund",
        "verify",
        "search",
        "plans",
        "notes"
      ]
    ) {
      expect(ran.get(name), name).toBeGreaterThan(0)
    }
    expect(report.groups.map((g) => `${g.group} ${g.status}`)).toEqual(
      ["create", "terms", "refund", "verify", "search", "plans", "notes"].map((g) => `${g} ran`)
    )
    expect(report.causes).toEqual([])
    // every group's rules were compared
    const rules = new Set(report.rules.map((r) => r.rule))
    for (
      const rule of [
        "R2.1",
        "R2.3",
        "R2.4",
        "R4.1",
        "R6.1",
        "R6.2",
        "R6.3",
        "R6.4",
        "R6.5",
        "R7.2",
        "R7.6",
        "R7.8",
        "R8.1",
        "R8.2",
        "R9"
      ]
    ) {
      expect(rules).toContain(rule)
    }
  })

  it("agrees over real HTTP (Node's server, the Date header, a base URL with a port)", async () => {
    const running = await startSandbox({ merchants: MERCHANTS, port: 0 })
    try {
      const report = await runConformance({ ...configFor(fetch, { runs: 30, seed: 4 }), baseUrl: running.url })
      expect(report.disagreements).toEqual([])
      expect(report.runs).toBeGreaterThan(20)
      expect(report.clock).toBe("sandbox clock")
    } finally {
      await running.close()
    }
  })

  it("the same seed sends the same requests; another seed other requests", async () => {
    const runs = async (seed: number) => {
      const s = deterministicSandbox()
      const r = recording(s.fetch)
      await runConformance(configFor(r.fetch, { runs: 25, seed }))
      s.close()
      return r.sent
    }
    const first = await runs(7)
    expect(first.length).toBeGreaterThan(40)
    expect(await runs(7)).toEqual(first)
    expect(await runs(8)).not.toEqual(first)
  })

  it("every created checkout's merchantOrderId carries the conformance- prefix", async () => {
    const s = sandbox()
    const r = recording(s.fetch)
    await runConformance(configFor(r.fetch, { runs: 30, seed: 5 }))
    const created = r.sent.filter((line, i) => line.startsWith("POST /api/v2/checkout ") && r.statuses[i] === 201)
    expect(created.length).toBeGreaterThan(10)
    for (const line of created) {
      expect(JSON.parse(line.slice("POST /api/v2/checkout ".length)).merchantOrderId).toMatch(/^conformance-/)
    }
  })

  it("read-only sends GET requests only, calculating and searching the plans of an earlier run", async () => {
    const s = sandbox()
    await runConformance(configFor(s.fetch, { runs: 20, seed: 6 }))
    const r = recording(s.fetch)
    const report = await runConformance(configFor(r.fetch, { runs: 30, seed: 6, readOnly: true }))
    expect(r.sent.every((line) => line.startsWith("GET "))).toBe(true)
    expect(report.disagreements).toEqual([])
    const ran = new Map(report.properties.map((p) => [p.property, p.runs]))
    expect(ran.get("refund")).toBeGreaterThan(0)
    expect(ran.get("search")).toBeGreaterThan(0)
    // the groups that create checkouts are not selected in read-only mode: left out, not failed
    expect(report.groups.map((g) => g.group)).toEqual(["refund", "search", "plans", "notes"])
    expect(ran.has("create")).toBe(false)
    expect(report.incomplete).toEqual([])
  })

  it("stays within the request cap and says it stopped", async () => {
    const s = sandbox()
    const r = recording(s.fetch)
    const report = await runConformance(configFor(r.fetch, { runs: 200, seed: 9, maxRequests: 40 }))
    expect(r.sent.length).toBeLessThanOrEqual(40)
    expect(report.requests).toBeLessThanOrEqual(40)
    expect(report.capReached).toBe(true)
    expect(formatTable(report)).toMatch(/request cap stopped the run/)
  })

  it("keeps to the rate limit", async () => {
    const s = sandbox()
    const started = Date.now()
    const report = await runConformance(configFor(s.fetch, { runs: 6, seed: 3, only: ["create"], rps: 50 }))
    expect(report.requests).toBeGreaterThanOrEqual(6)
    expect(Date.now() - started).toBeGreaterThanOrEqual(((report.requests - 1) / 50) * 1000 - 5)
  })

  it("a service without the widget API: what needs it cannot run, and the run is incomplete (exit 1) unless it is skipped", async () => {
    // a service without a sandbox clock or a Date header: its clock must be the local one
    const s = sandbox(Date.now())
    const noWidget = async (request: Request) =>
      path(request).startsWith("/widget/") || path(request).startsWith("/sandbox/")
        ? new Response(JSON.stringify({ code: "not_found" }), {
          status: 404,
          headers: { "content-type": "application/json" }
        })
        : s.fetch(request)
    const report = await runConformance(configFor(noWidget, { runs: 40, seed: 2 }))
    expect(report.disagreements).toEqual([])
    expect(report.notes.join("\n")).toMatch(/widget API/)
    const ran = new Map(report.properties.map((p) => [p.property, p.runs]))
    expect(ran.get("create")).toBeGreaterThan(0)
    expect(ran.get("terms")).toBeGreaterThan(0)
    expect(ran.get("verify") ?? 0).toBe(0)
    expect(report.clock).toBe("local clock")
    // never a silent skip: each group that could not run is named, with why, and fails the run
    const skipped = report.groups.filter((g) => g.status === "skipped").map((g) => g.group)
    expect(skipped).toEqual(["refund", "verify", "search", "plans", "notes"])
    for (const g of skipped) {
      expect(report.incomplete.join("\n")).toMatch(
        new RegExp(`group ${g} could not run: .*widget API.*\\(exclude it with --skip ${g} to run without it\\)`)
      )
    }
    expect(exitCodeOf(report)).toBe(1)
    expect(formatTable(report)).toMatch(/^incomplete: group verify could not run: /m)
    // left out, they fail nothing
    const left = await runConformance(configFor(noWidget, { runs: 40, seed: 2, skip: skipped as never }))
    expect(left.groups.map((g) => g.group)).toEqual(["create", "terms"])
    expect([left.disagreements, left.incomplete, exitCodeOf(left)]).toEqual([[], [], 0])
  })
})

// ---------------------------------------------------------------------------
// Mutations: a proxy alters one field of the sandbox's answers

const MUTATIONS: ReadonlyArray<{
  readonly name: string
  readonly rule: string
  readonly field: string
  readonly when: (r: Request) => boolean
  readonly alter: (body: any) => void
}> = [
  {
    name: "totalMinimumDeposit",
    rule: "R2.3",
    field: "totalMinimumDeposit",
    when: (r) => r.method === "POST" && path(r) === "/api/v2/checkout",
    alter: (b) => {
      // the real service's documented example: 320 where the rules give 280
      if (typeof b.totalMinimumDeposit === "number" && b.totalMinimumDeposit > 0) b.totalMinimumDeposit += 40
    }
  },
  {
    name: "an instalment amount",
    rule: "R6.5",
    field: "installments.amount",
    when: (r) => path(r).endsWith("/to-plan/calculate"),
    alter: (b) => {
      if (b.installments?.count > 0) b.installments.amount += 1
    }
  },
  {
    name: "a refund's suggestedRefundAmount",
    rule: "R7.6",
    field: "suggestedRefundAmount",
    when: (r) => path(r).endsWith("/cancellation-summary"),
    alter: (b) => {
      if (b.suggestedRefundAmount > 0) b.suggestedRefundAmount += 1
    }
  },
  {
    name: "the deposit status",
    rule: "R8.2",
    field: "plan.deposit.status",
    when: (r) => r.method === "GET" && /^\/api\/v2\/checkout\/[^/]+$/.test(path(r)),
    alter: (b) => {
      if (b.plan?.deposit?.status === "Rejected") b.plan.deposit.status = "Accepted"
    }
  },
  {
    name: "a search page",
    rule: "R9",
    field: "plans.id",
    when: (r) =>
      r.method === "GET" && path(r) === "/api/v2/plans" && Number(new URL(r.url).searchParams.get("page")) > 0,
    alter: (b) => {
      b.plans?.pop()
    }
  }
]

describe("conformance against mutated services", () => {
  const reports = new Map<string, ConformanceReport>()
  it.each(MUTATIONS)("catches $name, naming $rule and $field, with a smaller counterexample", async (m) => {
    const s = sandbox()
    const report = await runConformance(configFor(mutated(s.fetch, m.when, m.alter), { runs: 100, seed: 11 }))
    s.close()
    reports.set(m.name, report)
    expect(exitCodeOf(report)).toBe(1)
    const found = report.disagreements.find((d) => d.rule === m.rule && d.field === m.field)
    expect(found, JSON.stringify(report.disagreements.map((d) => [d.rule, d.field]))).toBeDefined()
    // one root cause, and nothing disagrees but it and what follows from it
    expect(report.causes.map((c) => `${c.rule} ${c.field}`)).toEqual([`${m.rule} ${m.field}`])
    const root = `${report.causes[0]!.rule} ${report.causes[0]!.operation} ${report.causes[0]!.field}`
    for (const d of report.disagreements.slice(1)) expect(d.cause).toBe(root)
    expect(found!.shrinks).toBeGreaterThan(0)
    expect(size(found!.request)).toBeLessThan(size(found!.first.request))
    expect(found!.expected).not.toEqual(found!.actual)
    expect(found!.response?.status).toBeLessThan(300)
    // the contract's JSON
    const json = toJson(report)
    expect(Object.keys(json)).toEqual(REPORT_KEYS)
    expect(json.failed).toBeGreaterThan(0)
    expect(Object.keys(json.disagreements[0]!)).toEqual([
      "rule",
      "operation",
      "field",
      "expected",
      "actual",
      "request",
      "response",
      "cause"
    ])
    expect(json.disagreements[0]!.cause).toBeNull()
    expect(json.causes[0]).toMatchObject({ rule: m.rule, field: m.field })
    expect(json.groups.map((g) => g.group)).toEqual(["create", "terms", "refund", "verify", "search", "plans", "notes"])
  })

  it("reports it as a table by rule and an HTML page with both answers side by side, without the credentials", () => {
    const report = reports.get("totalMinimumDeposit")!
    const table = formatTable(report)
    expect(table).toMatch(/^rule\s+checks\s+agreed\s+disagreed$/m)
    expect(table).toMatch(/^R2\.3\s+\d+\s+\d+\s+[1-9]\d*$/m)
    expect(table).toMatch(/R2\.3 createCheckout totalMinimumDeposit: expected/)
    const html = renderHtml(report)
    expect(html).toMatch(/The service answered/)
    expect(html).toMatch(/The engine computes/)
    expect(html).toMatch(/totalMinimumDeposit/)
    const basic = Buffer.from(`${MERCHANT_ID}:${API_KEY}`).toString("base64")
    for (const text of [table, html, JSON.stringify(toJson(report)), JSON.stringify(report)]) {
      expect(text).not.toContain(API_KEY)
      expect(text).not.toContain(basic)
    }
  })
})

// ---------------------------------------------------------------------------
// Services that cannot be compared with

describe("conformance against a service that cannot be talked to", () => {
  it("down: a ServiceUnreachableError (exit 2) that says it cannot reach the service", async () => {
    const down = async () => {
      throw new TypeError("fetch failed", {
        cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:9"), { code: "ECONNREFUSED" })
      })
    }
    const error = await runConformance(configFor(down)).catch((e) => e)
    expect(error).toBeInstanceOf(ServiceUnreachableError)
    expect(exitCodeOf(error)).toBe(2)
    expect(error.message).toMatch(/cannot reach http:\/\/sandbox\.test/)
  })

  it("over HTTP, nothing listening: the same", async () => {
    const running = await startSandbox({ merchants: MERCHANTS, port: 0 })
    const url = running.url
    await running.close()
    const error = await runConformance({ ...configFor(fetch), baseUrl: url }).catch((e) => e)
    expect(error).toBeInstanceOf(ServiceUnreachableError)
    expect(error.message).toMatch(/cannot reach/)
  })

  it("answering 500s: a ServiceUnreachableError naming the status", async () => {
    const failing = async () =>
      new Response(JSON.stringify({ code: "internal_error" }), {
        status: 500,
        headers: { "content-type": "application/json" }
      })
    const error = await runConformance(configFor(failing)).catch((e) => e)
    expect(error).toBeInstanceOf(ServiceUnreachableError)
    expect(error.message).toMatch(/answered 500/)
  })

  it("refusing the key: a CredentialsRefusedError that never shows the key", async () => {
    const s = sandbox()
    const error = await runConformance(configFor(s.fetch, { apiKey: "sk_wrong_key_123" })).catch((e) => e)
    expect(error).toBeInstanceOf(CredentialsRefusedError)
    expect(exitCodeOf(error)).toBe(2)
    expect(error.message).toMatch(/refused the credentials of merchant merchant-conformance \(401\)/)
    expect(`${error.message} ${error.stack} ${JSON.stringify(error)}`).not.toContain("sk_wrong_key_123")
  })

  it("a bad configuration is a usage error naming every problem", async () => {
    const error = await runConformance({
      baseUrl: "ftp://nowhere",
      merchantId: "",
      apiKey: "k",
      runs: 0,
      only: ["create", "nonsense" as never],
      rps: 0
    }).catch((e) => e)
    expect(error._tag).toBe("ConformanceUsageError")
    expect(exitCodeOf(error)).toBe(2)
    for (const word of ["base URL", "merchant id", "runs", "checks", "rps"]) expect(error.message).toContain(word)
  })
})
