/**
 * Executable specification of inputs given from code (R10): `undefined` is absent (R10.1), a field
 * or option no rule reads is reported and, on request, refused (R10.2), and a merchant
 * configuration the service could answer never makes a calculation throw (R10.3).
 */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  computePlanTermsResult,
  quoteRefund,
  quoteRefundResult,
  selectRefundPolicyResult,
  splitInstallmentsResult,
  summarizeCheckout,
  summarizeCheckoutResult,
  validateCheckoutRequest
} from "../../src/index.ts"
import { checkoutRequest, refundPlan } from "../../src/testing/arbitraries.ts"
import { exampleRequest, NOW } from "../fixtures.ts"

const NOW_MS = Date.parse(NOW)
const AT = "2027-01-20T09:00:00+11:00"

/** A key no schema of the service has (a typo's shape: letters, never a known field). */
const strayKey = fc.stringMatching(/^zz[a-z]{1,8}$/)

const unknownPaths = (warnings: ReadonlyArray<{ readonly code: string; readonly path: string }>) =>
  warnings.filter((w) => w.code === "unknown_field").map((w) => w.path)

describe("R10.2 unknown fields and options are reported, and refused on request (examples)", () => {
  const plan = {
    currencyCode: "AUD",
    totalPaymentsPaid: 400,
    items: [{
      id: "t1",
      description: "Festival ticket",
      quantity: 2,
      costPerItem: 250,
      redemptionDate: "2027-03-01",
      refundPolicy: [{ daysWithinRedemptionDate: 60, refundablePercentage: 75 }]
    }]
  }

  it("the issue's typo: refundPolicy and timezone are named, not a silent full refund", () => {
    const answer = quoteRefundResult(plan, { at: AT, timezone: "Australia/Sydney" } as never)
    expect(answer.ok).toBe(true)
    expect(unknownPaths(answer.warnings)).toEqual(["items[0].refundPolicy", "options.timezone"])
    expect(answer.warnings[0]).toMatchObject({ code: "unknown_field", rule: "R10.2" })
  })

  it("unknownFields: \"error\" refuses them, every one, and quoteRefund throws", () => {
    const answer = quoteRefundResult(plan, { at: AT, timezone: "Australia/Sydney", unknownFields: "error" } as never)
    expect(answer.ok).toBe(false)
    expect(!answer.ok && answer.issues.map((i) => i.path)).toEqual(["items[0].refundPolicy", "options.timezone"])
    expect(() => quoteRefund(plan, { at: AT, unknownFields: "error" })).toThrow(/items\[0\]\.refundPolicy/)
  })

  it("a bad unknownFields value is itself an issue", () => {
    const answer = splitInstallmentsResult(100, 3, "AUD", { unknownFields: "loud" as never })
    expect(!answer.ok && answer.issues.map((i) => `${i.path}:${i.code}:${i.rule}`)).toEqual([
      "options.unknownFields:enum:R10.2"
    ])
  })

  it("validators warn on unknown options too", () => {
    const answer = validateCheckoutRequest(exampleRequest(), { now: NOW, timezone: "UTC" } as never)
    expect(answer.ok && unknownPaths(answer.warnings)).toEqual(["options.timezone"])
  })
})

describe("R10.2 properties", () => {
  it("summarizeCheckoutResult names a stray field of the request or of an item, and the value is unchanged", () => {
    fc.assert(
      fc.property(
        checkoutRequest({ now: NOW_MS }),
        strayKey,
        fc.nat(),
        fc.boolean(),
        (request, key, at, inItem) => {
          const index = at % request.items.length
          const typo = inItem
            ? { ...request, items: request.items.map((item, i) => (i === index ? { ...item, [key]: 1 } : item)) }
            : { ...request, [key]: 1 }
          const answer = summarizeCheckoutResult(typo, { now: NOW })
          expect(answer.ok).toBe(true)
          expect(unknownPaths(answer.warnings)).toEqual([inItem ? `items[${index}].${key}` : key])
          expect(answer.ok && answer.value).toEqual(summarizeCheckout(request, { now: NOW }))
          const strict = summarizeCheckoutResult(typo, { now: NOW, unknownFields: "error" })
          expect(!strict.ok && strict.issues.map((i) => i.code)).toEqual(["unknown_field"])
        }
      )
    )
  })

  it("quoteRefundResult names a stray field of an item or a policy, and a stray option", () => {
    fc.assert(
      fc.property(refundPlan({ now: NOW_MS }), strayKey, strayKey, fc.nat(), (plan, key, option, at) => {
        const index = at % plan.items.length
        const typo = { ...plan, items: plan.items.map((item, i) => (i === index ? { ...item, [key]: [] } : item)) }
        const answer = quoteRefundResult(typo, { at: AT, [option]: true } as never)
        expect(unknownPaths(answer.warnings)).toEqual([`items[${index}].${key}`, `options.${option}`])
        const clean = quoteRefundResult(plan, { at: AT })
        expect(answer.ok && answer.value).toEqual(clean.ok && clean.value)
        expect(clean.warnings).toEqual([])
      })
    )
  })
})

