/**
 * Runs the sandbox on Node's HTTP server (`node.ts` reads its messages and
 * writes its answers). The server knows where the sandbox is: it accepts the
 * `Host` names of loopback, its own address and its public URL's (and those
 * it is told), refusing any other with 421, and writes every address from its
 * public URL, never from a request's `Host`.
 *
 * @module
 */
import * as Data from "effect/Data"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { ValidationError } from "../../core/foundation/issues.ts"
import { hostList, isLoopbackHost, LOOPBACK } from "./hosts.ts"
import { requestLog, type RequestLogFormat } from "./log.ts"
import { type HashProgress, readMerchantsFileHashing } from "./merchants-file.ts"
import { type MerchantDirectory, type SandboxMerchant, usesDemoKey } from "./merchants.ts"
import { nodeListener } from "./node.ts"
import { assembleSandbox, type Sandbox, type SandboxOptions } from "./sandbox.ts"
import { sqliteStore } from "./store.ts"

/**
 * Default address of `npm start`.
 *
 * @category Sandbox
 * @since 0.1.0
 */
export const DEFAULT_HOST = "127.0.0.1"
/**
 * Default port of `npm start` and `payment-plan serve`.
 *
 * @category Sandbox
 * @since 0.1.0
 */
export const DEFAULT_PORT = 4010

/**
 * How long a client may take to send a request's headers (Node's default is 60 s).
 *
 * @category Sandbox
 * @since 0.2.0
 */
export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000
/**
 * How long a client may take to send a whole request, headers and body (Node's default is 300 s).
 *
 * @category Sandbox
 * @since 0.2.0
 */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000

/**
 * Options of {@link startSandbox}.
 *
 * @category Sandbox
 * @since 0.1.0
 */
export interface StartOptions extends Partial<Omit<SandboxOptions, "store" | "merchants" | "baseUrl">> {
  readonly port?: number
  readonly host?: string
  /** SQLite file; default `:memory:`. */
  readonly database?: string
  /** Merchants, or the path of a merchants file (JSON, its plain keys hashed before listening: see `onHashProgress`). */
  readonly merchants: ReadonlyArray<SandboxMerchant> | MerchantDirectory | string
  /**
   * Where the sandbox is reached, an absolute http(s) URL (with the path a
   * proxy puts it under, if any): every address it writes (`widgetUrl`,
   * `scriptUrl`, a plan's `checkoutUrl`, the notes' links, the hosted page's)
   * starts with it, whatever `Host` a request names, and its host is
   * accepted. Default: the address it listens on (`http://127.0.0.1:4010`;
   * on every interface, `0.0.0.0` or `::`, its loopback address).
   */
  readonly publicUrl?: string
  /**
   * The request log: `pretty` (a line of text), `json` (a JSON object a line)
   * or `off` (default), written to `logTo`.
   */
  readonly log?: RequestLogFormat
  /** Where the request log goes; default standard error. */
  readonly logTo?: (text: string) => void
  /** Told how far hashing the merchants file's plain keys has got (called with 0 first), when there are any. */
  readonly onHashProgress?: HashProgress
  /** Milliseconds a client may take to send a request's headers; default 10 s. Past it: 408 and the connection closed. */
  readonly headersTimeoutMs?: number
  /** Milliseconds a client may take to send a whole request; default 30 s. Past it: 408 and the connection closed. */
  readonly requestTimeoutMs?: number
}

/**
 * A running sandbox.
 *
 * @category Sandbox
 * @since 0.1.0
 */
export interface RunningSandbox {
  /** `http://host:port`: where it listens */
  readonly url: string
  /** where it is reached, the start of every address it writes (the `publicUrl` option, else its own address) */
  readonly publicUrl: string
  readonly server: Server
  readonly sandbox: Sandbox
  /**
   * What the one starting it should say (one line each): listening beyond
   * loopback while a merchant uses a key published with the package.
   */
  readonly warnings: ReadonlyArray<string>
  /** Stops listening, ends open connections and closes the store. */
  readonly close: () => Promise<void>
}

