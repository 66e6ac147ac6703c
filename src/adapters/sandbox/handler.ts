/**
 * The sandbox as a web-standard handler, `(Request) => Promise<Response>`:
 * routing over the service's route table (shared with the client) and the
 * sandbox's own routes, authentication, body limits, idempotency and the
 * JSON error body. The operations themselves are in `service.ts`, `widget.ts`
 * and `sandbox-api.ts`; every calculation is the core's.
 *
 * @module
 */
import { createHash, randomBytes } from "node:crypto"
import { DEFAULT_ROUTES, type HttpMethod, type Route, routeMatcher, type Routes } from "../../core/wire/routes.ts"
import { errorResponse, HttpError, isJsonContentType, json, parseJson, readBody } from "./http.ts"
import { type MerchantDirectory, merchantDirectory, type SandboxMerchant } from "./merchants.ts"
import { SANDBOX_OPERATIONS } from "./sandbox-api.ts"
import { SERVICE_OPERATIONS } from "./service.ts"
import type { SandboxStore } from "./store.ts"
import { WIDGET_OPERATIONS } from "./widget.ts"

/** A response before it is a `Response`: kept as is for idempotent replays. */
export interface Reply {
  readonly status: number
  /** a JSON body */
  readonly body?: unknown
  /** a text body with its content type (the widget page and script) */
  readonly text?: { readonly contentType: string; readonly content: string }
  readonly headers?: Readonly<Record<string, string>>
}

/** What the sandbox's operations work with. */
export interface SandboxEnvironment {
  readonly store: SandboxStore
  readonly merchants: MerchantDirectory
  /** The sandbox time of a merchant: the base clock plus its test-clock offset. */
  readonly now: (merchantId: string) => number
  /** The base clock (epoch milliseconds), before any test-clock offset. */
  readonly baseNow: () => number
  readonly newId: (prefix: string) => string
  readonly routes: Routes
}

/** One request as an operation sees it. */
export interface Context {
  readonly env: SandboxEnvironment
  readonly request: Request
  readonly url: URL
  readonly params: Readonly<Record<string, string>>
  /** the authenticated merchant (operations with `auth: "merchant"`) */
  readonly merchant: SandboxMerchant
  /** the parsed JSON body (operations with `body: "json"`) */
  readonly body: unknown
  /** scheme, host and port the sandbox is reached at, without a trailing slash */
  readonly baseUrl: string
}

/** An operation: its route, whether it needs a merchant's credentials and a JSON body, and what it does. */
export interface Operation {
  readonly route: Route
  readonly auth: "merchant" | "none"
  readonly body: "json" | "none"
  /** Synchronous on purpose: read, decide and write happen without yielding, in one transaction. */
  readonly run: (context: Context) => Reply
}

/** Options of {@link createSandbox}. */
export interface SandboxOptions {
  readonly store: SandboxStore
  readonly merchants: ReadonlyArray<SandboxMerchant> | MerchantDirectory
  /** The base clock, epoch milliseconds; default `Date.now`. Tests pass a fixed one. */
  readonly now?: () => number
  /** The address the sandbox is reached at; default: the origin of each request. */
  readonly baseUrl?: string
  /** The service's route table; default the core's, as the client uses. */
  readonly routes?: Routes
  /** Called with anything unexpected thrown inside the handler (the client sees a bare 500). */
  readonly onError?: (error: unknown) => void
  /** Id generator, `prefix_…`; default random. */
  readonly newId?: (prefix: string) => string
}

/** A sandbox: its handler and what it runs on. */
export interface Sandbox {
  readonly fetch: (request: Request) => Promise<Response>
  readonly env: SandboxEnvironment
  readonly close: () => void
}

const randomId = (prefix: string): string => `${prefix}_${randomBytes(12).toString("base64url")}`

const toResponse = (reply: Reply): Response => {
  if (reply.text !== undefined) {
    return new Response(reply.text.content, {
      status: reply.status,
      headers: { "content-type": reply.text.contentType, ...reply.headers }
    })
  }
  return json(reply.status, reply.body, reply.headers)
}

const errorReply = (error: HttpError): Reply => ({ status: error.status, body: error.body(), headers: error.headers })

const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set<HttpMethod>(["POST", "PUT", "PATCH", "DELETE"])

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
 */
