/**
 * The hosts a sandbox answers for, and the address it writes. A `Host` the
 * sandbox does not accept is refused (421) before anything else, so a page
 * of another site that rebinds its name to 127.0.0.1 reaches nothing; every
 * URL the sandbox writes (`widgetUrl`, `scriptUrl`, a plan's `checkoutUrl`,
 * the notes' links, the page's configuration and policy) is built from its
 * public URL, never from the `Host` of the request that wrote it.
 */
import { request as httpRequest } from "node:http"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  createSandbox,
  loadMerchants,
  type RunningSandbox,
  sqliteStore,
  startSandbox
} from "../../../src/adapters/sandbox/index.ts"
import { OPERATIONS, ROUTE_TABLE, type RouteEntry } from "../../../src/core/wire/routes.ts"
import { newLog, validatingFetch } from "../../core/wire/exchanges.ts"
import { A, BASE, checkoutRequest, MERCHANTS_FILE, NOW } from "./helpers.ts"

const merchants = loadMerchants({ merchants: [MERCHANTS_FILE.merchants[0]!] })

interface Answer {
  readonly status: number
  readonly headers: Readonly<Record<string, string | Array<string> | undefined>>
  readonly body: any
}

/** One request to a running sandbox with the `Host` header given (fetch does not let a caller set it). */
const send = (
  running: RunningSandbox,
  method: string,
  path: string,
  options: { readonly host: string; readonly auth?: string; readonly body?: unknown }
): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const body = options.body === undefined ? undefined : JSON.stringify(options.body)
    const req = httpRequest(`${running.url}${path}`, {
      method,
      headers: {
        host: options.host,
        ...(options.auth !== undefined ? { authorization: options.auth } : {}),
        ...(body !== undefined ? { "content-type": "application/json" } : {})
      }
    })
    req.on("response", (res) => {
      const chunks: Array<Buffer> = []
      res.on("data", (chunk: Buffer) => chunks.push(chunk))
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8")
        let parsed: unknown = text
        try {
          parsed = JSON.parse(text)
        } catch {
          // the page and the script stay text
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: parsed })
      })
    })
    req.on("error", reject)
    req.end(body)
  })

const PLAN_TERMS = (checkoutId: string) => ({
  card: "4242424242424242",
  planTerms: {
    checkoutId,
    type: "plan",
    timeZone: "Australia/Sydney",
    installments: { cadence: { frequency: "Fortnightly", on: { dayOfWeek: "Friday" } } }
  }
})

describe("accepted hosts", () => {
  let running: RunningSandbox
  let port = ""
  beforeAll(async () => {
    running = await startSandbox({ merchants, port: 0, now: () => NOW })
    port = new URL(running.url).port
  })
  afterAll(() => running?.close())

  it("a Host outside the accepted ones is refused with 421 and a one-line reason, before credentials and routes", async () => {
    for (const host of ["evil.example", `rebind.attacker.example:${port}`, "192.168.1.20", `[fd00::1]:${port}`]) {
      // the published credentials and a route that exists do not matter: the host is refused first
      const refused = await send(running, "GET", "/api/v2/merchant/configuration", { host, auth: A })
      expect(refused.status, host).toBe(421)
      expect(refused.body.code, host).toBe("misdirected_request")
      expect(refused.body.message, host).not.toContain("\n")
      expect(refused.body.message, host).toContain(`${new URL(`http://${host}`).hostname}`)
      expect(refused.body.message, host).toContain("--allowed-host")
      expect((await send(running, "GET", "/health", { host })).status, host).toBe(421)
    }
  })

  it("by default the loopback names and the bound address are accepted, on any port", async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, "localhost", `[::1]:${port}`, `127.0.0.2:${port}`]) {
      expect((await send(running, "GET", "/health", { host })).status, host).toBe(200)
      expect((await send(running, "GET", "/api/v2/merchant/configuration", { host, auth: A })).status, host).toBe(200)
    }
  })

  it("allowedHosts (--allowed-host) adds names to the loopback ones; `*` accepts any host", async () => {
    const named = await startSandbox({ merchants, port: 0, allowedHosts: ["staging.internal", "ci.test:8080"] })
    try {
      expect((await send(named, "GET", "/health", { host: "staging.internal:4010" })).status).toBe(200)
      expect((await send(named, "GET", "/health", { host: "ci.test:8080" })).status).toBe(200)
      expect((await send(named, "GET", "/health", { host: "ci.test:8081" })).status).toBe(421)
      expect((await send(named, "GET", "/health", { host: "other.internal" })).status).toBe(421)
      expect((await send(named, "GET", "/health", { host: "localhost" })).status).toBe(200)
    } finally {
      await named.close()
    }
    const any = await startSandbox({ merchants, port: 0, allowedHosts: ["*"] })
    try {
      expect((await send(any, "GET", "/health", { host: "anything.example" })).status).toBe(200)
    } finally {
      await any.close()
    }
  })

  it("a malformed allowed host is refused when the sandbox starts, naming the entry", async () => {
    await expect(startSandbox({ merchants, port: 0, allowedHosts: ["http://x.test/"] })).rejects.toMatchObject({
      _tag: "ValidationError",
      issues: [{ path: "allowedHosts[0]", code: "format" }]
    })
  })
})

