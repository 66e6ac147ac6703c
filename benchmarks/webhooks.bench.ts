/**
 * Webhooks under load: 1,000 flows — create a checkout, complete it
 * through the widget's API, advance the merchant's test clock 33 days (two
 * instalments fall due: paid with one card, missed with the other), cancel
 * the plan — against the sandbox in its own process (as `npm start` runs it,
 * on its real delivery schedule: 8 attempts, 10 s timeout, first retry 2.5–5 s
 * later), its 50 merchants delivering to one receiver on 127.0.0.1 in this
 * process. 50 clients, one per merchant, each running its merchant's 20 flows
 * one after another (a clock advance moves the merchant's clock, so flows of
 * one merchant must not overlap for the events of each to be known).
 *
 * The receiver verifies every delivery with the `standardwebhooks` package
 * (the merchant's own secret) and answers 500 to the first attempt of every
 * 50th event, so retries happen under load. Budget: every expected event
 * delivered, none duplicated beyond the retries (the same `webhook-id` again
 * only after a failed attempt), none out of order per plan, none failing
 * verification, and the sandbox's outbox all `delivered`, its attempts those
 * the receiver got. The checks are test/adapters/sandbox/webhooks/load.ts's
 * (its 50-flow test runs in `npm test`).
 *
 * A second note gives the timing, without a budget: while the sandbox serves
 * the 50 clients its event loop is full, each delivery waits for turns of it,
 * and events queue in the outbox (their first attempt seconds after they were
 * written; a retry that falls due waits behind the events written before it;
 * an event also waits for its plan's earlier events, retries included).
 *
 * The baseline of the same run: the same flows against a sandbox whose
 * merchants have no endpoint (webhooks off: no event is written); the flows'
 * requests per second with webhooks on are given as a ratio to it, and the
 * time to the last delivery as a ratio to the flows' time with webhooks off.
 *
 * Fairness: merchant A's receiver accepts the connection and never
 * answers, A has 0, 8, 16 or 40 test events pending (`POST
 * /sandbox/webhook/test`), then merchant B (a receiver answering 204 at once)
 * asks for a test event: the time from B's request to its arrival at B's
 * receiver, each count against a fresh sandbox process on the real schedule
 * (10 s timeout). Budget: B's event within 1 s whatever A has pending (0
 * pending is the baseline of the same run).
 *
 * `WEBHOOK_LOAD_FLOWS` sets the flows (default 1,000; a multiple of 50).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { sqliteStore } from "../src/adapters/sandbox/index.ts"
import {
  ADVANCE_DAYS,
  answering,
  type Call,
  checkDeliveries,
  checkOutbox,
  expectedLabels,
  holds,
  type LoadMerchant,
  loadMerchantsFor,
  runFlows,
  waitForDelivered
} from "../test/adapters/sandbox/webhooks/load.ts"
import { type Receiver, startReceiver } from "../test/adapters/sandbox/webhooks/receiver.ts"
import type { Note, Suite } from "./harness.ts"
import { startServerProcess, stopServerProcess } from "./sandbox-server.ts"

const MERCHANTS = 50
const FLOWS = Number(process.env["WEBHOOK_LOAD_FLOWS"] ?? 1_000)
const FAIL_EVERY = 50

/** One request over HTTP. */
const httpCall = (base: string): Call => async (method, path, options = {}) => {
  const headers: Record<string, string> = { ...options.headers }
  if (options.auth != null) headers["authorization"] = options.auth
  if (options.body !== undefined) headers["content-type"] = "application/json"
  const response = await fetch(`${base}${path}`, {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {})
  })
  const text = await response.text()
  return { status: response.status, body: text === "" ? undefined : JSON.parse(text) }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

/** A merchants file without the webhook endpoints: the same merchants, webhooks off. */
const withoutWebhooks = (file: ReturnType<typeof loadMerchantsFor>["file"]) => ({
  merchants: file.merchants.map(({ webhook: _, ...merchant }) => merchant)
})

/** The flows against a sandbox whose merchants have no endpoint: the baseline of the same run. */
const flowsWithoutWebhooks = async (dir: string, file: ReturnType<typeof loadMerchantsFor>["file"]) => {
  const merchantsFile = join(dir, "merchants-off.json")
  writeFileSync(merchantsFile, JSON.stringify(withoutWebhooks(file)))
  const server = await startServerProcess("sandbox", join(dir, "off.sqlite"), merchantsFile)
  try {
    const { merchants } = loadMerchantsFor(MERCHANTS, "http://127.0.0.1:9")
    return await runFlows(httpCall(server.url), merchants, Math.ceil(FLOWS / MERCHANTS))
  } finally {
    await stopServerProcess(server.child)
  }
}

