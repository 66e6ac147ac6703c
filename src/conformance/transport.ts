/**
 * Every request of a conformance run goes through one transport: it spaces
 * requests to the rate limit, enforces the hard request cap (and, while a
 * counterexample shrinks, that shrinking's budget), refuses anything but GET
 * in read-only mode, and records each exchange (method, path, bodies, status;
 * never a header, so never the credentials) for the report.
 *
 * The client of `payment-plan-engine/client` is given {@link Transport.fetch};
 * requests the client would refuse to send (the invalid ones of R4) go out
 * through {@link Transport.send}.
 *
 * @module
 */
import * as Redacted from "effect/Redacted"
import type { ResolvedConfig } from "./config.ts"

/**
 * One request and its answer, as a report shows them.
 *
 * @since 0.1.0
 */
export interface Exchange {
  readonly method: string
  /** Path and query, from the base URL's origin. */
  readonly path: string
  /** The JSON body sent (its text when it is not JSON); undefined without one. */
  readonly requestBody: unknown
  /** undefined when no answer came. */
  readonly status: number | undefined
  /** The JSON answered (its text when it is not JSON); undefined without one. */
  readonly responseBody: unknown
  /** The answer's `Date` header, when it has one. */
  readonly date: string | undefined
  /** Local clock (epoch ms) when the request left and when its answer was read. */
  readonly startedAt: number
  readonly endedAt: number
}

/** The run's request cap is reached: no further request is sent. */
export class RequestCapReached extends Error {
  override readonly name = "RequestCapReached"
}

/** The current counterexample's shrinking has spent its budget. */
export class ShrinkBudgetSpent extends Error {
  override readonly name = "ShrinkBudgetSpent"
}

/** The current group's share of the request cap is spent. */
export class GroupBudgetSpent extends Error {
  override readonly name = "GroupBudgetSpent"
}

/** A request that would change something, refused in read-only mode (a bug of the kit if it happens). */
export class ReadOnlyViolation extends Error {
  override readonly name = "ReadOnlyViolation"
}

const parseBody = (text: string): unknown => {
  if (text === "") return undefined
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

const sleep = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason)
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", abort)
      resolve()
    }, ms)
    const abort = () => {
      clearTimeout(timer)
      reject(signal.reason)
    }
    signal.addEventListener("abort", abort, { once: true })
  })

/**
 * The run's transport.
 *
 * @since 0.1.0
 */
export class Transport {
  /** Requests sent so far (the cap counts these). */
  requests = 0
  /** Set once a request was refused for the cap. */
  capReached = false
  private nextSlot = 0
  private log: Array<Exchange> = []
  /** Requests the current shrinking may still send; undefined outside shrinking. */
  private budget: number | undefined = undefined
  /** Requests the current group may still send; undefined outside a group. */
  private groupBudget: number | undefined = undefined
  private readonly interval: number

  private readonly config: ResolvedConfig
  private readonly signal: AbortSignal

  constructor(config: ResolvedConfig, signal: AbortSignal) {
    this.config = config
    this.signal = signal
    this.interval = 1000 / config.rps
  }

  /** Starts (a number) or ends (undefined) a shrinking budget. */
  setBudget(requests: number | undefined): void {
    this.budget = requests
  }

  /** Starts (a number) or ends (undefined) a group's budget; gives what was left of the one it ends. */
  setGroupBudget(requests: number | undefined): number | undefined {
    const left = this.groupBudget
    this.groupBudget = requests
    return left
  }

  /** What the current group may still send (Infinity outside a group). */
  groupLeft(): number {
    return this.groupBudget ?? Infinity
  }

  /** The exchange recorded last (the answer a check compares). */
  last(): Exchange | undefined {
    return this.log[this.log.length - 1]
  }

  /** The exchanges recorded since the last call, oldest first. */
  takeExchanges(): Array<Exchange> {
    const taken = this.log
    this.log = []
    return taken
  }

