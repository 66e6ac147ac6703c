/**
 * The sandbox's webhook endpoints, for the authenticated merchant
 * (docs/webhooks.md, "In the sandbox"): each calls an operation of
 * `operations/webhooks.ts`.
 *
 * @module
 */
import {
  listWebhookDeliveries,
  readWebhookEndpoint,
  removeWebhookEndpoint,
  resendWebhookDelivery,
  sendTestWebhook,
  setWebhookEndpoint
} from "../operations/webhooks.ts"
import { get, merchantEndpoint, ok, post, type Reply, type SandboxEndpoint } from "./endpoint.ts"

const route = (method: "GET" | "POST" | "PUT" | "DELETE", path: string) => ({ method, path })

/** The webhook endpoints, merged into the sandbox's own. */
export const WEBHOOK_ENDPOINTS = {
  readWebhook: merchantEndpoint(
    get("/sandbox/webhook"),
    "none",
    ({ env, merchant }) => ok(readWebhookEndpoint(env, merchant.id))
  ),
  setWebhook: merchantEndpoint(route("PUT", "/sandbox/webhook"), "json", ({ env, merchant, body }): Reply => {
    const { endpoint, generatedSecret } = setWebhookEndpoint(env, merchant.id, body)
    // a generated secret is answered this once: an idempotent replay answers without it
    return { ...ok(endpoint), ...(generatedSecret !== undefined ? { once: { secret: generatedSecret } } : {}) }
  }),
  removeWebhook: merchantEndpoint(
    route("DELETE", "/sandbox/webhook"),
    "none",
    ({ env, merchant }) => ok(removeWebhookEndpoint(env, merchant.id))
  ),
  listWebhookDeliveries: merchantEndpoint(
    get("/sandbox/webhook/deliveries"),
    "none",
    ({ env, merchant, url }) => ok(listWebhookDeliveries(env, merchant.id, url.searchParams))
  ),
  resendWebhookDelivery: merchantEndpoint(
    post("/sandbox/webhook/deliveries/{id}/resend"),
    "none",
    ({ env, merchant, params }) => ok(resendWebhookDelivery(env, merchant.id, params["id"]!), 202)
  ),
  sendTestWebhook: merchantEndpoint(
    post("/sandbox/webhook/test"),
    "json",
    ({ env, merchant, body }) => ok(sendTestWebhook(env, merchant.id, body), 202)
  )
} satisfies Record<string, SandboxEndpoint>
