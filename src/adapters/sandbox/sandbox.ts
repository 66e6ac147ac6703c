/**
 * The sandbox: the service's endpoints (the route table shared with the
 * client), the widget's and the sandbox's own, as one web-standard handler,
 * `(Request) => Promise<Response>`.
 *
 * Layers (ARCHITECTURE.md, "The sandbox"): the routes (`routes/`: service,
 * widget, sandbox API, webhooks, and the router doing what HTTP asks of all)
 * call the operations (`operations/`: checkouts, plans, notes, clock, reset,
 * webhooks, which know no HTTP), which write through the webhooks' hooks
 * (`webhooks/`: the events of each write, the outbox and its delivery) and keep
 * the core's typed values in the store (`store.ts`, `webhook-store.ts`). This
 * module assembles them. Every calculation is the core's.
 *
 * @module
 */
import { randomBytes } from "node:crypto"
import { ValidationError } from "../../core/foundation/issues.ts"
import { DEFAULT_ROUTES, type Routes } from "../../core/wire/routes.ts"
import { type MerchantDirectory, merchantDirectory, type SandboxMerchant } from "./merchants.ts"
import type { SandboxEnvironment } from "./operations/environment.ts"
import { DOCS_ENDPOINTS } from "./routes/docs.ts"
import { MESSAGE_ENDPOINTS } from "./routes/message.ts"
import { createRouter, mountOf } from "./routes/router.ts"
import { SANDBOX_ENDPOINTS } from "./routes/sandbox-api.ts"
import { serviceEndpoints } from "./routes/service.ts"
import { WIDGET_ENDPOINTS } from "./routes/widget.ts"
import type { SandboxStore } from "./store.ts"
import { startWebhooks, type WebhookOptions } from "./webhooks/hooks.ts"
import { webhookTargets } from "./webhooks/targets.ts"

/**
 * Options of {@link createSandbox}.
 *
 * @category Sandbox
 * @since 0.1.0
 */
export interface SandboxOptions {
  readonly store: SandboxStore
  readonly merchants: ReadonlyArray<SandboxMerchant> | MerchantDirectory
  /** The base clock, epoch milliseconds; default `Date.now`. Tests pass a fixed one. */
  readonly now?: () => number
  /**
   * Where the sandbox is reached, as written into `widgetUrl`,
   * `checkoutWorkflow.sdkWidget.scriptUrl`, a plan's `checkoutUrl`, the
   * widget's own calls and the notes' links: an absolute URL
   * (`"https://shop.test/pp"`), or a path (`"/pp"`) on each request's origin.
   * Give the path the sandbox is mounted under: requests are routed with or
   * without it (a router that strips the prefix, like Hono's `app.mount`, or
   * one that hands over the full URL). Default: the origin of each request.
   */
  readonly baseUrl?: string
  /** The service's route table; default the core's, as the client uses. */
  readonly routes?: Routes
  /** Called with anything unexpected thrown inside the handler (the client sees a bare 500). */
  readonly onError?: (error: unknown) => void
  /** Id generator, `prefix_…`; default random. */
  readonly newId?: (prefix: string) => string
  /** The webhooks' delivery schedule, clock and transport (docs/webhooks.md); tests shorten the schedule. */
  readonly webhooks?: WebhookOptions
  /**
   * Where webhook endpoints may point: `"loopback"` (127.0.0.0/8, [::1],
   * localhost, any port), `"*"` (anywhere), or `host[:port]` entries
   * (`"hooks.internal:8080"`, `"[fd00::1]"`). Default `["loopback"]`: an
   * endpoint elsewhere is refused when it is set (`PUT /sandbox/webhook`, the
   * merchants file) and never delivered to.
   */
  readonly webhookAllow?: ReadonlyArray<string>
}

/**
 * A sandbox: its handler, and closing its store.
 *
 * @category Sandbox
 * @since 0.1.0
 */
export interface Sandbox {
  /** Answers any request to the sandbox; never rejects (a failure of its own is a 500). */
  readonly fetch: (request: Request) => Promise<Response>
  /** Stops webhook deliveries (those in flight are made again after a restart) and closes the store. */
  readonly close: () => void
}

const randomId = (prefix: string): string => `${prefix}_${randomBytes(12).toString("base64url")}`

const isDirectory = (merchants: SandboxOptions["merchants"]): merchants is MerchantDirectory =>
  !Array.isArray(merchants)

/**
 * Creates the sandbox: a handler for every endpoint of the service's route
 * table, the widget API and the sandbox-only endpoints.
 *
 * @example
 * ```ts
 * import { createSandbox, loadMerchants, sqliteStore } from "payment-plan-engine/sandbox"
 * const sandbox = createSandbox({ store: sqliteStore(":memory:"), merchants: loadMerchants(config) })
 * const response = await sandbox.fetch(new Request("http://sandbox.test/health"))
 * ```
 * @category Sandbox
 * @since 0.1.0
 */
export const createSandbox = (options: SandboxOptions): Sandbox => {
  const { store } = options
  const mount = mountOf(options.baseUrl)
  const merchants = isDirectory(options.merchants) ? options.merchants : merchantDirectory(options.merchants)
  const baseNow = options.now ?? Date.now
  const now = (merchantId: string) => baseNow() + store.getClockOffset(merchantId)
  const newId = options.newId ?? randomId
  const allowed = webhookTargets(options.webhookAllow)
  // the merchants' own endpoints must be deliverable too: refused now rather than failing every delivery
  const refused = [
    ...allowed.issues,
    ...merchants.list.flatMap((m, i) =>
      m.config.webhook === undefined
        ? []
        : allowed.targets.issuesOf(m.config.webhook.url, `merchants[${i}].webhook.url`)
    )
  ]
  if (refused.length > 0) throw new ValidationError({ issues: refused, warnings: [] })
  const webhooks = startWebhooks(store, merchants, newId, now, options.webhooks, allowed.targets)
  const env: SandboxEnvironment = { store, merchants, now, newId, webhooks }
  const endpoints = {
    ...serviceEndpoints(options.routes ?? DEFAULT_ROUTES),
    ...WIDGET_ENDPOINTS,
    ...MESSAGE_ENDPOINTS,
    ...SANDBOX_ENDPOINTS,
    ...DOCS_ENDPOINTS
  }
  const onError = options.onError ?? ((error: unknown) => console.error("sandbox: unexpected error", error))
  return {
    fetch: createRouter({ env, endpoints, mount, onError, now: baseNow }),
    close: () => {
      // aborts deliveries in flight at once, so nothing touches the store once it is closed
      void webhooks?.stop()
      store.close()
    }
  }
}