const loadNotes = async (): Promise<Array<Note>> => {
  const dir = mkdtempSync(join(tmpdir(), "sandbox-webhooks-load-"))
  const database = join(dir, "load.sqlite")
  const merchantsFile = join(dir, "merchants.json")
  const receiver = await startReceiver()
  const { merchants, file } = loadMerchantsFor(MERCHANTS, receiver.url)
  const answers = answering(merchants, FAIL_EVERY)
  receiver.answer = answers.answer
  writeFileSync(merchantsFile, JSON.stringify(file))
  const off = await flowsWithoutWebhooks(dir, file)
  const server = await startServerProcess("sandbox", database, merchantsFile)
  try {
    const started = performance.now()
    const run = await runFlows(httpCall(server.url), merchants, Math.ceil(FLOWS / MERCHANTS))
    const expected = run.flows.reduce((n, f) => n + expectedLabels(f).length, 0)
    let drained = true
    try {
      // the slowest event waits for its plan's retried events: a few seconds on the real schedule
      await waitForDelivered(receiver, answers.answers, expected, 120_000)
    } catch {
      drained = false
    }
    // a second look for anything sent twice after its 2xx
    await new Promise((r) => setTimeout(r, 1_000))
    await stopServerProcess(server.child)
    const lastDeliveryMs = Math.max(...receiver.received.map((r) => r.at)) - started
    const check = checkDeliveries(run.flows, receiver.received, answers.answers, answers.badSignatures())
    const store = sqliteStore(database)
    // from the sandbox's own log: each event's wait from its write to its first attempt, each retry's delay past its due time
    const lags: Array<number> = []
    const retryLateness: Array<number> = []
    const outbox = (() => {
      try {
        const webhooks = store.webhooks!
        for (const m of merchants) {
          for (const message of webhooks.listMessages(m.id, 1_000_000_000)) {
            const attempts = webhooks.listAttempts(message.id)
            if (attempts[0] !== undefined) lags.push(attempts[0].at - message.createdAt)
            for (let i = 1; i < attempts.length; i++) {
              retryLateness.push(attempts[i]!.at - (attempts[i - 1]!.nextRetryAt ?? attempts[i]!.at))
            }
          }
        }
        return checkOutbox(webhooks, merchants, receiver.received)
      } finally {
        store.close()
      }
    })()
    lags.sort((a, b) => a - b)
    const percentile = (q: number) => lags[Math.min(lags.length - 1, Math.floor(lags.length * q))] ?? 0
    // the retries' waits: from a failed attempt to the next attempt of the same id
    const waits: Array<number> = []
    receiver.received.forEach((r, i) => {
      if (answers.answers[i] === 204) return
      const next = receiver.received.findIndex((s, j) => j > i && s.id === r.id)
      if (next >= 0) waits.push(receiver.received[next]!.at - r.at)
    })
    const settled = run.flows.reduce((n, f) => n + f.settled, 0)
    const pass = drained && run.failures.length === 0 && run.flows.length === FLOWS && holds(check) &&
      outbox.messages === check.expected && outbox.notDelivered === 0 && outbox.neverReceived === 0 &&
      outbox.attemptsDiffer === 0
    const n = (x: number) => x.toLocaleString("en")
    const perSecond = (r: { readonly requests: number; readonly ms: number }) => r.requests / (r.ms / 1000)
    return [
      {
        text: `baseline, webhooks off: the same flows against a sandbox whose merchants have no endpoint: ` +
          `${n(off.requests)} requests in ${seconds(off.ms)} (${n(Math.round(perSecond(off)))} req/s), ` +
          `${off.failures.length} failed requests`,
        pass: off.failures.length === 0
      },
      {
        text: `${n(run.flows.length)} flows (create → complete → advance ${ADVANCE_DAYS} days → cancel) over ` +
          `${MERCHANTS} merchants from ${MERCHANTS} clients: ${n(run.requests)} requests in ${seconds(run.ms)} ` +
          `(${n(Math.round(run.requests / (run.ms / 1000)))} req/s), ${n(settled)} instalments settled by the ` +
          `advances, ${n(check.expected)} events expected, ${n(outbox.messages)} written, ${n(check.delivered)} ` +
          `delivered in ${n(check.deliveries)} deliveries (${check.failedAttempts} first attempts answered 500 and ` +
          `retried with the same id); ${check.missing} missing, ${check.duplicates} duplicated beyond retries, ` +
          `${check.outOfOrder} out of order per plan, ${check.unexpected} unexpected, ${check.idChanged} retried ` +
          `under another id, ${check.badSignatures} failing standardwebhooks verification, ${outbox.notDelivered} ` +
          `not delivered in the outbox, ${outbox.attemptsDiffer} with other attempts than received, ` +
          `${run.failures.length} failed requests` +
          (run.failures.length > 0 ? ` (first: ${run.failures[0]})` : "") +
          (check.problems.length > 0 ? ` (first problem: ${check.problems[0]})` : "") +
          (drained ? "" : "; NOT DRAINED within 120 s") +
          ` (webhooks on ÷ off: ${(perSecond(run) / perSecond(off)).toFixed(2)}× the requests per second)`,
        pass
      },
      {
        text: `timing (no budget): the last delivery ${seconds(lastDeliveryMs)} after the first request ` +
          `(${(lastDeliveryMs / off.ms).toFixed(2)}× the flows' time with webhooks off); ` +
          `from an event's write to its first attempt p50 ${seconds(percentile(0.5))}, ` +
          `p99 ${seconds(percentile(0.99))}, max ${seconds(lags.at(-1) ?? 0)}; ` +
          (waits.length === 0 ? "" : `retries came ${seconds(Math.min(...waits))}–${seconds(Math.max(...waits))} ` +
            `after the failed attempt, `) +
          `at most ${seconds(Math.max(0, ...retryLateness))} after they were due`
      }
    ]
  } finally {
    await stopServerProcess(server.child)
    await receiver.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

/** How many events merchant A has pending while B asks for its test event. */
const PENDING_OF_A = [0, 8, 16, 40]
/** B's event must arrive within this of being asked for. */
const FAIR_WITHIN_MS = 1_000

/**
 * B's test event, A's receiver hanging with `pending` events of A: the time from
 * B's request to the arrival at B's receiver (a fresh sandbox process each time).
 */
const fairnessCase = async (
  dir: string,
  receiver: Receiver,
  file: ReturnType<typeof loadMerchantsFor>["file"],
  [a, b]: ReadonlyArray<LoadMerchant>,
  pending: number
): Promise<number> => {
  const merchantsFile = join(dir, `merchants-fair-${pending}.json`)
  writeFileSync(merchantsFile, JSON.stringify(file))
  const server = await startServerProcess("sandbox", ":memory:", merchantsFile)
  const call = httpCall(server.url)
  try {
    const arrivals = (merchant: LoadMerchant) => receiver.received.filter((r) => r.path.endsWith(`/${merchant.id}`))
    const before = arrivals(a!).length
    for (let i = 0; i < pending; i++) {
      const sent = await call("POST", "/sandbox/webhook/test", { auth: a!.authorization, body: {} })
      if (sent.status !== 202) throw new Error(`A's test event answered ${sent.status}`)
    }
    // A's first attempts are out (and hang) before B asks
    const deadline = performance.now() + 5_000
    while (arrivals(a!).length - before < Math.min(pending, 8) && performance.now() < deadline) {
      await new Promise((r) => setTimeout(r, 10))
    }
    const asked = performance.now()
    const sent = await call("POST", "/sandbox/webhook/test", { auth: b!.authorization, body: {} })
    if (sent.status !== 202) throw new Error(`B's test event answered ${sent.status}`)
    for (;;) {
      const arrived = receiver.received.find((r) => r.id === sent.body.id)
      if (arrived !== undefined) return arrived.at - asked
      if (performance.now() - asked > 300_000) return Number.POSITIVE_INFINITY
      await new Promise((r) => setTimeout(r, 5))
    }
  } finally {
    await stopServerProcess(server.child)
  }
}

const fairnessNotes = async (): Promise<Array<Note>> => {
  const dir = mkdtempSync(join(tmpdir(), "sandbox-webhooks-fair-"))
  const receiver = await startReceiver()
  const { merchants, file } = loadMerchantsFor(2, receiver.url)
  const [a] = merchants
  // A's receiver accepts the connection and never answers; B's answers 204 at once
  receiver.answer = (r) => (r.path.endsWith(`/${a!.id}`) ? "hang" : 204)
  try {
    const latencies: Array<number> = []
    for (const pending of PENDING_OF_A) latencies.push(await fairnessCase(dir, receiver, file, merchants, pending))
    const ms = (x: number) => (Number.isFinite(x) ? `${Math.round(x).toLocaleString("en")} ms` : "not within 300 s")
    const fair = latencies.every((l) => l <= FAIR_WITHIN_MS)
    return [{
      text: `fairness: merchant B's test event arrived ${
        PENDING_OF_A.map((p, i) => `${ms(latencies[i]!)} with ${p} of A's pending`).join(", ")
      } (A's receiver never answers; the attempt timeout ${seconds(10_000)}); ` +
        `budget ≤ ${FAIR_WITHIN_MS.toLocaleString("en")} ms whatever A has pending`,
      pass: fair
    }]
  } finally {
    await receiver.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

export const suite: Suite = {
  title: `Webhooks: ${FLOWS.toLocaleString("en")} flows with a receiver attached`,
  budgetsOf: "webhooks and their fair delivery",
  cases: [],
  notes: async () => [...await loadNotes(), ...await fairnessNotes()]
}
