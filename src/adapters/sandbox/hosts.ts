/**
 * Lists of hosts, read one way wherever the sandbox takes one: `loopback`
 * (127.0.0.0/8, [::1], localhost, any port), `*` (any host) or `host[:port]`
 * entries (a name, an IPv4 address or a bracketed IPv6 address; without a
 * port, any port of the host). The webhook targets (where deliveries may go)
 * and the accepted hosts (which `Host` the server answers for) are such lists.
 *
 * @module
 */
import { type Issue, issue } from "../../core/foundation/issues.ts"

/** The entry that allows loopback hosts, any port. */
export const LOOPBACK = "loopback"
/** The entry that allows any host and port. */
export const ANY_HOST = "*"

/** A list of hosts, read: whether it names a URL's host and port. */
export interface HostList {
  /** the entries as given, for messages */
  readonly entries: ReadonlyArray<string>
  /** Whether the list names the URL's host (and port, where an entry gives one). */
  readonly allows: (url: URL) => boolean
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

/** Whether a URL's hostname (as `URL` writes it) is a loopback one: 127.0.0.0/8, [::1] (or IPv4 127/8 in it), localhost. */
const isLoopbackName = (name: string): boolean =>
  name === "localhost" || /^127\.\d+\.\d+\.\d+$/.test(name) || name === "[::1]" ||
  /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(name)

/**
 * Whether a host is a loopback one: 127.0.0.0/8, ::1 (or IPv4 127/8 mapped
 * into IPv6), `localhost`. Takes a URL's hostname or an address to listen on
 * (`::1` without brackets too).
 */
export const isLoopbackHost = (host: string): boolean => {
  const bare = host.startsWith("[") ? host : host.includes(":") ? `[${host}]` : host
  const name = hostnameOf(bare)
  return name !== undefined && isLoopbackName(name)
}

const effectivePort = (url: URL): number => (url.port !== "" ? Number(url.port) : url.protocol === "https:" ? 443 : 80)

/**
 * Reads a list of hosts. Answers the list, or an issue per malformed entry
 * (at `path[i]`).
 */
export const hostList = (
  entries: ReadonlyArray<string>,
  path: string
): { readonly list: HostList; readonly issues: ReadonlyArray<Issue> } => {
  const issues: Array<Issue> = []
  const hosts: Array<Entry> = []
  let loopback = false
  let any = false
  entries.forEach((raw, i) => {
    const text = raw.trim()
    if (text === ANY_HOST) any = true
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
            `must be "${LOOPBACK}", "${ANY_HOST}" or host[:port] (a name, an IPv4 address or [IPv6]), got ${
              JSON.stringify(raw.slice(0, 80))
            }`
          )
        )
      } else hosts.push({ host, port })
    }
  })
  const allows = (url: URL): boolean => {
    if (any) return true
    const name = url.hostname
    for (const h of hosts) if (h.host === name && (h.port === undefined || h.port === effectivePort(url))) return true
    return loopback && isLoopbackName(name)
  }
  return { issues, list: { entries, allows } }
}
