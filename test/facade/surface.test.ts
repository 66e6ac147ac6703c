/**
 * The plain API's surface: no silent typo (R10.2), twins that never throw, one meaning
 * per option name. Each example is a reproduction from the issue.
 */
import { afterEach, describe, expect, it, vi } from "vitest"
import {
  applyPlanEvent,
  applyPlanEventResult,
  calculateRefund,
  calculateRefundResult,
  computePlanTerms,
  createPlanRecord,
  createPlanRecordResult,
  decideDeposit,
  searchPlansResult,
  summarizeCheckout
} from "../../src/index.ts"
import { exampleTerms } from "../core/plan/fixtures.ts"
import { exampleRequest, NOW, thrown } from "../fixtures.ts"

const AT = "2027-01-20T09:00:00+11:00"

const plan = {
  currencyCode: "AUD",
  totalPaymentsPaid: 400,
  items: [{
    id: "t1",
    description: "Festival ticket",
    quantity: 2,
    costPerItem: 250,
    redemptionDate: "2027-03-01",
    refundPolicies: [
      { daysWithinRedemptionDate: 60, refundablePercentage: 75 },
      { daysWithinRedemptionDate: 30, refundablePercentage: 50 }
    ]
  }]
}

/** The reported typo: `refundPolicy` for `refundPolicies`, which no rule reads. */
const typo = {
  ...plan,
  items: [{ ...plan.items[0]!, refundPolicies: undefined, refundPolicy: plan.items[0]!.refundPolicies }]
}

interface Emitted {
  readonly message: string
  readonly code?: string
  readonly type?: string
}

/** The process warnings emitted while `f` runs: their message, code and type (the warning's `name`). */
const processWarnings = (f: () => unknown): Array<Emitted> => {
  const emitted: Array<Emitted> = []
  const spy = vi.spyOn(process, "emitWarning").mockImplementation(
    ((warning: string | Error) => {
      const { message, name, code } = warning as Error & { code?: string }
      emitted.push({ message, type: name, ...(code === undefined ? {} : { code }) })
    }) as typeof process.emitWarning
  )
  try {
    f()
  } finally {
    spy.mockRestore()
  }
  return emitted
}

afterEach(() => vi.restoreAllMocks())

describe("R10.2 an unknown option is refused (unknown_option), never read as its neighbour", () => {
  it("the reported reproduction: calculateRefund(plan, { at, timezone }) no longer calculates in UTC", () => {
    const error = thrown(() => calculateRefund(plan, { at: AT, timezone: "Australia/Sydney" } as never))
    expect(error.issues).toEqual([{
      path: "options.timezone",
      code: "unknown_option",
      rule: "R10.2",
      message:
        "is not an option of calculateRefund (did you mean \"timeZone\"?); its options are at, timeZone, merchant, unknownFields"
    }])
    const answer = calculateRefundResult(plan, { at: AT, timezone: "Australia/Sydney" } as never)
    expect(!answer.ok && answer.issues.map((i) => `${i.path}:${i.code}`)).toEqual(["options.timezone:unknown_option"])
  })

  it("unknownFields: \"ignore\" does not let an unknown option through: options are written in code", () => {
    const answer = calculateRefundResult(plan, { at: AT, timezone: "UTC", unknownFields: "ignore" } as never)
    expect(!answer.ok && answer.issues.map((i) => i.code)).toEqual(["unknown_option"])
  })

  it("decideDeposit refuses an expectation it does not know: a typo never skips the order check (R8.2)", () => {
    const retrieved = { id: "chk_1", merchantOrderId: "order-2", plan: { deposit: { status: "Accepted" } } }
    expect(decideDeposit(retrieved, { checkoutId: "chk_1", merchantOrderID: "order-1" } as never)).toEqual({
      allocate: false,
      reason: "unknown_option"
    })
    expect(decideDeposit(retrieved, { checkoutId: "chk_1", merchantOrderId: undefined }).allocate).toBe(true)
  })

  it("options that are not an object are refused, whatever they are", () => {
    for (const options of [null, 5, "at", [AT]]) {
      const answer = calculateRefundResult(plan, options as never)
      expect(!answer.ok && answer.issues.map((i) => `${i.path}:${i.code}`)).toContain("options:type")
    }
  })
})

