/**
 * Webhooks of the sandbox end to end: a receiver on 127.0.0.1
 * gets the events of a whole flow (create → pay in the widget → clock
 * advance → merchant order → cancel) in order, each verifiable with the
 * `standardwebhooks` package directly and with the client's `verifyWebhook`;
 * the endpoint API, the deliveries log, resend and test events; declined,
 * cancelled and expired checkouts; nothing for refused changes; a restart
 * resumes. The delivery schedule is shortened to milliseconds.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { verifyWebhook } from "../../../../src/adapters/client/index.ts"
import { createSandbox, loadMerchants, type SandboxStore, sqliteStore } from "../../../../src/adapters/sandbox/index.ts"
import { waitFor } from "../../../wait.ts"
import { A, checkoutRequest, MERCHANTS_FILE, NOW } from "../helpers.ts"
import { type Receiver, startReceiver, verifyStandard } from "./receiver.ts"

const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
const BASE = "http://sandbox.test"

const cleanups: Array<() => unknown> = []
afterEach(async () => {
  for (const f of cleanups.splice(0).reverse()) await f()
})

const merchantsFor = (url: string | undefined) =>
  loadMerchants({
    merchants: MERCHANTS_FILE.merchants.map((m, i) =>
      i === 0 && url !== undefined ? { ...m, webhook: { url, secret: SECRET } } : m
    )
  })

const harness = (
  receiver: Receiver | undefined,
  store: SandboxStore = sqliteStore(":memory:"),
  merchants = merchantsFor(receiver?.url)
) => {
  const clock = { now: NOW }
  const log: Array<string> = []
  const sandbox = createSandbox({
    store,
    merchants,
    now: () => clock.now,
    onError: (e) => console.error(e),
    webhooks: { policy: { retryDelayMs: () => 30, timeoutMs: 1_000 }, log: (line) => log.push(line) }
  })
  cleanups.push(() => sandbox.close())
  const call = async (method: string, path: string, body?: unknown, auth: string | null = A) => {
    const headers: Record<string, string> = {}
    if (auth !== null) headers["authorization"] = auth
    if (body !== undefined) headers["content-type"] = "application/json"
    const response = await sandbox.fetch(
      new Request(`${BASE}${path}`, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) })
    )
    const text = await response.text()
    return { status: response.status, body: text === "" ? undefined : JSON.parse(text) }
  }
  const terms = (checkoutId: string) => ({
    checkoutId,
    type: "plan",
    timeZone: "Australia/Sydney",
    installments: { cadence: { frequency: "Fortnightly", on: { dayOfWeek: "Friday" } } }
  })
  const checkout = async (overrides: Record<string, unknown> = {}) => {
    const created = await call("POST", "/api/v2/checkout", checkoutRequest(overrides))
    expect(created.status).toBe(201)
    return created.body as { id: string; merchantOrderId: string }
  }
  const complete = (checkoutId: string, card: string) =>
    call("POST", `/widget/api/checkouts/${checkoutId}/complete`, { card, planTerms: terms(checkoutId) }, null)
  const deliveries = async () =>
    (await call("GET", "/sandbox/webhook/deliveries?limit=500")).body.deliveries as Array<any>
  // every event written is delivered or given up: nothing more will reach the receiver
  const settled = () =>
    waitFor(async () => (await deliveries()).every((d) => d.state !== "pending"), { what: "no pending delivery" })
  return { sandbox, clock, call, checkout, complete, deliveries, settled, log }
}

const label = (body: string) => {
  const e = JSON.parse(body)
  if (e.type === "plan.status_changed") return `${e.type}:${e.data.previousStatus}>${e.data.status}`
  if (e.type.startsWith("plan.installment_")) return `${e.type}#${e.data.installmentNumber}`
  return e.type
}

describe("sandbox webhooks", () => {
  it("a whole flow: the expected events in order, each verified by standardwebhooks and by verifyWebhook", async () => {
    const receiver = await startReceiver()
    cleanups.push(receiver.close)
    const t = harness(receiver)
    const checkout = await t.checkout()
    // the card that pays the deposit and misses what follows
    const completed = await t.complete(checkout.id, "4000000000000341")
    expect(completed.status).toBe(200)
    const planId = completed.body.planId as string
    // instalments 2 and 3 fall due on 10 and 24 December (Sydney)
    expect((await t.call("POST", "/sandbox/clock/advance", { days: 33 })).body.settledInstallments).toBe(2)
    expect(
      (await t.call("PUT", `/api/v2/plans/${planId}/merchant-order`, { planId, merchantOrderId: "order-9" })).status
    )
      .toBe(200)
    const cancel = await t.call("POST", `/api/v2/plans/${planId}/cancel`, {
      planId,
      refundableAmount: 100,
      reason: "CustomerRequest"
    })
    expect(cancel.status).toBe(200)
    const expected = [
      "checkout.completed",
      "plan.installment_paid#1",
      "plan.status_changed:PendingDeposit>OnSchedule",
      "plan.installment_failed#2",
      "plan.status_changed:OnSchedule>Late",
      "plan.installment_failed#3",
      "plan.merchant_order_set",
      "plan.cancelled",
      "plan.status_changed:Late>Cancelled"
    ]
    await receiver.waitFor(expected.length)
    await t.settled()
    expect(receiver.received.map((r) => label(r.body))).toEqual(expected)
    expect(new Set(receiver.received.map((r) => r.id)).size).toBe(expected.length)
    for (const r of receiver.received) {
      const parsed = verifyStandard(SECRET, r) as { type: string; data: { planId: string } }
      expect(parsed.data.planId).toBe(planId)
      const verified = await verifyWebhook(r.body, {
        "webhook-id": r.id,
        "webhook-timestamp": r.timestamp,
        "webhook-signature": r.signature
      }, SECRET)
      expect(verified.known).toBe(true)
      expect(verified.event).toEqual(JSON.parse(r.body))
    }
    const [first] = receiver.received.map((r) => JSON.parse(r.body))
    expect(first.data).toMatchObject({ checkoutId: checkout.id, planId, merchantOrderId: checkout.merchantOrderId })
    const cancelled = JSON.parse(receiver.received[7]!.body)
    expect(cancelled.data).toMatchObject({ refundAmount: 100, reason: "CustomerRequest", merchantOrderId: "order-9" })
    // the instalments' events carry their due dates, in sandbox time, in date order
    const stamps = receiver.received.map((r) => JSON.parse(r.body).timestamp as string)
    expect([...stamps].sort()).toEqual(stamps)
    // the log has every delivery, delivered at the first attempt
    const log = await t.deliveries()
    expect(log.length).toBe(expected.length)
    expect(log.every((d) => d.state === "delivered" && d.attempts.length === 1 && d.attempts[0].status === 204)).toBe(
      true
    )
  })

  it("a refused change emits nothing: an invalid cancellation, a second one", async () => {
    const receiver = await startReceiver()
    cleanups.push(receiver.close)
    const t = harness(receiver)
    const checkout = await t.checkout()
    const planId = (await t.complete(checkout.id, "4242424242424242")).body.planId as string
    const body = { planId, refundableAmount: 0, reason: "CustomerRequest" }
    expect((await t.call("POST", `/api/v2/plans/${planId}/cancel`, { ...body, refundableAmount: 99_999 })).status).toBe(
      422
    )
    expect((await t.call("POST", `/api/v2/plans/${planId}/cancel`, body)).status).toBe(200)
    expect((await t.call("POST", `/api/v2/plans/${planId}/cancel`, body)).status).toBe(409)
    await receiver.waitFor(5)
    await t.settled()
    expect(receiver.received.map((r) => label(r.body))).toEqual([
      "checkout.completed",
      "plan.installment_paid#1",
      "plan.status_changed:PendingDeposit>OnSchedule",
      "plan.cancelled",
      "plan.status_changed:OnSchedule>Cancelled"
    ])
  })

  it("declined, cancelled and expired checkouts", async () => {
    const receiver = await startReceiver()
    cleanups.push(receiver.close)
    const t = harness(receiver)
    const declined = await t.checkout({ merchantOrderId: "order-declined" })
    expect((await t.complete(declined.id, "4000000000000002")).status).toBe(402)
    const cancelled = await t.checkout({ merchantOrderId: "order-cancelled" })
    expect((await t.call("POST", `/widget/api/checkouts/${cancelled.id}/cancel`, undefined, null)).status).toBe(200)
    const expiring = await t.checkout({ merchantOrderId: "order-expiring", expiry: 60 })
    expect((await t.call("POST", "/sandbox/clock/advance", { hours: 2 })).status).toBe(200)
    await receiver.waitFor(3)
    const events = receiver.received.map((r) => JSON.parse(r.body))
    expect(events.map((e) => [e.type, e.data.checkoutId, e.data.reason])).toEqual([
      ["checkout.declined", declined.id, "card_declined"],
      ["checkout.declined", cancelled.id, "customer_cancelled"],
      ["checkout.expired", expiring.id, undefined]
    ])
    expect(events[2].data.merchantOrderId).toBe("order-expiring")
    // once: a later advance does not expire it again
    await t.call("POST", "/sandbox/clock/advance", { days: 1 })
    await t.settled()
    expect(receiver.received.length).toBe(3)
  })

  it("PUT /sandbox/webhook sets and rotates; GET never shows the secret; DELETE stops events", async () => {
    const receiver = await startReceiver()
    cleanups.push(receiver.close)
    const t = harness(undefined)
    expect((await t.call("GET", "/sandbox/webhook")).body).toEqual({ url: null, secretConfigured: false, source: null })
    expect((await t.call("POST", "/sandbox/webhook/test", {})).status).toBe(409)
    const bad = await t.call("PUT", "/sandbox/webhook", { url: "ftp://x", secret: "nope" })
    expect(bad.status).toBe(422)
    expect(bad.body.issues.map((i: { path: string }) => i.path)).toEqual(["url", "secret"])
    expect(JSON.stringify(bad.body)).not.toContain("nope")
    // without a secret: one is made and answered this once
    const set = await t.call("PUT", "/sandbox/webhook", { url: receiver.url })
    expect(set.status).toBe(200)
    const generated = set.body.secret as string
    expect(generated).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
    const read = await t.call("GET", "/sandbox/webhook")
    expect(read.body).toEqual({ url: receiver.url, secretConfigured: true, source: "runtime" })
    expect(JSON.stringify(read.body)).not.toContain(generated.slice(6))
    const test = await t.call("POST", "/sandbox/webhook/test", { type: "plan.cancelled" })
    expect(test.status).toBe(202)
    await receiver.waitFor(1)
    expect(verifyStandard(generated, receiver.received[0]!)).toMatchObject({ type: "plan.cancelled" })
    // rotate: the next event is signed with the new secret only
    const rotated = await t.call("PUT", "/sandbox/webhook", { url: receiver.url, secret: SECRET })
    expect(rotated.body.secret).toBeUndefined()
    await t.call("POST", "/sandbox/webhook/test", {})
    await receiver.waitFor(2)
    expect(verifyStandard(SECRET, receiver.received[1]!)).toMatchObject({ type: "webhook.test" })
    expect(() => verifyStandard(generated, receiver.received[1]!)).toThrow()
    expect((await t.call("POST", "/sandbox/webhook/test", { type: "plan.renamed" })).status).toBe(422)
    expect((await t.call("DELETE", "/sandbox/webhook")).body).toEqual({
      url: null,
      secretConfigured: false,
      source: "runtime"
    })
    const checkout = await t.checkout()
    await t.complete(checkout.id, "4242424242424242")
    expect((await t.deliveries()).length).toBe(2)
  })

  it("500 twice then 204: one event, three attempts with the same id in the deliveries log; resend sends it again", async () => {
    const receiver = await startReceiver((_, n) => (n < 2 ? 500 : 204))
    cleanups.push(receiver.close)
    const t = harness(receiver)
    const sent = await t.call("POST", "/sandbox/webhook/test", {})
    await receiver.waitFor(3)
    await t.settled()
    expect(new Set(receiver.received.map((r) => r.id))).toEqual(new Set([sent.body.id]))
    const [delivery] = await t.deliveries()
    expect(delivery).toMatchObject({ id: sent.body.id, type: "webhook.test", state: "delivered", nextAttemptAt: null })
    expect(delivery.attempts.map((a: { status: number }) => a.status)).toEqual([500, 500, 204])
    expect(delivery.attempts[0].nextRetryAt).not.toBeNull()
    expect(delivery.attempts.every((a: { url: string }) => a.url === receiver.url)).toBe(true)
    const resent = await t.call("POST", `/sandbox/webhook/deliveries/${sent.body.id}/resend`)
    expect(resent.status).toBe(202)
    await receiver.waitFor(4)
    expect(receiver.received[3]!.id).toBe(sent.body.id)
    expect((await t.call("POST", "/sandbox/webhook/deliveries/msg_nope/resend")).status).toBe(404)
  })

  it("a restart resumes pending deliveries from the SQLite file", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sandbox-webhooks-"))
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
    const path = join(dir, "sandbox.sqlite")
    const receiver = await startReceiver(() => 503)
    cleanups.push(receiver.close)
    const merchants = merchantsFor(receiver.url)
    const first = harness(receiver, sqliteStore(path), merchants)
    const checkout = await first.checkout()
    await first.complete(checkout.id, "4242424242424242")
    await receiver.waitFor(1)
    first.sandbox.close()
    const pending = harness(undefined, sqliteStore(path), merchants)
    const log = await pending.deliveries()
    pending.sandbox.close()
    expect(log.length).toBe(3)
    expect(log.some((d) => d.state === "pending")).toBe(true)
    receiver.answer = () => 204
    const count = receiver.received.length
    const second = harness(receiver, sqliteStore(path), merchants)
    await receiver.waitFor(count + 3)
    await second.settled()
    const delivered = receiver.received.filter((r) => r.body !== "" && receiver.received.indexOf(r) >= count)
    expect(delivered.map((r) => label(r.body))).toEqual([
      "checkout.completed",
      "plan.installment_paid#1",
      "plan.status_changed:PendingDeposit>OnSchedule"
    ])
    expect(delivered[0]!.id).toBe(receiver.received[0]!.id)
    expect((await second.deliveries()).every((d) => d.state === "delivered")).toBe(true)
  })
})
