/**
 * The `Authorization` header. The description says the Basic scheme is used
 * but not how the credential is built from the API key, so the default is the
 * usual `Basic base64(merchantId:apiKey)` (RFC 7617) and a merchant can replace
 * it. Whatever is built stays inside a `Redacted` until the request is made.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"

/**
 * What a custom authorization function receives.
 *
 * @category Client
 * @since 0.1.0
 */
export interface Credentials {
  readonly merchantId: string
  readonly apiKey: string
}

/**
 * The header value as it is, or a function that builds it for every attempt
 * (a short-lived token, say).
 *
 * @category Client
 * @since 0.1.0
 */
export type Authorization =
  | string
  | Redacted.Redacted<string>
  | ((credentials: Credentials) => string | PromiseLike<string>)

/** Base64 of UTF-8 bytes, without Node's Buffer so it runs in any runtime. */
const base64 = (text: string): string => {
  let binary = ""
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/**
 * The default header value: `Basic base64(merchantId:apiKey)`.
 *
 * @example
 * ```ts
 * import * as Redacted from "effect/Redacted"
 * Redacted.value(basicAuthorization("merchant-123", Redacted.make("secret")))
 * // "Basic bWVyY2hhbnQtMTIzOnNlY3JldA=="
 * ```
 * @since 0.1.0
 */
export const basicAuthorization = (merchantId: string, apiKey: Redacted.Redacted<string>): Redacted.Redacted<string> =>
  Redacted.make(`Basic ${base64(`${merchantId}:${Redacted.value(apiKey)}`)}`)

/**
 * The header value for one attempt. A function that throws or rejects is a
 * defect of the caller's code, reported as it is (never with the key).
 *
 * @since 0.1.0
 */
export const authorizationHeader = (
  merchantId: string,
  apiKey: Redacted.Redacted<string>,
  authorization: Authorization | undefined
): Effect.Effect<Redacted.Redacted<string>> => {
  if (authorization === undefined) return Effect.succeed(basicAuthorization(merchantId, apiKey))
  if (typeof authorization === "string") return Effect.succeed(Redacted.make(authorization))
  if (Redacted.isRedacted(authorization)) return Effect.succeed(authorization)
  return Effect.promise(async () => Redacted.make(await authorization({ merchantId, apiKey: Redacted.value(apiKey) })))
}
