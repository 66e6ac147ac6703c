/**
 * Plain functions for plans (issue 5): JSON in, JSON out, no Effect knowledge
 * needed. Each is a thin layer over the `Plan`, `Search` and `Notes` modules.
 */
import * as Result from "effect/Result"
import { getOrThrow, toValidation, type Validation, type ValidationError } from "../core/foundation/issues.ts"
import type { InstantInput } from "../core/foundation/time/index.ts"
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
  checkout: unknown,
  terms: unknown,
  options: Plan.CreatePlanOptions
): Plan.Plan => getOrThrow(Plan.createPlanRecordResult(checkout, terms, options))

/**
 * The answer of {@link applyPlanEvent}.
 *
 * @since 0.1.0
 */
export type PlanEventOutcome =
  | { readonly ok: true; readonly plan: Plan.Plan }
  | { readonly ok: false; readonly error: Plan.PlanTransitionError | ValidationError }

/**
 * Applies an event to a plan record (docs/plans.md). Never throws: the next
 * record, or the error, a `PlanTransitionError` (`code` like `already_cancelled`,
 * `overpayment`) when the plan's state refuses the event, a `ValidationError`
 * when the event is malformed. The given record is not changed.
 *
 * @example
 * ```ts
 * import { applyPlanEvent } from "payment-plan-engine"
 * const outcome = applyPlanEvent(plan, { _tag: "DepositAccepted", at: "2026-11-22T10:00:00Z" })
 * if (outcome.ok) save(outcome.plan)
 * else console.log(outcome.error.message)
 * ```
 * @since 0.1.0
 */
export const applyPlanEvent = (plan: Plan.Plan, event: Plan.PlanEvent): PlanEventOutcome => {
  const result = Plan.applyPlanEventResult(plan, event)
  return Result.isSuccess(result) ? { ok: true, plan: result.success } : { ok: false, error: result.failure }
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
export const planSummaryOf = (plan: Plan.Plan): Plan.PlanSummary => Plan.planSummaryOf(plan)

/**
 * The instalments of a plan still `UPCOMING` that fall due by `at`.
 *
 * @example
 * ```ts
 * import { dueInstallments } from "payment-plan-engine"
 * dueInstallments(plan, "2026-12-07T00:00:00Z").map((i) => i.installmentNumber) // [2]
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
export const validateSetMerchantOrder = (input: unknown): Validation<Plan.SetMerchantOrderRequest> =>
  toValidation(Plan.validateSetMerchantOrderResult(input))

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
export const normalizePlanSearch = (params: unknown): Validation<Search.NormalizedPlanSearch> =>
  toValidation(Search.normalizePlanSearchResult(params))

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
  params: unknown,
  scope: Search.SearchScope
): Search.PlanSearchPage<S> => {
  const query = isNormalized(params) ? params : getOrThrow(Search.normalizePlanSearchResult(params)).value
  return Search.searchPlans(summaries, query, scope)
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
 * // { pinnedPlanNote: …, planNotes: [...], meta: { rowCount: 12, pageSize: 10, offset: 0 }, links: { self, first, prev: null, next, last } }
 * ```
 * @since 0.1.0
 */
export const listPlanNotes = <N extends Notes.PlanNoteResponse>(
  notes: ReadonlyArray<N>,
  params: Notes.PlanNotesParams | URLSearchParams,
  options: Notes.ListPlanNotesOptions
): Notes.PlanNotesPage<N> => getOrThrow(Notes.listPlanNotesResult(notes, params, options))
