/**
 * A process the sandbox benchmarks load: `sandbox` runs the sandbox with one
 * merchant on a free loopback port and a SQLite file (argv[3]), or with the
 * merchants of a merchants file (argv[4], e.g. with webhook endpoints), on the
 * sandbox's own webhook delivery schedule, its request log on as
 * `payment-plan serve --log json 2> file` writes it (JSON lines to the file
 * named by SANDBOX_BENCH_LOG, else none); `hello` runs a bare node:http
 * handler answering a small JSON body, the baseline of the same run. Prints
 * `{ "url": … }` on its first line, then serves until killed. `flood <url>
 * <connections> <merchant id>…` is a client instead: it asks the sandbox's
 * merchant configuration over that many connections, each request with a
 * fresh wrong key for one of the ids, until killed; then it prints the count
 * of each status it was answered.
 */
import autocannon from "autocannon"
import { type ChildProcess, spawn } from "node:child_process"
import { randomBytes } from "node:crypto"
import { once } from "node:events"
import { closeSync, openSync, writeSync } from "node:fs"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { createInterface } from "node:readline"
import { fileURLToPath } from "node:url"
import { loadMerchants, startSandbox } from "../src/adapters/sandbox/index.ts"

export const BENCH_MERCHANT = { id: "merchant-bench", apiKey: "sk_bench_0123456789" }

/**
 * Starts this script in its own process (`hello`, or `sandbox <database> [merchants file]`), with more
 * environment variables if the first argument gives them: its URL and process.
 */
export const startServerProcess = async (
  ...given: [Readonly<Record<string, string>>, ...Array<string>] | Array<string>
): Promise<{ url: string; child: ChildProcess }> => {
  const [head, ...rest] = given
  const env = typeof head === "object" ? head : {}
  const args = typeof head === "object" ? (rest as Array<string>) : (given as Array<string>)
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), ...args], {
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, ...env }
  })
  const lines = createInterface({ input: child.stdout! })
  const [first] = (await once(lines, "line")) as [string]
  lines.close()
  return { url: (JSON.parse(first) as { url: string }).url, child }
}

/** Stops a process of {@link startServerProcess} (SIGTERM: the sandbox closes its store) and waits for it. */
export const stopServerProcess = async (child: ChildProcess): Promise<void> => {
  if (child.exitCode !== null) return
  child.kill("SIGTERM")
  await once(child, "exit")
}

// run only as the benchmark's child process, never when imported for BENCH_MERCHANT
const mode = import.meta.main ? process.argv[2] : undefined
if (mode === "hello") {
  const body = JSON.stringify({ status: "ok" })
  const server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(body) })
    res.end(body)
  })
  server.listen(0, "127.0.0.1", () => {
    const { port } = server.address() as AddressInfo
    console.log(JSON.stringify({ url: `http://127.0.0.1:${port}` }))
  })
} else if (mode === "flood") {
  const [url, connections, ...ids] = process.argv.slice(3) as [string, string, ...Array<string>]
  let sent = 0
  const instance = autocannon({
    url: `${url}/api/v2/merchant/configuration`,
    connections: Number(connections),
    duration: 3600,
    requests: [{
      setupRequest: (request) => {
        const id = ids[sent++ % ids.length]!
        const key = `sk_flood_${randomBytes(12).toString("base64url")}`
        return { ...request, headers: { authorization: `Basic ${Buffer.from(`${id}:${key}`).toString("base64")}` } }
      }
    }]
  }, (_error, result) => {
    console.log(JSON.stringify({ statuses: result.statusCodeStats, seconds: result.duration }))
    process.exit(0)
  })
  console.log(JSON.stringify({ url }))
  process.once("SIGTERM", () => instance.stop())
} else if (mode === "sandbox") {
  const file = process.argv[4]
  const merchants = file !== undefined ? file : loadMerchants({
    merchants: [
      {
        id: BENCH_MERCHANT.id,
        apiKey: BENCH_MERCHANT.apiKey,
        timeZone: "Australia/Sydney",
        currencies: [{ currencyCode: "AUD", minimumPaymentAmount: 1, maximumPaymentAmount: 50_000 }]
      }
    ]
  })
  const logFile = process.env["SANDBOX_BENCH_LOG"]
  // as standard error redirected to a file writes: synchronously
  const fd = logFile === undefined ? undefined : openSync(logFile, "a")
  const running = await startSandbox({
    merchants,
    port: 0,
    database: process.argv[3] ?? ":memory:",
    onError: (e) => console.error(e),
    ...(fd !== undefined ? { log: "json" as const, logTo: (text: string) => void writeSync(fd, text) } : {})
  })
  console.log(JSON.stringify({ url: running.url }))
  process.once("SIGTERM", () =>
    void running.close().then(() => {
      if (fd !== undefined) closeSync(fd)
      process.exit(0)
    }))
}
