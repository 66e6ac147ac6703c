/**
 * Runs a sandbox handler on Node's HTTP server: `IncomingMessage` → `Request`,
 * `Response` → `ServerResponse`.
 *
 * @module
 */
import { readFileSync } from "node:fs"
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { loadMerchants, type SandboxMerchant } from "./merchants.ts"
import { MAX_BODY_BYTES } from "./routes/http.ts"
import { createSandbox, type Sandbox, type SandboxOptions } from "./sandbox.ts"
import { sqliteStore } from "./store.ts"

/** Default address of `npm start`. */
export const DEFAULT_HOST = "127.0.0.1"
/** Default port of `npm start` and `payment-plan serve`. */
export const DEFAULT_PORT = 4010

const toRequest = (req: IncomingMessage, origin: string, body: Buffer | undefined): Request => {
  const headers = new Headers()
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!)
  // the Host the client used, so the URLs the sandbox writes (widget, script) work from where it is reached
  const host = req.headers.host
  return new Request(new URL(req.url ?? "/", host !== undefined && host !== "" ? `http://${host}` : origin), {
    method: req.method ?? "GET",
    headers,
    ...(body !== undefined ? { body: body as unknown as BodyInit } : {})
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

/** Options of {@link startSandbox}. */
export interface StartOptions extends Partial<Omit<SandboxOptions, "store" | "merchants">> {
  readonly port?: number
  readonly host?: string
  /** SQLite file; default `:memory:`. */
  readonly database?: string
  /** Merchants, or the path of a merchants file (JSON). */
  readonly merchants: ReadonlyArray<SandboxMerchant> | string
}

/** A running sandbox. */
export interface RunningSandbox {
  /** `http://host:port` */
  readonly url: string
  readonly server: Server
  readonly sandbox: Sandbox
  /** Stops listening, ends open connections and closes the store. */
  readonly close: () => Promise<void>
}

/** Reads a merchants file (JSON). */
export const readMerchantsFile = (path: string): ReadonlyArray<SandboxMerchant> =>
  loadMerchants(JSON.parse(readFileSync(path, "utf8")))

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
 */
export const startSandbox = async (options: StartOptions): Promise<RunningSandbox> => {
  const merchants = typeof options.merchants === "string" ? readMerchantsFile(options.merchants) : options.merchants
  const store = sqliteStore(options.database ?? ":memory:")
  const host = options.host ?? DEFAULT_HOST
  let url = ""
  const sandbox = createSandbox({
    ...options,
    store,
    merchants,
    ...(options.baseUrl !== undefined ? { baseUrl: options.baseUrl } : {})
  })
  const server = createServer({ keepAliveTimeout: 5000 }, nodeListener(sandbox.fetch, () => url))
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject)
      server.listen(options.port ?? DEFAULT_PORT, host, () => {
        server.off("error", reject)
        resolve()
      })
    })
  } catch (e) {
    store.close()
    throw e
  }
  const address = server.address() as AddressInfo
  url = `http://${address.family === "IPv6" ? `[${address.address}]` : address.address}:${address.port}`
  return {
    url,
    server,
    sandbox,
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
