/**
 * `payment-plan webhooks listen`, as `stripe listen` works: a local receiver
 * that registers itself as the merchant's webhook endpoint with the sandbox
 * (`PUT /sandbox/webhook`, with a new secret it prints, or `--secret`),
 * verifies each delivery (Standard Webhooks, the client's `verifyWebhook`),
 * prints its event, forwards it to `--forward-to` as it was signed, answers the
 * sandbox what the application answered, and removes the endpoint
 * (`DELETE /sandbox/webhook`) when it ends: after `--count` events, on SIGINT
 * or on SIGTERM. Without the merchant's credentials it only receives, for an
 * endpoint configured already (`--secret`).
 *
 * @module
 */
import { randomBytes } from "node:crypto"
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { cannotReach } from "../../core/foundation/reach.ts"
import { isSecret, MAX_SECRET_BYTES, SECRET_PREFIX } from "../../core/webhook/index.ts"
import {
  accepted,
  ask,
  type Connection,
  type ConnectionFlags,
  hasCredentials,
  LOCAL_SANDBOX,
  readConnection,
  VARIABLES
} from "./connection.ts"
import { type Io, usage } from "./io.ts"

/** What `listen` needs of `payment-plan-engine/client`. */
interface ClientModule {
  readonly verifyWebhook: (
    body: Uint8Array,
    headers: Record<string, string | Array<string> | undefined>,
    secret: string
  ) => Promise<{ readonly id: string; readonly known: boolean; readonly event: Record<string, unknown> }>
}

const CLIENT = "payment-plan-engine/client"

/** The most a delivery's body may be; a larger one is cut off (no event of the catalogue comes near). */
const MAX_BODY_BYTES = 1_048_576

/** How long the application may take to answer a forwarded event: within the sandbox's 10 s attempt. */
const FORWARD_TIMEOUT_MS = 9_000

/** The headers of a delivery that travel with it to the application: its body's type and its signature. */
const FORWARDED_HEADERS = ["content-type", "user-agent", "webhook-id", "webhook-timestamp", "webhook-signature"]

export interface ListenOptions extends ConnectionFlags {
  readonly port: number
  readonly host: string
  readonly secret?: string
  readonly count?: number
  readonly forwardTo?: string
}

const bodyOf = (req: IncomingMessage): Promise<Uint8Array> =>
  new Promise((resolve, reject) => {
    const chunks: Array<Buffer> = []
    let size = 0
    req.on("data", (c: Buffer) => {
      size += c.length
      if (size > MAX_BODY_BYTES) req.destroy()
      else chunks.push(c)
    })
    req.once("end", () => resolve(Buffer.concat(chunks)))
    req.once("error", reject)
  })

/** A new secret: 32 random bytes, as the sandbox makes one (Standard Webhooks recommends 24 to 64). */
const newSecret = (): string => `${SECRET_PREFIX}${randomBytes(32).toString("base64")}`

/** The URL the sandbox delivers to: the receiver's address, loopback for "any address". */
const receiverUrl = (host: string, port: number): string => {
  const reachable = host === "0.0.0.0" ? "127.0.0.1" : host === "::" ? "::1" : host
  return `http://${reachable.includes(":") ? `[${reachable}]` : reachable}:${port}/`
}

/** `--forward-to`: an absolute http(s) URL, or a usage error before anything starts. */
const forwardTarget = (value: string | undefined): string | undefined => {
  if (value === undefined) return undefined
  const protocol = URL.canParse(value) ? new URL(value).protocol : undefined
  if (protocol !== "http:" && protocol !== "https:") {
    throw usage(`--forward-to must be an absolute http(s) URL, got "${value}"`)
  }
  return value
}

/**
 * Sends a verified delivery on to the application as it came (body and signature), and answers
 * the application's status, or why it could not be asked.
 */
const forward = async (target: string, body: Uint8Array, headers: IncomingHttpHeaders): Promise<number | string> => {
  const sent: Record<string, string> = {}
  for (const name of FORWARDED_HEADERS) {
    const value = headers[name]
    if (typeof value === "string") sent[name] = value
  }
  try {
    const response = await fetch(target, {
      method: "POST",
      headers: sent,
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS)
    })
    await response.body?.cancel()
    return response.status
  } catch (error) {
    return cannotReach(target, error)
  }
}

/** The secret the receiver verifies with: given, else made for the registration; checked either way. */
const secretOf = (io: Io, options: ListenOptions, registering: boolean): { secret: string; given: boolean } => {
  const given = options.secret ?? (io.env ?? process.env)["WEBHOOK_SECRET"]
  if (given === undefined || given === "") {
    if (registering) return { secret: newSecret(), given: false }
    throw usage(
      `give the merchant (--merchant-id and --api-key, or $${VARIABLES.merchantId} and $${VARIABLES.apiKey}) to register ` +
        "with the sandbox, or --secret (or $WEBHOOK_SECRET) to receive for an endpoint configured already"
    )
  }
  // a secret no sender can sign with would refuse every delivery: say so now (never showing it)
  if (!isSecret(given)) {
    throw usage(
      `--secret (or $WEBHOOK_SECRET) must be "${SECRET_PREFIX}" followed by the base64 of 1 to ${MAX_SECRET_BYTES} bytes, ` +
        `as the sandbox generates (docs/webhooks.md)`
    )
  }
  return { secret: given, given: true }
}

