/**
 * The fixed cost of a sandbox request on its Node server, with request ids
 * and the request log on (JSON lines to a file, as `payment-plan serve --log
 * json 2> file` writes them): `GET /health` answers at least 0.5× the
 * requests a second of a bare node:http JSON handler, and a retrieved
 * checkout (`GET /api/v2/checkout/{id}`, authenticated, read from SQLite) at
 * least 0.25×. Each in its own process, loaded by autocannon from this one
 * (50 connections); the three loads run one after the other in each round,
 * the ratio taken within the round, and the median of the rounds' ratios
 * is the figure, so a shared machine's drift falls on all three.
 */
import autocannon from "autocannon"
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import os from "node:os"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { checkoutBody } from "../test/adapters/sandbox/webhooks/load.ts"
import type { Note, Suite } from "./harness.ts"
import { BENCH_MERCHANT, startServerProcess, stopServerProcess } from "./sandbox-server.ts"

const CONNECTIONS = 50
const DURATION_S = 4
const ROUNDS = 5
const BUDGETS = { health: 0.5, retrieve: 0.25 } as const
const authorization = `Basic ${Buffer.from(`${BENCH_MERCHANT.id}:${BENCH_MERCHANT.apiKey}`).toString("base64")}`

const rate = async (options: autocannon.Options): Promise<number> => {
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION_S, ...options })
  if (result.errors + result.timeouts + result.non2xx > 0) {
    throw new Error(`${options.url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx`)
  }
  return result.requests.average
}

const median = (values: ReadonlyArray<number>): number => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

const measure = async (): Promise<Array<Note>> => {
  const dir = mkdtempSync(join(tmpdir(), "sandbox-http-"))
  const log = join(dir, "requests.jsonl")
  const loadBefore = os.loadavg()[0]!
  const hello = await startServerProcess("hello")
  const sandbox = await startServerProcess({ SANDBOX_BENCH_LOG: log }, "sandbox", ":memory:")
  const rounds: Array<{ hello: number; health: number; retrieve: number }> = []
  try {
    const created = await fetch(`${sandbox.url}/api/v2/checkout`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization },
      body: JSON.stringify(checkoutBody(BENCH_MERCHANT.id, "order-http", Date.now()))
    })
    const id = ((await created.json()) as { id: string }).id
    const cases = {
      hello: { url: `${hello.url}/health` },
      health: { url: `${sandbox.url}/health` },
      retrieve: { url: `${sandbox.url}/api/v2/checkout/${id}`, headers: { authorization } }
    }
    // warmed alike: the first load of each would otherwise meet code not yet optimized
    for (const options of Object.values(cases)) await autocannon({ ...options, connections: CONNECTIONS, duration: 1 })
    for (let round = 0; round < ROUNDS; round++) {
      rounds.push({
        hello: await rate(cases.hello),
        health: await rate(cases.health),
        retrieve: await rate(cases.retrieve)
      })
    }
  } finally {
    await stopServerProcess(hello.child)
    await stopServerProcess(sandbox.child)
  }
  const lines = readFileSync(log, "utf8").split("\n").filter((line) => line !== "")
  rmSync(dir, { recursive: true, force: true })
  const health = median(rounds.map((r) => r.health / r.hello))
  const retrieve = median(rounds.map((r) => r.retrieve / r.hello))
  const perRound = rounds.map((r) =>
    `${Math.round(r.hello).toLocaleString("en")} / ${Math.round(r.health).toLocaleString("en")} / ${
      Math.round(r.retrieve).toLocaleString("en")
    }`
  )
  const load = `load average ${loadBefore.toFixed(1)} before, ${os.loadavg()[0]!.toFixed(1)} after`
  return [
    {
      text:
        `requests a second, bare node:http / sandbox GET /health / retrieve checkout, ${CONNECTIONS} connections, ` +
        `${ROUNDS} rounds of ${DURATION_S} s: ${perRound.join("; ")} (${load}); ` +
        `${lines.length.toLocaleString("en")} request log lines written`
    },
    {
      text: `GET /health with request ids and the JSON request log ÷ bare node:http: ${
        health.toFixed(2)
      }× (median of ${ROUNDS} rounds; budget ≥ ${BUDGETS.health}×)`,
      pass: health >= BUDGETS.health
    },
    {
      text: `retrieve checkout with request ids and the JSON request log ÷ bare node:http: ${
        retrieve.toFixed(2)
      }× (median of ${ROUNDS} rounds; budget ≥ ${BUDGETS.retrieve}×)`,
      pass: retrieve >= BUDGETS.retrieve
    }
  ]
}

export const suite: Suite = {
  title: "Sandbox over HTTP: the fixed cost of a request",
  budgetsOf: "the sandbox's Node server",
  cases: [],
  notes: measure
}
