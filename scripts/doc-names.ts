/**
 * Names the documentation writes must exist (part of the doc test,
 * scripts/doc-examples.ts; run `npm run build` first):
 *
 * - every `Namespace.Name` written in README.md and docs/*.md, where
 *   `Namespace` is a namespace of the package (`Plan`, `Refund`, … of the root;
 *   `Webhook` as the docs import `payment-plan-engine/webhook`), names an export
 *   of that namespace in the built declarations, and a value among them exists
 *   at runtime: `Plan.PlanRecord` (no such schema) fails, `Plan.PlanResponse` passes;
 * - every route written as `METHOD /api/…` in README.md, docs/*.md and the
 *   sources' comments is a route of the route table (`Routes.DEFAULT_ROUTES`),
 *   path parameters compared by position: the client's TSDoc once gave
 *   `computePlanTerms` a path of its own; and a route of the table is written
 *   with its prefix (`GET /plans/{planId}` is refused), so it is checked;
 * - README.md's "Use" states the Node.js floor of package.json's `engines`;
 * - every repository path CONTRIBUTING.md and docs/rules.md write in
 *   backticks exists (a placeholder, `src/core/<concept>/`, names a folder
 *   that exists), so the recipes and each rule's "Code:" and "Tests:" cannot
 *   go stale silently (rules.md named a widget test two moves old);
 *   CONTRIBUTING.md's names and routes are checked as the docs' are;
 * - the docs conventions (docs/decisions/0039-docs-conventions.md): no git-tracked
 *   file but CHANGELOG.md (released history) points at an outside tracker
 *   ("issue" and a number: say why instead); every file of src/ opens with one
 *   header style, a TSDoc block ending in `@module` (named after the package
 *   entry it is, bare otherwise); and every public export, namespace members
 *   included, carries `@since` (a version) and `@category` (one of CATEGORIES)
 *   in the built declarations.
 *
 *   node scripts/doc-names.ts    prints each problem, exit 1 if any
 */
import { execFileSync } from "node:child_process"
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { join, relative } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"
import ts from "typescript"

const PACKAGE = "payment-plan-engine"

interface Namespace {
  /** every name the namespace exports, values and types */
  readonly names: ReadonlySet<string>
  /** the names whose export is a value, which must exist at runtime */
  readonly values: ReadonlySet<string>
  /** the namespace object at runtime */
  readonly runtime: Record<string, unknown>
}

/** A doc's name or route that does not exist, with where it is written. */
export interface Problem {
  readonly where: string
  readonly text: string
  readonly why: string
}

interface Entry {
  readonly specifier: string
  readonly types: string
}

const entriesOf = (root: string): ReadonlyArray<Entry> => {
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
    exports: Record<string, string | { types?: string }>
  }
  return Object.entries(pkg.exports).flatMap(([subpath, target]) =>
    typeof target === "object" && target.types !== undefined
      ? [{ specifier: subpath === "." ? PACKAGE : `${PACKAGE}/${subpath.slice(2)}`, types: join(root, target.types) }]
      : []
  )
}

/** `import * as X from "payment-plan-engine/…"` in the docs: X is that entry's namespace. */
const aliasesIn = (texts: ReadonlyArray<string>): Map<string, string> => {
  const aliases = new Map<string, string>()
  for (const text of texts) {
    for (const m of text.matchAll(/import \* as ([A-Z][\w$]*) from "(payment-plan-engine(?:\/[\w/-]+)?)"/g)) {
      aliases.set(m[1]!, m[2]!)
    }
  }
  return aliases
}

/** The built declarations of every entry point, as one program. */
const declarationsOf = (entries: ReadonlyArray<Entry>): ts.Program =>
  ts.createProgram(entries.map((e) => e.types), {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    noEmit: true,
    types: ["node"]
  })

