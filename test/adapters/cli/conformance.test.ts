/**
 * `payment-plan conformance`, run in this process (in-process.ts) against the sandbox over HTTP:
 * exit 0 and the contract's JSON when everything agrees, exit 1 with the
 * disagreement when a proxy alters a field, exit 2 with a clear message (never
 * a stack trace) for a usage error, a service that is down, answers 500s or
 * refuses the key.
 */
import { readFileSync } from "node:fs"
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createSandbox, sqliteStore } from "../../../src/adapters/sandbox/index.ts"
import { API_KEY, MERCHANT_ID, MERCHANTS, mutated, REPORT_KEYS, ZONE } from "../../conformance/helpers.ts"
import { useInProcessCli } from "./in-process.ts"

const { cli, built } = useInProcessCli()

/** Node's request as a web Request, the handler's Response written back. */
const bridge =
  (handler: (request: Request) => Promise<Response>, origin: () => string) =>
  async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Array<Buffer> = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = chunks.length === 0 ? undefined : Buffer.concat(chunks)
    const headers = new Headers()
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value)
    const response = await handler(
      new Request(`${origin()}${req.url}`, {
        method: req.method ?? "GET",
        headers,
        ...(body === undefined ? {} : { body })
      })
    )
    res.writeHead(response.status, Object.fromEntries(response.headers))
    res.end(Buffer.from(await response.arrayBuffer()))
  }

/** Serves `handler` on a free port of 127.0.0.1. */
const serve = async (handler: (request: Request) => Promise<Response>): Promise<{ url: string; server: Server }> => {
  let url = ""
  const server = createServer(bridge(handler, () => url))
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { url, server }
}

const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()))

const sandbox = createSandbox({ store: sqliteStore(":memory:"), merchants: MERCHANTS, onError: () => undefined })
let good: { url: string; server: Server }
let wrong: { url: string; server: Server }
let failing: { url: string; server: Server }

beforeAll(async () => {
  good = await serve(sandbox.fetch)
  wrong = await serve(
    mutated(
      sandbox.fetch,
      (r) => r.method === "POST" && new URL(r.url).pathname === "/api/v2/checkout",
      (b) => {
        if (b.totalMinimumDeposit > 0) b.totalMinimumDeposit += 40
      }
    )
  )
  failing = await serve(async () =>
    new Response("<html>Bad gateway</html>", { status: 502, headers: { "content-type": "text/html" } })
  )
})

afterAll(async () => {
  await Promise.all([close(good.server), close(wrong.server), close(failing.server)])
  sandbox.close()
})

const args = (url: string, more: ReadonlyArray<string> = [], key = API_KEY) => [
  "conformance",
  "--base-url",
  url,
  "--merchant-id",
  MERCHANT_ID,
  "--api-key",
  key,
  "--rps",
  "1000",
  "--tz",
  ZONE,
  ...more
]

const noStack = (text: string) => expect(text).not.toMatch(/\n\s+at /)

