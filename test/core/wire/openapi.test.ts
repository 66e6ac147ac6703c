/**
 * The OpenAPI document (src/core/wire/openapi.ts): it and the route table agree
 * on every operation, a schema's field appears in it, every constraint cites
 * its rule, two builds give the same bytes, Redocly's recommended rules find
 * nothing, and the package ships it and each request body's JSON Schema.
 */
import * as Schema from "effect/Schema"
import { execFileSync, spawnSync } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { contractFiles } from "../../../scripts/build-openapi.ts"
import { CheckoutRequest } from "../../../src/core/checkout/request.ts"
import {
  BODY_OPERATIONS,
  errorStatuses,
  type Json,
  type JsonObject,
  openApiDocument,
  requestJsonSchema
} from "../../../src/core/wire/openapi.ts"
import { OPERATIONS, pathParameters, ROUTE_TABLE, type RouteEntry } from "../../../src/core/wire/routes.ts"

const ROOT = fileURLToPath(new URL("../../../", import.meta.url))
const NODE = join(ROOT, "node_modules/.bin/node")
const REDOCLY = join(ROOT, "node_modules/@redocly/cli/bin/cli.js")

const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value)

const METHODS = ["get", "put", "post", "delete", "patch"] as const

/** Every operation of a document, by its operationId: its method, path and what it says. */
const operationsOf = (document: JsonObject) => {
  const found = new Map<string, { method: string; path: string; operation: JsonObject }>()
  for (const [path, item] of Object.entries(document["paths"] as JsonObject)) {
    for (const method of METHODS) {
      const operation = (item as JsonObject)[method]
      if (isObject(operation)) found.set(String(operation["operationId"]), { method, path, operation })
    }
  }
  return found
}

/** The parameters of an operation, as `in:name` (required ones marked `!`). */
const parametersOf = (operation: JsonObject): Array<string> =>
  ((operation["parameters"] ?? []) as ReadonlyArray<JsonObject>)
    .filter((p) => p["in"] !== "header")
    .map((p) => `${String(p["in"])}:${String(p["name"])}${p["required"] === true ? "!" : ""}`)
    .sort()

/** What the route table says each operation's parameters are. */
const tableParameters = (entry: RouteEntry): Array<string> => {
  const inPath = pathParameters(entry)
  const found = inPath.map((name) => `path:${name}!`)
  if (entry.in === "query") {
    const schema = requestJsonSchema(entry.request)
    const required = new Set(schema["required"] as ReadonlyArray<string>)
    for (const name of Object.keys(schema["properties"] as JsonObject)) {
      if (!inPath.includes(name)) found.push(`query:${name}${required.has(name) ? "!" : ""}`)
    }
  }
  return found.sort()
}

/** Where a document and the route table disagree, one line per difference; none when they agree. */
const disagreements = (document: JsonObject): Array<string> => {
  const found = operationsOf(document)
  const out: Array<string> = []
  for (const name of [...found.keys()]) {
    if (!(OPERATIONS as ReadonlyArray<string>).includes(name)) out.push(`${name}: not an operation of the table`)
  }
  for (const name of OPERATIONS) {
    const entry: RouteEntry = ROUTE_TABLE[name]
    const seen = found.get(name)
    if (seen === undefined) {
      out.push(`${name}: missing`)
      continue
    }
    const { method, operation, path } = seen
    if (method !== entry.method.toLowerCase() || path !== entry.path) {
      out.push(`${name}: ${method.toUpperCase()} ${path}, the table says ${entry.method} ${entry.path}`)
    }
    const parameters = parametersOf(operation)
    if (JSON.stringify(parameters) !== JSON.stringify(tableParameters(entry))) {
      out.push(`${name}: parameters ${parameters.join(", ")}, the table says ${tableParameters(entry).join(", ")}`)
    }
    if (("requestBody" in operation) !== (entry.in === "body")) {
      out.push(`${name}: request body, the table says ${entry.in}`)
    }
    const statuses = Object.keys(operation["responses"] as JsonObject).map(Number)
    const expected = [entry.status ?? 200, ...errorStatuses(name)].sort((a, b) => a - b)
    if (JSON.stringify(statuses.sort((a, b) => a - b)) !== JSON.stringify(expected)) {
      out.push(`${name}: answers ${statuses.join(", ")}, expected ${expected.join(", ")}`)
    }
  }
  return out
}

/** Every schema node below `node`, with its JSON pointer. */
const nodes = function*(node: Json, at = "#"): Generator<readonly [string, JsonObject]> {
  if (Array.isArray(node)) {
    for (const [i, child] of node.entries()) yield* nodes(child, `${at}/${i}`)
  } else if (isObject(node)) {
    yield [at, node]
    for (const [key, child] of Object.entries(node)) yield* nodes(child, `${at}/${key}`)
  }
}

const CONSTRAINTS = ["minLength", "maxLength", "pattern", "minimum", "maximum", "exclusiveMinimum", "minItems", "if"]

