/**
 * Checks over the sources that dependency-cruiser cannot make, as it sees files and not names
 * (ARCHITECTURE.md, "Thin adapters"): no layer above the core imports a name marked `@internal`
 * (TypeScript's parser follows each imported name through re-exports to its declaration); no money
 * is summed, scaled or formatted outside the core's money modules; no source file passes 400
 * lines without a one-line reason at its top. test/core/layers.test.ts runs them over src/ and
 * shows each a violation.
 */
import { readdirSync, readFileSync } from "node:fs"
import { dirname, join, relative, resolve } from "node:path"
import ts from "typescript"

/** Every .ts file under `dir`, as absolute paths. */
export const sourceFilesOf = (dir: string): Array<string> =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFilesOf(join(dir, entry.name))
      : entry.name.endsWith(".ts")
      ? [join(dir, entry.name)]
      : []
  )

const parsed = new Map<string, ts.SourceFile | undefined>()
const parse = (file: string): ts.SourceFile | undefined => {
  if (!parsed.has(file)) {
    let text: string | undefined
    try {
      text = readFileSync(file, "utf8")
    } catch {
      text = undefined
    }
    parsed.set(file, text === undefined ? undefined : ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true))
  }
  return parsed.get(file)
}

const isInternal = (node: ts.Node): boolean => ts.getJSDocTags(node).some((tag) => tag.tagName.text === "internal")

const nameOf = (node: ts.Statement): ReadonlyArray<string> => {
  if (
    ts.isFunctionDeclaration(node) || ts.isClassDeclaration(node) || ts.isInterfaceDeclaration(node) ||
    ts.isTypeAliasDeclaration(node) || ts.isEnumDeclaration(node)
  ) {
    return node.name === undefined ? [] : [node.name.text]
  }
  if (ts.isVariableStatement(node)) {
    return node.declarationList.declarations.flatMap((d) => (ts.isIdentifier(d.name) ? [d.name.text] : []))
  }
  return []
}

const exported = (node: ts.Statement): boolean =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword)

/**
 * Where `name`, exported by `file`, is declared, following re-exports (`export { a as b } from`),
 * and whether that declaration is marked `@internal`; undefined when it cannot be followed.
 */
const declarationOf = (file: string, name: string, depth = 0): { file: string; internal: boolean } | undefined => {
  const source = parse(file)
  if (source === undefined || depth > 10) return undefined
  for (const statement of source.statements) {
    if (exported(statement) && nameOf(statement).includes(name)) return { file, internal: isInternal(statement) }
    if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      for (const element of statement.exportClause.elements) {
        if (element.name.text !== name) continue
        const original = (element.propertyName ?? element.name).text
        if (statement.moduleSpecifier === undefined) return declarationOf(file, original, depth + 1)
        const target = resolve(dirname(file), (statement.moduleSpecifier as ts.StringLiteral).text)
        return declarationOf(target, original, depth + 1)
      }
    }
  }
  // `export { a }` of a name declared (or imported) in the file
  for (const statement of source.statements) {
    if (nameOf(statement).includes(name)) return { file, internal: isInternal(statement) }
    if (ts.isImportDeclaration(statement) && statement.importClause?.namedBindings) {
      const bindings = statement.importClause.namedBindings
      if (!ts.isNamedImports(bindings)) continue
      for (const element of bindings.elements) {
        if (element.name.text !== name) continue
        const target = resolve(dirname(file), (statement.moduleSpecifier as ts.StringLiteral).text)
        return declarationOf(target, (element.propertyName ?? element.name).text, depth + 1)
      }
    }
  }
  return undefined
}

/**
 * Each name a file of src/ outside src/core/ imports (or re-exports) from src/core/ that is marked
 * `@internal` where it is declared: `"<file> imports <name>, marked @internal in <declaring file>"`.
 * `@internal` marks a concept's own names; what the core shares with the layers above is not marked
 * and is reached through a concept's index.ts, the foundation or src/facade/shared.ts.
 */
