/**
 * A webhook message as the Standard Webhooks specification defines it: the
 * body, the three headers, the signing input and the secret, and the checks
 * of a received message that need no crypto (its headers, its timestamp's
 * tolerance). The HMAC itself is computed where crypto is available (the
 * sandbox signs, the client verifies, both with the `standardwebhooks` package).
 *
 * @module
 */
import * as Effect from "effect/Effect"
import type * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { requestValidator, type Validated, type ValidationError } from "../foundation/issues.ts"
import {
  allOf,
  codePointLength,
  hasUserInfo,
  isHttpUrl,
  MAX_URL_LENGTH,
  rule,
  withRule
} from "../internal/schema-kit.ts"
import type { WebhookEvent } from "./catalogue.ts"
import { WEBHOOK_RULE } from "./rule.ts"

/**
 * The headers of a webhook message (Standard Webhooks): `webhook-id` (the
 * message id, the same on every retry), `webhook-timestamp` (Unix seconds of
 * the attempt) and `webhook-signature` (space-separated `v1,<base64>`).
 *
 * @category Webhooks
 * @since 0.2.0
 */
export const HEADERS = {
  id: "webhook-id",
  timestamp: "webhook-timestamp",
  signature: "webhook-signature"
} as const

/**
 * How far a message's timestamp may be from the receiver's clock, by default
 * (the Standard Webhooks libraries' five minutes).
 *
 * @category Webhooks
 * @since 0.2.0
 */
export const DEFAULT_TOLERANCE_SECONDS = 300

/**
 * The body of a webhook message: the event as JSON, `type`, `timestamp` and
 * `data` in that order. The signature covers these exact bytes, so a sender
 * serializes once and signs and sends the same string.
 *
 * @example
 * ```ts
 * import * as Webhook from "payment-plan-engine/webhook"
 * Webhook.bodyOf({ type: "webhook.test", timestamp: "2026-11-22T10:00:00.000Z", data: { message: "hello" } })
 * // '{"type":"webhook.test","timestamp":"2026-11-22T10:00:00.000Z","data":{"message":"hello"}}'
 * ```
 * @category Webhooks
 * @since 0.2.0
 */
export const bodyOf = (event: WebhookEvent): string =>
  JSON.stringify({ type: event.type, timestamp: event.timestamp, data: event.data })

/**
 * What a webhook signature signs: `<id>.<timestamp>.<body>` (Standard
 * Webhooks), the timestamp in whole Unix seconds.
 *
 * @example
 * ```ts
 * import * as Webhook from "payment-plan-engine/webhook"
 * Webhook.signingInput("msg_1", 1795000000, "{}") // "msg_1.1795000000.{}"
 * ```
 * @category Webhooks
 * @since 0.2.0
 */
export const signingInput = (id: string, timestampSeconds: number, body: string): string =>
  `${id}.${Math.floor(timestampSeconds)}.${body}`

// ---------------------------------------------------------------------------
// The secret

/**
 * The prefix of a webhook secret (Standard Webhooks).
 *
 * @category Webhooks
 * @since 0.2.0
 */
export const SECRET_PREFIX = "whsec_"

// standard base64 with padding, at least one byte
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{4})$/

/** The decoded length of a base64 text, padding excluded. */
const base64Bytes = (text: string): number => {
  const padding = text.endsWith("==") ? 2 : text.endsWith("=") ? 1 : 0
  return (text.length / 4) * 3 - padding
}

/**
 * The most bytes a secret may have; Standard Webhooks recommends 24 to 64.
 *
 * @category Webhooks
 * @since 0.2.0
 */
export const MAX_SECRET_BYTES = 256

/**
 * Whether `secret` is a webhook secret: `whsec_` followed by standard base64
 * (with its padding) of 1 to 256 bytes; Standard Webhooks recommends 24 to 64
 * random bytes, which is what the sandbox generates.
 *
 * @example
 * ```ts
 * import * as Webhook from "payment-plan-engine/webhook"
 * Webhook.isSecret("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw") // true
 * Webhook.isSecret("MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw") // false: no prefix
 * ```
 * @category Webhooks
 * @since 0.2.0
 */
export const isSecret = (secret: unknown): secret is string => {
  if (typeof secret !== "string" || !secret.startsWith(SECRET_PREFIX)) return false
  const body = secret.slice(SECRET_PREFIX.length)
  return BASE64.test(body) && base64Bytes(body) <= MAX_SECRET_BYTES
}

/**
 * A webhook secret (see {@link isSecret}).
 *
 * @category Webhooks
 * @since 0.2.0
 */
export const WebhookSecret = Schema.String.check(
  rule<string>(
    "format",
    WEBHOOK_RULE,
    `must be "whsec_" followed by the base64 of 1 to ${MAX_SECRET_BYTES} bytes`,
    isSecret,
    (s) => (s.startsWith(SECRET_PREFIX) ? "a malformed secret" : "a text without the whsec_ prefix")
  )
)

const urlFits = (s: string) => s.length > 0 && (s.length <= MAX_URL_LENGTH || codePointLength(s) <= MAX_URL_LENGTH)

/**
 * A webhook endpoint's URL: 1 to 2,048 characters (as the service's own URL
 * fields), an absolute `http`/`https` URL, and without a user name or
 * password, which no delivery can send (`fetch` refuses such a URL). The
 * content is judged only when the length is within bounds.
 */
