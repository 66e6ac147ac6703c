/**
 * Comparing this tree with the code of an earlier commit, for the budgets of a reorganisation
 * ("at most 1.05× of the code before"). The earlier code is extracted with `git archive` beside
 * this tree's node_modules; a worker script measures one tree per process (a fresh V8 for each, so
 * what it learnt from one tree's code does not steer the other's), in CPU time, which waiting for a
 * core on a shared machine does not inflate. Processes alternate between the trees; each path's
 * figure is the median over the processes of a tree, and the ratio is this tree's over the earlier.
 */
import { execFileSync } from "node:child_process"
import { mkdtempSync, rmSync, symlinkSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import type { Note } from "./harness.ts"

const ROOT = fileURLToPath(new URL("..", import.meta.url))

/** What a worker prints: each path's answer (the same in both trees, or the work differs) and figure (µs). */
interface Measured {
  readonly answers: Record<string, string>
  readonly figures: Record<string, number>
}

/** The source tree at `commit` beside node_modules, or undefined where git cannot give it. */
const extract = (commit: string): string | undefined => {
  const dir = mkdtempSync(join(tmpdir(), "ppe-before-"))
  process.on("exit", () => rmSync(dir, { recursive: true, force: true }))
  try {
    execFileSync("sh", ["-c", `git -C '${ROOT}' archive ${commit} src | tar -x -C '${dir}'`], { stdio: "ignore" })
    symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"))
    return dir
  } catch {
    return undefined
  }
}

const median = (xs: ReadonlyArray<number>): number => {
  const s = [...xs].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2
}

/** How to compare: the earlier commit (or an extracted tree), the worker, processes per tree, the budget. */
export interface TreeComparison {
  readonly before: string
  /** an already extracted tree of `before`, to skip `git archive` */
  readonly beforeTree?: string | undefined
  /** the worker script (benchmarks/…-paths.ts), given a tree's root as its argument */
  readonly worker: string
  readonly processes: number
  readonly budget: number
  /** decimals of the figures shown */
  readonly digits: number
}

/** Each path's ratio of this tree's CPU time over the earlier tree's, as the harness's notes. */
export const compareTrees = (c: TreeComparison): ReadonlyArray<Note> => {
  const before = c.beforeTree ?? extract(c.before)
  if (before === undefined) {
    return [{ text: `the code before (${c.before}) could not be extracted with git: no budget measured`, pass: false }]
  }
  const measure = (root: string): Measured =>
    JSON.parse(execFileSync(process.execPath, [c.worker, root], { encoding: "utf8", maxBuffer: 1 << 26 })) as Measured
  const runs: { before: Array<Measured>; after: Array<Measured> } = { before: [], after: [] }
  for (let i = 0; i < c.processes; i++) {
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
      text: `${path}: ${a.toFixed(c.digits)} µs ÷ ${b.toFixed(c.digits)} µs before (${c.before}) = ${r.toFixed(3)} ` +
        `(CPU time per call, medians over ${c.processes} processes each; budget ≤ ${c.budget})`,
      pass: r <= c.budget
    }
  })
}