export const internalImports = (root: string, files: ReadonlyArray<string>): Array<string> => {
  const core = join(root, "src", "core")
  const found: Array<string> = []
  for (const file of files) {
    if (file.startsWith(core)) continue
    const source = parse(file)
    if (source === undefined) continue
    for (const statement of source.statements) {
      if (!(ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement))) continue
      const specifier = statement.moduleSpecifier
      if (specifier === undefined || !ts.isStringLiteral(specifier) || !specifier.text.startsWith(".")) continue
      const target = resolve(dirname(file), specifier.text)
      if (!target.startsWith(core)) continue
      const elements = ts.isImportDeclaration(statement)
        ? statement.importClause?.namedBindings !== undefined && ts.isNamedImports(statement.importClause.namedBindings)
          ? statement.importClause.namedBindings.elements
          : []
        : statement.exportClause !== undefined && ts.isNamedExports(statement.exportClause)
        ? statement.exportClause.elements
        : []
      for (const element of elements) {
        const name = (element.propertyName ?? element.name).text
        const declared = declarationOf(target, name)
        if (declared?.internal === true) {
          found.push(`${relative(root, file)} imports ${name}, marked @internal in ${relative(root, declared.file)}`)
        }
      }
    }
  }
  return found
}

/** Reads a file under `root` (a test gives its own text instead). */
const textUnder = (root: string) => (file: string): string => readFileSync(resolve(root, file), "utf8")

/**
 * What sums, scales or formats money: a power of ten (minor units to major and back), `toFixed`
 * (binary floating point rounded to decimals), thousands grouping, and locale or currency
 * formatting. The core's money modules (foundation/money.ts, core/money/) hold these.
 */
const MONEY_PATTERNS: ReadonlyArray<RegExp> = [
  /\b10n? \*\* /,
  /Math\.pow\(\s*10\b/,
  /\.toFixed\(/,
  /\\B\(\?=\(\\d\{3\}\)/,
  /style:\s*"currency"/,
  /\.toLocaleString\(/
]

/**
 * The thin layers checked: the adapters, messaging and the facade. The core does money (its money
 * modules, its own arithmetic); the testing and conformance kits build boundary inputs on purpose (an
 * amount one digit past its currency's, a percentage's exact half); generated files bundle the core.
 */
const THIN_LAYERS = /^src\/(adapters|messaging|facade)\//
const GENERATED = /\.generated\.ts$/

/**
 * Each line of a thin layer that sums, scales or formats money (`"<file>:<line>: <text>"`). A line
 * that does the same with a number that is not money says so: `// not money: <why>`.
 */
export const moneyOutsideTheCore = (
  root: string,
  files: ReadonlyArray<string>,
  read = textUnder(root)
): Array<string> =>
  files.flatMap((file) => {
    const path = relative(root, resolve(root, file))
    if (!THIN_LAYERS.test(path) || GENERATED.test(path)) return []
    return read(file).split("\n").flatMap((line, i) =>
      MONEY_PATTERNS.some((p) => p.test(line)) && !line.includes("// not money: ")
        ? [`${path}:${i + 1}: ${line.trim()}`]
        : []
    )
  })

/** The most lines a source file has without a reason at its top. */
export const MAX_LINES = 400
/** The reason: the first line after the module's TSDoc block (docs open with it), or the first line. */
const REASON = /^(?:\/\*\*[\s\S]*?\*\/\n)?\/\/ Over 400 lines: \S/

/**
 * Each source file over {@link MAX_LINES} lines whose top gives no reason (`// Over 400 lines: <why>`, the
 * first line after the module's TSDoc block).
 */
export const oversizedFiles = (root: string, files: ReadonlyArray<string>, read = textUnder(root)): Array<string> =>
  files.flatMap((file) => {
    const text = read(file)
    const lines = text.endsWith("\n") ? text.split("\n").length - 1 : text.split("\n").length
    return lines > MAX_LINES && !REASON.test(text) ? [`${relative(root, resolve(root, file))}: ${lines} lines`] : []
  })
