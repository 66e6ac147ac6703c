/**
 * One side of benchmarks/sandbox-split.bench.ts, run in a process of its own: loads the sandbox of
 * the source tree at `argv[2]`, runs its in-process hot paths (the handler alone, no sockets) on the
 * same inputs, and prints, as one JSON line, the median CPU time per call of each (microseconds) and
 * what each answered (the comparison is of the same work). A fresh process per measurement keeps
 * what V8 learnt from one tree's code out of the other's.
 */
import { join } from "node:path"
import { pathToFileURL } from "node:url"
import type * as SandboxModule from "../src/adapters/sandbox/index.ts"
import { checkoutBody } from "../test/adapters/sandbox/webhooks/load.ts"

const root = process.argv[2]!
const sandboxModule = (await import(
  pathToFileURL(join(root, "src/adapters/sandbox/index.ts")).href
)) as typeof SandboxModule
const { createSandbox, loadMerchants, sqliteStore } = sandboxModule

const MERCHANT = { id: "merchant-bench", apiKey: "sk_bench_0123456789" }
const authorization = `Basic ${Buffer.from(`${MERCHANT.id}:${MERCHANT.apiKey}`).toString("base64")}`
const json = { "content-type": "application/json", authorization }
const base = "http://sandbox.bench"
// the sandbox's clock and ids fixed, so both trees answer the same bytes
const NOW = Date.parse("2026-11-22T00:00:00Z")
const counter = () => {
  let n = 0
  return (prefix: string) => `${prefix}_${String(++n).padStart(8, "0")}`
}
const merchant = {
  ...MERCHANT,
  currencies: [{ currencyCode: "AUD", minimumPaymentAmount: 1, maximumPaymentAmount: 50_000 }]
}
const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
// webhooks on: deliveries answered 204 at once by an injected fetch (the outbox and the worker, no network)
const delivered = { count: 0 }
const answer204: typeof fetch = async () => {
  delivered.count++
  return new Response(null, { status: 204 })
}
const sandboxOf = (webhook: boolean) =>
  createSandbox({
    store: sqliteStore(":memory:"),
    merchants: loadMerchants({
      merchants: [webhook ? { ...merchant, webhook: { url: "http://127.0.0.1:9/webhooks", secret: SECRET } } : merchant]
    }),
    now: () => NOW,
    newId: counter(),
    onError: (e) => console.error(e),
    ...(webhook ? { webhooks: { fetch: answer204 } } : {})
  })
const off = sandboxOf(false)
const on = sandboxOf(true)
type Sandbox = typeof off

const termsBody = (checkoutId: string) => ({
  checkoutId,
  type: "plan",
  timeZone: "Australia/Sydney",
  installments: { cadence: { frequency: "Fortnightly", on: { dayOfWeek: "Friday" } } }
})
const create = async (sandbox: Sandbox, orderId: string) => {
  const created = await sandbox.fetch(
    new Request(`${base}/api/v2/checkout`, {
      method: "POST",
      headers: json,
      body: JSON.stringify(checkoutBody(MERCHANT.id, orderId, NOW))
    })
  )
  if (created.status !== 201) throw new Error(`create checkout answered ${created.status}`)
  return ((await created.json()) as { id: string }).id
}
const retrieve = async (sandbox: Sandbox, id: string) =>
  (await sandbox.fetch(new Request(`${base}/api/v2/checkout/${id}`, { headers: { authorization } }))).text()
const terms = async (sandbox: Sandbox, id: string, body: string) =>
  (await sandbox.fetch(
    new Request(`${base}/api/v2/checkout/${id}/to-plan/calculate`, { method: "POST", headers: json, body })
  )).text()
const widgetCheckout = async (sandbox: Sandbox, id: string) =>
  (await sandbox.fetch(new Request(`${base}/widget/api/checkouts/${id}`))).text()
let flows = 0
/** create → complete (widget) → cancel: five events with webhooks on */
const flow = async (sandbox: Sandbox) => {
  const id = await create(sandbox, `order-flow-${flows++}`)
  const completed = await sandbox.fetch(
    new Request(`${base}/widget/api/checkouts/${id}/complete`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ card: "4242424242424242", planTerms: termsBody(id) })
    })
  )
  const planId = ((await completed.json()) as { planId: string }).planId
  const cancelled = await sandbox.fetch(
    new Request(`${base}/api/v2/plans/${planId}/cancel`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ planId, refundableAmount: 0, reason: "CustomerRequest" })
    })
  )
  if (cancelled.status !== 200) throw new Error(`cancel answered ${cancelled.status}`)
  return String(cancelled.status)
}

const offId = await create(off, "order-in-process")
const onId = await create(on, "order-in-process")
const termsOff = JSON.stringify(termsBody(offId))
const termsOn = JSON.stringify(termsBody(onId))

const paths: Record<string, { readonly run: () => Promise<string>; readonly calls: number }> = {
  "retrieve checkout": { run: () => retrieve(off, offId), calls: 400 },
  "plan terms": { run: () => terms(off, offId, termsOff), calls: 400 },
  "widget checkout": { run: () => widgetCheckout(off, offId), calls: 200 },
  "create → complete → cancel": { run: () => flow(off), calls: 40 },
  "plan terms, webhooks on": { run: () => terms(on, onId, termsOn), calls: 400 },
  "create → complete → cancel, webhooks on": { run: () => flow(on), calls: 40 }
}

const cpu = () => {
  const { user, system } = process.cpuUsage()
  return user + system
}
const median = (xs: ReadonlyArray<number>): number => {
  const s = [...xs].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2
}

// warm every path alike before any is timed
for (let round = 0; round < 5; round++) {
  for (const { run, calls } of Object.values(paths)) for (let i = 0; i < calls; i++) await run()
}
const answers: Record<string, string> = {}
const figures: Record<string, number> = {}
for (const [name, { run, calls }] of Object.entries(paths)) {
  const answer = await run()
  // ids differ by how many flows ran; the answer's shape is what must agree
  answers[name] = answer.replace(/_\d{8}/g, "_n")
  const samples: Array<number> = []
  for (let sample = 0; sample < 9; sample++) {
    const start = cpu()
    for (let i = 0; i < calls; i++) await run()
    samples.push((cpu() - start) / calls)
  }
  figures[name] = median(samples)
}
// the deliveries of the flows with webhooks on, so their cost falls inside the process
await new Promise((resolve) => setTimeout(resolve, 200))
off.close()
on.close()
process.stdout.write(`${JSON.stringify({ answers, figures, delivered: delivered.count })}\n`)