describe("the public URL writes every address", () => {
  it("without one, the sandbox writes its own address whatever accepted Host the request named", async () => {
    const running = await startSandbox({ merchants, port: 0, now: () => NOW })
    try {
      const host = `localhost:${new URL(running.url).port}`
      const created = await send(running, "POST", "/api/v2/checkout", { host, auth: A, body: checkoutRequest() })
      expect(created.status).toBe(201)
      expect(created.body.widgetUrl).toBe(`${running.url}/widget/checkout/${created.body.id}`)
      expect(created.body.checkoutWorkflow.sdkWidget.scriptUrl).toBe(`${running.url}/widget/sdk.js`)
    } finally {
      await running.close()
    }
  })

  it("with one, every URL the sandbox writes starts with it, and its host is accepted", async () => {
    const publicUrl = "https://staging.example/pp"
    const running = await startSandbox({ merchants, port: 0, now: () => NOW, publicUrl })
    try {
      const port = new URL(running.url).port
      // reached through a proxy that keeps the path, and directly on loopback without it
      const proxied = { host: "staging.example", auth: A }
      const created = await send(running, "POST", "/pp/api/v2/checkout", { ...proxied, body: checkoutRequest() })
      expect(created.status).toBe(201)
      const id = created.body.id as string
      expect(created.body.widgetUrl).toBe(`${publicUrl}/widget/checkout/${id}`)
      expect(created.body.checkoutWorkflow.sdkWidget.scriptUrl).toBe(`${publicUrl}/widget/sdk.js`)
      const local = `127.0.0.1:${port}`
      const page = await send(running, "GET", `/widget/checkout/${id}`, { host: local })
      expect(page.body).toContain(`"baseUrl":"${publicUrl}"`)
      // the policy names the origin: the page's calls go to the public URL
      expect(page.headers["content-security-policy"]).toContain("connect-src 'self' https://staging.example;")
      expect((await send(running, "GET", "/widget/sdk.js", { host: local })).body).toContain(JSON.stringify(publicUrl))
      const completed = await send(running, "POST", `/widget/api/checkouts/${id}/complete`, {
        host: `localhost:${port}`,
        body: PLAN_TERMS(id)
      })
      expect(completed.status).toBe(200)
      const planId = completed.body.planId as string
      const plan = await send(running, "GET", `/api/v2/plans/${planId}`, { host: local, auth: A })
      expect(plan.body.checkoutUrl).toBe(`${publicUrl}/widget/checkout/${id}`)
      for (const note of ["first", "second"]) {
        await send(running, "POST", `/sandbox/plans/${planId}/notes`, { host: local, auth: A, body: { note } })
      }
      const notes = await send(running, "GET", `/api/v2/plans/${planId}/notes?pageSize=1`, { host: local, auth: A })
      expect(notes.body.links.next).toBe(`${publicUrl}/api/v2/plans/${planId}/notes?pageSize=1&pageOffset=1`)
    } finally {
      await running.close()
    }
  })

  it("a public URL that is not an absolute http(s) URL is refused when the sandbox starts", async () => {
    for (const publicUrl of ["staging.example", "/pp", "ftp://staging.example", "https://staging.example/?q=1"]) {
      await expect(startSandbox({ merchants, port: 0, publicUrl }), publicUrl).rejects.toMatchObject({
        _tag: "ValidationError",
        issues: [{ path: "publicUrl", code: "format" }]
      })
    }
  })
})