describe("payment-plan conformance", () => {
  it("exit 0 and the contract's JSON when every check agrees", async () => {
    const ran = await cli(args(good.url, ["--runs", "40", "--seed", "3", "--format", "json"]))
    expect(ran.stderr).toBe("")
    expect(ran.code).toBe(0)
    const json = JSON.parse(ran.stdout)
    expect(Object.keys(json)).toEqual(REPORT_KEYS)
    expect(json.groups.map((g: { group: string; status: string }) => `${g.group} ${g.status}`)).toEqual(
      ["create", "terms", "refund", "verify", "search", "plans", "notes"].map((g) => `${g} ran`)
    )
    expect(json).toMatchObject({ seed: 3, failed: 0, disagreements: [] })
    expect(json.runs).toBeGreaterThan(30)
    expect(json.passed).toBe(json.runs)
  })

  it("the documentation's example (--runs 5) runs every group and exits 0; none is skipped, no reason is undefined", async () => {
    const ran = await cli(args(good.url, ["--runs", "5"]))
    expect([ran.code, ran.stderr]).toEqual([0, ""])
    for (const group of ["create", "terms", "refund", "verify", "search", "plans", "notes"]) {
      expect(ran.stdout).toMatch(new RegExp(`^${group}\\s+ran\\s+[1-9]`, "m"))
    }
    expect(ran.stdout).not.toMatch(/undefined|could not run|incomplete/)
  })

  it("exit 1 when a boundary class is left unreached under --min-coverage, with the classes on stderr", async () => {
    const ran = await cli(args(good.url, ["--runs", "2", "--only", "create", "--min-coverage"]))
    expect(ran.code).toBe(1)
    expect(ran.stderr).toMatch(
      /^payment-plan: the run is incomplete: \d+ boundary class\(es\) reached fewer than 1 time\(s\) \(--min-coverage\): R\d/
    )
  })

  it("a table by rule on the terminal, and an HTML report", async () => {
    const report = `${built().directory}/report.html`
    const ran = await cli(args(good.url, ["--runs", "20", "--seed", "4", "--only", "create,terms", "--report", report]))
    expect(ran.code).toBe(0)
    expect(ran.stdout).toMatch(/^rule\s+checks\s+agreed\s+disagreed$/m)
    expect(ran.stdout).toMatch(/^R2\.3\s+\d+\s+\d+\s+0$/m)
    expect(readFileSync(report, "utf8")).toMatch(/Every check agrees/)
  })

  it("exit 1 with the disagreement's rule, field and smallest request when a field is altered", async () => {
    const report = `${built().directory}/mutation.html`
    const ran = await cli(args(wrong.url, ["--runs", "30", "--seed", "5", "--format", "json", "--report", report]))
    expect(ran.code).toBe(1)
    expect(ran.stderr).toBe(
      "payment-plan: 1 disagreement(s) with the rules; root cause(s): R2.3 createCheckout totalMinimumDeposit\n"
    )
    const json = JSON.parse(ran.stdout)
    expect(json.failed).toBeGreaterThan(0)
    expect(json.disagreements).toHaveLength(1)
    const [d] = json.disagreements
    expect(d).toMatchObject({ rule: "R2.3", operation: "createCheckout", field: "totalMinimumDeposit" })
    expect(d.actual).toBe(d.expected + 40)
    expect(d.request).toMatchObject({ method: "POST", path: "/api/v2/checkout" })
    expect(d.request.body.merchantOrderId).toMatch(/^conformance-/)
    expect(d.response.status).toBe(201)
    const html = readFileSync(report, "utf8")
    expect(html).toMatch(/R2\.3/)
    for (const text of [ran.stdout, ran.stderr, html]) expect(text).not.toContain(API_KEY)
  })

  it("exit 2 when the service is down, answers 5xx, or refuses the key; never a stack trace", async () => {
    const stopped = await serve(sandbox.fetch)
    await close(stopped.server)
    const down = await cli(args(stopped.url, ["--runs", "5"]))
    expect(down.code).toBe(2)
    expect(down.stderr).toMatch(/^payment-plan: cannot reach http:\/\/127\.0\.0\.1:\d+: connect ECONNREFUSED .+\n$/)
    expect(down.stdout).toBe("")

    const fivexx = await cli(args(failing.url, ["--runs", "5"]))
    expect(fivexx.code).toBe(2)
    expect(fivexx.stderr).toMatch(/answered 502 to GET merchant configuration/)

    const key = await cli(args(good.url, ["--runs", "5"], "sk_wrong_0000"))
    expect(key.code).toBe(2)
    expect(key.stderr).toMatch(/refused the credentials of merchant merchant-conformance \(401\)/)
    expect(key.stderr + key.stdout).not.toContain("sk_wrong_0000")
    for (const ran of [down, fivexx, key]) noStack(ran.stderr)
  })

  it("exit 2 for usage errors", async () => {
    for (
      const argv of [
        ["conformance", "--merchant-id", MERCHANT_ID, "--api-key", API_KEY],
        args(good.url, ["--runs", "0"]),
        args(good.url, ["--only", "create,nonsense"]),
        args(good.url, ["--format", "xml"]),
        args("ftp://nowhere", [])
      ]
    ) {
      const ran = await cli(argv)
      expect(ran.code, argv.join(" ")).toBe(2)
      expect(ran.stderr).not.toBe("")
      noStack(ran.stderr)
    }
  })
})
