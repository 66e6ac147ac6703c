/**
 * docs/cli.md tells what the command does and what it was measured to do; these
 * keep it honest about what can drift silently.
 */
import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { FIGURE_ROWS } from "../../../benchmarks/exposure-figures.ts"
import { DATE_MEANING } from "../../../src/adapters/cli/options.ts"

const doc = readFileSync(new URL("../../../docs/cli.md", import.meta.url), "utf8")

describe("docs/cli.md", () => {
  // the throughput and memory figures were cited as facts, with no machine or load
  it("cites the exposure figures as the table `npm run bench exposure` prints, naming the machine and its load", () => {
    const heading =
      /^Measured by `npm run bench exposure` on (.+):\n\n\| exposure report \| measured \|\n\| --- \| --- \|\n((?:\|.*\|\n)+)/m
        .exec(doc)
    expect(heading, "the figures table and the line naming where it was measured").not.toBeNull()
    const [, machine, rows] = heading!
    expect(machine).toMatch(/^\d+ × .+, \d+ GiB, Node v\d+\.\d+\.\d+, load average \d+(\.\d)? \(\d{4}-\d{2}-\d{2}\)$/)
    expect(rows!.trimEnd().split("\n").map((r) => r.split("|")[1]!.trim())).toEqual([...FIGURE_ROWS])
    // no figure outside the table: plans per second or megabytes cited in prose would name no machine
    const outside = doc.replace(heading![0], "")
    expect(outside).not.toMatch(/\d[\d,.]* (k )?plans\/s|\d+ MB\b|µs per plan/)
  })

  // one meaning of a date, stated in --help and here
  it("states what a bare date means, as --help does", () => {
    expect(doc).toContain(
      "**A bare date means the start of that day in the calculation's time zone**: `--tz` when given, else"
    )
    expect(DATE_MEANING).toBe(
      "A bare date YYYY-MM-DD means the start of that day in the calculation's time zone (--tz, else the plan's timeZone, else UTC)."
    )
  })
})
