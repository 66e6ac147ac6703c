/**
 * A fake `fetch` with fault injection: each call takes the next scripted step
 * (the last one repeats) and every request is recorded as the service would
 * have received it.
 */
export type Step =
  | {
    readonly kind: "json"
    readonly status?: number
    readonly body: unknown
    readonly headers?: Record<string, string>
  }
  | { readonly kind: "text"; readonly status: number; readonly body: string; readonly headers?: Record<string, string> }
  /** the connection is reset before any answer */
  | { readonly kind: "reset" }
  /** no answer ever (until the request is aborted) */
  | { readonly kind: "hang" }
  /** headers come, the body never ends (until aborted) */
  | { readonly kind: "slowBody"; readonly status?: number }
  /** the body is cut off by a reset after a few bytes */
  | { readonly kind: "truncated"; readonly status?: number }

export interface Recorded {
  readonly method: string
  readonly url: URL
  readonly headers: Record<string, string>
  readonly text: string
  readonly json: unknown
  /** when it arrived, by the clock given to the fake */
  readonly at: number
  readonly signal: AbortSignal
}

const aborted = (signal: AbortSignal) =>
  new Promise<never>((_, reject) => {
    if (signal.aborted) reject(signal.reason)
    signal.addEventListener("abort", () => reject(signal.reason), { once: true })
  })

const connectionReset = () => {
  const cause = Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" })
  return new TypeError("fetch failed", { cause })
}

export const fakeTransport = (
  steps: ReadonlyArray<Step> | ((request: Recorded, index: number) => Step),
  now: () => number = () => 0
) => {
  const requests: Array<Recorded> = []
  const stepFor = (recorded: Recorded, index: number): Step =>
    typeof steps === "function"
      ? steps(recorded, index)
      : (steps[Math.min(index, steps.length - 1)] ?? { kind: "hang" })

  const fetch = async (request: Request): Promise<Response> => {
    const text = await request.text()
    let json: unknown
    try {
      json = text === "" ? undefined : JSON.parse(text)
    } catch {
      json = text
    }
    const recorded: Recorded = {
      method: request.method,
      url: new URL(request.url),
      headers: Object.fromEntries(request.headers),
      text,
      json,
      at: now(),
      signal: request.signal
    }
    requests.push(recorded)
    const step = stepFor(recorded, requests.length - 1)
    switch (step.kind) {
      case "json":
        return new Response(JSON.stringify(step.body), {
          status: step.status ?? 200,
          headers: { "content-type": "application/json", ...step.headers }
        })
      case "text":
        return new Response(step.body, { status: step.status, headers: step.headers ?? {} })
      case "reset":
        throw connectionReset()
      case "hang":
        return aborted(request.signal)
      case "slowBody": {
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode("{\"id\":"))
            request.signal.addEventListener("abort", () => controller.error(request.signal.reason), { once: true })
          }
        })
        return new Response(body, { status: step.status ?? 200, headers: { "content-type": "application/json" } })
      }
      case "truncated": {
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode("{\"id\":\"chk"))
            controller.error(connectionReset())
          }
        })
        return new Response(body, { status: step.status ?? 200, headers: { "content-type": "application/json" } })
      }
    }
  }
  return { fetch, requests }
}
