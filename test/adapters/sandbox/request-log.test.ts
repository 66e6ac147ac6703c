/**
 * Request ids and the request log, as a Stripe user expects them: every
 * answer carries a `Request-Id` (the client puts it on its errors), and the
 * one who runs the sandbox sees one line per request: time, request id,
 * merchant, method, path, status and milliseconds, as text or JSON.
 */
import { connect } from "node:net"
import { describe, expect, it } from "vitest"
import { createClient } from "../../../src/adapters/client/index.ts"
import {
  createSandbox,
  loadMerchants,
  type RequestLogEntry,
  sqliteStore,
  startSandbox
} from "../../../src/adapters/sandbox/index.ts"
import { A, BASE, checkoutRequest, credentials, MERCHANTS_FILE, NOW } from "./helpers.ts"

const merchants = loadMerchants({ merchants: [MERCHANTS_FILE.merchants[0]!] })
const REQUEST_ID = /^req_[A-Za-z0-9_-]{16,}$/

/** A sandbox whose store fails on reading a checkout (a 500), logging each request into `entries`. */
const sandboxLogging = () => {
  const entries: Array<RequestLogEntry> = []
  const store = sqliteStore(":memory:")
  const sandbox = createSandbox({
    store: {
      ...store,
      getCheckout: (id: string) => {
        if (id === "chk_broken") throw new Error("disk on fire")
        return store.getCheckout(id)
      }
    },
    merchants,
    now: () => NOW,
    allowedHosts: ["sandbox.test"],
    onError: () => undefined,
    onRequest: (entry) => entries.push(entry)
  })
  return { sandbox, entries }
}

describe("Request-Id", () => {
  it("every answer carries one, a new one each time: successes, refusals, replays and the sandbox's own failures", async () => {
    const { sandbox } = sandboxLogging()
    const json = { authorization: A, "content-type": "application/json" }
    const requests = [
      new Request(`${BASE}/health`),
      new Request(`${BASE}/health`, { method: "HEAD" }),
      new Request(`${BASE}/nowhere`),
      new Request(`${BASE}/api/v2/checkout`, { method: "DELETE" }),
      new Request(`${BASE}/api/v2/merchant/configuration`),
      new Request(`${BASE}/api/v2/merchant/configuration`, { headers: { authorization: credentials("x", "y") } }),
      new Request(`${BASE}/api/v2/checkout`, { method: "POST", headers: json, body: "{" }),
      new Request(`${BASE}/api/v2/checkout`, { method: "POST", headers: json, body: "{}" }),
      new Request(`${BASE}/api/v2/checkout/chk_broken`, { headers: { authorization: A } }),
      new Request("http://evil.example/health"),
      ...[1, 2].map(() =>
        new Request(`${BASE}/api/v2/checkout`, {
          method: "POST",
          headers: { ...json, "idempotency-key": "k1" },
          body: JSON.stringify(checkoutRequest())
        })
      )
    ]
    const answers = []
    for (const request of requests) answers.push(await sandbox.fetch(request))
    expect(answers.map((a) => a.status)).toEqual([200, 200, 404, 405, 401, 401, 400, 422, 500, 421, 201, 201])
    const ids = answers.map((a) => a.headers.get("request-id"))
    for (const id of ids) expect(id).toMatch(REQUEST_ID)
    expect(new Set(ids).size).toBe(ids.length)
    // the replay is a new answer: its own id, not the first one's kept with the key
    expect(answers[11]!.headers.get("idempotent-replayed")).toBe("true")
    sandbox.close()
  })

  it("the client puts it on its errors: the id of the answer that failed, in its message too", async () => {
    const { sandbox } = sandboxLogging()
    const ids: Array<string | null> = []
    const client = createClient({
      baseUrl: BASE,
      merchantId: MERCHANTS_FILE.merchants[0]!.id,
      apiKey: "sk_wrong_key_0123456789",
      retry: false,
      fetch: async (request) => {
        const answer = await sandbox.fetch(request)
        ids.push(answer.headers.get("request-id"))
        return answer
      }
    })
    const failure: unknown = await client.getMerchantConfiguration().then(() => undefined, (error: unknown) => error)
    expect(ids).toHaveLength(1)
    expect(ids[0]).toMatch(REQUEST_ID)
    expect(failure).toMatchObject({ status: 401, requestId: ids[0] })
    expect((failure as Error).message).toContain(`[request id ${ids[0]}]`)
    sandbox.close()
  })

  it("the Node server's own answers carry one too: a malformed request line", async () => {
    const running = await startSandbox({ merchants, port: 0 })
    try {
      const url = new URL(running.url)
      const head = await new Promise<string>((resolve, reject) => {
        const socket = connect(Number(url.port), url.hostname)
        let text = ""
        socket.on("data", (chunk: Buffer) => (text += chunk.toString()))
        socket.on("error", reject)
        socket.on("close", () => resolve(text))
        socket.write(`GET * HTTP/1.1\r\nhost: ${url.host}\r\nconnection: close\r\n\r\n`)
      })
      expect(head).toMatch(/^HTTP\/1\.1 400/)
      expect(/\r\nrequest-id: (\S+)\r\n/i.exec(head)?.[1]).toMatch(REQUEST_ID)
    } finally {
      await running.close()
    }
  })
})

