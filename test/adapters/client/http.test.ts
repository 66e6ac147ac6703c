/**
 * The client over real HTTP on 127.0.0.1 with the default (global) fetch: the
 * headers as they arrive on the wire, and real connection failures.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createClient, type FetchLike } from "../../../src/adapters/client/index.ts"
import { cannotHaveReachedServer } from "../../../src/adapters/client/retry.ts"
import { API_KEY, checkoutRequest, checkoutResponse, MERCHANT_ID } from "./helpers.ts"

type Handler = (request: IncomingMessage, response: ServerResponse) => void

let server: Server
let baseUrl: string
let handler: Handler = (_, response) => response.end()

beforeAll(async () => {
  server = createServer((request, response) => handler(request, response))
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

const client = (retry: false | { baseDelayMs: number } = false) =>
  createClient({ baseUrl, merchantId: MERCHANT_ID, apiKey: API_KEY, retry })

describe("over HTTP with the global fetch", () => {
  it("sends the request as the service expects it", async () => {
    let seen: { method?: string; url?: string; headers?: IncomingMessage["headers"]; body?: string } = {}
    handler = (request, response) => {
      let body = ""
      request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")))
      request.on("end", () => {
        seen = { method: request.method!, url: request.url!, headers: request.headers, body }
        response.writeHead(200, { "content-type": "application/json", "x-request-id": "r-1" })
        response.end(JSON.stringify({ planId: "plan_1/ü", merchantOrderId: "order-2" }))
      })
    }
    const answer = await client().setMerchantOrder({ planId: "plan_1/ü", merchantOrderId: "order-2" })
    expect(answer).toEqual({ planId: "plan_1/ü", merchantOrderId: "order-2" })
    expect(seen.method).toBe("PUT")
    expect(seen.url).toBe("/api/v2/plans/plan_1%2F%C3%BC/merchant-order")
    expect(seen.headers?.["authorization"]).toBe(`Basic ${Buffer.from(`${MERCHANT_ID}:${API_KEY}`).toString("base64")}`)
    expect(seen.headers?.["content-type"]).toBe("application/json")
    expect(JSON.parse(seen.body!)).toEqual({ planId: "plan_1/ü", merchantOrderId: "order-2" })
  })

  it("a socket destroyed before the answer is a TransportError, retried for a GET", async () => {
    let calls = 0
    handler = (request, response) => {
      calls++
      if (calls === 1) request.socket.destroy()
      else {
        response.writeHead(200, { "content-type": "application/json" })
        response.end(JSON.stringify({ id: "plan_1" }))
      }
    }
    await expect(client().retrievePlan("plan_1")).rejects.toMatchObject({ _tag: "TransportError", status: undefined })
    calls = 0
    await expect(client({ baseDelayMs: 0 }).retrievePlan("plan_1")).resolves.toMatchObject({ id: "plan_1" })
    expect(calls).toBe(2)
  })

  it("a body cut off after the headers is a TransportError with the answer's Request-Id", async () => {
    handler = (_, response) => {
      response.writeHead(200, { "content-type": "application/json", "content-length": "100", "Request-Id": "req-9" })
      response.write("{\"id\":")
      setImmediate(() => response.socket?.destroy())
    }
    await expect(client().retrievePlan("plan_1")).rejects.toMatchObject({
      _tag: "TransportError",
      status: undefined,
      requestId: "req-9"
    })
  })

  it("nothing listening is a TransportError", async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    const refused = createClient({
      baseUrl: `http://127.0.0.1:${port}`,
      merchantId: MERCHANT_ID,
      apiKey: API_KEY,
      retry: false
    })
    const error = await refused.retrievePlan("plan_1").then(() => undefined, (e: unknown) => e)
    expect(error).toMatchObject({ _tag: "TransportError" })
    expect(JSON.stringify(error)).not.toContain(API_KEY)
  })
})

/** A port nothing listens on (bound, then closed). */
const closedPort = async () => {
  const closed = createServer()
  await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve))
  const port = (closed.address() as AddressInfo).port
  await new Promise((resolve) => closed.close(resolve))
  return port
}

