/**
 * The outbox and the delivery worker against a real receiver on 127.0.0.1
 * (docs/webhooks.md, "Faults"): retries keep the webhook-id, a receiver that never
 * answers is abandoned after the bounded attempts, a restart resumes, a
 * rolled-back change delivers nothing, one plan's events keep their order,
 * redirects are not followed. The schedule is shortened (milliseconds), or
 * run on the test clock where the real one is checked. Delivery is
 * fair across merchants (one merchant's hanging receiver holds only its own
 * slots), and a receiver's answer is read up to a cap.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { DatabaseSync } from "node:sqlite"
import { afterEach, describe, expect, it, vi } from "vitest"
import { sqliteWebhookStore, type WebhookStore } from "../../../../src/adapters/sandbox/webhook-store.ts"
import { endpointLookup, makeOutbox } from "../../../../src/adapters/sandbox/webhooks/outbox.ts"
import { DEFAULT_DELIVERY_POLICY, retryDelayMs } from "../../../../src/adapters/sandbox/webhooks/schedule.ts"
import {
  MAX_ANSWER_BYTES,
  MAX_ERROR_LENGTH,
  startDeliveryWorker,
  type WorkerOptions
} from "../../../../src/adapters/sandbox/webhooks/worker.ts"
import { EXAMPLES, type WebhookEvent } from "../../../../src/core/webhook/index.ts"
import { waitFor } from "../../../wait.ts"
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
  it("500 twice then 204: the same webhook-id three times, the retries on the real schedule (test clock)", async () => {
    const receiver = await startReceiver((_, n) => (n < 2 ? 500 : 204))
    cleanups.push(receiver.close)
    // the worker's timers and clock are the test's: the real schedule, its jitter at the shortest (random = 0),
    // 2.5 s then 10 s, without waiting for them (the deliveries themselves go over real sockets)
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"], now: Date.parse("2026-11-22T00:00:00.000Z") })
    cleanups.push(() => vi.useRealTimers())
    const h = await harness(receiver, { policy: DEFAULT_DELIVERY_POLICY, random: () => 0 })
    h.transaction(() => h.outbox.emit("m1", [planEvent("plan_a", "Late")]))
    const [message] = h.store.listMessages("m1", 1)
    const recorded = async (count: number) => {
      while (h.store.listAttempts(message!.id).length < count) await new Promise((r) => setImmediate(r))
    }
    await recorded(1)
    // not a moment before it is due
    await vi.advanceTimersByTimeAsync(2_499)
    // nothing in flight: a retry sent early would have been answered by now
    await h.worker.idle()
    expect(receiver.received.length).toBe(1)
    await vi.advanceTimersByTimeAsync(1)
    await recorded(2)
    await vi.advanceTimersByTimeAsync(9_999)
    await h.worker.idle()
    expect(receiver.received.length).toBe(2)
    await vi.advanceTimersByTimeAsync(1)
    await recorded(3)
    const attempts = h.store.listAttempts(message!.id)
    expect(attempts.map((a) => a.status)).toEqual([500, 500, 204])
    expect(attempts.map((a) => a.nextRetryAt === null ? null : a.nextRetryAt - a.at)).toEqual([2_500, 10_000, null])
    // each retry went when it was due: the first within 10 s of the failure
    expect(attempts[1]!.at - attempts[0]!.at).toBe(2_500)
    expect(attempts[2]!.at - attempts[1]!.at).toBe(10_000)
    expect(h.store.getMessage("m1", message!.id)).toMatchObject({
      state: "delivered",
      attempts: 3,
      nextAttemptAt: null
    })
    // the same id three times, each attempt signed anew (a fresh timestamp), each verified by standardwebhooks
    expect(receiver.received.map((r) => r.id)).toEqual([message!.id, message!.id, message!.id])
    expect(receiver.received.map((r) => Number(r.timestamp) - Number(receiver.received[0]!.timestamp))).toEqual([
      0,
      2,
      12
    ])
    for (const r of receiver.received) expect(verifyStandard(SECRET, r)).toEqual(JSON.parse(message!.body))
  })

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
    // nothing more is attempted: no message is pending, so none is ever due
    expect(h.store.pendingMerchants()).toEqual([])
    expect(receiver.received.length).toBe(8)
  })

  it("a restart resumes the pending deliveries with the same ids, every merchant's", async () => {
    const dir = mkdtempSync(join(tmpdir(), "webhooks-"))
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
    const path = join(dir, "sandbox.sqlite")
    const receiver = await startReceiver(() => 503)
    cleanups.push(receiver.close)
    const first = await harness(receiver, { path, policy: { retryDelayMs: () => 60_000, timeoutMs: 300 } })
    first.transaction(() => {
      first.outbox.emit("m1", [planEvent("plan_a", "Late")])
      first.outbox.emit("m2", [planEvent("plan_b", "Late")])
    })
    await receiver.waitFor(2)
    await first.worker.idle()
    expect(first.store.pendingMerchants()).toEqual(["m1", "m2"])
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

describe("fair delivery across merchants", () => {
  const testEvent = (n: number): WebhookEvent => ({
    ...EXAMPLES["webhook.test"],
    data: { message: `test ${n}` }
  })

  it("a merchant whose receiver never answers holds only its own slots: another's goes within 1 s of being due", async () => {
    // A's receiver accepts the connection and never answers; B's answers 204 at once
    const hanging = await startReceiver(() => "hang")
    const healthy = await startReceiver()
    cleanups.push(hanging.close, healthy.close)
    // the real timeout: A's attempts hold their slots for the whole test (the stop at its end aborts them)
    const h = await harness(hanging, {
      policy: { retryDelayMs: () => 20, timeoutMs: DEFAULT_DELIVERY_POLICY.timeoutMs }
    })
    h.store.putEndpoint("merchant-b", { url: healthy.url, secret: SECRET, updatedAt: Date.now() })
    h.transaction(() => h.outbox.emit("merchant-a", Array.from({ length: 40 }, (_, n) => testEvent(n))))
    await hanging.waitFor(8, 2_000)
    const asked = performance.now()
    h.transaction(() => h.outbox.emit("merchant-b", [planEvent("plan_b", "Late"), planEvent("plan_b", "OnSchedule")]))
    await healthy.waitFor(2, 2_000)
    // B's first attempt within 1 s of being due (written), and its next event after it, while A has 40 pending
    expect(healthy.received[0]!.at - asked).toBeLessThan(1_000)
    const [second, first] = h.store.listMessages("merchant-b", 2)
    expect(healthy.received.map((r) => r.id)).toEqual([first!.id, second!.id])
    // A used its own share, 8 slots, and no more
    expect(hanging.received.length).toBe(8)
    expect(h.store.listMessages("merchant-a", 100).filter((m) => m.state === "pending").length).toBe(40)
    console.info(`B's first attempt ${Math.round(healthy.received[0]!.at - asked)} ms after it was written`)
  })

  it("a hanging merchant's events are all delivered once its receiver answers, another's in order meanwhile", async () => {
    const receiver = await startReceiver((r, n) => (r.path === "/webhooks/a" && n < 12 ? "hang" : 204))
    cleanups.push(receiver.close)
    const h = await harness(receiver, { policy: { retryDelayMs: () => 20, timeoutMs: 150 }, concurrency: 2 })
    h.store.putEndpoint("merchant-a", { url: `${receiver.url}/a`, secret: SECRET, updatedAt: Date.now() })
    h.store.putEndpoint("merchant-b", { url: `${receiver.url}/b`, secret: SECRET, updatedAt: Date.now() })
    h.transaction(() => {
      h.outbox.emit("merchant-a", Array.from({ length: 10 }, (_, n) => testEvent(n)))
      h.outbox.emit("merchant-b", ["Late", "OnSchedule", "Late", "Cancelled"].map((s) => planEvent("plan_b", s)))
    })
    await waitFor(() =>
      [...h.store.listMessages("merchant-a", 100), ...h.store.listMessages("merchant-b", 100)]
        .every((m) => m.state === "delivered"), { what: "every message delivered" })
    await h.worker.idle()
    const of = (path: string) => receiver.received.filter((r) => r.path === path)
    expect(new Set(of("/webhooks/a").map((r) => r.id)).size).toBe(10)
    // at least once, in order: a receipt repeated after a timed-out attempt (150 ms on a loaded machine) counts once
    const firstReceipts = [...new Map(of("/webhooks/b").map((r) => [r.id, JSON.parse(r.body).data.status])).values()]
    expect(firstReceipts).toEqual(["Late", "OnSchedule", "Late", "Cancelled"])
    // B went while A's attempts were hanging (A's hang through the receiver's first 12 deliveries)
    const firstOfB = receiver.received.findIndex((r) => r.path === "/webhooks/b")
    expect(firstOfB).toBeLessThan(12)
    for (const r of receiver.received) verifyStandard(SECRET, r)
  })

  it("due retries go first across merchants: other merchants' backlogs never hold one back", async () => {
    let failed = false
    const receiver = await startReceiver((r) => {
      if (!failed && JSON.parse(r.body).data.planId === "plan_b") {
        failed = true
        return 500
      }
      return 204
    })
    cleanups.push(receiver.close)
    // one attempt at a time and a few milliseconds each, so 15 merchants' 60 first attempts make a backlog
    const slow = (async (url, init) => {
      await new Promise((r) => setTimeout(r, 5))
      return fetch(url, init)
    }) as typeof fetch
    const h = await harness(receiver, {
      policy: { retryDelayMs: () => 40, timeoutMs: 2_000 },
      concurrency: 1,
      fetch: slow
    })
    const others = Array.from({ length: 15 }, (_, m) => `merchant-${m}`)
    h.transaction(() => {
      h.outbox.emit("merchant-b", [planEvent("plan_b", "Late")])
      others.forEach((merchant, m) =>
        h.outbox.emit(merchant, Array.from({ length: 4 }, (_, n) => planEvent(`plan_${m}_${n}`, "Late")))
      )
    })
    await receiver.waitFor(62)
    await h.worker.idle()
    const [message] = h.store.listMessages("merchant-b", 1)
    const [first, retry] = h.store.listAttempts(message!.id)
    expect([first!.status, retry!.status]).toEqual([500, 204])
    // between the retry's falling due and its going, at most the attempt that held the one slot
    const between = others
      .flatMap((merchant) => h.store.listMessages(merchant, 10).flatMap((m) => h.store.listAttempts(m.id)))
      .filter((a) => a.at > first!.nextRetryAt! && a.at < retry!.at)
    expect(between.length).toBeLessThanOrEqual(1)
    // and the others still had first attempts waiting then
    const lastOfOthers = Math.max(
      ...others.flatMap((merchant) => h.store.listMessages(merchant, 10).flatMap((m) => h.store.listAttempts(m.id)))
        .map((a) => a.at)
    )
    expect(lastOfOthers).toBeGreaterThan(retry!.at)
  })
})

describe("the receiver's answer", () => {
  /** A receiver answering `status`, then a body it never ends: endless 64 KiB chunks, or 10 bytes and nothing more. */
  const streaming = async (status: number, mode: "endless" | "stalls") => {
    const seen = { closed: false }
    const server = createServer((req, res) => {
      req.resume()
      req.on("end", () => {
        res.writeHead(status, { "content-type": "application/octet-stream" })
        res.on("close", () => (seen.closed = true))
        const chunk = Buffer.alloc(64 * 1024, 120)
        if (mode === "stalls") {
          res.write(chunk.subarray(0, 10))
          return
        }
        const more = () => {
          while (!res.destroyed && res.write(chunk));
          if (!res.destroyed) res.once("drain", more)
        }
        more()
      })
    })
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`
    cleanups.push(() =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
    )
    return { url, seen }
  }

  it(`is read up to ${MAX_ANSWER_BYTES / 1024} KiB: an endless 2xx answer is delivered, the rest never read`, async () => {
    const { url, seen } = await streaming(200, "endless")
    const h = await harness({ url } as Receiver, { policy: { retryDelayMs: () => 20, timeoutMs: 5_000 } })
    h.transaction(() => h.outbox.emit("m1", [planEvent("plan_a", "Late")]))
    await h.worker.idle()
    const [message] = h.store.listMessages("m1", 1)
    expect(message).toMatchObject({ state: "delivered", attempts: 1 })
    const [attempt] = h.store.listAttempts(message!.id)
    // cut at the cap, not at the timeout: the sandbox closed the connection while the receiver still wrote
    expect(attempt).toMatchObject({ status: 200, error: null })
    expect(attempt!.durationMs).toBeLessThan(2_500)
    await vi.waitFor(() => expect(seen.closed).toBe(true))
  })

  it("under the cap the answer must still be complete within the timeout", async () => {
    const { url } = await streaming(204, "stalls")
    const h = await harness({ url } as Receiver, { policy: { retryDelayMs: () => 20, timeoutMs: 150 }, maxAttempts: 1 })
    h.transaction(() => h.outbox.emit("m1", [planEvent("plan_a", "Late")]))
    await h.worker.idle()
    const [message] = h.store.listMessages("m1", 1)
    expect(message).toMatchObject({ state: "failed", attempts: 1 })
    expect(h.store.listAttempts(message!.id).map((a) => a.error)).toEqual(["timeout"])
  })

  it(`a failure's text is kept to ${MAX_ERROR_LENGTH} characters in the deliveries log`, async () => {
    const failing = (() => Promise.reject(new Error("x".repeat(100_000)))) as typeof fetch
    const h = await harness({ url: "http://127.0.0.1:9/webhooks" } as Receiver, { fetch: failing, maxAttempts: 1 })
    h.transaction(() => h.outbox.emit("m1", [planEvent("plan_a", "Late")]))
    await h.worker.idle()
    const [message] = h.store.listMessages("m1", 1)
    const [attempt] = h.store.listAttempts(message!.id)
    expect(attempt!.error!.length).toBe(MAX_ERROR_LENGTH)
    expect(attempt!.error!.endsWith("…")).toBe(true)
  })
})
