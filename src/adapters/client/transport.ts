/**
 * One attempt of one request: build it, send it through the configured
 * `fetch`, read the whole body within the time limit, and classify the answer.
 * Retries are retry.ts's business.
 *
 * @internal
 * @module
 */
import * as Clock from "effect/Clock"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import type * as Schema from "effect/Schema"
import type { HttpMethod, Operation } from "../../core/wire/routes.ts"
import { authorizationHeader } from "./auth.ts"
import type { ClientConfig } from "./config.ts"
import {
  type ClientError,
  errorForStatus,
  type HttpErrorFields,
  REQUEST_ID_HEADERS,
  TimeoutError,
  TransportError,
  UndecodableBodyError
} from "./errors.ts"

/** A request ready to send: validated, its URL expanded. */
export interface PreparedRequest {
  readonly operation: Operation
  readonly method: HttpMethod
  readonly url: URL
  /** The JSON body, undefined for none. */
  readonly body: unknown
  /** Sent in the configured header when defined; the same on every attempt. */
  readonly idempotencyKey: string | undefined
}

/** A successful answer with its JSON body parsed. */
export interface Answer {
  readonly status: number
  readonly requestId: string | undefined
  readonly json: Schema.Json | undefined
  /** What an error about this answer carries. */
  readonly fields: HttpErrorFields
}

/** The URL as errors show it: the base address and path, never credentials. */
const shownUrl = (url: URL): string => `${url.origin}${url.pathname}${url.search}`

const requestIdOf = (headers: Headers): string | undefined => {
  for (const name of REQUEST_ID_HEADERS) {
    const value = headers.get(name)
    if (value !== null && value !== "") return value
  }
  return undefined
}

/**
 * `Retry-After` as milliseconds from `now`: delta seconds or an HTTP date
 * (RFC 9110 §10.2.3). Anything else counts as absent.
 */
export const parseRetryAfter = (value: string | null, now: number): number | undefined => {
  if (value === null) return undefined
  const text = value.trim()
  if (/^\d+$/.test(text)) return Number(text) * 1000
  if (!/[A-Za-z]/.test(text)) return undefined
  const at = Date.parse(text)
  return Number.isNaN(at) ? undefined : Math.max(0, at - now)
}

const parseJson = (
  text: string
): { readonly ok: true; readonly value: Schema.Json } | { readonly ok: false; readonly reason: string } => {
  try {
    return { ok: true, value: JSON.parse(text) as Schema.Json }
  } catch (error) {
    return { ok: false, reason: `not JSON (${error instanceof Error ? error.message : String(error)})` }
  }
}

/** An error body: its JSON when it is JSON, else its text, else undefined. */
const errorBody = (text: string): Schema.Json | undefined => {
  if (text === "") return undefined
  const parsed = parseJson(text)
  return parsed.ok ? parsed.value : text
}

/**
 * Sends one attempt. Fails with a {@link ClientError}; interruption aborts
 * the `fetch` through its signal.
 */
export const sendOnce = (
  config: ClientConfig,
  request: PreparedRequest,
  attempt: number,
  timeoutMs: number = config.timeoutMs
): Effect.Effect<Answer, ClientError> =>
  Effect.gen(function*() {
    const base = {
      operation: request.operation,
      method: request.method,
      url: shownUrl(request.url),
      attempts: attempt
    }
    // the answer's request id, once its headers came: a body cut off or too slow still names it
    let requestId: string | undefined
    const send = (authorization: Redacted.Redacted<string>) =>
      Effect.tryPromise({
        try: async (signal) => {
          const headers = new Headers({ accept: "application/json" })
          headers.set("authorization", Redacted.value(authorization))
          if (request.body !== undefined) headers.set("content-type", "application/json")
          if (request.idempotencyKey !== undefined) {
            headers.set(config.idempotencyKeyHeader, request.idempotencyKey)
          }
          const init: RequestInit = { method: request.method, headers, signal }
          if (request.body !== undefined) init.body = JSON.stringify(request.body)
          const response = await config.fetch(new Request(request.url, init))
          requestId = requestIdOf(response.headers)
          const text = await response.text()
          return { response, text }
        },
        catch: (cause) => new TransportError({ ...base, status: undefined, requestId, body: undefined, cause })
      })
    // the time limit covers the whole body (a slow body is a timeout) and a
    // custom authorization function
    const exchange = Effect.flatMap(authorizationHeader(config.merchantId, config.apiKey, config.authorization), send)
    const { response, text } = yield* exchange.pipe(
      Effect.timeoutOrElse({
        duration: Duration.millis(timeoutMs),
        orElse: () =>
          Effect.suspend(() =>
            Effect.fail(new TimeoutError({ ...base, status: undefined, requestId, body: undefined, timeoutMs }))
          )
      })
    )
    const status = response.status
    if (status >= 400) {
      const now = yield* Clock.currentTimeMillis
      const retryAfterMs = parseRetryAfter(response.headers.get("retry-after"), now)
      return yield* Effect.fail(errorForStatus({ ...base, status, requestId, body: errorBody(text) }, retryAfterMs))
    }
    const fields: HttpErrorFields = { ...base, status, requestId, body: text }
    if (status === 204 || (text === "" && status < 300)) return { status, requestId, json: undefined, fields }
    const parsed = parseJson(text)
    if (!parsed.ok) return yield* Effect.fail(new UndecodableBodyError({ ...fields, reason: parsed.reason }))
    return { status, requestId, json: parsed.value, fields: { ...fields, body: parsed.value } }
  })
