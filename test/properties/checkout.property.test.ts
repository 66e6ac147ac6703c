/**
 * Executable specification of checkout validation (R4) and totals (R2).
 */
import { Result } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { validateRequestResult } from "../../src/core/checkout/request.ts"
import { priceResult, summarizeResult } from "../../src/core/checkout/totals.ts"
import * as Currency from "../../src/core/foundation/currency.ts"
import { ValidationError } from "../../src/core/foundation/issues.ts"
import * as Money from "../../src/core/foundation/money.ts"
import * as Time from "../../src/core/foundation/time/index.ts"
import { checkoutRequest, merchantConfiguration, patternText } from "../../src/testing/arbitraries.ts"
import { checkoutBoundaries } from "../../src/testing/boundaries.ts"

const NOW = Date.UTC(2026, 10, 22, 9, 30)
const TODAY = Time.formatDate(Time.localDay(NOW, "UTC"))
const valid = checkoutRequest({ now: NOW })

const clone = <A>(a: A): any => structuredClone(a)

interface Push {
  readonly path: string
  readonly code: string
  readonly apply: (request: any) => void
}

/** Every field of a request pushed just past one of its bounds, one at a time. */
const pushes = (request: any): fc.Arbitrary<Push> => {
  const e = Currency.exponent(request.currencyCode)!
  const oneMinor = Money.fromMinorUnits(1, e)
  const item = fc.integer({ min: 0, max: request.items.length - 1 })
  const text = (path: string, min: number, max: number): Array<fc.Arbitrary<Push>> => [
    ...(min > 0
      ? [patternText(min - 1, min - 1).map((s) => ({ path, code: "too_short", apply: (r: any) => (r[path] = s) }))]
      : []),
    patternText(max + 1, max + 1).map((s) => ({ path, code: "too_long", apply: (r: any) => (r[path] = s) }))
  ]
  const url = (path: string): Array<fc.Arbitrary<Push>> => [
    fc.constantFrom("http", "a://", "x").map((s) => ({ path, code: "too_short", apply: (r: any) => (r[path] = s) })),
    fc.constant({
      path,
      code: "too_long",
      apply: (r: any) => (r[path] = `https://shop.example/${"p".repeat(2049 - 21)}`)
    })
  ]
  const itemPush = (field: string, code: string, value: (it: any) => unknown) =>
    item.map((i) => ({
      path: `items[${i}].${field}`,
      code,
      apply: (r: any) => (r.items[i][field] = value(r.items[i]))
    }))
  const policyPushes: Array<fc.Arbitrary<Push>> = request.items.flatMap((it: any, i: number) =>
    (it.refundPolicies ?? []).flatMap((_: unknown, j: number) => [
      fc.constantFrom(100.01, 101, -0.01, -1).map((v) => ({
        path: `items[${i}].refundPolicies[${j}].refundablePercentage`,
        code: "range",
        apply: (r: any) => (r.items[i].refundPolicies[j].refundablePercentage = v)
      })),
      fc.constant({
        path: `items[${i}].refundPolicies[${j}].daysWithinRedemptionDate`,
        code: "range",
        apply: (r: any) => (r.items[i].refundPolicies[j].daysWithinRedemptionDate = -1)
      })
    ])
  )
  return fc.oneof(
    ...text("merchantId", 5, 256),
    ...text("externalCode", 5, 128),
    ...text("merchantOrderId", 1, 256),
    fc.constantFrom("AU", "AUDD", "U").map((s) => ({
      path: "currencyCode",
      code: s.length < 3 ? "too_short" : "too_long",
      apply: (r: any) => (r.currencyCode = s)
    })),
    ...url("redirectURL"),
    ...url("callbackURL"),
    fc.constant({ path: "items", code: "too_short", apply: (r: any) => (r.items = []) }),
    fc.constant({ path: "type", code: "enum", apply: (r: any) => (r.type = "plans") }),
    fc.constant({ path: "planType", code: "enum", apply: (r: any) => (r.planType = "installment") }),
    fc.integer({ min: 1, max: 100_000 }).map((m) => ({
      path: "expiry",
      code: "format",
      apply: (r: any) => (r.expiry = m + 0.5)
    })),
    itemPush("quantity", "range", () => 0),
    itemPush("costPerItem", "range", () => 0),
    itemPush(
      "costPerItem",
      "precision",
      (it) => Number(`${Money.toMinorUnits(it.costPerItem, e)}e-${e}`) + oneMinor / 10
    ),
    itemPush("description", "too_short", () => ""),
    itemPush("paymentDeadline", "range", () => -1),
    itemPush("redemptionDate", "past_date", () => TODAY),
    item.map((i) => ({
      path: `items[${i}].minimumDepositPerItem.value`,
      code: "range",
      apply: (r: any) => (r.items[i].minimumDepositPerItem = { unit: "Percentage", value: 100.5 })
    })),
    item.map((i) => ({
      path: `items[${i}].minimumDepositPerItem.value`,
      code: "range",
      apply: (r: any) => (r.items[i].minimumDepositPerItem = { unit: "Currency", value: -oneMinor })
    })),
    ...policyPushes
  )
}