  private async admit(method: string): Promise<void> {
    if (this.signal.aborted) throw this.signal.reason
    if (this.config.readOnly && method !== "GET" && method !== "HEAD") {
      throw new ReadOnlyViolation(`read-only run: refused to send ${method}`)
    }
    if (this.groupBudget !== undefined && this.groupBudget <= 0) {
      throw new GroupBudgetSpent("the group's share of the request cap is spent")
    }
    if (this.requests >= this.config.maxRequests) {
      this.capReached = true
      throw new RequestCapReached(`the request cap of ${this.config.maxRequests} is reached`)
    }
    if (this.budget !== undefined) {
      if (this.budget <= 0) throw new ShrinkBudgetSpent("the shrinking budget is spent")
      this.budget--
    }
    if (this.groupBudget !== undefined) this.groupBudget--
    this.requests++
    const now = Date.now()
    const at = Math.max(now, this.nextSlot)
    this.nextSlot = at + this.interval
    if (at > now) await sleep(at - now, this.signal)
  }

  /** A WHATWG fetch over the configured one: paced, capped, recorded. */
  readonly fetch = async (request: Request): Promise<Response> => {
    const method = request.method.toUpperCase()
    await this.admit(method)
    const url = new URL(request.url)
    const requestBody = request.body === null ? undefined : parseBody(await request.clone().text())
    const startedAt = Date.now()
    let response: Response
    try {
      response = await this.config.fetch(request)
    } catch (error) {
      this.log.push({
        method,
        path: `${url.pathname}${url.search}`,
        requestBody,
        status: undefined,
        responseBody: undefined,
        date: undefined,
        startedAt,
        endedAt: Date.now()
      })
      throw error
    }
    const text = await response.clone().text().catch(() => "")
    this.log.push({
      method,
      path: `${url.pathname}${url.search}`,
      requestBody,
      status: response.status,
      responseBody: parseBody(text),
      date: response.headers.get("date") ?? undefined,
      startedAt,
      endedAt: Date.now()
    })
    return response
  }

  /** The `Authorization` header, as the client builds it: by default `Basic base64(merchantId:apiKey)`, UTF-8. */
  private async authorization(): Promise<string> {
    const given = this.config.authorization
    if (given === undefined) {
      let binary = ""
      for (const byte of new TextEncoder().encode(`${this.config.merchantId}:${Redacted.value(this.config.apiKey)}`)) {
        binary += String.fromCharCode(byte)
      }
      return `Basic ${btoa(binary)}`
    }
    if (typeof given === "string") return given
    if (Redacted.isRedacted(given)) return Redacted.value(given as Redacted.Redacted<string>)
    return await given({ merchantId: this.config.merchantId, apiKey: Redacted.value(this.config.apiKey) })
  }

  /**
   * Sends a request as it is, without the client's validation (an invalid
   * checkout, the sandbox's widget API): `path` from the base URL, a JSON body.
   * Rejects only when no answer came.
   */
  async send(
    method: string,
    path: string,
    body?: unknown,
    options: { readonly authenticated?: boolean } = {}
  ): Promise<Exchange> {
    const prefix = this.config.baseUrl.pathname.replace(/\/+$/, "")
    const url = new URL(`${this.config.baseUrl.origin}${prefix}${path}`)
    const headers = new Headers({ accept: "application/json" })
    if (options.authenticated !== false) headers.set("authorization", await this.authorization())
    if (body !== undefined) headers.set("content-type", "application/json")
    const init: RequestInit = {
      method,
      headers,
      // the wait for the rate limit happens inside fetch: it is not the service's time
      signal: AbortSignal.any([this.signal, AbortSignal.timeout(this.config.timeoutMs + Math.ceil(this.interval))])
    }
    if (body !== undefined) init.body = JSON.stringify(body)
    await this.fetch(new Request(url, init))
    return this.log[this.log.length - 1]!
  }
}
