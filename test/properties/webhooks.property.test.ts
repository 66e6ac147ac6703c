/**
 * Webhooks (docs/webhooks.md): for any sequence of plan events, the
 * webhook events emitted are exactly the transitions that happened, in order,
 * each once; a receiver replaying the stream rebuilds the plan's status and
 * payments; every event is valid under the strict catalogue and survives the
 * tolerant reading.
 */
import { Result, Schema } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import * as Time from "../../src/core/foundation/time/index.ts"
import type { PlanEvent } from "../../src/core/plan/events.ts"
import type { Plan } from "../../src/core/plan/record.ts"
import { readEventResult } from "../../src/core/webhook/catalogue.ts"
import { transitionResult } from "../../src/core/webhook/emit.ts"
import * as Webhook from "../../src/core/webhook/index.ts"
import { managedPlan, planEvent } from "../../src/testing/arbitraries.ts"

const isStrict = Schema.is(Webhook.WebhookEvent)

/** What a transition did, read from the two records and the event alone (independent of the emitter). */
const expectedTypes = (before: Plan, event: PlanEvent, after: Plan): Array<string> => {
  const out: Array<string> = []
  after.installments.forEach((i, k) => {
    const was = before.installments[k]!.status
    if (was !== i.status && i.status === "PAID") out.push(`plan.installment_paid#${i.installmentNumber}`)
    if (was !== i.status && i.status === "MISSED") out.push(`plan.installment_failed#${i.installmentNumber}`)
  })
  if (event._tag === "PaymentPaused") out.push("plan.payments_paused")
  if (event._tag === "MerchantOrderSet") out.push("plan.merchant_order_set")
  if (event._tag === "PlanCancelled") out.push("plan.cancelled")
  if (before.status !== after.status) out.push(`plan.status_changed:${before.status}>${after.status}`)
  if (before.status !== after.status && after.status === "Completed") out.push("plan.completed")
  return out
}

const label = (e: Webhook.WebhookEvent): string => {
  switch (e.type) {
    case "plan.installment_paid":
    case "plan.installment_failed":
      return `${e.type}#${e.data.installmentNumber}`
    case "plan.status_changed":
      return `${e.type}:${e.data.previousStatus}>${e.data.status}`
    default:
      return e.type
  }
}

describe("webhook events of plan transitions", () => {
  it("are exactly the transitions that happened, in order, each once; refused events emit nothing", () => {
    fc.assert(
      fc.property(
        managedPlan(),
        fc.array(fc.integer({ min: 0, max: 2 ** 31 - 1 }), { maxLength: 25 }),
        (start, seeds) => {
          let plan = start
          const stream: Array<Webhook.WebhookEvent> = []
          const expected: Array<string> = []
          for (const seed of seeds) {
            const [event] = fc.sample(planEvent(plan), { seed, numRuns: 1 })
            const step = transitionResult(plan, event!)
            if (Result.isFailure(step)) continue
            const { events, plan: after } = step.success
            // the transition's own events: exactly what it did, in the documented order, at its instant
            expect(events.map(label)).toEqual(expectedTypes(plan, event!, after))
            const at = Time.formatInstant(Time.toEpochMillis(event!.at)!)
            for (const e of events) {
              expect(e.timestamp).toBe(at)
              expect(isStrict(e)).toBe(true)
              expect((e.data as { planId: string }).planId).toBe(plan.id)
              const read = readEventResult(JSON.parse(Webhook.bodyOf(e)))
              expect(Result.isSuccess(read) && read.success).toEqual({ known: true, event: e })
            }
            expected.push(...expectedTypes(plan, event!, after))
            stream.push(...events)
            plan = after
          }
          expect(stream.map(label)).toEqual(expected)
          // a receiver replaying the stream rebuilds the status and the payments, each payment once
          let status: string = start.status
          const paid = new Set(start.installments.filter((i) => i.status === "PAID").map((i) => i.installmentNumber))
          let previous = ""
          for (const e of stream) {
            expect(e.timestamp >= previous).toBe(true)
            previous = e.timestamp
            if (e.type === "plan.status_changed") {
              expect(e.data.previousStatus).toBe(status)
              status = e.data.status
            }
            if (e.type === "plan.installment_paid") {
              expect(paid.has(e.data.installmentNumber)).toBe(false)
              paid.add(e.data.installmentNumber)
            }
          }
          expect(status).toBe(plan.status)
          expect(paid.size).toBe(plan.numPaidInstallments)
          // a plan completes once (a completed plan may still be cancelled afterwards), and is cancelled once
          expect(stream.filter((e) => e.type === "plan.completed").length).toBe(
            stream.filter((e) => e.type === "plan.status_changed" && e.data.status === "Completed").length
          )
          expect(stream.filter((e) => e.type === "plan.completed").length).toBeLessThanOrEqual(1)
          expect(stream.filter((e) => e.type === "plan.cancelled").length).toBe(plan.status === "Cancelled" ? 1 : 0)
        }
      ),
      { numRuns: 150 }
    )
  })
})
