/**
 * The boundary rules (.dependency-cruiser.cjs, run by `npm run lint:boundaries`)
 * name only what exists: a rule about a file that was renamed or removed checks
 * nothing and still passes, so every file and folder a rule's path spells out
 * must be in the repository, and every path pattern must match some source file.
 */
import { existsSync, readdirSync, statSync } from "node:fs"
import { createRequire } from "node:module"
import { join } from "node:path"
import { describe, expect, it } from "vitest"

const root = join(import.meta.dirname, "..")

interface Side {
  readonly path?: string
  readonly pathNot?: string
}

interface Rule {
  readonly name: string
  readonly from: Side
  readonly to: Side
}

const config = createRequire(import.meta.url)(join(root, ".dependency-cruiser.cjs")) as {
  readonly forbidden: ReadonlyArray<Rule>
}

/**
 * Every string a pattern made of literals, groups and alternatives matches
 * (anchors dropped), or undefined when it uses anything else (classes,
 * look-aheads, back references, repetition): those are checked by matching only.
 */
const expand = (pattern: string): ReadonlyArray<string> | undefined => {
  let at = 0
  const alternatives = (): Array<string> | undefined => {
    const all: Array<string> = []
    for (;;) {
      const one = sequence()
      if (one === undefined) return undefined
      all.push(...one)
      if (pattern[at] !== "|") return all
      at++
    }
  }
  const sequence = (): Array<string> | undefined => {
    let strings = [""]
    while (at < pattern.length && pattern[at] !== "|" && pattern[at] !== ")") {
      const c = pattern[at]!
      let next: Array<string> | undefined
      if (c === "(") {
        if (pattern[at + 1] === "?") return undefined
        at++
        next = alternatives()
        if (next === undefined || pattern[at] !== ")") return undefined
        at++
      } else if (c === "\\") {
        next = [pattern[at + 1]!]
        at += 2
      } else if (c === "^" || (c === "$" && (at + 1 === pattern.length || "|)".includes(pattern[at + 1]!)))) {
        next = [""]
        at++
      } else if ("[]?*+{}.$".includes(c)) {
        return undefined
      } else {
        next = [c]
        at++
      }
      strings = strings.flatMap((s) => next.map((n) => s + n))
    }
    return strings
  }
  const all = alternatives()
  return all !== undefined && at === pattern.length ? all : undefined
}

/** A spelled-out path exists: a folder (ending in /), a file, or the stem of a file or folder (`src/facade`). */
const exists = (path: string): boolean =>
  path.endsWith("/")
    ? existsSync(join(root, path)) && statSync(join(root, path)).isDirectory()
    : existsSync(join(root, path)) || existsSync(join(root, `${path}.ts`))

const sourceFiles = (dir: string): Array<string> =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(`${dir}/${entry.name}`) : [`${dir}/${entry.name}`]
  )

const patterns = config.forbidden.flatMap((rule) =>
  (["from", "to"] as const).flatMap((side) =>
    (["path", "pathNot"] as const).flatMap((key) => {
      const pattern = rule[side]?.[key]
      return pattern === undefined ? [] : [{ where: `${rule.name} ${side}.${key}`, pattern }]
    })
  )
)

describe("boundary rules", () => {
  it("expands patterns of literals and alternatives, and declines the rest", () => {
    expect(expand("^src/adapters/sandbox/(store|webhook-store)\\.ts$")).toEqual([
      "src/adapters/sandbox/store.ts",
      "src/adapters/sandbox/webhook-store.ts"
    ])
    expect(expand("^src/(a/|b\\.ts$)|^src/c/")).toEqual(["src/a/", "src/b.ts", "src/c/"])
    expect(expand("^src/adapters/([^/]+)/")).toBeUndefined()
    expect(expand("^src/(adapters/(?!client/)|x)")).toBeUndefined()
    expect(expand("^src/adapters/$1/")).toBeUndefined()
  })

  it("name only files and folders that exist", () => {
    const missing = patterns.flatMap(({ where, pattern }) =>
      (expand(pattern) ?? []).filter((path) => !exists(path)).map((path) => `${where}: ${path}`)
    )
    expect(missing).toEqual([])
    // the sandbox's rules are all spelled out, so the check above covers each of their names
    const sandbox = patterns.filter(({ where }) => where.startsWith("sandbox-"))
    expect(sandbox.length).toBeGreaterThan(10)
    expect(sandbox.filter(({ pattern }) => expand(pattern) === undefined)).toEqual([])
  })

  it("match some source file, each pattern about src/", () => {
    const files = sourceFiles("src")
    const unmatched = patterns.filter(({ pattern }) =>
      pattern.startsWith("^src/") && !pattern.includes("$1") && !files.some((f) => new RegExp(pattern).test(f))
    )
    expect(unmatched).toEqual([])
  })

  it("place every file of the sandbox in one of its layers", () => {
    const layers = config.forbidden
      .filter((rule) => rule.name.startsWith("sandbox-") && rule.name !== "sandbox-widget-bundles-schema-free-core")
      .flatMap((rule) => [rule.from.path, rule.to.path])
      .filter((p): p is string => p !== undefined && p !== "^src/adapters/sandbox/")
    const unplaced = sourceFiles("src/adapters/sandbox").filter((f) => !layers.some((p) => new RegExp(p).test(f)))
    expect(unplaced).toEqual([])
  })
})
