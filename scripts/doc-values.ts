/**
 * The values an example's comments show are the values its lines give: a
 * statement followed by a comment that starts with a value (`// 275`,
 * `// "Pay AUD …"`, `// { min: 280, max: 1099.99 }`, `// → true`) is rewritten
 * by the doc test (scripts/doc-examples.ts) so that running it compares the
 * statement's value with the comment's, and a false comment fails `npm test`.
 *
 * What counts as a shown value: a literal at the comment's start (after an
 * optional `→`), then the end of the comment or `,`, `:`, `;`, ` (` or ` —`
 * before the prose that explains it. `…` stands for what is not shown: the
 * rest of a string, other elements of an array. An object shows some of its
 * keys (the others are not compared). A comment that starts otherwise (`//
 * newest first`, `// 40 days before`) is prose, not compared.
 *
 * @module
 */
import { isDeepStrictEqual } from "node:util"

/** The element an ellipsis stands for: what the comment does not show. */
const REST = Symbol("…")

/** A comment's shown value, as text (`{ min: 280 }`), or undefined when the comment is prose. */
export const shownValueOf = (comment: string): string | undefined => {
  const text = comment.replace(/^→\s*/, "")
  const scalar =
    /^(-?\d[\d.]*(?:e[+-]?\d+)?|true|false|null|undefined|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')(?=$|[,:;]|\s[(—])/
      .exec(text)
  if (scalar !== null) return scalar[1]
  if (text[0] !== "{" && text[0] !== "[") return undefined
  // a bracketed literal: up to the bracket that closes it, strings skipped
  let depth = 0
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (c === "\"") {
      const end = /^"(?:[^"\\]|\\.)*"/.exec(text.slice(i))
      if (end === null) return undefined
      i += end[0].length - 1
    } else if (c === "{" || c === "[") depth++
    else if (c === "}" || c === "]") {
      depth--
      if (depth === 0) return text.slice(0, i + 1)
    }
  }
  return undefined
}

/** A key written without a value (`{ ok: true, value, warnings }`): the value is there, whatever it is. */
const PRESENT = Symbol("present")

/**
 * The value a shown text stands for: `…` (or `...`) outside strings becomes
 * {@link REST}, a name no value is given for becomes {@link PRESENT}.
 */
const parseShown = (shown: string): unknown => {
  const source = shown.split(/("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')/).map((part, i) =>
    i % 2 === 1 ? part : part.replace(/…|\.\.\./g, "__REST__").replace(/\{\s*__REST__\s*\}/g, "__REST__")
  ).join("")
  const names = new Proxy({}, {
    has: (_, key) => typeof key === "string" && !(key in globalThis),
    get: (_, key) => (key === "__REST__" ? REST : key === Symbol.unscopables ? undefined : PRESENT)
  })

  return new Function("names", `with (names) { return (${source}) }`)(names)
}

/** Spaces as a reader sees them: the no-break spaces of `Intl` formats are spaces. */
const spaced = (text: string): string => text.replace(/\s+/g, " ")

/** Why `actual` is not what `shown` claims, or undefined when it is (`path` names the part that differs). */
const differs = (actual: unknown, claimed: unknown, path: string): string | undefined => {
  if (claimed === REST) return undefined
  if (claimed === PRESENT) return actual === undefined ? `${path}: absent` : undefined
  if (typeof claimed === "string" && typeof actual === "string") {
    const pieces = spaced(claimed).split("…")
    const text = spaced(actual)
    if (pieces.length === 1) return pieces[0] === text ? undefined : `${path}: ${show(actual)}`
    let at = 0
    for (const [i, piece] of pieces.entries()) {
      const found = text.indexOf(piece, at)
      if (found < 0 || (i === 0 && found !== 0)) return `${path}: ${JSON.stringify(actual)}`
      at = found + piece.length
    }
    return undefined
  }
  // a string of JSON (what `JSON.stringify` gives, or a body as written) shows its value
  if (typeof claimed === "object" && claimed !== null && typeof actual === "string") {
    try {
      return differs(JSON.parse(actual), claimed, path)
    } catch {
      return `${path}: ${show(actual)}`
    }
  }
  if (Array.isArray(claimed)) {
    if (!Array.isArray(actual)) return `${path}: ${show(actual)}`
    const rest = claimed.indexOf(REST)
    if (rest < 0 && actual.length !== claimed.length) return `${path}: ${actual.length} elements, not ${claimed.length}`
    for (const [i, c] of claimed.entries()) {
      if (c === REST) break
      const d = differs(actual[i], c, `${path}[${i}]`)
      if (d !== undefined) return d
    }
    return undefined
  }
  if (typeof claimed === "object" && claimed !== null) {
    if (typeof actual !== "object" || actual === null) return `${path}: ${show(actual)}`
    for (const [key, c] of Object.entries(claimed)) {
      if (c === REST) continue
      const d = differs((actual as Record<string, unknown>)[key], c, `${path}.${key}`)
      if (d !== undefined) return d
    }
    return undefined
  }
  return isDeepStrictEqual(actual, claimed) ? undefined : `${path}: ${show(actual)}`
}

/** A value as the failure shows it: its JSON, cut at 300 characters. */
const show = (value: unknown): string => {
  let text: string
  try {
    text = JSON.stringify(value) ?? String(value)
  } catch {
    text = String(value)
  }
  return text.length > 300 ? `${text.slice(0, 300)}…` : text
}

/**
 * Why `actual` is not the value `shown` (a comment's literal) claims, or
 * undefined when it is.
 */
export const shownDiffers = (actual: unknown, shown: string): string | undefined => {
  let claimed: unknown
  try {
    claimed = parseShown(shown)
  } catch (error) {
    return `the comment's value ${shown} is not a literal the doc test can read (${String(error)})`
  }
  const d = differs(actual, claimed, "value")
  return d === undefined ? undefined : `the comment shows ${shown}, the line gives ${d}`
}

/**
 * `actual`, once checked against the value its comment shows: called by the
 * rewritten examples. Throws naming the example's line when they differ.
 */
export const shown = <A>(actual: A, claimed: string, where: string): A => {
  const why = shownDiffers(actual, claimed)
  if (why !== undefined) throw new Error(`${where}: ${why}`)
  return actual
}

/** The line's code without a trailing `// comment` (not inside a string), and the comment. */
const split = (line: string): { readonly code: string; readonly comment?: string } => {
  let opened: string | undefined
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!
    if (opened !== undefined) {
      if (c === "\\") i++
      else if (c === opened) opened = undefined
    } else if (c === "\"" || c === "'" || c === "`") opened = c
    else if (c === "/" && line[i + 1] === "/" && line[i - 1] !== ":") {
      return { code: line.slice(0, i).trimEnd(), comment: line.slice(i + 2).trim() }
    }
  }
  return { code: line }
}

