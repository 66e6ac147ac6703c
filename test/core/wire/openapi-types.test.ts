/**
 * The types openapi-typescript generates from the OpenAPI document, generated
 * here again: the committed module (openapi.generated.ts), which
 * openapi-types.test-d.ts holds to the client's own types, is the generator's
 * answer for today's document.
 */
import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { GENERATED, generateTypes } from "./openapi-types.ts"

describe("openapi-typescript's types of the document", () => {
  it("are the committed module's (node test/core/wire/openapi-types.ts --write when the document changed)", async () => {
    const generated = await generateTypes()
    expect(generated.includes("createCheckout: {")).toBe(true)
    expect(readFileSync(GENERATED, "utf8") === generated, "openapi.generated.ts is out of date").toBe(true)
  })
})
