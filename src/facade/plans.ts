/**
 * Plain functions for plans (issue 5): JSON in, JSON out, no Effect knowledge
 * needed. Each is a thin layer over the `Plan`, `Search` and `Notes` modules.
 */
import * as Result from "effect/Result"
import {
  answer,
  answerOf,
  both,
  type UnknownFields,
  unknownOptions,
  type Validation,
  ValidationError,
  valueOf,
  valueOrThrow
} from "../core/foundation/issues.ts"
import type { InstantInput } from "../core/foundation/time/index.ts"
import { merchantWarnings } from "../core/merchant/configuration.ts"
import type { PlanTermsResponse } from "../core/plan-terms/index.ts"
import * as Plan from "../core/plan/index.ts"
import * as Notes from "../core/plan/notes.ts"
import * as Search from "../core/search/index.ts"

/**
 * Builds the plan record of a checkout and the chosen plan terms (R6.9):
 * status `PendingDeposit`, every instalment `UPCOMING`. Throws a
 * `ValidationError` naming every problem (an invalid checkout, a schedule that
 * does not add up to the checkout's `totalCost`, a bad `now` or `planId`).
 *
 * @example
 * ```ts
 * import { computePlanTerms, createPlanRecord } from "payment-plan-engine"
 * const terms = computePlanTerms(checkout, { checkoutId, type: "plan", timeZone: "Australia/Sydney" }, { now })
 * const plan = createPlanRecord(checkout, terms, { now, planId: "plan_1", timeZone: "Australia/Sydney" })
 * plan.status // "PendingDeposit"
 * ```
 * @since 0.1.0
 */
export const createPlanRecord = (
  checkout: Plan.PlannableCheckout | unknown,
  terms: PlanTermsResponse | unknown,
  options: CreatePlanRecordOptions
): Plan.Plan =>
  valueOf(
    Plan.createResult(checkout, terms, options),
    both(
      merchantWarnings(options?.merchantConfiguration, "merchantConfiguration"),
      unknownOptions(options, CREATE_OPTIONS)
    ),
    options?.unknownFields
  )

/**
 * Options of {@link createPlanRecord}.
 *
 * @since 0.1.0
 */
export interface CreatePlanRecordOptions extends Plan.CreatePlanOptions {
  /** An option no parameter reads: reported (`"warn"`, default) or refused (R10.2). */
  readonly unknownFields?: UnknownFields
}

const CREATE_OPTIONS: ReadonlySet<string> = new Set(["now", "planId", "timeZone", "merchant", "user"])

/**
 * {@link createPlanRecord} without throwing: `{ ok: true, value, warnings }` or `{ ok: false, issues, warnings }`.
 *
 * @example
 * ```ts
 * import { createPlanRecordResult } from "payment-plan-engine"
 * const answer = createPlanRecordResult(checkout, terms, { now, planId: "plan_1" })
 * if (answer.ok) console.log(answer.value.status) // "PendingDeposit"
 * ```
 * @since 0.1.0
 */
export const createPlanRecordResult = (
  checkout: Plan.PlannableCheckout | unknown,
  terms: PlanTermsResponse | unknown,
  options: CreatePlanRecordOptions
): Validation<Plan.Plan> =>
  answerOf(
    Plan.createResult(checkout, terms, options),
    both(
      merchantWarnings(options?.merchantConfiguration, "merchantConfiguration"),
      unknownOptions(options, CREATE_OPTIONS)
    ),
    options?.unknownFields
  )

/**
 * Applies an event to a plan record (docs/plans.md) and returns the next record; the given one is
 * not changed. Throws a `PlanTransitionError` (`code` like `already_cancelled`, `overpayment`) when
 * the plan's state refuses the event, a `ValidationError` when the event is malformed.
 *
 * @example
 * ```ts
 * import { applyPlanEvent } from "payment-plan-engine"
 * const next = applyPlanEvent(plan, { _tag: "DepositAccepted", at: "2026-11-22T10:00:00Z" })
 * next.status // "OnSchedule"
 * ```
 * @since 0.1.0
 */
export const applyPlanEvent = (plan: Plan.Plan, event: Plan.PlanEvent): Plan.Plan => {
  const result = Plan.applyResult(plan, event)
  if (Result.isSuccess(result)) return result.success
  throw result.failure
}