interface Registration {
  readonly connection: Connection
  readonly url: string
}

/** Makes `url` the merchant's endpoint, signed with `secret`; says what it replaced. */
const register = async (io: Io, connection: Connection, url: string, secret: string): Promise<Registration> => {
  const current = JSON.parse(accepted(await ask(connection, "GET", "/sandbox/webhook"))) as {
    url?: string | null
    source?: string | null
  }
  accepted(await ask(connection, "PUT", "/sandbox/webhook", { url, secret }))
  if (typeof current.url === "string" && current.url !== url) {
    io.stderr.write(
      `payment-plan: warning: ${connection.merchantId}'s webhook endpoint was ${current.url} (${current.source}); ` +
        "the sandbox keeps one endpoint per merchant, and that one is not restored when listen stops\n"
    )
  }
  return { connection, url }
}

/** Removes the endpoint if it is still ours (someone may have set another since); a failure is only said. */
const unregister = async (io: Io, { connection, url }: Registration): Promise<void> => {
  try {
    const current = JSON.parse(accepted(await ask(connection, "GET", "/sandbox/webhook"))) as { url?: string | null }
    if (current.url !== url) {
      io.stderr.write(
        `payment-plan: the webhook endpoint is now ${
          current.url ?? "none"
        }, set since listen registered: left as it is\n`
      )
      return
    }
    accepted(await ask(connection, "DELETE", "/sandbox/webhook"))
    io.stderr.write(`removed the webhook endpoint ${url}\n`)
  } catch (error) {
    io.stderr.write(
      `payment-plan: warning: could not remove the webhook endpoint ${url}: ${(error as Error).message}\n`
    )
  }
}

/**
 * The receiver on the port: each delivery verified, printed and forwarded; `received` is told
 * after each event answered.
 */
const startReceiver = async (
  io: Io,
  options: ListenOptions,
  secret: string,
  target: string | undefined,
  received: () => void
) => {
  const { verifyWebhook } = (await import(CLIENT)) as ClientModule
  const receive = async (req: IncomingMessage, res: ServerResponse) => {
    let delivery: Awaited<ReturnType<ClientModule["verifyWebhook"]>>
    let body: Uint8Array
    try {
      body = await bodyOf(req)
      delivery = await verifyWebhook(body, req.headers, secret)
    } catch (error) {
      const { _tag, message } = error as { _tag?: string; message?: string }
      io.stderr.write(`refused: ${_tag ?? "Error"}: ${message ?? String(error)}\n`)
      res.writeHead(400).end()
      return
    }
    io.stdout.write(`${JSON.stringify({ id: delivery.id, known: delivery.known, ...delivery.event })}\n`)
    let status = 204
    if (target !== undefined) {
      const answer = await forward(target, body, req.headers)
      io.stderr.write(`forwarded ${delivery.id} ${String(delivery.event["type"])} to ${target}: ${answer}\n`)
      // the sandbox records, and retries on, what the application answered
      status = typeof answer === "number" ? answer : 502
    }
    res.writeHead(status).end()
    received()
  }
  const server = createServer((req, res) => {
    if (req.method !== "POST") res.writeHead(405, { allow: "POST" }).end()
    else void receive(req, res)
  })
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject)
      server.listen(options.port, options.host, () => resolve())
    })
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === "EADDRINUSE") throw usage(`${options.host}:${options.port} is already in use`)
    throw error
  }
  const stopped = new Promise<void>((resolve) => server.once("close", () => resolve()))
  return {
    url: receiverUrl(options.host, (server.address() as AddressInfo).port),
    close: async () => {
      // stop accepting, then end the connections a sender keeps alive
      server.close()
      server.closeAllConnections()
      await stopped
    }
  }
}

/** `listen`: receives, verifies, prints and forwards until `--count` events or a signal. */
export const listen = async (io: Io, options: ListenOptions): Promise<void> => {
  const target = forwardTarget(options.forwardTo)
  const connection = hasCredentials(options, io) ? readConnection(options, io, LOCAL_SANDBOX) : undefined
  const { secret, given } = secretOf(io, options, connection !== undefined)
  let finish: () => void = () => {}
  const done = new Promise<void>((resolve) => (finish = resolve))
  // from the start: a signal that comes while the endpoint is being registered still removes it
  process.once("SIGINT", finish)
  process.once("SIGTERM", finish)
  try {
    let verified = 0
    const receiver = await startReceiver(io, options, secret, target, () => {
      verified++
      if (options.count !== undefined && verified >= options.count) finish()
    })
    io.stderr.write(`listening for webhooks on ${receiver.url} (any path)\n`)
    let registration: Registration | undefined
    try {
      if (connection !== undefined) registration = await register(io, connection, receiver.url, secret)
    } catch (error) {
      await receiver.close()
      throw error
    }
    if (registration !== undefined) {
      io.stderr.write(
        `registered as ${connection!.merchantId}'s webhook endpoint on ${connection!.baseUrl}` +
          (given ? ", signed with the secret given" : `; signing secret ${secret}`) + " (removed when listen stops)\n"
      )
    }
    if (target !== undefined) io.stderr.write(`forwarding verified events to ${target}\n`)
    await done
    if (registration !== undefined) await unregister(io, registration)
    await receiver.close()
  } finally {
    process.off("SIGINT", finish)
    process.off("SIGTERM", finish)
  }
}
