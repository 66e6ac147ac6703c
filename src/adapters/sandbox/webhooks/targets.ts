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
import { hostList, LOOPBACK } from "../hosts.ts"

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

/**
 * Reads the allow-list, a list of hosts (`hosts.ts`: `loopback`, `*`, or
 * `host[:port]`). Answers the targets, or an issue per malformed entry (at
 * `path[i]`).
 */
export const webhookTargets = (
  entries: ReadonlyArray<string> = DEFAULT_WEBHOOK_ALLOW,
  path = "webhookAllow"
): { readonly targets: WebhookTargets; readonly issues: ReadonlyArray<Issue> } => {
  const { list, issues } = hostList(entries, path)
  const allows = (url: string): boolean => {
    const parsed = URL.parse(url)
    return parsed !== null && list.allows(parsed)
  }
  const names = entries.length === 0 ? "none" : entries.join(",")
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
            `must target a host the sandbox may deliver to (webhookAllow, --webhook-allow: ${names}), got ${
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
