/**
 * The router over the sandbox's endpoints. It does what HTTP asks of every
 * endpoint (the host, the path under the mount, authentication, body limits,
 * idempotency, the transaction, a request id, the request log) and turns what
 * operations refuse with into the JSON error body.
 *
 * It reads a {@link Call} and answers an {@link Answer}: plain values, which
 * the web-standard handler turns into a `Request` and a `Response` and the
 * Node server reads from and writes to its own messages, so that a request
 * on the server costs no web object (they were most of a small request's
 * fixed cost).
 *
 * @module
 */
// Over 400 lines: the router: what HTTP asks of every endpoint, one pipeline from a call to its answer.
import { createHash } from "node:crypto"
import { ValidationError } from "../../../core/foundation/issues.ts"
import { issue } from "../../../core/foundation/issues.ts"
import { PlanTransitionError } from "../../../core/plan/index.ts"
import { type HttpMethod, routeMatcher } from "../../../core/wire/routes.ts"
import { type SandboxClient, TooManyKeyChecks } from "../api-keys.ts"
import type { SandboxMerchant } from "../merchants.ts"
import type { SandboxEnvironment } from "../operations/environment.ts"
import { CheckoutExpired, InvalidInput, NotFound, StateConflict } from "../operations/failures.ts"
import type { Reply, SandboxEndpoint, SandboxRequestContext } from "./endpoint.ts"
import { HttpError, isJsonContentType, JSON_HEADERS, parseJson, readBody } from "./http.ts"

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

/** An answer before its request id: the status, the headers and the body as text. */
interface Written {
  readonly status: number
  readonly headers: Readonly<Record<string, string>>
  readonly body: string
}

