/**
 * `payment-plan webhooks listen` and `trigger`: the built command
 * receives a sandbox's signed test event, verifies it and prints it; a
 * delivery signed with another secret is refused. (That `--count` ends the
 * command was checked by hand with dist/cli.js; the test-built binary keeps
 * running here, so the test stops it.) A registered `listen` removes its
 * endpoint when a signal stops it, as `stripe listen` does: the process and
 * its signals are the point here (what it answers is tested in process,
 * webhooks-listen.test.ts).
 */
import { spawn } from "node:child_process"
import { once } from "node:events"
import { Webhook } from "standardwebhooks"
import { describe, expect, it } from "vitest"
import { loadMerchants, startSandbox } from "../../../src/adapters/sandbox/index.ts"
import { waitFor } from "../../wait.ts"
import { useBuiltCli } from "./built-cli.ts"

const { cli, built } = useBuiltCli()
const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"

it("listen prints the verified events a trigger asks the sandbox for, and refuses a forged one", async () => {
  const child = spawn(process.execPath, [built().cli, "webhooks", "listen", "--port", "0", "--count", "1"], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, WEBHOOK_SECRET: SECRET }
  })
  let out = ""
  let err = ""
  child.stdout!.on("data", (b: Buffer) => (out += b.toString()))
  child.stderr!.on("data", (b: Buffer) => (err += b.toString()))
  const url = await waitFor(() => {
    if (child.exitCode !== null) throw new Error(err)
    return /listening for webhooks on (http:\/\/\S+)/.exec(err)?.[1]
  }, { what: "the listener's address" })
  // a forged delivery: signed with another secret
  const body = JSON.stringify({ type: "webhook.test", timestamp: new Date().toISOString(), data: { message: "x" } })
  const forged = new Webhook("whsec_dGhpcyBpcyBhbm90aGVyIHNlY3JldCBvZiAyNCE=").sign("msg_forged", new Date(), body)
  const now = String(Math.floor(Date.now() / 1000))
  const refused = await fetch(url, {
    method: "POST",
    body,
    headers: { "webhook-id": "msg_forged", "webhook-timestamp": now, "webhook-signature": forged }
  })
  expect(refused.status).toBe(400)
  const merchants = loadMerchants({
    merchants: [{
      id: "merchant-123",
      apiKey: "key-a-0123456789",
      currencies: [{ currencyCode: "AUD", minimumPaymentAmount: 1 }],
      webhook: { url, secret: SECRET }
    }]
  })
  const sandbox = await startSandbox({ merchants, port: 0 })
  try {
    const trigger = await cli([
      "webhooks",
      "trigger",
      "plan.status_changed",
      "--base-url",
      sandbox.url,
      "--merchant-id",
      "merchant-123",
      "--api-key",
      "key-a-0123456789"
    ])
    expect(trigger.code).toBe(0)
    const sent = JSON.parse(trigger.stdout) as { id: string; type: string }
    expect(sent.type).toBe("plan.status_changed")
    await waitFor(() => out.includes("\n"), { what: "the event's line" })
    const [line] = out.trim().split("\n")
    expect(JSON.parse(line!)).toMatchObject({ id: sent.id, known: true, type: "plan.status_changed" })
    expect(err).toContain("refused: WebhookSignatureError")
    const wrong = await cli([
      "webhooks",
      "trigger",
      "plan.renamed",
      "--base-url",
      sandbox.url,
      "--merchant-id",
      "merchant-123",
      "--api-key",
      "key-a-0123456789"
    ])
    // a type the catalogue does not list is a usage error, refused before asking the sandbox
    expect(wrong.code).toBe(2)
  } finally {
    child.kill()
    await sandbox.close()
  }
}, 60_000)

describe("listen registered with the sandbox, stopped by a signal", () => {
  it.each(["SIGINT", "SIGTERM"] as const)("%s: the endpoint is removed, exit 0", async (signal) => {
    const merchants = loadMerchants({
      merchants: [{ id: "merchant-123", apiKey: "key-a-0123456789", currencies: [{ currencyCode: "AUD" }] }]
    })
    const sandbox = await startSandbox({ merchants, port: 0 })
    const headers = { authorization: `Basic ${Buffer.from("merchant-123:key-a-0123456789").toString("base64")}` }
    const endpoint = async () =>
      ((await (await fetch(`${sandbox.url}/sandbox/webhook`, { headers })).json()) as { url: string | null }).url
    const env = { ...process.env }
    delete env["WEBHOOK_SECRET"]
    const child = spawn(process.execPath, [built().cli, "webhooks", "listen", "--port", "0"], {
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...env,
        PAYMENT_PLAN_BASE_URL: sandbox.url,
        PAYMENT_PLAN_MERCHANT_ID: "merchant-123",
        PAYMENT_PLAN_API_KEY: "key-a-0123456789"
      }
    })
    try {
      let err = ""
      const ready = new Promise<void>((resolve, reject) => {
        child.stderr!.on("data", (b: Buffer) => {
          err += b.toString()
          if (/signing secret whsec_\S+/.test(err)) resolve()
        })
        child.once("exit", () => reject(new Error(err)))
      })
      await ready
      const url = /listening for webhooks on (http:\/\/\S+)/.exec(err)![1]
      expect(await endpoint()).toBe(url)
      const exited = once(child, "exit")
      child.kill(signal)
      const [code] = await exited
      expect(code, err).toBe(0)
      expect(err).toContain(`removed the webhook endpoint ${url}`)
      expect(await endpoint()).toBeNull()
    } finally {
      child.kill()
      await sandbox.close()
    }
  })
})
