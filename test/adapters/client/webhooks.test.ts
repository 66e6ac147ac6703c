/**
 * verifyWebhook: deliveries signed by the `standardwebhooks`
 * reference library as any sender would, verified by the client; tampered
 * bodies, wrong secrets, stale timestamps, bad headers and replays refused.
 */
import { Effect } from "effect"
import { Webhook as StandardWebhook } from "standardwebhooks"
import { describe, expect, it } from "vitest"
import {
  memoryReplayGuard,
  verifyWebhook,
  verifyWebhookEffect,
  type WebhookError
} from "../../../src/adapters/client/index.ts"
import { bodyOf, EXAMPLES } from "../../../src/core/webhook/index.ts"

const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
const OTHER_SECRET = "whsec_dGhpcyBpcyBhbm90aGVyIHNlY3JldCBvZiAyNCE="
const SENT = 1_795_000_000 // Unix seconds
const NOW = SENT * 1000 + 30_000 // received 30 s later

const deliver = (body: string, options: { id?: string; at?: number; secret?: string } = {}) => {
  const id = options.id ?? "msg_2b7Ypq1"
  const at = options.at ?? SENT
  const signature = new StandardWebhook(options.secret ?? SECRET).sign(id, new Date(at * 1000), body)
  return { body, headers: { "webhook-id": id, "webhook-timestamp": String(at), "webhook-signature": signature } }
}

const refusal = async (promise: Promise<unknown>): Promise<WebhookError> => {
  try {
    await promise
  } catch (e) {
    return e as WebhookError
  }
  throw new Error("expected a refusal")
}

const body = bodyOf(EXAMPLES["plan.status_changed"])

