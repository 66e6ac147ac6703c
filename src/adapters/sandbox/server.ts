/**
 * Runs a sandbox handler on Node's HTTP server: `IncomingMessage` → `Request`,
 * `Response` → `ServerResponse`.
 *
 * @module
 */
import * as Data from "effect/Data"
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { readMerchantsFile, type SandboxMerchant, usesDemoKey } from "./merchants.ts"
import { MAX_BODY_BYTES } from "./routes/http.ts"
import { createSandbox, type Sandbox, type SandboxOptions } from "./sandbox.ts"
import { sqliteStore } from "./store.ts"
import { isLoopbackHost } from "./webhooks/targets.ts"

/**
 * Default address of `npm start`.
 *
 * @category Sandbox
 * @since 0.1.0
 */
export const DEFAULT_HOST = "127.0.0.1"
/**
 * Default port of `npm start` and `payment-plan serve`.
 *
 * @category Sandbox
 * @since 0.1.0
 */
export const DEFAULT_PORT = 4010

// a Host header: a name or IPv4 address, or a bracketed IPv6 address, and an optional port; nothing else
const HOST_HEADER = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._~-]+)(?::\d{1,5})?$/

/**
 * The request's URL: the origin the client used (its `Host` header, else the
 * server's address) and the request-target's path and query. A target is
 * read as a path, never as an address: `//evil.example/widget/sdk.js` is the
 * path `//evil.example/widget/sdk.js` of this sandbox (found nowhere), and
 * the absolute form `http://evil.example/x` (for proxies) keeps its path
 * only. Anything else throws (400).
 */
export const requestUrl = (target: string, host: string | undefined, origin: string): URL => {
  const base = host !== undefined && host !== "" ? (HOST_HEADER.test(host) ? `http://${host}` : undefined) : origin
  if (base === undefined) throw new Error("malformed Host header")
  let path: string
  if (target.startsWith("/")) path = target
  else {
    // the absolute form: only its path and query count
    const absolute = URL.parse(target)
    if (absolute === null || (absolute.protocol !== "http:" && absolute.protocol !== "https:")) {
      throw new Error("malformed request-target")
    }
    path = `${absolute.pathname}${absolute.search}`
  }
  const url = new URL(`${base}${path}`)
  if (url.origin !== new URL(base).origin) throw new Error("malformed request-target")
  return url
}

const toRequest = (req: IncomingMessage, origin: string, body: Buffer | undefined): Request => {
  const headers = new Headers()
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!)
  // the Host the client used, so the URLs the sandbox writes (widget, script) work from where it is reached
  return new Request(requestUrl(req.url ?? "/", req.headers.host, origin), {
    method: req.method ?? "GET",
    headers,
    ...(body !== undefined ? { body: body as unknown as NonNullable<RequestInit["body"]> } : {})
  })
}

/**
 * The request body, read into memory (a web stream over the socket costs more
 * than the request). Reading stops one byte past the limit: the handler then
 * answers 413 itself, and the connection is closed after the answer.
 */
const DRAIN_LIMIT = 16 * 1024 * 1024

const readNodeBody = (req: IncomingMessage, limit: number): Promise<{ body: Buffer; truncated: boolean }> =>
  new Promise((resolve, reject) => {
    const chunks: Array<Buffer> = []
    let size = 0
    const onData = (chunk: Buffer) => {
      chunks.push(chunk)
      size += chunk.length
      if (size > limit) {
        req.off("data", onData)
        // the rest is drained (up to a bound) so the client reads the 413 rather than a reset connection
        let drained = 0
        req.on("data", (more: Buffer) => {
          drained += more.length
          if (drained > DRAIN_LIMIT) req.destroy()
        })
        resolve({ body: Buffer.concat(chunks).subarray(0, limit + 1), truncated: true })
      }
    }
    req.on("data", onData)
    req.once("end", () => resolve({ body: Buffer.concat(chunks), truncated: false }))
    req.once("error", reject)
    // a connection closed before the body ended (the server's request timeout, the client gone)
    req.once("close", () => {
      if (!req.complete) reject(new Error("the request ended before its body"))
    })
  })

