/**
 * The house's words, links and shown values: one word per concept
 * (docs/glossary.md), the retired ones refused wherever code, tests and docs
 * are written; no link or doc path leads nowhere; and the doc test's reading
 * of the values examples' comments show (`// 275`), which the doc test
 * (scripts/doc-examples.ts) compares with what each line gives.
 */
import { readdirSync, readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { anchorOf, deadLinks, deadLinksIn } from "../scripts/doc-links.ts"
import { shown, shownDiffers, shownValueOf, withShownValues } from "../scripts/doc-values.ts"
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

describe("links lead somewhere (docs/decisions/ and every guide)", () => {
  const files: Record<string, string> = {
    "docs/decisions/README.md": "# Decisions\n\n## A new record\n",
    "docs/decisions/0001-money.md": "# 0001. Money\n"
  }
  const exists = (path: string) => path in files || path === "docs/decisions"
  const read = (path: string) => files[path]

  it("a link to a missing file or heading, and a doc path that does not exist, are reported where they are", () => {
    const text = [
      "See [the record](decisions/0001-money.md) and [the index](decisions/README.md#a-new-record).",
      "Gone: [old](decisions.md), [no heading](decisions/README.md#money), docs/decisions.md.",
      "```md",
      "[inside a code block](nowhere.md)",
      "```"
    ].join("\n")
    expect(deadLinksIn("docs/rules.md", text, exists, read)).toEqual([
      { where: "docs/rules.md:2", link: "decisions.md", why: "docs/decisions.md does not exist" },
      {
        where: "docs/rules.md:2",
        link: "decisions/README.md#money",
        why: "docs/decisions/README.md has no heading #money"
      },
      { where: "docs/rules.md:2", link: "docs/decisions.md", why: "docs/decisions.md does not exist" }
    ])
    expect(deadLinksIn("src/core/x.ts", "// (docs/decisions/0002-gone.md)", exists, read)).toEqual([
      {
        where: "src/core/x.ts:1",
        link: "docs/decisions/0002-gone.md",
        why: "docs/decisions/0002-gone.md does not exist"
      }
    ])
  })

  it("anchors are GitHub's", () => {
    expect(anchorOf("R7.1 What a calculation reads")).toBe("r71-what-a-calculation-reads")
    expect(anchorOf("`Plan.apply`: the lifecycle")).toBe("planapply-the-lifecycle")
  })

  it("no dead link or doc path in the repository", () => {
    expect(deadLinks(root).map((d) => `${d.where}: ${d.link}: ${d.why}`)).toEqual([])
  })
})

describe("the values examples' comments show", () => {
  const planSentence = "Pay AUD 0.11 today, then 11 weekly payments of AUD 99.99, the last on 7 February 2027"

  it("a comment that starts with a value shows it; prose does not", () => {
    expect(shownValueOf("275 (400 paid − 125 non-refundable)")).toBe("275")
    expect(shownValueOf("12: the first payment, then 11 instalments")).toBe("12")
    expect(shownValueOf("→ true")).toBe("true")
    expect(shownValueOf("{ min: 280, max: 1099.99 } summing to totalCost")).toBe("{ min: 280, max: 1099.99 }")
    expect(shownValueOf("\"Pay AUD …\"")).toBe("\"Pay AUD …\"")
    expect(shownValueOf("40 days before the redemption date")).toBeUndefined()
    expect(shownValueOf("newest first, 50 a page")).toBeUndefined()
  })

  it("a false comment fails: the README's planMessage sentence as it was", () => {
    expect(shownDiffers(planSentence, "\"Pay AUD 100.00 today, then 11 weekly payments of AUD 90.90, …\"")).toMatch(
      /the comment shows "Pay AUD 100\.00.*the line gives value: "Pay AUD 0\.11/
    )
    expect(shownDiffers(planSentence, JSON.stringify(planSentence))).toBeUndefined()
    // … stands for the rest; Intl's no-break spaces read as spaces
    expect(shownDiffers(planSentence.replace("AUD 0", "AUD\u00a00"), "\"Pay AUD 0.11 today, …\"")).toBeUndefined()
    expect(shownDiffers(276, "275")).toBe("the comment shows 275, the line gives value: 276")
    expect(shownDiffers({ min: 280, max: 1099.99, extra: 1 }, "{ min: 280, max: 1099.99 }")).toBeUndefined()
    expect(shownDiffers({ min: 280, max: 1100 }, "{ min: 280, max: 1099.99 }")).toMatch(/value\.max: 1100/)
    expect(shownDiffers([1, 2, 3], "[1, …]")).toBeUndefined()
    expect(shownDiffers([1, 2, 3], "[1, 2]")).toMatch(/3 elements, not 2/)
    expect(shownDiffers({ ok: true, value: 1, warnings: [] }, "{ ok: true, value, warnings }")).toBeUndefined()
    expect(shownDiffers({ ok: true }, "{ ok: true, value }")).toMatch(/value\.value: absent/)
    expect(shownDiffers(JSON.stringify({ runs: 9 }), "{ \"runs\": 5 }")).toMatch(/value\.runs: 9/)
    expect(shownDiffers(1, "{ plans: [4th] }")).toMatch(/not a literal the doc test can read/)
  })

  it("the doc test's rewriting compares each shown value when the example runs, and a false one throws", () => {
    const example = [
      "const message = { ok: true, value: { text: sentence } }",
      "if (message.ok) console.log(message.value.text) // \"Pay AUD 100.00 today, then 11 weekly payments of AUD 90.90, …\"",
      "message.value.text.length // 86",
      "const html = render(",
      "  1",
      ")",
      "// '<p>…</p>'",
      "split(1234.57, 7) // { amount: 176.36, remainder: 0.05 }",
      "split(1, 1) // and prose after a value-free comment"
    ].join("\n")
    const rewritten = withShownValues(example, (line) => `README.md:${line + 10}`)
    expect(rewritten.count).toBe(4)
    const run = (sentence: string, amount: number) =>
      new Function("shown", "sentence", "console", "render", "split", rewritten.code)(
        shown,
        sentence,
        { log: () => undefined },
        () => "<p>x</p>",
        () => ({ amount, remainder: 0.05 })
      )
    expect(() => run(planSentence, 176.36)).toThrow(
      "README.md:11: the comment shows \"Pay AUD 100.00 today, then 11 weekly payments of AUD 90.90, …\", the line gives value: \"Pay AUD 0.11"
    )
    const shownSentence = "Pay AUD 100.00 today, then 11 weekly payments of AUD 90.90, the last on 7 February 202"
    expect(shownSentence.length).toBe(86)
    expect(() => run(shownSentence, 176.36)).not.toThrow()
    expect(() => run(shownSentence, 176.37)).toThrow(
      "README.md:17: the comment shows { amount: 176.36, remainder: 0.05 }"
    )
  })
})

describe("docs a newcomer finishes", () => {
  const guides = readdirSync(`${root}docs`).filter((f) => f.endsWith(".md"))

  it("every guide in docs/ opens with an example the doc test runs: a ts block before its first section (a shell line may set it up)", () => {
    const late = guides.filter((f) => {
      const text = readFileSync(`${root}docs/${f}`, "utf8")
      const example = text.search(/^```ts$/m)
      const section = text.search(/^## /m)
      return example < 0 || (section >= 0 && example > section)
    })
    expect(late).toEqual([])
  })

  it("README.md stays under 200 lines, pointing to the guides and the decision records", () => {
    const readme = readFileSync(`${root}README.md`, "utf8")
    expect(readme.split("\n").length).toBeLessThan(200)
    expect(readme).toContain("(docs/decisions/README.md)")
    for (const guide of guides.filter((f) => f !== "glossary.md")) expect(readme, guide).toContain(`(docs/${guide})`)
  })
})
