/**
 * Receiving webhooks: `verifyWebhook` checks a delivery the way the Standard
 * Webhooks specification says (the HMAC-SHA256 signature over
 * `<id>.<timestamp>.<body>`, compared in constant time, and the timestamp
 * within a tolerance) and reads the event with the core's catalogue,
 * tolerantly (R9). The HMAC is the `standardwebhooks` package's; the rest is
 * the core's (docs/webhooks.md).
 *
 * @module
 */
// Over 400 lines: receiving a webhook: the Standard Webhooks check of a delivery and the reading of its event.
import * as Cause from "effect/Cause"
import * as Data from "effect/Data"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Result from "effect/Result"
import { Webhook as StandardWebhook } from "standardwebhooks"
import type { Issue } from "../../core/foundation/issues.ts"
import {
  DEFAULT_TOLERANCE_SECONDS,
  HEADERS,
  isSecret,
  parseTimestamp,
  type ReadWebhookEvent,
  signaturesOf,
  timestampProblem
} from "../../core/webhook/index.ts"
import { readEventResult } from "../../facade/shared.ts"

// ---------------------------------------------------------------------------
// Errors

/**
 * A `webhook-id`, `webhook-timestamp` or `webhook-signature` header is
 * missing or malformed: this is not a Standard Webhooks delivery.
 *
 * @category Webhooks
 * @since 0.1.0
 */
export class WebhookHeaderError extends Data.TaggedError("WebhookHeaderError")<{
  readonly header: string
  readonly problem: "missing" | "malformed"
}> {
  override get message(): string {
    return `The webhook's ${this.header} header is ${this.problem}`
  }
}

/**
 * No signature of the delivery matches: the body, id or timestamp was changed
 * on the way, or the secret is not the one the sender signs with (the two
 * cannot be told apart, by design).
 *
 * @category Webhooks
 * @since 0.1.0
 */
export class WebhookSignatureError extends Data.TaggedError("WebhookSignatureError")<{
  readonly id: string
}> {
  override get message(): string {
    return `No signature of webhook ${this.id} matches: the message was altered or the secret is wrong`
  }
}

/**
 * The delivery's timestamp is outside the tolerance: `stale` (older: a replay
 * of a captured message) or `future` (a clock far ahead).
 *
 * @category Webhooks
 * @since 0.1.0
 */
export class WebhookTimestampError extends Data.TaggedError("WebhookTimestampError")<{
  readonly id: string
  /** the `webhook-timestamp`, Unix seconds */
  readonly timestamp: number
  /** the receiver's clock, Unix seconds */
  readonly now: number
  readonly toleranceSeconds: number
  readonly problem: "stale" | "future"
}> {
  override get message(): string {
    const off = Math.abs(this.now - this.timestamp)
    return `Webhook ${this.id} is ${
      this.problem === "stale" ? `${off} s old` : `${off} s in the future`
    }, beyond the ${this.toleranceSeconds} s tolerance`
  }
}

/**
 * The replay guard had already seen this `webhook-id`: a replayed message, or
 * a redelivery of one you handled (answer it 2xx and do nothing).
 *
 * @category Webhooks
 * @since 0.1.0
 */
export class WebhookReplayError extends Data.TaggedError("WebhookReplayError")<{
  readonly id: string
}> {
  override get message(): string {
    return `Webhook ${this.id} was already received`
  }
}

/**
 * The signature holds but the body is not an event: not JSON, or an event of
 * a known type without what identifies it. `issues` say what is wrong.
 *
 * @category Webhooks
 * @since 0.1.0
 */
export class WebhookPayloadError extends Data.TaggedError("WebhookPayloadError")<{
  readonly id: string
  readonly issues: ReadonlyArray<Issue>
}> {
  override get message(): string {
    return `Webhook ${this.id} is signed but is not an event: ${
      this.issues.map((i) => `${i.path || "(body)"}: ${i.message}`).join("; ")
    }`
  }
}

/**
 * The secret given to `verifyWebhook` is not `whsec_` followed by base64. The
 * error never shows the secret.
 *
 * @category Webhooks
 * @since 0.1.0
 */
export class WebhookSecretError extends Data.TaggedError("WebhookSecretError")<{}> {
  override get message(): string {
    return "The webhook secret must be \"whsec_\" followed by base64 (Standard Webhooks)"
  }
}

