/**
 * Executable specification of inputs given from code (R10): `undefined` is absent (R10.1), a field
 * or option no rule reads is reported and, on request, refused (R10.2), and a merchant
 * configuration the service could answer never makes a calculation throw (R10.3).
 */
import fc from "fast-check"
import { describe, expect, it, vi } from "vitest"
import { forgetReportedWarnings, type PlainFunctionWarning, REMEMBERED } from "../../src/facade/plain.ts"
import * as Root from "../../src/index.ts"
import {
  calculateRefund,
  calculateRefundResult,
  computePlanTermsResult,
  selectRefundPolicyResult,
  splitInstallmentsResult,
  summarizeCheckout,
  summarizeCheckoutResult,
  validateCheckoutRequest
} from "../../src/index.ts"
import { checkoutRequest, refundPlan } from "../../src/testing/arbitraries.ts"
import { exampleRequest, NOW } from "../fixtures.ts"
import { perturbedCall, workingCalls } from "./any-input.ts"

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

  it("the reported typo: refundPolicy is named, not a silent full refund; timezone is refused", () => {
    const answer = calculateRefundResult(plan, { at: AT, timeZone: "Australia/Sydney" })
    expect(answer.ok).toBe(true)
    expect(unknownPaths(answer.warnings)).toEqual(["items[0].refundPolicy"])
    expect(answer.warnings[0]).toMatchObject({ code: "unknown_field", rule: "R10.2" })
    const typo = calculateRefundResult(plan, { at: AT, timezone: "Australia/Sydney" } as never)
    expect(!typo.ok && typo.issues.map((i) => `${i.path}:${i.code}:${i.rule}`)).toEqual([
      "options.timezone:unknown_option:R10.2"
    ])
  })

  it("unknownFields: \"error\" refuses every unknown field, and calculateRefund throws", () => {
    const answer = calculateRefundResult(plan, { at: AT, unknownFields: "error" })
    expect(answer.ok).toBe(false)
    expect(!answer.ok && answer.issues.map((i) => i.path)).toEqual(["items[0].refundPolicy"])
    expect(() => calculateRefund(plan, { at: AT, unknownFields: "error" })).toThrow(/items\[0\]\.refundPolicy/)
  })

  it("a bad unknownFields value is itself an issue", () => {
    const answer = splitInstallmentsResult(100, 3, "AUD", { unknownFields: "loud" as never })
    expect(!answer.ok && answer.issues.map((i) => `${i.path}:${i.code}:${i.rule}`)).toEqual([
      "options.unknownFields:enum:R10.2"
    ])
  })

  it("validators refuse unknown options too: options are written in code", () => {
    const answer = validateCheckoutRequest(exampleRequest(), { now: NOW, timezone: "UTC" } as never)
    expect(!answer.ok && answer.issues.map((i) => `${i.path}:${i.code}`)).toEqual(["options.timezone:unknown_option"])
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

  it("calculateRefundResult names a stray field of an item, and refuses a stray option", () => {
    fc.assert(
      fc.property(refundPlan({ now: NOW_MS }), strayKey, strayKey, fc.nat(), (plan, key, option, at) => {
        const index = at % plan.items.length
        const typo = { ...plan, items: plan.items.map((item, i) => (i === index ? { ...item, [key]: [] } : item)) }
        const answer = calculateRefundResult(typo, { at: AT })
        expect(unknownPaths(answer.warnings)).toEqual([`items[${index}].${key}`])
        const clean = calculateRefundResult(plan, { at: AT })
        expect(answer.ok && answer.value).toEqual(clean.ok && clean.value)
        expect(clean.warnings).toEqual([])
        const refused = calculateRefundResult(typo, { at: AT, [option]: true } as never)
        expect(!refused.ok && refused.issues.map((i) => `${i.path}:${i.code}`)).toEqual([
          `options.${option}:unknown_option`
        ])
        expect(refused.warnings).toEqual(answer.warnings)
      })
    )
  })
})