const send = async (response: Response, res: ServerResponse): Promise<void> => {
  const headers: Record<string, string | Array<string>> = {}
  response.headers.forEach((value, name) => {
    headers[name] = value
  })
  const body = response.body === null ? undefined : Buffer.from(await response.arrayBuffer())
  if (body !== undefined) headers["content-length"] = String(body.length)
  res.writeHead(response.status, headers)
  res.end(body)
}

/**
 * A `node:http` request listener running a web-standard handler. A request
 * that cannot be turned into a `Request` (a malformed URL) answers 400.
 */
const nodeListener =
  (handler: (request: Request) => Promise<Response>, origin: () => string) =>
  (req: IncomingMessage, res: ServerResponse): void => {
    const fail = () => {
      // nobody to answer: the connection went (a request timeout, the client)
      if (res.destroyed || req.destroyed && !req.complete) return
      if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" })
      res.end(JSON.stringify({ code: "internal_error", message: "The sandbox failed to handle the request" }))
    }
    const method = req.method ?? "GET"
    const declared = Number(req.headers["content-length"] ?? 0)
    // without a body (or with one announced too large, which the handler refuses unread)
    const bodyless = method === "GET" || method === "HEAD" || declared > MAX_BODY_BYTES ||
      (req.headers["content-length"] === undefined && req.headers["transfer-encoding"] === undefined)
    const read = bodyless ? Promise.resolve(undefined) : readNodeBody(req, MAX_BODY_BYTES)
    read
      .then(async (body) => {
        let request: Request
        try {
          request = toRequest(req, origin(), body?.body)
        } catch {
          await send(
            Response.json({ code: "bad_request", message: "The request line is malformed" }, { status: 400 }),
            res
          )
          return
        }
        if (body?.truncated === true || declared > MAX_BODY_BYTES) res.shouldKeepAlive = false
        await send(await handler(request), res)
      })
      .catch(fail)
  }

/**
 * How long a client may take to send a request's headers (Node's default is 60 s).
 *
 * @category Sandbox
 * @since 0.2.0
 */
export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000
/**
 * How long a client may take to send a whole request, headers and body (Node's default is 300 s).
 *
 * @category Sandbox
 * @since 0.2.0
 */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000

/**
 * Options of {@link startSandbox}.
 *
 * @category Sandbox
 * @since 0.1.0
 */
export interface StartOptions extends Partial<Omit<SandboxOptions, "store" | "merchants">> {
  readonly port?: number
  readonly host?: string
  /** SQLite file; default `:memory:`. */
  readonly database?: string
  /** Merchants, or the path of a merchants file (JSON). */
  readonly merchants: ReadonlyArray<SandboxMerchant> | string
  /** Milliseconds a client may take to send a request's headers; default 10 s. Past it: 408 and the connection closed. */
  readonly headersTimeoutMs?: number
  /** Milliseconds a client may take to send a whole request; default 30 s. Past it: 408 and the connection closed. */
  readonly requestTimeoutMs?: number
}

/**
 * A running sandbox.
 *
 * @category Sandbox
 * @since 0.1.0
 */
export interface RunningSandbox {
  /** `http://host:port` */
  readonly url: string
  readonly server: Server
  readonly sandbox: Sandbox
  /**
   * What the one starting it should say (one line each): listening beyond
   * loopback while a merchant uses a key published with the package.
   */
  readonly warnings: ReadonlyArray<string>
  /** Stops listening, ends open connections and closes the store. */
  readonly close: () => Promise<void>
}

/**
 * Why the sandbox could not listen.
 *
 * @category Sandbox
 * @since 0.2.0
 */
export type ListenProblem = "address_in_use" | "address_unavailable" | "not_permitted"

/**
 * The sandbox could not listen on its host and port: `problem` says why,
 * `code` is the system's (`EADDRINUSE`), and the message says it in one line
 * (`127.0.0.1:4010 is already in use`).
 *
 * @category Sandbox
 * @since 0.2.0
 */
