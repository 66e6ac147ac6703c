/**
 * A process the sandbox benchmarks load: `sandbox` runs the sandbox with one
 * merchant on a free loopback port and a SQLite file (argv[3]), or with the
 * merchants of a merchants file (argv[4], e.g. with webhook endpoints), on the
 * sandbox's own webhook delivery schedule; `hello` runs
 * a bare node:http handler answering a small JSON body, the baseline of the
 * same run. Prints `{ "url": … }` on its first line, then serves until killed.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { once } from "node:events"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { createInterface } from "node:readline"
import { fileURLToPath } from "node:url"
import { loadMerchants, startSandbox } from "../src/adapters/sandbox/index.ts"

export const BENCH_MERCHANT = { id: "merchant-bench", apiKey: "sk_bench_0123456789" }

/** Starts this script in its own process (`hello`, or `sandbox <database> [merchants file]`): its URL and process. */
export const startServerProcess = async (...args: Array<string>): Promise<{ url: string; child: ChildProcess }> => {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), ...args], {
    stdio: ["ignore", "pipe", "inherit"]
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
  const running = await startSandbox({
    merchants,
    port: 0,
    database: process.argv[3] ?? ":memory:",
    onError: (e) => console.error(e)
  })
  console.log(JSON.stringify({ url: running.url }))
  process.once("SIGTERM", () => void running.close().then(() => process.exit(0)))
}
