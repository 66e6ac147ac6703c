/**
 * Budget of the long functions' split: the hot paths whose functions were split by
 * concern (a refund quote and its totals, plan terms, the lifecycle, search, plan creation) cost
 * at most 1.05× of the code before the split. That code (`BEFORE`) is extracted with `git archive`;
 * benchmarks/split-paths.ts measures one tree per process (a fresh V8 for each, so what it learnt
 * from one tree's code does not steer the other's), in CPU time, which waiting for a core on a
 * shared machine does not inflate. Processes alternate between the trees; each path's figure is the
 * median over the processes of a tree, and the ratio is this branch's over the code before.
 */
import { execFileSync } from "node:child_process"
import { mkdtempSync, rmSync, symlinkSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import type { Note, Suite } from "./harness.ts"

/**
 * The last commit of main before the split. `BENCH_BEFORE=HEAD npm run bench functions` on a clean
 * tree compares the code with itself: what the ratios of identical code are, on this machine today.
 */
const BEFORE = process.env["BENCH_BEFORE"] ?? "ffc1d6b"
/** Processes per tree. */
const PROCESSES = 5
const BUDGET = 1.05

const ROOT = fileURLToPath(new URL("..", import.meta.url))
const WORKER = fileURLToPath(new URL("split-paths.ts", import.meta.url))

/** The source tree at `BEFORE` beside node_modules, or undefined where git cannot give it. */
const extractBefore = (): string | undefined => {
  const dir = mkdtempSync(join(tmpdir(), "ppe-before-"))
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
  const before = extractBefore()
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
    // the same answers, or the comparison is of different work
    if (runs.before[0]!.answers[path] !== runs.after[0]!.answers[path]) {
      return { text: `${path}: the two trees answer differently`, pass: false }
    }
    const a = median(runs.after.map((r) => r.figures[path]!))
    const b = median(runs.before.map((r) => r.figures[path]!))
    const r = a / b
    return {
      text: `${path}: ${a.toFixed(2)} µs ÷ ${b.toFixed(2)} µs before (${BEFORE}) = ${r.toFixed(3)} ` +
        `(CPU time per call, medians over ${PROCESSES} processes each; budget ≤ ${BUDGET})`,
      pass: r <= BUDGET
    }
  })
}

export const suite: Suite = {
  title: "Split functions: the hot paths against the code before the split",
  budgetsOf: "the long functions' split",
  cases: [],
  notes: compare
}
