/**
 * Budgets of issue 7, against the running sandbox on loopback (its own
 * process, as `npm start` runs it), loaded with autocannon from this process:
 *
 * - plan terms (`POST /api/v2/checkout/{id}/to-plan/calculate`) and retrieve
 *   checkout (`GET /api/v2/checkout/{id}`): ≥ 2,000 requests/s with p99 ≤ 50 ms
 *   and no errors at 50 connections; `/health` beside them;
 * - the baseline of the same run: a bare node:http handler answering a small
 *   JSON body, in its own process, under the same load; ratios are printed
 *   against it;
 * - a soak of 10,000 create → complete → cancel flows from 50 concurrent
 *   clients: afterwards the store holds exactly one plan per flow, none twice,
 *   every plan cancelled once, and no refund above what was paid.
 *
 * The in-process cases time the handler alone (no sockets): retrieve and plan
 * terms through `sandbox.fetch`, against `new Response` as the floor.
 */
import autocannon from "autocannon"
import { type ChildProcess, spawn } from "node:child_process"
import { once } from "node:events"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { createInterface } from "node:readline"
import { fileURLToPath } from "node:url"
import { createSandbox, loadMerchants, sqliteStore } from "../src/adapters/sandbox/index.ts"
import { exampleRequest } from "../test/fixtures.ts"
import type { Note, Suite } from "./harness.ts"
import { BENCH_MERCHANT } from "./sandbox-server.ts"

const CONNECTIONS = 50
const DURATION_S = 5
const SOAK_FLOWS = Number(process.env["SANDBOX_SOAK_FLOWS"] ?? 10_000)
const SOAK_CLIENTS = 50
const authorization = `Basic ${Buffer.from(`${BENCH_MERCHANT.id}:${BENCH_MERCHANT.apiKey}`).toString("base64")}`
const json = { "content-type": "application/json", authorization }

/** The description's example for the bench merchant, redemption dates ahead of the real clock. */
const checkoutBody = (orderId: string) => {
  const example = exampleRequest()
  const ahead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString()
  return {
    ...example,
    merchantId: BENCH_MERCHANT.id,
    merchantOrderId: orderId,
    items: example.items.map((item, i) => ({ ...item, redemptionDate: i === 0 ? ahead(200).slice(0, 10) : ahead(197) }))
  }
}
const termsBody = (checkoutId: string) => ({
  checkoutId,
  type: "plan",
  timeZone: "Australia/Sydney",
  installments: { cadence: { frequency: "Fortnightly", on: { dayOfWeek: "Friday" } } }
})

const serverScript = fileURLToPath(new URL("./sandbox-server.ts", import.meta.url))

const startProcess = async (...args: Array<string>): Promise<{ url: string; child: ChildProcess }> => {
  const child = spawn(process.execPath, [serverScript, ...args], { stdio: ["ignore", "pipe", "inherit"] })
  const lines = createInterface({ input: child.stdout! })
  const [first] = (await once(lines, "line")) as [string]
  lines.close()
  return { url: (JSON.parse(first) as { url: string }).url, child }
}

const stop = async (child: ChildProcess) => {
  if (child.exitCode !== null) return
  child.kill("SIGTERM")
  await once(child, "exit")
}

interface Load {
  readonly requests: number
  readonly p99: number
  readonly errors: number
  readonly non2xx: number
}

const load = async (options: autocannon.Options): Promise<Load> => {
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION_S, ...options })
  return {
    requests: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx
  }
}

const post = async (url: string, body: unknown, headers: Record<string, string> = json) => {
  const response = await fetch(url, { method: "POST", headers, body: JSON.stringify(body) })
  return { status: response.status, body: (await response.json()) as Record<string, any> }
}

const loadNotes = async (): Promise<Array<Note>> => {
  const notes: Array<Note> = []
  const hello = await startProcess("hello")
  let baseline: Load
  try {
    baseline = await load({ url: `${hello.url}/health` })
  } finally {
    await stop(hello.child)
  }
  notes.push({
    text: `baseline, bare node:http JSON handler: ${
      Math.round(baseline.requests).toLocaleString("en")
    } req/s, p99 ${baseline.p99} ms`
  })

  const sandbox = await startProcess("sandbox", ":memory:")
  try {
    const created = await post(`${sandbox.url}/api/v2/checkout`, checkoutBody("order-bench"))
    if (created.status !== 201) throw new Error(`create checkout answered ${created.status}`)
    const id = created.body["id"] as string
    const cases: Array<[string, autocannon.Options, boolean]> = [
      ["GET /health", { url: `${sandbox.url}/health` }, false],
      ["retrieve checkout", { url: `${sandbox.url}/api/v2/checkout/${id}`, headers: { authorization } }, true],
      [
        "plan terms",
        {
          url: `${sandbox.url}/api/v2/checkout/${id}/to-plan/calculate`,
          method: "POST",
          headers: json,
          body: JSON.stringify(termsBody(id))
        },
        true
      ]
    ]
    for (const [name, options, budgeted] of cases) {
      const r = await load(options)
      const pass = r.requests >= 2000 && r.p99 <= 50 && r.errors === 0 && r.non2xx === 0
      notes.push({
        text:
          `${name}: ${
            Math.round(r.requests).toLocaleString("en")
          } req/s, p99 ${r.p99} ms, ${r.errors} errors, ${r.non2xx} non-2xx at ${CONNECTIONS} connections` +
          ` (${(baseline.requests / r.requests).toFixed(2)}× slower than the baseline)` +
          (budgeted ? "; budget ≥ 2,000 req/s, p99 ≤ 50 ms, no errors" : ""),
        ...(budgeted ? { pass } : {})
      })
    }
  } finally {
    await stop(sandbox.child)
  }
  return notes
}