/** The namespaces a reader of the docs meets, with what the declarations and the runtime give each. */
const namespacesOf = async (
  entries: ReadonlyArray<Entry>,
  program: ts.Program,
  aliases: ReadonlyMap<string, string>
): Promise<Map<string, Namespace>> => {
  const checker = program.getTypeChecker()
  const resolve = (s: ts.Symbol) => (s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s)
  // `export type { X }`, `export { type X }`: a value's name exported as a type only
  const isTypeOnly = (s: ts.Symbol) =>
    s.declarations?.some((d) =>
      (ts.isExportSpecifier(d) && (d.isTypeOnly || d.parent.parent.isTypeOnly)) ||
      (ts.isExportDeclaration(d) && d.isTypeOnly)
    ) === true
  const membersOf = (moduleSymbol: ts.Symbol) => {
    const names = new Set<string>()
    const values = new Set<string>()
    for (const member of checker.getExportsOfModule(moduleSymbol)) {
      names.add(member.name)
      if (!isTypeOnly(member) && resolve(member).flags & ts.SymbolFlags.Value) values.add(member.name)
    }
    return { names, values }
  }
  const moduleOf = (entry: Entry) => {
    const file = program.getSourceFile(entry.types)
    const symbol = file === undefined ? undefined : checker.getSymbolAtLocation(file)
    if (symbol === undefined) throw new Error(`no declarations at ${entry.types}`)
    return symbol
  }
  const namespaces = new Map<string, Namespace>()
  // the root's namespaces (`export * as Plan from …`)
  const root_ = entries.find((e) => e.specifier === PACKAGE)!
  const rootRuntime = (await import(PACKAGE)) as Record<string, unknown>
  for (const exported of checker.getExportsOfModule(moduleOf(root_))) {
    const target = resolve(exported)
    if (isTypeOnly(exported) || !(target.flags & ts.SymbolFlags.ValueModule)) continue
    namespaces.set(exported.name, {
      ...membersOf(target),
      runtime: (rootRuntime[exported.name] ?? {}) as Record<string, unknown>
    })
  }
  // the entries the docs import as a namespace (`import * as Webhook from "payment-plan-engine/webhook"`)
  for (const [alias, specifier] of aliases) {
    const entry = entries.find((e) => e.specifier === specifier)
    if (entry === undefined || namespaces.has(alias)) continue
    namespaces.set(alias, {
      ...membersOf(moduleOf(entry)),
      runtime: (await import(specifier)) as Record<string, unknown>
    })
  }
  return namespaces
}

const lineOf = (text: string, index: number) => text.slice(0, index).split("\n").length

/** `Namespace.Name` written in `text` that the namespace does not have (or lacks at runtime). */
export const unknownNames = (
  text: string,
  where: string,
  namespaces: ReadonlyMap<string, Namespace>
): Array<Problem> => {
  const problems: Array<Problem> = []
  const names = [...namespaces.keys()].join("|")
  // not a member of something else (`x.Plan.y`), nor part of a word, path or package name
  const pattern = new RegExp(`(?<![\\w$./-])(${names})\\.([A-Za-z_$][\\w$]*)`, "g")
  for (const m of text.matchAll(pattern)) {
    const namespace = namespaces.get(m[1]!)!
    const name = m[2]!
    const why = !namespace.names.has(name)
      ? `${m[1]} has no export ${name} in the built declarations`
      : namespace.values.has(name) && !(name in namespace.runtime)
      ? `${m[1]}.${name} is declared as a value but missing at runtime`
      : undefined
    if (why !== undefined) problems.push({ where: `${where}:${lineOf(text, m.index)}`, text: m[0], why })
  }
  return problems
}

type RouteTable = Record<string, { readonly method: string; readonly path: string }>

const shape = (method: string, path: string) => `${method} ${path.replace(/\{[^}]*\}/g, "{}")}`

/**
 * `METHOD /api/…` written in `text` that no route of the table has, and a
 * route of the table written without its prefix (`GET /plans/{planId}` for
 * `GET /api/v2/plans/{planId}`), which this check could not follow.
 */
export const unknownRoutes = (text: string, where: string, routes: RouteTable): Array<Problem> => {
  const table = Object.values(routes)
  const known = table.map((r) => shape(r.method, r.path))
  const problems: Array<Problem> = []
  for (const m of text.matchAll(/\b(GET|POST|PUT|PATCH|DELETE) (\/(?!\/)[\w/{}.~%-]*[\w}])/g)) {
    const [method, path] = [m[1]!, m[2]!]
    const written = shape(method, path)
    const unprefixed = written.slice(method.length + 1)
    // other paths (`/sandbox/…`, `/widget/…`, `/health`) are the sandbox's own, not the table's
    const full = path.startsWith("/api/")
      ? undefined
      : table.find((_, i) => known[i]!.startsWith(`${method} /api/`) && known[i]!.endsWith(unprefixed))
    const why = path.startsWith("/api/") && !known.includes(written)
      ? "is not a route of the route table (Routes.DEFAULT_ROUTES)"
      : full !== undefined
      ? `is a route of the route table without its prefix: write it in full (${full.method} ${full.path}) so this check follows it`
      : undefined
    if (why !== undefined) problems.push({ where: `${where}:${lineOf(text, m.index)}`, text: m[0], why })
  }
  return problems
}