describe("R4 checkout request validation", () => {
  it("R4.9: never throws for anything, and answers with issues or a value", () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.jsonValue()), (input) => {
        const result = validateRequestResult(input, { now: NOW })
        if (Result.isFailure(result)) {
          expect(result.failure).toBeInstanceOf(ValidationError)
          expect(result.failure.issues.length).toBeGreaterThan(0)
        }
      }),
      { numRuns: 500 }
    )
  })

  it("R4.9: never throws when any field of a valid request is replaced by anything", () => {
    fc.assert(
      fc.property(valid, fc.anything(), fc.nat(), (request, junk, pick) => {
        const r = clone(request)
        const item = r.items[pick % r.items.length]
        const targets = [r, item, item.minimumDepositPerItem ?? item, (item.refundPolicies ?? [])[0] ?? item]
        const target = targets[pick % targets.length]
        const keys = Object.keys(target)
        target[keys[pick % keys.length] ?? "extra"] = junk
        validateRequestResult(r, { now: NOW })
        summarizeResult(r, { now: NOW })
      }),
      { numRuns: 300 }
    )
  })

  it("R4: every request of the valid-request arbitrary validates, and the value is the request", () => {
    fc.assert(
      fc.property(valid, (request) => {
        const result = validateRequestResult(request, { now: NOW })
        if (Result.isFailure(result)) throw new Error(JSON.stringify(result.failure.issues))
        expect(result.success.value).toEqual(request)
      }),
      { numRuns: 300 }
    )
  })

  it("R4.1: pushing one field just past a bound gives exactly one issue, at its path, with its code", () => {
    fc.assert(
      fc.property(valid.chain((request) => fc.tuple(fc.constant(request), pushes(request))), ([request, push]) => {
        const r = clone(request)
        push.apply(r)
        const result = validateRequestResult(r, { now: NOW })
        const issues = Result.isFailure(result) ? result.failure.issues.map((i) => `${i.path}:${i.code}`) : []
        expect(issues).toEqual([`${push.path}:${push.code}`])
      }),
      { numRuns: 1000 }
    )
  })

  it("R4.2: lengths count code points, astral characters included", () => {
    fc.assert(
      fc.property(valid, fc.integer({ min: 1, max: 300 }), (request, n) => {
        const r = clone(request)
        r.merchantOrderId = "😀".repeat(n) // 2n UTF-16 units, n code points
        const result = validateRequestResult(r, { now: NOW })
        const issues = Result.isFailure(result) ? result.failure.issues.map((i) => `${i.path}:${i.code}`) : []
        expect(issues).toEqual(n <= 256 ? [] : ["merchantOrderId:too_long"])
      })
    )
  })
})