const written = (reply: Reply): Written => {
  if (reply.text !== undefined) {
    return {
      status: reply.status,
      headers: { "content-type": reply.text.contentType, ...reply.headers },
      body: reply.text.content
    }
  }
  const body = reply.once === undefined ? reply.body : { ...(reply.body as object), ...reply.once }
  return {
    status: reply.status,
    headers: reply.headers === undefined ? JSON_HEADERS : { ...JSON_HEADERS, ...reply.headers },
    body: JSON.stringify(body)
  }
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

/**
 * A request as the router reads it: a web `Request` or a Node message alike.
 * Header names are lower case.
 */
export interface Call {
  readonly method: string
  readonly url: URL
  readonly header: (name: string) => string | null
  /** whether a body came with it */
  readonly hasBody: boolean
  /** the body as text, refused with 413 past the limit */
  readonly text: () => Promise<string>
  readonly client: SandboxClient | undefined
  /** `performance.now()` when the request arrived: its milliseconds in the log */
  readonly startedAt: number
}

/** The answer to a {@link Call}: no body for `HEAD`; its headers a new object, which a server may add to. */
export interface Answer {
  readonly status: number
  readonly headers: Record<string, string>
  readonly body: string | undefined
}

/**
 * One request, as the request log writes it: when it came (the sandbox's base
 * clock), its `Request-Id`, the merchant its credentials named (none for the
 * widget's and the open endpoints, and for credentials refused), its method,
 * path and query, the status answered and the milliseconds it took.
 *
 * @category Sandbox
 * @since 0.2.0
 */
export interface RequestLogEntry {
  readonly time: string
  readonly requestId: string
  readonly merchantId: string | undefined
  readonly method: string
  readonly path: string
  readonly status: number
  readonly ms: number
}

/** What the router needs. */
export interface RouterOptions {
  readonly env: SandboxEnvironment
  readonly endpoints: Readonly<Record<string, SandboxEndpoint>>
  readonly mount: Mount
  /** Called with anything unexpected thrown inside the handler (the client sees a bare 500). */
  readonly onError: (error: unknown) => void
  /** The sandbox's base clock (no test-clock offset), epoch milliseconds: the age of idempotency keys. */
  readonly now: () => number
  /** Whether the sandbox answers for the request's host; undefined: any. */
  readonly acceptsHost: ((url: URL) => boolean) | undefined
  /** The one-line reason a host is refused for. */
  readonly refusedHost: (url: URL) => string
  /** Called once a request is answered. */
  readonly onRequest: ((entry: RequestLogEntry) => void) | undefined
}

/** The router's state: its options, the matcher of the endpoints' routes, and when keys were last purged. */
interface RouterState extends RouterOptions {
  readonly matcher: ReturnType<typeof routeMatcher>
  purgedAt: number
}

/** The endpoint of a request's method and path, with the path's parameters; 404 or 405 when there is none. */
const endpointOf = (router: RouterState, method: string, path: string, url: URL) => {
  const match = router.matcher.match(method === "HEAD" ? "GET" : method, path)
  if (match === undefined) {
    const allowed = router.matcher.allowed(path)
    if (allowed.length === 0) throw new HttpError("not_found", `No endpoint at ${url.pathname}`)
    throw new HttpError("method_not_allowed", `${method} is not allowed on ${url.pathname}`, {
      headers: { allow: allowed.join(", ") }
    })
  }
  return { endpoint: router.endpoints[match.operation]!, params: match.params }
}

/** The merchant an endpoint's credentials name (401 without valid ones, 429 while too many wait to be checked). */
const merchantOf = async (router: RouterState, call: Call): Promise<SandboxMerchant> => {
  const merchant = await router.env.merchants.authenticate(call.header("authorization"), call.client).catch(
    (e: unknown) => {
      if (e instanceof TooManyKeyChecks) throw tooManyKeyChecks()
      throw e
    }
  )
  if (merchant === undefined) {
    throw new HttpError(
      "unauthorized",
      "Missing or invalid credentials: send Authorization: Basic base64(merchantId:apiKey)",
      { headers: { "www-authenticate": "Basic realm=\"payment-plan sandbox\", charset=\"UTF-8\"" } }
    )
  }
  return merchant
}

/** The request's body, read within the limits: parsed for a JSON endpoint, else only read (still bounded). */
const bodyOf = async (
  endpoint: SandboxEndpoint,
  call: Call
): Promise<Readonly<Record<string, unknown>> | undefined> => {
  if (endpoint.body === "json") {
    if (!isJsonContentType(call.header("content-type"))) {
      throw new HttpError("unsupported_media_type", "The request body must be sent as Content-Type: application/json")
    }
    return parseJson(await call.text())
  }
  if (call.hasBody) await call.text() // still bounded; the content is not used
  return undefined
}

/**
 * JSON with the keys of every object in order: two serializations of the
 * same parameters (another key order, spacing, `1.0` for `1`, escaped
 * letters) give the same text, as RFC 8785 orders them. Leaves are written
 * by `JSON.stringify`, whose numbers and strings are already that canon.
 */
const canonicalJson = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`
  if (value !== null && typeof value === "object") {
    const record = value as Record<string, unknown>
    const keys = Object.keys(record).sort()
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(record[k])}`).join(",")}}`
  }
  return JSON.stringify(value)
}

/**
 * What an idempotency key is kept with: the request's parameters, method,
 * path, query (its parameters in order of name) and the parsed body
 * (canonical JSON), so a retry that serializes them otherwise is the same
 * request (Stripe compares parameters, not bytes).
 */
const fingerprintOf = (
  method: string,
  path: string,
  url: URL,
  body: Readonly<Record<string, unknown>> | undefined
): string => {
  const query = [...url.searchParams].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return createHash("sha256")
    .update(`${method} ${path}\n${canonicalJson(query)}\n${body === undefined ? "" : canonicalJson(body)}`)
    .digest("base64url")
}

/**
 * Runs the endpoint: a write in one transaction, whose writes are undone when
 * it fails; its refusal is still an answer (and remembered with its key).
 */
const runOnce = (
  router: RouterState,
  method: string,
  endpoint: SandboxEndpoint,
  context: SandboxRequestContext,
  merchant: SandboxMerchant | undefined
): Reply => {
  const runEndpoint = (): Reply =>
    endpoint.auth === "merchant" ? endpoint.run({ ...context, merchant: merchant! }) : endpoint.run(context)
  try {
    return method === "GET" || method === "HEAD" ? runEndpoint() : router.env.store.transaction(runEndpoint)
  } catch (e) {
    const error = httpErrorOf(e)
    if (error !== undefined) return errorReply(error)
    throw e
  }
}

/**
 * A merchant's request with an `Idempotency-Key`: the answer kept for the key
 * (24 hours) is replayed for the same request and refused for another; a new
 * key runs the endpoint and keeps its answer (but a failure of the sandbox's
 * own, which a retry may get past), in the endpoint's transaction.
 */
const idempotent = (router: RouterState, scope: string, key: string, fingerprint: string, run: () => Reply): Reply => {
  const { store } = router.env
  const at = router.now()
  return store.transaction((): Reply => {
    if (at - router.purgedAt >= PURGE_EVERY_MS) {
      store.forgetIdempotentBefore(at - IDEMPOTENCY_KEY_RETENTION_MS)
      router.purgedAt = at
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
}

/** A request's merchant, once its credentials named one: for the request log. */
interface Outcome {
  merchant: SandboxMerchant | undefined
}

/** Answers one request (refusals thrown as `HttpError`). */
const handle = async (router: RouterState, call: Call, outcome: Outcome): Promise<Reply> => {
  const { mount } = router
  const { url, method } = call
  if (router.acceptsHost !== undefined && !router.acceptsHost(url)) {
    throw new HttpError("misdirected_request", router.refusedHost(url))
  }
  const path = routedPath(mount, url.pathname)
  const { endpoint, params } = endpointOf(router, method, path, url)
  const merchant = endpoint.auth === "merchant" ? await merchantOf(router, call) : undefined
  outcome.merchant = merchant
  // keys are kept for a merchant's requests only (the widget's calls are the customer's, keyed by checkout)
  const key = merchant !== undefined && IDEMPOTENT_METHODS.has(method) ? call.header("idempotency-key") : null
  if (key !== null) checkIdempotencyKey(key)
  const body = await bodyOf(endpoint, call)
  const context: SandboxRequestContext = {
    env: router.env,
    url,
    path,
    params,
    body,
    baseUrl: `${mount.origin ?? url.origin}${mount.path}`
  }
  const run = () => runOnce(router, method, endpoint, context, merchant)
  if (key === null) return run()
  return idempotent(router, merchant!.id, key, fingerprintOf(method, path, url, body), run)
}

/**
 * An instant as `toISOString` writes it, the date and second formatted once a
 * second: formatting each request's took longer than routing it.
 */
const isoTime = (() => {
  let second = Number.NaN
  let prefix = ""
  return (ms: number): string => {
    const s = Math.floor(ms / 1000)
    if (s !== second) {
      second = s
      prefix = new Date(s * 1000).toISOString().slice(0, 20)
    }
    const milliseconds = ms - s * 1000
    return `${prefix}${milliseconds < 10 ? "00" : milliseconds < 100 ? "0" : ""}${milliseconds}Z`
  }
})()

const INTERNAL_ERROR = { code: "internal_error", message: "The sandbox failed to handle the request" }
const MALFORMED = { code: "bad_request", message: "The request line is malformed" }

/**
 * The router's entries: a call, and what a server answers itself, with a
 * request id and a line in the log like any answer: a request whose line or
 * `Host` cannot be read as a URL (400), and a failure of the server's own
 * around the router (500). `target` is the request-target as sent.
 */
export interface Router {
  /** Answers a call; never rejects (a failure of its own is a 500). */
  readonly answer: (call: Call) => Promise<Answer>
  readonly malformed: (method: string, target: string, startedAt: number) => Answer
  readonly failed: (method: string, target: string, startedAt: number) => Answer
}

/** The sandbox's router. */
export const createRouter = (options: RouterOptions): Router => {
  const { endpoints, onRequest } = options
  const state: RouterState = {
    ...options,
    matcher: routeMatcher(Object.fromEntries(Object.entries(endpoints).map(([name, e]) => [name, e.route]))),
    purgedAt: Number.NEGATIVE_INFINITY
  }
  const { newId } = options.env
  /** The answer with its request id, logged. */
  const finish = (
    answer: Written,
    method: string,
    path: string,
    startedAt: number,
    merchant: SandboxMerchant | undefined
  ): Answer => {
    const requestId = newId("req")
    if (onRequest !== undefined) {
      onRequest({
        time: isoTime(Math.floor(state.now())),
        requestId,
        merchantId: merchant?.id,
        method,
        path,
        status: answer.status,
        ms: performance.now() - startedAt
      })
    }
    return {
      status: answer.status,
      headers: { ...answer.headers, "request-id": requestId },
      body: method === "HEAD" ? undefined : answer.body
    }
  }
  return {
    answer: async (call) => {
      const outcome: Outcome = { merchant: undefined }
      let answer: Written
      try {
        answer = written(await handle(state, call, outcome))
      } catch (e) {
        if (e instanceof HttpError) answer = written(errorReply(e))
        else {
          options.onError(e)
          answer = written({ status: 500, body: INTERNAL_ERROR })
        }
      }
      return finish(answer, call.method, `${call.url.pathname}${call.url.search}`, call.startedAt, outcome.merchant)
    },
    malformed: (method, target, startedAt) =>
      finish(written({ status: 400, body: MALFORMED }), method, target, startedAt, undefined),
    failed: (method, target, startedAt) =>
      finish(written({ status: 500, body: INTERNAL_ERROR }), method, target, startedAt, undefined)
  }
}

/** A web `Request` as a {@link Call}. */
export const callOf = (request: Request, client: SandboxClient | undefined): Call => ({
  method: request.method.toUpperCase(),
  url: new URL(request.url),
  header: (name) => request.headers.get(name),
  hasBody: request.body !== null,
  text: () => readBody(request),
  client,
  startedAt: performance.now()
})

/** An {@link Answer} as a web `Response`. */
export const responseOf = (answer: Answer): Response =>
  new Response(answer.body ?? null, { status: answer.status, headers: answer.headers })
