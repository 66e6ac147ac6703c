/**
 * The plain functions for plans, through the package root.
 */
import { describe, expect, it, vi } from "vitest"
import { forgetReportedWarnings } from "../../src/facade/plain.ts"
import {
  applyPlanEvent,
  applyPlanEventResult,
  computePlanTerms,
  createPlanRecord,
  dueInstallments,
  listPlanNotes,
  normalizePlanSearch,
  Plan,
  planSummaryOf,
  type PlanTermsRequest,
  PlanTransitionError,
  searchPlans,
  Time,
  validateSetMerchantOrder,
  ValidationError
} from "../../src/index.ts"
import { exampleTerms } from "../core/plan/fixtures.ts"
import { exampleRequest, NOW } from "../fixtures.ts"

describe("plans through the package root", () => {
  const plan = createPlanRecord(exampleRequest(), exampleTerms(), { now: NOW, planId: "plan_1" })

  it("createPlanRecord returns the record, or throws a ValidationError naming every problem", () => {
    expect([plan.status, plan.totalCost, plan.installments.length]).toEqual(["PendingDeposit", 1100, 5])
    try {
      createPlanRecord(exampleRequest(), { schedule: [] }, { now: NOW, planId: "plan_1" })
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError)
      expect((error as ValidationError).issues.map((i) => `${i.path}:${i.code}`)).toEqual(["terms.schedule:too_short"])
    }
  })

  it("applyPlanEvent returns the next record and throws the typed error; applyPlanEventResult answers { ok, value | issues, warnings }", () => {
    expect(applyPlanEvent(plan, { _tag: "DepositAccepted", at: "2026-11-22T10:00:00Z" }).status).toBe("OnSchedule")
    expect(() => applyPlanEvent(plan, Plan.PlanEvent.InstallmentPaid({ at: NOW }))).toThrow(PlanTransitionError)
    expect(() => applyPlanEvent(plan, { _tag: "DepositAccepted" } as never)).toThrow(ValidationError)
    const paid = applyPlanEventResult(plan, { _tag: "DepositAccepted", at: "2026-11-22T10:00:00Z" })
    expect(paid.ok && paid.value.status).toBe("OnSchedule")
    const refused = applyPlanEventResult(plan, Plan.PlanEvent.InstallmentPaid({ at: NOW }))
    expect(refused).toEqual({
      ok: false,
      issues: [{
        path: "event",
        code: "conflict",
        rule: "R6.9",
        message: "not_allowed: InstallmentPaid is not allowed while the plan is PendingDeposit"
      }],
      warnings: []
    })
    const malformed = applyPlanEventResult(plan, { _tag: "DepositAccepted" } as never)
    expect(!malformed.ok && malformed.issues.map((i) => i.path)).toEqual(["at"])
  })

  it("an event's unknown field is reported (R10.2): a warning at its path, a process warning once, refused under unknownFields: \"error\"", () => {
    const typo = { _tag: "DepositAccepted", at: "2026-11-22T10:00:00Z", amout: 100 } as never
    const warning = {
      path: "event.amout",
      code: "unknown_field",
      rule: "R10.2",
      message: "is not a field of this event and was left out (did you mean \"amount\"?)"
    }
    const paid = applyPlanEventResult(plan, typo)
    expect(paid.ok && paid.value.status).toBe("OnSchedule")
    expect(paid.warnings).toEqual([warning])
    // the plan's state refuses it too: the refusal, and the warning beside it
    const refused = applyPlanEventResult(paid.ok ? paid.value : plan, typo)
    expect(!refused.ok && refused.issues.map((i) => `${i.path}:${i.code}`)).toEqual(["event:conflict"])
    expect(refused.warnings).toEqual([warning])
    const strict = applyPlanEventResult(plan, typo, { unknownFields: "error" })
    expect(!strict.ok && strict.issues).toEqual([warning])
    expect(applyPlanEventResult(plan, typo, { unknownFields: "ignore" })).toMatchObject({ ok: true, warnings: [] })
    expect(applyPlanEventResult(plan, typo, { unknownField: "error" } as never)).toMatchObject({
      ok: false,
      issues: [{ path: "options.unknownField", code: "unknown_option" }]
    })

    forgetReportedWarnings()
    const emitted: Array<string> = []
    const spy = vi.spyOn(process, "emitWarning").mockImplementation(
      ((w: Error & { code?: string }) => void emitted.push(`${w.code}: ${w.message}`)) as typeof process.emitWarning
    )
    try {
      const next = applyPlanEvent(plan, typo)
      expect(next.status).toBe("OnSchedule")
      applyPlanEvent(plan, typo)
      expect(() => applyPlanEvent(next, typo)).toThrow(PlanTransitionError)
    } finally {
      spy.mockRestore()
    }
    expect(emitted).toEqual([
      "PAYMENT_PLAN_UNKNOWN_FIELD: applyPlanEvent: event.amout is not a field of this event and was left out (did you mean \"amount\"?) (unknown_field, R10.2); pass unknownFields: \"error\" to refuse it, \"ignore\" to silence this warning"
    ])
    try {
      applyPlanEvent(plan, typo, { unknownFields: "error" })
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError)
      expect((error as ValidationError).issues).toEqual([warning])
    }
    // a known event has no warning
    expect(applyPlanEventResult(plan, { _tag: "DepositAccepted", at: "2026-11-22T10:00:00Z", amount: 100 }).warnings)
      .toEqual([])
  })

  it("planSummaryOf and dueInstallments", () => {
    expect(planSummaryOf(plan).remainingBalance).toBe(1100)
    expect(dueInstallments(plan, "2026-11-29T00:00:00Z").map((i) => i.installmentNumber)).toEqual([1, 2])
  })

  it("validateSetMerchantOrder applies the create-checkout constraints (R4.1, R4.3)", () => {
    expect(validateSetMerchantOrder({ planId: "plan_1", merchantOrderId: "order-0002" })).toEqual({
      ok: true,
      value: { planId: "plan_1", merchantOrderId: "order-0002" },
      warnings: []
    })
    const bad = validateSetMerchantOrder({ planId: "", merchantOrderId: "order 2", extra: 1 })
    expect(!bad.ok && bad.issues.map((i) => `${i.path}:${i.code}`)).toEqual([
      "planId:too_short",
      "merchantOrderId:pattern"
    ])
    expect(bad.warnings.map((w) => `${w.path}:${w.code}`)).toEqual(["extra:unknown_field"])
    expect(!validateSetMerchantOrder({ planId: "p", merchantOrderId: "x".repeat(257) }).ok).toBe(true)
    expect(validateSetMerchantOrder(null).ok).toBe(false)
  })
})

