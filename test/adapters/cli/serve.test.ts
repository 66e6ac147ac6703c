import { spawn } from "node:child_process"
import { once } from "node:events"
import { describe, expect, it } from "vitest"
import { example, useBuiltCli } from "./built-cli.ts"

const { cli, built } = useBuiltCli()

describe("payment-plan serve", () => {
  it("starts the sandbox on the port given, answers over HTTP, and stops on SIGTERM with exit 0", async () => {
    const child = spawn(process.execPath, [
      built().cli,
      "serve",
      "--merchants",
      example("sandbox-merchants.json"),
      "--port",
      "0"
    ], {
      stdio: ["ignore", "pipe", "pipe"]
    })
    let out = ""
    child.stdout.on("data", (b: Buffer) => (out += b.toString()))
    let err = ""
    child.stderr.on("data", (b: Buffer) => (err += b.toString()))
    try {
      while (!/listening on (http:\/\/\S+)/.test(out)) {
        if (child.exitCode !== null) throw new Error(`serve exited: ${err}`)
        await once(child.stdout, "data")
      }
      const url = /listening on (http:\/\/\S+)/.exec(out)![1]!
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      // the demo merchant of examples/sandbox-merchants.json creates a checkout
      const authorization = `Basic ${Buffer.from("merchant-123:sk_sandbox_demo_0123456789").toString("base64")}`
      const created = await fetch(`${url}/api/v2/checkout`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization },
        body: JSON.stringify({
          merchantId: "merchant-123",
          merchantOrderId: "order-serve-1",
          currencyCode: "AUD",
          redirectURL: "https://shop.example/return",
          items: [{ description: "Ticket", quantity: 1, costPerItem: 100, redemptionDate: "2099-01-01" }]
        })
      })
      expect(created.status).toBe(201)
      const checkout = (await created.json()) as { id: string; totalCost: number }
      expect(checkout.totalCost).toBe(100)
      const unauthorised = await fetch(`${url}/api/v2/checkout/${checkout.id}`)
      expect(unauthorised.status).toBe(401)
    } finally {
      child.kill("SIGTERM")
    }
    const [code] = await once(child, "exit")
    expect(code).toBe(0)
  })

  it("without --merchants it is a usage error (exit 2); a missing merchants file too", async () => {
    expect((await cli(["serve"])).code).toBe(2)
    expect((await cli(["serve", "--merchants", "/no/such/merchants.json", "--port", "0"])).code).toBe(2)
    expect((await cli(["serve", "--merchants", example("sandbox-merchants.json"), "--port", "70000"])).code).toBe(2)
  })
})
