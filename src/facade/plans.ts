/**
 * Plain functions for plans: JSON in, JSON out, no Effect knowledge
 * needed. Each is a thin layer over the `Plan`, `Search` and `Notes` modules.
 *
 * @module
 */
// Over 400 lines: the plain functions of plans, one throwing and `{ ok }` pair per operation.
import * as Result from "effect/Result"
import type * as Checkout from "../core/checkout/index.ts"
import type { Options } from "../core/foundation/contract.ts"
import { type Input, type Issue, unknownField, type Validation, ValidationError } from "../core/foundation/issues.ts"
import type { InstantInput } from "../core/foundation/time/index.ts"
import type { PlanTermsResponse } from "../core/plan-terms/index.ts"
import { CREATE, createOutcome } from "../core/plan/create.ts"
import * as Plan from "../core/plan/index.ts"
import { APPLY, applyOutcome } from "../core/plan/lifecycle.ts"
import { SET_MERCHANT_ORDER, validateMerchantOrderResult } from "../core/plan/merchant-order.ts"
import { LIST, listOutcome } from "../core/plan/notes.ts"
import type * as Notes from "../core/plan/notes.ts"
import { SEARCH } from "../core/search/evaluate.ts"
import * as Search from "../core/search/index.ts"
import {
  NORMALIZE,
  normalizeResult,
  validateQueryResult as validateSearchQueryResult
} from "../core/search/normalize.ts"
import { answer, type Outcome, outcome, plainFunction, validated, valueOf } from "./plain.ts"

/**
 * Builds the plan record of a checkout and the chosen plan terms (R6.9):
 * status `PendingDeposit`, every instalment `UPCOMING`. Throws a
 * `ValidationError` naming every problem (an invalid checkout, a schedule that
 * does not add up to the checkout's `totalCost`, a bad `now` or `planId`).
 * `merchant` is the merchant configuration, as in every function (zero-decimal
 * currencies, payment bounds); `planMerchant` is the merchant the record shows.
 * An option it does not have is refused (`unknown_option`); a field of a
 * checkout request no rule reads is a process warning, once per path (R10.2).
 *
 * @example
 * ```ts
 * import { computePlanTerms, createPlanRecord } from "payment-plan-engine"
 * const terms = computePlanTerms(checkout, { checkoutId, type: "plan", timeZone: "Australia/Sydney" }, { now })
 * const plan = createPlanRecord(checkout, terms, { now, planId: "plan_1", timeZone: "Australia/Sydney" })
 * plan.status // "PendingDeposit"
 * ```
 * @category Plans
 * @since 0.1.0
 */
export const createPlanRecord: {
  (checkout: Input<Checkout.CheckoutRequest>, terms: PlanTermsResponse, options: CreatePlanRecordOptions): Plan.Plan
  (checkout: Checkout.CheckoutResponse, terms: PlanTermsResponse, options: CreatePlanRecordOptions): Plan.Plan
} = (checkout: unknown, terms: unknown, options: CreatePlanRecordOptions): Plan.Plan =>
  valueOf(CREATE_PLAIN, options, createOutcome(checkout, terms, options))

/**
 * Options of {@link createPlanRecord}: the record's one contract, `Plan.CreatePlanOptions`
 * (`merchant` is the merchant configuration, as everywhere; `planMerchant` the merchant as the
 * record shows it; `unknownFields`, R10.2).
 *
 * @category Plans
 * @since 0.1.0
 */
export type CreatePlanRecordOptions = Plan.CreatePlanOptions

const CREATE_PLAIN = plainFunction("createPlanRecord", CREATE)
const CREATE_RESULT = plainFunction("createPlanRecordResult", CREATE)

/**
 * {@link createPlanRecord} without throwing: `{ ok: true, value, warnings }` or `{ ok: false, issues, warnings }`.
 *
 * @example
 * ```ts
 * import { createPlanRecordResult } from "payment-plan-engine"
 * const answer = createPlanRecordResult(checkout, terms, { now, planId: "plan_1" })
 * if (answer.ok) console.log(answer.value.status) // "PendingDeposit"
 * ```
 * @category Plans
 * @since 0.1.0
 */
export const createPlanRecordResult = (
  checkout: unknown,
  terms: unknown,
  options: CreatePlanRecordOptions
): Validation<Plan.Plan> => answer(CREATE_RESULT, options, createOutcome(checkout, terms, options))