describe("computePlanTerms → createPlanRecord (R6.9)", () => {
  it("builds a plan from the terms the library computes, in the request's zone", () => {
    const request: PlanTermsRequest = {
      checkoutId: "co_1",
      type: "plan",
      timeZone: "Australia/Sydney",
      installments: { cadence: { frequency: "Fortnightly", on: { dayOfWeek: "friday" } } }
    }
    const terms = computePlanTerms(exampleRequest(), request, { now: NOW })
    const plan = createPlanRecord(exampleRequest(), terms, { now: NOW, planId: "plan_2", timeZone: "Australia/Sydney" })
    expect(plan.installments.map((i) => i.amount)).toEqual(terms.schedule.map((p) => p.amount))
    expect([plan.totalCost, plan.installmentFrequency, plan.cadenceOnDayOfWeek, plan.numberOfInstallments]).toEqual([
      terms.totalCost,
      "Fortnightly",
      "Friday",
      terms.installments.count + 1
    ])
    expect(plan.installmentAmount).toBe(terms.installments.amount)
    // each payment falls due at the start of its day in Sydney
    for (const [i, p] of terms.schedule.entries()) {
      expect(plan.installments[i]!.date).toBe(
        new Date(Time.startOfDay(Time.parseDate(p.date)!, "Australia/Sydney")).toISOString()
      )
    }
  })
})

describe("search and notes through the package root", () => {
  const records = ["plan_a", "plan_b", "plan_c"].map((planId, i) =>
    createPlanRecord(exampleRequest(), exampleTerms(), { now: `2026-11-2${i}T00:00:00Z`, planId })
  )
  const summaries = records.map(planSummaryOf)

  it("normalizePlanSearch answers a validation result and never throws", () => {
    const ok = normalizePlanSearch({ limit: "2" })
    expect(ok.ok && ok.value.limit).toBe(2)
    const bad = normalizePlanSearch({ limit: "two" })
    expect(!bad.ok && bad.issues.map((i) => `${i.path}:${i.code}`)).toEqual(["limit:type"])
  })

  it("searchPlans takes the query parameters or a normalized query, and throws a ValidationError for bad ones", () => {
    const byParams = searchPlans(summaries, { limit: "2", sortDirection: "asc" }, { merchantId: "merchant-123" })
    expect([byParams.totalRowCount, byParams.plans.map((p) => p.id)]).toEqual([3, ["plan_a", "plan_b"]])
    const normalized = normalizePlanSearch({ limit: 2, sortDirection: "asc" })
    expect(normalized.ok && searchPlans(summaries, normalized.value, { merchantId: "merchant-123" })).toEqual(byParams)
    expect(() => searchPlans(summaries, { limit: 0 }, { merchantId: "merchant-123" })).toThrow(ValidationError)
    // a `filters` list alone does not make parameters a normalized query
    expect(() => searchPlans(summaries, { filters: [], page: "x" }, { merchantId: "merchant-123" })).toThrow(
      ValidationError
    )
    expect(searchPlans(summaries, {}, { merchantId: "someone-else" }).totalRowCount).toBe(0)
  })

  it("listPlanNotes pages a plan's notes and throws a ValidationError for bad parameters", () => {
    const notes = [{ id: "n1", note: "called the customer", createdAt: "2026-11-22T00:00:00Z" }]
    expect(listPlanNotes(notes, { planId: "plan_a" }, { selfUrl: "/api/v2/plans/plan_a/notes" }).meta).toEqual({
      rowCount: 1,
      pageSize: 20,
      offset: 0
    })
    expect(() => listPlanNotes(notes, { planId: "plan_a", pageSize: 500 }, { selfUrl: "/x" })).toThrow(ValidationError)
  })
})
