import { readFileSync, writeFileSync } from "node:fs"
import path from "node:path"
import ts from "typescript"
const renames = JSON.parse(process.argv[2])
const configPath = ts.findConfigFile(".", ts.sys.fileExists, "tsconfig.json")
const config = ts.getParsedCommandLineOfConfigFile(configPath, {}, {
  ...ts.sys,
  onUnRecoverableConfigFileDiagnostic: () => {}
})
const files = new Map(config.fileNames.map((f) => [path.resolve(f), { version: 0, text: readFileSync(f, "utf8") }]))
const host = {
  getScriptFileNames: () => [...files.keys()],
  getScriptVersion: (f) => String(files.get(path.resolve(f))?.version ?? 0),
  getScriptSnapshot: (f) => {
    const e = files.get(path.resolve(f))
    const t = e ? e.text : ts.sys.readFile(f)
    return t === undefined ? undefined : ts.ScriptSnapshot.fromString(t)
  },
  getCurrentDirectory: () => process.cwd(),
  getCompilationSettings: () => config.options,
  getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
  fileExists: ts.sys.fileExists,
  readFile: ts.sys.readFile,
  readDirectory: ts.sys.readDirectory
}
const ls = ts.createLanguageService(host)
for (const [file, from, to] of renames) {
  const abs = path.resolve(file)
  const text = files.get(abs).text
  const re = new RegExp(`export (?:const|function|class|type|interface) ${from}\\b`)
  const m = re.exec(text)
  if (!m) {
    console.error("not found", file, from)
    continue
  }
  const pos = m.index + m[0].length - from.length
  const locs = ls.findRenameLocations(abs, pos, false, false, { providePrefixAndSuffixTextForRename: true })
  if (!locs) {
    console.error("no locs", from)
    continue
  }
  const byFile = new Map()
  for (const l of locs) {
    const a = path.resolve(l.fileName)
    if (!byFile.has(a)) byFile.set(a, [])
    byFile.get(a).push(l)
  }
  for (const [f, ls2] of byFile) {
    const e = files.get(f)
    let t = e.text
    for (const l of ls2.sort((a, b) => b.textSpan.start - a.textSpan.start)) {
      t = t.slice(0, l.textSpan.start) + (l.prefixText ?? "") + to + (l.suffixText ?? "") +
        t.slice(l.textSpan.start + l.textSpan.length)
    }
    e.text = t
    e.version++
  }
  console.log(from, "→", to, locs.length, "locations in", byFile.size, "files")
}
for (const [f, e] of files) if (e.version > 0) writeFileSync(f, e.text)
