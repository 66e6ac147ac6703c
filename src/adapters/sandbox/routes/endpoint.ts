/**
 * The types the router and the routes share: an endpoint (its route, whether
 * it needs a merchant's credentials and a JSON body, and what it does), the
 * request as an endpoint sees it, and its reply.
 *
 * @module
 */
import type { Route } from "../../../core/wire/routes.ts"
import type { SandboxMerchant } from "../merchants.ts"
import type { SandboxEnvironment } from "../operations/environment.ts"

/** A response before it is a `Response`: kept as is for idempotent replays. */
export interface Reply {
  readonly status: number
  /** a JSON body */
  readonly body?: unknown
  /** a text body with its content type (the widget page and script) */
  readonly text?: { readonly contentType: string; readonly content: string }
  readonly headers?: Readonly<Record<string, string>>
  /**
   * Fields added to the JSON body of this answer only, never kept for an
   * idempotent replay (a secret the sandbox generated is answered once).
   */
  readonly once?: Readonly<Record<string, unknown>>
}

/** One request as an endpoint sees it. */
export interface SandboxRequestContext {
  readonly env: SandboxEnvironment
  readonly url: URL
  /** the path routed on: the request's, without the prefix the sandbox is mounted under */
  readonly path: string
  readonly params: Readonly<Record<string, string>>
  /** the parsed JSON body, an object (endpoints with `body: "json"`; `undefined` for the others) */
  readonly body: Readonly<Record<string, unknown>> | undefined
  /** where the sandbox is reached: scheme, host, port and mount path, without a trailing slash */
  readonly baseUrl: string
}

/** A request to an endpoint with `auth: "merchant"`: the merchant its credentials name. */
export interface MerchantRequestContext extends SandboxRequestContext {
  readonly merchant: SandboxMerchant
}

interface EndpointShape {
  readonly route: Route
  readonly body: "json" | "none"
}

/** An endpoint for an authenticated merchant. */
export interface MerchantEndpoint extends EndpointShape {
  readonly auth: "merchant"
  /** Synchronous on purpose: read, decide and write happen without yielding, in one transaction. */
  readonly run: (context: MerchantRequestContext) => Reply
}

/** An endpoint without credentials (the widget's, health). */
export interface OpenEndpoint extends EndpointShape {
  readonly auth: "none"
  /** Synchronous on purpose: read, decide and write happen without yielding, in one transaction. */
  readonly run: (context: SandboxRequestContext) => Reply
}

/** An endpoint of the sandbox. */
export type SandboxEndpoint = MerchantEndpoint | OpenEndpoint

/** A merchant's endpoint. */
export const merchantEndpoint = (
  route: Route,
  body: "json" | "none",
  run: (context: MerchantRequestContext) => Reply
): MerchantEndpoint => ({ route, auth: "merchant", body, run })

/** An endpoint without credentials. */
export const openEndpoint = (
  route: Route,
  body: "json" | "none",
  run: (context: SandboxRequestContext) => Reply
): OpenEndpoint => ({ route, auth: "none", body, run })

export const get = (path: string): Route => ({ method: "GET", path })
export const post = (path: string): Route => ({ method: "POST", path })

/** A JSON reply, 200 unless said otherwise. */
export const ok = (body: unknown, status = 200): Reply => ({ status, body })
