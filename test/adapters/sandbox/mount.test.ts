/**
 * The sandbox mounted under a path prefix: the addresses it
 * writes (`widgetUrl`, `scriptUrl`, a plan's `checkoutUrl`, the widget's own
 * calls, the notes' links) keep the prefix, whether the host router strips it
 * before calling the sandbox (Hono's `app.mount("/pp", sandbox.fetch)`) or
 * hands over the full URL.
 */
import { describe, expect, it } from "vitest"
import {
  createSandbox,
  loadMerchants,
  type SandboxCheckout,
  type SandboxOptions,
  sqliteStore
} from "../../../src/adapters/sandbox/index.ts"
import { ValidationError } from "../../../src/core/foundation/issues.ts"
import { A, checkoutRequest, MERCHANTS_FILE, NOW } from "./helpers.ts"

const merchants = loadMerchants({ merchants: [MERCHANTS_FILE.merchants[0]!] })
const ORIGIN = "http://shop.test"

/** What Hono's `app.mount("/pp", handler)` does: the prefix comes off the URL before the handler sees it. */
const stripping = (prefix: string, handler: (request: Request) => Promise<Response>) => (request: Request) => {
  const url = new URL(request.url)
  if (url.pathname !== prefix && !url.pathname.startsWith(`${prefix}/`)) {
    return Promise.resolve(new Response("not mounted here", { status: 404 }))
  }
  url.pathname = url.pathname.slice(prefix.length) || "/"
  return handler(new Request(url, request))
}

const setup = (options: Partial<SandboxOptions>, mount: "strip" | "full") => {
  const sandbox = createSandbox({ store: sqliteStore(":memory:"), merchants, now: () => NOW, ...options })
  const app = mount === "strip" ? stripping("/pp", sandbox.fetch) : sandbox.fetch
  const call = async (method: string, url: string, body?: unknown, auth: string | null = A) => {
    const headers: Record<string, string> = {}
    if (auth !== null) headers["authorization"] = auth
    if (body !== undefined) headers["content-type"] = "application/json"
    const response = await app(
      new Request(url, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) })
    )
    const text = await response.text()
    let parsed: any = text
    try {
      parsed = JSON.parse(text)
    } catch {
      // the page and the script stay text
    }
    return { status: response.status, body: parsed }
  }
  return { sandbox, call }
}

/** The flow a merchant's integration goes through, every address taken from the sandbox's answers. */
const flow = async (call: ReturnType<typeof setup>["call"], base: string) => {
  const created = await call("POST", `${base}/api/v2/checkout`, checkoutRequest())
  expect(created.status).toBe(201)
  const checkout = created.body as SandboxCheckout
  expect(checkout.widgetUrl).toBe(`${base}/widget/checkout/${checkout.id}`)
  expect(checkout.checkoutWorkflow.sdkWidget.scriptUrl).toBe(`${base}/widget/sdk.js`)

  // the page and the script are served where the checkout says, and call the API there
  const page = await call("GET", checkout.widgetUrl, undefined, null)
  expect(page.status).toBe(200)
  expect(page.body).toContain(JSON.stringify(base).slice(1, -1))
  const script = await call("GET", checkout.checkoutWorkflow.sdkWidget.scriptUrl, undefined, null)
  expect(script.status).toBe(200)
  expect(script.body).toContain(JSON.stringify(base))

  const completed = await call("POST", `${base}/widget/api/checkouts/${checkout.id}/complete`, {
    card: "4242424242424242",
    planTerms: { checkoutId: checkout.id, type: "plan", timeZone: "Australia/Sydney" }
  }, null)
  expect(completed.status).toBe(200)
  const planId = completed.body.planId as string
  const plan = await call("GET", `${base}/api/v2/plans/${planId}`)
  expect(plan.body.checkoutUrl).toBe(checkout.widgetUrl)

  await call("POST", `${base}/sandbox/plans/${planId}/notes`, { note: "first" })
  await call("POST", `${base}/sandbox/plans/${planId}/notes`, { note: "second" })
  const notes = await call("GET", `${base}/api/v2/plans/${planId}/notes?pageSize=1`)
  expect(notes.body.links.next).toBe(`${base}/api/v2/plans/${planId}/notes?pageSize=1&pageOffset=1`)
}

describe("sandbox: mounted under a prefix (baseUrl)", () => {
  it("under a router that strips the prefix (Hono's app.mount), baseUrl: \"/pp\" keeps it in every address", async () => {
    const { call, sandbox } = setup({ baseUrl: "/pp" }, "strip")
    await flow(call, `${ORIGIN}/pp`)
    sandbox.close()
  })

  it("under a router that hands over the full URL, the prefix comes off for routing and stays in the addresses", async () => {
    const { call, sandbox } = setup({ baseUrl: "/pp/" }, "full")
    await flow(call, `${ORIGIN}/pp`)
    // reached without the prefix (a stripping mount in front), it answers the same
    expect((await call("GET", `${ORIGIN}/health`, undefined, null)).status).toBe(200)
    expect((await call("GET", `${ORIGIN}/pp/health`, undefined, null)).status).toBe(200)
    expect((await call("GET", `${ORIGIN}/ppx/health`, undefined, null)).status).toBe(404)
    sandbox.close()
  })

  it("an absolute baseUrl is written as given, whatever host the request came to", async () => {
    const { call, sandbox } = setup({ baseUrl: "https://public.example/pp" }, "strip")
    const created = await call("POST", `${ORIGIN}/pp/api/v2/checkout`, checkoutRequest())
    expect(created.body.widgetUrl).toBe(`https://public.example/pp/widget/checkout/${created.body.id}`)
    expect(created.body.checkoutWorkflow.sdkWidget.scriptUrl).toBe("https://public.example/pp/widget/sdk.js")
    sandbox.close()
  })

  it("without baseUrl, the addresses are the request's origin, as before", async () => {
    const { call, sandbox } = setup({}, "full")
    await flow(call, ORIGIN)
    sandbox.close()
  })

  it("refuses a baseUrl that is neither an http(s) URL nor a path", () => {
    for (const baseUrl of ["pp", "ftp://x.test/pp", "//x.test/pp", "/pp?x=1", "https://x.test/pp#top"]) {
      expect(() => createSandbox({ store: sqliteStore(":memory:"), merchants, baseUrl }), baseUrl).toThrow(
        ValidationError
      )
    }
  })
})