/**
 * {@link applyPlanEvent} without throwing: `{ ok: true, value, warnings }` with the next record, or
 * `{ ok: false, issues, warnings }`; a refusal of the plan's state is one issue at `event` with code
 * `conflict`, its message naming the refusal (`already_cancelled: …`).
 *
 * @example
 * ```ts
 * import { applyPlanEventResult } from "payment-plan-engine"
 * const answer = applyPlanEventResult(plan, { _tag: "DepositAccepted", at: "2026-11-22T10:00:00Z" })
 * if (answer.ok) save(answer.value)
 * else console.log(answer.issues[0]?.message)
 * ```
 * @since 0.1.0
 */
export const applyPlanEventResult = (plan: Plan.Plan, event: Plan.PlanEvent): Validation<Plan.Plan> => {
  const result = Plan.applyResult(plan, event)
  if (Result.isSuccess(result)) return { ok: true, value: result.success, warnings: [] }
  const error = result.failure
  if (error instanceof ValidationError) return { ok: false, issues: error.issues, warnings: error.warnings }
  const rule = error.code === "already_cancelled" || error.code === "refund_exceeds_paid" ? "R7.8" : "R6.9"
  return {
    ok: false,
    issues: [{ path: "event", code: "conflict", rule, message: `${error.code}: ${error.message}` }],
    warnings: []
  }
}

/**
 * The search-result summary of a plan record (remainingBalance,
 * totalInstallments, totalPaidInstallments, nextInstallmentNumber, completionDate…).
 *
 * @example
 * ```ts
 * import { planSummaryOf } from "payment-plan-engine"
 * planSummaryOf(plan).remainingBalance // plan.remainingAmount
 * ```
 * @since 0.1.0
 */
export const planSummaryOf = (plan: Plan.Plan): Plan.PlanSummary => Plan.summaryOf(plan)

/**
 * The instalments of a plan still `UPCOMING` that fall due by `at`.
 *
 * @example
 * ```ts
 * import { dueInstallments } from "payment-plan-engine"
 * dueInstallments(plan, "2026-12-07T00:00:00Z").map((i) => i.installmentNumber) // [1]: the deposit, still pending
 * ```
 * @since 0.1.0
 */
export const dueInstallments = (plan: Plan.Plan, at: InstantInput): ReadonlyArray<Plan.Installment> =>
  Plan.dueInstallments(plan, at)

/**
 * Validates a set-merchant-order request `{ planId, merchantOrderId }` with the
 * create-checkout constraints (R4.1, R4.3). Never throws.
 *
 * @example
 * ```ts
 * import { validateSetMerchantOrder } from "payment-plan-engine"
 * validateSetMerchantOrder({ planId: "plan_1", merchantOrderId: "order 1" })
 * // { ok: false, issues: [{ path: "merchantOrderId", code: "pattern", … }], warnings: [] }
 * ```
 * @since 0.1.0
 */
export const validateSetMerchantOrder = (
  input: Plan.SetMerchantOrderRequest | unknown,
  options: { readonly unknownFields?: UnknownFields } = {}
): Validation<Plan.SetMerchantOrderRequest> =>
  answer(Plan.validateMerchantOrderResult(input), unknownOptions(options, NO_OPTIONS), options?.unknownFields)

const NO_OPTIONS: ReadonlySet<string> = new Set()

/**
 * Checks plan-search parameters (an object or `URLSearchParams`; numbers and
 * booleans may be strings) and fills the defaults of the description's query
 * table. Never throws: `{ ok: true, value, warnings }` with the normalized
 * query, or `{ ok: false, issues, warnings }`. `status` and `cursor` are
 * deprecated (warnings); unknown parameters are warnings and left out.
 *
 * @example
 * ```ts
 * import { normalizePlanSearch } from "payment-plan-engine"
 * normalizePlanSearch(new URLSearchParams("limit=20&filterField=status&filterValue=Late"))
 * // { ok: true, value: { page: 0, limit: 20, sortField: "createdAt", sortDirection: "desc", filters: [{ field: "status", operator: "equals", value: "Late" }], … }, warnings: [] }
 * ```
 * @since 0.1.0
 */
export const normalizePlanSearch = (
  params: Search.PlanSearchParams | URLSearchParams | unknown
): Validation<Search.NormalizedPlanSearch> => answer(Search.normalizeResult(params), [], undefined)

/**
 * Searches plan summaries as the service does (docs/plans.md, "Search"):
 * `params` are the query parameters (normalized first; a `ValidationError` is
 * thrown when they are invalid) or a query `normalizePlanSearch` gave;
 * `scope` is the authenticated merchant and its group (`includeAllBrands`).
 * Returns `{ nextCursor: null, totalRowCount, plans }`.
 *
 * @example
 * ```ts
 * import { planSummaryOf, searchPlans } from "payment-plan-engine"
 * const { totalRowCount, plans } = searchPlans(records.map(planSummaryOf), { filterField: "status", filterValue: "Late" }, { merchantId: "merchant-123" })
 * ```
 * @since 0.1.0
 */