export class SandboxListenError extends Data.TaggedError("SandboxListenError")<{
  readonly host: string
  readonly port: number
  readonly problem: ListenProblem
  readonly code: string
}> {
  override get message(): string {
    switch (this.problem) {
      case "address_in_use":
        return `${this.host}:${this.port} is already in use`
      case "address_unavailable":
        return `cannot listen on ${this.host}: ${this.code}`
      case "not_permitted":
        return `not permitted to listen on ${this.host}:${this.port} (${this.code})`
    }
  }
}

const LISTEN_PROBLEMS: Readonly<Record<string, ListenProblem>> = {
  EADDRINUSE: "address_in_use",
  EADDRNOTAVAIL: "address_unavailable",
  ENOTFOUND: "address_unavailable",
  EAI_AGAIN: "address_unavailable",
  EACCES: "not_permitted",
  EPERM: "not_permitted"
}

/** The warnings of a sandbox listening on `host` for these merchants (see {@link RunningSandbox.warnings}). */
const exposureWarnings = (host: string, merchants: ReadonlyArray<SandboxMerchant>): ReadonlyArray<string> => {
  if (isLoopbackHost(host)) return []
  const demo = merchants.filter(usesDemoKey).map((m) => m.id)
  if (demo.length === 0) return []
  return [
    `listening on ${host}, beyond loopback, with the published demo keys of ${demo.join(", ")}: anyone who reaches ` +
    "this port can act as those merchants and make the sandbox send webhooks to the targets it allows " +
    "(docs/sandbox.md, \"What the sandbox is for, and what it allows\"); give them keys of your own"
  ]
}

/**
 * Starts the sandbox on Node's HTTP server.
 *
 * @example
 * ```ts
 * import { startSandbox } from "payment-plan-engine/sandbox"
 * const running = await startSandbox({ merchants: "sandbox-merchants.json", database: ".sandbox/data.sqlite", port: 0 })
 * console.log(running.url) // http://127.0.0.1:<port>: port 0 takes a free one, the default is 4010
 * await running.close()
 * ```
 * @category Sandbox
 * @since 0.1.0
 */
export const startSandbox = async (options: StartOptions): Promise<RunningSandbox> => {
  const merchants = typeof options.merchants === "string" ? readMerchantsFile(options.merchants) : options.merchants
  const host = options.host ?? DEFAULT_HOST
  const port = options.port ?? DEFAULT_PORT
  const headersTimeout = options.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS
  const requestTimeout = Math.max(options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS, headersTimeout)
  const store = sqliteStore(options.database ?? ":memory:")
  let url = ""
  let sandbox: Sandbox
  try {
    sandbox = createSandbox({
      ...options,
      store,
      merchants,
      ...(options.baseUrl !== undefined ? { baseUrl: options.baseUrl } : {})
    })
  } catch (e) {
    store.close()
    throw e
  }
  const server = createServer({
    keepAliveTimeout: 5000,
    headersTimeout,
    requestTimeout,
    // how often Node looks for requests past those limits (30 s by default, longer than the limits)
    connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.floor(headersTimeout / 4)))
  }, nodeListener(sandbox.fetch, () => url))
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject)
      server.listen(port, host, () => {
        server.off("error", reject)
        resolve()
      })
    })
  } catch (e) {
    sandbox.close()
    const code = (e as NodeJS.ErrnoException).code
    const problem = code === undefined ? undefined : LISTEN_PROBLEMS[code]
    if (problem !== undefined) throw new SandboxListenError({ host, port, problem, code: code! })
    throw e
  }
  const address = server.address() as AddressInfo
  url = `http://${address.family === "IPv6" ? `[${address.address}]` : address.address}:${address.port}`
  return {
    url,
    server,
    sandbox,
    warnings: exposureWarnings(host, merchants),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          sandbox.close()
          resolve()
        })
        server.closeAllConnections()
      })
  }
}