/**
 * Every way `verifyWebhook` refuses a delivery.
 *
 * @category Webhooks
 * @since 0.1.0
 */
export type WebhookError =
  | WebhookHeaderError
  | WebhookSignatureError
  | WebhookTimestampError
  | WebhookReplayError
  | WebhookPayloadError
  | WebhookSecretError

// ---------------------------------------------------------------------------
// Replay

/**
 * Remembers the ids of the deliveries received, to refuse a replay. A
 * delivery is retried with the same `webhook-id` until it is answered 2xx, so
 * the same store makes a handler idempotent: a second delivery of an id is
 * answered 2xx and not handled again. Across processes, use your database
 * (a unique key on the id) behind this interface.
 *
 * @category Webhooks
 * @since 0.1.0
 */
export interface WebhookReplayGuard {
  /**
   * Records `id` as received at `nowMs`: `true` the first time, `false` when
   * it was already recorded.
   */
  readonly claim: (id: string, nowMs: number) => boolean | Promise<boolean>
  /** Forgets `id` (your handler failed after claiming it: let the retry through). */
  readonly forget: (id: string) => void | Promise<void>
}

/**
 * An in-memory {@link WebhookReplayGuard} for one process: ids kept for
 * `retentionMs` (default 24 hours, longer than the sandbox's retries) and at
 * most `maxEntries` of them (default 100,000; the oldest are forgotten first).
 *
 * @example
 * ```ts
 * import { memoryReplayGuard, verifyWebhook } from "payment-plan-engine/client"
 * const replay = memoryReplayGuard()
 * // delivery: the request received, or its raw body and headers; secret: the endpoint's whsec_…
 * const verified = await verifyWebhook(delivery, secret, { replay })
 * ```
 * @category Webhooks
 * @since 0.1.0
 */
export const memoryReplayGuard = (
  options: { readonly retentionMs?: number; readonly maxEntries?: number } = {}
): WebhookReplayGuard & {
  /** How many ids it remembers now. */
  readonly size: () => number
} => {
  const retention = options.retentionMs ?? 24 * 3_600_000
  const max = options.maxEntries ?? 100_000
  // insertion order is claim order: the oldest come first
  const seen = new Map<string, number>()
  return {
    claim: (id, nowMs) => {
      for (const [old, at] of seen) {
        if (at > nowMs - retention && seen.size < max) break
        seen.delete(old)
      }
      if (seen.has(id)) return false
      seen.set(id, nowMs)
      return true
    },
    forget: (id) => {
      seen.delete(id)
    },
    size: () => seen.size
  }
}

// ---------------------------------------------------------------------------
// Verification

/**
 * Headers as a Fetch `Headers`, or a plain record (Node's `IncomingHttpHeaders`,
 * Express's `req.headers`); names in any case.
 *
 * @category Webhooks
 * @since 0.1.0
 */
export type WebhookHeaders =
  | {
    /** A header by name (case-insensitive), as `Headers.get` answers. */
    readonly get: (name: string) => string | null
  }
  | { readonly [name: string]: string | ReadonlyArray<string> | undefined }

/**
 * A delivery: the raw body, exactly as received (not re-serialized JSON:
 * the signature covers the bytes), and its headers.
 *
 * @category Webhooks
 * @since 0.1.0
 */
export interface WebhookDelivery {
  readonly body: string | Uint8Array
  readonly headers: WebhookHeaders
}

/**
 * Options of {@link verifyWebhook}.
 *
 * @category Webhooks
 * @since 0.1.0
 */
export interface VerifyWebhookOptions {
  /** The receiver's clock (default: the system's). */
  readonly now?: Date | number | undefined
  /** How far the timestamp may be from `now`, in seconds (default 300). */
  readonly toleranceSeconds?: number | undefined
  /** Refuses an id already received ({@link WebhookReplayError}); checked after the signature. */
  readonly replay?: WebhookReplayGuard | undefined
}

/**
 * A verified delivery: its `webhook-id` (the same on every retry: key your
 * idempotency on it), when it was sent, and the event read tolerantly: of the
 * catalogue (`known: true`, narrow on `event.type`) or of a type this library
 * does not know (`known: false`, kept as it came).
 *
 * @category Webhooks
 * @since 0.1.0
 */
