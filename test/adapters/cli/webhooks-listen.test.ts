/**
 * `payment-plan webhooks listen`, as `stripe listen` works: it registers its
 * own endpoint with the sandbox (the merchant from the session's variables or
 * the flags), prints the endpoint's signing secret, verifies each delivery
 * (Standard Webhooks) and forwards it to `--forward-to`, and removes the
 * endpoint when it ends. `listen`, `trigger` and `conformance` read
 * PAYMENT_PLAN_BASE_URL, PAYMENT_PLAN_MERCHANT_ID and PAYMENT_PLAN_API_KEY, a
 * flag winning over its variable; `trigger` suggests the nearest event type.
 * In process: the commands' answers are the point (the signals that end
 * `listen` are the built binary's, test/adapters/cli/webhooks.test.ts).
 */
import { once } from "node:events"
import { createServer, type IncomingHttpHeaders, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { createServer as createTcpServer } from "node:net"
import { Webhook } from "standardwebhooks"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { loadMerchants, type RunningSandbox, startSandbox } from "../../../src/adapters/sandbox/index.ts"
import { runInProcess, startInProcess } from "./in-process.ts"

const MERCHANT = "merchant-123"
const KEY = "key-a-0123456789"
const OTHER = "merchant-456"
const OTHER_KEY = "key-b-0123456789"

let sandbox: RunningSandbox
beforeAll(async () => {
  const merchants = loadMerchants({
    merchants: [[MERCHANT, KEY], [OTHER, OTHER_KEY]].map(([id, apiKey]) => ({
      id: id!,
      apiKey: apiKey!,
      currencies: [{ currencyCode: "AUD", minimumPaymentAmount: 1 }]
    }))
  })
  sandbox = await startSandbox({ merchants, port: 0 })
})
afterAll(() => sandbox.close())

/** The session's variables, pointing at the sandbox. */
const session = (merchantId = MERCHANT, apiKey = KEY) => ({
  PAYMENT_PLAN_BASE_URL: sandbox.url,
  PAYMENT_PLAN_MERCHANT_ID: merchantId,
  PAYMENT_PLAN_API_KEY: apiKey
})

const asMerchant = (merchantId: string, apiKey: string) => ({
  authorization: `Basic ${Buffer.from(`${merchantId}:${apiKey}`).toString("base64")}`
})

/** The merchant's endpoint as the sandbox shows it. */
const endpointOf = async (merchantId = MERCHANT, apiKey = KEY) =>
  (await (await fetch(`${sandbox.url}/sandbox/webhook`, { headers: asMerchant(merchantId, apiKey) })).json()) as {
    url: string | null
    source: string | null
  }

interface Received {
  readonly headers: IncomingHttpHeaders
  readonly body: string
}

/** The merchant's application: records what it receives, answers `status`. */
const application = async (status: number) => {
  const received: Array<Received> = []
  let arrived: () => void = () => {}
  const first = new Promise<void>((resolve) => (arrived = resolve))
  const server: Server = createServer((req, res) => {
    const chunks: Array<Buffer> = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") })
      res.writeHead(status).end()
      arrived()
    })
  }).listen(0, "127.0.0.1")
  await once(server, "listening")
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`,
    received,
    first,
    close: () => new Promise<void>((resolve) => server.close(() => resolve()))
  }
}

/** A port nothing listens on. */
const deadPort = async () => {
  const server = createTcpServer().listen(0, "127.0.0.1")
  await once(server, "listening")
  const { port } = server.address() as AddressInfo
  server.close()
  await once(server, "close")
  return port
}

const READY = /signing secret (whsec_\S+)/
const LISTENING = /listening for webhooks on (http:\/\/\S+)/

describe("webhooks listen --forward-to: registered with the sandbox, verified, forwarded, removed", () => {
  it("the session's variables: the endpoint registered, its secret printed, the event verified and forwarded, the endpoint removed at the end", async () => {
    const app = await application(200)
    try {
      const listen = startInProcess(
        ["webhooks", "listen", "--port", "0", "--forward-to", app.url, "--count", "1"],
        "terminal",
        session()
      )
      const [, secret] = await listen.stderrMatch(READY)
      const [, url] = await listen.stderrMatch(LISTENING)
      expect(await endpointOf()).toMatchObject({ url, source: "runtime" })
      // a delivery signed with another secret: refused, not forwarded
      const body = JSON.stringify({ type: "webhook.test", timestamp: new Date().toISOString(), data: {} })
      const forged = new Webhook("whsec_dGhpcyBpcyBhbm90aGVyIHNlY3JldCBvZiAyNCE=").sign("msg_forged", new Date(), body)
      const refused = await fetch(url!, {
        method: "POST",
        body,
        headers: {
          "webhook-id": "msg_forged",
          "webhook-timestamp": String(Math.floor(Date.now() / 1000)),
          "webhook-signature": forged
        }
      })
      expect(refused.status).toBe(400)
      // trigger reads the same variables
      const trigger = await runInProcess(["webhooks", "trigger", "plan.status_changed"], "terminal", session())
      expect(trigger.code, trigger.stderr).toBe(0)
      const sent = JSON.parse(trigger.stdout) as { id: string }
      const ran = await listen.done
      expect(ran.code, ran.stderr).toBe(0)
      expect(JSON.parse(ran.stdout.trim())).toMatchObject({ id: sent.id, known: true, type: "plan.status_changed" })
      // forwarded once, as the sandbox signed it: the application verifies it with the printed secret
      expect(app.received).toHaveLength(1)
      const [delivery] = app.received
      expect(delivery!.headers["webhook-id"]).toBe(sent.id)
      expect(new Webhook(secret!).verify(delivery!.body, delivery!.headers as Record<string, string>)).toMatchObject({
        type: "plan.status_changed"
      })
      expect(ran.stderr).toContain(`forwarded ${sent.id} plan.status_changed to ${app.url}: 200`)
      expect(ran.stderr).toContain("refused: WebhookSignatureError")
      // the endpoint is removed when listen ends
      expect(await endpointOf()).toMatchObject({ url: null })
      expect(ran.stderr).toContain(`removed the webhook endpoint ${url}`)
    } finally {
      await app.close()
    }
  })

  /** One test event through `listen --forward-to target`: what listen said, and the sandbox's first attempt's status. */
  const forwardOne = async (target: string) => {
    const listen = startInProcess(
      ["webhooks", "listen", "--port", "0", "--forward-to", target, "--count", "1"],
      "terminal",
      session()
    )
    await listen.stderrMatch(READY)
    const trigger = await runInProcess(["webhooks", "trigger"], "terminal", session())
    const { id } = JSON.parse(trigger.stdout) as { id: string }
    const ran = await listen.done
    const log =
      (await (await fetch(`${sandbox.url}/sandbox/webhook/deliveries`, { headers: asMerchant(MERCHANT, KEY) }))
        .json()) as { deliveries: Array<{ id: string; attempts: Array<{ status: number | null }> }> }
    return { ran, id, status: log.deliveries.find((d) => d.id === id)?.attempts[0]?.status }
  }

  it("the sandbox sees what the application answered: its 500 is the attempt's status", async () => {
    const app = await application(500)
    try {
      const { ran, id, status } = await forwardOne(app.url)
      expect(ran.code, ran.stderr).toBe(0)
      expect(ran.stderr).toContain(`forwarded ${id} webhook.test to ${app.url}: 500`)
      expect(status).toBe(500)
    } finally {
      await app.close()
    }
  })

  it("an application that cannot be reached: 502 to the sandbox, and stderr says why", async () => {
    const target = `http://127.0.0.1:${await deadPort()}/webhooks`
    const { ran, id, status } = await forwardOne(target)
    expect(ran.stderr).toContain(
      `forwarded ${id} webhook.test to ${target}: cannot reach ${target}: connect ECONNREFUSED`
    )
    expect(status).toBe(502)
  })

  it("flags win over the variables: --merchant-id and --api-key register the other merchant", async () => {
    const listen = startInProcess(
      ["webhooks", "listen", "--port", "0", "--count", "1", "--merchant-id", OTHER, "--api-key", OTHER_KEY],
      "terminal",
      session()
    )
    const [, url] = await listen.stderrMatch(LISTENING)
    await listen.stderrMatch(READY)
    expect(await endpointOf(OTHER, OTHER_KEY)).toMatchObject({ url })
    expect(await endpointOf()).toMatchObject({ url: null })
    const trigger = await runInProcess(
      ["webhooks", "trigger", "--merchant-id", OTHER, "--api-key", OTHER_KEY],
      "terminal",
      session()
    )
    expect(trigger.code, trigger.stderr).toBe(0)
    expect((await listen.done).code).toBe(0)
    expect(await endpointOf(OTHER, OTHER_KEY)).toMatchObject({ url: null })
  })

  it("--secret: the endpoint is registered with the secret given, which is not printed", async () => {
    const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
    const listen = startInProcess(
      ["webhooks", "listen", "--port", "0", "--count", "1", "--secret", secret],
      "terminal",
      session()
    )
    await listen.stderrMatch(/registered/)
    const trigger = await runInProcess(["webhooks", "trigger"], "terminal", session())
    expect(trigger.code, trigger.stderr).toBe(0)
    const ran = await listen.done
    expect(ran.code, ran.stderr).toBe(0)
    expect(JSON.parse(ran.stdout.trim())).toMatchObject({ type: "webhook.test" })
    expect(ran.stderr).not.toContain(secret)
  })

  it("a credential the sandbox refuses: nothing registered, the sandbox's answer, exit 1", async () => {
    const ran = await runInProcess(
      ["webhooks", "listen", "--port", "0", "--count", "1"],
      "terminal",
      session(MERCHANT, "key-wrong-0123456789")
    )
    expect(ran.code).toBe(1)
    expect(ran.stderr).toMatch(/^payment-plan: the sandbox answered 401: /m)
    expect(await endpointOf()).toMatchObject({ url: null })
  })

  it("neither credentials nor a secret: a usage error naming both ways", async () => {
    const ran = await runInProcess(["webhooks", "listen", "--port", "0"])
    expect(ran.code).toBe(2)
    expect(ran.stderr).toContain("PAYMENT_PLAN_MERCHANT_ID")
    expect(ran.stderr).toContain("WEBHOOK_SECRET")
    const half = await runInProcess(["webhooks", "listen", "--port", "0"], "terminal", {
      PAYMENT_PLAN_MERCHANT_ID: MERCHANT
    })
    expect(half.code).toBe(2)
    expect(half.stderr).toBe(
      "payment-plan: required option '--api-key <key>' not specified, nor the PAYMENT_PLAN_API_KEY variable\n"
    )
  })

  it("--forward-to that is not an http(s) URL: a usage error before anything is registered", async () => {
    const ran = await runInProcess(
      ["webhooks", "listen", "--port", "0", "--forward-to", "localhost:3000/webhooks"],
      "terminal",
      session()
    )
    expect(ran.code).toBe(2)
    expect(ran.stderr).toContain(`--forward-to must be an absolute http(s) URL, got "localhost:3000/webhooks"`)
    expect(await endpointOf()).toMatchObject({ url: null })
  })
})

