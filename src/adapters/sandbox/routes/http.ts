/**
 * The sandbox's HTTP vocabulary: the JSON error body `{ code, message, issues? }`
 * every failure answers with, and the helpers that read a request body within
 * the limits (1 MiB, JSON only).
 *
 * @module
 */
import { isRecord } from "../../../core/foundation/input.ts"
import type { Issue } from "../../../core/foundation/issues.ts"
import { describe } from "../../../core/foundation/issues.ts"
import type { ErrorBody as WireErrorBody } from "../../../core/wire/error-response.ts"

/**
 * Largest request body the sandbox reads: 1 MiB.
 *
 * @category Sandbox
 * @since 0.1.0
 */
export const MAX_BODY_BYTES = 1024 * 1024

/**
 * Error codes of the sandbox's JSON error body, each with its HTTP status.
 *
 * @category Sandbox
 * @since 0.1.0
 */
export const ERROR_STATUS = {
  malformed_json: 400,
  bad_request: 400,
  unauthorized: 401,
  card_declined: 402,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  idempotency_key_reused: 409,
  checkout_expired: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  misdirected_request: 421,
  validation_failed: 422,
  too_many_requests: 429,
  internal_error: 500
} as const

/**
 * The `code` of a sandbox error body, one per HTTP status of `ERROR_STATUS`.
 *
 * @category Sandbox
 * @since 0.1.0
 */
export type ErrorCode = keyof typeof ERROR_STATUS

/**
 * The sandbox's error body: the core's error body (`code`, `message`,
 * `issues`, `warnings`) with one of the sandbox's codes, and any detail the
 * answer adds (`redirectUrl` of a declined card, `reason` of a refused plan
 * transition).
 *
 * @example
 * ```ts
 * import type { ErrorBody } from "payment-plan-engine/sandbox"
 * const response = await fetch(`${baseUrl}/api/v2/checkout`, { method: "POST", headers, body: JSON.stringify({ items: [] }) })
 * const body = (await response.json()) as ErrorBody
 * if (body.code === "validation_failed") console.log(body.issues)
 * ```
 * @category Sandbox
 * @since 0.1.0
 */
export type ErrorBody = Omit<WireErrorBody, "code" | "issues"> & {
  readonly code: ErrorCode
  readonly issues?: ReadonlyArray<Issue>
  readonly [extra: string]: unknown
}

/**
 * A failure that becomes an HTTP answer. Thrown inside the handler and turned
 * into a response at its edge; anything else thrown becomes a 500 without
 * details.
 */
export class HttpError extends Error {
  readonly status: number
  readonly code: ErrorCode
  readonly issues: ReadonlyArray<Issue> | undefined
  readonly headers: Readonly<Record<string, string>>
  readonly extra: Readonly<Record<string, unknown>>
  constructor(
    code: ErrorCode,
    message: string,
    options: {
      readonly issues?: ReadonlyArray<Issue> | undefined
      readonly headers?: Readonly<Record<string, string>>
      readonly extra?: Readonly<Record<string, unknown>>
    } = {}
  ) {
    super(message)
    this.code = code
    this.status = ERROR_STATUS[code]
    this.issues = options.issues
    this.headers = options.headers ?? {}
    this.extra = options.extra ?? {}
  }

  body(): ErrorBody {
    return {
      code: this.code,
      message: this.message,
      ...(this.issues !== undefined ? { issues: this.issues } : {}),
      ...this.extra
    }
  }
}

/** The headers of every JSON answer. */
export const JSON_HEADERS: Readonly<Record<string, string>> = {
  "content-type": "application/json; charset=utf-8",
  "cache-control": "no-store"
}

/** `application/json`, or any `+json` type, with any parameters. */
export const isJsonContentType = (value: string | null): boolean => {
  if (value === null) return false
  const type = value.split(";", 1)[0]!.trim().toLowerCase()
  return type === "application/json" || (type.startsWith("application/") && type.endsWith("+json"))
}

/** The refusal of a body past `limit` bytes (413). */
export const payloadTooLarge = (limit = MAX_BODY_BYTES): HttpError =>
  new HttpError("payload_too_large", `The request body is larger than ${limit} bytes`)

/**
 * The request body as text, refusing more than `limit` bytes (413) whether
 * or not a Content-Length announces it.
 */
export const readBody = async (request: Request, limit = MAX_BODY_BYTES): Promise<string> => {
  const tooLarge = () => payloadTooLarge(limit)
  const declared = request.headers.get("content-length")
  if (declared !== null && Number(declared) > limit) throw tooLarge()
  if (request.body === null) return ""
  const reader = request.body.getReader()
  const chunks: Array<Uint8Array> = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel().catch(() => undefined)
      throw tooLarge()
    }
    chunks.push(value)
  }
  return new TextDecoder("utf-8", { fatal: false }).decode(Buffer.concat(chunks))
}

/**
 * Parses a JSON body, which must be an object (every JSON endpoint takes
 * one): malformed JSON, an empty body, and `null`, an array, a number or a
 * string are a 400 (`malformed_json`). An object is read and then validated
 * (422 for what validation refuses).
 */
export const parseJson = (text: string): Readonly<Record<string, unknown>> => {
  if (text.trim() === "") {
    throw new HttpError("malformed_json", "The request body must be a JSON object, got an empty body")
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(text) as unknown
  } catch (e) {
    throw new HttpError("malformed_json", `The request body is not valid JSON: ${(e as Error).message}`)
  }
  if (!isRecord(parsed)) {
    throw new HttpError("malformed_json", `The request body must be a JSON object, got ${describe(parsed)}`)
  }
  return parsed
}
