/**
 * Strict once, tolerant derived: every resource is declared once,
 * strictly, and its response reading is `tolerant(strict)`. Here: what the
 * engine builds is a valid strict value, and reads back through the tolerant
 * schema as the same value (types first, checked by the compiler; then the
 * values, over random inputs). `SEARCH_FIELDS` is the summary's own list.
 */
import { Result, type Schema } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import type * as Checkout from "../../src/core/checkout/index.ts"
import type * as Merchant from "../../src/core/merchant/index.ts"
import * as PlanTerms from "../../src/core/plan-terms/index.ts"
import { computeResult } from "../../src/core/plan-terms/terms.ts"
import * as Plan from "../../src/core/plan/index.ts"
import * as Notes from "../../src/core/plan/notes.ts"
import { calculateResult } from "../../src/core/refund/calculate.ts"
import * as Refund from "../../src/core/refund/index.ts"
import * as Search from "../../src/core/search/index.ts"
import { normalizeResult } from "../../src/core/search/normalize.ts"
import type * as Verification from "../../src/core/verification/index.ts"
import type * as ErrorResponse from "../../src/core/wire/error-response.ts"
import {
  checkoutRequest,
  evolvedPlan,
  instant,
  planSummaries,
  planTermsRequest,
  refundPlan
} from "../../src/testing/arbitraries.ts"
import { decodeIssues } from "../decode.ts"

// ---------------------------------------------------------------------------
// Types: a strict value is its tolerant response (the compiler checks these assignments)

type Readable<Strict, Response> = Strict extends Response ? true : false
const readable = <T extends true>(_: T) => undefined

readable<Readable<Checkout.Checkout, Checkout.CheckoutResponse>>(true)
readable<Readable<Verification.CheckoutVerification, Verification.CheckoutVerificationResponse>>(true)
readable<Readable<PlanTerms.PlanTerms, PlanTerms.PlanTermsResponse>>(true)
readable<Readable<Plan.Plan, Plan.PlanResponse>>(true)
readable<Readable<Plan.PlanSummary, Plan.PlanSummaryResponse>>(true)
readable<Readable<Plan.SetMerchantOrderRequest, Plan.SetMerchantOrderResponse>>(true)
readable<Readable<Notes.PlanNote, Notes.PlanNoteResponse>>(true)
readable<Readable<Notes.PlanNotes, Notes.PlanNotesResponse>>(true)
readable<Readable<Search.PlanSearchResult, Search.PlanSearchResponse>>(true)
readable<Readable<Refund.RefundCalculation, Refund.RefundCalculationResponse>>(true)
readable<Readable<Refund.CancelPlanResult, Refund.CancelPlanResponse>>(true)
readable<Readable<Merchant.MerchantConfiguration, Merchant.MerchantConfigurationResponse>>(true)
readable<Readable<ErrorResponse.ErrorBody, ErrorResponse.ErrorBodyResponse>>(true)

// ---------------------------------------------------------------------------
// Values

/** The strict schema accepts the value, and the tolerant one reads it back unchanged. */
const roundTrips = <S extends Schema.Top, R extends Schema.Top>(strict: S, response: R, value: unknown) => {
  const strictly = decodeIssues(strict, value, { rule: "R9" })
  if (!strictly.ok) throw new Error(`not a valid value: ${JSON.stringify(strictly.issues)}`)
  const read = decodeIssues(response, JSON.parse(JSON.stringify(value)), { rule: "R9", strict: false })
  if (!read.ok) throw new Error(`not readable as the response: ${JSON.stringify(read.issues)}`)
  expect(read.value).toEqual(JSON.parse(JSON.stringify(value)))
}

const NOW = Date.parse("2026-11-22T00:00:00Z")

