// tsc keeps the source's `.ts` import specifiers in the declarations it emits; a consumer's
// compiler resolves `./x.js` to `./x.d.ts`, so the relative specifiers are written as `.js`.
import { readdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"

const root = new URL("../dist/types", import.meta.url).pathname
const relative = /((?:from|import)\s*\(?\s*["'])(\.{1,2}\/[^"']+)\.ts(["'])/g
let files = 0
for (const entry of readdirSync(root, { recursive: true })) {
  if (!entry.endsWith(".d.ts")) continue
  const file = join(root, entry)
  const text = readFileSync(file, "utf8")
  const relinked = text.replace(relative, "$1$2.js$3")
  if (relinked !== text) writeFileSync(file, relinked)
  files++
}
console.log(`declarations: ${files} files in dist/types`)
