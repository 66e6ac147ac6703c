// The public surface, read from the declarations in dist/types (npm run build first):
// - `node scripts/api.mjs --check` (in npm test): every value the declarations export exists at
//   runtime and nothing else does (parity), and the export list of docs/api.md is exactly what the package exports, so
//   a new export cannot appear without being listed and described there;
// - `node scripts/api.mjs --write` rewrites that list (between the api markers) after a change.
import { readFileSync, writeFileSync } from "node:fs"
import ts from "typescript"

const root = new URL("..", import.meta.url)
const pkg = JSON.parse(readFileSync(new URL("package.json", root), "utf8"))
const entries = Object.entries(pkg.exports)
  .filter(([, target]) => typeof target === "object" && target.types !== undefined)
  .map(([subpath, target]) => ({
    specifier: subpath === "." ? pkg.name : `${pkg.name}/${subpath.slice(2)}`,
    types: new URL(target.types, root).pathname
  }))

const program = ts.createProgram(entries.map((e) => e.types), {
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  strict: true,
  noEmit: true,
  types: ["node"]
})
const checker = program.getTypeChecker()

/** A module's own description: the comment that opens its file. */
const moduleComment = (symbol) => {
  const file = symbol.declarations?.find(ts.isSourceFile)
  const opening = file?.text.match(/^\s*\/\*\*([\s\S]*?)\*\//)?.[1] ?? ""
  return opening.split("\n").map((line) => line.replace(/^\s*\* ?/, "")).filter((l) => !l.startsWith("@")).join(" ")
}

const summary = (symbol) => {
  const own = ts.displayPartsToString(symbol.getDocumentationComment(checker))
  const text = (own === "" && symbol.flags & ts.SymbolFlags.ValueModule ? moduleComment(symbol) : own)
    .replace(/\s+/g, " ")
    .trim()
  const sentence = text.match(/^.*?\.(?=\s|$)/)?.[0] ?? text
  return sentence.replace(/\|/g, "\\|").replace(/\{@link ([^}|]+)(?:\|[^}]*)?\}/g, "`$1`")
}

const kindOf = (exported) => {
  const typeOnly = exported.declarations?.some((d) => ts.isTypeOnlyExportDeclaration?.(d) || d.isTypeOnly) ||
    checker.getTypeOnlyAliasDeclaration?.(exported) !== undefined
  const target = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported
  if (!typeOnly && target.flags & ts.SymbolFlags.ValueModule) return { kind: "namespace", target }
  if (!typeOnly && target.flags & ts.SymbolFlags.Value) return { kind: "value", target }
  return { kind: "type", target }
}

const surface = entries.map((entry) => {
  const file = program.getSourceFile(entry.types)
  if (file === undefined) throw new Error(`no declarations at ${entry.types}`)
  const exports = checker.getExportsOfModule(checker.getSymbolAtLocation(file)).map((exported) => {
    const { kind, target } = kindOf(exported)
    const members = kind === "namespace"
      ? checker.getExportsOfModule(target).map((member) => {
        const inner = kindOf(member)
        return { name: member.name, kind: inner.kind, summary: summary(inner.target) }
      }).sort((a, b) => a.name.localeCompare(b.name))
      : []
    return { name: exported.name, kind, summary: summary(target), members }
  }).sort((a, b) => a.name.localeCompare(b.name))
  return { ...entry, exports }
})

const mode = process.argv[2]
const problems = []

// Parity: every value the declarations export exists at runtime, in every namespace too; and
// nothing is exported at runtime that the declarations hide (an internal let out).
for (const entry of surface) {
  const runtime = await import(entry.specifier)
  const declared = new Map(entry.exports.map((e) => [e.name, e]))
  for (const name of Object.keys(runtime)) {
    const e = declared.get(name)
    if (e === undefined || e.kind === "type") {
      problems.push(`${entry.specifier}: ${name} is exported at runtime but not declared`)
    } else if (e.kind === "namespace") {
      const members = new Set(e.members.filter((m) => m.kind !== "type").map((m) => m.name))
      for (const member of Object.keys(runtime[name])) {
        if (!members.has(member)) {
          problems.push(`${entry.specifier}: ${name}.${member} is exported at runtime but not declared`)
        }
      }
    }
  }
  for (const e of entry.exports) {
    if (e.kind === "type") continue
    if (!(e.name in runtime)) problems.push(`${entry.specifier}: ${e.name} is declared but not exported at runtime`)
    for (const m of e.members) {
      if (m.kind !== "type" && !(runtime[e.name] !== undefined && m.name in runtime[e.name])) {
        problems.push(`${entry.specifier}: ${e.name}.${m.name} is declared but not exported at runtime`)
      }
    }
  }
}

const row = (name, kind, text) => `| \`${name}\` | ${kind} | ${text} |`
const listing = surface.map((entry) => {
  const counts = ["value", "type", "namespace"].map((k) => `${entry.exports.filter((e) => e.kind === k).length} ${k}s`)
  const lines = [`### \`${entry.specifier}\``, "", `${entry.exports.length} exports: ${counts.join(", ")}.`, ""]
  lines.push("| export | kind | what it is |", "| --- | --- | --- |")
  for (const e of entry.exports) {
    lines.push(row(e.name, e.kind, e.summary))
    for (const m of e.members) lines.push(row(`${e.name}.${m.name}`, m.kind, m.summary))
  }
  return lines.join("\n")
}).join("\n\n")

const docPath = new URL("docs/api.md", root)
const doc = readFileSync(docPath, "utf8")
const START = "<!-- api:start (written by node scripts/api.mjs --write) -->"
const END = "<!-- api:end -->"
const [before, rest] = doc.split(START)
if (rest === undefined) throw new Error(`docs/api.md lacks the marker ${START}`)
const after = rest.slice(rest.indexOf(END))
const written = `${before}${START}\n\n${listing}\n\n${after}`

if (mode === "--write") {
  writeFileSync(docPath, written)
  console.log(`docs/api.md: ${surface.map((e) => `${e.specifier} ${e.exports.length}`).join(", ")}`)
} else {
  const names = (text) => new Set([...text.matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1]))
  const listed = names(rest.slice(0, rest.indexOf(END)))
  const actual = names(listing)
  for (const n of actual) if (!listed.has(n)) problems.push(`${n} is exported but not listed in docs/api.md`)
  for (const n of listed) if (!actual.has(n)) problems.push(`${n} is listed in docs/api.md but not exported`)
  if (problems.length === 0 && written !== doc) {
    problems.push("docs/api.md's export list is stale (a kind or a summary changed): node scripts/api.mjs --write")
  }
}
if (problems.length > 0) {
  console.error(problems.join("\n"))
  process.exit(1)
}
console.log(
  `public surface: ${
    surface.map((e) => `${e.specifier} ${e.exports.length} exports`).join(", ")
  }; every declared value exists at runtime`
)
