/**
 * The router: a web-standard handler, `(Request) => Promise<Response>`, over
 * the sandbox's endpoints. It does what HTTP asks of every endpoint (the path
 * under the mount, authentication, body limits, idempotency, the transaction)
 * and turns what operations refuse with into the JSON error body.
 *
 * @module
 */
import { createHash } from "node:crypto"
import { ValidationError } from "../../../core/foundation/issues.ts"
import { issue } from "../../../core/internal/issue.ts"
import { PlanTransitionError } from "../../../core/plan/index.ts"
import { type HttpMethod, routeMatcher } from "../../../core/wire/routes.ts"
import { TooManyKeyChecks } from "../api-keys.ts"
import type { SandboxMerchant } from "../merchants.ts"
import type { SandboxEnvironment } from "../operations/environment.ts"
import { CheckoutExpired, InvalidInput, NotFound, StateConflict } from "../operations/failures.ts"
import type { Reply, SandboxEndpoint, SandboxRequestContext } from "./endpoint.ts"
import { errorResponse, HttpError, isJsonContentType, json, parseJson, readBody } from "./http.ts"

// ---------------------------------------------------------------------------
// Where the sandbox is reached

/**
 * Where the sandbox is mounted: the origin it writes into its addresses
 * (`undefined`: each request's own) and the path prefix (`""` at the root).
 */
export interface Mount {
  readonly origin: string | undefined
  readonly path: string
}

/**
 * Reads the `baseUrl` option: an absolute http(s) URL (`https://shop.test/pp`)
 * or a path (`/pp`, on each request's origin); none: the root of each
 * request's origin. A malformed one is a `ValidationError`.
 */