/**
 * Why the sandbox could not listen.
 *
 * @category Sandbox
 * @since 0.2.0
 */
export type ListenProblem = "address_in_use" | "address_unavailable" | "not_permitted"

/**
 * The sandbox could not listen on its host and port: `problem` says why,
 * `code` is the system's (`EADDRINUSE`), and the message says it in one line
 * (`127.0.0.1:4010 is already in use`).
 *
 * @category Sandbox
 * @since 0.2.0
 */
export class SandboxListenError extends Data.TaggedError("SandboxListenError")<{
  readonly host: string
  readonly port: number
  readonly problem: ListenProblem
  readonly code: string
}> {
  override get message(): string {
    switch (this.problem) {
      case "address_in_use":
        return `${this.host}:${this.port} is already in use`
      case "address_unavailable":
        return `cannot listen on ${this.host}: ${this.code}`
      case "not_permitted":
        return `not permitted to listen on ${this.host}:${this.port} (${this.code})`
    }
  }
}

const LISTEN_PROBLEMS: Readonly<Record<string, ListenProblem>> = {
  EADDRINUSE: "address_in_use",
  EADDRNOTAVAIL: "address_unavailable",
  ENOTFOUND: "address_unavailable",
  EAI_AGAIN: "address_unavailable",
  EACCES: "not_permitted",
  EPERM: "not_permitted"
}

/** The warnings of a sandbox listening on `host` for these merchants (see {@link RunningSandbox.warnings}). */
const exposureWarnings = (
  host: string,
  merchants: ReadonlyArray<SandboxMerchant>,
  publicUrl: string | undefined
): ReadonlyArray<string> => {
  if (isLoopbackHost(host)) return []
  const demo = merchants.filter(usesDemoKey).map((m) => m.id)
  return [
    ...(demo.length === 0 ? [] : [
      `listening on ${host}, beyond loopback, with the published demo keys of ${demo.join(", ")}: anyone who ` +
      "reaches this port can act as those merchants and make the sandbox send webhooks to the targets it allows " +
      "(docs/sandbox.md, \"What the sandbox is for, and what it allows\"); give them keys of your own"
    ]),
    // others reach it by a name of their own, which it neither writes nor answers without being told
    ...(publicUrl !== undefined ? [] : [
      `listening on ${host} without a public URL: the addresses it writes (widgetUrl, a plan's checkoutUrl) are ` +
      "its loopback address, and it answers other hosts with 421; give the address others use with " +
      "--public-url (SANDBOX_PUBLIC_URL)"
    ])
  ]
}

/** Listens on `host` and `port`: the address, or a `SandboxListenError` saying why not. */
const listen = async (server: Server, host: string, port: number): Promise<AddressInfo> => {
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject)
      server.listen(port, host, () => {
        server.off("error", reject)
        resolve()
      })
    })
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code
    const problem = code === undefined ? undefined : LISTEN_PROBLEMS[code]
    if (problem !== undefined) throw new SandboxListenError({ host, port, problem, code: code! })
    throw e
  }
  return server.address() as AddressInfo
}

/**
 * Starts the sandbox on Node's HTTP server.
 *
 * @example
 * ```ts
 * import { startSandbox } from "payment-plan-engine/sandbox"
 * const running = await startSandbox({ merchants: "sandbox-merchants.json", database: ".sandbox/data.sqlite", port: 0 })
 * console.log(running.url) // http://127.0.0.1:<port>: port 0 takes a free one, the default is 4010
 * await running.close()
 * ```
 * @category Sandbox
 * @since 0.1.0
 */
