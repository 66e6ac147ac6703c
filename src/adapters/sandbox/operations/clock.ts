/**
 * The test clock: each merchant's sandbox time is the base clock plus an
 * offset that only moves forward. Advancing it settles every instalment that
 * fell due, through the core's lifecycle. No HTTP here: the routes call these.
 *
 * @module
 */
import { isRecord } from "../../../core/foundation/input.ts"
import type { Issue } from "../../../core/foundation/issues.ts"
import { issue } from "../../../core/foundation/issues.ts"
import * as Time from "../../../core/foundation/time/index.ts"
import * as Plan from "../../../core/plan/index.ts"
import type { SandboxMerchant } from "../merchants.ts"
import { advancing } from "../webhooks/hooks.ts"
import type { SandboxEnvironment } from "./environment.ts"
import { invalid } from "./failures.ts"
import { isRunning, payMissed, savePlan, transition } from "./plans.ts"

const HOUR = 3_600_000

/** The merchant's sandbox time and its offset over the base clock. */
export const readClock = (env: SandboxEnvironment, merchantId: string) => ({
  now: Time.formatInstant(env.now(merchantId)),
  offsetMilliseconds: env.store.getClockOffset(merchantId)
})

/** How far an advance moves: `{ days }`, `{ hours }` or `{ to }` (an instant not before now). */
const advanceTarget = (body: unknown, now: number): number => {
  if (!isRecord(body)) throw invalid([issue("", "type", "sandbox", "must be an object with days, hours or to")])
  const given = (["days", "hours", "to"] as const).filter((k) => body[k] !== undefined)
  if (given.length !== 1) {
    throw invalid([issue("", "required", "sandbox", "must give exactly one of days, hours or to")])
  }
  const key = given[0]!
  const value = body[key]
  if (key === "to") {
    const issues: Array<Issue> = []
    const to = typeof value === "string" ? Time.parseDateTime(value) : undefined
    if (to === undefined) issues.push(issue("to", "format", "R3.1", "must be an RFC 3339 date-time with an offset"))
    else if (to < now) {
      issues.push(issue("to", "range", "sandbox", `must not be before the sandbox's now, ${Time.formatInstant(now)}`))
    }
    if (issues.length > 0 || to === undefined) throw invalid(issues)
    return to
  }
  if (
    typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > 36_600 * (key === "hours" ? 24 : 1)
  ) {
    throw invalid([issue(key, "range", "sandbox", "must be a whole number of at least 0 (at most a century)")])
  }
  return now + value * (key === "days" ? 24 * HOUR : HOUR)
}

/**
 * Brings the merchant's plans up to `until`: each instalment that fell due is
 * paid with the plan's card (anything missed first), or missed with the
 * failing card, at its due instant. The transitions (Late, OnSchedule again,
 * Completed) are the core lifecycle's. Returns how many instalments were settled.
 */
export const settleDueInstallments = (env: SandboxEnvironment, merchant: SandboxMerchant, until: number): number => {
  let settled = 0
  for (const plan of env.store.listPlans([merchant.id])) {
    let record = plan.record
    if (!isRunning(record)) continue
    const due = Plan.dueInstallments(record, until)
    if (due.length === 0) continue
    for (const installment of due) {
      if (!isRunning(record)) break
      const dueAt = Time.parseDateTime(installment.date) ?? until
      const updatedAt = Time.parseDateTime(record.updatedAt) ?? dueAt
      const at = Math.max(dueAt, updatedAt)
      if (plan.card === "succeeds") {
        const caughtUp = payMissed(env, record, plan.card, at)
        record = caughtUp.record
        settled += caughtUp.count
        record = transition(
          record,
          Plan.PlanEvent.InstallmentPaid({
            at,
            installmentNumber: installment.installmentNumber,
            paymentMethod: record.userPaymentMethod?.id ?? "card",
            transactionId: env.newId("txn")
          })
        )
      } else {
        record = transition(
          record,
          Plan.PlanEvent.InstallmentMissed({ at, installmentNumber: installment.installmentNumber })
        )
      }
      settled++
    }
    savePlan(env, { ...plan, record })
  }
  return settled
}

/**
 * Moves the merchant's clock forward (`{ days }`, `{ hours }` or `{ to }`,
 * never backwards) and settles what fell due on the way.
 */
export const advanceClock = (env: SandboxEnvironment, merchant: SandboxMerchant, body: unknown) => {
  const now = env.now(merchant.id)
  const target = advanceTarget(body, now)
  env.store.setClockOffset(merchant.id, env.store.getClockOffset(merchant.id) + (target - now))
  const settled = advancing(env.webhooks, merchant.id, target, () => settleDueInstallments(env, merchant, target))
  return { ...readClock(env, merchant.id), settledInstallments: settled }
}
