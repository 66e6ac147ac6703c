/**
 * The warnings of an exposure report's lines (R10.2: a field no rule reads;
 * R1.2: a `--merchant` that disagrees with a record's digits), kept once per
 * distinct warning with the lines it was seen on, so a typo repeated on a
 * million lines is one line of stderr. Bounded: at most {@link MAX_WARNINGS}
 * distinct ones are kept, and whether more were met is said.
 *
 * @module
 */
import type { Issue } from "../../../core/foundation/issues.ts"

/** A distinct warning, the number of lines it was seen on and the first of them. Plain data: it crosses from a worker. */
export interface LineWarning {
  readonly issue: Issue
  readonly lines: number
  readonly firstLine: number
}

/** The distinct warnings of some lines; `overflow`: more distinct ones were met than are kept. */
export interface LineWarningList {
  readonly warnings: ReadonlyArray<LineWarning>
  readonly overflow: boolean
}

/** Distinct warnings kept at most: they repeat per line, so in practice a few paths each. */
export const MAX_WARNINGS = 100

interface Kept {
  readonly issue: Issue
  lines: number
  firstLine: number
  /** the last line counted: a line counts once per warning */
  lastLine: number
  /** the order it was met in on its first line */
  order: number
}

const keyOf = (issue: Issue) => `${issue.path}\u0000${issue.code}\u0000${issue.message}`

export class LineWarnings {
  private readonly kept = new Map<string, Kept>()
  private overflow = false
  private order = 0

  get size(): number {
    return this.kept.size
  }

  /** A warning seen on `line`. */
  add(issue: Issue, line: number): void {
    this.count(issue, 1, line, line)
  }

  /** Adds the warnings of other lines (a batch's, a worker's): lines add up, the first line is the earliest. */
  merge(list: LineWarningList): void {
    for (const w of list.warnings) this.count(w.issue, w.lines, w.firstLine, -1)
    if (list.overflow) this.overflow = true
  }

  private count(issue: Issue, lines: number, firstLine: number, line: number): void {
    const key = keyOf(issue)
    const kept = this.kept.get(key)
    if (kept === undefined) {
      if (this.kept.size >= MAX_WARNINGS) this.overflow = true
      else this.kept.set(key, { issue, lines, firstLine, lastLine: line, order: this.order++ })
      return
    }
    if (line >= 0 && kept.lastLine === line) return
    kept.lines += lines
    kept.lastLine = line
    if (firstLine < kept.firstLine) {
      kept.firstLine = firstLine
      kept.order = this.order++
    }
  }

  /** The warnings in the order they were first met (by line, then as found on it). */
  list(): LineWarningList {
    const warnings = [...this.kept.values()]
      .sort((a, b) => a.firstLine - b.firstLine || a.order - b.order)
      .map(({ issue, lines, firstLine }): LineWarning => ({ issue, lines, firstLine }))
    return { warnings, overflow: this.overflow }
  }

  /** {@link list}, emptied: what a batch hands over. */
  take(): LineWarningList {
    const list = this.kept.size === 0 && !this.overflow ? NONE : this.list()
    this.kept.clear()
    this.overflow = false
    return list
  }
}

const NONE: LineWarningList = { warnings: [], overflow: false }

const count = (n: number) => n.toLocaleString("en") // not money: a count of lines

/** A line's warning as the command line prints it: the core's words, and where the report saw it. */
export const asIssue = (w: LineWarning): Issue => ({
  ...w.issue,
  message: `${w.issue.message} (${
    w.lines === 1 ? `line ${count(w.firstLine)}` : `${count(w.lines)} lines, the first line ${count(w.firstLine)}`
  })`
})