describe("the OpenAPI document and the route table", () => {
  const document = openApiDocument()

  it("agree on every operation: path, method, operationId, parameters, body, statuses", () => {
    expect(disagreements(document)).toEqual([])
    expect(operationsOf(document).size).toBe(OPERATIONS.length)
  })

  it("a document that differs from the table on one operation is told apart", () => {
    const doctored = structuredClone(document) as { paths: Record<string, Record<string, Record<string, unknown>>> }
    delete doctored.paths["/api/v2/plans/{planId}"]!["get"]
    doctored.paths["/api/v2/checkout"]!["post"]!["operationId"] = "makeCheckout"
    const search = doctored.paths["/api/v2/plans"]!["get"]!
    search["parameters"] = (search["parameters"] as Array<unknown>).slice(1)
    delete (doctored.paths["/api/v2/plans/{planId}/cancel"]!["post"]!["responses"] as Record<string, unknown>)["409"]
    expect(disagreements(doctored as unknown as JsonObject).sort()).toEqual([
      "cancelPlan: answers 200, 400, 401, 404, 413, 415, 422, 429, 500, expected 200, 400, 401, 404, 409, 413, 415, 422, 429, 500",
      "createCheckout: missing",
      "makeCheckout: not an operation of the table",
      "retrievePlan: missing",
      expect.stringMatching(/^searchPlans: parameters .*, the table says query:cursor, .*query:page/)
    ])
  })

  it("a field added to a request's schema appears in its JSON Schema", () => {
    const extended = CheckoutRequest.mapFields((fields) => ({
      ...fields,
      giftMessage: Schema.optionalKey(Schema.String)
    }))
    const properties = requestJsonSchema(extended)["properties"] as JsonObject
    expect(properties["giftMessage"]).toEqual({ type: "string" })
    expect(Object.keys(properties)).toEqual([...Object.keys(CheckoutRequest.fields), "giftMessage"])
  })

  it("R4.1: requests are strict, answers open (R9), the credentials Basic", () => {
    const schemas = (document["components"] as JsonObject)["schemas"] as JsonObject
    for (const [name, schema] of Object.entries(schemas)) {
      const open = (schema as JsonObject)["additionalProperties"]
      expect([name, open]).toEqual([name, name.endsWith("Request") ? false : true])
    }
    expect((document["components"] as JsonObject)["securitySchemes"]).toMatchObject({
      basicAuth: { type: "http", scheme: "basic" }
    })
    expect(document["security"]).toEqual([{ basicAuth: [] }])
  })

  it("every constraint of a request, body or parameter, cites its rule (x-rule)", () => {
    let cited = 0
    for (const [at, node] of nodes(document)) {
      if (at.startsWith("#/components/schemas/") && !/^#\/components\/schemas\/\w+Request\//.test(at)) continue
      {
        // a constraint of a check (an `allOf` member) carries its rule; the keywords inside an if/then are the check's
        if (!/\/allOf\/\d+$/.test(at)) continue
        if (CONSTRAINTS.some((k) => k in node) || "enum" in node || "anyOf" in node) {
          expect([at, typeof node["x-rule"]]).toEqual([at, "string"])
          cited++
        }
      }
    }
    expect(cited).toBeGreaterThan(70)
  })

  it("R4.4: the checks JSON Schema cannot say are named in the field's description", () => {
    const request =
      ((document["components"] as JsonObject)["schemas"] as JsonObject)["CreateCheckoutRequest"] as JsonObject
    const redirect = (request["properties"] as JsonObject)["redirectURL"] as JsonObject
    expect(redirect["description"]).toBe(
      "Checked by the service, beyond what JSON Schema says: must be an absolute http or https URL (R4.4)."
    )
  })
})

describe("the shipped contract", () => {
  let built: string
  beforeAll(() => {
    built = mkdtempSync(join(tmpdir(), "ppe-openapi-"))
    execFileSync(NODE, ["scripts/build-openapi.ts", "--out", built], { cwd: ROOT })
  })
  afterAll(() => rmSync(built, { recursive: true, force: true }))

  it("two builds give byte-identical documents and schemas (a process of its own, and a fresh load here)", async () => {
    vi.resetModules()
    const fresh = (await import("../../../scripts/build-openapi.ts")).contractFiles()
    expect(fresh.map(([path]) => path)).toEqual(contractFiles().map(([path]) => path))
    for (const [path, text] of fresh) {
      expect(readFileSync(join(built, path), "utf8") === text, path).toBe(true)
    }
  })

  it("the package exports the document and each request body's JSON Schema", () => {
    const exports = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).exports as Record<string, unknown>
    expect(exports["./openapi.json"]).toBe("./dist/openapi.json")
    const schemas = Object.keys(exports).filter((key) => key.startsWith("./schemas/"))
    expect(schemas).toEqual(BODY_OPERATIONS.map((operation) => `./schemas/${operation}.json`))
    for (const key of schemas) expect(exports[key]).toBe(`./dist${key.slice(1)}`)
  })

  it("Redocly lints it with its recommended rules (redocly.yaml): no error, no warning", () => {
    const lint = spawnSync(NODE, [REDOCLY, "lint", join(built, "openapi.json"), "--format=json"], {
      cwd: ROOT,
      encoding: "utf8"
    })
    const report = JSON.parse(lint.stdout) as { totals: Record<string, number>; problems: Array<unknown> }
    expect(report.problems).toEqual([])
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 })
    expect(lint.status).toBe(0)
  })
})
