import { type ChildProcess, spawn } from "node:child_process"
import { once } from "node:events"
import { existsSync, writeFileSync } from "node:fs"
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
  /** what it wrote on stderr so far */
  readonly stderr: () => string
  /** sends SIGTERM and answers the exit code */
  readonly stop: () => Promise<number | null>
}

/** Starts `payment-plan serve` and waits until it says where it listens. */
const serve = async (args: ReadonlyArray<string>, env: Readonly<Record<string, string>> = {}): Promise<Serving> => {
  // a clean environment for the settings: only what the test gives
  const base = { ...process.env }
  for (const name of ["PORT", "HOST", "SANDBOX_DB", "SANDBOX_MERCHANTS"]) delete base[name]
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
    stderr: () => err,
    stop
  }
}

describe("payment-plan serve", () => {
  it("starts the sandbox on the port given, answers over HTTP, and stops on SIGTERM with exit 0", async () => {
    const running = await serve(["--merchants", example("sandbox-merchants.json"), "--port", "0"])
    try {
      expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      // the demo merchant of examples/sandbox-merchants.json creates a checkout
      const authorization = `Basic ${Buffer.from("merchant-123:sk_sandbox_demo_0123456789").toString("base64")}`
      const created = await fetch(`${running.url}/api/v2/checkout`, {
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
      const unauthorised = await fetch(`${running.url}/api/v2/checkout/${checkout.id}`)
      expect(unauthorised.status).toBe(401)
    } finally {
      expect(await running.stop()).toBe(0)
    }
  })

  it("without --merchants it is a usage error (exit 2); a missing merchants file too", async () => {
    const noMerchants = await cli(["serve"], undefined, { SANDBOX_MERCHANTS: "" })
    expect(noMerchants.code).toBe(2)
    expect(noMerchants.stderr).toContain("--merchants")
    expect(noMerchants.stderr).toContain("SANDBOX_MERCHANTS")
    expect((await cli(["serve", "--merchants", "/no/such/merchants.json", "--port", "0"])).code).toBe(2)
    expect((await cli(["serve", "--merchants", example("sandbox-merchants.json"), "--port", "70000"])).code).toBe(2)
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
    const running = await serve(["--merchants", example("sandbox-merchants.json"), "--port", "0", "--host", "0.0.0.0"])
    try {
      // stderr is its own pipe: the warning may come a moment after the listening line
      for (let waited = 0; !running.stderr().includes("\n") && waited < 5_000; waited += 20) {
        await new Promise((r) => setTimeout(r, 20))
      }
      expect(running.stderr()).toMatch(
        /^payment-plan: warning: listening on 0\.0\.0\.0, beyond loopback, with the published demo keys of merchant-123, merchant-456: /
      )
    } finally {
      expect(await running.stop()).toBe(0)
    }
  })
})
