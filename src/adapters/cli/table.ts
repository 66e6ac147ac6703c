/**
 * Plain-text tables for `--format table`: columns padded to their widest cell,
 * numbers aligned right so digits line up.
 */
const NUMERIC = /^-?[\d,]+(\.\d+)?$/

export const renderTable = (header: ReadonlyArray<string>, rows: ReadonlyArray<ReadonlyArray<string>>): string => {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)))
  const line = (cells: ReadonlyArray<string>) =>
    cells
      .map((cell, i) => (NUMERIC.test(cell) ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join("  ")
      .trimEnd()
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n") + "\n"
}

/** `key  value` lines for a flat record. */
export const renderPairs = (pairs: ReadonlyArray<readonly [string, unknown]>): string => {
  const width = Math.max(...pairs.map(([k]) => k.length))
  return pairs.map(([k, v]) => `${k.padEnd(width)}  ${cell(v)}`).join("\n") + "\n"
}

/** One cell: numbers and strings as they are, everything else as compact JSON. */
export const cell = (value: unknown): string =>
  value === undefined || value === null ? "" : typeof value === "object" ? JSON.stringify(value) : String(value)
