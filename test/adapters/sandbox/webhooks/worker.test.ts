/**
 * The outbox and the delivery worker against a real receiver on 127.0.0.1
 * (issue 15, "Faults"): retries keep the webhook-id, a receiver that never
 * answers is abandoned after the bounded attempts, a restart resumes, a
 * rolled-back change delivers nothing, one plan's events keep their order,
 * redirects are not followed. The schedule is shortened (milliseconds) except
 * where the real first retry is measured.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { DatabaseSync } from "node:sqlite"
import { afterEach, describe, expect, it } from "vitest"
import { endpointLookup, makeOutbox } from "../../../../src/adapters/sandbox/webhooks/outbox.ts"
import { DEFAULT_DELIVERY_POLICY, retryDelayMs } from "../../../../src/adapters/sandbox/webhooks/schedule.ts"
import { sqliteWebhookStore, type WebhookStore } from "../../../../src/adapters/sandbox/webhooks/store.ts"
import { startDeliveryWorker, type WorkerOptions } from "../../../../src/adapters/sandbox/webhooks/worker.ts"
import { EXAMPLES, type WebhookEvent } from "../../../../src/core/webhook/index.ts"
import { type Receiver, startReceiver, verifyStandard } from "./receiver.ts"

const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
const FAST = { retryDelayMs: () => 20, timeoutMs: 300 }

const cleanups: Array<() => unknown> = []
afterEach(async () => {
  for (const f of cleanups.splice(0).reverse()) await f()
})

let ids = 0
const harness = async (
  receiver: Receiver,
  options: Partial<WorkerOptions> & { readonly path?: string; readonly maxAttempts?: number } = {}
) => {
  const db = new DatabaseSync(options.path ?? ":memory:")
  const store = sqliteWebhookStore((text) => db.prepare(text))
  const endpointOf = endpointLookup(store, () => ({ url: receiver.url, secret: SECRET }))
  const log: Array<string> = []
  const worker = startDeliveryWorker({
    store,
    endpointOf,
    policy: FAST,
    log: (line) => log.push(line),
    ...options
  })
  const outbox = makeOutbox({
    store,
    endpointOf,
    newId: (prefix) => `${prefix}_${++ids}`,
    now: Date.now,
    maxAttempts: options.maxAttempts ?? DEFAULT_DELIVERY_POLICY.maxAttempts,
    notify: worker.notify
  })
  const transaction = <A>(f: () => A): A => {
    db.exec("BEGIN IMMEDIATE")
    try {
      const a = f()
      db.exec("COMMIT")
      return a
    } catch (e) {
      db.exec("ROLLBACK")
      throw e
    }
  }
  const close = async () => {
    await worker.stop()
    if (db.isOpen) db.close()
  }
  cleanups.push(close)
  return { db, store, worker, outbox, transaction, log, close }
}

const planEvent = (planId: string, status: string): WebhookEvent => {
  const e = EXAMPLES["plan.status_changed"]
  return { ...e, data: { ...e.data, planId, status: status as never } }
}

const statuses = (store: WebhookStore, id: string) => store.listAttempts(id).map((a) => a.status ?? a.error)

describe("the delivery worker", () => {
  it("500 twice then 204: the same webhook-id three times, first retry within 10 s on the real schedule", async () => {
    const receiver = await startReceiver((_, n) => (n < 2 ? 500 : 204))
    cleanups.push(receiver.close)
    // the real schedule, its jitter at the shortest (random = 0): 2.5 s, then 10 s
    const h = await harness(receiver, { policy: DEFAULT_DELIVERY_POLICY, random: () => 0 })
    h.transaction(() => h.outbox.emit("m1", [planEvent("plan_a", "Late")]))
    await receiver.waitFor(3, 20_000)
    await h.worker.idle()
    const [first, second, third] = receiver.received
    expect(new Set(receiver.received.map((r) => r.id)).size).toBe(1)
    for (const r of receiver.received) expect(verifyStandard(SECRET, r)).toEqual(JSON.parse(first!.body))
    const gap1 = second!.at - first!.at
    const gap2 = third!.at - second!.at
    expect(gap1).toBeLessThan(10_000)
    expect(gap1).toBeGreaterThanOrEqual(2_400)
    expect(gap2).toBeGreaterThanOrEqual(9_900)
    const id = first!.id
    expect(statuses(h.store, id)).toEqual([500, 500, 204])
    expect(h.store.getMessage("m1", id)).toMatchObject({ state: "delivered", attempts: 3, nextAttemptAt: null })
    // each attempt is signed anew: a fresh timestamp, the same id
    console.info(`500, 500, 204: retries after ${Math.round(gap1)} ms and ${Math.round(gap2)} ms`)
  }, 30_000)

  it("the jittered schedule: the first retry within 10 s, each wait four times the last", () => {
    for (const r of [0, 0.5, 0.999]) {
      expect(retryDelayMs(1, r)).toBeGreaterThanOrEqual(2_500)
      expect(retryDelayMs(1, r)).toBeLessThanOrEqual(5_000)
    }
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => retryDelayMs(n, 1))).toEqual([
      5_000,
      20_000,
      80_000,
      320_000,
      1_280_000,
      5_120_000,
      20_480_000
    ])
  })

  it("a receiver that never answers is abandoned after the bounded attempts, each cut at the timeout", async () => {
    const receiver = await startReceiver(() => "hang")
    cleanups.push(receiver.close)
    const h = await harness(receiver, { policy: { retryDelayMs: () => 10, timeoutMs: 150 } })
    h.transaction(() => h.outbox.emit("m1", [planEvent("plan_a", "Late")]))
    await receiver.waitFor(8)
    await h.worker.idle()
    const [message] = h.store.listMessages("m1", 10)
    expect(message).toMatchObject({ state: "failed", attempts: 8, nextAttemptAt: null })
    const attempts = h.store.listAttempts(message!.id)
    expect(attempts.map((a) => a.error)).toEqual(Array(8).fill("timeout"))
    expect(attempts.every((a) => a.durationMs >= 140 && a.durationMs < 1_000)).toBe(true)
    expect(attempts.at(-1)!.nextRetryAt).toBeNull()
    expect(new Set(receiver.received.map((r) => r.id))).toEqual(new Set([message!.id]))
    expect(h.log.at(-1)).toContain("abandoned after 8 attempts")
    // nothing more is attempted
    await new Promise((r) => setTimeout(r, 100))
    expect(receiver.received.length).toBe(8)
  })

  it("a restart resumes the pending deliveries with the same ids", async () => {
    const dir = mkdtempSync(join(tmpdir(), "webhooks-"))
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
    const path = join(dir, "sandbox.sqlite")
    const receiver = await startReceiver(() => 503)
    cleanups.push(receiver.close)
    const first = await harness(receiver, { path, policy: { retryDelayMs: () => 60_000, timeoutMs: 300 } })
    first.transaction(() => first.outbox.emit("m1", [planEvent("plan_a", "Late"), planEvent("plan_b", "Late")]))
    await receiver.waitFor(2)
    await first.worker.idle()
    await first.close()
    const pending = receiver.received.map((r) => r.id).sort()
    // the next attempt is a minute away; the restarted worker goes on from the store
    receiver.answer = () => 204
    const second = await harness(receiver, { path, now: () => Date.now() + 61_000 })
    await receiver.waitFor(4)
    await second.worker.idle()
    expect(receiver.received.slice(2).map((r) => r.id).sort()).toEqual(pending)
    for (const id of pending) expect(statuses(second.store, id)).toEqual([503, 204])
  })

  it("a change that is rolled back writes no event and delivers nothing", async () => {
    const receiver = await startReceiver()
    cleanups.push(receiver.close)
    const h = await harness(receiver)
    expect(() =>
      h.transaction(() => {
        h.outbox.emit("m1", [planEvent("plan_a", "Cancelled")])
        throw new Error("the change failed after its event was written")
      })
    ).toThrow()
    h.transaction(() => h.outbox.emit("m1", [planEvent("plan_b", "Late")]))
    await receiver.waitFor(1)
    await h.worker.idle()
    expect(receiver.received.map((r) => JSON.parse(r.body).data.planId)).toEqual(["plan_b"])
    expect(h.store.listMessages("m1", 10).map((m) => m.orderKey)).toEqual(["plan:plan_b"])
  })

  it("one plan's events wait for each other; another plan's do not", async () => {
    const receiver = await startReceiver((r, n) => (JSON.parse(r.body).data.planId === "plan_a" && n < 3 ? 500 : 204))
    cleanups.push(receiver.close)
    const h = await harness(receiver, { policy: { retryDelayMs: () => 40, timeoutMs: 300 } })
    h.transaction(() =>
      h.outbox.emit("m1", [planEvent("plan_a", "Late"), planEvent("plan_a", "OnSchedule"), planEvent("plan_b", "Late")])
    )
    await receiver.waitFor(5)
    await h.worker.idle()
    const seen = receiver.received.map((r) => {
      const data = JSON.parse(r.body).data
      return `${data.planId}:${data.status}`
    })
    // plan_b goes while plan_a's first event is retried; plan_a's second only after its first was delivered
    expect(seen.indexOf("plan_b:Late")).toBeLessThan(seen.lastIndexOf("plan_a:Late"))
    expect(seen.filter((s) => s.startsWith("plan_a"))).toEqual([
      "plan_a:Late",
      "plan_a:Late",
      "plan_a:Late",
      "plan_a:OnSchedule"
    ])
  })

  it("never follows a redirect: a 3xx is a failed attempt", async () => {
    const receiver = await startReceiver(() => 302)
    cleanups.push(receiver.close)
    const h = await harness(receiver, { maxAttempts: 2 })
    h.transaction(() => h.outbox.emit("m1", [planEvent("plan_a", "Late")]))
    await receiver.waitFor(2)
    await h.worker.idle()
    const [message] = h.store.listMessages("m1", 1)
    expect(message!.state).toBe("failed")
    expect(statuses(h.store, message!.id)).toEqual([302, 302])
    expect(receiver.received.every((r) => r.path === "/webhooks")).toBe(true)
  })

  it("resend sends a delivered or abandoned event once more with the same id; no endpoint, no event", async () => {
    const receiver = await startReceiver()
    cleanups.push(receiver.close)
    const h = await harness(receiver)
    h.transaction(() => h.outbox.emit("m1", [planEvent("plan_a", "Late")]))
    await receiver.waitFor(1)
    await h.worker.idle()
    const id = receiver.received[0]!.id
    h.store.resend("m1", id, Date.now())
    h.worker.notify()
    await receiver.waitFor(2)
    await h.worker.idle()
    expect(receiver.received.map((r) => r.id)).toEqual([id, id])
    expect(h.store.getMessage("m1", id)).toMatchObject({ state: "delivered", attempts: 2 })
    h.store.putEndpoint("m1", { url: null, secret: null, updatedAt: Date.now() })
    h.transaction(() => h.outbox.emit("m1", [planEvent("plan_a", "Cancelled")]))
    expect(h.store.listMessages("m1", 10).length).toBe(1)
  })

  it("events of a clock advance are written in date order, each plan's in its own order", async () => {
    const receiver = await startReceiver()
    cleanups.push(receiver.close)
    const h = await harness(receiver)
    const at = (planId: string, day: number, status: string): WebhookEvent => ({
      ...planEvent(planId, status),
      timestamp: `2026-12-${String(day).padStart(2, "0")}T00:00:00.000Z`
    })
    h.transaction(() =>
      h.outbox.inDateOrder(() => {
        h.outbox.emit("m1", [at("plan_a", 1, "Late"), at("plan_a", 8, "OnSchedule"), at("plan_a", 8, "Completed")])
        h.outbox.emit("m1", [at("plan_b", 3, "Late"), at("plan_b", 8, "Cancelled")])
      })
    )
    const written = [...h.store.listMessages("m1", 10)].reverse().map((m) => {
      const data = JSON.parse(m.body).data
      return `${m.timestamp.slice(8, 10)}:${data.planId}:${data.status}`
    })
    expect(written).toEqual([
      "01:plan_a:Late",
      "03:plan_b:Late",
      "08:plan_a:OnSchedule",
      "08:plan_a:Completed",
      "08:plan_b:Cancelled"
    ])
  })
})
