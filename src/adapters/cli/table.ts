/**
 * Plain-text tables for `--format table`: columns padded to their widest cell,
 * numbers aligned right so digits line up. Widths are display widths in a
 * terminal (string-width: East Asian wide characters and emoji take two
 * columns, combining marks none), not string lengths, so rows with CJK names
 * or emoji stay aligned.
 *
 * @module
 */
import stringWidth from "string-width"

const NUMERIC = /^-?[\d,]+(\.\d+)?$/

/** Columns a cell takes in a terminal. */
export const displayWidth = (text: string): number => stringWidth(text)

const padEnd = (text: string, width: number) => text + " ".repeat(Math.max(0, width - displayWidth(text)))
const padStart = (text: string, width: number) => " ".repeat(Math.max(0, width - displayWidth(text))) + text

export const renderTable = (header: ReadonlyArray<string>, rows: ReadonlyArray<ReadonlyArray<string>>): string => {
  const widths = header.map((h, i) => Math.max(displayWidth(h), ...rows.map((r) => displayWidth(r[i] ?? ""))))
  const line = (cells: ReadonlyArray<string>) =>
    cells
      .map((cell, i) => (NUMERIC.test(cell) ? padStart(cell, widths[i]!) : padEnd(cell, widths[i]!)))
      .join("  ")
      .trimEnd()
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n") + "\n"
}

/** `key  value` lines for a flat record. */
export const renderPairs = (pairs: ReadonlyArray<readonly [string, unknown]>): string => {
  const width = Math.max(...pairs.map(([k]) => displayWidth(k)))
  return pairs.map(([k, v]) => `${padEnd(k, width)}  ${cell(v)}`).join("\n") + "\n"
}

/** One cell: numbers and strings as they are, everything else as compact JSON. */
export const cell = (value: unknown): string =>
  value === undefined || value === null ? "" : typeof value === "object" ? JSON.stringify(value) : String(value)
