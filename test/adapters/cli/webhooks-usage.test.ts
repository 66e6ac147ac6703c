/**
 * `payment-plan webhooks` refusing what can never work as usage errors (issue
 * 22, item 6), run in process (the package's own exports loaded from the
 * sources): a listen secret no sender can sign with, a trigger type the
 * catalogue does not list (refused before any request), and a sandbox that
 * cannot be reached, which `webhooks trigger` and `conformance` now say
 * alike, with one helper and one exit code (2).
 */
import { once } from "node:events"
import { createServer } from "node:http"
import { createServer as createTcpServer } from "node:net"
import { describe, expect, it } from "vitest"
import { EVENT_TYPES } from "../../../src/core/webhook/index.ts"
import { runInProcess as runCli } from "./in-process.ts"

/** A port nothing listens on. */
const deadPort = async () => {
  const server = createTcpServer().listen(0, "127.0.0.1")
  await once(server, "listening")
  const { port } = server.address() as { port: number }
  server.close()
  await once(server, "close")
  return port
}

const AUTH = ["--merchant-id", "merchant-123", "--api-key", "key-a-0123456789"]

describe("webhooks: what can never work is a usage error", () => {
  it("listen refuses a secret that is not whsec_ base64 (exit 2), and never shows it", async () => {
    for (const secret of ["nope", "whsec_", "whsec_not base64!", "MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"]) {
      const ran = await runCli(["webhooks", "listen", "--port", "0", "--secret", secret])
      expect(ran.code, secret).toBe(2)
      expect(ran.stderr).toMatch(
        /^payment-plan: --secret \(or \$WEBHOOK_SECRET\) must be "whsec_" followed by the base64/
      )
      expect(ran.stderr).not.toContain("listening")
      if (secret.length > 6) expect(ran.stderr).not.toContain(secret)
    }
  })

  it("trigger refuses a type the catalogue does not list (exit 2) without asking the sandbox", async () => {
    let asked = 0
    const sandbox = createServer((_, res) => {
      asked++
      res.writeHead(202).end("{}")
    }).listen(0, "127.0.0.1")
    await once(sandbox, "listening")
    const url = `http://127.0.0.1:${(sandbox.address() as { port: number }).port}`
    try {
      const ran = await runCli(["webhooks", "trigger", "plan.nonsense", "--base-url", url, ...AUTH])
      expect(ran.code).toBe(2)
      expect(ran.stderr).toContain(`got "plan.nonsense"`)
      for (const type of EVENT_TYPES) expect(ran.stderr).toContain(type)
      expect(asked).toBe(0)
      // a type of the catalogue is asked for
      expect((await runCli(["webhooks", "trigger", "plan.cancelled", "--base-url", url, ...AUTH])).code).toBe(0)
      expect(asked).toBe(1)
    } finally {
      sandbox.close()
    }
  })

  it("a sandbox that cannot be reached: trigger and conformance say it alike, exit 2", async () => {
    const port = await deadPort()
    const base = `http://127.0.0.1:${port}`
    const trigger = await runCli(["webhooks", "trigger", "--base-url", base, ...AUTH])
    const conformance = await runCli(["conformance", "--base-url", base, ...AUTH, "--quiet", "--runs", "1"])
    const said = `payment-plan: cannot reach ${base}: connect ECONNREFUSED 127.0.0.1:${port}\n`
    expect([trigger.code, trigger.stderr]).toEqual([2, said])
    expect([conformance.code, conformance.stderr]).toEqual([2, said])
  })
})