export type VerifiedWebhook = ReadWebhookEvent & {
  readonly id: string
  /** the `webhook-timestamp` of this attempt */
  readonly sentAt: Date
}

const headerOf = (headers: WebhookHeaders, name: string): string | undefined => {
  if (typeof (headers as { get?: unknown }).get === "function") {
    return (headers as { get: (n: string) => string | null }).get(name) ?? undefined
  }
  const record = headers as { readonly [name: string]: string | ReadonlyArray<string> | undefined }
  let value = record[name]
  if (value === undefined) {
    for (const key of Object.keys(record)) {
      if (key.toLowerCase() === name) {
        value = record[key]
        break
      }
    }
  }
  return typeof value === "string" ? value : value === undefined ? undefined : value.join(", ")
}

/** Equal strings, compared in time that depends on their length only. */
const constantTimeEqual = (a: string, b: string): boolean => {
  if (a.length !== b.length) return false
  let diff = 0
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i)
  return diff === 0
}

const decoder = new TextDecoder()

const epochMillis = (now: Date | number | undefined): number =>
  now === undefined ? Date.now() : typeof now === "number" ? now : now.getTime()

/**
 * Verifies a delivery without the replay guard, synchronously: the headers,
 * the timestamp's tolerance, the signature, then the event.
 */
const verifySync = (
  delivery: WebhookDelivery,
  secret: string,
  options: VerifyWebhookOptions
): Result.Result<VerifiedWebhook, Exclude<WebhookError, WebhookReplayError>> => {
  const id = headerOf(delivery.headers, HEADERS.id)
  const timestampText = headerOf(delivery.headers, HEADERS.timestamp)
  const signature = headerOf(delivery.headers, HEADERS.signature)
  for (
    const [header, value] of [[HEADERS.id, id], [HEADERS.timestamp, timestampText], [
      HEADERS.signature,
      signature
    ]] as const
  ) {
    if (value === undefined || value === "") return Result.fail(new WebhookHeaderError({ header, problem: "missing" }))
  }
  const timestamp = parseTimestamp(timestampText!)
  if (timestamp === undefined) {
    return Result.fail(new WebhookHeaderError({ header: HEADERS.timestamp, problem: "malformed" }))
  }
  const signatures = signaturesOf(signature!)
  if (signatures.length === 0) {
    return Result.fail(new WebhookHeaderError({ header: HEADERS.signature, problem: "malformed" }))
  }
  if (!isSecret(secret)) return Result.fail(new WebhookSecretError())
  const now = Math.floor(epochMillis(options.now) / 1000)
  const toleranceSeconds = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS
  const problem = timestampProblem(timestamp, now, toleranceSeconds)
  if (problem !== undefined) {
    return Result.fail(new WebhookTimestampError({ id: id!, timestamp, now, toleranceSeconds, problem }))
  }
  const body = typeof delivery.body === "string" ? delivery.body : decoder.decode(delivery.body)
  // the HMAC of Standard Webhooks, by its reference library: "v1,<base64>"
  const expected = new StandardWebhook(secret).sign(id!, new Date(timestamp * 1000), body).slice(3)
  let matched = false
  for (const candidate of signatures) matched = constantTimeEqual(candidate, expected) || matched
  if (!matched) return Result.fail(new WebhookSignatureError({ id: id! }))
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch {
    return Result.fail(
      new WebhookPayloadError({
        id: id!,
        issues: [{ path: "", code: "type", rule: "webhooks", message: "must be JSON" }]
      })
    )
  }
  const read = readEventResult(json)
  if (Result.isFailure(read)) return Result.fail(new WebhookPayloadError({ id: id!, issues: read.failure.issues }))
  return Result.succeed({ ...read.success, id: id!, sentAt: new Date(timestamp * 1000) })
}

const isDelivery = (input: unknown): input is WebhookDelivery =>
  typeof input === "object" && input !== null && "body" in input && "headers" in input &&
  (typeof (input as { body: unknown }).body === "string" || (input as { body: unknown }).body instanceof Uint8Array)

/** A Fetch `Request`'s body and headers (its body read once). */
const deliveryOf = (input: Request | WebhookDelivery): Effect.Effect<WebhookDelivery> =>
  isDelivery(input)
    ? Effect.succeed(input)
    : Effect.map(Effect.promise(() => input.text()), (body) => ({ body, headers: input.headers }))

