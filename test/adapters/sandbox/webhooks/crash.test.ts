/**
 * At least once across a crash (docs/webhooks.md, "Faults"): the sandbox is killed
 * with SIGKILL after a change committed and while its event is being
 * delivered (the receiver holds the first attempt unanswered); restarted on
 * the same SQLite file, it delivers the event, with the same webhook-id.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterEach, expect, it } from "vitest"
import { A, checkoutRequest, MERCHANTS_FILE } from "../helpers.ts"
import { startReceiver, verifyStandard } from "./receiver.ts"

const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
const SCRIPT = fileURLToPath(new URL("./sandbox-process.ts", import.meta.url))

const cleanups: Array<() => unknown> = []
afterEach(async () => {
  for (const f of cleanups.splice(0).reverse()) await f()
})

const start = (env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SCRIPT], {
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"]
    })
    cleanups.push(() => child.kill("SIGKILL"))
    let out = ""
    let err = ""
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString()
      const line = out.split("\n")[0]!
      if (out.includes("\n")) resolve({ child, url: line.trim() })
    })
    child.stderr!.on("data", (chunk: Buffer) => (err += chunk.toString()))
    child.once("exit", (code) => reject(new Error(`sandbox exited (${code}): ${err}`)))
  })

it("a sandbox killed between the change and the delivery delivers the event after restart", async () => {
  const dir = mkdtempSync(join(tmpdir(), "sandbox-crash-"))
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
  // the first attempt is held unanswered: the event is committed, its delivery never completes
  const receiver = await startReceiver((_, n) => (n === 0 ? "hang" : 204))
  cleanups.push(receiver.close)
  const merchants = join(dir, "merchants.json")
  writeFileSync(
    merchants,
    JSON.stringify({
      merchants: MERCHANTS_FILE.merchants.map((
        m,
        i
      ) => (i === 0 ? { ...m, webhook: { url: receiver.url, secret: SECRET } } : m))
    })
  )
  const env = { SANDBOX_MERCHANTS: merchants, SANDBOX_DB: join(dir, "sandbox.sqlite") }
  const first = await start(env)
  const created = await fetch(`${first.url}/api/v2/checkout`, {
    method: "POST",
    headers: { authorization: A, "content-type": "application/json" },
    body: JSON.stringify(checkoutRequest())
  })
  expect(created.status).toBe(201)
  const checkout = (await created.json()) as { id: string }
  // the change: the customer pays; its three events are committed with the plan
  const completed = await fetch(`${first.url}/widget/api/checkouts/${checkout.id}/complete`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      card: "4242424242424242",
      planTerms: {
        checkoutId: checkout.id,
        type: "plan",
        timeZone: "Australia/Sydney",
        installments: { cadence: { frequency: "Fortnightly", on: { dayOfWeek: "Friday" } } }
      }
    })
  })
  expect(completed.status).toBe(200)
  await receiver.waitFor(1)
  first.child.kill("SIGKILL")
  await new Promise((resolve) => first.child.once("exit", resolve))
  // killed while the first event was being delivered; the two after it wait for it (one plan, in order)
  expect(receiver.received.length).toBe(1)
  const firstId = receiver.received[0]!.id

  const second = await start(env)
  await receiver.waitFor(4)
  const types = receiver.received.map((r) => (verifyStandard(SECRET, r) as { type: string }).type)
  expect(types).toEqual(["checkout.completed", "checkout.completed", "plan.installment_paid", "plan.status_changed"])
  expect(receiver.received[1]!.id).toBe(firstId)
  // the log after the restart: the attempt cut by the crash left no record; each event delivered once
  const log = (await (await fetch(`${second.url}/sandbox/webhook/deliveries`, { headers: { authorization: A } }))
    .json()) as { deliveries: Array<{ id: string; state: string; attempts: Array<{ status: number | null }> }> }
  expect(log.deliveries.map((d) => [d.state, d.attempts.map((a) => a.status)])).toEqual([
    ["delivered", [204]],
    ["delivered", [204]],
    ["delivered", [204]]
  ])
}, 30_000)
