/**
 * The validators generated from request Schemas say what Effect Schema's own
 * interpreter says (R4.1, R4.9): same issues, same warnings, same value.
 */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { CheckoutRequest } from "../../src/core/checkout/request.ts"
import { PriceableCheckout } from "../../src/core/checkout/totals.ts"
import * as Time from "../../src/core/foundation/time/index.ts"
import { matchesNoSpacePattern, NO_SPACE_PATTERN } from "../../src/core/internal/schema-kit.ts"
import { compileValidator, interpretValidator, knownKeysChecks } from "../../src/core/internal/validator.ts"
import { PlanTermsRequest } from "../../src/core/plan-terms/index.ts"
import { SetMerchantOrderRequest } from "../../src/core/plan/index.ts"
import { CancelPlanRequest } from "../../src/core/refund/cancel.ts"
import { PlanSearchQuery } from "../../src/core/search/index.ts"
import { checkoutRequest } from "../../src/testing/arbitraries.ts"

const NOW = Date.UTC(2026, 10, 22)

/** A valid value with one part replaced, removed or added: the kind of input that finds differences. */
const mutated = <A>(valid: fc.Arbitrary<A>) =>
  fc.tuple(valid, fc.anything(), fc.nat(), fc.constantFrom("replace", "delete", "add")).map(
    ([value, junk, pick, how]) => {
      const copy: any = structuredClone(value)
      const containers: Array<any> = []
      const collect = (v: unknown) => {
        if (typeof v === "object" && v !== null) {
          containers.push(v)
          for (const child of Object.values(v)) collect(child)
        }
      }
      collect(copy)
      const target = containers[pick % containers.length]
      const keys = Object.keys(target)
      const key = how === "add" || keys.length === 0 ? `extra${pick % 3}` : keys[pick % keys.length]!
      if (how === "delete") delete target[key]
      else target[key] = junk
      return copy
    }
  )

const sameAnswer = (schema: any, unknownKeys: "warn" | "ignore", input: fc.Arbitrary<unknown>) => {
  const generated = compileValidator(schema, { rule: "R4.1", unknownKeys })
  const interpreted = interpretValidator(schema, { rule: "R4.1", unknownKeys })
  fc.assert(
    fc.property(input, (value) => {
      const a = generated(value)
      const b = interpreted(value)
      const key = (i: { path: string; code: string; message: string }) => `${i.path}:${i.code}:${i.message}`
      expect(a.issues.map(key).sort()).toEqual(b.issues.map(key).sort())
      expect(a.warnings.map(key).sort()).toEqual(b.warnings.map(key).sort())
      // compared as JSON data: the generated value may keep an input's null prototype,
      // or a named property on an array, which JSON cannot carry
      const json = (v: unknown) => JSON.parse(JSON.stringify(v))
      if (a.issues.length === 0) expect(json(a.value)).toEqual(json(b.value))
    }),
    { numRuns: 400 }
  )
}

