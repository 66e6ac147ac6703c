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
 *
 * Beside it, the CPU time each server process spent per request (user and
 * system, from /proc on Linux), as a ratio of the bare handler's: on a
 * shared machine the requests a second follow whatever else runs, while the
 * work a request costs the server does not, and on an idle machine, the
 * server's one thread the bottleneck, the two ratios agree.
 */
import autocannon from "autocannon"
import type { ChildProcess } from "node:child_process"
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs"
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

/** Seconds of CPU (user and system, all threads) a process has spent, from /proc; undefined elsewhere. */
const cpuSeconds = (child: ChildProcess): number | undefined => {
  const file = `/proc/${child.pid}/stat`
  if (!existsSync(file)) return undefined
  const stat = readFileSync(file, "utf8")
  // the fields after the command's closing parenthesis; utime and stime are the 12th and 13th of them
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
  return (Number(fields[11]) + Number(fields[12])) / 100
}

interface Rate {
  readonly perSecond: number
  /** the server's CPU microseconds per request, if known */
  readonly cpuUs: number | undefined
}

const rate = async (options: autocannon.Options, server: ChildProcess): Promise<Rate> => {
  const before = cpuSeconds(server)
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION_S, ...options })
  const after = cpuSeconds(server)
  if (result.errors + result.timeouts + result.non2xx > 0) {
    throw new Error(`${options.url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx`)
  }
  return {
    perSecond: result.requests.average,
    cpuUs: before === undefined || after === undefined ? undefined : ((after - before) * 1e6) / result.requests.total
  }
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
  const rounds: Array<{ hello: Rate; health: Rate; retrieve: Rate }> = []
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
        hello: await rate(cases.hello, hello.child),
        health: await rate(cases.health, sandbox.child),
        retrieve: await rate(cases.retrieve, sandbox.child)
      })
    }
  } finally {
    await stopServerProcess(hello.child)
    await stopServerProcess(sandbox.child)
  }
  const lines = readFileSync(log, "utf8").split("\n").filter((line) => line !== "")
  rmSync(dir, { recursive: true, force: true })
  const health = median(rounds.map((r) => r.health.perSecond / r.hello.perSecond))
  const retrieve = median(rounds.map((r) => r.retrieve.perSecond / r.hello.perSecond))
  const count = (n: number) => Math.round(n).toLocaleString("en")
  const perRound = rounds.map((r) =>
    `${count(r.hello.perSecond)} / ${count(r.health.perSecond)} / ${count(r.retrieve.perSecond)}`
  )
  // the bare handler's CPU per request ÷ the sandbox's: the requests a second each would answer on its own core
  const cpuRatio = (of: "health" | "retrieve") => {
    const ratios = rounds.flatMap((r) =>
      r.hello.cpuUs === undefined || r[of].cpuUs === undefined ? [] : [r.hello.cpuUs / r[of].cpuUs]
    )
    return ratios.length === 0 ? "" : `; by CPU time a request: ${median(ratios).toFixed(2)}×`
  }
  const cpu = rounds[0]!.hello.cpuUs === undefined ?
    "" :
    `; server CPU µs a request, median: ${
      (["hello", "health", "retrieve"] as const).map((k) => median(rounds.map((r) => r[k].cpuUs!)).toFixed(1)).join(
        " / "
      )
    }`
  const load = `load average ${loadBefore.toFixed(1)} before, ${os.loadavg()[0]!.toFixed(1)} after`
  return [
    {
      text:
        `requests a second, bare node:http / sandbox GET /health / retrieve checkout, ${CONNECTIONS} connections, ` +
        `${ROUNDS} rounds of ${DURATION_S} s: ${perRound.join("; ")}${cpu} (${load}); ` +
        `${lines.length.toLocaleString("en")} request log lines written`
    },
    {
      text: `GET /health with request ids and the JSON request log ÷ bare node:http: ${
        health.toFixed(2)
      }× the requests a second (median of ${ROUNDS} rounds; budget ≥ ${BUDGETS.health}×)${cpuRatio("health")}`,
      pass: health >= BUDGETS.health
    },
    {
      text: `retrieve checkout with request ids and the JSON request log ÷ bare node:http: ${
        retrieve.toFixed(2)
      }× the requests a second (median of ${ROUNDS} rounds; budget ≥ ${BUDGETS.retrieve}×)${cpuRatio("retrieve")}`,
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