export const createSandbox = (options: SandboxOptions): Sandbox => {
  const { store } = options
  const merchants = Array.isArray(options.merchants)
    ? merchantDirectory(options.merchants as ReadonlyArray<SandboxMerchant>)
    : (options.merchants as MerchantDirectory)
  const baseNow = options.now ?? Date.now
  const routes = options.routes ?? DEFAULT_ROUTES
  const env: SandboxEnvironment = {
    store,
    merchants,
    baseNow,
    now: (merchantId) => baseNow() + store.getClockOffset(merchantId),
    newId: options.newId ?? randomId,
    routes
  }
  const operations: Record<string, Operation> = {
    ...Object.fromEntries(
      Object.entries(SERVICE_OPERATIONS).map(([name, op]) => [name, { ...op, route: routes[name as keyof Routes] }])
    ),
    ...WIDGET_OPERATIONS,
    ...SANDBOX_OPERATIONS
  }
  const matcher = routeMatcher(Object.fromEntries(Object.entries(operations).map(([name, op]) => [name, op.route])))
  const configuredBase = options.baseUrl?.replace(/\/+$/, "")
  const onError = options.onError ?? ((error: unknown) => console.error("sandbox: unexpected error", error))

  const handle = async (request: Request): Promise<Response> => {
    const url = new URL(request.url)
    const method = request.method.toUpperCase()
    const match = matcher.match(method === "HEAD" ? "GET" : method, url.pathname)
    if (match === undefined) {
      const allowed = matcher.allowed(url.pathname)
      if (allowed.length === 0) throw new HttpError("not_found", `No endpoint at ${url.pathname}`)
      throw new HttpError("method_not_allowed", `${method} is not allowed on ${url.pathname}`, {
        headers: { allow: allowed.join(", ") }
      })
    }
    const operation = operations[match.operation]!
    let merchant: SandboxMerchant | undefined
    if (operation.auth === "merchant") {
      merchant = await merchants.authenticate(request.headers.get("authorization"))
      if (merchant === undefined) {
        throw new HttpError(
          "unauthorized",
          "Missing or invalid credentials: send Authorization: Basic base64(merchantId:apiKey)",
          {
            headers: { "www-authenticate": "Basic realm=\"payment-plan sandbox\", charset=\"UTF-8\"" }
          }
        )
      }
    }
    let raw = ""
    let body: unknown = undefined
    if (operation.body === "json") {
      if (!isJsonContentType(request.headers.get("content-type"))) {
        throw new HttpError("unsupported_media_type", "The request body must be sent as Content-Type: application/json")
      }
      raw = await readBody(request)
      body = parseJson(raw)
    } else if (request.body !== null) {
      raw = await readBody(request) // still bounded; the content is not used
    }
    const context: Context = {
      env,
      request,
      url,
      params: match.params,
      merchant: merchant as SandboxMerchant,
      body,
      baseUrl: configuredBase ?? url.origin
    }
    // Writes of an operation that fails are undone; its error is still an answer (and remembered below).
    const run = (): Reply => {
      try {
        return method === "GET" || method === "HEAD"
          ? operation.run(context)
          : store.transaction(() => operation.run(context))
      } catch (e) {
        if (e instanceof HttpError) return errorReply(e)
        throw e
      }
    }
    const key = request.headers.get("idempotency-key")
    if (key === null || !IDEMPOTENT_METHODS.has(method)) return toResponse(run())
    const scope = merchant?.id ?? idempotencyScope(env, match.params)
    const fingerprint = createHash("sha256").update(`${method} ${url.pathname}${url.search}\n${raw}`).digest(
      "base64url"
    )
    const reply = store.transaction((): Reply => {
      const previous = store.getIdempotent(scope, key)
      if (previous !== undefined) {
        if (previous.fingerprint !== fingerprint) {
          return errorReply(
            new HttpError(
              "idempotency_key_reused",
              "This Idempotency-Key was used with another request; use a new key for a new request"
            )
          )
        }
        const replayed = JSON.parse(previous.body) as Reply
        return { ...replayed, headers: { ...replayed.headers, "idempotent-replayed": "true" } }
      }
      const first = run()
      // failures of the sandbox itself are not remembered: a retry may succeed
      if (first.status < 500) {
        store.putIdempotent(scope, key, { fingerprint, status: first.status, body: JSON.stringify(first) })
      }
      return first
    })
    return toResponse(reply)
  }

  return {
    env,
    fetch: async (request) => {
      try {
        const response = await handle(request)
        return request.method.toUpperCase() === "HEAD" ? new Response(null, response) : response
      } catch (e) {
        if (e instanceof HttpError) return errorResponse(e)
        onError(e)
        return json(500, { code: "internal_error", message: "The sandbox failed to handle the request" })
      }
    },
    close: () => store.close()
  }
}

/** Unauthenticated (widget) requests keep their keys under the checkout's merchant, per checkout. */
const idempotencyScope = (env: SandboxEnvironment, params: Readonly<Record<string, string>>): string => {
  const checkoutId = params["checkoutId"]
  const checkout = checkoutId === undefined ? undefined : env.store.getCheckout(checkoutId)
  return checkout === undefined ? "anonymous" : `${checkout.merchantId}:widget:${checkout.id}`
}