/**
 * A backticked token that names a file or folder of the repository, not a URL
 * path, a package, a module specifier or a time zone (`Australia/Sydney`).
 */
const isRepositoryPath = (token: string) =>
  !/^(\/|https?:|node:|payment-plan-engine|effect\b|@|[A-Z])/.test(token) &&
  (token.includes("/") || /\.(ts|md|json|cjs|mjs|js)$/.test(token))

/**
 * Repository paths written in backticks in `text` that do not exist under
 * `root`; a path with a placeholder (`test/core/<concept>/`) is checked up to
 * the placeholder (`test/core/`).
 */
export const missingPaths = (text: string, where: string, root: string): Array<Problem> => {
  const problems: Array<Problem> = []
  for (const m of text.matchAll(/`([^`\s]+)`/g)) {
    const token = m[1]!
    if (!isRepositoryPath(token)) continue
    const placeholder = token.indexOf("<")
    const path = placeholder === -1 ? token : token.slice(0, placeholder)
    if (!existsSync(join(root, path))) {
      problems.push({
        where: `${where}:${lineOf(text, m.index)}`,
        text: token,
        why: "does not exist in the repository"
      })
    }
  }
  return problems
}

const sourcesOf = (dir: string): Array<string> =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourcesOf(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : []
  )

/**
 * A reference to an outside tracker: "issue" or "issues", then a number (with a "#" or not):
 * the tracker is not in the repository, so a reader cannot follow it; the text
 * says why instead (the reason, the rule, the feature).
 */
export const trackerReferences = (text: string, where: string): Array<Problem> =>
  [...text.matchAll(/\bissues?\s+#?\d+/gi)].map((m) => ({
    where: `${where}:${lineOf(text, m.index)}`,
    text: m[0],
    why: "points at an outside tracker: say why instead (the reason, the rule R…, the feature)"
  }))

/**
 * A file of src/ that does not open with the one header style: a TSDoc block
 * (after a shebang, if any) that says what the module is and ends in `@module`,
 * named after the package entry the file is (`@module payment-plan-engine/client`)
 * and bare otherwise; `@since` and `@category` belong to the exports, not here.
 */
export const headerProblems = (text: string, where: string, entry: string | undefined): Array<Problem> => {
  const header = /^(?:#!.*\n)?(\/\*\*\n(?: \*(?: .*)?\n)*? \* @module(?: (\S+))?\n \*\/\n)/.exec(text)
  const why = header === null
    ? "does not open with a TSDoc block ending in @module (docs/decisions/0039-docs-conventions.md)"
    : !/^\/\*\*\n \* [^@\s]/.test(header[1]!)
    ? "its header does not start by saying what the module is"
    : /\n \* @(since|category)\b/.test(header[1]!)
    ? "its header carries @since or @category, which belong to the exports"
    : header[2] !== entry
    ? entry === undefined
      ? `its header names a module (${header[2]}) but the file is no package entry: write a bare @module`
      : `its header must name the package entry: @module ${entry}`
    : undefined
  return why === undefined ? [] : [{ where, text: text.split("\n", 1)[0]!, why }]
}

/** The one vocabulary of `@category` (docs/decisions/0039-docs-conventions.md): the concepts. */
export const CATEGORIES: ReadonlySet<string> = new Set([
  "Checkout",
  "Deposit",
  "Money",
  "Currency",
  "Time",
  "Merchant",
  "Plan terms",
  "Plans",
  "Notes",
  "Refunds",
  "Search",
  "Verification",
  "Errors",
  "Wire",
  "Webhooks",
  "Client",
  "Sandbox",
  "Conformance",
  "Testing",
  "Messaging"
])

/**
 * Every public export (namespace members included) of `entries` whose TSDoc in
 * the built declarations lacks `@since` (a version) or `@category` (one of
 * CATEGORIES); a namespace (`export * as Plan`) carries them on its export.
 */
export const untaggedExports = (entries: ReadonlyArray<Entry>, program: ts.Program, root: string): Array<Problem> => {
  const checker = program.getTypeChecker()
  const problems: Array<Problem> = []
  const seen = new Set<ts.Node>()
  // the source the declaration was built from
  const whereOf = (node: ts.Node) =>
    relative(root, node.getSourceFile().fileName).replace(/^dist\/types\//, "src/").replace(/\.d\.ts$/, ".ts")
  const tagged = (node: ts.Node, name: string) => {
    if (seen.has(node)) return
    seen.add(node)
    const tags = ts.getJSDocTags(node)
    const text = (tag: string) =>
      tags.filter((t) => t.tagName.text === tag).map((t) => ts.getTextOfJSDocComment(t.comment)?.trim() ?? "")
    const since = text("since")
    const category = text("category")
    const why = since.length !== 1 || !/^\d+\.\d+\.\d+$/.test(since[0]!)
      ? `has no @since with a version (${since.join(", ") || "none"})`
      : category.length !== 1 || !CATEGORIES.has(category[0]!)
      ? `has no @category of the vocabulary (${category.join(", ") || "none"}; see CATEGORIES)`
      : undefined
    if (why !== undefined) problems.push({ where: whereOf(node), text: name, why })
  }
  const visit = (exported: ts.Symbol, name: string) => {
    const target = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported
    const namespaceExport = exported.declarations?.find(ts.isNamespaceExport)
    if (namespaceExport !== undefined) {
      tagged(namespaceExport.parent, name)
      for (const member of checker.getExportsOfModule(target)) visit(member, `${name}.${member.name}`)
      return
    }
    // the statement a comment belongs to (`export declare const X` holds the declaration of X)
    const documented = (target.declarations ?? [])
      .map((d) => (ts.isVariableDeclaration(d) ? d.parent.parent : d))
      .filter((d) => ts.getJSDocCommentsAndTags(d).length > 0)
    if (documented.length === 0) {
      const where = target.declarations?.[0]
      problems.push({ where: where === undefined ? "?" : whereOf(where), text: name, why: "has no TSDoc" })
    }
    for (const d of documented) tagged(d, name)
  }
  for (const entry of entries) {
    const file = program.getSourceFile(entry.types)
    const symbol = file === undefined ? undefined : checker.getSymbolAtLocation(file)
    if (symbol === undefined) throw new Error(`no declarations at ${entry.types}`)
    for (const exported of checker.getExportsOfModule(symbol)) visit(exported, `${entry.specifier}: ${exported.name}`)
  }
  return problems
}

/** The text files git tracks, with their paths relative to `root`. */
const trackedTexts = (root: string): Array<{ where: string; text: string }> =>
  execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8" })
    .split("\0")
    .filter((f) => f !== "" && existsSync(join(root, f)))
    .flatMap((where) => {
      const text = readFileSync(join(root, where), "utf8")
      return text.includes("\0") || text.includes("\uFFFD") ? [] : [{ where, text }]
    })

/** The docs conventions over the repository: tracker references, module headers, tagged exports. */
const checkConventions = (root: string, entries: ReadonlyArray<Entry>, program: ts.Program): Array<Problem> => {
  // each check checks itself: what it must find is found, and what it must pass, passes
  const n = String(12)
  const trackerProbe = trackerReferences(
    `see issue ${n}, Issues ${n} and 13, issue #${n}; 3 issues, the issue's code, #1, issues: ${n}`,
    "probe"
  )
  if (trackerProbe.map((p) => p.text).join() !== `issue ${n},Issues ${n},issue #${n}`) {
    throw new Error(`the tracker check does not work: ${JSON.stringify(trackerProbe)}`)
  }
  const good = "/**\n * The client.\n *\n * @module payment-plan-engine/client\n */\nexport {}\n"
  const headerProbe = [
    headerProblems(good, "named entry", "payment-plan-engine/client"),
    headerProblems("#!/usr/bin/env node\n/**\n * A binary.\n *\n * @module\n */\n", "shebang", undefined),
    headerProblems("// Generated: do not edit.\nexport {}\n", "line comment", undefined),
    headerProblems("/**\n * No tag.\n */\nexport {}\n", "no @module", undefined),
    headerProblems("/**\n * A module.\n *\n * @since 0.1.0\n * @module\n */\n", "@since", undefined),
    headerProblems(good, "not an entry", undefined)
  ].map((ps) => ps.map((p) => p.where).join())
  if (headerProbe.join() !== ",,line comment,no @module,@since,not an entry") {
    throw new Error(`the header check does not work: ${JSON.stringify(headerProbe)}`)
  }
  const entryOfSource = new Map(
    entries.map((e) => [
      relative(root, e.types).replace(/^dist\/types\//, "src/").replace(/\.d\.ts$/, ".ts"),
      e.specifier
    ])
  )
  const tracked = trackedTexts(root)
  return [
    // CHANGELOG.md is released history, written as it was; a pending .changeset/ entry is not yet
    ...tracked.filter((f) => f.where !== "CHANGELOG.md").flatMap((f) => trackerReferences(f.text, f.where)),
    ...tracked.filter((f) => /^src\/.*\.ts$/.test(f.where)).flatMap((f) =>
      headerProblems(f.text, f.where, entryOfSource.get(f.where))
    ),
    ...untaggedExports(entries, program, root)
  ]
}

