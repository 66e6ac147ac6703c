// Imports the built package by its name, as a consumer does (package self-reference
// through "exports"), and calls the public surface once.
const engine = await import("payment-plan-engine")
const expected = [
  "validateCheckoutRequest",
  "summarizeCheckout",
  "splitInstallments",
  "checkoutIdFromRedirect",
  "decideDeposit",
  "shouldDisplayWidget"
]
const missing = expected.filter((name) => typeof engine[name] !== "function")
if (missing.length > 0) throw new Error(`missing exports: ${missing.join(", ")}`)
const split = engine.splitInstallments(1234.57, 7, "AUD")
if (split.amount !== 176.36 || split.remainder !== 0.05) throw new Error(`unexpected split ${JSON.stringify(split)}`)
console.log("consumer import of dist/ works:", Object.keys(engine).length, "exports")

// The testing kit, as a merchant's property test imports it (fast-check is an optional peer).
const fc = (await import("fast-check")).default
const testing = await import("payment-plan-engine/testing")
const [sample] = fc.sample(testing.checkoutRequest(), { numRuns: 1, seed: 1 })
const validation = engine.validateCheckoutRequest(sample, { now: Date.UTC(2026, 10, 22) })
if (!validation.ok) throw new Error(`an arbitrary checkout request is invalid: ${JSON.stringify(validation.issues)}`)
console.log("consumer import of payment-plan-engine/testing works:", Object.keys(testing).length, "exports")

// The HTTP client subpath, against an in-process fetch: no network.
const clientModule = await import("payment-plan-engine/client")
for (const name of ["createClient", "PaymentPlanClient", "NotFoundError", "TimeoutError"]) {
  if (clientModule[name] === undefined) throw new Error(`payment-plan-engine/client lacks ${name}`)
}
const client = clientModule.createClient({
  baseUrl: "http://127.0.0.1:4010",
  merchantId: "merchant-123",
  apiKey: "smoke-key",
  fetch: async (request) =>
    new Response(
      JSON.stringify({ id: new URL(request.url).pathname.split("/").pop(), plan: { deposit: { status: "Accepted" } } }),
      {
        status: 200,
        headers: { "content-type": "application/json" }
      }
    )
})
const verified = await client.verifyCheckout("https://shop.example/return?service_checkout_id=chk_1")
if (verified.allocate !== true) throw new Error(`unexpected verification ${JSON.stringify(verified)}`)
if (JSON.stringify(client).includes("smoke-key")) throw new Error("the client shows its API key")
console.log("consumer import of payment-plan-engine/client works:", Object.keys(clientModule).length, "exports")

// The webhook subpath: an event of the catalogue, written and read back as a receiver reads it.
const webhook = await import("payment-plan-engine/webhook")
const sent = webhook.EXAMPLES["plan.cancelled"]
const { Effect } = await import("effect")
const received = Effect.runSync(Effect.result(webhook.readEvent(JSON.parse(webhook.bodyOf(sent)))))
if (received._tag !== "Success" || !received.success.known || received.success.event.data.planId !== sent.data.planId) {
  throw new Error(`the webhook subpath did not read back its own event: ${JSON.stringify(received)}`)
}
console.log("consumer import of payment-plan-engine/webhook works:", Object.keys(webhook).length, "exports")

// The messaging subpath: a plan message and its server-rendered element; the element's script
// imports without a DOM (it defines the element only where there is one).
const messaging = await import("payment-plan-engine/messaging")
const planned = messaging.planMessage(
  { currencyCode: "AUD", costPerItem: 1100, redemptionDate: "2027-02-11" },
  { now: "2026-11-22T09:30:00Z", timeZone: "Australia/Sydney" }
)
if (!planned.ok || !planned.value.text.startsWith("Pay AUD")) throw new Error(`planMessage: ${JSON.stringify(planned)}`)
if (
  !messaging.renderPlanMessage({ currencyCode: "AUD", costPerItem: 1100, redemptionDate: "2027-02-11" }, {
    now: "2026-11-22T09:30:00Z",
    timeZone: "Australia/Sydney"
  }).includes("shadowrootmode=\"open\"")
) throw new Error("renderPlanMessage wrote no declarative shadow root")
await import("payment-plan-engine/messaging/element")
console.log("consumer import of payment-plan-engine/messaging and /messaging/element works")

// The sandbox subpath: a handler answering through web-standard Request/Response.
const sandboxModule = await import("payment-plan-engine/sandbox")
const sandbox = sandboxModule.createSandbox({ store: sandboxModule.sqliteStore(":memory:"), merchants: [] })
const health = await sandbox.fetch(new Request("http://sandbox.test/health"))
if (health.status !== 200) throw new Error(`sandbox health answered ${health.status}`)
sandbox.close()
console.log("consumer import of payment-plan-engine/sandbox works")