/** 10,000 flows, 50 clients: create → complete (widget) → refund quote → cancel with the suggested refund. */
const soakNote = async (): Promise<Note> => {
  const dir = mkdtempSync(join(tmpdir(), "sandbox-soak-"))
  const file = join(dir, "soak.sqlite")
  const server = await startProcess("sandbox", file)
  const planIds: Array<string> = []
  const failures: Array<string> = []
  const started = process.hrtime.bigint()
  try {
    let next = 0
    const client = async () => {
      for (;;) {
        const n = next++
        if (n >= SOAK_FLOWS) return
        const created = await post(`${server.url}/api/v2/checkout`, checkoutBody(`soak-${n}`), {
          ...json,
          "idempotency-key": `create-${n}`
        })
        if (created.status !== 201) {
          failures.push(`create ${n}: ${created.status}`)
          continue
        }
        const id = created.body["id"] as string
        const completed = await post(`${server.url}/widget/api/checkouts/${id}/complete`, {
          card: "4242424242424242",
          planTerms: termsBody(id)
        }, { "content-type": "application/json" })
        if (completed.status !== 200) {
          failures.push(`complete ${n}: ${completed.status}`)
          continue
        }
        const planId = completed.body["planId"] as string
        planIds.push(planId)
        const quote = await fetch(`${server.url}/api/v2/plans/${planId}/cancellation-summary`, {
          headers: { authorization }
        })
        const refund = ((await quote.json()) as { suggestedRefundAmount: number }).suggestedRefundAmount
        const cancelled = await post(`${server.url}/api/v2/plans/${planId}/cancel`, {
          planId,
          refundableAmount: refund,
          reason: "CustomerRequest"
        }, {
          ...json,
          "idempotency-key": `cancel-${n}`
        })
        if (cancelled.status !== 200) failures.push(`cancel ${n}: ${cancelled.status}`)
      }
    }
    await Promise.all(Array.from({ length: SOAK_CLIENTS }, client))
  } finally {
    await stop(server.child)
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9
  const store = sqliteStore(file)
  try {
    const plans = store.listPlans([BENCH_MERCHANT.id])
    const ids = new Set(plans.map((p) => p.id))
    const checkouts = new Set(plans.map((p) => p.checkoutId))
    const missing = planIds.filter((id) => !ids.has(id)).length
    const notCancelled = plans.filter((p) => p.record["status"] !== "Cancelled").length
    const overRefunded = plans.filter((p) => Number(p.record["refundAmount"]) > Number(p.record["totalPaid"])).length
    const pass = failures.length === 0 && plans.length === SOAK_FLOWS && ids.size === plans.length &&
      checkouts.size === plans.length && missing === 0 && notCancelled === 0 && overRefunded === 0
    return {
      text:
        `soak: ${SOAK_FLOWS.toLocaleString("en")} create → complete → cancel flows from ${SOAK_CLIENTS} clients in ${
          seconds.toFixed(1)
        } s ` +
        `(${Math.round((SOAK_FLOWS * 4) / seconds).toLocaleString("en")} req/s): ${plans.length} plans stored, ${
          plans.length - ids.size
        } duplicated, ` +
        `${missing} lost, ${notCancelled} not cancelled, ${overRefunded} refunded above what was paid, ${failures.length} failed requests` +
        (failures.length > 0 ? ` (first: ${failures[0]})` : ""),
      pass
    }
  } finally {
    store.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

// In-process: the handler without sockets.
const inProcess = createSandbox({
  store: sqliteStore(":memory:"),
  merchants: loadMerchants({
    merchants: [{
      id: BENCH_MERCHANT.id,
      apiKey: BENCH_MERCHANT.apiKey,
      currencies: [{ currencyCode: "AUD", minimumPaymentAmount: 1 }]
    }]
  }),
  onError: () => undefined
})
const base = "http://sandbox.bench"
const createdInProcess = await inProcess.fetch(
  new Request(`${base}/api/v2/checkout`, {
    method: "POST",
    headers: json,
    body: JSON.stringify(checkoutBody("order-in-process"))
  })
)
const inProcessId = ((await createdInProcess.json()) as { id: string }).id
const termsText = JSON.stringify(termsBody(inProcessId))

const FLOOR = "floor: new Response(JSON) and its text"

export const suite: Suite = {
  title: "Sandbox",
  issue: "issue 7",
  cases: [
    {
      name: FLOOR,
      run: () =>
        new Response(JSON.stringify({ status: "ok" }), { headers: { "content-type": "application/json" } }).text(),
      samples: 5000
    },
    {
      name: "handler: retrieve checkout (in process)",
      run: async () =>
        (await inProcess.fetch(new Request(`${base}/api/v2/checkout/${inProcessId}`, { headers: { authorization } })))
          .text(),
      compareWith: [FLOOR],
      samples: 5000
    },
    {
      name: "handler: plan terms (in process)",
      run: async () =>
        (await inProcess.fetch(
          new Request(`${base}/api/v2/checkout/${inProcessId}/to-plan/calculate`, {
            method: "POST",
            headers: json,
            body: termsText
          })
        )).text(),
      compareWith: [FLOOR],
      samples: 5000
    }
  ],
  notes: async () => [...(await loadNotes()), await soakNote()]
}