describe("the session's variables: PAYMENT_PLAN_BASE_URL, PAYMENT_PLAN_MERCHANT_ID, PAYMENT_PLAN_API_KEY", () => {
  it("trigger: the variables alone reach the sandbox; a flag wins over its variable", async () => {
    const port = await deadPort()
    // no endpoint: the sandbox answers 409, which shows the request reached it as the merchant
    const fromVariables = await runInProcess(["webhooks", "trigger"], "terminal", session())
    expect([fromVariables.code, fromVariables.stderr]).toEqual([
      1,
      expect.stringMatching(/^payment-plan: the sandbox answered 409: .*No webhook endpoint/)
    ])
    const flagWins = await runInProcess(
      ["webhooks", "trigger", "--base-url", `http://127.0.0.1:${port}`],
      "terminal",
      session()
    )
    expect(flagWins.stderr).toBe(
      `payment-plan: cannot reach http://127.0.0.1:${port}: connect ECONNREFUSED 127.0.0.1:${port}\n`
    )
  })

  it("conformance: the variables alone give the service and the credentials", async () => {
    const port = await deadPort()
    const base = `http://127.0.0.1:${port}`
    const ran = await runInProcess(["conformance", "--quiet", "--runs", "1"], "terminal", {
      PAYMENT_PLAN_BASE_URL: base,
      PAYMENT_PLAN_MERCHANT_ID: MERCHANT,
      PAYMENT_PLAN_API_KEY: KEY
    })
    expect([ran.code, ran.stderr]).toEqual([
      2,
      `payment-plan: cannot reach ${base}: connect ECONNREFUSED 127.0.0.1:${port}\n`
    ])
    const missing = await runInProcess(["conformance", "--quiet"], "terminal", { PAYMENT_PLAN_API_KEY: KEY })
    expect([missing.code, missing.stderr]).toEqual([
      2,
      "payment-plan: required option '--base-url <url>' not specified, nor the PAYMENT_PLAN_BASE_URL variable\n"
    ])
  })

  it("trigger's --url and $PAYMENT_PLAN_URL are now --base-url and $PAYMENT_PLAN_BASE_URL: said, never ignored", async () => {
    const flag = await runInProcess(["webhooks", "trigger", "--url", sandbox.url], "terminal", session())
    expect([flag.code, flag.stderr]).toEqual([2, "payment-plan: --url is now --base-url\n"])
    const { PAYMENT_PLAN_BASE_URL: _, ...rest } = session()
    const variable = await runInProcess(["webhooks", "trigger"], "terminal", { ...rest, PAYMENT_PLAN_URL: sandbox.url })
    expect([variable.code, variable.stderr]).toEqual([
      2,
      "payment-plan: $PAYMENT_PLAN_URL is now $PAYMENT_PLAN_BASE_URL\n"
    ])
  })
})

describe("trigger: did you mean", () => {
  it("an event type one slip from the catalogue's is suggested, and nothing is asked of the sandbox", async () => {
    const ran = await runInProcess(["webhooks", "trigger", "plan.canceled"], "terminal", session())
    expect(ran.code).toBe(2)
    expect(ran.stderr).toContain(`got "plan.canceled"; did you mean "plan.cancelled"?`)
    const far = await runInProcess(["webhooks", "trigger", "refund.created"], "terminal", session())
    expect(far.code).toBe(2)
    expect(far.stderr).not.toContain("did you mean")
  })
})