/** Brackets opened minus closed on a line's code (strings skipped). */
const depthOf = (code: string): number => {
  const bare = code.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`(?:[^`\\]|\\.)*`/g, "\"\"")
  return (bare.match(/[([{]/g)?.length ?? 0) - (bare.match(/[)\]}]/g)?.length ?? 0)
}

/** A statement that is no declaration or control flow: its value is what a comment can show. */
const DECLARES =
  /^(const|let|var|if|else|for|while|do|return|throw|import|export|function|class|type|interface|case|default|switch|try|catch|finally|yield|break|continue)\b/

/** A line that opens a block (`if (…) {`, `() => {`), whose brace is no value's. */
const opensBlock = (trimmed: string): boolean =>
  /\{$/.test(trimmed) &&
  (/^(\}\s*)?(if|else|for|while|do|try|catch|finally|switch|function|class)\b/.test(trimmed) ||
    /(\)|=>)\s*\{$/.test(trimmed))

interface Statement {
  readonly first: number
  readonly last: number
  readonly code: string
}

/**
 * `code` with each statement that shows a value wrapped in `shown(…)`, so
 * running it compares them; `where(line)` names an example's line for the
 * failure. A value is shown by a comment on the statement's line, or on a
 * line of its own right after the statement. The count says how many values
 * it compares.
 */
export const withShownValues = (
  code: string,
  where: (line: number) => string
): { readonly code: string; readonly count: number } => {
  const lines = code.split("\n")
  let depth = 0
  let count = 0
  let start = -1
  let previous: Statement | undefined
  const wrap = (statement: Statement, value: string, comment: string, at: number): void => {
    const args = `${JSON.stringify(value)}, ${JSON.stringify(where(at))}`
    const body = statement.code.trim().replace(/;$/, "")
    const indent = lines[statement.first]!.slice(
      0,
      lines[statement.first]!.length - lines[statement.first]!.trimStart().length
    )
    const logged = /^(.*?)console\.log\(([\s\S]*)\)$/.exec(body)
    if (logged !== null && depthOf(logged[2]!) === 0 && statement.first === statement.last) {
      count++
      lines[statement.first] = `${indent}${logged[1]}console.log(shown(${logged[2]}, ${args}))${
        at === statement.last ? ` // ${comment}` : ""
      }`
      return
    }
    const declared = /^(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=/.exec(body)
    if (declared !== null && at !== statement.last) {
      count++
      lines[at] = `${lines[at]}\n${indent}shown(${declared[1]}, ${args})`
      return
    }
    if (DECLARES.test(body) || /^[)\]}]/.test(body) || /^[\w$.]+\s*=[^=]/.test(body)) return
    count++
    if (statement.first === statement.last) {
      lines[statement.first] = `${indent}shown(${body}, ${args})${at === statement.last ? ` // ${comment}` : ""}`
    } else {
      lines[statement.first] = `${indent}shown(${lines[statement.first]!.trimStart()}`
      lines[statement.last] = `${split(lines[statement.last]!).code.replace(/;$/, "")}, ${args})`
    }
  }
  for (let i = 0; i < lines.length; i++) {
    const { code: part, comment } = split(lines[i]!)
    const trimmed = part.trim()
    const value = comment === undefined ? undefined : shownValueOf(comment)
    if (trimmed === "") {
      // a comment of its own right after a statement shows that statement's value
      if (value !== undefined && previous !== undefined && depth === 0) wrap(previous, value, comment!, i)
      previous = undefined
      continue
    }
    const closes = depth === 0 && trimmed.startsWith("}")
    const opens = opensBlock(trimmed)
    if (depth === 0 && !closes && !opens) start = start < 0 ? i : start
    depth += depthOf(part) + (closes ? 1 : 0) - (opens ? 1 : 0)
    if (closes || opens) {
      start = -1
      previous = undefined
      continue
    }
    if (depth !== 0 || start < 0) continue
    const statement = { first: start, last: i, code: lines.slice(start, i + 1).map((l) => split(l).code).join("\n") }
    start = -1
    previous = statement
    if (value !== undefined) {
      wrap(statement, value, comment!, i)
      previous = undefined
    }
  }
  return { code: lines.join("\n"), count }
}
