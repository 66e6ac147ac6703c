/**
 * One word per concept: the words retired for a concept (docs/glossary.md's
 * last column) are refused in the code, the tests, the benchmarks, the
 * scripts and the docs, each at its file and line with the word to write
 * instead. CHANGELOG.md and .changeset/ are history, written as it was, and
 * the glossary names the retired words on purpose. test/docs.test.ts runs it.
 *
 * @module
 */
import { execFileSync } from "node:child_process"
import { readFileSync } from "node:fs"
import { join } from "node:path"

/** A retired word found: where, the word as written, and what to write instead. */
export interface RetiredWord {
  readonly where: string
  readonly word: string
  readonly instead: string
}

/**
 * "quote" for the refund calculation (renamed `calculateRefund`), in any
 * spelling: quote, quoted, quotes, quoting, QuoteAt, engineQuote, QUOTE_RESULT.
 * "quotient" (division) and "quotation mark" (punctuation) are other concepts.
 */
const RETIRED = /quot(?!ient|ation)[a-z]*/gi

/** The word to write for a retired spelling: the service's own (a refund calculation is calculated). */
const insteadOf = (word: string): string => {
  const lower = word.toLowerCase()
  if (lower === "quot") return "&#34; (a quotation mark)"
  if (lower === "quoted") return "calculated"
  if (lower === "quoting") return "calculating"
  if (lower === "quotes") return "calculations (noun) or calculates (verb)"
  return "calculation (the refund calculation: calculateRefund, Refund.calculate)"
}

/**
 * Spellings kept on purpose, each in the files named, with why. Keep it short:
 * a name outside this list is renamed.
 */
const KEPT: ReadonlyArray<{ readonly text: string; readonly files: RegExp; readonly why: string }> = [
  {
    text: "refund-quote",
    files: /^(src\/adapters\/cli\/calculations\.ts|test\/adapters\/cli\/calculation-commands\.test\.ts|docs\/cli\.md)$/,
    why: "the command's name before calculate-refund: it still exits 2 saying the new name"
  },
  {
    text: "quoteStyle",
    files: /^eslint\.config\.js$/,
    why: "dprint's option for quotation marks"
  },
  {
    text: "quote",
    files: /^benchmarks\/split-paths\.ts$/,
    why: "the names the refund calculation had in the older tree the benchmark compares with"
  }
]

/** Files that keep the retired words: history, the glossary that names them, this check and its fixture. */
const HISTORY =
  /^(CHANGELOG\.md|docs\/glossary\.md|\.changeset\/|package-lock\.json$|scripts\/doc-words\.ts$|test\/docs\.test\.ts$)/

/** The retired words of `text` (the file at `where`, relative to the repository). */
export const retiredWordsIn = (where: string, text: string): Array<RetiredWord> => {
  if (HISTORY.test(where)) return []
  const kept = KEPT.filter((k) => k.files.test(where))
  return text.split("\n").flatMap((line, i) => {
    let rest = line
    for (const k of kept) rest = rest.split(k.text).join(" ".repeat(k.text.length))
    return [...rest.matchAll(RETIRED)].map((m) => ({
      where: `${where}:${i + 1}`,
      word: m[0],
      instead: insteadOf(m[0])
    }))
  })
}

/** The text files of the repository git knows (tracked, and new ones not ignored). */
const textFiles = (root: string): Array<string> =>
  execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { cwd: root, encoding: "utf8" })
    .split("\n")
    .filter((f) => /\.(ts|mts|js|mjs|cjs|json|md|html|css|yaml|yml)$/.test(f))

/** Every retired word of the repository at `root`. */
export const retiredWords = (root: string): Array<RetiredWord> =>
  textFiles(root).flatMap((f) => {
    let text: string
    try {
      text = readFileSync(join(root, f), "utf8")
    } catch {
      return [] // listed by git, removed from the work tree
    }
    return retiredWordsIn(f, text)
  })