/** Every problem of the docs' names and routes and of the docs conventions; none is the answer that passes. */
export const checkDocNames = async (root: string): Promise<Array<Problem>> => {
  const docs = [
    join(root, "README.md"),
    join(root, "CONTRIBUTING.md"),
    ...readdirSync(join(root, "docs")).filter((f) => f.endsWith(".md")).sort().map((
      f
    ) => join(root, "docs", f)),
    // the decision records name the code as the guides do
    ...readdirSync(join(root, "docs", "decisions")).filter((f) => f.endsWith(".md")).sort().map((f) =>
      join(root, "docs", "decisions", f)
    )
  ].map((file) => ({ where: relative(root, file), text: readFileSync(file, "utf8") }))
  const entries = entriesOf(root)
  const program = declarationsOf(entries)
  const namespaces = await namespacesOf(entries, program, aliasesIn(docs.map((d) => d.text)))
  // the check checks itself: a name that is not there is found, and one that is, is not
  const probe = unknownNames("`Plan.PlanRecord`, `Plan.PlanResponse`, `Refund.calculate`", "probe", namespaces)
  if (probe.length !== 1 || probe[0]!.text !== "Plan.PlanRecord") {
    throw new Error(`the names check does not work: ${JSON.stringify(probe)}`)
  }
  // and so does the paths check
  const pathsProbe = missingPaths(
    "`src/core/wire/routes.ts`, `src/core/<concept>/`, `Australia/Sydney`, `src/no/such.ts`",
    "probe",
    root
  )
  if (pathsProbe.length !== 1 || pathsProbe[0]!.text !== "src/no/such.ts") {
    throw new Error(`the paths check does not work: ${JSON.stringify(pathsProbe)}`)
  }
  const contributing = docs.find((d) => d.where === "CONTRIBUTING.md")!
  const { Routes } = (await import(PACKAGE)) as { Routes: { DEFAULT_ROUTES: RouteTable } }
  // and so does the routes check: a path the table lacks, and one of its paths cut short, are found
  const routesProbe = unknownRoutes(
    "`GET /api/v2/plans/{planId}`, `GET /api/v2/plan/{planId}`, `GET /plans/{id}`, `GET /sandbox/clock`, `GET /health`",
    "probe",
    Routes.DEFAULT_ROUTES
  )
  if (routesProbe.map((p) => p.text).join() !== "GET /api/v2/plan/{planId},GET /plans/{id}") {
    throw new Error(`the routes check does not work: ${JSON.stringify(routesProbe)}`)
  }
  // README's "Use" states the Node.js floor the package declares (`engines.node`)
  const floor = /^>=\s*(\d+(?:\.\d+)*)$/.exec(
    (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { engines?: { node?: string } }).engines?.node ??
      ""
  )?.[1]
  const readme = docs.find((d) => d.where === "README.md")!.text
  const use = readme.slice(readme.indexOf("## Use"), readme.indexOf("\n## ", readme.indexOf("## Use") + 1))
  const engines: Array<Problem> = floor !== undefined && use.includes(`Node.js ${floor} or later`)
    ? []
    : [{
      where: "README.md",
      text: "## Use",
      why: `does not say "Node.js ${floor} or later" (package.json engines.node)`
    }]
  const sources = sourcesOf(join(root, "src")).map((file) => ({
    where: relative(root, file),
    text: readFileSync(file, "utf8")
  }))
  return [
    ...engines,
    // the two that name files by their full path: the recipes, and each rule's "Code:" and "Tests:"
    ...[contributing, docs.find((d) => d.where === join("docs", "rules.md"))!].flatMap((d) =>
      missingPaths(d.text, d.where, root)
    ),
    ...docs.flatMap((d) => unknownNames(d.text, d.where, namespaces)),
    ...[...docs, ...sources].flatMap((d) => unknownRoutes(d.text, d.where, Routes.DEFAULT_ROUTES)),
    ...checkConventions(root, entries, program)
  ]
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const problems = await checkDocNames(fileURLToPath(new URL("..", import.meta.url)))
  for (const p of problems) console.error(`${p.where}: ${p.text}: ${p.why}`)
  process.exit(problems.length > 0 ? 1 : 0)
}
