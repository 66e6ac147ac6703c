/**
 * A webhook receiver on 127.0.0.1 for the tests: it records every delivery
 * (headers, raw body, arrival time) and answers what the test says, and
 * verifies with nothing but the `standardwebhooks` package.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { Webhook } from "standardwebhooks"

export interface Received {
  readonly id: string
  readonly timestamp: string
  readonly signature: string
  readonly body: string
  readonly path: string
  /** performance.now() at arrival */
  readonly at: number
}

/** What to do with delivery number `n` (0-based, all deliveries counted): a status, or "hang" (never answer). */
export type Answer = (received: Received, n: number) => number | "hang"

export interface Receiver {
  readonly url: string
  readonly received: Array<Received>
  answer: Answer
  /** Resolves once `count` deliveries arrived (or rejects after `timeoutMs`). */
  readonly waitFor: (count: number, timeoutMs?: number) => Promise<void>
  readonly close: () => Promise<void>
}

export const startReceiver = async (answer: Answer = () => 204, path = "/webhooks"): Promise<Receiver> => {
  const received: Array<Received> = []
  const waiting: Array<{ count: number; resolve: () => void }> = []
  const hanging: Array<ServerResponse> = []
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Array<Buffer> = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", () => {
      const r: Received = {
        id: String(req.headers["webhook-id"]),
        timestamp: String(req.headers["webhook-timestamp"]),
        signature: String(req.headers["webhook-signature"]),
        body: Buffer.concat(chunks).toString("utf8"),
        path: req.url ?? "",
        at: performance.now()
      }
      const n = received.length
      received.push(r)
      for (const w of waiting.slice()) {
        if (received.length >= w.count) {
          waiting.splice(waiting.indexOf(w), 1)
          w.resolve()
        }
      }
      const status = receiver.answer(r, n)
      if (status === "hang") {
        hanging.push(res)
        return
      }
      res.writeHead(status, status >= 300 && status < 400 ? { location: "http://127.0.0.1:9/elsewhere" } : {}).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const port = (server.address() as AddressInfo).port
  const receiver: Receiver = {
    url: `http://127.0.0.1:${port}${path}`,
    received,
    answer,
    waitFor: (count, timeoutMs = 10_000) =>
      received.length >= count ? Promise.resolve() : new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`expected ${count} deliveries, got ${received.length}`)),
          timeoutMs
        )
        waiting.push({
          count,
          resolve: () => {
            clearTimeout(timer)
            resolve()
          }
        })
      }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy()
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
  return receiver
}

/** Verifies a delivery with the `standardwebhooks` package alone, at the real clock: its parsed body. */
export const verifyStandard = (secret: string, r: Received): unknown =>
  new Webhook(secret).verify(r.body, {
    "webhook-id": r.id,
    "webhook-timestamp": r.timestamp,
    "webhook-signature": r.signature
  })