/**
 * Applies an event to a plan record (docs/plans.md) and returns the next record; the given one is
 * not changed. Throws a `PlanTransitionError` (`code` like `already_cancelled`, `overpayment`) when
 * the plan's state refuses the event, a `ValidationError` when the event is malformed. A field the
 * event does not carry (`installmentNumbr`) is a process warning, once per path (R10.2), refused
 * under `unknownFields: "error"`.
 *
 * @example
 * ```ts
 * import { applyPlanEvent } from "payment-plan-engine"
 * const next = applyPlanEvent(plan, { _tag: "DepositAccepted", at: "2026-11-22T10:00:00Z" })
 * next.status // "OnSchedule"
 * ```
 * @category Plans
 * @since 0.1.0
 */
export const applyPlanEvent = (
  plan: Plan.Plan,
  event: Input<Plan.PlanEvent>,
  options?: Plan.ApplyOptions
): Plan.Plan => valueOf(APPLY_PLAIN, options, applyOutcome(plan, event))

const APPLY_PLAIN = plainFunction("applyPlanEvent", APPLY)
const APPLY_RESULT = plainFunction("applyPlanEventResult", APPLY)

/**
 * {@link applyPlanEvent} without throwing: `{ ok: true, value, warnings }` with the next record, or
 * `{ ok: false, issues, warnings }`; a refusal of the plan's state is one issue at `event` with code
 * `conflict`, its message naming the refusal (`already_cancelled: …`). A field the event does not
 * carry is an `unknown_field` warning at its path (`event.installmentNumbr`, R10.2).
 *
 * @example
 * ```ts
 * import { applyPlanEventResult } from "payment-plan-engine"
 * const answer = applyPlanEventResult(plan, { _tag: "DepositAccepted", at: "2026-11-22T10:00:00Z" })
 * if (answer.ok) save(answer.value)
 * else console.log(answer.issues[0]?.message)
 * ```
 * @category Plans
 * @since 0.1.0
 */
export const applyPlanEventResult = (
  plan: unknown,
  event: unknown,
  options?: Plan.ApplyOptions
): Validation<Plan.Plan> => {
  const applied = applyOutcome(plan, event)
  const { result } = applied
  if (Result.isSuccess(result) || result.failure instanceof ValidationError) {
    return answer(APPLY_RESULT, options, applied as Outcome<Plan.Plan>)
  }
  const error = result.failure
  const rule = error.code === "already_cancelled" || error.code === "refund_exceeds_paid" ? "R7.8" : "R6.9"
  const refused = new ValidationError({
    issues: [{ path: "event", code: "conflict", rule, message: `${error.code}: ${error.message}` }],
    warnings: NONE
  })
  return answer(APPLY_RESULT, options, outcome(Result.fail(refused), applied.warnings))
}

const NONE: ReadonlyArray<Issue> = []

/**
 * The search-result summary of a plan record (remainingBalance,
 * totalInstallments, totalPaidInstallments, nextInstallmentNumber, completionDate…).
 *
 * @example
 * ```ts
 * import { planSummaryOf } from "payment-plan-engine"
 * planSummaryOf(plan).remainingBalance // plan.remainingAmount
 * ```
 * @category Plans
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
 * @category Plans
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
 * @category Plans
 * @since 0.1.0
 */
export const validateSetMerchantOrder = (
  input: unknown,
  options?: Plan.SetMerchantOrderOptions
): Validation<Plan.SetMerchantOrderRequest> =>
  answer(SET_MERCHANT_ORDER_PLAIN, options, validated(validateMerchantOrderResult(input)))

const SET_MERCHANT_ORDER_PLAIN = plainFunction("validateSetMerchantOrder", SET_MERCHANT_ORDER)

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
 * @category Plans
 * @since 0.1.0
 */
export const normalizePlanSearch = (
  params: unknown,
  options?: Search.NormalizeOptions
): Validation<Search.NormalizedPlanSearch> => answer(NORMALIZE_PLAIN, options, validated(normalizeResult(params)))

const NORMALIZE_PLAIN = plainFunction("normalizePlanSearch", NORMALIZE)

/**
 * Options of {@link searchPlans}: the search's one contract, who is searching (`merchantId` and its
 * `merchantGroup`) and `unknownFields` for the parameters (R10.2).
 *
 * @category Plans
 * @since 0.2.0
 */
export interface SearchPlansOptions extends Options<typeof SEARCH> {}

