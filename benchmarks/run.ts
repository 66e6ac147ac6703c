/**
 * `npm run bench`: runs every suite in benchmarks/*.bench.ts, prints each case's
 * median and its ratios to the baselines of the same run, writes
 * benchmarks/RESULTS.md (a selection, `npm run bench -- faults`, rewrites its
 * own sections only), and exits 1 when a budget is missed.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import { HEADER, machineDescription, type Measured, type Note, runSuite, type Suite, tableRows } from "./harness.ts"

const only = process.argv.slice(2)
const directory = new URL(".", import.meta.url)
const files = readdirSync(directory)
  .filter((f) => f.endsWith(".bench.ts"))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort()

const markdownTable = (rows: Array<Array<string>>) =>
  [HEADER, HEADER.map(() => "---"), ...rows].map((r) => `| ${r.join(" | ")} |`).join("\n")

// the load at the start says how shared the machine was: on a busy one, absolute figures fall and ratios hold
const machine = machineDescription()
console.log(`Measuring on ${machine}`)

const all: Array<Measured> = []
const failedNotes: Array<Note> = []
const sections: Array<string> = []
for (const file of files) {
  const { suite } = (await import(new URL(file, directory).href)) as { suite: Suite }
  console.log(`\n${suite.title} (${suite.budgetsOf}, ${file})`)
  const results = await runSuite(suite)
  all.push(...results)
  const rows = tableRows(results)
  const widths = HEADER.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
  for (const row of [HEADER, ...rows]) console.log("  " + row.map((cell, i) => cell.padEnd(widths[i]!)).join("  "))
  const notes = suite.notes === undefined ? [] : await suite.notes()
  const noteText = notes.map((n) => `${n.text}${n.pass === undefined ? "" : n.pass ? " (pass)" : " (FAIL)"}`)
  for (const line of noteText) console.log(`  ${line}`)
  failedNotes.push(...notes.filter((n) => n.pass === false))
  // the table the documentation cites, as it is there, for comparing on this machine
  const figures = suite.figures?.(results, machine)
  if (figures !== undefined) console.log(`\n${figures}`)
  sections.push(
    `## ${suite.title}\n\n${suite.budgetsOf}, \`benchmarks/${file}\`\n\n${markdownTable(rows)}` +
      (noteText.length === 0 ? "" : `\n\n${noteText.map((t) => `- ${t}`).join("\n")}`) +
      (figures === undefined ? "" : `\n\n${figures}`)
  )
}

const resultsFile = new URL("RESULTS.md", directory)
if (only.length === 0) {
  writeFileSync(
    resultsFile,
    `# Benchmark results\n\nWritten by \`npm run bench\` on ${machine}.\n` +
      `Medians; ratios compare median times measured in the same run, so they hold across machines better than the absolute figures.\n\n` +
      sections.join("\n\n") +
      "\n"
  )
} else if (existsSync(resultsFile)) {
  // a selection (`npm run bench -- faults`) rewrites its own sections and keeps the others
  let text = readFileSync(resultsFile, "utf8")
  for (const section of sections) {
    const heading = section.slice(0, section.indexOf("\n"))
    const start = text.indexOf(`${heading}\n`)
    if (start < 0) {
      text = `${text.trimEnd()}\n\n${section}\n`
      continue
    }
    const next = text.indexOf("\n## ", start + heading.length)
    text = `${text.slice(0, start)}${section}\n${next < 0 ? "" : text.slice(next)}`
  }
  writeFileSync(resultsFile, text)
}
const failed = [...all.filter((r) => r.pass === false).map((r) => r.name), ...failedNotes.map((n) => n.text)]
if (failed.length > 0) {
  console.error(`\n${failed.length} budget(s) missed: ${failed.join(", ")}`)
  process.exit(1)
}
