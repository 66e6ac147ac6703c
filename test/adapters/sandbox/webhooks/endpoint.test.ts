/**
 * The webhook endpoint API under odd input and the reach of deliveries:
 * a deeply nested `type` is a 422, bodies that are
 * not objects a 400; a generated secret is answered once and never kept for
 * an idempotent replay; URLs with credentials are refused; endpoints may
 * point only at the allowed targets (loopback by default), checked when they
 * are set (run time or merchants file) and again at every delivery.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import {
  createSandbox,
  loadMerchants,
  type SandboxOptions,
  type SandboxStore,
  sqliteStore
} from "../../../../src/adapters/sandbox/index.ts"
import { ValidationError } from "../../../../src/core/foundation/issues.ts"
import { waitFor } from "../../../wait.ts"
import { A, MERCHANTS_FILE, NOW } from "../helpers.ts"

const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
const merchants = loadMerchants({ merchants: [MERCHANTS_FILE.merchants[0]!] })

const cleanups: Array<() => unknown> = []
afterEach(async () => {
  for (const f of cleanups.splice(0).reverse()) await f()
})

const harness = (options: Partial<SandboxOptions> = {}, store: SandboxStore = sqliteStore(":memory:")) => {
  const sent: Array<string> = []
  const sandbox = createSandbox({
    store,
    merchants,
    now: () => NOW,
    onError: (e) => console.error(e),
    ...options,
    webhooks: {
      policy: { maxAttempts: 1, retryDelayMs: () => 10, timeoutMs: 500 },
      // nothing leaves the test: the transport records what would have been sent
      fetch: async (input) => {
        sent.push(typeof input === "string" ? input : input instanceof URL ? input.href : input.url)
        return new Response(null, { status: 204 })
      },
      ...options.webhooks
    }
  })
  cleanups.push(() => sandbox.close())
  const call = async (method: string, path: string, body?: string, headers: Record<string, string> = {}) => {
    const response = await sandbox.fetch(
      new Request(`http://sandbox.test${path}`, {
        method,
        headers: {
          authorization: A,
          ...(body !== undefined ? { "content-type": "application/json" } : {}),
          ...headers
        },
        ...(body !== undefined ? { body } : {})
      })
    )
    const text = await response.text()
    return { status: response.status, body: text === "" ? undefined : JSON.parse(text), text }
  }
  const deliveries = () =>
    waitFor(async () => {
      const log = (await call("GET", "/sandbox/webhook/deliveries")).body.deliveries as Array<any>
      return log.length > 0 && log.every((d) => d.state !== "pending") && log
    }, { what: "every delivery settled" })
  return { sandbox, call, sent, deliveries }
}

describe("odd input to the webhook endpoints", () => {
  it("a type nested 5,000 deep is a 422 naming the field, not a 500", async () => {
    const t = harness()
    await t.call("PUT", "/sandbox/webhook", JSON.stringify({ url: "http://127.0.0.1:4242/hooks", secret: SECRET }))
    const nested = await t.call("POST", "/sandbox/webhook/test", `{"type":${"[".repeat(5000)}1${"]".repeat(5000)}}`)
    expect(nested.status).toBe(422)
    expect(nested.body.issues).toEqual([{
      path: "type",
      code: "enum",
      rule: "webhooks",
      message: "must be an event type of the catalogue, got an array"
    }])
  })

  it("bodies that are not JSON objects (null, [], 123, \"x\") are refused with 400 malformed_json, never read as {}", async () => {
    const t = harness()
    await t.call("PUT", "/sandbox/webhook", JSON.stringify({ url: "http://127.0.0.1:4242/hooks", secret: SECRET }))
    for (const body of ["null", "[]", "123", "\"webhook.test\"", "true"]) {
      for (const [method, path] of [["POST", "/sandbox/webhook/test"], ["PUT", "/sandbox/webhook"]] as const) {
        const answer = await t.call(method, path, body)
        expect(answer.status, `${method} ${path} ${body}`).toBe(400)
        expect(answer.body.code).toBe("malformed_json")
        expect(answer.body.message).toMatch(/^The request body must be a JSON object, got /)
      }
    }
    expect((await t.call("GET", "/sandbox/webhook/deliveries")).body.deliveries).toEqual([])
  })

  it("a generated secret is answered once: an idempotent replay answers without it, and it is never kept for one", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sandbox-secret-"))
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
    const path = join(dir, "sandbox.sqlite")
    const t = harness({}, sqliteStore(path))
    const put = () =>
      t.call("PUT", "/sandbox/webhook", JSON.stringify({ url: "http://127.0.0.1:4242/hooks" }), {
        "idempotency-key": "set-endpoint"
      })
    const first = await put()
    expect(first.status).toBe(200)
    const secret = first.body.secret as string
    expect(secret).toMatch(/^whsec_/)
    const replay = await put()
    expect(replay.status).toBe(200)
    expect(replay.body).toEqual({ url: "http://127.0.0.1:4242/hooks", secretConfigured: true, source: "runtime" })
    t.sandbox.close()
    // the endpoint keeps it (the outbox signs with it); the idempotency table does not
    const { DatabaseSync } = await import("node:sqlite")
    const db = new DatabaseSync(path, { readOnly: true })
    const kept = db.prepare("SELECT body FROM idempotency").all() as Array<{ body: string }>
    db.close()
    expect(kept.length).toBe(1)
    expect(kept[0]!.body).not.toContain(secret.slice(6))
  })

  it("a URL with a user name or password is refused; the refusal does not show them", async () => {
    const t = harness()
    const refused = await t.call(
      "PUT",
      "/sandbox/webhook",
      JSON.stringify({ url: "http://alice:s3cret@127.0.0.1:4242/hooks", secret: SECRET })
    )
    expect(refused.status).toBe(422)
    expect(refused.body.issues.map((i: { path: string; code: string }) => `${i.path} ${i.code}`)).toEqual([
      "url format"
    ])
    expect(refused.text).not.toMatch(/alice|s3cret/)
  })

  it("an endpoint with credentials stored before they were refused is never sent to, nor shown in the log's errors", async () => {
    const store = sqliteStore(":memory:")
    store.webhooks!.putEndpoint("merchant-123", {
      url: "http://alice:s3cret@127.0.0.1:4242/hooks",
      secret: SECRET,
      updatedAt: NOW
    })
    const t = harness({}, store)
    expect((await t.call("POST", "/sandbox/webhook/test", "{}")).status).toBe(202)
    const [delivery] = await t.deliveries()
    expect(t.sent).toEqual([])
    expect(delivery.attempts[0].error).toBe("the endpoint's URL carries credentials (user:password@)")
  })
})

describe("where webhooks may go", () => {
  const put = (t: ReturnType<typeof harness>, url: string) =>
    t.call("PUT", "/sandbox/webhook", JSON.stringify({ url, secret: SECRET }))

  it("by default loopback only: 127.0.0.0/8, [::1], localhost, any port; anything else refused when set", async () => {
    const t = harness()
    for (
      const url of [
        "http://127.0.0.1:4242/h",
        "http://127.9.8.7/h",
        "http://[::1]:8080/h",
        "http://localhost:1/h",
        "https://LOCALHOST/h"
      ]
    ) {
      expect((await put(t, url)).status, url).toBe(200)
    }
    for (
      const url of [
        "http://10.0.0.5:22/h",
        "http://192.168.1.1/h",
        "http://example.com/h",
        "http://169.254.169.254/latest",
        "http://0.0.0.0:4010/h",
        "http://[fd00::1]/h",
        "http://localhost.evil.example/h"
      ]
    ) {
      const refused = await put(t, url)
      expect(refused.status, url).toBe(422)
      expect(refused.body.issues, url).toEqual([
        expect.objectContaining({ path: "url", code: "enum", rule: "sandbox" })
      ])
    }
    expect(t.sent).toEqual([])
  })

  it("webhookAllow names the targets: host[:port] entries, loopback, or * for any", async () => {
    const named = harness({ webhookAllow: ["hooks.test:8080", "[fd00::1]"] })
    expect((await put(named, "http://hooks.test:8080/h")).status).toBe(200)
    expect((await put(named, "http://HOOKS.test:8080/h")).status).toBe(200)
    expect((await put(named, "http://[fd00::1]:9/h")).status).toBe(200)
    expect((await put(named, "http://hooks.test:8081/h")).status).toBe(422)
    expect((await put(named, "http://hooks.test/h")).status).toBe(422)
    // loopback is one entry among others: left out, it is refused too
    expect((await put(named, "http://127.0.0.1:4242/h")).status).toBe(422)
    const https = harness({ webhookAllow: ["hooks.test:443"] })
    expect((await put(https, "https://hooks.test/h")).status).toBe(200)
    const anywhere = harness({ webhookAllow: ["*"] })
    expect((await put(anywhere, "http://10.0.0.5:22/h")).status).toBe(200)
  })

  it("malformed entries, and a merchants file's endpoint outside the list, are refused when the sandbox is created", () => {
    const create = (options: Partial<SandboxOptions>) => () =>
      createSandbox({ store: sqliteStore(":memory:"), merchants, ...options })
    expect(create({ webhookAllow: ["loopback", "http://x/", "host:99999", ""] })).toThrow(ValidationError)
    try {
      create({ webhookAllow: ["loopback", "http://x/", "host:99999", ""] })()
    } catch (e) {
      expect((e as ValidationError).issues.map((i) => `${i.path} ${i.code}`)).toEqual([
        "webhookAllow[1] format",
        "webhookAllow[2] format",
        "webhookAllow[3] format"
      ])
    }
    const elsewhere = loadMerchants({
      merchants: [
        MERCHANTS_FILE.merchants[1]!,
        { ...MERCHANTS_FILE.merchants[0]!, webhook: { url: "http://hooks.internal:8080/h", secret: SECRET } }
      ]
    })
    try {
      createSandbox({ store: sqliteStore(":memory:"), merchants: elsewhere })
      throw new Error("created")
    } catch (e) {
      expect(e).toBeInstanceOf(ValidationError)
      expect((e as ValidationError).issues).toEqual([expect.objectContaining({
        path: "merchants[1].webhook.url",
        code: "enum",
        rule: "sandbox"
      })])
    }
    const allowed = createSandbox({
      store: sqliteStore(":memory:"),
      merchants: elsewhere,
      webhookAllow: ["hooks.internal"]
    })
    allowed.close()
  })

  it("an endpoint stored under a wider list is not delivered to under a narrower one: the attempt says why", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sandbox-allow-"))
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
    const path = join(dir, "sandbox.sqlite")
    const wide = harness({ webhookAllow: ["*"] }, sqliteStore(path))
    expect((await put(wide, "http://10.0.0.5:22/h")).status).toBe(200)
    wide.sandbox.close()
    const narrow = harness({}, sqliteStore(path))
    expect((await narrow.call("POST", "/sandbox/webhook/test", "{}")).status).toBe(202)
    const [delivery] = await narrow.deliveries()
    expect(narrow.sent).toEqual([])
    expect(delivery).toMatchObject({ state: "failed" })
    expect(delivery.attempts[0]).toMatchObject({
      status: null,
      error: "target not allowed: 10.0.0.5:22 is not in webhookAllow (loopback)"
    })
  })
})
