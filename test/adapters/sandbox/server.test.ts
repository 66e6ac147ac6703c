import { spawn } from "node:child_process"
import { once } from "node:events"
import { request as httpRequest } from "node:http"
import { createServer } from "node:net"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import {
  loadMerchants,
  readMerchantsFile,
  SandboxListenError,
  startSandbox
} from "../../../src/adapters/sandbox/index.ts"
import { A, checkoutRequest, MERCHANTS_FILE } from "./helpers.ts"

describe("sandbox: Node server", () => {
  it("runs the handler over node:http on loopback", async () => {
    const running = await startSandbox({
      merchants: loadMerchants({ merchants: [MERCHANTS_FILE.merchants[0]!] }),
      port: 0
    })
    try {
      expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      const created = await fetch(`${running.url}/api/v2/checkout`, {
        method: "POST",
        headers: { authorization: A, "content-type": "application/json" },
        body: JSON.stringify(checkoutRequest())
      })
      expect(created.status).toBe(201)
      const checkout = (await created.json()) as { id: string; checkoutWorkflow: { sdkWidget: { scriptUrl: string } } }
      // URLs are written for the address the client used
      expect(checkout.checkoutWorkflow.sdkWidget.scriptUrl).toBe(`${running.url}/widget/sdk.js`)
      const retrieved = await fetch(`${running.url}/api/v2/checkout/${checkout.id}`, { headers: { authorization: A } })
      expect(await retrieved.json()).toMatchObject({ id: checkout.id, totalCost: 1100 })
      const notAllowed = await fetch(`${running.url}/api/v2/checkout`, { method: "DELETE" })
      expect(notAllowed.status).toBe(405)
      expect(notAllowed.headers.get("allow")).toBe("POST")
      // a body past 1 MiB announced by Content-Length is refused before it is read
      const status = await new Promise<number>((resolve, reject) => {
        const req = httpRequest(`${running.url}/api/v2/checkout`, {
          method: "POST",
          headers: { authorization: A, "content-type": "application/json", "content-length": String(2 * 1024 * 1024) }
        })
        req.on("response", (res) => {
          res.resume()
          resolve(res.statusCode ?? 0)
        })
        req.on("error", reject)
        req.write("{")
      })
      expect(status).toBe(413)
      // and so is a chunked body that grows past it
      const chunked = await new Promise<number>((resolve, reject) => {
        const req = httpRequest(`${running.url}/api/v2/checkout`, {
          method: "POST",
          headers: { authorization: A, "content-type": "application/json" }
        })
        req.on("response", (res) => {
          res.resume()
          resolve(res.statusCode ?? 0)
        })
        req.on("error", reject)
        const piece = Buffer.alloc(64 * 1024, 32)
        for (let i = 0; i < 20; i++) req.write(piece)
        req.end()
      })
      expect(chunked).toBe(413)
      // a body within the limit still arrives whole
      const created2 = await fetch(`${running.url}/api/v2/checkout`, {
        method: "POST",
        headers: { authorization: A, "content-type": "application/json" },
        body: JSON.stringify({ ...checkoutRequest(), pad: "x".repeat(512 * 1024) })
      })
      expect(created2.status).toBe(201)
    } finally {
      await running.close()
    }
  })

  it("npm start: prints the merchant, its key, a curl and the widget URL of a sample checkout", async () => {
    const child = spawn(process.execPath, ["examples/sandbox.ts"], {
      env: { ...process.env, PORT: "0", SANDBOX_DB: ":memory:" },
      stdio: ["ignore", "pipe", "pipe"]
    })
    try {
      const output = await new Promise<string>((resolve, reject) => {
        let text = ""
        child.stdout.on("data", (chunk: Buffer) => {
          text += chunk.toString()
          if (text.includes("Ctrl-C")) resolve(text)
        })
        child.on("exit", (code) => reject(new Error(`exited ${code}: ${text}`)))
      })
      expect(output).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+/)
      expect(output).toContain("merchant id: merchant-123")
      expect(output).toContain("API key:     sk_sandbox_demo_0123456789")
      expect(output).toMatch(/curl -s -X POST http:\/\/127\.0\.0\.1:\d+\/api\/v2\/checkout/)
      const widget = /(http:\/\/127\.0\.0\.1:\d+\/widget\/checkout\/chk_[A-Za-z0-9_-]+)/.exec(output)
      expect(widget).not.toBeNull()
      const page = await fetch(widget![1]!)
      expect(page.status).toBe(200)
    } finally {
      child.kill("SIGTERM")
    }
  })

  // as `payment-plan serve` says it, in one line and exit 2, not a stack
  it("npm start on a port in use says so in one line and exits 2", async () => {
    const taken = createServer().listen(0, "127.0.0.1")
    await once(taken, "listening")
    const { port } = taken.address() as { port: number }
    try {
      const child = spawn(process.execPath, ["examples/sandbox.ts"], {
        env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", SANDBOX_DB: ":memory:" },
        stdio: ["ignore", "pipe", "pipe"]
      })
      let stderr = ""
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()))
      const [code] = (await once(child, "exit")) as [number | null]
      expect(code).toBe(2)
      expect(stderr).toBe(`npm start: 127.0.0.1:${port} is already in use\n`)
    } finally {
      taken.close()
    }
  })

  // the published demo keys beyond loopback make anyone those merchants
  it("warns when it listens beyond loopback with a merchant using a published demo key", async () => {
    const demo = readMerchantsFile(fileURLToPath(new URL("../../../examples/sandbox-merchants.json", import.meta.url)))
    const own = loadMerchants({ merchants: [MERCHANTS_FILE.merchants[0]!] })
    // beyond loopback with a public URL: the demo keys are what is left to warn of
    const publicUrl = "http://sandbox.ci.test:4010"
    const cases = [
      { host: "127.0.0.1", merchants: demo, warned: false },
      { host: "0.0.0.0", merchants: own, warned: false },
      { host: "0.0.0.0", merchants: demo, warned: true }
    ]
    for (const { host, merchants, warned } of cases) {
      const running = await startSandbox({ merchants, host, port: 0, publicUrl })
      try {
        expect(running.warnings.length, host).toBe(warned ? 1 : 0)
        if (warned) {
          expect(running.warnings[0]).toMatch(
            /^listening on 0\.0\.0\.0, beyond loopback, with the published demo keys of merchant-123, merchant-456: /
          )
        }
      } finally {
        await running.close()
      }
    }
  })

  // others reach a sandbox beyond loopback by a name of their own, which it neither writes nor answers untold
  it("warns when it listens beyond loopback without a public URL: its addresses reach this machine only", async () => {
    const own = loadMerchants({ merchants: [MERCHANTS_FILE.merchants[0]!] })
    const running = await startSandbox({ merchants: own, host: "0.0.0.0", port: 0 })
    try {
      expect(running.warnings).toHaveLength(1)
      expect(running.warnings[0]).toMatch(/^listening on 0\.0\.0\.0 without a public URL: .* --public-url/)
      expect(running.publicUrl).toBe(`http://127.0.0.1:${new URL(running.url).port}`)
    } finally {
      await running.close()
    }
  })

  it("a listen failure is a SandboxListenError, and the store it opened is closed", async () => {
    const taken = createServer().listen(0, "127.0.0.1")
    await once(taken, "listening")
    const { port } = taken.address() as { port: number }
    try {
      const failed = await startSandbox({ merchants: [], port }).then(() => undefined, (e: unknown) => e)
      expect(failed).toBeInstanceOf(SandboxListenError)
      expect(failed).toMatchObject({ _tag: "SandboxListenError", problem: "address_in_use", code: "EADDRINUSE" })
      expect((failed as Error).message).toBe(`127.0.0.1:${port} is already in use`)
    } finally {
      taken.close()
    }
  })
})