describe("R2 checkout totals", () => {
  it("R1.5, R2.2–R2.4: the valid-request arbitrary reaches the deposits' and deadlines' boundary classes in a run of 100", () => {
    const reached = new Set(fc.sample(valid, 100).flatMap((r) => checkoutBoundaries(r, { timeZone: "UTC" })))
    for (
      const id of [
        "R1.5/deposit-half-even",
        "R1.5/deposit-half-odd",
        "R2.2/currency-capped",
        "R2.2/unit-case",
        "R2.3/quantity",
        "R2.4/default-deadline"
      ]
    ) expect(reached, id).toContain(id)
  })

  it("R2.1/R2.3: totals are the sums of the lines; deposits never exceed their lines", () => {
    fc.assert(
      fc.property(valid, fc.option(merchantConfiguration([]), { nil: undefined }), (request, merchant) => {
        const priced = Result.getOrThrow(priceResult(request, { merchant }))
        let cost = 0
        let deposit = 0
        request.items.forEach((item, i) => {
          const line = priced.items[i]!
          expect(line.lineTotal).toBe((Money.toMinorUnits(item.costPerItem, priced.exponent) as number) * item.quantity)
          expect(line.minimumDeposit).toBeGreaterThanOrEqual(0)
          expect(line.minimumDeposit).toBeLessThanOrEqual(line.lineTotal)
          expect(line.minimumDeposit % item.quantity).toBe(0)
          cost += line.lineTotal
          deposit += line.minimumDeposit
        })
        expect(priced.totalCost).toBe(cost)
        expect(priced.totalMinimumDeposit).toBe(deposit)
        // the JSON summary says the same in major units
        const summary = Result.getOrThrow(summarizeResult(request, { now: NOW, merchant }))
        expect(Money.toMinorUnits(summary.totalCost, priced.exponent)).toBe(cost)
        expect(Money.toMinorUnits(summary.totalMinimumDeposit, priced.exponent)).toBe(deposit)
      }),
      { numRuns: 300 }
    )
  })

  it("R2.4: the completion date is the earliest deadline, on or before every redemption date", () => {
    fc.assert(
      fc.property(valid, (request) => {
        const summary = Result.getOrThrow(summarizeResult(request, { now: NOW }))
        expect(summary.completionDate).toBe(summary.items.map((i) => i.deadlineDate).sort()[0])
        for (const item of summary.items) expect(summary.completionDate <= item.redemptionDate).toBe(true)
      }),
      { numRuns: 200 }
    )
  })

  it("R4.7: the checkout ends expiry minutes after now (1440 when absent or ≤ 0), before 10000, as validation judges it", () => {
    const DAY = 86_400_000
    const now = fc.oneof(
      fc.integer({ min: Time.END_INSTANT - 4 * DAY, max: Time.END_INSTANT - 1 }),
      fc.integer({ min: Time.FIRST_INSTANT, max: Time.END_INSTANT - 1 })
    )
    const expiry = fc.oneof(
      fc.constant(undefined),
      fc.integer({ min: -1_000_000, max: 0 }),
      fc.constantFrom(-0.5, -1e-9),
      fc.integer({ min: 1, max: 10_000_000 })
    )
    fc.assert(
      fc.property(valid, now, expiry, (request, at, minutes) => {
        const { expiry: _, ...rest } = request
        const withExpiry = minutes === undefined ? rest : { ...rest, expiry: minutes }
        // the oracle: Date's own arithmetic and writing, and the four-digit years
        const end = at + (minutes === undefined || minutes <= 0 ? 1440 : minutes) * 60_000
        const representable = new Date(end).getUTCFullYear() <= 9999
        const summary = summarizeResult(withExpiry, { now: at })
        const refused = (result: Result.Result<unknown, ValidationError>) =>
          Result.isFailure(result) &&
          result.failure.issues.some((i) => i.path === "expiry" && i.code === "range" && i.rule === "R4.7")
        if (representable) expect(Result.getOrThrow(summary).expiresAt).toBe(new Date(end).toISOString())
        else expect(refused(summary)).toBe(true)
        expect(refused(validateRequestResult(withExpiry, { now: at }))).toBe(!representable)
      }),
      { numRuns: 300 }
    )
  })

  it("R2: summarize never throws, only typed errors", () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.jsonValue()), fc.anything(), (input, now) => {
        const result = summarizeResult(input, { now: now as never })
        if (Result.isFailure(result)) expect(result.failure.issues.length).toBeGreaterThan(0)
      }),
      { numRuns: 300 }
    )
  })
})