/** The request's body, once it has all arrived. */
const bodyOf = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = ""
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")))
    request.on("end", () => resolve(body))
  })

const created = (response: ServerResponse) => {
  response.writeHead(201, { "content-type": "application/json" })
  response.end(JSON.stringify(checkoutResponse()))
}

describe("safe retries over HTTP", () => {
  it("by default a POST that times out is not retried: one request reaches the server", async () => {
    const arrived: Array<string | undefined> = []
    handler = (request, response) => {
      arrived.push(request.headers["idempotency-key"] as string | undefined)
      // the service receives the checkout (and may create it) but its answer never comes
      if (request.url === "/after") response.writeHead(204).end()
    }
    const client = createClient({
      baseUrl,
      merchantId: MERCHANT_ID,
      apiKey: API_KEY,
      timeoutMs: 200,
      retry: { baseDelayMs: 0 }
    })
    const outcome = await client.createCheckout(checkoutRequest())
    expect(outcome).toMatchObject({ ok: false, displayWidget: false, error: { _tag: "TimeoutError", attempts: 1 } })
    // a retry the client sent before it answered reaches the server before a request sent after the answer
    await fetch(`${baseUrl}/after`, { method: "POST", headers: { "idempotency-key": "after" } })
    expect(arrived).toEqual([undefined, "after"])
    server.closeAllConnections()
  })

  it("by default a POST whose connection is refused is retried, and created once", async () => {
    const port = await closedPort()
    let creates = 0
    handler = (request, response) => {
      creates++
      void bodyOf(request).then(() => created(response))
    }
    const failures: Array<unknown> = []
    let calls = 0
    // the first attempt goes to a port nothing listens on (a real ECONNREFUSED), the next to the server
    const fetch: FetchLike = async (request) => {
      const target = ++calls === 1 ? request.url.replace(baseUrl, `http://127.0.0.1:${port}`) : request.url
      try {
        return await globalThis.fetch(target, {
          method: request.method,
          headers: request.headers,
          body: await request.text()
        })
      } catch (error) {
        failures.push(error)
        throw error
      }
    }
    const client = createClient({ baseUrl, merchantId: MERCHANT_ID, apiKey: API_KEY, fetch, retry: { baseDelayMs: 0 } })
    const outcome = await client.createCheckout(checkoutRequest())
    expect(outcome).toMatchObject({ ok: true, status: 201 })
    expect(calls).toBe(2)
    expect(creates).toBe(1)
    expect(failures).toHaveLength(1)
    expect(cannotHaveReachedServer(failures[0])).toBe(true)
  })

  it("with idempotencyKeys \"honoured\" a POST whose answer is lost is retried with the same key", async () => {
    const keys: Array<string> = []
    const answered = new Map<string, number>()
    handler = (request, response) => {
      const key = request.headers["idempotency-key"] as string
      keys.push(key)
      void bodyOf(request).then(() => {
        // the first time the service acts, then the connection drops before the answer
        const seen = answered.get(key) ?? 0
        answered.set(key, seen + 1)
        if (seen === 0) request.socket.destroy()
        else created(response)
      })
    }
    const client = createClient({
      baseUrl,
      merchantId: MERCHANT_ID,
      apiKey: API_KEY,
      idempotencyKeys: "honoured",
      retry: { baseDelayMs: 0 }
    })
    const outcome = await client.createCheckout(checkoutRequest())
    expect(outcome).toMatchObject({ ok: true, status: 201 })
    expect(keys).toHaveLength(2)
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/)
    expect(keys[1]).toBe(keys[0])

    // the same loss without "honoured": no key, no retry, the failure given back
    keys.length = 0
    answered.clear()
    const unknown = await createClient({ baseUrl, merchantId: MERCHANT_ID, apiKey: API_KEY, retry: { baseDelayMs: 0 } })
      .createCheckout(checkoutRequest())
    expect(unknown).toMatchObject({ ok: false, error: { _tag: "TransportError" } })
    expect(keys).toEqual([undefined])
  })
})
