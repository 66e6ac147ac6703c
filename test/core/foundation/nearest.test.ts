/**
 * "Did you mean" (R10.2): the one rule the options of the plain functions and of the namespaces,
 * the fields of data and the element's attributes share (test/facade/surface.test.ts,
 * test/core/namespaces.test.ts and test/messaging/attributes.test.ts show it in their messages).
 */
import { describe, expect, it } from "vitest"
import { nearestName } from "../../../src/core/foundation/nearest.ts"

describe("nearestName", () => {
  it("names the known name in another case, else the nearest within one edit (four letters or fewer), two, or three (twelve or more)", () => {
    expect(nearestName("timezone", ["now", "timeZone"])).toBe("timeZone")
    expect(nearestName("ammount", ["currency", "amount"])).toBe("amount")
    expect(nearestName("nw", ["now"])).toBe("now")
    expect(nearestName("n", ["now"])).toBeUndefined()
    expect(nearestName("curency", ["amount", "currency"])).toBe("currency")
    expect(nearestName("colour", ["currency", "amount"])).toBeUndefined()
    expect(nearestName("x", [])).toBeUndefined()
    // a singular for a plural: three edits of a long name
    expect(nearestName("refundPolicy", ["sku", "refundPolicies"])).toBe("refundPolicies")
    expect(nearestName("defaultRefundPolicy", ["currencies", "defaultRefundPolicies"])).toBe("defaultRefundPolicies")
    expect(nearestName("refundPolicyXYZ", ["refundPolicies"])).toBeUndefined()
    expect(nearestName("paymentDeadlin", ["paymentDeadline"])).toBe("paymentDeadline")
    expect(nearestName("currenc", ["currencyCode"])).toBeUndefined()
  })

  it("prefers the nearest to the first near one, and another case to any edit", () => {
    expect(nearestName("abcdef", ["abcdxy", "abcdeg"])).toBe("abcdeg")
    expect(nearestName("abcd", ["abce", "ABCD"])).toBe("ABCD")
    expect(nearestName("abce", ["abcx", "abcd", "abce"])).toBe("abce")
  })
})
