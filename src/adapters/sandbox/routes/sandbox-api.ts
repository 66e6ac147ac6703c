/**
 * Sandbox-only endpoints, for the authenticated merchant: the test clock,
 * plan notes, the card paying a plan, and resetting data; and `GET /health`.
 *
 * @module
 */
import { advanceClock, readClock } from "../operations/clock.ts"
import { addPlanNote } from "../operations/notes.ts"
import { setPlanCard } from "../operations/plans.ts"
import { resetMerchant } from "../operations/reset.ts"
import { get, merchantEndpoint, ok, openEndpoint, post, type SandboxEndpoint } from "./endpoint.ts"
import { WEBHOOK_ENDPOINTS } from "./webhooks.ts"

/** The sandbox-only endpoints. */
export const SANDBOX_ENDPOINTS = {
  health: openEndpoint(get("/health"), "none", () => ok({ status: "ok" })),
  readClock: merchantEndpoint(get("/sandbox/clock"), "none", ({ env, merchant }) => ok(readClock(env, merchant.id))),
  advanceClock: merchantEndpoint(
    post("/sandbox/clock/advance"),
    "json",
    ({ env, merchant, body }) => ok(advanceClock(env, merchant, body))
  ),
  addPlanNote: merchantEndpoint(
    post("/sandbox/plans/{planId}/notes"),
    "json",
    ({ env, merchant, params, body }) => ok(addPlanNote(env, merchant, params["planId"]!, body), 201)
  ),
  setPlanCard: merchantEndpoint(
    post("/sandbox/plans/{planId}/card"),
    "json",
    ({ env, merchant, params, body }) => ok(setPlanCard(env, merchant, params["planId"]!, body))
  ),
  reset: merchantEndpoint(post("/sandbox/reset"), "none", ({ env, merchant }) => ok(resetMerchant(env, merchant.id))),
  ...WEBHOOK_ENDPOINTS
} satisfies Record<string, SandboxEndpoint>