/**
 * {@link verifyWebhook} as an Effect, failing with a {@link WebhookError}.
 *
 * @example
 * ```ts
 * import { Effect } from "effect"
 * import { verifyWebhookEffect } from "payment-plan-engine/client"
 * // delivery: { body, headers } as received, the body's raw text or bytes
 * const program = verifyWebhookEffect(delivery, secret).pipe(
 *   Effect.catchTag("WebhookSignatureError", () => Effect.succeed(undefined))
 * )
 * ```
 * @category Webhooks
 * @since 0.1.0
 */
export const verifyWebhookEffect = (
  input: Request | WebhookDelivery,
  secret: string,
  options: VerifyWebhookOptions = {}
): Effect.Effect<VerifiedWebhook, WebhookError> =>
  Effect.gen(function*() {
    const delivery = yield* deliveryOf(input)
    const verified = verifySync(delivery, secret, options)
    if (Result.isFailure(verified)) return yield* Effect.fail(verified.failure)
    const replay = options.replay
    if (replay !== undefined) {
      const fresh = yield* Effect.promise(async () => replay.claim(verified.success.id, epochMillis(options.now)))
      if (!fresh) return yield* Effect.fail(new WebhookReplayError({ id: verified.success.id }))
    }
    return verified.success
  })

/**
 * Verifies a webhook delivery and reads its event (docs/webhooks.md):
 *
 * 1. the `webhook-id`, `webhook-timestamp` and `webhook-signature` headers are
 *    there and well formed ({@link WebhookHeaderError});
 * 2. the timestamp is within `toleranceSeconds` (default 300) of `now`
 *    ({@link WebhookTimestampError});
 * 3. a `v1` signature is the HMAC-SHA256 of `<id>.<timestamp>.<body>` keyed by
 *    the secret's bytes, compared in constant time ({@link WebhookSignatureError});
 * 4. with `replay`, the id was not received before ({@link WebhookReplayError});
 * 5. the body is an event ({@link WebhookPayloadError}): of the catalogue, read
 *    tolerantly, or of an unknown type, returned as such (`known: false`).
 *
 * Give the body exactly as received: a Fetch `Request`, or `{ body, headers }`
 * (or `body, headers` as two arguments) with the raw text or bytes. Rejects
 * with the tagged error (an `Error` whose `_tag` names it).
 *
 * @example
 * ```ts
 * import { verifyWebhook } from "payment-plan-engine/client"
 * // any Fetch handler: in Hono, app.post("/webhooks", (c) => onWebhook(c.req.raw))
 * const onWebhook = async (request: Request): Promise<Response> => {
 *   const verified = await verifyWebhook(request, process.env.WEBHOOK_SECRET!)
 *   if (verified.known && verified.event.type === "plan.status_changed") {
 *     console.log(verified.event.data.planId, verified.event.data.status)
 *   }
 *   return new Response(null, { status: 204 })
 * }
 * await onWebhook(webhookRequest()) // webhookRequest(): a signed delivery
 * ```
 * @category Webhooks
 * @since 0.1.0
 */
export function verifyWebhook(
  input: Request | WebhookDelivery,
  secret: string,
  options?: VerifyWebhookOptions
): Promise<VerifiedWebhook>
export function verifyWebhook(
  body: string | Uint8Array,
  headers: WebhookHeaders,
  secret: string,
  options?: VerifyWebhookOptions
): Promise<VerifiedWebhook>
export async function verifyWebhook(
  first: Request | WebhookDelivery | string | Uint8Array,
  second: string | WebhookHeaders,
  third?: string | VerifyWebhookOptions,
  fourth?: VerifyWebhookOptions
): Promise<VerifiedWebhook> {
  const effect = typeof first === "string" || first instanceof Uint8Array
    ? verifyWebhookEffect({ body: first, headers: second as WebhookHeaders }, third as string, fourth)
    : verifyWebhookEffect(first, second as string, third as VerifyWebhookOptions | undefined)
  const exit = await Effect.runPromiseExit(effect)
  if (Exit.isSuccess(exit)) return exit.value
  throw Cause.squash(exit.cause)
}
