/**
 * Writes the service's contract into the package (`npm run build`): the OpenAPI
 * 3.1 document generated from the route table and the Schemas
 * (src/core/wire/openapi.ts) as dist/openapi.json
 * (`payment-plan-engine/openapi.json`), and the JSON Schema of each request body
 * as dist/schemas/<operation>.json (`payment-plan-engine/schemas/<operation>.json`).
 * The same sources give the same bytes (test/core/wire/openapi-build.test.ts
 * builds twice and compares).
 *
 *   node scripts/build-openapi.ts              writes into dist/
 *   node scripts/build-openapi.ts --out DIR    writes into DIR instead
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { gzipSync } from "node:zlib"
import { BODY_OPERATIONS, openApiDocument, requestBodySchema, serialize } from "../src/core/wire/openapi.ts"

/** The files of the contract, by their path in the package. */
export const contractFiles = (): ReadonlyArray<readonly [path: string, text: string]> => [
  ["openapi.json", serialize(openApiDocument())],
  ...BODY_OPERATIONS.map((operation) => [`schemas/${operation}.json`, serialize(requestBodySchema(operation))] as const)
]

const main = () => {
  const at = process.argv.indexOf("--out")
  const out = at >= 0 ? process.argv[at + 1]! : fileURLToPath(new URL("../dist", import.meta.url))
  mkdirSync(join(out, "schemas"), { recursive: true })
  for (const [path, text] of contractFiles()) writeFileSync(join(out, path), text)
  const document = contractFiles()[0]![1]
  console.log(`openapi.json: ${document.length} bytes, ${gzipSync(document).length} bytes gzipped`)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main()
