/**
 * Sandbox-only endpoints, for the authenticated merchant: the test clock,
 * plan notes, the card paying a plan, and resetting data.
 *
 * @module
 */
import * as Time from "../../core/foundation/time/index.ts"
import { type Issue, issue } from "../../core/internal/issue.ts"
import { isRecord } from "../../core/internal/predicates.ts"
import type { Route } from "../../core/wire/routes.ts"
import type { Context, Operation, Reply } from "./handler.ts"
import { validationFailed } from "./http.ts"
import * as Plans from "./plans.ts"

const route = (method: "GET" | "POST", path: string): Route => ({ method, path })
const merchantOp = (r: Route, body: "json" | "none", run: (context: Context) => Reply): Operation => ({
  route: r,
  auth: "merchant",
  body,
  run
})

const clockView = (context: Context) => {
  const now = context.env.now(context.merchant.id)
  const offset = context.env.store.getClockOffset(context.merchant.id)
  return { now: Time.formatInstant(now), offsetMilliseconds: offset }
}

const HOUR = 3_600_000

/** How far `POST /sandbox/clock/advance` moves: `{ days }`, `{ hours }` or `{ to }` (an instant not before now). */
const advanceTarget = (body: unknown, now: number): number => {
  const issues: Array<Issue> = []
  if (!isRecord(body)) {
    throw validationFailed([issue("", "type", "sandbox", "must be an object with days, hours or to")])
  }
  const given = (["days", "hours", "to"] as const).filter((k) => body[k] !== undefined)
  if (given.length !== 1) {
    throw validationFailed([issue("", "required", "sandbox", "must give exactly one of days, hours or to")])
  }
  const key = given[0]!
  const value = body[key]
  if (key === "to") {
    const to = typeof value === "string" ? Time.parseDateTime(value) : undefined
    if (to === undefined) issues.push(issue("to", "format", "R3.1", "must be an RFC 3339 date-time with an offset"))
    else if (to < now) {
      issues.push(issue("to", "range", "sandbox", `must not be before the sandbox's now, ${Time.formatInstant(now)}`))
    }
    if (issues.length > 0) throw validationFailed(issues)
    return to!
  }
  if (
    typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > 36_600 * (key === "hours" ? 24 : 1)
  ) {
    throw validationFailed([issue(key, "range", "sandbox", "must be a whole number of at least 0 (at most a century)")])
  }
  return now + value * (key === "days" ? 24 * HOUR : HOUR)
}

/** The sandbox-only operations. */
export const SANDBOX_OPERATIONS = {
  health: {
    route: route("GET", "/health"),
    auth: "none",
    body: "none",
    run: () => ({ status: 200, body: { status: "ok" } })
  },
  readClock: merchantOp(
    route("GET", "/sandbox/clock"),
    "none",
    (context) => ({ status: 200, body: clockView(context) })
  ),
  advanceClock: merchantOp(route("POST", "/sandbox/clock/advance"), "json", (context) => {
    const { env, merchant } = context
    const now = env.now(merchant.id)
    const target = advanceTarget(context.body, now)
    env.store.setClockOffset(merchant.id, env.store.getClockOffset(merchant.id) + (target - now))
    const settled = Plans.settleDueInstalments(context, merchant, target)
    return { status: 200, body: { ...clockView(context), settledInstallments: settled } }
  }),
  addPlanNote: merchantOp(route("POST", "/sandbox/plans/{planId}/notes"), "json", Plans.addPlanNote),
  setPlanCard: merchantOp(route("POST", "/sandbox/plans/{planId}/card"), "json", Plans.setPlanCard),
  reset: merchantOp(route("POST", "/sandbox/reset"), "none", (context) => {
    context.env.store.reset(context.merchant.id)
    return { status: 200, body: { reset: true, merchantId: context.merchant.id } }
  })
} satisfies Record<string, Operation>