describe("R10.2 a throwing function reports an unknown field of its data as a process warning, once per path", () => {
  it("the reported reproduction: refundPolicy for refundPolicies is no silent full refund", () => {
    const warnings = processWarnings(() => {
      expect(calculateRefund(typo, { at: AT }).suggestedRefundAmount).toBe(400)
      calculateRefund(typo, { at: "2027-01-21T09:00:00+11:00" })
    })
    expect(warnings.map((w) => [w.code, w.message])).toEqual([[
      "PAYMENT_PLAN_UNKNOWN_FIELD",
      "calculateRefund: items[0].refundPolicy is not a field of this resource and was left out (did you mean \"refundPolicies\"?) (unknown_field, R10.2); pass unknownFields: \"error\" to refuse it, \"ignore\" to silence this warning"
    ]])
    expect(warnings[0]?.type).toBe("PaymentPlanEngineWarning")
  })

  it("each distinct path is reported once per process, by each function", () => {
    const request = { ...exampleRequest(), zzFirst: 1 }
    const first = processWarnings(() => summarizeCheckout(request as never, { now: NOW }))
    const again = processWarnings(() => summarizeCheckout({ ...request, zzSecond: 2 } as never, { now: NOW }))
    expect(first.map((w) => w.message.split(" ")[1])).toEqual(["zzFirst"])
    expect(again.map((w) => w.message.split(" ")[1])).toEqual(["zzSecond"])
  })

  it("unknownFields: \"ignore\" silences them, \"error\" refuses them", () => {
    const request = { ...exampleRequest(), zzIgnored: 1 }
    expect(processWarnings(() => summarizeCheckout(request as never, { now: NOW, unknownFields: "ignore" }))).toEqual(
      []
    )
    const error = thrown(() => summarizeCheckout(request as never, { now: NOW, unknownFields: "error" }))
    expect(error.issues.map((i) => `${i.path}:${i.code}`)).toEqual(["zzIgnored:unknown_field"])
    const answer = calculateRefundResult(typo, { at: AT, unknownFields: "ignore" })
    expect(answer.ok && answer.warnings).toEqual([])
  })

  it("a real process warning: its name, code and message reach process.on(\"warning\")", async () => {
    const seen: Array<Error & { code?: string }> = []
    const listener = (warning: Error & { code?: string }) => seen.push(warning)
    process.on("warning", listener)
    try {
      summarizeCheckout({ ...exampleRequest(), zzListened: 1 } as never, { now: NOW })
      await new Promise((resolve) => setImmediate(resolve))
    } finally {
      process.off("warning", listener)
    }
    expect(seen.map((w) => [w.name, w.code, w.message.split(" ").slice(0, 2).join(" ")])).toEqual([
      ["PaymentPlanEngineWarning", "PAYMENT_PLAN_UNKNOWN_FIELD", "summarizeCheckout: zzListened"]
    ])
    expect(seen[0]).toMatchObject({
      functionName: "summarizeCheckout",
      issue: { path: "zzListened", code: "unknown_field", rule: "R10.2" }
    })
  })

  it("where there is no process (a browser), console.warn says it", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined)
    const saved = globalThis.process
    Object.defineProperty(globalThis, "process", { value: undefined, configurable: true, writable: true })
    try {
      summarizeCheckout({ ...exampleRequest(), zzBrowser: 1 } as never, { now: NOW })
    } finally {
      Object.defineProperty(globalThis, "process", { value: saved, configurable: true, writable: true })
    }
    expect(warn.mock.calls.map((call) => String(call[0]))).toEqual([
      expect.stringMatching(/^\[PAYMENT_PLAN_UNKNOWN_FIELD\] summarizeCheckout: zzBrowser is not a field/)
    ])
  })
})

