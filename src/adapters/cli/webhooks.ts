/**
 * `payment-plan webhooks`: trying webhooks against the sandbox
 * (docs/webhooks.md). `listen` registers a local receiver as the merchant's
 * endpoint, verifies each delivery, prints its event and forwards it
 * (listen.ts); `trigger` asks a running sandbox for a signed test event.
 *
 * Verification is the client's `verifyWebhook`, loaded through the package's
 * own `./client` export as any user loads it.
 *
 * @module
 */
import { type Command, InvalidArgumentError, Option } from "commander"
import { nearestName } from "../../core/foundation/nearest.ts"
import {
  accepted,
  addConnectionOptions,
  ask,
  type ConnectionFlags,
  FLAG_WINS,
  LOCAL_SANDBOX,
  readConnection,
  VARIABLES
} from "./connection.ts"
import { type Io, usage } from "./io.ts"
import { listen, type ListenOptions } from "./listen.ts"
import { examples } from "./options.ts"

const parseWhole = (what: string, max: number) => (value: string) => {
  const n = Number(value)
  if (!/^\d+$/.test(value) || n > max) throw new InvalidArgumentError(`must be ${what}, got "${value}"`)
  return n
}

interface TriggerOptions extends ConnectionFlags {
  /** the flag's name before --base-url, refused with the new name */
  readonly url?: string
}

/** `trigger`: asks the sandbox for a signed test event of the type. */
const trigger = async (io: Io, type: string, options: TriggerOptions): Promise<void> => {
  // the names before --base-url and $PAYMENT_PLAN_BASE_URL: said, never silently ignored
  if (options.url !== undefined) throw usage("--url is now --base-url")
  const env = io.env ?? process.env
  if (options.baseUrl === undefined && env[VARIABLES.baseUrl] === undefined && env["PAYMENT_PLAN_URL"] !== undefined) {
    throw usage(`$PAYMENT_PLAN_URL is now $${VARIABLES.baseUrl}`)
  }
  const connection = readConnection(options, io, LOCAL_SANDBOX)
  // a type the catalogue does not list can never be sent: no need to ask the sandbox
  // (the catalogue's schemas are built on first use, not at every start of the command)
  const { EVENT_TYPES, isEventType } = await import("../../core/webhook/index.ts")
  if (!isEventType(type)) {
    const near = nearestName(type, EVENT_TYPES)
    throw usage(
      `the event type must be one of the catalogue (docs/webhooks.md): ${EVENT_TYPES.join(", ")}; got "${type}"` +
        (near === undefined ? "" : `; did you mean "${near}"?`)
    )
  }
  io.stdout.write(`${accepted(await ask(connection, "POST", "/sandbox/webhook/test", { type }))}\n`)
}

export const registerWebhooks = (program: Command, io: Io): void => {
  const webhooks = program
    .command("webhooks")
    .description("Try webhooks: a local receiver registered with the sandbox, and test events from it.")
    .addHelpText(
      "after",
      examples([
        "payment-plan webhooks listen --forward-to http://localhost:3000/webhooks",
        "payment-plan webhooks trigger plan.cancelled"
      ])
    )

  const listenCommand = webhooks
    .command("listen")
    .description(
      "Register a local receiver as the merchant's webhook endpoint with the sandbox and print its signing secret; " +
        "verify each delivery (Standard Webhooks: signature and timestamp), print its event as one JSON line and " +
        "forward it to --forward-to; remove the endpoint when stopped (Ctrl-C, SIGTERM, --count). A delivery that " +
        "fails verification is answered 400 and reported on stderr. Without the merchant's credentials, receive only, " +
        "for an endpoint configured already (--secret)."
    )
    .option("--forward-to <url>", "send each verified event on to this URL, as it was signed")
  addConnectionOptions(listenCommand, "the sandbox to register with", LOCAL_SANDBOX, "required to register")
    .addOption(
      new Option("--port <port>", "port to listen on (0: any free port)").argParser(
        parseWhole("a port number 0..65535", 65_535)
      ).default(4242)
    )
    .option("--host <host>", "address to listen on", "127.0.0.1")
    .option(
      "--secret <secret>",
      "the endpoint's whsec_… secret (env WEBHOOK_SECRET; default: a new one, printed, when registering)"
    )
    .addOption(new Option("--count <n>", "stop after n verified events").argParser(parseWhole("a whole number", 1e9)))
    .addHelpText(
      "after",
      `\n${FLAG_WINS}\n` +
        examples([
          "payment-plan webhooks listen --forward-to http://localhost:3000/webhooks",
          "PAYMENT_PLAN_MERCHANT_ID=merchant-123 PAYMENT_PLAN_API_KEY=sk_… payment-plan webhooks listen --count 1 | jq .type",
          "payment-plan webhooks listen --port 4242 --secret whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
        ])
    )
    .action((options: ListenOptions) => listen(io, options))

  const triggerCommand = webhooks
    .command("trigger")
    .description(
      "Ask a running sandbox to send a signed test event of TYPE (default webhook.test) to the merchant's endpoint."
    )
    .argument("[type]", "an event type of the catalogue (docs/webhooks.md)", "webhook.test")
  addConnectionOptions(triggerCommand, "the sandbox", LOCAL_SANDBOX)
    // its name before --base-url: refused with the new one
    .addOption(new Option("--url <url>").hideHelp())
    .addHelpText(
      "after",
      `\n${FLAG_WINS}\n` +
        examples([
          "payment-plan webhooks trigger plan.status_changed --merchant-id merchant-123 --api-key sk_…",
          "PAYMENT_PLAN_MERCHANT_ID=merchant-123 PAYMENT_PLAN_API_KEY=sk_… payment-plan webhooks trigger"
        ])
    )
    .action((type: string, options: TriggerOptions) => trigger(io, type, options))
}
