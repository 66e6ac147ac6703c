/**
 * Budget of the adapters' split: the sandbox's in-process hot paths (retrieve checkout,
 * plan terms, the widget's checkout, a create → complete → cancel flow, with webhooks off and on)
 * cost at most 1.05× of the code before the sandbox's layers and long functions were reorganised.
 * That code (`BEFORE`) is extracted with `git archive`; benchmarks/sandbox-paths.ts measures one tree
 * per process (a fresh V8 for each), in CPU time, which waiting for a core on a shared machine does
 * not inflate. Processes alternate between the trees; each path's figure is the median over the
 * processes of a tree, and the ratio is this branch's over the code before.
 */
import { execFileSync } from "node:child_process"
import { mkdtempSync, rmSync, symlinkSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import type { Note, Suite } from "./harness.ts"

/** The last commit of main before the split. */
const BEFORE = "ef30647"
/** Processes per tree. */
const PROCESSES = Number(process.env["SPLIT_PROCESSES"] ?? 5)
const BUDGET = 1.05

const ROOT = fileURLToPath(new URL("..", import.meta.url))
const WORKER = fileURLToPath(new URL("sandbox-paths.ts", import.meta.url))

/** The source tree at `BEFORE` beside node_modules, or undefined where git cannot give it. */
const extractBefore = (): string | undefined => {
  const dir = mkdtempSync(join(tmpdir(), "ppe-sandbox-before-"))
  process.on("exit", () => rmSync(dir, { recursive: true, force: true }))
  try {
    execFileSync("sh", ["-c", `git -C '${ROOT}' archive ${BEFORE} src | tar -x -C '${dir}'`], { stdio: "ignore" })
    symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"))
    return dir
  } catch {
    return undefined
  }
}

interface Measured {
  readonly answers: Record<string, string>
  readonly figures: Record<string, number>
}

const measure = (root: string): Measured =>
  JSON.parse(execFileSync(process.execPath, [WORKER, root], { encoding: "utf8", maxBuffer: 1 << 26 })) as Measured

const median = (xs: ReadonlyArray<number>): number => {
  const s = [...xs].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2
}

const compare = (): ReadonlyArray<Note> => {
  const before = process.env["SPLIT_BEFORE_TREE"] ?? extractBefore()
  if (before === undefined) {
    return [{
      text: `the code before the split (${BEFORE}) could not be extracted with git: no budget measured`,
      pass: false
    }]
  }
  const runs: { before: Array<Measured>; after: Array<Measured> } = { before: [], after: [] }
  for (let i = 0; i < PROCESSES; i++) {
    // alternate, and alternate which goes first, so a change in the machine's load falls on both
    const pair = i % 2 === 0 ? (["before", "after"] as const) : (["after", "before"] as const)
    for (const side of pair) runs[side].push(measure(side === "before" ? before : ROOT))
  }
  return Object.keys(runs.after[0]!.figures).map((path) => {
    if (runs.before[0]!.answers[path] !== runs.after[0]!.answers[path]) {
      return { text: `${path}: the two trees answer differently`, pass: false }
    }
    const a = median(runs.after.map((r) => r.figures[path]!))
    const b = median(runs.before.map((r) => r.figures[path]!))
    const r = a / b
    return {
      text: `${path}: ${a.toFixed(1)} µs ÷ ${b.toFixed(1)} µs before (${BEFORE}) = ${r.toFixed(3)} ` +
        `(CPU time per call, medians over ${PROCESSES} processes each; budget ≤ ${BUDGET})`,
      pass: r <= BUDGET
    }
  })
}

export const suite: Suite = {
  title: "The sandbox's hot paths against the code before its layers and long functions were reorganised",
  budgetsOf: "the adapters' split",
  cases: [],
  notes: compare
}