describe("the request log", () => {
  it("onRequest: one entry per request, with its time, id, merchant, method, path, status and milliseconds", async () => {
    const { sandbox, entries } = sandboxLogging()
    const checked = await sandbox.fetch(
      new Request(`${BASE}/api/v2/checkout/chk_none?expand=x`, { headers: { authorization: A } })
    )
    await sandbox.fetch(new Request(`${BASE}/health`))
    await sandbox.fetch(new Request(`${BASE}/sandbox/clock`, { headers: { authorization: credentials("x", "y") } }))
    expect(entries).toHaveLength(3)
    expect(entries[0]).toEqual({
      time: new Date(NOW).toISOString(),
      requestId: checked.headers.get("request-id"),
      merchantId: "merchant-123",
      method: "GET",
      path: "/api/v2/checkout/chk_none?expand=x",
      status: 404,
      ms: expect.any(Number)
    })
    expect(entries[0]!.ms).toBeGreaterThanOrEqual(0)
    // no merchant where none was authenticated: the open endpoints, refused credentials
    expect(entries.slice(1).map((e) => [e.merchantId, e.path, e.status])).toEqual([
      [undefined, "/health", 200],
      [undefined, "/sandbox/clock", 401]
    ])
    sandbox.close()
  })

  it("startSandbox writes one line per request: JSON with log: \"json\", text with \"pretty\", nothing by default", async () => {
    for (const log of ["json", "pretty", "off", undefined] as const) {
      const written: Array<string> = []
      const running = await startSandbox({
        merchants,
        port: 0,
        now: () => NOW,
        ...(log !== undefined ? { log } : {}),
        logTo: (text) => written.push(text)
      })
      const ids: Array<string | null> = []
      try {
        for (const [path, auth] of [["/api/v2/merchant/configuration", A], ["/health", undefined]] as const) {
          const answer = await fetch(
            `${running.url}${path}`,
            auth !== undefined ? { headers: { authorization: auth } } : {}
          )
          ids.push(answer.headers.get("request-id"))
        }
      } finally {
        await running.close()
      }
      const lines = written.join("").split("\n").filter((line) => line !== "")
      if (log === "off" || log === undefined) {
        expect(lines, String(log)).toEqual([])
        continue
      }
      expect(lines, log).toHaveLength(2)
      if (log === "json") {
        expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual([
          {
            time: new Date(NOW).toISOString(),
            requestId: ids[0],
            merchantId: "merchant-123",
            method: "GET",
            path: "/api/v2/merchant/configuration",
            status: 200,
            ms: expect.any(Number)
          },
          {
            time: new Date(NOW).toISOString(),
            requestId: ids[1],
            merchantId: null,
            method: "GET",
            path: "/health",
            status: 200,
            ms: expect.any(Number)
          }
        ])
      } else {
        expect(lines[0]).toMatch(
          new RegExp(
            `^2026-11-22T00:00:00\\.000Z ${ids[0]} merchant-123 GET /api/v2/merchant/configuration 200 \\d+\\.\\d ms$`
          )
        )
        expect(lines[1]).toMatch(new RegExp(`^2026-11-22T00:00:00\\.000Z ${ids[1]} - GET /health 200 \\d+\\.\\d ms$`))
      }
    }
  })
})
