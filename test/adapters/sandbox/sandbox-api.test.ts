import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { sqliteStore } from "../../../src/adapters/sandbox/index.ts"
import { B, checkoutRequest, createCheckout, makeSandbox, NOW } from "./helpers.ts"

describe("sandbox: test clock", () => {
  it("reads and advances by days, hours or to an instant, per merchant", async () => {
    const t = makeSandbox()
    expect((await t.call("GET", "/sandbox/clock")).body).toEqual({
      now: new Date(NOW).toISOString(),
      offsetMilliseconds: 0
    })
    const days = await t.call("POST", "/sandbox/clock/advance", { body: { days: 2 } })
    expect(days.status).toBe(200)
    expect(days.body.now).toBe("2026-11-24T00:00:00.000Z")
    expect((await t.call("POST", "/sandbox/clock/advance", { body: { hours: 5 } })).body.now).toBe(
      "2026-11-24T05:00:00.000Z"
    )
    expect((await t.call("POST", "/sandbox/clock/advance", { body: { to: "2026-12-01T00:00:00+10:00" } })).body.now)
      .toBe("2026-11-30T14:00:00.000Z")
    // another merchant's clock did not move
    expect((await t.call("GET", "/sandbox/clock", { auth: B })).body.now).toBe(new Date(NOW).toISOString())
    // the base clock still runs underneath
    t.clock.now += 1000
    expect((await t.call("GET", "/sandbox/clock")).body.now).toBe("2026-11-30T14:00:01.000Z")
  })

  it("refuses going back and malformed amounts with 422", async () => {
    const t = makeSandbox()
    for (
      const body of [
        { to: "2026-01-01T00:00:00Z" },
        { days: -1 },
        { days: 1.5 },
        { hours: "2" },
        {},
        { days: 1, hours: 1 },
        { to: "tomorrow" }
      ]
    ) {
      const response = await t.call("POST", "/sandbox/clock/advance", { body })
      expect(response.status, JSON.stringify(body)).toBe(422)
      expect(response.body.issues.length).toBeGreaterThan(0)
    }
    // a body that is not an object is not read at all (400, as malformed JSON)
    expect((await t.call("POST", "/sandbox/clock/advance", { body: [] })).body.code).toBe("malformed_json")
  })

  it("checkouts expire by the test clock", async () => {
    const t = makeSandbox()
    const checkout = await createCheckout(t)
    await t.call("POST", "/sandbox/clock/advance", { body: { days: 1 } })
    expect((await t.call("GET", `/widget/api/checkouts/${checkout.id}`, { auth: null })).body.expired).toBe(true)
  })
})

describe("sandbox: reset", () => {
  it("deletes the merchant's data and only its own", async () => {
    const t = makeSandbox()
    const mine = await createCheckout(t)
    const theirs = await createCheckout(t, { merchantId: "merchant-456" }, B)
    await t.call("POST", "/sandbox/clock/advance", { body: { days: 1 } })
    const reset = await t.call("POST", "/sandbox/reset")
    expect(reset).toMatchObject({ status: 200, body: { reset: true, merchantId: "merchant-123" } })
    expect((await t.call("GET", `/api/v2/checkout/${mine.id}`)).status).toBe(404)
    expect((await t.call("GET", `/api/v2/checkout/${theirs.id}`, { auth: B })).status).toBe(200)
    expect((await t.call("GET", "/sandbox/clock")).body.offsetMilliseconds).toBe(0)
  })
})

describe("sandbox: restart", () => {
  it("keeps its data in the SQLite file across a restart", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sandbox-restart-"))
    try {
      const file = join(dir, "data", "sandbox.sqlite")
      const first = makeSandbox(sqliteStore(file))
      const checkout = await createCheckout(first)
      await first.call("POST", "/widget/api/checkouts/" + checkout.id + "/cancel", { auth: null })
      await first.call("POST", "/sandbox/clock/advance", { body: { days: 3 } })
      const replayKey = { "idempotency-key": "restart-key" }
      const created = await first.call("POST", "/api/v2/checkout", { body: checkoutRequest(), headers: replayKey })
      first.sandbox.close()

      const second = makeSandbox(sqliteStore(file))
      const retrieved = await second.call("GET", `/api/v2/checkout/${checkout.id}`)
      expect(retrieved.status).toBe(200)
      expect(retrieved.body).toMatchObject({
        id: checkout.id,
        totalCost: 1100,
        status: "Rejected",
        plan: { deposit: { status: "Rejected" } }
      })
      expect((await second.call("GET", "/sandbox/clock")).body.offsetMilliseconds).toBe(3 * 86_400_000)
      const replay = await second.call("POST", "/api/v2/checkout", { body: checkoutRequest(), headers: replayKey })
      expect(replay.body.id).toBe(created.body.id)
      second.sandbox.close()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