// The client's testing kit, as a merchant's own tests import it: a scripted fetch with fault
// injection, and the contract suite registered with a test runner (here a minimal one) against
// the sandbox, with a merchant from the shipped examples/sandbox-merchants.json.
const { readFileSync: readFile } = await import("node:fs")
const clientTesting = await import("payment-plan-engine/client/testing")
const scripted = clientTesting.scriptedFetch([{ kind: "refused" }, {
  kind: "json",
  status: 201,
  body: { id: "chk_1" }
}])
const retried = await clientModule.createClient({
  baseUrl: "http://127.0.0.1:4010",
  merchantId: "merchant-123",
  apiKey: "smoke-key",
  fetch: scripted.fetch,
  retry: { baseDelayMs: 0 }
}).retrieveCheckout("chk_1")
if (retried.id !== "chk_1" || scripted.requests.length !== 2) throw new Error("a refused connection was not retried")
const merchantsFile = JSON.parse(readFile(new URL("../examples/sandbox-merchants.json", import.meta.url), "utf8"))
const demo = merchantsFile.merchants[0]
const contractTests = []
clientTesting.clientContract("the built sandbox", () => {
  const contractSandbox = sandboxModule.createSandbox({
    store: sandboxModule.sqliteStore(":memory:"),
    merchants: sandboxModule.loadMerchants({ merchants: [demo] })
  })
  const baseUrl = "http://sandbox.test"
  return {
    fetch: contractSandbox.fetch,
    baseUrl,
    merchantId: demo.id,
    apiKey: demo.apiKey,
    completeCheckout: async (checkoutId, outcome) => {
      await contractSandbox.fetch(
        new Request(`${baseUrl}/widget/api/checkouts/${checkoutId}/complete`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            card: outcome === "accept" ? sandboxModule.TEST_CARDS.succeeds : sandboxModule.TEST_CARDS.declined,
            planTerms: {
              checkoutId,
              type: "plan",
              timeZone: "Australia/Sydney",
              installments: { cadence: { frequency: "Fortnightly" } }
            }
          })
        })
      )
    },
    close: async () => contractSandbox.close()
  }
}, {
  describe: (_name, body) => body(),
  it: (name, test) => contractTests.push({ name, test }),
  idempotencyKeys: "honoured"
})
for (const { name, test } of contractTests) {
  await test().catch((error) => {
    throw new Error(`client contract against the built sandbox: ${name}: ${error.message}`)
  })
}
console.log(
  `consumer import of payment-plan-engine/client/testing works: ${contractTests.length} contract tests passed`
)

// The conformance kit against the built sandbox, in process: every check agrees (exit code 0).
const conformance = await import("payment-plan-engine/conformance")
const conformanceSandbox = sandboxModule.createSandbox({
  store: sandboxModule.sqliteStore(":memory:"),
  merchants: sandboxModule.loadMerchants({ merchants: [demo] })
})
const conformed = await conformance.runConformance({
  baseUrl: "http://sandbox.test",
  merchantId: demo.id,
  apiKey: demo.apiKey,
  fetch: conformanceSandbox.fetch,
  timeZone: demo.timeZone,
  runs: 15,
  seed: 1,
  rps: 10_000
})
conformanceSandbox.close()
if (conformance.exitCodeOf(conformed) !== 0 || conformed.runs === 0) {
  throw new Error(`conformance against the built sandbox: ${conformance.formatTable(conformed)}`)
}
if (typeof (await import("payment-plan-engine/conformance/vitest")).describeConformance !== "function") {
  throw new Error("payment-plan-engine/conformance/vitest lacks describeConformance")
}
console.log(`consumer import of payment-plan-engine/conformance works: ${conformed.runs} scenarios agree`)

// The package's binary, found through package.json "bin" as npm links it.
const { execFileSync } = await import("node:child_process")
const { readFileSync } = await import("node:fs")
const bin = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")).bin["payment-plan"]
const binUrl = new URL(`../${bin}`, import.meta.url)
if (!readFileSync(binUrl, "utf8").startsWith("#!/usr/bin/env node")) throw new Error(`${bin} lacks its shebang`)
const summarized = JSON.parse(
  execFileSync(process.execPath, [binUrl.pathname, "summarize", "--now", "2026-11-22T00:00:00Z"], {
    input: readFileSync(new URL("../examples/checkout-request.json", import.meta.url))
  }).toString()
)
if (summarized.totalCost !== 1100) throw new Error(`payment-plan summarize answered ${JSON.stringify(summarized)}`)
console.log(`the payment-plan binary (${bin}) works`)