describe("verifyWebhook", () => {
  it("returns the typed event of a delivery signed by the reference library", async () => {
    const verified = await verifyWebhook(deliver(body), SECRET, { now: NOW })
    expect(verified).toMatchObject({ id: "msg_2b7Ypq1", known: true, sentAt: new Date(SENT * 1000) })
    expect(verified.known && verified.event.type === "plan.status_changed" && verified.event.data.status).toBe("Late")
    expect(verified.event).toEqual(EXAMPLES["plan.status_changed"])
  })

  it("refuses a tampered body, a changed id or timestamp, and a wrong secret", async () => {
    const delivery = deliver(body)
    const tampered = body.replace("\"Late\"", "\"OnSchedule\"")
    for (
      const attempt of [
        { ...delivery, body: tampered },
        { ...delivery, headers: { ...delivery.headers, "webhook-id": "msg_other" } },
        { ...delivery, headers: { ...delivery.headers, "webhook-timestamp": String(SENT + 1) } }
      ]
    ) {
      const error = await refusal(verifyWebhook(attempt, SECRET, { now: NOW }))
      expect(error._tag).toBe("WebhookSignatureError")
    }
    const wrong = await refusal(verifyWebhook(delivery, OTHER_SECRET, { now: NOW }))
    expect(wrong._tag).toBe("WebhookSignatureError")
    expect(wrong.message).toContain("secret is wrong")
  })

  it("refuses a stale timestamp and one from the future; the tolerance is an option", async () => {
    const stale = await refusal(verifyWebhook(deliver(body), SECRET, { now: (SENT + 301) * 1000 }))
    expect(stale).toMatchObject({ _tag: "WebhookTimestampError", problem: "stale", timestamp: SENT, now: SENT + 301 })
    const future = await refusal(verifyWebhook(deliver(body), SECRET, { now: (SENT - 301) * 1000 }))
    expect(future).toMatchObject({ _tag: "WebhookTimestampError", problem: "future" })
    await expect(verifyWebhook(deliver(body), SECRET, { now: (SENT + 301) * 1000, toleranceSeconds: 600 })).resolves
      .toMatchObject({ known: true })
    const tight = await refusal(verifyWebhook(deliver(body), SECRET, { now: NOW, toleranceSeconds: 10 }))
    expect(tight._tag).toBe("WebhookTimestampError")
    // a stale message is refused even with a valid signature: a captured message replayed later
    const replayedLater = await refusal(verifyWebhook(deliver(body), SECRET, { now: (SENT + 3600) * 1000 }))
    expect(replayedLater._tag).toBe("WebhookTimestampError")
  })

  it("refuses missing or malformed headers", async () => {
    const { headers } = deliver(body)
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ ...headers, "webhook-id": "" }, "webhook-id", "missing"],
      [
        { "webhook-timestamp": headers["webhook-timestamp"], "webhook-signature": headers["webhook-signature"] },
        "webhook-id",
        "missing"
      ],
      [{ ...headers, "webhook-timestamp": "soon" }, "webhook-timestamp", "malformed"],
      [{ ...headers, "webhook-signature": "v2,abc" }, "webhook-signature", "malformed"],
      [{ ...headers, "webhook-signature": headers["webhook-signature"].slice(3) }, "webhook-signature", "malformed"]
    ]
    for (const [h, header, problem] of cases) {
      expect(await refusal(verifyWebhook({ body, headers: h }, SECRET, { now: NOW }))).toMatchObject({
        _tag: "WebhookHeaderError",
        header,
        problem
      })
    }
  })

  it("refuses a replayed id with a replay guard; forgetting it lets the retry through", async () => {
    const replay = memoryReplayGuard()
    const delivery = deliver(body)
    await expect(verifyWebhook(delivery, SECRET, { now: NOW, replay })).resolves.toMatchObject({ id: "msg_2b7Ypq1" })
    expect(await refusal(verifyWebhook(delivery, SECRET, { now: NOW, replay }))).toMatchObject({
      _tag: "WebhookReplayError",
      id: "msg_2b7Ypq1"
    })
    // a retry is signed anew (a later timestamp) but keeps its id: still refused
    const retry = deliver(body, { at: SENT + 20 })
    expect((await refusal(verifyWebhook(retry, SECRET, { now: NOW, replay })))._tag).toBe("WebhookReplayError")
    // a forged message with a seen id is refused for its signature, and does not consume anything
    const forged = { ...deliver(body, { id: "msg_new", secret: OTHER_SECRET }) }
    expect((await refusal(verifyWebhook(forged, SECRET, { now: NOW, replay })))._tag).toBe("WebhookSignatureError")
    await expect(verifyWebhook(deliver(body, { id: "msg_new" }), SECRET, { now: NOW, replay })).resolves.toBeDefined()
    await replay.forget("msg_2b7Ypq1")
    await expect(verifyWebhook(retry, SECRET, { now: NOW, replay })).resolves.toBeDefined()
  })

  it("the memory guard forgets ids after its retention and keeps at most maxEntries", () => {
    const guard = memoryReplayGuard({ retentionMs: 1000, maxEntries: 3 })
    expect(guard.claim("a", 0)).toBe(true)
    expect(guard.claim("a", 500)).toBe(false)
    expect(guard.claim("a", 1500)).toBe(true)
    for (const id of ["b", "c", "d", "e"]) guard.claim(id, 1600)
    expect(guard.size()).toBe(3)
    expect(guard.claim("e", 1700)).toBe(false)
  })

  it("returns an event of an unknown type as such, and refuses a signed body that is no event", async () => {
    const unknown = JSON.stringify({ type: "plan.renamed", timestamp: "2026-11-22T10:00:00Z", data: { planId: "p" } })
    await expect(verifyWebhook(deliver(unknown), SECRET, { now: NOW })).resolves.toMatchObject({
      known: false,
      event: { type: "plan.renamed", data: { planId: "p" } }
    })
    expect(await refusal(verifyWebhook(deliver("not json"), SECRET, { now: NOW }))).toMatchObject({
      _tag: "WebhookPayloadError"
    })
    const noPlan = JSON.stringify({ type: "plan.cancelled", data: {} })
    const error = await refusal(verifyWebhook(deliver(noPlan), SECRET, { now: NOW }))
    expect(error._tag === "WebhookPayloadError" && error.issues.map((i) => i.path)).toEqual(["data.planId"])
  })

  it("takes a Fetch Request, raw bytes, any header case, and two arguments", async () => {
    const { headers } = deliver(body)
    const request = new Request("http://127.0.0.1/webhooks", { method: "POST", body, headers })
    await expect(verifyWebhook(request, SECRET, { now: NOW })).resolves.toMatchObject({ known: true })
    const upper = {
      "Webhook-Id": headers["webhook-id"],
      "WEBHOOK-TIMESTAMP": headers["webhook-timestamp"],
      "webhook-signature": headers["webhook-signature"]
    }
    await expect(verifyWebhook(new TextEncoder().encode(body), upper, SECRET, { now: new Date(NOW) })).resolves
      .toMatchObject({ known: true })
    // a rotated secret: the sender signs with both, any v1 match is enough
    const both = `${new StandardWebhook(OTHER_SECRET).sign("msg_2b7Ypq1", new Date(SENT * 1000), body)} ${
      headers["webhook-signature"]
    }`
    await expect(verifyWebhook(body, { ...headers, "webhook-signature": both }, SECRET, { now: NOW })).resolves
      .toBeDefined()
  })

  it("refuses a malformed secret without showing it", async () => {
    const error = await refusal(verifyWebhook(deliver(body), "not-a-secret", { now: NOW }))
    expect(error._tag).toBe("WebhookSecretError")
    expect(error.message).not.toContain("not-a-secret")
  })

  it("agrees with the reference library's own verify at the real clock", async () => {
    const id = "msg_live"
    const delivery = deliver(body, { id, at: Math.floor(Date.now() / 1000) })
    expect(new StandardWebhook(SECRET).verify(delivery.body, delivery.headers)).toEqual(JSON.parse(body))
    await expect(verifyWebhook(delivery, SECRET)).resolves.toMatchObject({ id, known: true })
  })

  it("has an Effect form failing with the tagged errors", () => {
    const tampered = { ...deliver(body), body: `${body} ` }
    const tag = Effect.runSync(
      verifyWebhookEffect(tampered, SECRET, { now: NOW }).pipe(
        Effect.map(() => "verified"),
        Effect.catchTag("WebhookSignatureError", (e) => Effect.succeed(e._tag))
      )
    )
    expect(tag).toBe("WebhookSignatureError")
  })
})
