/**
 * The merchant's webhooks, as the sandbox's own endpoints reach them: the
 * endpoint (set, rotate, read back without its secret, remove), the
 * deliveries log, resending an event, and a signed test event
 * (docs/webhooks.md, "In the sandbox"). No HTTP here: the routes call these;
 * delivering is the webhooks layer's (`../webhooks/`).
 *
 * @module
 */
import * as Result from "effect/Result"
import { randomBytes } from "node:crypto"
import { describe, issue } from "../../../core/foundation/issues.ts"
import * as Time from "../../../core/foundation/time/index.ts"
import { EXAMPLES, isEventType, SECRET_PREFIX } from "../../../core/webhook/index.ts"
import { validateEndpointResult } from "../../../facade/shared.ts"
import type { DeliveryAttempt, StoredMessage } from "../webhook-store.ts"
import type { SandboxWebhooks } from "../webhooks/hooks.ts"
import type { SandboxEnvironment } from "./environment.ts"
import { invalid, NotFound, StateConflict } from "./failures.ts"

const webhooksOf = (env: SandboxEnvironment): SandboxWebhooks => {
  if (env.webhooks === undefined) throw new NotFound({ what: "Webhooks (this sandbox's store keeps no outbox)" })
  return env.webhooks
}

const endpointView = (webhooks: SandboxWebhooks, merchantId: string) => {
  const endpoint = webhooks.endpointOf(merchantId)
  const stored = webhooks.store.getEndpoint(merchantId)
  return {
    url: endpoint?.url ?? null,
    secretConfigured: endpoint !== undefined,
    source: stored !== undefined ? "runtime" : endpoint !== undefined ? "merchants file" : null
  }
}

/** The merchant's endpoint as `GET /sandbox/webhook` shows it: never the secret. */
export const readWebhookEndpoint = (env: SandboxEnvironment, merchantId: string) =>
  endpointView(webhooksOf(env), merchantId)

/** A new secret: 32 random bytes (Standard Webhooks recommends 24 to 64). */
const newSecret = (): string => `${SECRET_PREFIX}${randomBytes(32).toString("base64")}`

/**
 * Sets the endpoint `{ url, secret? }` or rotates its secret. Without `secret`
 * the current one is kept, or a new one is made: `generatedSecret`, which the
 * caller answers this once (never kept for an idempotent replay).
 */
export const setWebhookEndpoint = (
  env: SandboxEnvironment,
  merchantId: string,
  body: Readonly<Record<string, unknown>> = {}
) => {
  const webhooks = webhooksOf(env)
  const current = webhooks.endpointOf(merchantId)
  const generated = body["secret"] === undefined ? (current?.secret === undefined ? newSecret() : undefined) : undefined
  const secret = body["secret"] ?? generated ?? current?.secret
  const validated = validateEndpointResult({ ...body, secret })
  if (Result.isFailure(validated)) throw invalid(validated.failure.issues, "The webhook endpoint is invalid")
  const { url } = validated.success.value
  const refused = webhooks.targetIssues(url, "url")
  if (refused.length > 0) throw invalid(refused, "The webhook endpoint is invalid")
  webhooks.store.putEndpoint(merchantId, { url, secret: validated.success.value.secret, updatedAt: webhooks.now() })
  return { endpoint: endpointView(webhooks, merchantId), generatedSecret: generated }
}

/** No endpoint from now on (the merchants file's included); pending events fail their next attempts. */
export const removeWebhookEndpoint = (env: SandboxEnvironment, merchantId: string) => {
  const webhooks = webhooksOf(env)
  webhooks.store.putEndpoint(merchantId, { url: null, secret: null, updatedAt: webhooks.now() })
  return endpointView(webhooks, merchantId)
}

const instant = (ms: number | null) => (ms === null ? null : Time.formatInstant(ms))

const attemptView = (a: DeliveryAttempt) => ({
  attempt: a.attempt,
  at: Time.formatInstant(a.at),
  url: a.url,
  status: a.status,
  ...(a.error !== null ? { error: a.error } : {}),
  durationMs: a.durationMs,
  nextRetryAt: instant(a.nextRetryAt)
})

const deliveryView = (webhooks: SandboxWebhooks, m: StoredMessage) => ({
  id: m.id,
  type: m.type,
  timestamp: m.timestamp,
  orderKey: m.orderKey,
  state: m.state,
  createdAt: Time.formatInstant(m.createdAt),
  maxAttempts: m.maxAttempts,
  nextAttemptAt: instant(m.nextAttemptAt),
  attempts: webhooks.store.listAttempts(m.id).map(attemptView)
})

/** The merchant's events and their attempts, newest first (`limit`: 1 to 500, default 50). */
export const listWebhookDeliveries = (env: SandboxEnvironment, merchantId: string, query: URLSearchParams) => {
  const webhooks = webhooksOf(env)
  const given = query.get("limit")
  const limit = given === null ? 50 : Number(given)
  if (!Number.isInteger(limit) || limit < 1 || limit > 500) {
    throw invalid([issue("limit", "range", "webhooks", "must be a whole number from 1 to 500")])
  }
  const messages = webhooks.store.listMessages(merchantId, limit)
  return { deliveries: messages.map((m) => deliveryView(webhooks, m)) }
}

/** Sends the event `id` once more, now, with the same `webhook-id`. */
export const resendWebhookDelivery = (env: SandboxEnvironment, merchantId: string, id: string) => {
  const webhooks = webhooksOf(env)
  if (webhooks.store.getMessage(merchantId, id) === undefined) throw new NotFound({ what: `Delivery ${id}` })
  webhooks.store.resend(merchantId, id, webhooks.now())
  webhooks.worker.notify()
  return deliveryView(webhooks, webhooks.store.getMessage(merchantId, id)!)
}

/**
 * A signed test event now, `{ type? }`: `webhook.test`, or the catalogue's
 * example of `type` (its timestamp the merchant's sandbox time).
 */
export const sendTestWebhook = (
  env: SandboxEnvironment,
  merchantId: string,
  body: Readonly<Record<string, unknown>> = {}
) => {
  const webhooks = webhooksOf(env)
  const type = body["type"] === undefined ? "webhook.test" : body["type"]
  if (!isEventType(type)) {
    throw invalid([issue("type", "enum", "webhooks", `must be an event type of the catalogue, got ${describe(type)}`)])
  }
  if (webhooks.endpointOf(merchantId) === undefined) {
    throw new StateConflict({ message: "No webhook endpoint is configured: PUT /sandbox/webhook first" })
  }
  const event = { ...EXAMPLES[type], timestamp: Time.formatInstant(env.now(merchantId)) }
  webhooks.outbox.emit(merchantId, [event])
  const [message] = webhooks.store.listMessages(merchantId, 1)
  return { id: message!.id, type, state: message!.state }
}
