/**
 * "Did you mean": the one rule the plain functions' options and the element's attributes share
 * (test/facade/surface.test.ts and test/messaging/attributes.test.ts show it in their messages).
 */
import { describe, expect, it } from "vitest"
import { nearestName } from "../../../src/core/foundation/nearest.ts"

describe("nearestName", () => {
  it("names the known name in another case, else the nearest within one edit (four letters or fewer) or two", () => {
    expect(nearestName("timezone", ["now", "timeZone"])).toBe("timeZone")
    expect(nearestName("ammount", ["currency", "amount"])).toBe("amount")
    expect(nearestName("nw", ["now"])).toBe("now")
    expect(nearestName("n", ["now"])).toBeUndefined()
    expect(nearestName("curency", ["amount", "currency"])).toBe("currency")
    expect(nearestName("colour", ["currency", "amount"])).toBeUndefined()
    expect(nearestName("x", [])).toBeUndefined()
  })

  it("prefers the nearest to the first near one, and another case to any edit", () => {
    expect(nearestName("abcdef", ["abcdxy", "abcdeg"])).toBe("abcdeg")
    expect(nearestName("abcd", ["abce", "ABCD"])).toBe("ABCD")
    expect(nearestName("abce", ["abcx", "abcd", "abce"])).toBe("abce")
  })
})
