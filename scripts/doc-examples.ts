/**
 * The doc test: every TSDoc `@example` of the source and every ```ts block of
 * README.md and docs/ is written out as a module under .doc-examples/, type
 * checked as a strict consumer would (`skipLibCheck: false`, the package
 * resolved by its own name, so against the built declarations), and run
 * against the built package. An example that does not compile or throws fails
 * `npm test`, so examples cannot rot.
 *
 * Examples use the names a reader would have at hand (`plan`, `checkout`,
 * `now`, …) without declaring them; scripts/doc-fixtures.ts gives them real
 * values, and each example imports the ones it uses.
 *
 *   node scripts/doc-examples.ts          extract, type check, run
 *   node scripts/doc-examples.ts --list   list the examples and where they come from
 */
import { execFileSync } from "node:child_process"
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { dirname, join, relative } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"

const root = fileURLToPath(new URL("..", import.meta.url))
const out = join(root, ".doc-examples")

interface Example {
  readonly source: string
  readonly line: number
  readonly code: string
}

const walk = (dir: string): Array<string> =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : []
  )

/** ```ts blocks inside TSDoc `@example` sections. */
const fromSource = (file: string): Array<Example> => {
  const text = readFileSync(file, "utf8")
  const examples: Array<Example> = []
  const pattern = /@example[^\n]*\n((?:\s*\*[^\n]*\n)*?)\s*\*\s*```ts\n((?:\s*\*[^\n]*\n)*?)\s*\*\s*```/g
  for (const match of text.matchAll(pattern)) {
    const code = match[2]!.split("\n").map((l) => l.replace(/^\s*\* ?/, "")).join("\n")
    const line = text.slice(0, match.index).split("\n").length
    examples.push({ source: relative(root, file), line, code })
  }
  return examples
}

/** ```ts blocks of a Markdown file. */
const fromMarkdown = (file: string): Array<Example> => {
  const text = readFileSync(file, "utf8")
  const examples: Array<Example> = []
  for (const match of text.matchAll(/^```ts\n([\s\S]*?)^```/gm)) {
    examples.push({
      source: relative(root, file),
      line: text.slice(0, match.index).split("\n").length,
      code: match[1]!
    })
  }
  return examples
}

const fixtureNames = (): Array<string> => {
  const text = readFileSync(join(root, "scripts/doc-fixtures.ts"), "utf8")
  return [...text.matchAll(/^export (?:const|let|function|async function) ([A-Za-z_$][\w$]*)/gm)].map((m) => m[1]!)
}

/** The fixtures an example uses and does not declare itself. */
const usedFixtures = (code: string, names: ReadonlyArray<string>): Array<string> =>
  names.filter((name) => {
    const word = new RegExp(`(?<![\\w$.])${name.replace(/\$/g, "\\$")}(?![\\w$])`)
    if (!word.test(code)) return false
    const declared = new RegExp(
      `(?:const|let|var|function|class)\\s+${name}\\b|import\\s*\\{[^}]*\\b${name}\\b[^}]*\\}|\\{[^}]*\\b${name}\\b[^}]*\\}\\s*=`
    )
    return !declared.test(code)
  })

const examples = [
  ...walk(join(root, "src")).flatMap(fromSource),
  ...fromMarkdown(join(root, "README.md")),
  ...readdirSync(join(root, "docs")).filter((f) => f.endsWith(".md")).flatMap((f) =>
    fromMarkdown(join(root, "docs", f))
  )
]

if (process.argv.includes("--list")) {
  for (const e of examples) console.log(`${e.source}:${e.line}`)
  process.exit(0)
}

rmSync(out, { recursive: true, force: true })
mkdirSync(out, { recursive: true })
const names = fixtureNames()
const files = examples.map((example, index) => {
  const fixtures = usedFixtures(example.code, names)
  const header = [
    `// ${example.source}:${example.line}`,
    ...(fixtures.length > 0 ? [`import { ${fixtures.join(", ")} } from "../scripts/doc-fixtures.ts"`] : [])
  ]
  // every example is a module of its own: its names do not meet another's
  const name = `example-${String(index).padStart(3, "0")}.ts`
  writeFileSync(join(out, name), `${header.join("\n")}\n${example.code}\nexport {}\n`)
  return { name, example }
})
writeFileSync(
  join(out, "tsconfig.json"),
  JSON.stringify(
    {
      compilerOptions: {
        target: "ES2023",
        lib: ["ES2023", "DOM"],
        module: "NodeNext",
        moduleResolution: "NodeNext",
        strict: true,
        skipLibCheck: false,
        noEmit: true,
        allowImportingTsExtensions: true,
        types: ["node"],
        // examples show values on lines of their own; an unused one is fine in prose
        noUnusedLocals: false
      },
      include: ["*.ts", "../scripts/doc-fixtures.ts"]
    },
    null,
    2
  )
)

// type check: the package resolves by its own name, to the built declarations
const tsc = join(root, "node_modules/.bin/tsc")
try {
  execFileSync(tsc, ["-p", out], { stdio: "pipe", encoding: "utf8" })
} catch (error) {
  const output = String((error as { stdout?: string }).stdout ?? error)
  const located = output.replace(
    /(?:\.doc-examples\/)?(example-\d{3}\.ts)\((\d+),(\d+)\)/g,
    (_, file: string, l: string) => {
      const found = files.find((f) => f.name === file)
      return found === undefined ? file : `${found.example.source}:${found.example.line + Number(l) - 2} (${file})`
    }
  )
  console.error(`doc examples do not type-check:\n${located}`)
  process.exit(1)
}

// run each against the built package
let failed = 0
for (const { name, example } of files) {
  try {
    await import(pathToFileURL(join(out, name)).href)
  } catch (error) {
    failed++
    console.error(
      `${example.source}:${example.line} (${name}) throws: ${error instanceof Error ? error.message : String(error)}`
    )
  }
}
if (failed > 0) process.exit(1)
console.log(`${files.length} doc examples type-check and run (${dirname(relative(root, out + "/x"))})`)
