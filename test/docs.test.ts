/**
 * The house's words and links: one word per concept (docs/glossary.md), the
 * retired ones refused wherever code, tests and docs are written, each at its
 * file and line with the word to use instead.
 */
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { retiredWords, retiredWordsIn } from "../scripts/doc-words.ts"

const root = fileURLToPath(new URL("..", import.meta.url))

describe("one word per concept (docs/glossary.md)", () => {
  it("a retired word is refused at its file and line, naming the word to use instead", () => {
    const fixture = [
      "const total = 1",
      "/** The engine's quote of a plan. */",
      "const QUOTE_RESULT = engineQuote(plan) // quoted at noon"
    ].join("\n")
    expect(retiredWordsIn("src/core/refund/fixture.ts", fixture)).toEqual([
      { where: "src/core/refund/fixture.ts:2", word: "quote", instead: expect.stringContaining("calculation") },
      { where: "src/core/refund/fixture.ts:3", word: "QUOTE", instead: expect.stringContaining("calculation") },
      { where: "src/core/refund/fixture.ts:3", word: "Quote", instead: expect.stringContaining("calculation") },
      { where: "src/core/refund/fixture.ts:3", word: "quoted", instead: "calculated" }
    ])
  })

  it("other concepts pass: a quotient, a quotation mark; history and the glossary keep the old words", () => {
    expect(retiredWordsIn("docs/money.md", "the quotient, in quotation marks")).toEqual([])
    expect(retiredWordsIn("CHANGELOG.md", "quoteRefund was renamed")).toEqual([])
    expect(retiredWordsIn("docs/glossary.md", "| refund calculation | calculateRefund | quote |")).toEqual([])
    expect(retiredWordsIn(".changeset/x.md", "quoteRefund")).toEqual([])
    // the hidden old command is kept in its own files only
    expect(retiredWordsIn("src/adapters/cli/calculations.ts", "command(\"refund-quote\")")).toEqual([])
    expect(retiredWordsIn("docs/refunds.md", "run refund-quote").map((r) => r.word)).toEqual(["quote"])
  })

  it("no retired word in the code, tests, benchmarks, scripts or docs", () => {
    expect(retiredWords(root).map((r) => `${r.where}: "${r.word}", write ${r.instead}`)).toEqual([])
  })
})
