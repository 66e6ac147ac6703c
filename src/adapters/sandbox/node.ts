/**
 * The sandbox's router on Node's HTTP server: each message is read as it is
 * (`router.ts`'s `Call`) and the answer written as is, with no web `Request`
 * or `Response` made for them, which were most of a small request's fixed
 * cost. The request's URL is the origin the client used and the
 * request-target's path; which hosts are answered at all is the router's.
 *
 * @module
 */
import type { IncomingMessage, ServerResponse } from "node:http"
import { MAX_BODY_BYTES, payloadTooLarge } from "./routes/http.ts"
import type { Answer, Call, Router } from "./routes/router.ts"

// a Host header: a name or IPv4 address, or a bracketed IPv6 address, and an optional port; nothing else
const HOST_HEADER = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._~-]+)(?::\d{1,5})?$/

/**
 * The request's URL: the origin the client used (its `Host` header, else the
 * server's address) and the request-target's path and query. A target is
 * read as a path, never as an address: `//evil.example/widget/sdk.js` is the
 * path `//evil.example/widget/sdk.js` of this sandbox (found nowhere), and
 * the absolute form `http://evil.example/x` (for proxies) keeps its path
 * only. Anything else throws (400). Which hosts are answered at all is the
 * router's (421); what the sandbox writes never comes from here.
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
  // the base is a Host of the form above (no "/", "\\", "@", "?" or "#"): the path that follows cannot change its origin
  return new URL(`${base}${path}`)
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

/** Writes an answer: its headers and body in one write (a string body after `writeHead` goes out with the head). */
const send = (answer: Answer, res: ServerResponse): void => {
  const { headers } = answer
  if (answer.body !== undefined) headers["content-length"] = String(Buffer.byteLength(answer.body))
  res.writeHead(answer.status, headers)
  res.end(answer.body)
}

const decoder = new TextDecoder("utf-8", { fatal: false })

/** A header of a Node message (lower-case name), as `Headers.get` answers it. */
const headerOf = (req: IncomingMessage, name: string): string | null => {
  const value = req.headers[name]
  return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value
}

/**
 * A `node:http` request listener over the sandbox's router. A request whose
 * line or `Host` cannot be read as a URL answers 400.
 */
export const nodeListener = (router: Router, origin: string) => (req: IncomingMessage, res: ServerResponse): void => {
  const startedAt = performance.now()
  const fail = () => {
    // nobody to answer: the connection went (a request timeout, the client)
    if (res.destroyed || req.destroyed && !req.complete) return
    if (res.headersSent) res.end()
    else send(router.failed(method, req.url ?? "", startedAt), res)
  }
  const method = (req.method ?? "GET").toUpperCase()
  const declared = Number(req.headers["content-length"] ?? 0)
  const tooLarge = declared > MAX_BODY_BYTES
  // without a body (or with one announced too large, which the handler refuses unread)
  const bodyless = method === "GET" || method === "HEAD" || tooLarge ||
    (req.headers["content-length"] === undefined && req.headers["transfer-encoding"] === undefined)
  const read = bodyless ? Promise.resolve(undefined) : readNodeBody(req, MAX_BODY_BYTES)
  read
    .then(async (body) => {
      let url: URL
      try {
        url = requestUrl(req.url ?? "/", req.headers.host, origin)
      } catch {
        send(router.malformed(method, req.url ?? "", startedAt), res)
        return
      }
      if (body?.truncated === true || tooLarge) res.shouldKeepAlive = false
      const call: Call = {
        method,
        url,
        header: (name) => headerOf(req, name),
        hasBody: body !== undefined,
        text: () =>
          tooLarge || body?.truncated === true
            ? Promise.reject(payloadTooLarge())
            : Promise.resolve(body === undefined ? "" : decoder.decode(body.body)),
        client: { address: req.socket.remoteAddress, connection: req.socket },
        startedAt
      }
      send(await router.answer(call), res)
    })
    .catch(fail)
}
