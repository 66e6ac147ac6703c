import stringWidth from "string-width"
import { describe, expect, it } from "vitest"
import { renderPairs, renderTable } from "../../../src/adapters/cli/table.ts"

/** Where each column starts on a line, in terminal columns: after a run of two or more spaces. */
const columnStarts = (line: string): Array<number> => {
  const starts = [0]
  for (const m of line.matchAll(/ {2,}(?=\S)/g)) starts.push(stringWidth(line.slice(0, m.index + m[0].length)))
  return starts
}

// rows with CJK characters or emoji were padded by .length and misaligned
describe("renderTable", () => {
  it("aligns rows by display width: CJK and emoji take two columns, combining marks none", () => {
    const table = renderTable(
      ["item", "name", "policy", "amount"],
      [
        ["t1", "演唱会门票", "🎫 75% refundable", "125"],
        ["t2", "Ticket", "none", "0"],
        ["t3", "Café", "👨‍👩‍👧 family", "12.50"],
        ["t4", "e\u0301te\u0301", "ｆｕｌｌ", "7"]
      ]
    )
    const lines = table.trimEnd().split("\n")
    expect(lines[2]).toBe("t1    演唱会门票  🎫 75% refundable     125")
    // every row ends at the same column (the amount is right-aligned) and its columns start where the header's do
    const width = stringWidth(lines[0]!)
    for (const line of lines) expect(stringWidth(line), line).toBe(width)
    for (const line of [lines[0]!, ...lines.slice(2)]) {
      expect(columnStarts(line).slice(0, 3), line).toEqual(columnStarts(lines[0]!).slice(0, 3))
    }
    // the rule under the header is as wide as each column
    expect(lines[1]).toBe(["----", "----------", "-----------------", "------"].join("  "))
  })

  it("renderPairs pads keys by display width", () => {
    const pairs = renderPairs([["名前", "a"], ["name", "b"], ["x", "c"]]).trimEnd().split("\n")
    expect(pairs.map((l) => stringWidth(l))).toEqual([7, 7, 7])
  })
})
