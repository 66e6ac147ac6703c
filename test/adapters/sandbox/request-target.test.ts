/**
 * A request never picks the sandbox's host. The request
 * line is written by hand on a raw socket, as a browser following a link to
 * `http://127.0.0.1:4010//evil.example/widget/checkout/chk_…` sends it: the
 * request-target `//evil.example/…` is a path of this sandbox (found nowhere),
 * never an address; the absolute form `http://evil.example/…` keeps its path
 * only. Every route that writes a URL is tried: create checkout (`widgetUrl`,
 * `scriptUrl`), the hosted page (its configuration and Content-Security-Policy),
 * the widget script, a plan's `checkoutUrl`, the notes' links.
 */
import { connect } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { loadMerchants, type RunningSandbox, startSandbox } from "../../../src/adapters/sandbox/index.ts"
import { requestUrl } from "../../../src/adapters/sandbox/node.ts"
import { A, checkoutRequest, MERCHANTS_FILE, NOW } from "./helpers.ts"

const EVIL = "evil.example"

interface RawAnswer {
  readonly status: number
  readonly head: string
  readonly body: string
}

let running: RunningSandbox
let host = ""
let checkoutId = ""
let planId = ""

/** Sends one request as written: the request line, the headers (Host as given), the body. */
const raw = (
  method: string,
  target: string,
  options: { readonly headers?: Readonly<Record<string, string>>; readonly body?: string } = {}
): Promise<RawAnswer> =>
  new Promise((resolve, reject) => {
    const url = new URL(running.url)
    const socket = connect(Number(url.port), url.hostname)
    const chunks: Array<Buffer> = []
    socket.on("data", (chunk: Buffer) => chunks.push(chunk))
    socket.on("error", reject)
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("utf8")
      const [head = "", body = ""] = text.split("\r\n\r\n", 2)
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), head, body })
    })
    const body = options.body ?? ""
    const headers: Record<string, string> = {
      host,
      connection: "close",
      ...options.headers,
      ...(body !== "" ? { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) } : {})
    }
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`)
    socket.write(`${method} ${target} HTTP/1.1\r\n${lines.join("\r\n")}\r\n\r\n${body}`)
  })

/** The routes that write the sandbox's address into what they answer. */
const routes = (): ReadonlyArray<
  {
    readonly name: string
    readonly method: string
    readonly path: string
    readonly body?: string
    readonly auth?: boolean
  }
> => [
  {
    name: "create checkout",
    method: "POST",
    path: "/api/v2/checkout",
    body: JSON.stringify(checkoutRequest()),
    auth: true
  },
  { name: "hosted page", method: "GET", path: `/widget/checkout/${checkoutId}` },
  { name: "widget script", method: "GET", path: "/widget/sdk.js" },
  { name: "retrieve plan", method: "GET", path: `/api/v2/plans/${planId}`, auth: true },
  { name: "plan notes", method: "GET", path: `/api/v2/plans/${planId}/notes?pageSize=1`, auth: true }
]

beforeAll(async () => {
  running = await startSandbox({
    merchants: loadMerchants({ merchants: [MERCHANTS_FILE.merchants[0]!] }),
    port: 0,
    now: () => NOW
  })
  host = new URL(running.url).host
  const created = await fetch(`${running.url}/api/v2/checkout`, {
    method: "POST",
    headers: { authorization: A, "content-type": "application/json" },
    body: JSON.stringify(checkoutRequest())
  })
  checkoutId = ((await created.json()) as { id: string }).id
  const completed = await fetch(`${running.url}/widget/api/checkouts/${checkoutId}/complete`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      card: "4242424242424242",
      planTerms: {
        checkoutId,
        type: "plan",
        timeZone: "Australia/Sydney",
        installments: { cadence: { frequency: "Fortnightly", on: { dayOfWeek: "Friday" } } }
      }
    })
  })
  planId = ((await completed.json()) as { planId: string }).planId
  for (const note of ["first", "second"]) {
    await fetch(`${running.url}/sandbox/plans/${planId}/notes`, {
      method: "POST",
      headers: { authorization: A, "content-type": "application/json" },
      body: JSON.stringify({ note })
    })
  }
})

afterAll(() => running?.close())

describe("the request-target never names the host", () => {
  it("the routes write the sandbox's own origin when asked on their own paths", async () => {
    for (const route of routes()) {
      const answer = await raw(route.method, route.path, {
        ...(route.auth === true ? { headers: { authorization: A } } : {}),
        ...(route.body !== undefined ? { body: route.body } : {})
      })
      expect(answer.status, route.name).toBeLessThan(300)
      expect(`${answer.head}\n${answer.body}`, route.name).toContain(running.url)
    }
  })

  it("`//evil.example/…` is a path of the sandbox: nothing answers there, and no address names the other host", async () => {
    for (const route of routes()) {
      const answer = await raw(route.method, `//${EVIL}${route.path}`, {
        ...(route.auth === true ? { headers: { authorization: A } } : {}),
        ...(route.body !== undefined ? { body: route.body } : {})
      })
      expect(answer.status, route.name).toBe(404)
      // the 404 names the path it did not find; no address of the other host is written
      expect(`${answer.head}\n${answer.body}`, route.name).not.toMatch(/https?:\/\/evil\.example/)
    }
  })

  it("the absolute form `http://evil.example/…` keeps its path only: the page, its policy and the script name the sandbox", async () => {
    for (const route of routes()) {
      const answer = await raw(route.method, `http://${EVIL}${route.path}`, {
        ...(route.auth === true ? { headers: { authorization: A } } : {}),
        ...(route.body !== undefined ? { body: route.body } : {})
      })
      expect(answer.status, route.name).toBeLessThan(300)
      expect(`${answer.head}\n${answer.body}`, route.name).not.toContain(EVIL)
      expect(`${answer.head}\n${answer.body}`, route.name).toContain(running.url)
    }
    const page = await raw("GET", `http://${EVIL}/widget/checkout/${checkoutId}`)
    expect(page.head).toMatch(new RegExp(`content-security-policy: [^\\r]*connect-src 'self' ${running.url};`, "i"))
    expect(page.body).toContain(`"baseUrl":"${running.url}"`)
  })

  it("a Host header that is not a host is refused (400), as other malformed request lines", async () => {
    for (const bad of [`${EVIL}/x`, `user@${EVIL}`, `${EVIL}?q`, `${EVIL}#f`, `${EVIL}\\x`]) {
      const answer = await raw("GET", "/widget/sdk.js", { headers: { host: bad } })
      expect(answer.status, bad).toBe(400)
      expect(answer.body, bad).not.toContain(EVIL)
    }
  })

  it("requestUrl: the Host's origin and the target's path, whatever the target says", () => {
    const origin = "http://127.0.0.1:4010"
    expect(requestUrl("//evil.example/widget/sdk.js", "127.0.0.1:4010", origin).href).toBe(
      "http://127.0.0.1:4010//evil.example/widget/sdk.js"
    )
    expect(requestUrl("/\\evil.example/x?a=1", "127.0.0.1:4010", origin).origin).toBe(origin)
    expect(requestUrl("http://evil.example/widget/sdk.js?x=1", "localhost:4010", origin).href).toBe(
      "http://localhost:4010/widget/sdk.js?x=1"
    )
    expect(requestUrl("/health", undefined, origin).href).toBe("http://127.0.0.1:4010/health")
    expect(requestUrl("/health", "[::1]:4010", origin).href).toBe("http://[::1]:4010/health")
    expect(() => requestUrl("*", "127.0.0.1:4010", origin)).toThrow()
    expect(() => requestUrl("evil.example:443", "127.0.0.1:4010", origin)).toThrow()
    expect(() => requestUrl("/x", "evil.example/path", origin)).toThrow()
  })
})