describe("twins never throw, facades never skip a check", () => {
  it("the reported reproduction: searchPlansResult with a query shaped like a normalized one is checked", () => {
    const answer = searchPlansResult(
      [],
      { filters: [], page: -5, limit: 100000, sortField: "nope" } as never,
      undefined as never
    )
    expect(answer.ok).toBe(false)
    expect(!answer.ok && answer.issues.map((i) => `${i.path}:${i.code}`)).toEqual([
      "page:range",
      "limit:range",
      "sortField:enum",
      "scope.merchantId:required"
    ])
    const filters = searchPlansResult(
      [],
      { filters: [{ field: "nope", operator: "equals", value: "x" }, 5] } as never,
      {
        merchantId: "merchant-123"
      }
    )
    expect(!filters.ok && filters.issues.map((i) => `${i.path}:${i.code}`)).toEqual([
      "filters[0].field:enum",
      "filters[1]:type"
    ])
  })

  it("searchPlansResult with a scope that is no object answers its issue, never a TypeError (R10.2)", () => {
    for (const scope of [null, 5, [], "merchant-123"]) {
      const answer = searchPlansResult([], {}, scope as never)
      expect(!answer.ok && answer.issues.map((i) => `${i.path}:${i.code}`)).toEqual(["scope:type"])
    }
  })

  it("the reported reproduction: applyPlanEventResult answers arbitrary input with issues", () => {
    for (const [record, event] of [[{}, { _tag: "DepositAccepted", at: NOW }], [5, 3], [null, undefined]] as const) {
      const answer = applyPlanEventResult(record as never, event as never)
      expect(answer.ok).toBe(false)
    }
  })
})

describe("one meaning per option name: merchant is the merchant configuration", () => {
  const zeroDecimal = { currencies: [{ currencyCode: "AUD", isZeroDecimal: true }] }

  it("the reported reproduction: createPlanRecord reads merchant as the configuration (isZeroDecimal), not the record's merchant", () => {
    const record = createPlanRecord(exampleRequest(), exampleTerms(), {
      now: NOW,
      planId: "plan_1",
      merchant: zeroDecimal
    })
    expect(record.currency.isZeroDecimal).toBe(true)
    expect(record.merchant).toEqual({ id: "merchant-123" })
    const shown = createPlanRecord(exampleRequest(), exampleTerms(), {
      now: NOW,
      planId: "plan_1",
      planMerchant: { id: "merchant-123", name: "Festival Co" }
    })
    expect([shown.merchant, shown.merchantName]).toEqual([{ id: "merchant-123", name: "Festival Co" }, "Festival Co"])
  })

  it("the old name is refused with the new one named", () => {
    const answer = createPlanRecordResult(exampleRequest(), exampleTerms(), {
      now: NOW,
      planId: "plan_1",
      merchantConfiguration: zeroDecimal
    } as never)
    expect(!answer.ok && answer.issues.map((i) => `${i.path}:${i.code}:${i.message}`)).toEqual([
      "options.merchantConfiguration:unknown_option:is not an option of createPlanRecordResult (renamed \"merchant\" in 0.2.0); its options are now, planId, timeZone, merchant, planMerchant, user, createdByUser, checkoutUrl, unknownFields"
    ])
  })

  it("the record keeps the configuration's digits: later events are read in them (R1.2)", () => {
    const terms = computePlanTerms(exampleRequest(), { checkoutId: "chk_1", type: "plan", timeZone: "UTC" }, {
      now: NOW,
      merchant: zeroDecimal
    })
    const record = createPlanRecord(exampleRequest(), terms, { now: NOW, planId: "plan_1", merchant: zeroDecimal })
    const paid = applyPlanEvent(record, { _tag: "DepositAccepted", at: NOW })
    const refund = applyPlanEventResult(paid, { _tag: "PlanCancelled", at: NOW, reason: "Other", refundAmount: 0.5 })
    expect(!refund.ok && refund.issues.map((i) => `${i.path}:${i.code}`)).toEqual(["refundAmount:precision"])
  })
})