export const searchPlans = <S extends Search.SearchablePlan>(
  summaries: ReadonlyArray<S>,
  params: Search.PlanSearchParams | Search.NormalizedPlanSearch | URLSearchParams,
  scope: Search.SearchScope
): Search.PlanSearchPage<S> => valueOrThrow(searchPlansResult(summaries, params, scope))

/**
 * {@link searchPlans} without throwing: `{ ok: true, value, warnings }` (the warnings of the
 * parameters: deprecated and unknown ones, R10.2) or `{ ok: false, issues, warnings }`.
 *
 * @example
 * ```ts
 * import { searchPlansResult } from "payment-plan-engine"
 * const answer = searchPlansResult([], { limit: 0 }, { merchantId: "merchant-123" })
 * answer.ok // false: limit must be at least 1
 * ```
 * @since 0.1.0
 */
export const searchPlansResult = <S extends Search.SearchablePlan>(
  summaries: ReadonlyArray<S>,
  params: Search.PlanSearchParams | Search.NormalizedPlanSearch | URLSearchParams,
  scope: Search.SearchScope
): Validation<Search.PlanSearchPage<S>> => {
  if (isNormalized(params)) return { ok: true, value: Search.evaluate(summaries, params, scope), warnings: [] }
  return answer(
    Result.map(Search.normalizeResult(params), ({ value, warnings }) => ({
      value: Search.evaluate(summaries, value, scope),
      warnings
    })),
    [],
    undefined
  )
}

/** A query as `normalizePlanSearch` gives it (its `filters` list is no search parameter). */
const isNormalized = (params: unknown): params is Search.NormalizedPlanSearch => {
  if (typeof params !== "object" || params === null) return false
  const q = params as Partial<Record<keyof Search.NormalizedPlanSearch, unknown>>
  return Array.isArray(q.filters) && typeof q.page === "number" && typeof q.limit === "number" &&
    typeof q.sortField === "string"
}

/**
 * A page of a plan's notes: `pinnedPlanNote`, `planNotes` (newest first,
 * soft-deleted ones hidden unless `showSoftDeletedPlanNotes`), `meta` and
 * `links` built on `selfUrl`. Throws a `ValidationError` for bad parameters.
 *
 * @example
 * ```ts
 * import { listPlanNotes } from "payment-plan-engine"
 * listPlanNotes(notes, { planId: "plan_1", pageSize: "10" }, { selfUrl: "https://api.example/api/v2/plans/plan_1/notes" })
 * // { pinnedPlanNote: { id: "n6", … }, planNotes: [n5, n4, n2, n1], meta: { rowCount: 4, pageSize: 10, offset: 0 },
 * //   links: { self, first, prev: null, next: null, last } }: n3 is soft-deleted, n6 pinned
 * ```
 * @since 0.1.0
 */
export const listPlanNotes = <N extends Notes.PlanNoteResponse>(
  notes: ReadonlyArray<N>,
  params: Notes.PlanNotesParams | URLSearchParams,
  options: Notes.ListPlanNotesOptions
): Notes.PlanNotesPage<N> =>
  valueOf(Notes.listResult(notes, params, options), unknownOptions(options, NOTES_OPTIONS), undefined)

/**
 * {@link listPlanNotes} without throwing: `{ ok: true, value, warnings }` or `{ ok: false, issues, warnings }`.
 *
 * @example
 * ```ts
 * import { listPlanNotesResult } from "payment-plan-engine"
 * listPlanNotesResult([], { planId: "plan_1", pageSize: 101 }, { selfUrl: "https://api.example/api/v2/plans/plan_1/notes" }).ok // false
 * ```
 * @since 0.1.0
 */
export const listPlanNotesResult = <N extends Notes.PlanNoteResponse>(
  notes: ReadonlyArray<N>,
  params: Notes.PlanNotesParams | URLSearchParams,
  options: Notes.ListPlanNotesOptions
): Validation<Notes.PlanNotesPage<N>> =>
  answerOf(Notes.listResult(notes, params, options), unknownOptions(options, NOTES_OPTIONS), undefined)

const NOTES_OPTIONS: ReadonlySet<string> = new Set(["selfUrl"])