describe("the handler", () => {
  it("the customer's call never writes its own Host: the plan's checkoutUrl is the checkout's widgetUrl", async () => {
    const sandbox = createSandbox({ store: sqliteStore(":memory:"), merchants, now: () => NOW })
    try {
      const created = await sandbox.fetch(
        new Request(`${BASE}/api/v2/checkout`, {
          method: "POST",
          headers: { authorization: A, "content-type": "application/json" },
          body: JSON.stringify(checkoutRequest())
        })
      )
      const checkout = (await created.json()) as { id: string; widgetUrl: string }
      // the customer's payment needs no credentials: anyone may send it, with any Host
      const completed = await sandbox.fetch(
        new Request(`http://evil.example/widget/api/checkouts/${checkout.id}/complete`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(PLAN_TERMS(checkout.id))
        })
      )
      expect(completed.status).toBe(200)
      const { planId } = (await completed.json()) as { planId: string }
      const plan = await sandbox.fetch(new Request(`${BASE}/api/v2/plans/${planId}`, { headers: { authorization: A } }))
      const record = (await plan.json()) as { checkoutUrl: string }
      expect(record.checkoutUrl).toBe(checkout.widgetUrl)
      const search = await sandbox.fetch(new Request(`${BASE}/api/v2/plans`, { headers: { authorization: A } }))
      expect(JSON.stringify(await search.json())).not.toContain("evil.example")
    } finally {
      sandbox.close()
    }
  })

  it("allowedHosts refuses any other host with 421; without it the handler answers any (it does not know where it is served)", async () => {
    const guarded = createSandbox({ store: sqliteStore(":memory:"), merchants, allowedHosts: ["sandbox.test"] })
    const open = createSandbox({ store: sqliteStore(":memory:"), merchants })
    try {
      expect((await guarded.fetch(new Request(`${BASE}/health`))).status).toBe(200)
      const refused = await guarded.fetch(new Request("http://evil.example/health"))
      expect(refused.status).toBe(421)
      expect(await refused.json()).toMatchObject({ code: "misdirected_request" })
      expect((await open.fetch(new Request("http://evil.example/health"))).status).toBe(200)
    } finally {
      guarded.close()
      open.close()
    }
  })

  it("the 421 is an answer the OpenAPI document declares for every operation (Prism's validators judge it)", async () => {
    const sandbox = createSandbox({ store: sqliteStore(":memory:"), merchants, allowedHosts: ["sandbox.test"] })
    // the request is not the point (a 421 reads nothing of it): only the answer is judged
    const log = newLog()
    const { fetch } = validatingFetch(sandbox.fetch, log, "when taken")
    try {
      for (const operation of OPERATIONS) {
        const entry: RouteEntry = ROUTE_TABLE[operation]
        const path = entry.path.replaceAll(/\{\w+\}/g, "x_1")
        const answer = await fetch(
          new Request(`http://evil.example${path}`, {
            method: entry.method,
            headers: { authorization: A, "content-type": "application/json" },
            ...(entry.in === "body" ? { body: "{}" } : {})
          })
        )
        expect([operation, answer.status]).toEqual([operation, 421])
      }
      expect(log.validated).toHaveLength(OPERATIONS.length)
      expect(log.violations).toEqual([])
    } finally {
      sandbox.close()
    }
  })
})
