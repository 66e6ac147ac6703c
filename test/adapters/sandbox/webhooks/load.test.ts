/**
 * Webhooks under a small load: 50 flows (create → complete in the
 * widget's API → clock advance → cancel) over 5 merchants, in process, with a
 * receiver on 127.0.0.1 that verifies every delivery with `standardwebhooks`
 * and fails the first attempt of every 7th event: every event delivered, none
 * duplicated beyond the retries, none out of order per plan, the outbox all
 * delivered. The retry schedule is shortened to milliseconds. The 1,000-flow
 * run over HTTP on the real schedule is benchmarks/webhooks.bench.ts.
 */
import { afterEach, describe, expect, it } from "vitest"
import { createSandbox, loadMerchants, sqliteStore } from "../../../../src/adapters/sandbox/index.ts"
import { waitFor } from "../../../wait.ts"
import {
  answering,
  type Call,
  checkDeliveries,
  checkOutbox,
  loadMerchantsFor,
  runFlows,
  waitForDelivered
} from "./load.ts"
import { startReceiver } from "./receiver.ts"

const cleanups: Array<() => unknown> = []
afterEach(async () => {
  for (const f of cleanups.splice(0).reverse()) await f()
})

describe("sandbox webhooks under load", () => {
  it("50 flows over 5 merchants: every event delivered once (plus retries), in order per plan, verified", async () => {
    const receiver = await startReceiver()
    cleanups.push(receiver.close)
    const { merchants, file } = loadMerchantsFor(5, receiver.url)
    const answers = answering(merchants, 7)
    receiver.answer = answers.answer
    const store = sqliteStore(":memory:")
    const sandbox = createSandbox({
      store,
      merchants: loadMerchants(file),
      onError: (e) => console.error(e),
      // retries come from the receiver's 500s; a deadline a loaded machine never reaches keeps timed-out
      // attempts (delivered twice, at least once) out of the count
      webhooks: { policy: { retryDelayMs: () => 20, timeoutMs: 30_000 } }
    })
    cleanups.push(() => sandbox.close())
    const call: Call = async (method, path, options = {}) => {
      const headers: Record<string, string> = { ...options.headers }
      if (options.auth != null) headers["authorization"] = options.auth
      if (options.body !== undefined) headers["content-type"] = "application/json"
      const response = await sandbox.fetch(
        new Request(`http://sandbox.test${path}`, {
          method,
          headers,
          ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {})
        })
      )
      const text = await response.text()
      return { status: response.status, body: text === "" ? undefined : JSON.parse(text) }
    }
    const run = await runFlows(call, merchants, 10)
    expect(run.failures).toEqual([])
    expect(run.flows.length).toBe(50)
    // every advance settled instalments of its own plan
    expect(run.flows.every((f) => f.settled >= 1)).toBe(true)
    const check0 = checkDeliveries(run.flows, [], [], 0)
    await waitForDelivered(receiver, answers.answers, check0.expected, 15_000)
    // no message pending: nothing more will reach the receiver
    await waitFor(() => store.webhooks!.pendingMerchants().length === 0, { what: "an outbox with nothing pending" })
    const check = checkDeliveries(run.flows, receiver.received, answers.answers, answers.badSignatures())
    expect(check.problems).toEqual([])
    expect(check).toMatchObject({
      delivered: check.expected,
      missing: 0,
      duplicates: 0,
      unexpected: 0,
      outOfOrder: 0,
      idChanged: 0,
      badSignatures: 0
    })
    expect(check.failedAttempts).toBeGreaterThan(0)
    expect(check.deliveries).toBe(check.expected + check.failedAttempts)
    expect(checkOutbox(store.webhooks!, merchants, receiver.received)).toEqual({
      messages: check.expected,
      notDelivered: 0,
      neverReceived: 0,
      attemptsDiffer: 0
    })

    // the check itself sees what it looks for: a swap, a loss, a duplicate, a forged signature
    const { received } = receiver
    const all = answers.answers
    // two deliveries of one plan answered 204, the later the plan's next (other plans' may come between them)
    const nextOfPlan = (i: number) =>
      all.findIndex((s, j) => j > i && s === 204 && samePlan(received[i]!, received[j]!))
    const ok = all.findIndex((s, i) => s === 204 && nextOfPlan(i) > i)
    expect(ok).toBeGreaterThanOrEqual(0)
    const then = nextOfPlan(ok)
    const swapped = [...received]
    ;[swapped[ok], swapped[then]] = [swapped[then]!, swapped[ok]!]
    expect(checkDeliveries(run.flows, swapped, all, 0).outOfOrder).toBeGreaterThan(0)
    const lost = received.filter((_, i) => i !== ok)
    expect(checkDeliveries(run.flows, lost, all.filter((_, i) => i !== ok), 0).missing).toBeGreaterThan(0)
    expect(checkDeliveries(run.flows, [...received, received[ok]!], [...all, 204], 0).duplicates).toBe(1)
    expect(answers.answer({ ...received[ok]!, body: received[ok]!.body.replace("}", " }") }, 0)).toBe(400)
  })
})

const samePlan = (a: { body: string }, b: { body: string }) =>
  JSON.parse(a.body).data.planId === JSON.parse(b.body).data.planId
