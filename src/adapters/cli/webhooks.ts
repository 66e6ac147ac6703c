/**
 * `payment-plan webhooks`: trying webhooks against the sandbox
 * (docs/webhooks.md). `listen` is a local receiver that verifies each
 * delivery and prints its event; `trigger` asks a running sandbox for a
 * signed test event.
 *
 * Verification is the client's `verifyWebhook`, loaded through the package's
 * own `./client` export as any user loads it.
 *
 * @module
 */
import { type Command, InvalidArgumentError, Option } from "commander"
import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { cannotReach } from "../../core/foundation/reach.ts"
import { isSecret, MAX_SECRET_BYTES, SECRET_PREFIX } from "../../core/webhook/message.ts"
import { type Io, refused, usage } from "./io.ts"
import { examples } from "./options.ts"

/** What `listen` needs of `payment-plan-engine/client`. */
interface ClientModule {
  readonly verifyWebhook: (
    body: Uint8Array,
    headers: Record<string, string | Array<string> | undefined>,
    secret: string
  ) => Promise<{ readonly id: string; readonly known: boolean; readonly event: Record<string, unknown> }>
}

const CLIENT = "payment-plan-engine/client"

const parseWhole = (what: string, max: number) => (value: string) => {
  const n = Number(value)
  if (!/^\d+$/.test(value) || n > max) throw new InvalidArgumentError(`must be ${what}, got "${value}"`)
  return n
}

const bodyOf = (req: IncomingMessage): Promise<Uint8Array> =>
  new Promise((resolve, reject) => {
    const chunks: Array<Buffer> = []
    let size = 0
    req.on("data", (c: Buffer) => {
      size += c.length
      if (size > 1_048_576) req.destroy()
      else chunks.push(c)
    })
    req.once("end", () => resolve(Buffer.concat(chunks)))
    req.once("error", reject)
  })

interface ListenOptions {
  readonly port: number
  readonly host: string
  readonly secret?: string
  readonly count?: number
}

interface TriggerOptions {
  readonly url?: string
  readonly merchantId?: string
  readonly apiKey?: string
}

/** `listen`: a receiver on the port that verifies each delivery and prints its event, until `--count` or a signal. */
const listen = async (io: Io, options: ListenOptions): Promise<void> => {
  const secret = options.secret ?? process.env["WEBHOOK_SECRET"]
  if (secret === undefined || secret === "") throw usage("--secret (or $WEBHOOK_SECRET) is required")
  // a secret no sender can sign with would refuse every delivery: say so now (never showing it)
  if (!isSecret(secret)) {
    throw usage(
      `--secret (or $WEBHOOK_SECRET) must be "${SECRET_PREFIX}" followed by the base64 of 1 to ${MAX_SECRET_BYTES} bytes, ` +
        `as the sandbox generates (docs/webhooks.md)`
    )
  }
  const { verifyWebhook } = (await import(CLIENT)) as ClientModule
  let verified = 0
  let finish: () => void = () => {}
  const done = new Promise<void>((resolve) => (finish = resolve))
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== "POST") {
      res.writeHead(405, { allow: "POST" }).end()
      return
    }
    bodyOf(req)
      .then((body) => verifyWebhook(body, req.headers, secret))
      .then((delivery) => {
        io.stdout.write(`${JSON.stringify({ id: delivery.id, known: delivery.known, ...delivery.event })}\n`)
        res.writeHead(204).end()
        verified++
        if (options.count !== undefined && verified >= options.count) finish()
      })
      .catch((error: { _tag?: string; message?: string }) => {
        io.stderr.write(`refused: ${error._tag ?? "Error"}: ${error.message ?? String(error)}\n`)
        res.writeHead(400).end()
      })
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
  const { port } = server.address() as AddressInfo
  io.stderr.write(`listening for webhooks on http://${options.host}:${port}/ (any path)\n`)
  const stop = () => finish()
  process.once("SIGINT", stop)
  process.once("SIGTERM", stop)
  await done
  process.off("SIGINT", stop)
  process.off("SIGTERM", stop)
  // stop accepting, then end the connections a sender keeps alive
  const closed = new Promise<void>((resolve) => server.close(() => resolve()))
  server.closeAllConnections()
  await closed
}