describe("R10.1 a key whose value is undefined is absent", () => {
  it("the issue's case: minimumDepositPerItem: undefined validates, summarizes and prices", () => {
    const request = { ...exampleRequest(), minimumDepositPerItem: undefined }
    expect(validateCheckoutRequest(request, { now: NOW }).ok).toBe(true)
    expect(summarizeCheckoutResult(request, { now: NOW }).ok).toBe(true)
    const terms = computePlanTermsResult(request, { checkoutId: "chk_1", type: "plan", timeZone: "UTC" }, { now: NOW })
    expect(terms.ok).toBe(true)
  })

  it("property: adding undefined keys (known or not) changes no answer and warns of nothing", () => {
    fc.assert(
      fc.property(
        checkoutRequest({ now: NOW_MS }),
        fc.constantFrom("minimumDepositPerItem", "paymentDeadline", "merchantOrderId", "zzstray"),
        (request, key) => {
          const withUndefined = { ...request, [key]: undefined }
          const { [key]: _dropped, ...without } = request as Record<string, unknown>
          // merchantOrderId is required: undefined reads as missing, exactly as leaving it out does
          expect(validateCheckoutRequest(withUndefined, { now: NOW, merchant: undefined })).toEqual(
            validateCheckoutRequest(without, { now: NOW })
          )
          expect(summarizeCheckoutResult(withUndefined, { now: NOW })).toEqual(
            summarizeCheckoutResult(without, { now: NOW })
          )
        }
      )
    )
  })
})

describe("R10.3 a merchant configuration the service could answer never makes a calculation throw", () => {
  const plan = {
    currencyCode: "AUD",
    totalPaymentsPaid: 400,
    items: [{ id: "t1", quantity: 2, costPerItem: 250, redemptionDate: "2027-03-01" }]
  }

  it("the issue's tie: two default policies of 30 days, the first in list order wins (R7.2)", () => {
    const merchant = {
      defaultRefundPolicies: [
        { daysWithinRedemptionDate: 30, refundablePercentage: 10 },
        { daysWithinRedemptionDate: 30, refundablePercentage: 90 }
      ]
    }
    const quote = quoteRefund(plan, { at: "2027-02-10T00:00:00Z", merchant })
    expect(quote.items[0]?.activeRefundPolicyIndex).toBe(0)
    expect(quote.totalNonRefundableAmount).toBe(450)
    expect(splitInstallmentsResult(100, 3, "AUD", { merchant }).ok).toBe(true)
  })

  it("messages name the real problem of a bad configuration", () => {
    const paths = (merchant: unknown) => {
      const answer = quoteRefundResult(plan, { at: AT, merchant })
      return answer.ok ? [] : answer.issues.map((i) => `${i.path}: ${i.message}`)
    }
    expect(paths({ subMerchants: [{ externalCode: "store-north" }] })).toEqual([])
    expect(paths({ currencies: [5] })).toEqual(["merchant.currencies[0]: must be an object, got 5"])
    expect(paths({ defaultRefundPolicies: [{ daysWithinRedemptionDate: "x" }] })).toEqual([
      "merchant.defaultRefundPolicies[0].daysWithinRedemptionDate: must be a number, or a number written as text, got \"x\""
    ])
  })

  it("selectRefundPolicyResult answers a sparse list with a typed issue, never a TypeError", () => {
    // eslint-disable-next-line no-sparse-arrays
    const answer = selectRefundPolicyResult([, { daysWithinRedemptionDate: 3 }] as never, 2)
    expect(!answer.ok && answer.issues.map((i) => `${i.path}:${i.code}`)).toEqual(["policies[0]:type"])
  })
})
