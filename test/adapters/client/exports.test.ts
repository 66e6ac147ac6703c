/**
 * The client's entry points export exactly what docs/client.md lists under
 * "Exports": a new export fails here until it is documented, and nothing
 * internal (make, makeApi, resolveConfig, …) is exported.
 */
import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import * as Client from "../../../src/adapters/client/index.ts"
import * as ClientTesting from "../../../src/adapters/client/testing.ts"

const read = (path: string) => readFileSync(new URL(path, import.meta.url), "utf8")

/** The backticked names of each entry's part of the docs' Exports section, values and types apart. */
const documented = (entry: string) => {
  const docs = read("../../../docs/client.md")
  const section = docs.slice(docs.indexOf("\n## Exports"))
  const start = section.indexOf(`\`${entry}\`:`)
  const rest = section.slice(start + entry.length + 3)
  const end = rest.search(/\n`payment-plan-engine[^`]*`:/)
  const part = end === -1 ? rest : rest.slice(0, end)
  const names = (text: string) => [...text.matchAll(/`([A-Za-z_$][\w$]*)`/g)].map((m) => m[1]!)
  const [values = "", types = ""] = part.split(/\n- Types:/)
  return { values: names(values).sort(), types: names(types).sort() }
}

/** The names a source entry exports, from its explicit export lists (no `export *`). */
const exported = (path: string) => {
  const source = read(path)
  expect(source).not.toMatch(/export \*/)
  const values: Array<string> = []
  const types: Array<string> = []
  for (const [, typeOnly, list] of source.matchAll(/export (type )?\{([^}]*)\} from/g)) {
    for (const raw of list!.split(",").map((s) => s.trim()).filter((s) => s !== "")) {
      const name = raw.replace(/^type /, "").split(/ as /).pop()!.trim()
      ;(typeOnly !== undefined || raw.startsWith("type ") ? types : values).push(name)
    }
  }
  for (const [, kind, name] of source.matchAll(/^export (const|function|class|interface|type) ([A-Za-z_$][\w$]*)/gm)) {
    ;(kind === "interface" || kind === "type" ? types : values).push(name!)
  }
  return { values: [...new Set(values)].sort(), types: [...new Set(types)].sort() }
}

describe("the client's public surface is what docs/client.md lists", () => {
  it("payment-plan-engine/client: values and types", () => {
    const docs = documented("payment-plan-engine/client")
    const source = exported("../../../src/adapters/client/index.ts")
    expect(source.values).toEqual(docs.values)
    expect(source.types).toEqual(docs.types)
    expect(Object.keys(Client).sort()).toEqual(docs.values)
  })

  it("payment-plan-engine/client/testing: values and types", () => {
    const docs = documented("payment-plan-engine/client/testing")
    const source = exported("../../../src/adapters/client/testing.ts")
    expect(source.values).toEqual(docs.values)
    expect(source.types).toEqual(docs.types)
    expect(Object.keys(ClientTesting).sort()).toEqual(docs.values)
  })

  it("internals are not exported", () => {
    for (
      const name of [
        "make",
        "makeApi",
        "resolveConfig",
        "backoffMs",
        "isRepeatable",
        "DEFAULT_RETRY",
        "ValidationError"
      ]
    ) {
      expect(Client).not.toHaveProperty(name)
    }
  })
})