/** `trigger`: asks the sandbox for a signed test event of the type. */
const trigger = async (io: Io, type: string, options: TriggerOptions): Promise<void> => {
  const base = (options.url ?? process.env["PAYMENT_PLAN_URL"] ?? "http://127.0.0.1:4010").replace(/\/+$/, "")
  const merchantId = options.merchantId ?? process.env["PAYMENT_PLAN_MERCHANT_ID"]
  const apiKey = options.apiKey ?? process.env["PAYMENT_PLAN_API_KEY"]
  if (merchantId === undefined || apiKey === undefined) {
    throw usage("--merchant-id and --api-key (or $PAYMENT_PLAN_MERCHANT_ID and $PAYMENT_PLAN_API_KEY) are required")
  }
  if (!URL.canParse(base)) throw usage(`--url must be a URL, got "${base}"`)
  // a type the catalogue does not list can never be sent: no need to ask the sandbox
  // (the catalogue's schemas are built on first use, not at every start of the command)
  const { EVENT_TYPES, isEventType } = await import("../../core/webhook/catalogue.ts")
  if (!isEventType(type)) {
    throw usage(
      `the event type must be one of the catalogue (docs/webhooks.md): ${EVENT_TYPES.join(", ")}; got "${type}"`
    )
  }
  let response: Response
  try {
    response = await fetch(`${base}/sandbox/webhook/test`, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${merchantId}:${apiKey}`).toString("base64")}`,
        "content-type": "application/json"
      },
      body: JSON.stringify({ type })
    })
  } catch (error) {
    // as `conformance` says it: nothing could be asked, so nothing was refused (exit 2)
    throw usage(cannotReach(base, error))
  }
  const text = await response.text()
  if (!response.ok) throw refused(`the sandbox answered ${response.status}: ${text}`)
  io.stdout.write(`${text}\n`)
}

export const registerWebhooks = (program: Command, io: Io): void => {
  const webhooks = program
    .command("webhooks")
    .description("Try webhooks: a local receiver that verifies deliveries, and test events from a running sandbox.")
    .addHelpText(
      "after",
      examples([
        "payment-plan webhooks listen --port 4242 --secret whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
        "payment-plan webhooks trigger plan.cancelled --merchant-id merchant-123 --api-key sk_…"
      ])
    )

  webhooks
    .command("listen")
    .description(
      "Receive webhook deliveries, verify each (Standard Webhooks: signature and timestamp) and print its event as one JSON line; a delivery that fails verification is answered 400 and reported on stderr."
    )
    .addOption(
      new Option("--port <port>", "port to listen on (0: any free port)").argParser(
        parseWhole("a port number 0..65535", 65_535)
      ).default(4242)
    )
    .option("--host <host>", "address to listen on", "127.0.0.1")
    .option("--secret <secret>", "the endpoint's whsec_… secret (default: $WEBHOOK_SECRET)")
    .addOption(new Option("--count <n>", "stop after n verified events").argParser(parseWhole("a whole number", 1e9)))
    .addHelpText(
      "after",
      examples([
        "payment-plan webhooks listen --port 4242 --secret whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
        "WEBHOOK_SECRET=whsec_… payment-plan webhooks listen --count 1 | jq .type"
      ])
    )
    .action((options: ListenOptions) => listen(io, options))

  webhooks
    .command("trigger")
    .description(
      "Ask a running sandbox to send a signed test event of TYPE (default webhook.test) to the merchant's endpoint."
    )
    .argument("[type]", "an event type of the catalogue (docs/webhooks.md)", "webhook.test")
    .option("--url <url>", "the sandbox (default: $PAYMENT_PLAN_URL, else http://127.0.0.1:4010)")
    .option("--merchant-id <id>", "the merchant (default: $PAYMENT_PLAN_MERCHANT_ID)")
    .option("--api-key <key>", "its API key (default: $PAYMENT_PLAN_API_KEY)")
    .addHelpText(
      "after",
      examples([
        "payment-plan webhooks trigger plan.status_changed --merchant-id merchant-123 --api-key sk_…",
        "PAYMENT_PLAN_MERCHANT_ID=merchant-123 PAYMENT_PLAN_API_KEY=sk_… payment-plan webhooks trigger"
      ])
    )
    .action((type: string, options: TriggerOptions) => trigger(io, type, options))
}
