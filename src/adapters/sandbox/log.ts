/**
 * The request log: one line per request answered (time, request id,
 * merchant, method, path and query, status, milliseconds), as text for a
 * person at a terminal or as JSON for a file, a pipe or CI. Lines are
 * gathered and written once per turn of the event loop, so a busy sandbox
 * pays one write for many requests rather than one each.
 *
 * @module
 */
import type { RequestLogEntry } from "./routes/router.ts"

/**
 * How the request log is written: `pretty` (a line of text), `json` (a JSON
 * object a line) or `off`.
 *
 * @category Sandbox
 * @since 0.2.0
 */
export type RequestLogFormat = "pretty" | "json" | "off"

/** The formats, in the order messages name them. */
export const REQUEST_LOG_FORMATS: ReadonlyArray<RequestLogFormat> = ["pretty", "json", "off"]

/** One entry as a line of text: `2026-11-22T00:00:00.000Z req_… merchant-123 GET /api/v2/plans 200 1.2 ms`. */
const prettyLine = (e: RequestLogEntry): string =>
  `${e.time} ${e.requestId} ${e.merchantId ?? "-"} ${e.method} ${e.path} ${e.status} ${e.ms.toFixed(1)} ms\n` // not money: milliseconds

/**
 * One entry as a JSON line, every field present (`merchantId: null` where none was authenticated);
 * written by hand, in `JSON.stringify`'s form, which took several times as long for a whole entry.
 */
const jsonLine = (e: RequestLogEntry): string =>
  `{"time":"${e.time}","requestId":${JSON.stringify(e.requestId)},"merchantId":${
    e.merchantId === undefined ? "null" : JSON.stringify(e.merchantId)
  },"method":${JSON.stringify(e.method)},"path":${JSON.stringify(e.path)},"status":${e.status},"ms":${
    Math.round(e.ms * 1000) / 1000
  }}\n`

/** A request log: what the router calls per request, and the flush of what is gathered (on closing). */
export interface RequestLog {
  readonly onRequest: ((entry: RequestLogEntry) => void) | undefined
  readonly flush: () => void
}

/** The request log writing `format` lines to `write` (standard error by default). */
export const requestLog = (
  format: RequestLogFormat,
  write: (text: string) => void = (text) => void process.stderr.write(text)
): RequestLog => {
  if (format === "off") return { onRequest: undefined, flush: () => undefined }
  const line = format === "json" ? jsonLine : prettyLine
  let pending = ""
  let scheduled = false
  const flush = () => {
    scheduled = false
    if (pending === "") return
    const text = pending
    pending = ""
    write(text)
  }
  return {
    onRequest: (entry) => {
      pending += line(entry)
      if (!scheduled) {
        scheduled = true
        setImmediate(flush)
      }
    },
    flush
  }
}
