import { type ChildProcess, spawn } from "node:child_process"
import { once } from "node:events"
import { existsSync, writeFileSync } from "node:fs"
import { request as httpRequest } from "node:http"
import { createServer } from "node:net"
import { describe, expect, it } from "vitest"
import { example, useBuiltCli } from "./built-cli.ts"

const { cli, built } = useBuiltCli()

/** A port nobody listens on right now. */
const freePort = async (): Promise<number> => {
  const server = createServer()
  server.listen(0, "127.0.0.1")
  await once(server, "listening")
  const { port } = server.address() as { port: number }
  server.close()
  await once(server, "close")
  return port
}

interface Serving {
  readonly child: ChildProcess
  /** the first line: `payment-plan sandbox listening on URL (data: …)` */
  readonly line: string
  readonly url: string
  /** what it wrote on stdout and stderr so far */
  readonly stdout: () => string
  readonly stderr: () => string
  /** waits until what it wrote on the stream says what the test waits for (or it exits) */
  readonly until: (stream: "stdout" | "stderr", says: (text: string) => boolean) => Promise<void>
  /** sends SIGTERM and answers the exit code */
  readonly stop: () => Promise<number | null>
}

/** Starts `payment-plan serve` and waits until it says where it listens. */
const serve = async (args: ReadonlyArray<string>, env: Readonly<Record<string, string>> = {}): Promise<Serving> => {
  // a clean environment for the settings: only what the test gives
  const base = { ...process.env }
  for (
    const name of [
      "PORT",
      "HOST",
      "SANDBOX_DB",
      "SANDBOX_MERCHANTS",
      "SANDBOX_ALLOWED_HOSTS",
      "SANDBOX_PUBLIC_URL",
      "SANDBOX_LOG"
    ]
  ) delete base[name]
  const child = spawn(process.execPath, [built().cli, "serve", ...args], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...base, ...env }
  })
  let out = ""
  child.stdout!.on("data", (b: Buffer) => (out += b.toString()))
  let err = ""
  child.stderr!.on("data", (b: Buffer) => (err += b.toString()))
  const stop = async () => {
    if (child.exitCode !== null) return child.exitCode
    child.kill("SIGTERM")
    const [code] = (await once(child, "exit")) as [number | null]
    return code
  }
  try {
    while (!/listening on (http:\/\/\S+)/.test(out)) {
      if (child.exitCode !== null) throw new Error(`serve exited: ${err}`)
      await Promise.race([once(child.stdout!, "data"), once(child, "exit")])
    }
  } catch (error) {
    await stop()
    throw error
  }
  return {
    child,
    line: out.split("\n")[0]!,
    url: /listening on (http:\/\/\S+)/.exec(out)![1]!,
    stdout: () => out,
    stderr: () => err,
    until: async (stream, says) => {
      const text = () => (stream === "stdout" ? out : err)
      while (!says(text())) {
        if (child.exitCode !== null) throw new Error(`serve exited: ${err}`)
        await Promise.race([once(child[stream]!, "data"), once(child, "exit")])
      }
    },
    stop
  }
}

/** A checkout of one 100 AUD ticket, created as the demo merchant of examples/sandbox-merchants.json. */
const createDemoCheckout = (url: string, merchantOrderId: string) =>
  fetch(`${url}/api/v2/checkout`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      authorization: `Basic ${Buffer.from("merchant-123:sk_sandbox_demo_0123456789").toString("base64")}`
    },
    body: JSON.stringify({
      merchantId: "merchant-123",
      merchantOrderId,
      currencyCode: "AUD",
      redirectURL: "https://shop.example/return",
      items: [{ description: "Ticket", quantity: 1, costPerItem: 100, redemptionDate: "2099-01-01" }]
    })
  })

