/**
 * Links that lead somewhere: every relative Markdown link of the docs names a
 * file that exists and, with `#anchor`, a heading of it; every `docs/….md`
 * path written in code, tests, scripts or docs exists. A record moved or
 * renamed (docs/decisions/) fails here instead of leaving a dead pointer.
 * CHANGELOG.md and .changeset/ are history, written as it was.
 * test/docs.test.ts runs it.
 *
 * @module
 */
import { execFileSync } from "node:child_process"
import { existsSync, readFileSync, statSync } from "node:fs"
import { dirname, join, normalize } from "node:path"

/** A link or path that leads nowhere: where it is written, what it says, and why. */
export interface DeadLink {
  readonly where: string
  readonly link: string
  readonly why: string
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
export const anchorOf = (heading: string): string =>
  heading.trim().toLowerCase().replace(/[`*_]/g, "").replace(/\[([^\]]*)\]\([^)]*\)/g, "$1").replace(
    /[^\p{L}\p{N}\s-]/gu,
    ""
  ).replace(/\s/g, "-")

/** The anchors of a Markdown text's headings (a repeated heading gets `-1`, `-2`, …). */
export const anchorsOf = (text: string): Set<string> => {
  const seen = new Map<string, number>()
  const anchors = new Set<string>()
  for (const line of withoutFences(text).split("\n")) {
    const heading = /^#{1,6}\s+(.*)$/.exec(line)
    if (heading === null) continue
    const base = anchorOf(heading[1]!)
    const n = seen.get(base) ?? 0
    seen.set(base, n + 1)
    anchors.add(n === 0 ? base : `${base}-${n}`)
  }
  return anchors
}

/** The text with its fenced code blocks blanked (their lines kept, so line numbers hold). */
const withoutFences = (text: string): string =>
  text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, (block) => block.replace(/[^\n]/g, ""))

const HISTORY = /^(CHANGELOG\.md|\.changeset\/|test\/docs\.test\.ts$)/

/**
 * The dead links of one file (`where`, relative to the repository at `root`):
 * `read(path)` gives another file's text, or undefined when there is none.
 */
export const deadLinksIn = (
  where: string,
  text: string,
  exists: (path: string) => boolean,
  read: (path: string) => string | undefined
): Array<DeadLink> => {
  if (HISTORY.test(where)) return []
  const dead: Array<DeadLink> = []
  const lines = (where.endsWith(".md") ? withoutFences(text) : text).split("\n")
  lines.forEach((line, i) => {
    const at = `${where}:${i + 1}`
    if (where.endsWith(".md")) {
      for (const m of line.matchAll(/\]\(([^)\s]+)\)/g)) {
        const link = m[1]!
        if (/^[a-z]+:/i.test(link)) continue
        const [path, anchor] = link.split("#") as [string, string | undefined]
        const target = path === "" ? where : normalize(join(dirname(where), path))
        if (!exists(target)) {
          dead.push({ where: at, link, why: `${target} does not exist` })
          continue
        }
        if (anchor !== undefined && target.endsWith(".md")) {
          const body = target === where ? text : read(target)
          if (body !== undefined && !anchorsOf(body).has(decodeURIComponent(anchor))) {
            dead.push({ where: at, link, why: `${target} has no heading #${anchor}` })
          }
        }
      }
    }
    // a repository path to a doc, written in prose, a comment or a string
    for (const m of line.matchAll(/(?<![\w./-])(docs\/[\w./-]*\w\.md)/g)) {
      if (!exists(m[1]!)) dead.push({ where: at, link: m[1]!, why: `${m[1]} does not exist` })
    }
  })
  return dead
}

/** Every dead link of the repository at `root` (its text files git knows). */
export const deadLinks = (root: string): Array<DeadLink> => {
  const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8"
  }).split("\n").filter((f) => /\.(ts|mts|js|mjs|cjs|json|md)$/.test(f) && existsSync(join(root, f)))
  const exists = (path: string) => existsSync(join(root, path))
  const read = (path: string) => {
    const full = join(root, path)
    return existsSync(full) && statSync(full).isFile() ? readFileSync(full, "utf8") : undefined
  }
  return files.flatMap((f) => deadLinksIn(f, readFileSync(join(root, f), "utf8"), exists, read))
}