/**
 * Searches plan summaries as the service does (docs/plans.md, "Search"):
 * `params` are the query parameters (normalized first; a `ValidationError` is
 * thrown when they are invalid) or a query `normalizePlanSearch` gave (checked
 * again: a query is never taken on its shape); `scope` is the authenticated
 * merchant and its group (`includeAllBrands`). Returns
 * `{ nextCursor: null, totalRowCount, plans }`.
 *
 * @example
 * ```ts
 * import { planSummaryOf, searchPlans } from "payment-plan-engine"
 * const { totalRowCount, plans } = searchPlans(records.map(planSummaryOf), { filterField: "status", filterValue: "Late" }, { merchantId: "merchant-123" })
 * ```
 * @category Plans
 * @since 0.1.0
 */
export const searchPlans = <S extends Search.SearchablePlan>(
  summaries: ReadonlyArray<S>,
  params: Input<Search.PlanSearchParams> | Input<Search.NormalizedPlanSearch> | URLSearchParams,
  scope: SearchPlansOptions
): Search.PlanSearchPage<S> => valueOf(SEARCH_PLAIN, scope, searched(summaries, params, scope))

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
 * @category Plans
 * @since 0.1.0
 */
export const searchPlansResult = <S extends Search.SearchablePlan>(
  summaries: ReadonlyArray<S>,
  params: unknown,
  scope: SearchPlansOptions
): Validation<Search.PlanSearchPage<S>> => answer(SEARCH_RESULT, scope, searched(summaries, params, scope))

const SEARCH_PLAIN = plainFunction("searchPlans", SEARCH, { parameter: "scope" })
const SEARCH_RESULT = plainFunction("searchPlansResult", SEARCH, { parameter: "scope" })
const SEARCH_RULE = "search"

const isObject = (u: unknown): u is Readonly<Record<string, unknown>> =>
  typeof u === "object" && u !== null && !Array.isArray(u)

/** The page, after every check: the summaries, the query (whichever way given) and the scope. */
const searched = <S extends Search.SearchablePlan>(
  summaries: unknown,
  params: unknown,
  scope: unknown
): Outcome<Search.PlanSearchPage<S>> => {
  const query = queryOf(params)
  const issues = [...summariesIssues(summaries), ...scopeIssues(scope)]
  if (Result.isFailure(query)) {
    return outcome(
      Result.fail(
        new ValidationError({ issues: [...query.failure.issues, ...issues], warnings: query.failure.warnings })
      )
    )
  }
  // a scope that is no object is refused by the options' check (`scope`, `type`): nothing to search with
  if (issues.length > 0 || !isObject(scope)) {
    return outcome(Result.fail(new ValidationError({ issues, warnings: NONE })), query.success.warnings)
  }
  return outcome(
    Result.succeed(Search.evaluate(summaries as ReadonlyArray<S>, query.success.value, scope as Search.SearchScope)),
    query.success.warnings
  )
}

const summariesIssues = (summaries: unknown): ReadonlyArray<Issue> => {
  if (!Array.isArray(summaries)) {
    return [issue("summaries", "type", `must be an array of plan summaries, got ${describe(summaries)}`)]
  }
  let issues: Array<Issue> | undefined
  for (let i = 0; i < summaries.length; i++) {
    if (!isObject(summaries[i])) {
      ;(issues ??= []).push(
        issue(`summaries[${i}]`, "type", `must be a plan summary object, got ${describe(summaries[i])}`)
      )
    }
  }
  return issues ?? NONE
}

/** The scope is checked whatever its shape: a merchant id, and a group of ids or a group id. */
const scopeIssues = (scope: unknown): ReadonlyArray<Issue> => {
  if (scope !== undefined && !isObject(scope)) return NONE // reported by the options' check
  const issues: Array<Issue> = []
  const { merchantId, merchantGroup } = scope ?? {}
  if (merchantId === undefined) {
    issues.push(issue("scope.merchantId", "required", "is required: the merchant searching"))
  } else if (typeof merchantId !== "string") {
    issues.push(issue("scope.merchantId", "type", `must be a string, got ${describe(merchantId)}`))
  }
  if (
    merchantGroup !== undefined && typeof merchantGroup !== "string" &&
    !(Array.isArray(merchantGroup) && merchantGroup.every((id) => typeof id === "string"))
  ) {
    issues.push(
      issue(
        "scope.merchantGroup",
        "type",
        `must be a group id or a list of merchant ids, got ${describe(merchantGroup)}`
      )
    )
  }
  return issues
}

/**
 * The normalized query of `params`: query parameters are normalized; a query shaped as
 * `normalizePlanSearch` gives it (with `filters`) has its parameters normalized and each filter
 * checked as the parameters `filterField`, `filterOperator`, `filterValue` are, by the same schema.
 */
