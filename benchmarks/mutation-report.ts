/**
 * Reads Stryker's JSON report (`npm run mutation` writes reports/mutation/mutation.json) with the
 * equivalent mutants of benchmarks/mutation-equivalents.json, and prints the score of each module:
 * Stryker's own (killed and timed out over all valid mutants) and the score once the mutants recorded as
 * equivalent leave the count. It lists every survivor that is neither killed nor recorded, and every
 * record that matches no survivor any more (the code changed: look again).
 *
 *   npm run mutation:report                        # the table and the open survivors
 *   npm run mutation:report -- --write after       # also: benchmarks/mutation.md's "after" table (any table
 *                                                  # between <!-- name:begin/end --> markers: --write name)
 *                                                  # and its list of equivalent mutants, from the JSON
 *   npm run mutation:report -- --write before x.json  # the "before" table, from another report
 *   npm run mutation:report -- a.json b.json       # several runs' reports read as one (see `merge`)
 *
 * A mutant is matched by its file, its mutator, the code it replaces and its replacement (whitespace
 * collapsed), never by line number, so records survive edits elsewhere in the file.
 */
import { readFileSync, writeFileSync } from "node:fs"

interface Location {
  readonly start: { readonly line: number; readonly column: number }
  readonly end: { readonly line: number; readonly column: number }
}
interface Mutant {
  readonly id: string
  readonly mutatorName: string
  readonly replacement?: string
  readonly location: Location
  readonly status: string
  readonly static?: boolean
}
interface Report {
  readonly files: Record<string, { readonly source: string; readonly mutants: ReadonlyArray<Mutant> }>
}
/** One equivalent mutant, as benchmarks/mutation-equivalents.json records it. */
export interface Equivalent {
  readonly file: string
  readonly mutator: string
  readonly original: string
  readonly replacement: string
  readonly why: string
}

const args = process.argv.slice(2)
const writeAt = args.indexOf("--write")
const section = writeAt < 0 ? undefined : args[writeAt + 1]
if (section !== undefined && !/^[a-z0-9-]+$/.test(section)) {
  throw new Error(`--write takes the name of a table's markers in benchmarks/mutation.md, got ${section}`)
}
const reportPaths = args.filter((a, i) => !a.startsWith("--") && (writeAt < 0 || i !== writeAt + 1))

const mutantKey = ({ location: { end, start }, mutatorName, replacement }: Mutant) =>
  `${start.line}:${start.column}-${end.line}:${end.column} ${mutatorName} ${replacement ?? ""}`

/**
 * Several reports (one run per module, a run of a module's static mutants) read as one. Where two
 * reports have a module with the same source, a mutant one of them ran replaces the other's record of
 * it (a later report wins), so a run of the static mutants alone completes a run that ignored them;
 * where the source differs, the later report's module replaces the earlier one whole.
 */
const merge = (reports: ReadonlyArray<Report>): Report => {
  const files: Record<string, { readonly source: string; readonly mutants: ReadonlyArray<Mutant> }> = {}
  for (const { files: next } of reports) {
    for (const [file, entry] of Object.entries(next)) {
      const known = files[file]
      if (known === undefined || known.source !== entry.source) {
        files[file] = entry
        continue
      }
      const mutants = new Map(known.mutants.map((m) => [mutantKey(m), m]))
      for (const m of entry.mutants) {
        if (m.status !== "Ignored" || !mutants.has(mutantKey(m))) mutants.set(mutantKey(m), m)
      }
      files[file] = { source: entry.source, mutants: [...mutants.values()] }
    }
  }
  return { files }
}

const report = merge(
  (reportPaths.length === 0 ? ["reports/mutation/mutation.json"] : reportPaths).map((path) =>
    JSON.parse(readFileSync(path, "utf8")) as Report
  )
)
const equivalents = JSON.parse(
  readFileSync(new URL("mutation-equivalents.json", import.meta.url), "utf8")
) as ReadonlyArray<Equivalent>

const squash = (text: string) => text.replace(/\s+/g, " ").trim()

/** The source text a mutant replaces. */
const originalOf = (source: string, { end, start }: Location): string => {
  const lines = source.split("\n")
  const offset = (line: number, column: number) =>
    lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0) + column - 1
  return source.slice(offset(start.line, start.column), offset(end.line, end.column))
}

const matches = (file: string, source: string, mutant: Mutant) => (e: Equivalent) =>
  e.file === file && e.mutator === mutant.mutatorName &&
  squash(e.original) === squash(originalOf(source, mutant.location)) &&
  squash(e.replacement) === squash(mutant.replacement ?? "")

