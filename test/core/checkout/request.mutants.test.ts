/**
 * R4's edges found unchecked while measuring the suite with mutation testing (benchmarks/mutation.md).
 */
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { validateRequestResult } from "../../../src/core/checkout/request.ts"
import { exampleRequest, NOW } from "../../fixtures.ts"

describe("R4.4 merchantMetadata keeps every key, whatever its name", () => {
  // The validated value is a copy when a key is left out (R10.1: undefined is absent; R10.2: unknown
  // fields are not part of it). A copy made by assignment turned a "__proto__" key into a prototype
  // and lost it: the fast-check counterexample of the R10.1 property that found it.
  it("keeps a \"__proto__\" key of merchantMetadata when the value is a copy", () => {
    const merchantMetadata = JSON.parse("{\"__proto__\":\"x\",\"channel\":\"web\"}")
    for (const extra of [{ minimumDepositPerItem: undefined }, { stray: 1 }]) {
      const result = validateRequestResult({ ...exampleRequest(), merchantMetadata, ...extra }, { now: NOW })
      if (Result.isFailure(result)) throw result.failure
      const copy = result.success.value.merchantMetadata!
      expect(Object.keys(copy)).toEqual(["__proto__", "channel"])
      expect(Object.getOwnPropertyDescriptor(copy, "__proto__")?.value).toBe("x")
      expect(Object.getPrototypeOf(copy)).toBe(Object.prototype)
    }
  })
})
