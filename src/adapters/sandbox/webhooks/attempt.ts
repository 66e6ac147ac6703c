/**
 * One delivery attempt: the message signed (Standard Webhooks, by the
 * `standardwebhooks` package) and POSTed to the endpoint, its answer read up
 * to a cap, and what happened said in a few words. The worker (worker.ts)
 * decides when attempts are made and records them.
 *
 * @module
 */
import { Webhook as StandardWebhook } from "standardwebhooks"
import { HEADERS } from "../../../core/webhook/index.ts"
import type { StoredMessage } from "../webhook-store.ts"

/**
 * How much of a receiver's answer is read (64 KiB): the status decides, the
 * body is not kept, and reading stops there, so an endless or huge answer
 * costs the sandbox no more than this.
 */
export const MAX_ANSWER_BYTES = 64 * 1024

/** The longest failure text an attempt records (the deliveries log stays bounded). */
export const MAX_ERROR_LENGTH = 200

/** Why an attempt got no answer, in a few words (`timeout`, `connection refused`, …), at most {@link MAX_ERROR_LENGTH}. */
export const describeFailure = (error: unknown): string => {
  const e = error as { name?: string; message?: string; cause?: { code?: string; message?: string } }
  if (e?.name === "TimeoutError" || e?.name === "AbortError") return "timeout"
  const code = e?.cause?.code
  if (code === "ECONNREFUSED") return "connection refused"
  if (code === "ECONNRESET" || code === "UND_ERR_SOCKET") return "connection reset"
  const text = typeof code === "string" ? code : String(e?.cause?.message ?? e?.message ?? "failed")
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text
}

/**
 * Reads an answer's body to its end or to `cap` bytes, whichever comes
 * first; past the cap the rest is not read (the connection is closed).
 */
const readCapped = async (body: ReadableStream<Uint8Array> | null, cap: number): Promise<void> => {
  if (body === null) return
  const reader = body.getReader()
  let read = 0
  for (;;) {
    const chunk = await reader.read()
    if (chunk.done) return
    read += chunk.value.byteLength
    if (read >= cap) {
      await reader.cancel()
      return
    }
  }
}

/** A signer per secret, kept while few secrets are in use (a rotation makes a new one). */
export const signers = (): (secret: string) => StandardWebhook => {
  const bySecret = new Map<string, StandardWebhook>()
  return (secret) => {
    let signer = bySecret.get(secret)
    if (signer === undefined) {
      if (bySecret.size > 64) bySecret.clear()
      signer = new StandardWebhook(secret)
      bySecret.set(secret, signer)
    }
    return signer
  }
}

/** What an attempt got: the receiver's status, or why there was none. */
export interface AttemptOutcome {
  readonly status: number | null
  readonly error: string | null
}

/** What sending an attempt needs. */
export interface Send {
  readonly fetch: typeof globalThis.fetch
  readonly signerOf: (secret: string) => StandardWebhook
  /** how long the attempt may take, headers and body */
  readonly timeoutMs: number
}

/**
 * Sends `message` to `endpoint` at `started` (epoch milliseconds), signed with
 * the endpoint's secret: only to the configured URL (a redirect is a failed
 * attempt, never followed), the answer complete or read to the cap within the
 * timeout. Never rejects: a failure is the outcome's `error`.
 */
export const sendAttempt = async (
  send: Send,
  message: StoredMessage,
  endpoint: { readonly url: string; readonly secret: string },
  started: number,
  abort: AbortController
): Promise<AttemptOutcome> => {
  const timestamp = Math.floor(started / 1000)
  try {
    const response = await send.fetch(endpoint.url, {
      method: "POST",
      body: message.body,
      headers: {
        "content-type": "application/json",
        "user-agent": "payment-plan-engine-sandbox (webhooks)",
        [HEADERS.id]: message.id,
        [HEADERS.timestamp]: String(timestamp),
        [HEADERS.signature]: send.signerOf(endpoint.secret).sign(message.id, new Date(timestamp * 1000), message.body)
      },
      redirect: "manual",
      signal: AbortSignal.any([AbortSignal.timeout(send.timeoutMs), abort.signal])
    })
    // the answer counts once it is complete (or read to the cap), within the same timeout
    await readCapped(response.body, MAX_ANSWER_BYTES)
    return { status: response.status, error: null }
  } catch (e) {
    return { status: null, error: describeFailure(e) }
  }
}