describe("generated validators agree with Effect Schema", () => {
  const valid = checkoutRequest({ now: NOW })
  it("CheckoutRequest, strict", () =>
    sameAnswer(CheckoutRequest, "warn", fc.oneof(valid, mutated(valid), mutated(mutated(valid)), fc.anything())))
  it("R1.1: an unknown key does not hide a line total beyond the largest exact amount from either (found by the property above)", () => {
    const input = {
      merchantId: "merchant-1",
      merchantOrderId: "order-1",
      currencyCode: "GBP",
      redirectURL: "https://shop.example/",
      items: [{
        quantity: 1,
        description: " ",
        costPerItem: 22517998136853, // 2,251,799,813,685,300 minor units: 52 beyond the largest exact amount
        redemptionDate: "2026-11-24",
        refundPolicies: []
      }],
      extra0: 1
    }
    for (const check of [compileValidator, interpretValidator]) {
      const { issues, warnings } = check(CheckoutRequest, { rule: "R4.1", unknownKeys: "warn" })(input)
      expect(issues.map((i) => `${i.path}:${i.code}:${i.rule}`)).toEqual(["items[0].quantity:range:R1.1"])
      expect(warnings.map((w) => `${w.path}:${w.code}`)).toEqual(["extra0:unknown_field"])
    }
  })
  it("an own \"__proto__\" key is kept as a key by both (found by the property below)", () => {
    const input = JSON.parse(
      `{"merchantOrderId":"a","currencyCode":"XOF","redirectURL":"https://shop.example/","items":[{"quantity":1,"description":" ","costPerItem":11126559,"redemptionDate":"2026-11-22T00:01:00Z","refundPolicies":[]}],"merchantMetadata":{"__proto__":"","kept":"x"}}`
    )
    for (const check of [compileValidator, interpretValidator]) {
      const { issues, value } = check(PriceableCheckout, { rule: "R4.1", unknownKeys: "ignore" })(input)
      expect(issues).toEqual([])
      expect(Object.keys((value as unknown as { merchantMetadata: object }).merchantMetadata)).toEqual([
        "__proto__",
        "kept"
      ])
      expect(Object.getPrototypeOf((value as unknown as { merchantMetadata: object }).merchantMetadata)).toBe(
        Object.prototype
      )
    }
  })
  it("PriceableCheckout, known fields only", () =>
    sameAnswer(PriceableCheckout, "ignore", fc.oneof(valid, mutated(valid), fc.anything())))
  const terms = fc.record({
    checkoutId: fc.string(),
    type: fc.constant("plan"),
    deposit: fc.record({ amount: fc.double() }),
    installments: fc.record({
      cadence: fc.record({
        frequency: fc.constantFrom("Weekly", "monthly"),
        on: fc.record({ dayOfWeek: fc.constantFrom("Monday", "FRIDAY"), dayOfMonth: fc.integer({ min: 0, max: 40 }) })
      })
    }),
    timeZone: fc.constantFrom("UTC", "Australia/Sydney", "Nowhere/Land")
  })
  it("PlanTermsRequest", () => sameAnswer(PlanTermsRequest, "warn", fc.oneof(terms, mutated(terms))))
  const cancel = fc.record({
    planId: fc.string(),
    refundableAmount: fc.double(),
    reason: fc.constantFrom("Other", "CustomerRequest", "Nope"),
    details: fc.string()
  })
  it("CancelPlanRequest", () => sameAnswer(CancelPlanRequest, "warn", fc.oneof(cancel, mutated(cancel))))
  const order = fc.record({ planId: fc.string(), merchantOrderId: fc.string() })
  it("SetMerchantOrderRequest", () => sameAnswer(SetMerchantOrderRequest, "warn", fc.oneof(order, mutated(order))))
  const search = fc.record({
    page: fc.integer({ min: -2, max: 5 }),
    limit: fc.integer({ min: 0, max: 120 }),
    sortDirection: fc.constantFrom("asc", "desc", "up"),
    filterOperator: fc.constantFrom("in", "like"),
    useQuickFilter: fc.boolean()
  }, { requiredKeys: [] })
  it("PlanSearchQuery", () => sameAnswer(PlanSearchQuery, "warn", fc.oneof(search, mutated(search))))
})

describe("fast paths equal what they replace", () => {
  it("R4.3: the no-space check is the service's regex, applied without flags", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: "binary" }),
          fc.string({
            unit: fc.constantFrom(" ", "\n", "\r", "\u2028", "\u2029", "\t", "\u00a0", "a", "\ud800", "\udc00")
          })
        ),
        (s) => {
          expect(matchesNoSpacePattern(s)).toBe(NO_SPACE_PATTERN.test(s))
        }
      ),
      { numRuns: 2000 }
    )
  })

  it("R3: instants are written as Date.prototype.toISOString writes them", () => {
    fc.assert(
      fc.property(fc.integer({ min: -8.64e15, max: 8.64e15 }), (ms) => {
        expect(Time.formatInstant(ms)).toBe(new Date(ms).toISOString())
        expect(Time.formatDate(Math.floor(ms / 86_400_000))).toBe(
          new Date(Math.floor(ms / 86_400_000) * 86_400_000).toISOString().slice(0, -14)
        )
      }),
      { numRuns: 2000 }
    )
  })
})

describe("the generated known-keys check (R10.2) agrees with the interpreted walk", () => {
  const valid = checkoutRequest({ now: NOW })
  const stray = fc.record({ zzstray: fc.anything() }, { requiredKeys: [] })
  /** a value with stray keys merged in at the top, in an item, or in a policy */
  const withStrays = fc.tuple(valid, stray, stray, fc.nat()).map(([request, top, inItem, at]) => ({
    ...request,
    ...top,
    items: request.items.map((item, i) => (i === at % request.items.length ? { ...item, ...inItem } : item))
  }))
  it.each([["CheckoutRequest", CheckoutRequest], ["PriceableCheckout", PriceableCheckout]] as const)(
    "%s",
    (_, schema) => {
      const generated = knownKeysChecks.generated(schema)
      const interpreted = knownKeysChecks.interpreted(schema)
      fc.assert(
        fc.property(fc.oneof(valid, withStrays, mutated(valid), fc.anything()), (value) => {
          expect(generated(value)).toBe(interpreted(value))
        }),
        { numRuns: 400 }
      )
    }
  )
})