interface Row {
  readonly file: string
  readonly killed: number
  readonly survived: number
  readonly equivalent: number
  readonly invalid: number
  readonly ignored: number
}
const rows: Array<Row> = []
const open: Array<string> = []
const used = new Set<Equivalent>()
for (const [file, { mutants, source }] of Object.entries(report.files).sort(([a], [b]) => a.localeCompare(b))) {
  let killed = 0, survived = 0, equivalent = 0, invalid = 0, ignored = 0
  for (const mutant of mutants) {
    switch (mutant.status) {
      case "Killed":
      case "Timeout":
        killed++
        break
      case "Survived":
      case "NoCoverage": {
        survived++
        const found = equivalents.filter(matches(file, source, mutant))
        if (found.length > 0) {
          equivalent++
          found.forEach((e) => used.add(e))
        } else {
          const { column, line } = mutant.location.start
          open.push(
            `${file}:${line}:${column} ${mutant.status} ${mutant.mutatorName}${mutant.static ? " (static)" : ""}: ` +
              `${JSON.stringify(squash(originalOf(source, mutant.location)))} -> ${JSON.stringify(mutant.replacement)}`
          )
        }
        break
      }
      case "Ignored": // a static mutant left out by `--ignoreStatic`: not run, so neither killed nor survived
        ignored++
        break
      default: // CompileError, RuntimeError: not valid mutants
        invalid++
    }
  }
  rows.push({ file, killed, survived, equivalent, invalid, ignored })
}

const percent = (n: number, d: number) => (d === 0 ? "n/a" : `${(Math.floor((1000 * n) / d) / 10).toFixed(1)} %`)
const total = rows.reduce(
  (t, r) => ({
    file: "all modules",
    killed: t.killed + r.killed,
    survived: t.survived + r.survived,
    equivalent: t.equivalent + r.equivalent,
    invalid: t.invalid + r.invalid,
    ignored: t.ignored + r.ignored
  }),
  { file: "", killed: 0, survived: 0, equivalent: 0, invalid: 0, ignored: 0 }
)
const table = [
  "| module | killed / valid | Stryker's score | equivalent | score without equivalents | not compiling | static, not run |",
  "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
  ...[...rows, total].map((r) => {
    const valid = r.killed + r.survived
    const name = r === total ? "**all modules**" : `\`${r.file.replace(/^src\/core\//, "")}\``
    return `| ${name} | ${r.killed} / ${valid} | ${percent(r.killed, valid)} | ${r.equivalent} | ${
      percent(r.killed, valid - r.equivalent)
    } | ${r.invalid} | ${r.ignored} |`
  })
].join("\n")

console.log(table)
console.log(`\n${open.length} survivor(s) neither killed nor recorded as equivalent${open.length > 0 ? ":" : "."}`)
for (const line of open) console.log(`  ${line}`)
const reported = new Set(Object.keys(report.files))
const stale = equivalents.filter((e) => reported.has(e.file) && !used.has(e))
if (stale.length > 0) {
  console.log(`\n${stale.length} equivalent record(s) of these modules match no survivor (the code changed):`)
  for (const e of stale) {
    console.log(`  ${e.file} ${e.mutator}: ${JSON.stringify(e.original)} -> ${JSON.stringify(e.replacement)}`)
  }
}

/** Inline code, fenced so that a backtick inside stays code; a pipe escaped for the table. */
const code = (text: string) => {
  const t = squash(text).replace(/\|/g, "\\|")
  return t.includes("`") ? `\`\` ${t} \`\`` : `\`${t}\``
}

const replaceBetween = (md: string, name: string, content: string) => {
  const begin = `<!-- ${name}:begin -->`
  const end = `<!-- ${name}:end -->`
  const from = md.indexOf(begin)
  const to = md.indexOf(end)
  if (from < 0 || to < from) throw new Error(`benchmarks/mutation.md lacks the ${begin} … ${end} markers`)
  return `${md.slice(0, from + begin.length)}\n${content}\n${md.slice(to)}`
}

if (section !== undefined) {
  const mdPath = new URL("mutation.md", import.meta.url)
  let md = replaceBetween(readFileSync(mdPath, "utf8"), section, table)
  // the list of equivalents is the JSON's, whichever table is written
  {
    const list = [
      "| module | mutant | why it is equivalent |",
      "| --- | --- | --- |",
      ...[...equivalents].sort((a, b) => a.file.localeCompare(b.file)).map((e) =>
        `| \`${e.file.replace(/^src\/core\//, "")}\` | ${e.mutator}: ${code(e.original)} → ${code(e.replacement)} | ${
          e.why.replace(/\|/g, "\\|")
        } |`
      )
    ].join("\n")
    md = replaceBetween(md, "equivalents", list)
  }
  writeFileSync(mdPath, md)
  console.log(`\nwrote the ${section} table of benchmarks/mutation.md`)
}
