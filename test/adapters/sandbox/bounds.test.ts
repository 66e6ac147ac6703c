/**
 * Bounds, each documented in docs/sandbox.md: idempotency
 * keys of 1 to 255 characters, kept for authenticated requests only, for 24
 * hours of the sandbox's base clock and cleared by `/sandbox/reset`; a
 * webhook URL of at most 2,048 characters; request headers and bodies that
 * never finish arriving are cut off (408) after short configured limits.
 */
import { once } from "node:events"
import { mkdtempSync, rmSync } from "node:fs"
import { connect } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { DatabaseSync } from "node:sqlite"
import { afterAll, describe, expect, it } from "vitest"
import {
  DEFAULT_HEADERS_TIMEOUT_MS,
  DEFAULT_REQUEST_TIMEOUT_MS,
  loadMerchants,
  sqliteStore,
  startSandbox
} from "../../../src/adapters/sandbox/index.ts"
import { checkoutRequest, createCheckout, makeSandbox, MERCHANTS_FILE } from "./helpers.ts"

const directory = mkdtempSync(join(tmpdir(), "sandbox-bounds-"))
afterAll(() => rmSync(directory, { recursive: true, force: true }))

const DAY = 24 * 60 * 60 * 1000

/** A sandbox on a SQLite file, and the number of idempotency rows in it. */
const onFile = (name: string) => {
  const path = join(directory, `${name}.sqlite`)
  const t = makeSandbox(sqliteStore(path))
  const keysKept = () => {
    const db = new DatabaseSync(path, { readOnly: true })
    try {
      return Number((db.prepare("SELECT count(*) AS n FROM idempotency").get() as { n: number }).n)
    } finally {
      db.close()
    }
  }
  return { ...t, keysKept }
}

describe("idempotency keys", () => {
  it("1 to 255 characters; a longer or empty key is refused (400) before anything is done", async () => {
    const t = makeSandbox()
    const longest = "k".repeat(255)
    const first = await t.call("POST", "/api/v2/checkout", {
      body: checkoutRequest(),
      headers: { "idempotency-key": longest }
    })
    expect(first.status).toBe(201)
    const replay = await t.call("POST", "/api/v2/checkout", {
      body: checkoutRequest(),
      headers: { "idempotency-key": longest }
    })
    expect(replay.headers.get("idempotent-replayed")).toBe("true")
    for (const [key, code] of [["k".repeat(256), "too_long"], ["", "too_short"]] as const) {
      const refused = await t.call("POST", "/api/v2/checkout", {
        body: checkoutRequest(),
        headers: { "idempotency-key": key }
      })
      expect(refused.status).toBe(400)
      expect(refused.body).toMatchObject({
        code: "bad_request",
        issues: [{ path: "headers.idempotency-key", code, rule: "sandbox" }]
      })
    }
  })

  it("kept for authenticated requests only: not for the widget's calls, not for refused credentials", async () => {
    const t = onFile("authenticated-only")
    const checkout = await createCheckout(t)
    const key = { "idempotency-key": "widget-1" }
    expect((await t.call("POST", "/widget/api/checkouts/chk_nope/cancel", { auth: null, headers: key })).status).toBe(
      404
    )
    expect((await t.call("POST", `/widget/api/checkouts/${checkout.id}/cancel`, { auth: null, headers: key })).status)
      .toBe(200)
    expect((await t.call("POST", "/api/v2/checkout", { auth: null, body: checkoutRequest(), headers: key })).status)
      .toBe(
        401
      )
    expect(t.keysKept()).toBe(0)
    expect((await t.call("POST", "/api/v2/checkout", { body: checkoutRequest(), headers: key })).status).toBe(201)
    expect(t.keysKept()).toBe(1)
  })

  it("kept 24 hours of the base clock, then forgotten; cleared by /sandbox/reset", async () => {
    const t = onFile("retention")
    const key = { "idempotency-key": "order-1" }
    const first = await t.call("POST", "/api/v2/checkout", { body: checkoutRequest(), headers: key })
    t.clock.now += DAY - 1
    const within = await t.call("POST", "/api/v2/checkout", { body: checkoutRequest(), headers: key })
    expect(within.body.id).toBe(first.body.id)
    expect(
      (await t.call("POST", "/api/v2/checkout", { body: checkoutRequest({ merchantOrderId: "o2" }), headers: key }))
        .status
    ).toBe(409)
    t.clock.now += 1
    // 24 hours on: the key is new again, and the old row is gone
    const after = await t.call("POST", "/api/v2/checkout", {
      body: checkoutRequest({ merchantOrderId: "o2" }),
      headers: key
    })
    expect(after.status).toBe(201)
    expect(after.body.id).not.toBe(first.body.id)
    expect(t.keysKept()).toBe(1)
    // a test-clock advance is sandbox time, not the keys' clock
    await t.call("POST", "/sandbox/clock/advance", { body: { days: 3 } })
    expect(
      (await t.call("POST", "/api/v2/checkout", { body: checkoutRequest({ merchantOrderId: "o2" }), headers: key }))
        .headers.get("idempotent-replayed")
    ).toBe("true")
    expect((await t.call("POST", "/sandbox/reset")).status).toBe(200)
    expect(t.keysKept()).toBe(0)
    const afterReset = await t.call("POST", "/api/v2/checkout", {
      body: checkoutRequest({ merchantOrderId: "o3" }),
      headers: key
    })
    expect(afterReset.status).toBe(201)
  })

  it("expired keys are deleted from the file as new ones are kept", async () => {
    const t = onFile("purge")
    await t.call("POST", "/api/v2/checkout", { body: checkoutRequest(), headers: { "idempotency-key": "a" } })
    await t.call("POST", "/api/v2/checkout", { body: checkoutRequest(), headers: { "idempotency-key": "b" } })
    expect(t.keysKept()).toBe(2)
    t.clock.now += DAY + 2 * 60 * 1000
    await t.call("POST", "/api/v2/checkout", { body: checkoutRequest(), headers: { "idempotency-key": "c" } })
    expect(t.keysKept()).toBe(1)
  })

  it("a file of an earlier version (keys without their age) is opened, its keys counting as expired", () => {
    const path = join(directory, "old.sqlite")
    const db = new DatabaseSync(path)
    db.exec(
      "CREATE TABLE idempotency (scope TEXT NOT NULL, key TEXT NOT NULL, fingerprint TEXT NOT NULL, status INTEGER NOT NULL, body TEXT NOT NULL, PRIMARY KEY (scope, key))"
    )
    db.prepare("INSERT INTO idempotency VALUES (?, ?, ?, ?, ?)").run("merchant-123", "k", "f", 201, "{}")
    db.close()
    const store = sqliteStore(path)
    expect(store.getIdempotent("merchant-123", "k")).toEqual({
      fingerprint: "f",
      status: 201,
      body: "{}",
      createdAt: 0
    })
    store.close()
  })
})

