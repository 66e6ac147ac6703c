/**
 * The sandbox's webhook endpoints, for the authenticated merchant: the
 * endpoint (set, rotate, read back without its secret, remove), the
 * deliveries log, resending an event, and a signed test event
 * (docs/webhooks.md, "In the sandbox").
 *
 * @module
 */
import * as Result from "effect/Result"
import { randomBytes } from "node:crypto"
import * as Time from "../../../core/foundation/time/index.ts"
import { describe, issue } from "../../../core/internal/issue.ts"
import { EXAMPLES, isEventType, SECRET_PREFIX, validateEndpointResult } from "../../../core/webhook/index.ts"
import type { SandboxEnvironment } from "../operations/environment.ts"
import { invalid, NotFound, StateConflict } from "../operations/failures.ts"
import {
  get,
  merchantEndpoint,
  type MerchantRequestContext,
  ok,
  post,
  type Reply,
  type SandboxEndpoint
} from "../routes/endpoint.ts"
import type { SandboxWebhooks } from "./hooks.ts"
import type { DeliveryAttempt, StoredMessage } from "./store.ts"

const webhooksOf = (env: SandboxEnvironment): SandboxWebhooks => {
  if (env.webhooks === undefined) throw new NotFound({ what: "Webhooks (this sandbox's store keeps no outbox)" })
  return env.webhooks
}

/** What `GET /sandbox/webhook` answers: never the secret. */
const endpointView = (webhooks: SandboxWebhooks, merchantId: string) => {
  const endpoint = webhooks.endpointOf(merchantId)
  const stored = webhooks.store.getEndpoint(merchantId)
  return {
    url: endpoint?.url ?? null,
    secretConfigured: endpoint !== undefined,
    source: stored !== undefined ? "runtime" : endpoint !== undefined ? "merchants file" : null
  }
}

/** A new secret: 32 random bytes (Standard Webhooks recommends 24 to 64). */
const newSecret = (): string => `${SECRET_PREFIX}${randomBytes(32).toString("base64")}`

/**
 * `PUT /sandbox/webhook` `{ url, secret? }`: sets the endpoint or rotates its
 * secret. Without `secret` the current one is kept, or a new one is made and
 * answered this once.
 */
const setEndpoint = ({ env, merchant, body = {} }: MerchantRequestContext): Reply => {
  const webhooks = webhooksOf(env)
  const current = webhooks.endpointOf(merchant.id)
  const generated = body["secret"] === undefined ? (current?.secret === undefined ? newSecret() : undefined) : undefined
  const secret = body["secret"] ?? generated ?? current?.secret
  const validated = validateEndpointResult({ ...body, secret })
  if (Result.isFailure(validated)) throw invalid(validated.failure.issues, "The webhook endpoint is invalid")
  const { url } = validated.success.value
  const refused = webhooks.targetIssues(url, "url")
  if (refused.length > 0) throw invalid(refused, "The webhook endpoint is invalid")
  webhooks.store.putEndpoint(merchant.id, { url, secret: validated.success.value.secret, updatedAt: webhooks.now() })
  // a generated secret is answered this once: an idempotent replay answers without it
  return {
    ...ok(endpointView(webhooks, merchant.id)),
    ...(generated !== undefined ? { once: { secret: generated } } : {})
  }
}

/** `DELETE /sandbox/webhook`: no endpoint from now on (the merchants file's included); pending events fail. */
const removeEndpoint = ({ env, merchant }: MerchantRequestContext) => {
  const webhooks = webhooksOf(env)
  webhooks.store.putEndpoint(merchant.id, { url: null, secret: null, updatedAt: webhooks.now() })
  return ok(endpointView(webhooks, merchant.id))
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

/** `GET /sandbox/webhook/deliveries?limit=`: the merchant's events and their attempts, newest first. */
const listDeliveries = ({ env, merchant, url }: MerchantRequestContext) => {
  const webhooks = webhooksOf(env)
  const given = url.searchParams.get("limit")
  const limit = given === null ? 50 : Number(given)
  if (!Number.isInteger(limit) || limit < 1 || limit > 500) {
    throw invalid([issue("limit", "range", "webhooks", "must be a whole number from 1 to 500")])
  }
  const messages = webhooks.store.listMessages(merchant.id, limit)
  return ok({ deliveries: messages.map((m) => deliveryView(webhooks, m)) })
}

/** `POST /sandbox/webhook/deliveries/{id}/resend`: once more, now, with the same `webhook-id`. */
const resendDelivery = ({ env, merchant, params }: MerchantRequestContext) => {
  const webhooks = webhooksOf(env)
  const id = params["id"]!
  if (webhooks.store.getMessage(merchant.id, id) === undefined) throw new NotFound({ what: `Delivery ${id}` })
  webhooks.store.resend(merchant.id, id, webhooks.now())
  webhooks.worker.notify()
  return ok(deliveryView(webhooks, webhooks.store.getMessage(merchant.id, id)!), 202)
}

/**
 * `POST /sandbox/webhook/test` `{ type? }`: a signed test event now:
 * `webhook.test`, or the catalogue's example of `type` (its timestamp now).
 */
const sendTest = ({ env, merchant, body = {} }: MerchantRequestContext) => {
  const webhooks = webhooksOf(env)
  const type = body["type"] === undefined ? "webhook.test" : body["type"]
  if (!isEventType(type)) {
    throw invalid([issue("type", "enum", "webhooks", `must be an event type of the catalogue, got ${describe(type)}`)])
  }
  if (webhooks.endpointOf(merchant.id) === undefined) {
    throw new StateConflict({ message: "No webhook endpoint is configured: PUT /sandbox/webhook first" })
  }
  const event = { ...EXAMPLES[type], timestamp: Time.formatInstant(env.now(merchant.id)) }
  webhooks.outbox.emit(merchant.id, [event])
  const [message] = webhooks.store.listMessages(merchant.id, 1)
  return ok({ id: message!.id, type, state: message!.state }, 202)
}

const route = (method: "GET" | "POST" | "PUT" | "DELETE", path: string) => ({ method, path })

/** The webhook endpoints, merged into the sandbox's own. */
export const WEBHOOK_ENDPOINTS = {
  readWebhook: merchantEndpoint(
    get("/sandbox/webhook"),
    "none",
    ({ env, merchant }) => ok(endpointView(webhooksOf(env), merchant.id))
  ),
  setWebhook: merchantEndpoint(route("PUT", "/sandbox/webhook"), "json", setEndpoint),
  removeWebhook: merchantEndpoint(route("DELETE", "/sandbox/webhook"), "none", removeEndpoint),
  listWebhookDeliveries: merchantEndpoint(get("/sandbox/webhook/deliveries"), "none", listDeliveries),
  resendWebhookDelivery: merchantEndpoint(post("/sandbox/webhook/deliveries/{id}/resend"), "none", resendDelivery),
  sendTestWebhook: merchantEndpoint(post("/sandbox/webhook/test"), "json", sendTest)
} satisfies Record<string, SandboxEndpoint>