export const mountOf = (baseUrl: string | undefined): Mount => {
  if (baseUrl === undefined) return { origin: undefined, path: "" }
  const refuse = () =>
    new ValidationError({
      issues: [{
        path: "baseUrl",
        code: "format",
        rule: "sandbox",
        message: `must be an absolute http(s) URL or a path starting with "/", got ${JSON.stringify(baseUrl)}`
      }],
      warnings: []
    })
  const trimmed = (path: string) => path.replace(/\/+$/, "")
  if (baseUrl.startsWith("/") && !baseUrl.startsWith("//")) {
    if (/[?#]/.test(baseUrl)) throw refuse()
    return { origin: undefined, path: trimmed(baseUrl) }
  }
  if (!URL.canParse(baseUrl)) throw refuse()
  const url = new URL(baseUrl)
  if ((url.protocol !== "http:" && url.protocol !== "https:") || url.search !== "" || url.hash !== "") throw refuse()
  return { origin: url.origin, path: trimmed(url.pathname) }
}

/**
 * The path a request is routed on. A router that hands the sandbox the full
 * URL (`/pp/api/v2/…`) leaves the mount path on it, which comes off here; one
 * that strips it (Hono's `app.mount`) hands over `/api/v2/…` as it is.
 */
const routedPath = (mount: Mount, pathname: string): string => {
  if (mount.path === "") return pathname
  if (pathname === mount.path) return "/"
  return pathname.startsWith(`${mount.path}/`) ? pathname.slice(mount.path.length) : pathname
}

// ---------------------------------------------------------------------------
// Refusals as HTTP answers

/** The HTTP answer of what an operation refused with, or undefined for anything unexpected. */
const httpErrorOf = (e: unknown): HttpError | undefined => {
  if (e instanceof HttpError) return e
  if (e instanceof NotFound) return new HttpError("not_found", e.message)
  if (e instanceof InvalidInput) {
    return new HttpError("validation_failed", e.message, {
      issues: e.issues,
      extra: e.warnings.length > 0 ? { warnings: e.warnings } : {}
    })
  }
  if (e instanceof StateConflict) return new HttpError("conflict", e.message)
  if (e instanceof CheckoutExpired) return new HttpError("checkout_expired", e.message)
  if (e instanceof PlanTransitionError) {
    return new HttpError("conflict", `The plan refused ${e.event} while ${e.status}: ${e.message}`, {
      extra: { reason: e.code }
    })
  }
  if (e instanceof ValidationError) {
    return new HttpError("validation_failed", "The request is invalid", { issues: e.issues })
  }
  return undefined
}

const errorReply = (error: HttpError): Reply => ({ status: error.status, body: error.body(), headers: error.headers })

const toResponse = (reply: Reply): Response => {
  if (reply.text !== undefined) {
    return new Response(reply.text.content, {
      status: reply.status,
      headers: { "content-type": reply.text.contentType, ...reply.headers }
    })
  }
  const body = reply.once === undefined ? reply.body : { ...(reply.body as object), ...reply.once }
  return json(reply.status, body, reply.headers)
}

// ---------------------------------------------------------------------------
// The handler

const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set<HttpMethod>(["POST", "PUT", "PATCH", "DELETE"])

/** The longest `Idempotency-Key` kept (as Stripe's). */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255

/** How long an idempotency key is kept: 24 hours of the sandbox's base clock. */
export const IDEMPOTENCY_KEY_RETENTION_MS = 24 * 60 * 60 * 1000

// expired keys are deleted at most this often (a replay checks the age of its key itself)
const PURGE_EVERY_MS = 60 * 1000

const checkIdempotencyKey = (key: string): void => {
  if (key.length >= 1 && key.length <= MAX_IDEMPOTENCY_KEY_LENGTH) return
  throw new HttpError(
    "bad_request",
    `The Idempotency-Key header must have 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`,
    {
      issues: [
        issue(
          "headers.idempotency-key",
          key.length === 0 ? "too_short" : "too_long",
          "sandbox",
          `must have 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters, got ${key.length}`
        )
      ]
    }
  )
}

const tooManyKeyChecks = () =>
  new HttpError("too_many_requests", "Too many credentials are waiting to be checked; retry shortly", {
    headers: { "retry-after": "1" }
  })

/** What the router needs. */
export interface RouterOptions {
  readonly env: SandboxEnvironment
  readonly endpoints: Readonly<Record<string, SandboxEndpoint>>
  readonly mount: Mount
  /** Called with anything unexpected thrown inside the handler (the client sees a bare 500). */
  readonly onError: (error: unknown) => void
  /** The sandbox's base clock (no test-clock offset), epoch milliseconds: the age of idempotency keys. */
  readonly now: () => number
}

/** The sandbox's handler over its endpoints. */
export const createRouter = (options: RouterOptions): (request: Request) => Promise<Response> => {
  const { env, endpoints, mount, now } = options
  const { store, merchants } = env
  let purgedAt = Number.NEGATIVE_INFINITY
  const matcher = routeMatcher(Object.fromEntries(Object.entries(endpoints).map(([name, e]) => [name, e.route])))

  const handle = async (request: Request): Promise<Response> => {
    const url = new URL(request.url)
    const path = routedPath(mount, url.pathname)
    const method = request.method.toUpperCase()
    const match = matcher.match(method === "HEAD" ? "GET" : method, path)
    if (match === undefined) {
      const allowed = matcher.allowed(path)
      if (allowed.length === 0) throw new HttpError("not_found", `No endpoint at ${url.pathname}`)
      throw new HttpError("method_not_allowed", `${method} is not allowed on ${url.pathname}`, {
        headers: { allow: allowed.join(", ") }
      })
    }
    const endpoint = endpoints[match.operation]!
    let merchant: SandboxMerchant | undefined
    if (endpoint.auth === "merchant") {
      merchant = await merchants.authenticate(request.headers.get("authorization")).catch((e: unknown) => {
        if (e instanceof TooManyKeyChecks) throw tooManyKeyChecks()
        throw e
      })
      if (merchant === undefined) {
        throw new HttpError(
          "unauthorized",
          "Missing or invalid credentials: send Authorization: Basic base64(merchantId:apiKey)",
          { headers: { "www-authenticate": "Basic realm=\"payment-plan sandbox\", charset=\"UTF-8\"" } }
        )
      }
    }
    // keys are kept for a merchant's requests only (the widget's calls are the customer's, keyed by checkout)
    const key = endpoint.auth === "merchant" && IDEMPOTENT_METHODS.has(method)
      ? request.headers.get("idempotency-key")
      : null
    if (key !== null) checkIdempotencyKey(key)
    let raw = ""
    let body: Readonly<Record<string, unknown>> | undefined = undefined
    if (endpoint.body === "json") {
      if (!isJsonContentType(request.headers.get("content-type"))) {
        throw new HttpError("unsupported_media_type", "The request body must be sent as Content-Type: application/json")
      }
      raw = await readBody(request)
      body = parseJson(raw)
    } else if (request.body !== null) {
      raw = await readBody(request) // still bounded; the content is not used
    }
    const context: SandboxRequestContext = {
      env,
      request,
      url,
      path,
      params: match.params,
      body,
      baseUrl: `${mount.origin ?? url.origin}${mount.path}`
    }
    const runEndpoint = (): Reply =>
      endpoint.auth === "merchant" ? endpoint.run({ ...context, merchant: merchant! }) : endpoint.run(context)
    // Writes of an endpoint that fails are undone; its refusal is still an answer (and remembered below).
    const run = (): Reply => {
      try {
        return method === "GET" || method === "HEAD" ? runEndpoint() : store.transaction(runEndpoint)
      } catch (e) {
        const error = httpErrorOf(e)
        if (error !== undefined) return errorReply(error)
        throw e
      }
    }
    if (key === null) return toResponse(run())
    const scope = merchant!.id
    const fingerprint = createHash("sha256").update(`${method} ${path}${url.search}\n${raw}`).digest("base64url")
    const at = now()
    const reply = store.transaction((): Reply => {
      if (at - purgedAt >= PURGE_EVERY_MS) {
        store.forgetIdempotentBefore(at - IDEMPOTENCY_KEY_RETENTION_MS)
        purgedAt = at
      }
      const kept = store.getIdempotent(scope, key)
      const previous = kept !== undefined && kept.createdAt > at - IDEMPOTENCY_KEY_RETENTION_MS ? kept : undefined
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
        const { once: _answeredOnce, ...replayed } = first
        store.putIdempotent(scope, key, {
          fingerprint,
          status: first.status,
          body: JSON.stringify(replayed),
          createdAt: at
        })
      }
      return first
    })
    return toResponse(reply)
  }

  return async (request) => {
    try {
      const response = await handle(request)
      return request.method.toUpperCase() === "HEAD" ? new Response(null, response) : response
    } catch (e) {
      if (e instanceof HttpError) return errorResponse(e)
      options.onError(e)
      return json(500, { code: "internal_error", message: "The sandbox failed to handle the request" })
    }
  }
}