const queryOf = (params: unknown) => {
  if (!isObject(params) || params instanceof URLSearchParams || !("filters" in params)) {
    return normalizeResult(params)
  }
  const { filters, ...rest } = params
  const normalized = normalizeResult(rest)
  const issues: Array<Issue> = Result.isFailure(normalized) ? [...normalized.failure.issues] : []
  const warnings: Array<Issue> = Result.isFailure(normalized)
    ? [...normalized.failure.warnings]
    : [...normalized.success.warnings]
  const read: Array<Search.PlanSearchFilter> = []
  if (!Array.isArray(filters)) {
    issues.push(
      issue("filters", "type", `must be a list of filters { field, operator, value }, got ${describe(filters)}`)
    )
  } else {
    filters.forEach((filter: unknown, index) => {
      const at = `filters[${index}]`
      if (!isObject(filter)) {
        issues.push(issue(at, "type", `must be a filter { field, operator, value }, got ${describe(filter)}`))
        return
      }
      const { field, operator, value, ...others } = filter
      for (const key of Object.keys(others)) {
        if (others[key] !== undefined) warnings.push(unknownField(`${at}.${key}`, key, FILTER_FIELDS, "a filter"))
      }
      const checked = validateSearchQueryResult({ filterField: field, filterOperator: operator, filterValue: value })
      if (Result.isFailure(checked)) {
        for (const i of checked.failure.issues) issues.push({ ...i, path: filterPath(at, i.path) })
        return
      }
      const { filterField, filterOperator, filterValue } = checked.success.value
      if (filterField === undefined || filterValue === undefined) {
        issues.push(issue(at, "required", "must name a field and a value"))
        return
      }
      read.push({
        field: filterField,
        operator: filterOperator ?? Search.SEARCH_DEFAULTS.filterOperator,
        value: filterValue
      })
    })
  }
  if (issues.length > 0 || Result.isFailure(normalized)) {
    return Result.fail(new ValidationError({ issues, warnings }))
  }
  const value = normalized.success.value
  return Result.succeed({ value: { ...value, filters: [...value.filters, ...read] }, warnings })
}

const FILTER_FIELDS = ["field", "operator", "value"]

const FILTER_NAMES: Readonly<Record<string, string>> = {
  filterField: "field",
  filterOperator: "operator",
  filterValue: "value"
}

const filterPath = (at: string, path: string): string =>
  path in FILTER_NAMES ? `${at}.${FILTER_NAMES[path]}` : path === "" ? at : `${at}.${path}`

const issue = (path: string, code: Issue["code"], message: string): Issue => ({
  path,
  code,
  rule: SEARCH_RULE,
  message
})

const describe = (value: unknown): string =>
  value === null
    ? "null"
    : Array.isArray(value)
    ? "an array"
    : typeof value === "object"
    ? "an object"
    : typeof value === "string"
    ? JSON.stringify(value)
    : typeof value === "function" || typeof value === "symbol"
    ? `a ${typeof value}`
    : String(value)

/**
 * Options of {@link listPlanNotes}: the listing's one contract, `Notes.ListPlanNotesOptions`
 * (`selfUrl`, `unknownFields`).
 *
 * @category Plans
 * @since 0.2.0
 */
export type ListPlanNotesOptions = Notes.ListPlanNotesOptions

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
 * @category Plans
 * @since 0.1.0
 */
export const listPlanNotes = <N extends Notes.PlanNoteResponse>(
  notes: ReadonlyArray<N>,
  params: Input<Notes.PlanNotesParams> | URLSearchParams,
  options: ListPlanNotesOptions
): Notes.PlanNotesPage<N> => valueOf(NOTES_PLAIN, options, listOutcome(notes, params, options))

/**
 * {@link listPlanNotes} without throwing: `{ ok: true, value, warnings }` or `{ ok: false, issues, warnings }`.
 *
 * @example
 * ```ts
 * import { listPlanNotesResult } from "payment-plan-engine"
 * listPlanNotesResult([], { planId: "plan_1", pageSize: 101 }, { selfUrl: "https://api.example/api/v2/plans/plan_1/notes" }).ok // false
 * ```
 * @category Plans
 * @since 0.1.0
 */
export const listPlanNotesResult = <N extends Notes.PlanNoteResponse>(
  notes: ReadonlyArray<N>,
  params: unknown,
  options: ListPlanNotesOptions
): Validation<Notes.PlanNotesPage<N>> => answer(NOTES_RESULT, options, listOutcome(notes, params, options))

const NOTES_PLAIN = plainFunction("listPlanNotes", LIST)
const NOTES_RESULT = plainFunction("listPlanNotesResult", LIST)
