/**
 * Where webhooks may be delivered: the allow-list of targets
 * (`webhookAllow`, `--webhook-allow`, docs/sandbox.md "What the sandbox is
 * for, and what it allows"). A webhook URL names a host and a port the
 * sandbox then POSTs to, and its deliveries log tells a refused connection
 * from an answer, so an endpoint anyone may set would make the sandbox a
 * port scanner and a relay. By default it delivers to loopback only
 * (127.0.0.0/8, [::1], localhost), the receiver beside it on the developer's
 * machine.
 *
 * @module
 */
import { hasUserInfo } from "../../../core/foundation/input.ts"
import { type Issue, issue } from "../../../core/foundation/issues.ts"

/** The entry that allows loopback hosts, any port. */
export const LOOPBACK = "loopback"
/** The entry that allows any host and port. */
export const ANY_TARGET = "*"

/**
 * Where webhooks go unless the sandbox is told otherwise: loopback only.
 *
 * @category Sandbox
 * @since 0.2.0
 */
export const DEFAULT_WEBHOOK_ALLOW: ReadonlyArray<string> = [LOOPBACK]

/** The allowed targets, read from the entries. */
export interface WebhookTargets {
  /** the entries as given, for messages */
  readonly entries: ReadonlyArray<string>
  /** Whether a delivery may go to `url` (an absolute http(s) URL). */
  readonly allows: (url: string) => boolean
  /** The issue of a URL the list does not allow (at `path`), or none. */
  readonly issuesOf: (url: string, path: string) => ReadonlyArray<Issue>
}

interface Entry {
  /** the host as a URL writes it (lower case, IPv6 in brackets, IPv4 normalized) */
  readonly host: string
  /** undefined: any port */
  readonly port: number | undefined
}

// host (a name, an IPv4 address or a bracketed IPv6 address) and an optional port
const ENTRY = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+)(?::(\d{1,5}))?$/

const hostnameOf = (host: string): string | undefined => URL.parse(`http://${host}/`)?.hostname

/**
 * Whether a host is a loopback one: 127.0.0.0/8, ::1 (or IPv4 127/8 mapped
 * into IPv6), `localhost`. Takes a URL's hostname or an address to listen on
 * (`::1` without brackets too).
 */
export const isLoopbackHost = (host: string): boolean => {
  const bare = host.startsWith("[") ? host : host.includes(":") ? `[${host}]` : host
  const name = hostnameOf(bare)
  if (name === undefined) return false
  return name === "localhost" || /^127\.\d+\.\d+\.\d+$/.test(name) || name === "[::1]" ||
    /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(name)
}

const effectivePort = (url: URL): number => (url.port !== "" ? Number(url.port) : url.protocol === "https:" ? 443 : 80)

/**
 * Reads the allow-list: `loopback`, `*`, or `host[:port]` (a name, an IPv4
 * address or a bracketed IPv6 address; without a port, any port of the host).
 * Answers the targets, or an issue per malformed entry (at `path[i]`).
 */
export const webhookTargets = (
  entries: ReadonlyArray<string> = DEFAULT_WEBHOOK_ALLOW,
  path = "webhookAllow"
): { readonly targets: WebhookTargets; readonly issues: ReadonlyArray<Issue> } => {
  const issues: Array<Issue> = []
  const hosts: Array<Entry> = []
  let loopback = false
  let any = false
  entries.forEach((raw, i) => {
    const text = raw.trim()
    if (text === ANY_TARGET) any = true
    else if (text.toLowerCase() === LOOPBACK) loopback = true
    else {
      const match = ENTRY.exec(text)
      const host = match === null ? undefined : hostnameOf(match[1]!)
      const port = match?.[2] === undefined ? undefined : Number(match[2])
      if (host === undefined || (port !== undefined && (port < 1 || port > 65_535))) {
        issues.push(
          issue(
            `${path}[${i}]`,
            "format",
            "sandbox",
            `must be "${LOOPBACK}", "${ANY_TARGET}" or host[:port] (a name, an IPv4 address or [IPv6]), got ${
              JSON.stringify(raw.slice(0, 80))
            }`
          )
        )
      } else hosts.push({ host, port })
    }
  })
  const allows = (url: string): boolean => {
    if (any) return true
    const parsed = URL.parse(url)
    if (parsed === null) return false
    if (loopback && isLoopbackHost(parsed.hostname)) return true
    const port = effectivePort(parsed)
    return hosts.some((h) => h.host === parsed.hostname && (h.port === undefined || h.port === port))
  }
  const list = entries.length === 0 ? "none" : entries.join(",")
  return {
    issues,
    targets: {
      entries,
      allows,
      issuesOf: (url, at) =>
        allows(url) ? [] : [
          issue(
            at,
            "enum",
            "sandbox",
            `must target a host the sandbox may deliver to (webhookAllow, --webhook-allow: ${list}), got ${
              URL.parse(url)?.host ?? "no host"
            }`
          )
        ]
    }
  }
}

/**
 * A `fetch` that sends only to allowed targets, and never to a URL with
 * credentials (an endpoint stored before those were refused): what a
 * delivery would show of such a URL is a one-line reason without it.
 */
export const guardedFetch =
  (targets: WebhookTargets, send: typeof globalThis.fetch): typeof globalThis.fetch => (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url
    if (hasUserInfo(url)) return Promise.reject(new Error("the endpoint's URL carries credentials (user:password@)"))
    if (!targets.allows(url)) {
      const host = URL.parse(url)?.host ?? "no host"
      return Promise.reject(
        new Error(`target not allowed: ${host} is not in webhookAllow (${targets.entries.join(",")})`)
      )
    }
    return send(input, init)
  }