export const startSandbox = async (options: StartOptions): Promise<RunningSandbox> => {
  const host = options.host ?? DEFAULT_HOST
  const port = options.port ?? DEFAULT_PORT
  const given = hostList(options.allowedHosts ?? [], "allowedHosts").issues
  const publicIssues = options.publicUrl === undefined ? [] : publicUrlIssues(options.publicUrl, "publicUrl")
  if (given.length > 0 || publicIssues.length > 0) {
    throw new ValidationError({ issues: [...given, ...publicIssues], warnings: [] })
  }
  const merchants = typeof options.merchants === "string"
    ? await readMerchantsFileHashing(options.merchants, options.onHashProgress)
    : options.merchants
  const headersTimeout = options.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS
  const requestTimeout = Math.max(options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS, headersTimeout)
  const log = requestLog(options.log ?? "off", options.logTo)
  // its requests are answered once the sandbox is assembled (it needs the port for its address), in the same turn
  const server = createServer({
    keepAliveTimeout: 5000,
    headersTimeout,
    requestTimeout,
    // how often Node looks for requests past those limits (30 s by default, longer than the limits)
    connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.floor(headersTimeout / 4)))
  })
  const address = await listen(server, host, port)
  const url = `http://${address.family === "IPv6" ? `[${address.address}]` : address.address}:${address.port}`
  const publicUrl = (options.publicUrl ?? ownUrl(address)).replace(/\/+$/, "")
  let sandbox: ReturnType<typeof assembleSandbox>
  try {
    const store = sqliteStore(options.database ?? ":memory:")
    try {
      sandbox = assembleSandbox({
        ...options,
        store,
        merchants,
        baseUrl: publicUrl,
        allowedHosts: acceptedHosts(address, publicUrl, options.allowedHosts ?? []),
        ...(options.onRequest !== undefined ? {} : log.onRequest !== undefined ? { onRequest: log.onRequest } : {})
      })
    } catch (e) {
      store.close()
      throw e
    }
  } catch (e) {
    await new Promise((resolve) => server.close(resolve))
    throw e
  }
  server.on("request", nodeListener(sandbox, url))
  return {
    url,
    publicUrl,
    server,
    sandbox: { fetch: sandbox.fetch, close: sandbox.close },
    warnings: exposureWarnings(
      host,
      Array.isArray(merchants) ? merchants : (merchants as MerchantDirectory).list,
      options.publicUrl
    ),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          log.flush()
          sandbox.close()
          resolve()
        })
        server.closeAllConnections()
      })
  }
}

/** The issue of a public URL that is not an absolute http(s) URL without query or fragment, or none. */
export const publicUrlIssues = (value: string, path: string) => {
  const url = URL.parse(value)
  if (
    url !== null && (url.protocol === "http:" || url.protocol === "https:") && url.search === "" && url.hash === "" &&
    !value.includes("?") && !value.includes("#") && url.username === "" && url.password === ""
  ) return []
  return [{
    path,
    code: "format" as const,
    rule: "sandbox",
    message:
      `must be an absolute http(s) URL without credentials, query or fragment (https://staging.example, or with a path), got ${
        JSON.stringify(value.slice(0, 200))
      }`
  }]
}

/** The address the sandbox listens on as a URL, its loopback address when it listens on every interface. */
const ownUrl = (address: AddressInfo): string => {
  const ip = address.address === "0.0.0.0" ? "127.0.0.1" : address.address === "::" ? "::1" : address.address
  return `http://${ip.includes(":") ? `[${ip}]` : ip}:${address.port}`
}

/** The hosts the server answers for: loopback, its own address, its public URL's host, and those it was given. */
const acceptedHosts = (
  address: AddressInfo,
  publicUrl: string,
  given: ReadonlyArray<string>
): ReadonlyArray<string> => {
  const own = address.address === "0.0.0.0" || address.address === "::"
    ? []
    : [address.address.includes(":") ? `[${address.address}]` : address.address]
  // once each, as the refusal lists them
  return [...new Set([LOOPBACK, ...own, new URL(publicUrl).hostname, ...given])]
}
