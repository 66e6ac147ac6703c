/**
 * `npm start`: the sandbox on http://127.0.0.1:4010, data in
 * .sandbox/sandbox.sqlite (":memory:" keeps nothing), merchants from
 * examples/sandbox-merchants.json. The settings are read as
 * `payment-plan serve` reads them (readSandboxSettings): flags
 * (`npm start -- --port 8080`) win over PORT, HOST, SANDBOX_DB,
 * SANDBOX_MERCHANTS and the others. Prints the demo merchant's credentials,
 * a curl that creates a checkout and the widget of a freshly created sample
 * checkout, then a line per request on stderr (`--log`).
 */
import { readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { parseArgs } from "node:util"
import { exampleCheckout } from "../src/adapters/client/example-checkout.ts"
import {
  MerchantsFileError,
  readSandboxSettings,
  SandboxListenError,
  startSandbox
} from "../src/adapters/sandbox/index.ts"

const {
  values: { "webhook-allow": webhookAllow, "allowed-host": allowedHosts, "public-url": publicUrl, ...flags }
} = parseArgs({
  options: {
    port: { type: "string" },
    host: { type: "string" },
    database: { type: "string" },
    merchants: { type: "string" },
    "webhook-allow": { type: "string" },
    "allowed-host": { type: "string" },
    "public-url": { type: "string" },
    log: { type: "string" }
  }
})

/** A start the settings or the system refuse: one line and the issues, exit 2 (as `payment-plan serve`). */
const refuse = (
  message: string,
  issues: ReadonlyArray<{ path: string; code: string; rule: string; message: string }>
): never => {
  console.error(`npm start: ${message}`)
  for (const issue of issues) {
    console.error(`  ${issue.path || "(input)"}: ${issue.message} [${issue.code}, ${issue.rule}]`)
  }
  process.exit(2)
}

const read = readSandboxSettings({
  flags: { ...flags, webhookAllow, allowedHosts, publicUrl },
  defaults: {
    database: ".sandbox/sandbox.sqlite",
    merchants: fileURLToPath(new URL("./sandbox-merchants.json", import.meta.url))
  }
})
const settings = read.ok ? read.value : refuse("the settings were refused:", read.issues)
const merchantsFile = settings.merchants ?? refuse("no merchants file", [])

const running = await startSandbox({ ...settings, merchants: merchantsFile }).catch((error: unknown) => {
  if (error instanceof MerchantsFileError || error instanceof SandboxListenError) {
    return refuse(error.message, error instanceof MerchantsFileError ? error.issues : [])
  }
  // the sandbox's own refusal of its settings (a webhook target outside --webhook-allow, say)
  if ((error as { _tag?: string })._tag === "ValidationError") {
    return refuse("the sandbox refused its settings:", (error as { issues: [] }).issues)
  }
  throw error
})
for (const warning of running.warnings) console.error(`npm start: warning: ${warning}`)

// The merchants file of the demo holds plain keys so they can be printed here; real files hold apiKeyHash only.
const file = JSON.parse(readFileSync(merchantsFile, "utf8").replace(/^\uFEFF/, "")) as {
  merchants: Array<{ id: string; apiKey?: string }>
}
const demo = file.merchants[0]!
const authorization = `Basic ${Buffer.from(`${demo.id}:${demo.apiKey ?? ""}`).toString("base64")}`

// the service description's example checkout (examples/checkout-request.json), dated from today
const sample = { ...exampleCheckout(Date.now()), merchantId: demo.id, merchantOrderId: `order-${Date.now()}` }

console.log(`Payment-plan sandbox listening on ${running.url} (data: ${settings.database})\n`)
if (demo.apiKey !== undefined) {
  console.log(
    `Demo merchant\n  merchant id: ${demo.id}\n  API key:     ${demo.apiKey}\n  Authorization: ${authorization}\n`
  )
  const created = await fetch(`${running.url}/api/v2/checkout`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization },
    body: JSON.stringify(sample)
  })
  const checkout = (await created.json()) as { id?: string; widgetUrl?: string; message?: string }
  console.log("Create a checkout:")
  console.log(
    `  curl -s -X POST ${running.url}/api/v2/checkout \\\n    -u '${demo.id}:${demo.apiKey}' \\\n    -H 'content-type: application/json' \\\n    -d '${
      JSON.stringify(sample)
    }'\n`
  )
  if (checkout.id !== undefined) {
    console.log(`A sample checkout (${checkout.id}); open its widget in a browser:\n  ${checkout.widgetUrl}\n`)
    console.log(
      `Its plan message as a product page shows it (docs/messaging.md):\n  ${running.url}/widget/message-demo?checkout=${checkout.id}\n`
    )
    console.log(
      `Verify it afterwards:\n  curl -s -u '${demo.id}:${demo.apiKey}' ${running.url}/api/v2/checkout/${checkout.id}\n`
    )
  } else {
    console.log(`The sample checkout could not be created: ${created.status} ${checkout.message ?? ""}\n`)
  }
}
console.log(
  "Test cards: 4242424242424242 pays, 4000000000000002 is declined, 4000000000000341 pays the deposit and fails later."
)
console.log("Docs: docs/sandbox.md. Ctrl-C stops the sandbox.")

const stop = () => {
  void running.close().then(() => process.exit(0))
}
process.once("SIGINT", stop)
process.once("SIGTERM", stop)