describe("webhook URL length", () => {
  it("at most 2,048 characters, as the service's own URL fields", async () => {
    const t = makeSandbox()
    const base = "http://127.0.0.1:4242/"
    const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
    const longest = `${base}${"a".repeat(2048 - base.length)}`
    expect((await t.call("PUT", "/sandbox/webhook", { body: { url: longest, secret } })).status).toBe(200)
    const tooLong = await t.call("PUT", "/sandbox/webhook", { body: { url: `${longest}a`, secret } })
    expect(tooLong.status).toBe(422)
    expect(tooLong.body.issues).toEqual([{
      path: "url",
      code: "too_long",
      rule: "webhooks",
      message: "must have at most 2048 characters, got 2049"
    }])
    // a megabyte-long one is refused the same way, never stored
    const huge = await t.call("PUT", "/sandbox/webhook", { body: { url: `${base}${"a".repeat(1_000_000)}`, secret } })
    expect(huge.body.issues.map((i: { code: string }) => i.code)).toEqual(["too_long"])
    expect((await t.call("GET", "/sandbox/webhook")).body.url).toBe(longest)
  })
})

describe("request timeouts", () => {
  it("headers or a body that never finish arriving are answered 408 and the connection closed", async () => {
    const running = await startSandbox({
      merchants: loadMerchants({ merchants: [MERCHANTS_FILE.merchants[0]!] }),
      port: 0,
      headersTimeoutMs: 150,
      requestTimeoutMs: 300
    })
    const hang = async (written: string) => {
      const url = new URL(running.url)
      const socket = connect(Number(url.port), url.hostname)
      let answer = ""
      socket.on("data", (chunk: Buffer) => (answer += chunk.toString()))
      socket.on("error", () => undefined)
      socket.write(written)
      await once(socket, "close")
      return answer
    }
    try {
      // unfinished headers
      expect(await hang(`GET /health HTTP/1.1\r\nhost: ${new URL(running.url).host}\r\nx-slow: `)).toMatch(
        /^HTTP\/1\.1 408/
      )
      // a body announced and never sent
      expect(
        await hang(
          `POST /api/v2/checkout HTTP/1.1\r\nhost: ${
            new URL(running.url).host
          }\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"merchantId":`
        )
      ).toMatch(/^HTTP\/1\.1 408/)
      // the server still answers others
      expect((await fetch(`${running.url}/health`)).status).toBe(200)
    } finally {
      await running.close()
    }
  })

  it("by default 10 s for the headers and 30 s for the whole request (Node's are 60 s and 300 s)", async () => {
    const running = await startSandbox({ merchants: [], port: 0 })
    try {
      expect([running.server.headersTimeout, running.server.requestTimeout]).toEqual([
        DEFAULT_HEADERS_TIMEOUT_MS,
        DEFAULT_REQUEST_TIMEOUT_MS
      ])
      expect([DEFAULT_HEADERS_TIMEOUT_MS, DEFAULT_REQUEST_TIMEOUT_MS]).toEqual([10_000, 30_000])
    } finally {
      await running.close()
    }
  })
})