describe("payment-plan serve", () => {
  it("starts the sandbox on the port given, answers over HTTP, and stops on SIGTERM with exit 0", async () => {
    const running = await serve(["--merchants", example("sandbox-merchants.json"), "--port", "0"])
    try {
      expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      // the demo merchant of examples/sandbox-merchants.json creates a checkout
      const created = await createDemoCheckout(running.url, "order-serve-1")
      expect(created.status).toBe(201)
      const checkout = (await created.json()) as { id: string; totalCost: number }
      expect(checkout.totalCost).toBe(100)
      const unauthorised = await fetch(`${running.url}/api/v2/checkout/${checkout.id}`)
      expect(unauthorised.status).toBe(401)
    } finally {
      expect(await running.stop()).toBe(0)
    }
  })

  it("without a merchants file it starts the demo merchants and prints their credentials, as npm start does", async () => {
    const running = await serve(["--port", "0"])
    try {
      await running.until("stdout", (text) => text.includes("sk_sandbox_demo_9876543210"))
      const out = running.stdout()
      expect(out).toMatch(/^payment-plan sandbox listening on http:\/\/127\.0\.0\.1:\d+ \(data: :memory:\)$/m)
      // each demo merchant's id, key and header, from the file published with the package
      for (
        const [id, key] of [["merchant-123", "sk_sandbox_demo_0123456789"], [
          "merchant-456",
          "sk_sandbox_demo_9876543210"
        ]]
      ) {
        expect(out).toContain(`merchant id: ${id}`)
        expect(out).toContain(`API key:     ${key}`)
        expect(out).toContain(`Authorization: Basic ${Buffer.from(`${id}:${key}`).toString("base64")}`)
      }
      const authorization = `Basic ${Buffer.from("merchant-456:sk_sandbox_demo_9876543210").toString("base64")}`
      const configuration = await fetch(`${running.url}/api/v2/merchant/configuration`, { headers: { authorization } })
      expect(configuration.status).toBe(200)
    } finally {
      expect(await running.stop()).toBe(0)
    }
    // a merchants file that is named and missing is still a usage error; so is a bad port
    expect((await cli(["serve", "--merchants", "/no/such/merchants.json", "--port", "0"])).code).toBe(2)
    expect((await cli(["serve", "--merchants", example("sandbox-merchants.json"), "--port", "70000"])).code).toBe(2)
  })

  it("--log json writes one JSON line per request on stderr", async () => {
    const running = await serve(["--merchants", example("sandbox-merchants.json"), "--port", "0", "--log", "json"])
    try {
      const authorization = `Basic ${Buffer.from("merchant-123:sk_sandbox_demo_0123456789").toString("base64")}`
      const answer = await fetch(`${running.url}/api/v2/merchant/configuration`, { headers: { authorization } })
      const id = answer.headers.get("request-id")
      expect(id).toMatch(/^req_/)
      await running.until("stderr", (text) => text.includes(id!))
      const line = running.stderr().split("\n").find((l) => l.includes(id!))!
      expect(JSON.parse(line)).toMatchObject({
        requestId: id,
        merchantId: "merchant-123",
        method: "GET",
        path: "/api/v2/merchant/configuration",
        status: 200
      })
      // two plain keys start at once: no progress is shown for them
      expect(running.stderr()).not.toContain("hashing")
    } finally {
      expect(await running.stop()).toBe(0)
    }
  })

  it("a file of many plain keys is hashed with its progress on stderr before the sandbox listens", async () => {
    const file = `${built().directory}/merchants-plain.json`
    writeFileSync(
      file,
      JSON.stringify({
        merchants: Array.from({ length: 20 }, (_, i) => ({
          id: `merchant-plain-${i}`,
          apiKey: `sk_plain_${i}_0123456789`,
          currencies: [{ currencyCode: "AUD" }]
        }))
      })
    )
    const running = await serve(["--merchants", file, "--port", "0", "--log", "off"])
    try {
      // written before the listening line, on a pipe of its own
      await running.until("stderr", (text) => text.includes("20 of 20"))
      const lines = running.stderr().split("\n").filter((line) => line.includes("hashing"))
      expect(lines[0]).toBe("payment-plan: hashing 20 plain API keys (store apiKeyHash values to skip this): 0 of 20")
      expect(lines.at(-1)).toBe(
        "payment-plan: hashing 20 plain API keys (store apiKeyHash values to skip this): 20 of 20"
      )
      // a line a tenth at most
      expect(lines.length).toBeLessThanOrEqual(11)
    } finally {
      expect(await running.stop()).toBe(0)
    }
  })

  it("--allowed-host and --public-url: other hosts refused with 421, every address written from the public URL", async () => {
    const running = await serve([
      "--merchants",
      example("sandbox-merchants.json"),
      "--port",
      "0",
      "--allowed-host",
      "ci.test",
      "--public-url",
      "https://staging.example"
    ])
    try {
      const status = (host: string) =>
        new Promise<number>((resolve, reject) => {
          const req = httpRequest(`${running.url}/health`, { headers: { host } })
          req.on("response", (res) => {
            res.resume()
            resolve(res.statusCode ?? 0)
          })
          req.on("error", reject)
          req.end()
        })
      expect(await status("ci.test:4010")).toBe(200)
      expect(await status("staging.example")).toBe(200)
      expect(await status("evil.example")).toBe(421)
      const created = await createDemoCheckout(running.url, "order-serve-public")
      const checkout = (await created.json()) as { id: string; widgetUrl: string }
      expect(checkout.widgetUrl).toBe(`https://staging.example/widget/checkout/${checkout.id}`)
    } finally {
      expect(await running.stop()).toBe(0)
    }
  })

  // one set of settings for `npm start` and `serve`, flags winning over the environment
  it("reads PORT, HOST, SANDBOX_DB and SANDBOX_MERCHANTS as npm start does; a flag wins over its variable", async () => {
    const port = await freePort()
    const database = `${built().directory}/serve-env.sqlite`
    const fromEnvironment = await serve([], {
      PORT: String(port),
      HOST: "127.0.0.1",
      SANDBOX_DB: database,
      SANDBOX_MERCHANTS: example("sandbox-merchants.json")
    })
    try {
      expect(fromEnvironment.url).toBe(`http://127.0.0.1:${port}`)
      expect(fromEnvironment.line).toContain(`(data: ${database})`)
      expect(existsSync(database)).toBe(true)
      expect((await fetch(`${fromEnvironment.url}/api/v2/merchant/configuration`)).status).toBe(401)
    } finally {
      expect(await fromEnvironment.stop()).toBe(0)
    }

    const flagPort = await freePort()
    const flagsWin = await serve(["--port", String(flagPort), "--database", ":memory:"], {
      PORT: String(port),
      SANDBOX_DB: database,
      SANDBOX_MERCHANTS: example("sandbox-merchants.json")
    })
    try {
      expect(flagsWin.url).toBe(`http://127.0.0.1:${flagPort}`)
      expect(flagsWin.line).toContain("(data: :memory:)")
    } finally {
      await flagsWin.stop()
    }

    const badPort = await cli(["serve", "--merchants", example("sandbox-merchants.json")], undefined, { PORT: "http" })
    expect(badPort.code).toBe(2)
    expect(badPort.stderr).toMatch(/PORT\s+range\s+sandbox\s+must be a port number from 0 to 65535, got "http"/)
  })

  // a bad merchants file is a usage error with each issue and its path, no stack trace
  it("refuses a merchants file the sandbox cannot use with exit 2 and an issue table", async () => {
    const file = `${built().directory}/merchants-without-currencies.json`
    writeFileSync(
      file,
      JSON.stringify({
        merchants: [
          { id: "m1", apiKey: "sk_sandbox_demo_0123456789" },
          { apiKey: "sk_x" },
          // no key at all crashed in hashApiKey (exit 1, a stack); a lower-case currency was accepted
          { id: "merchant-3", currencies: [{ currencyCode: "aud" }] }
        ]
      })
    )
    const ran = await cli(["serve", "--merchants", file, "--port", "0"])
    expect(ran.code).toBe(2)
    expect(ran.stdout).toBe("")
    expect(ran.stderr).toContain(`the merchants file ${file} was refused:`)
    expect(ran.stderr).toMatch(/^merchants\[0\]\.currencies\s+required/m)
    expect(ran.stderr).toMatch(/^merchants\[1\]\.id\s+required/m)
    expect(ran.stderr).toMatch(/^merchants\[2\]\.apiKey\s+required/m)
    expect(ran.stderr).toMatch(/^merchants\[2\]\.currencies\[0\]\.currencyCode\s+unknown_currency\s+R4\.4/m)
    expect(ran.stderr).not.toContain("unexpected error")
    expect(ran.stderr).not.toMatch(/\n\s+at /)

    const notJson = `${built().directory}/merchants-not-json.json`
    writeFileSync(notJson, "{ merchants: ")
    const malformed = await cli(["serve", "--merchants", notJson, "--port", "0"])
    expect(malformed.code).toBe(2)
    expect(malformed.stderr).toContain("is not valid JSON")
    expect(malformed.stderr).not.toContain("unexpected error")
  })

  // the demo keys are published; beyond loopback anyone has them
  it("warns on stderr when it listens beyond loopback with the demo merchants' published keys", async () => {
    const running = await serve([
      "--merchants",
      example("sandbox-merchants.json"),
      "--port",
      "0",
      "--host",
      "0.0.0.0",
      "--public-url",
      "http://sandbox.ci.test:4010"
    ])
    try {
      // stderr is its own pipe: the warning may come a moment after the listening line (and the keys' hashing)
      await running.until("stderr", (text) => text.includes("warning"))
      expect(running.stderr()).toMatch(
        /^payment-plan: warning: listening on 0\.0\.0\.0, beyond loopback, with the published demo keys of merchant-123, merchant-456: /m
      )
    } finally {
      expect(await running.stop()).toBe(0)
    }
  })
})