describe("R10.1 a key whose value is undefined is absent", () => {
  it("the reported case: minimumDepositPerItem: undefined validates, summarizes and prices", () => {
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
    const calculation = calculateRefund(plan, { at: "2027-02-10T00:00:00Z", merchant })
    expect(calculation.items[0]?.activeRefundPolicyIndex).toBe(0)
    expect(calculation.totalNonRefundableAmount).toBe(450)
    expect(splitInstallmentsResult(100, 3, "AUD", { merchant }).ok).toBe(true)
  })

  it("messages name the real problem of a bad configuration", () => {
    const paths = (merchant: unknown) => {
      const answer = calculateRefundResult(plan, { at: AT, merchant })
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

describe("R10.2 every surface says the same: a calculation and its twin agree, and the calculation reports each new warning once", () => {
  type Plain = (...args: Array<unknown>) => unknown
  const root = Root as unknown as Record<string, unknown>
  // enumerated from the exports: every calculation with a …Result twin, today's and tomorrow's
  const pairs = Object.keys(root)
    .filter((name) => typeof root[name] === "function" && typeof root[`${name}Result`] === "function")
    .map((name) => [name, root[name] as Plain, root[`${name}Result`] as Plain] as const)
  const key = (name: string, w: { readonly code: string; readonly path: string }) => `${name} ${w.code} ${w.path}`
  const issueKeys = (issues: ReadonlyArray<Root.Issue>) => issues.map((i) => `${i.path} ${i.code} ${i.rule}`)

  it("finds the calculations, and a working call of each", () => {
    expect(pairs.map(([name]) => name).toSorted()).toEqual(Object.keys(workingCalls).toSorted())
  })

  it("same value or same issues; the warnings the twin answers are process warnings, each once per process", () => {
    forgetReportedWarnings()
    const reported = new Set<string>()
    const counts = { refused: 0, answered: 0, warned: 0 }
    const emitted: Array<PlainFunctionWarning> = []
    const spy = vi.spyOn(process, "emitWarning").mockImplementation(
      ((warning: PlainFunctionWarning) => {
        emitted.push(warning)
      }) as typeof process.emitWarning
    )
    try {
      fc.assert(
        fc.property(
          fc.constantFrom(...pairs).chain((pair) =>
            fc.tuple(fc.constant(pair), perturbedCall(pair[0], pair[1].length))
          ),
          ([[name, calculation, twin], args]) => {
            /** What a new process would see: each warning of the twin not reported before, while memory lasts. */
            const expectReported = (name: string, warnings: ReadonlyArray<Root.Issue>): void => {
              const expected: Array<string> = []
              for (const w of warnings) {
                const k = key(name, w)
                if (reported.has(k) || reported.size >= REMEMBERED) continue
                reported.add(k)
                expected.push(k)
              }
              const seen = emitted.flatMap((w) => w.issue === undefined ? [] : [key(w.functionName, w.issue)])
              expect(seen).toEqual(expected)
              expect(emitted.every((w) => w.name === "PaymentPlanEngineWarning" && w.code.startsWith("PAYMENT_PLAN_")))
                .toBe(true)
            }
            const answer = twin(...args) as Root.Validation<unknown>
            emitted.length = 0
            let value: unknown
            let error: unknown
            try {
              value = calculation(...args)
            } catch (e) {
              error = e
            }
            if (!answer.ok) {
              counts.refused++
              if (error instanceof Root.PlanTransitionError) {
                // a refusal of the plan's state: the twin's one conflict at `event`, naming it
                expect(answer.issues).toEqual([
                  expect.objectContaining({
                    path: "event",
                    code: "conflict",
                    message: `${error.code}: ${error.message}`
                  })
                ])
                // the event's own warnings (an unknown field) are reported before the refusal is thrown
                expectReported(name, answer.warnings)
                return
              }
              expect(error, name).toBeInstanceOf(Root.ValidationError)
              expect(issueKeys((error as Root.ValidationError).issues)).toEqual(issueKeys(answer.issues))
              expect(emitted).toEqual([])
              return
            }
            counts.answered++
            if (answer.warnings.length > 0) counts.warned++
            expect(error, name).toBeUndefined()
            expect(value).toEqual(answer.value)
            expectReported(name, answer.warnings)
          }
        ),
        { numRuns: 400 }
      )
    } finally {
      spy.mockRestore()
    }
    // none of the three outcomes may be vacuous
    expect(counts.refused).toBeGreaterThanOrEqual(20)
    expect(counts.answered).toBeGreaterThanOrEqual(100)
    expect(counts.warned).toBeGreaterThanOrEqual(10)
  })
})
