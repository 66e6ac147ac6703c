/**
 * The webhook catalogue, the events of transitions and checkout outcomes, and
 * the message (docs/webhooks.md).
 */
import { Result, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { PlanEvent } from "../../../src/core/plan/events.ts"
import { applyResult as applyPlanEventResult } from "../../../src/core/plan/lifecycle.ts"
import { readEventResult } from "../../../src/core/webhook/catalogue.ts"
import { transitionResult } from "../../../src/core/webhook/emit.ts"
import * as Webhook from "../../../src/core/webhook/index.ts"
import { validateEndpointResult } from "../../../src/core/webhook/message.ts"
import { examplePlan, failure, unwrap } from "../plan/fixtures.ts"

const isStrict = Schema.is(Webhook.WebhookEvent)

describe("the catalogue", () => {
  it("has an example of every type, each valid under the strict schema and read back by the tolerant one", () => {
    expect(Object.keys(Webhook.EXAMPLES)).toEqual(Webhook.EVENT_TYPES)
    for (const type of Webhook.EVENT_TYPES) {
      const example = Webhook.EXAMPLES[type]
      expect(isStrict(example)).toBe(true)
      const read = unwrap(readEventResult(JSON.parse(Webhook.bodyOf(example))))
      expect(read).toEqual({ known: true, event: example })
    }
  })

  it("R9: the tolerant union reads every example of the catalogue as itself, and keeps what it does not know", () => {
    const decode = Schema.decodeUnknownResult(Webhook.WebhookEventResponse)
    for (const type of Webhook.EVENT_TYPES) {
      const example = Webhook.EXAMPLES[type]
      const json = JSON.parse(Webhook.bodyOf(example))
      expect(unwrap(decode(json))).toEqual(example)
      const extended = { ...json, deliveredBy: "a newer service", data: { ...json.data, addedLater: 1 } }
      expect(unwrap(decode(extended))).toEqual({ ...extended })
    }
    expect(Result.isFailure(decode({ type: "plan.renamed", data: {} }))).toBe(true)
  })

  it("lists at least the types of docs/webhooks.md; every plan.* event names its plan", () => {
    expect(Webhook.EVENT_TYPES).toEqual(expect.arrayContaining([
      "checkout.completed",
      "checkout.declined",
      "checkout.expired",
      "plan.installment_paid",
      "plan.installment_failed",
      "plan.status_changed",
      "plan.completed",
      "plan.cancelled",
      "plan.merchant_order_set"
    ]))
    for (const type of Webhook.EVENT_TYPES.filter((t) => t.startsWith("plan."))) {
      expect(Webhook.WebhookEvent.cases[type].fields.data.fields).toHaveProperty("planId")
    }
  })

  it("the strict schema refuses what this library would never build", () => {
    const example = Webhook.EXAMPLES["plan.status_changed"]
    expect(isStrict({ ...example, data: { ...example.data, status: "Paused" } })).toBe(false)
    expect(isStrict({ ...example, timestamp: "yesterday" })).toBe(false)
    expect(isStrict({ ...example, type: "plan.renamed" })).toBe(false)
  })

  it("reads tolerantly: unknown fields kept, new enum values kept, numbers from text, fields missing", () => {
    const read = unwrap(readEventResult({
      type: "plan.status_changed",
      data: { planId: "plan_1", previousStatus: "OnSchedule", status: "Paused", extra: { a: 1 } },
      version: 2
    }))
    expect(read.known).toBe(true)
    if (read.known && read.event.type === "plan.status_changed") {
      expect(read.event.data.status).toBe("Paused")
      expect(read.event.data["extra"]).toEqual({ a: 1 })
      expect(read.event["version"]).toBe(2)
    }
    const cancelled = unwrap(readEventResult({
      type: "plan.cancelled",
      timestamp: null,
      data: { planId: "plan_1", refundAmount: "12.50" }
    }))
    expect(cancelled.known && cancelled.event.type === "plan.cancelled" && cancelled.event.data.refundAmount).toBe(
      12.5
    )
  })

  it("keeps an unknown type as it came, and refuses a body that is no event or lacks its identity", () => {
    expect(unwrap(readEventResult({ type: "plan.renamed", data: { planId: "p", name: "x" } }))).toEqual(
      { known: false, event: { type: "plan.renamed", data: { planId: "p", name: "x" } } }
    )
    expect(failure(readEventResult([])).issues.map((i) => i.code)).toEqual(["type"])
    expect(failure(readEventResult({ data: {} })).issues.map((i) => `${i.path}:${i.code}`)).toEqual([
      "type:required"
    ])
    const noPlan = failure(readEventResult({ type: "plan.cancelled", data: { refundAmount: 1 } }))
    expect(noPlan.issues.map((i) => `${i.path}:${i.code}:${i.rule}`)).toEqual(["data.planId:required:webhooks"])
  })
})

describe("reading an event (R9: tolerant, every problem named)", () => {
  it("names the value each wrong-typed field has, for known and unknown event types", () => {
    const issuesOf = (json: unknown) => {
      const read = readEventResult(json)
      return Result.isFailure(read) ? read.failure.issues.map((i) => `${i.path}: ${i.message}`) : []
    }
    expect(issuesOf({ type: "checkout.completed", timestamp: 5, data: { checkoutId: 7 } })).toEqual([
      "timestamp: must be a string or null, got 5",
      "data.checkoutId: must be a string, got 7"
    ])
    expect(issuesOf({ type: "unknown.type", timestamp: true, data: 3 })).toEqual([
      "timestamp: must be a string or null, got true"
    ])
  })
})

describe("events of a plan's transitions", () => {
  const onSchedule = () =>
    unwrap(applyPlanEventResult(
      examplePlan({ merchantOrderId: "order-1" } as never),
      PlanEvent.DepositAccepted({
        at: "2026-11-22T10:00:00Z",
        transactionId: "txn_1"
      })
    ))

  it("the deposit: the instalment paid, then the status change", () => {
    const plan = examplePlan()
    const step = unwrap(
      transitionResult(
        plan,
        PlanEvent.DepositAccepted({ at: "2026-11-22T10:00:00Z", transactionId: "txn_1" })
      )
    )
    expect(step.events).toEqual([
      {
        type: "plan.installment_paid",
        timestamp: "2026-11-22T10:00:00.000Z",
        data: {
          planId: "plan_1",
          merchantOrderId: plan.merchantOrderId,
          installmentNumber: 1,
          amount: 280,
          currencyCode: "AUD",
          dueDate: plan.installments[0]!.date,
          totalPaid: 280,
          remainingAmount: 820,
          transactionId: "txn_1"
        }
      },
      {
        type: "plan.status_changed",
        timestamp: "2026-11-22T10:00:00.000Z",
        data: {
          planId: "plan_1",
          merchantOrderId: plan.merchantOrderId,
          previousStatus: "PendingDeposit",
          status: "OnSchedule"
        }
      }
    ])
    expect(step.events.every(isStrict)).toBe(true)
  })

  it("a miss makes the plan Late; paying it brings it back; the last payment completes it", () => {
    let plan = onSchedule()
    const types = (event: PlanEvent) => {
      const step = unwrap(transitionResult(plan, event))
      plan = step.plan
      return step.events.map((e) => e.type === "plan.status_changed" ? `${e.type}:${e.data.status}` : e.type)
    }
    expect(types(PlanEvent.InstallmentMissed({ at: "2026-11-29T00:00:00Z" }))).toEqual([
      "plan.installment_failed",
      "plan.status_changed:Late"
    ])
    expect(types(PlanEvent.InstallmentPaid({ at: "2026-11-30T00:00:00Z" }))).toEqual([
      "plan.installment_paid",
      "plan.status_changed:OnSchedule"
    ])
    expect(types(PlanEvent.InstallmentPaid({ at: "2026-12-06T00:00:00Z" }))).toEqual(["plan.installment_paid"])
    expect(types(PlanEvent.PaymentPaused({ at: "2026-12-07T00:00:00Z", until: "2026-12-14T00:00:00Z" }))).toEqual([
      "plan.payments_paused"
    ])
    expect(types(PlanEvent.MerchantOrderSet({ at: "2026-12-07T00:00:00Z", merchantOrderId: "order-2" }))).toEqual([
      "plan.merchant_order_set"
    ])
    expect(types(PlanEvent.InstallmentPaid({ at: "2026-12-14T00:00:00Z" }))).toEqual(["plan.installment_paid"])
    expect(types(PlanEvent.InstallmentPaid({ at: "2026-12-20T00:00:00Z" }))).toEqual([
      "plan.installment_paid",
      "plan.status_changed:Completed",
      "plan.completed"
    ])
  })

  it("a cancellation carries the refund; a refused event emits nothing", () => {
    const plan = onSchedule()
    const step = unwrap(
      transitionResult(
        plan,
        PlanEvent.PlanCancelled({ at: "2026-11-25T00:00:00Z", reason: "CustomerRequest", refundAmount: 100 })
      )
    )
    expect(step.events.map((e) => e.type)).toEqual(["plan.cancelled", "plan.status_changed"])
    expect(step.events[0]!.data).toMatchObject({ refundAmount: 100, reason: "CustomerRequest", totalPaid: 280 })
    const refused = transitionResult(
      step.plan,
      PlanEvent.InstallmentPaid({ at: "2026-11-26T00:00:00Z" })
    )
    expect(Result.isFailure(refused)).toBe(true)
  })
})

describe("events of a checkout's outcome", () => {
  it("completed names the checkout, the plan and the order; declined and expired have no plan", () => {
    const plan = unwrap(applyPlanEventResult(examplePlan(), PlanEvent.DepositAccepted({ at: "2026-11-22T10:00:00Z" })))
    expect(Webhook.eventOfCheckout({ _tag: "Completed", checkoutId: "chk_1", plan, at: plan.updatedAt })).toEqual({
      type: "checkout.completed",
      timestamp: "2026-11-22T10:00:00.000Z",
      data: {
        checkoutId: "chk_1",
        planId: "plan_1",
        merchantOrderId: plan.merchantOrderId,
        currencyCode: "AUD",
        depositAmount: 280,
        totalCost: 1100,
        planStatus: "OnSchedule"
      }
    })
    const declined = Webhook.eventOfCheckout({
      _tag: "Declined",
      checkoutId: "chk_2",
      merchantOrderId: "o",
      currencyCode: "AUD",
      depositAmount: 280,
      at: 1_795_000_000_000
    })
    expect(declined.data).toEqual({
      checkoutId: "chk_2",
      merchantOrderId: "o",
      currencyCode: "AUD",
      depositAmount: 280,
      reason: "card_declined"
    })
    const expired = Webhook.eventOfCheckout({
      _tag: "Expired",
      checkoutId: "chk_3",
      merchantOrderId: "o",
      expiresAt: "2026-11-23T00:00:00Z"
    })
    expect(expired).toEqual({
      type: "checkout.expired",
      timestamp: "2026-11-23T00:00:00.000Z",
      data: { checkoutId: "chk_3", merchantOrderId: "o", expiredAt: "2026-11-23T00:00:00.000Z" }
    })
    expect([declined, expired].every(isStrict)).toBe(true)
    expect(() => Webhook.eventOfCheckout({ _tag: "Expired", checkoutId: "c", merchantOrderId: "o", expiresAt: "soon" }))
      .toThrow(/expiresAt/)
  })
})

describe("the message", () => {
  it("body and signing input are the Standard Webhooks ones", () => {
    const event = Webhook.EXAMPLES["webhook.test"]
    const body = Webhook.bodyOf(event)
    expect(Object.keys(JSON.parse(body))).toEqual(["type", "timestamp", "data"])
    expect(Webhook.signingInput("msg_1", 1_795_000_000, body)).toBe(`msg_1.1795000000.${body}`)
  })

  it("secrets are whsec_ and padded base64", () => {
    expect(Webhook.isSecret("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")).toBe(true)
    expect(Webhook.isSecret("whsec_AA==")).toBe(true)
    for (
      const bad of [
        "MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
        "whsec_",
        "whsec_abc",
        "whsec_ab c=",
        5,
        `whsec_${"A".repeat(400)}`
      ]
    ) {
      expect(Webhook.isSecret(bad)).toBe(false)
    }
    const endpoint = validateEndpointResult({ url: "ftp://x", secret: "nope" })
    expect(failure(endpoint).issues.map((i) => `${i.path}:${i.code}`)).toEqual(["url:format", "secret:format"])
    expect(failure(endpoint).issues.every((i) => !i.message.includes("nope"))).toBe(true)
  })

  // a URL no delivery can use, or one that would fill every attempt's row, is refused
  it("an endpoint's URL: at most 2,048 characters (as the service's URL fields), no user name or password", () => {
    const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
    const base = "https://hooks.example/"
    const longest = `${base}${"é".repeat(2048 - base.length)}`
    expect(validateEndpointResult({ url: longest, secret })._tag).toBe("Success")
    const issues = (url: string) =>
      failure(validateEndpointResult({ url, secret })).issues.map((i) => `${i.path}:${i.code}:${i.rule}`)
    expect(issues(`${longest}é`)).toEqual(["url:too_long:webhooks"])
    // past the bound only the length is reported: the content is not judged
    expect(issues(`ftp://${"a".repeat(3000)}`)).toEqual(["url:too_long:webhooks"])
    expect(issues("")).toEqual(["url:too_short:webhooks"])
    for (const url of ["http://user:pass@127.0.0.1:4242/h", "http://user@127.0.0.1/h", "https://:pw@hooks.example/"]) {
      expect(issues(url), url).toEqual(["url:format:webhooks"])
      const [found] = failure(validateEndpointResult({ url, secret })).issues
      expect(found!.message).toContain("user:password@")
      expect(found!.message).not.toMatch(/pass@|pw@/)
    }
  })

  it("headers: the timestamp is whole seconds, v1 signatures only, the tolerance both ways", () => {
    expect(Webhook.parseTimestamp("1795000000")).toBe(1_795_000_000)
    for (const bad of ["", "-1", "1e9", " 1", "1.5", "99999999999999999"]) {
      expect(Webhook.parseTimestamp(bad)).toBeUndefined()
    }
    expect(Webhook.signaturesOf("v1,a v1a,b v2,c v1, v1,d")).toEqual(["a", "d"])
    expect(Webhook.timestampProblem(1000, 1300)).toBeUndefined()
    expect(Webhook.timestampProblem(1000, 1301)).toBe("stale")
    expect(Webhook.timestampProblem(1301, 1000)).toBe("future")
    expect(Webhook.timestampProblem(1000, 1010, 5)).toBe("stale")
  })
})