describe("what the engine builds is its resource's strict value, and reads back as its response (R9)", () => {
  it("plan terms (R6)", () => {
    fc.assert(
      fc.property(checkoutRequest({ now: NOW }), planTermsRequest({ checkoutId: "chk_1" }), (checkout, request) => {
        const terms = computeResult(checkout, request, { now: NOW })
        fc.pre(Result.isSuccess(terms))
        roundTrips(PlanTerms.PlanTerms, PlanTerms.PlanTermsResponse, terms.success)
      }),
      { numRuns: 60 }
    )
  })

  it("plan records through their lifecycle, and their summaries", () => {
    fc.assert(
      fc.property(evolvedPlan({}, 8), (plan) => {
        roundTrips(Plan.Plan, Plan.PlanResponse, plan)
        roundTrips(Plan.PlanSummary, Plan.PlanSummaryResponse, Plan.summaryOf(plan))
      }),
      { numRuns: 60 }
    )
  })

  it("refund calculations (R7)", () => {
    fc.assert(
      fc.property(refundPlan({ now: NOW }), instant, (plan, at) => {
        const calculation = calculateResult(plan, { at })
        fc.pre(Result.isSuccess(calculation))
        roundTrips(Refund.RefundCalculation, Refund.RefundCalculationResponse, calculation.success)
      }),
      { numRuns: 60 }
    )
  })

  it("search results and pages of notes", () => {
    fc.assert(
      fc.property(planSummaries(20), (summaries) => {
        const query = normalizeResult({ limit: 5 })
        if (Result.isFailure(query)) throw query.failure
        const page = Search.evaluate(summaries, query.success.value, { merchantId: "merchant-123" })
        roundTrips(Search.PlanSearchResult, Search.PlanSearchResponse, page)
      }),
      { numRuns: 30 }
    )
    const note: Notes.PlanNote = {
      id: "n1",
      note: "VIP",
      isPinned: true,
      isSoftDeleted: false,
      createdAt: "2026-11-22T00:00:00.000Z",
      updatedAt: "2026-11-22T00:00:00.000Z",
      softDeletedAt: null,
      createdByUser: { firstName: "Ada", lastName: "Lovelace" },
      modifiedByUser: null,
      softDeletedByUser: null
    }
    const notes = Notes.listResult([note], { planId: "plan_1" }, { selfUrl: "/notes" })
    if (Result.isFailure(notes)) throw notes.failure
    roundTrips(Notes.PlanNotes, Notes.PlanNotesResponse, notes.success)
  })
})

describe("SEARCH_FIELDS is the summary's own list of searchable fields", () => {
  /** Whether a summary field holds an object (a user, the merchant), null or not. */
  const holdsObject = (key: string) =>
    /Objects/.test(String(Plan.PlanSummary.fields[key as "user"]?.ast._tag)) ||
    (Plan.PlanSummary.fields[key as "user"]?.ast as unknown as { types?: Array<{ _tag: string }> }).types?.some((t) =>
      t._tag === "Objects"
    )

  /** Every scalar a summary value carries, nested objects one level down by dotted paths. */
  const scalarPaths = (summary: Record<string, unknown>): Array<string> =>
    Object.entries(summary).flatMap(([key, value]) => {
      if (Array.isArray(value) || (value === null && holdsObject(key))) return []
      if (typeof value === "object" && value !== null) {
        return Object.entries(value).filter(([, v]) => typeof v !== "object").map(([k]) => `${key}.${k}`)
      }
      return [key]
    })

  it("names every scalar field a summary has, and no other", () => {
    fc.assert(
      fc.property(evolvedPlan({}, 4), (plan) => {
        const summary = Plan.summaryOf(plan) as unknown as Record<string, unknown>
        for (const path of scalarPaths(summary)) expect(Search.SEARCH_FIELDS).toHaveProperty([path])
      }),
      { numRuns: 40 }
    )
    // and every field it names is one of the summary's (the schema's) fields
    for (const field of Object.keys(Search.SEARCH_FIELDS)) {
      const [outer, inner] = field.split(".") as [string, string | undefined]
      expect(Plan.PlanSummary.fields).toHaveProperty([outer])
      if (inner !== undefined) expect(JSON.stringify(Plan.PlanSummary.fields[outer as "user"].ast)).toContain(inner)
    }
  })

  it("types the fields as the summary does: dates, numbers and text", () => {
    expect(Search.SEARCH_FIELDS).toMatchObject({
      createdAt: "date",
      completionDate: "date",
      pausePaymentUntil: "date",
      "user.createdAt": "date",
      totalPaid: "number",
      cadenceOnDayOfMonth: "number",
      nextInstallmentNumber: "number",
      status: "string",
      "user.emailAddress": "string",
      "subMerchant.externalCode": "string"
    })
    expect(Object.keys(Search.SEARCH_FIELDS)).not.toContain("items")
    expect(Object.keys(Search.SEARCH_FIELDS)).not.toContain("installments")
  })
})