const WebhookUrl = Schema.String.check(
  allOf(
    (s) => urlFits(s) && isHttpUrl(s) && !hasUserInfo(s),
    rule<string>("too_short", WEBHOOK_RULE, "must not be empty", (s) => s.length > 0),
    rule<string>(
      "too_long",
      WEBHOOK_RULE,
      `must have at most ${MAX_URL_LENGTH} characters`,
      (s) => s.length <= MAX_URL_LENGTH || codePointLength(s) <= MAX_URL_LENGTH,
      (s) => `${codePointLength(s)}`
    ),
    rule<string>("format", WEBHOOK_RULE, "must be an absolute http or https URL", (s) => !urlFits(s) || isHttpUrl(s)),
    rule<string>(
      "format",
      WEBHOOK_RULE,
      "must not carry a user name or password (user:password@): a delivery cannot send them",
      (s) => !urlFits(s) || !hasUserInfo(s),
      () => "a URL with credentials"
    )
  )
)

/**
 * Where a merchant's events go: an absolute `http`/`https` URL of at most
 * 2,048 characters, without credentials, and the secret they are signed
 * with. The sandbox delivers to this URL and nowhere else.
 *
 * @example
 * ```ts
 * import * as Effect from "effect/Effect"
 * import * as Webhook from "payment-plan-engine/webhook"
 * Effect.runSync(Webhook.validateEndpoint({ url: "http://127.0.0.1:4242/webhooks", secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" }))
 * ```
 * @category Webhooks
 * @since 0.2.0
 */
export const WebhookEndpoint = withRule(
  Schema.Struct({
    url: WebhookUrl,
    secret: WebhookSecret
  }),
  WEBHOOK_RULE
)

/**
 * @category Webhooks
 * @since 0.2.0
 */
export type WebhookEndpoint = typeof WebhookEndpoint.Type

const checkEndpoint = requestValidator(WebhookEndpoint, WEBHOOK_RULE)

/**
 * Validates a webhook endpoint `{ url, secret }` strictly: every issue, unknown
 * fields as warnings and left out.
 *
 * @example
 * ```ts
 * import * as Effect from "effect/Effect"
 * import * as Webhook from "payment-plan-engine/webhook"
 * const refused = Effect.runSync(Effect.flip(Webhook.validateEndpoint({ url: "ftp://x", secret: "nope" })))
 * refused.issues.map((i) => i.path) // ["url", "secret"]
 * ```
 * @category Webhooks
 * @since 0.2.0
 */
export const validateEndpoint = (input: unknown): Effect.Effect<Validated<WebhookEndpoint>, ValidationError> =>
  Effect.fromResult(validateEndpointResult(input))

/**
 * {@link validateEndpoint} as a synchronous `Result`, for the sandbox.
 *
 * @since 0.1.0
 */
export const validateEndpointResult = (
  input: unknown
): Result.Result<Validated<WebhookEndpoint>, ValidationError> => checkEndpoint(input)

// ---------------------------------------------------------------------------
// Checks of a received message that need no crypto

/**
 * Reads a `webhook-timestamp` header: whole Unix seconds as decimal digits, or
 * `undefined` when it is anything else.
 *
 * @example
 * ```ts
 * import * as Webhook from "payment-plan-engine/webhook"
 * Webhook.parseTimestamp("1795000000") // 1795000000
 * Webhook.parseTimestamp("1795000000.5") // undefined
 * ```
 * @category Webhooks
 * @since 0.2.0
 */
export const parseTimestamp = (header: string): number | undefined => {
  if (!/^\d{1,15}$/.test(header)) return undefined
  return Number(header)
}

/**
 * The `v1` signatures of a `webhook-signature` header (space-separated
 * `version,signature` pairs; other versions are skipped, as the specification
 * asks). Empty when there is none.
 *
 * @example
 * ```ts
 * import * as Webhook from "payment-plan-engine/webhook"
 * Webhook.signaturesOf("v1,abc= v2,xyz= v1,def=") // ["abc=", "def="]
 * ```
 * @category Webhooks
 * @since 0.2.0
 */
export const signaturesOf = (header: string): ReadonlyArray<string> => {
  const out: Array<string> = []
  for (const part of header.split(" ")) {
    const comma = part.indexOf(",")
    if (comma > 0 && part.slice(0, comma) === "v1" && comma < part.length - 1) out.push(part.slice(comma + 1))
  }
  return out
}

/**
 * Whether a message's timestamp is within `toleranceSeconds` of `nowSeconds`:
 * `undefined` when it is, `"stale"` when it is older, `"future"` when it is
 * ahead (a replay of an old message, or a clock far off).
 *
 * @example
 * ```ts
 * import * as Webhook from "payment-plan-engine/webhook"
 * Webhook.timestampProblem(1795000000, 1795000400, 300) // "stale"
 * ```
 * @category Webhooks
 * @since 0.2.0
 */
export const timestampProblem = (
  timestampSeconds: number,
  nowSeconds: number,
  toleranceSeconds: number = DEFAULT_TOLERANCE_SECONDS
): "stale" | "future" | undefined =>
  nowSeconds - timestampSeconds > toleranceSeconds
    ? "stale"
    : timestampSeconds - nowSeconds > toleranceSeconds
    ? "future"
    : undefined
