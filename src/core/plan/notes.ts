/**
 * Plan notes: the note and a page of a plan's notes, each declared once,
 * strictly ({@link PlanNote}, {@link PlanNotes}: what this library answers)
 * and read tolerantly ({@link PlanNoteResponse}, {@link PlanNotesResponse},
 * R9); the list-plan-notes parameters ({@link PlanNotesQuery}); and listing a
 * plan's notes a page at a time.
 *
 * @module
 */
import type * as Effect from "effect/Effect"
import { dual } from "effect/Function"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import {
  calculation,
  contract,
  type Options,
  type Outcome,
  outcome,
  surface,
  validated,
  validation
} from "../foundation/contract.ts"
import { fail, type Input, requestValidator, type Validated, type ValidationError } from "../foundation/issues.ts"
import * as Time from "../foundation/time/index.ts"
import { describe, type Issue, issue } from "../internal/issue.ts"
import { notParams, readParams } from "../internal/params.ts"
import { isRecord } from "../internal/predicates.ts"
import { Identifier, tolerant, WholeNumber, withRule } from "../internal/schema-kit.ts"

/**
 * Who wrote, changed or soft-deleted a note.
 *
 * @category Notes
 * @since 0.1.0
 */
export const NoteUser = Schema.Struct({ firstName: Schema.String, lastName: Schema.String })

/**
 * A note on a plan.
 *
 * @category Notes
 * @since 0.1.0
 */
export const PlanNote = Schema.Struct({
  id: Schema.String,
  note: Schema.String,
  isPinned: Schema.Boolean,
  isSoftDeleted: Schema.Boolean,
  createdAt: Time.DateTimeText,
  updatedAt: Time.DateTimeText,
  softDeletedAt: Schema.NullOr(Time.DateTimeText),
  createdByUser: NoteUser,
  modifiedByUser: Schema.NullOr(NoteUser),
  softDeletedByUser: Schema.NullOr(NoteUser)
})

/**
 * @category Notes
 * @since 0.1.0
 */
export type PlanNote = typeof PlanNote.Type

/**
 * A plan note read tolerantly (R9).
 *
 * @category Notes
 * @since 0.1.0
 */
export const PlanNoteResponse = tolerant(PlanNote, ["id"])

/**
 * @category Notes
 * @since 0.1.0
 */
export type PlanNoteResponse = typeof PlanNoteResponse.Type

/**
 * A page of a plan's notes: the pinned note apart, the page, its counts and its links.
 *
 * @category Notes
 * @since 0.1.0
 */
export const PlanNotes = Schema.Struct({
  pinnedPlanNote: Schema.NullOr(PlanNote),
  planNotes: Schema.Array(PlanNote),
  meta: Schema.Struct({
    rowCount: WholeNumber(0, "notes"),
    pageSize: WholeNumber(1, "notes"),
    offset: WholeNumber(0, "notes")
  }),
  links: Schema.Struct({
    self: Schema.String,
    first: Schema.String,
    prev: Schema.NullOr(Schema.String),
    next: Schema.NullOr(Schema.String),
    last: Schema.String
  })
})

/**
 * @category Notes
 * @since 0.1.0
 */
export type PlanNotes = typeof PlanNotes.Type

/**
 * A page of plan notes read tolerantly (R9).
 *
 * @category Notes
 * @since 0.1.0
 */
export const PlanNotesResponse = tolerant(PlanNotes)

/**
 * @category Notes
 * @since 0.1.0
 */
export type PlanNotesResponse = typeof PlanNotesResponse.Type

// ---------------------------------------------------------------------------
// The parameters

const RULE = "notes"

/**
 * Notes per page when `pageSize` is not given.
 *
 * @category Notes
 * @since 0.1.0
 */
export const DEFAULT_NOTES_PAGE_SIZE = 20

/**
 * The list-plan-notes parameters of the description: `planId`,
 * `showSoftDeletedPlanNotes` (default false), `pageSize` 1..100 (default
 * {@link DEFAULT_NOTES_PAGE_SIZE}), `pageOffset` ≥ 0 (default 0). The one
 * definition the core, the client and the sandbox check them with; numbers
 * and booleans may come as their text (a URL's query).
 *
 * @category Notes
 * @since 0.1.0
 */
export const PlanNotesQuery = withRule(
  Schema.Struct({
    planId: Identifier,
    showSoftDeletedPlanNotes: Schema.optionalKey(Schema.Boolean),
    pageSize: Schema.optionalKey(WholeNumber(1, RULE, 100)),
    pageOffset: Schema.optionalKey(WholeNumber(0, RULE))
  }),
  RULE
)

/**
 * @category Notes
 * @since 0.1.0
 */
export type PlanNotesQuery = typeof PlanNotesQuery.Type

/**
 * The list-plan-notes parameters as a caller may give them: typed, or as the
 * text of a URL's query.
 *
 * @category Notes
 * @since 0.1.0
 */
export type PlanNotesParams = {
  readonly [K in keyof PlanNotesQuery]: PlanNotesQuery[K] | (K extends "planId" ? never : string)
}

const checkQuery = requestValidator(PlanNotesQuery, RULE, { fromText: true })

/**
 * Checks list-plan-notes parameters (an object or `URLSearchParams`): every
 * problem, each with its path, code and rule; unknown parameters are
 * warnings. The value has numbers and booleans converted.
 *
 * @example
 * ```ts
 * import * as Effect from "effect/Effect"
 * import { Notes } from "payment-plan-engine"
 * const read = Effect.runSync(Notes.validateQuery(new URLSearchParams("planId=plan_1&pageSize=10")))
 * read.value.pageSize // 10
 * ```
 * @category Notes
 * @since 0.2.0
 */
export const validateQuery = (
  params: unknown,
  options?: ValidateQueryOptions
): Effect.Effect<Validated<PlanNotesQuery>, ValidationError> =>
  validation(VALIDATE_QUERY_SURFACE, options, () => validated(validateQueryResult(params)))

/** The contract of checking list-plan-notes parameters (R10.2): no option but `unknownFields`. */
export const VALIDATE_QUERY = contract({})

const VALIDATE_QUERY_SURFACE = surface("Notes.validateQuery", VALIDATE_QUERY)

/**
 * Options of {@link validateQuery}: what to do with unknown parameters (R10.2).
 *
 * @category Notes
 * @since 0.2.0
 */
export interface ValidateQueryOptions extends Options<typeof VALIDATE_QUERY> {}

/**
 * {@link validateQuery} as a synchronous `Result`, for the facade and the route table.
 *
 * @since 0.1.0
 */
export const validateQueryResult = (params: unknown): Result.Result<Validated<PlanNotesQuery>, ValidationError> => {
  const given = readParams(params, RULE)
  if (given === undefined) return fail([notParams(RULE, params, "parameters")])
  const checked = checkQuery(given.values)
  if (given.issues.length === 0) return checked
  const issues = [...given.issues, ...(Result.isFailure(checked) ? checked.failure.issues : [])]
  return fail(issues, Result.isFailure(checked) ? checked.failure.warnings : checked.success.warnings)
}

/**
 * A page of notes as {@link list} gives it: a {@link PlanNotes} of
 * the notes it was given (strict ones, or notes read from a service).
 *
 * @category Notes
 * @since 0.1.0
 */
export type PlanNotesPage<N> = Omit<PlanNotes, "pinnedPlanNote" | "planNotes"> & {
  readonly pinnedPlanNote: N | null
  readonly planNotes: ReadonlyArray<N>
}

/**
 * The contract of listing a plan's notes (R10.2): its options, declared once, for `listPlanNotes`,
 * its twin and `Notes.list`.
 */
export const LIST = contract({
  /** The URL of this listing; `links` are built on it (absolute, or a path). */
  selfUrl: Schema.String
})

/**
 * Options of {@link list}: `selfUrl`, and `unknownFields` for the parameters (R10.2).
 *
 * @category Notes
 * @since 0.1.0
 */
export interface ListPlanNotesOptions extends Options<typeof LIST> {}

// ---------------------------------------------------------------------------
// Listing a plan's notes

/** Newest first by `createdAt`; notes without one last; ties by `id`. */
const newestFirst = (a: PlanNoteResponse, b: PlanNoteResponse): number => {
  const x = Time.dateValue(a.createdAt)
  const y = Time.dateValue(b.createdAt)
  if (x !== y) {
    if (x === undefined) return 1
    if (y === undefined) return -1
    return y - x
  }
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0
}

/** The link to the page at `offset`: `selfUrl` with `pageSize` and `pageOffset` set. */
const linkTo = (selfUrl: string, pageSize: number, offset: number): string => {
  const absolute = URL.parse(selfUrl)
  const url = absolute ?? new URL(selfUrl, "http://relative.invalid")
  url.searchParams.set("pageSize", String(pageSize))
  url.searchParams.set("pageOffset", String(offset))
  return absolute ? url.href : `${url.pathname}${url.search}`
}

/**
 * {@link list} as a synchronous `Result`, for the facade and the sandbox.
 *
 * @since 0.1.0
 */
export const listResult = <N extends PlanNoteResponse>(
  notes: ReadonlyArray<N>,
  params: PlanNotesParams | URLSearchParams,
  options: ListPlanNotesOptions
): Result.Result<PlanNotesPage<N>, ValidationError> => {
  const query = validateQueryResult(params)
  const issues: Array<Issue> = Result.isFailure(query) ? [...query.failure.issues] : []
  const selfUrl = options?.selfUrl
  if (typeof selfUrl !== "string" || (URL.parse(selfUrl) === null && !selfUrl.startsWith("/"))) {
    issues.push(issue("selfUrl", "format", RULE, `must be an absolute URL or a path, got ${describe(selfUrl)}`))
  }
  if (!Array.isArray(notes)) {
    issues.push(issue("notes", "type", RULE, `must be an array of plan notes, got ${describe(notes)}`))
  } else {
    // the list is the caller's data: an element that is not a note is named, never read (a Result twin never throws)
    notes.forEach((note: unknown, i) => {
      if (!isRecord(note)) {
        issues.push(issue(`notes.${i}`, "type", RULE, `must be a plan note (an object), got ${describe(note)}`))
      }
    })
  }
  if (issues.length > 0 || Result.isFailure(query)) return fail(issues)
  const {
    showSoftDeletedPlanNotes: showSoftDeleted = false,
    pageSize = DEFAULT_NOTES_PAGE_SIZE,
    pageOffset: offset = 0
  } = query.success.value

  const visible = notes.filter((n) => showSoftDeleted || n.isSoftDeleted !== true)
  // the pinned note is shown apart: the most recently updated of the pinned ones
  let pinned: N | null = null
  for (const n of visible) {
    if (n.isPinned !== true) continue
    if (
      pinned === null ||
      (Time.dateValue(n.updatedAt ?? n.createdAt) ?? -Infinity) >
        (Time.dateValue(pinned.updatedAt ?? pinned.createdAt) ?? -Infinity)
    ) pinned = n
  }
  const rows = visible.filter((n) => n !== pinned).sort(newestFirst)
  const rowCount = rows.length
  const last = rowCount === 0 ? 0 : Math.floor((rowCount - 1) / pageSize) * pageSize
  return Result.succeed({
    pinnedPlanNote: pinned,
    planNotes: rows.slice(offset, offset + pageSize),
    meta: { rowCount, pageSize, offset },
    links: {
      self: linkTo(selfUrl!, pageSize, offset),
      first: linkTo(selfUrl!, pageSize, 0),
      prev: offset === 0 ? null : linkTo(selfUrl!, pageSize, Math.max(0, offset - pageSize)),
      next: offset + pageSize < rowCount ? linkTo(selfUrl!, pageSize, offset + pageSize) : null,
      last: linkTo(selfUrl!, pageSize, last)
    }
  })
}

/**
 * Lists a page of a plan's notes: `pinnedPlanNote` (the most recently updated
 * pinned note, shown apart and not repeated in the list), `planNotes` newest
 * first, `meta` (`rowCount` of the list, `pageSize`, `offset`) and `links`
 * (`self`, `first`, `prev`, `next`, `last`; `prev`/`next` `null` at the ends)
 * built on `selfUrl`. Soft-deleted notes are hidden unless
 * `showSoftDeletedPlanNotes`. `pageSize` 1..100 (default 20), `pageOffset` the
 * number of notes skipped (default 0); numbers and booleans may come as strings.
 * `notes` are the plan's notes (the caller finds them by `planId`). An unknown
 * parameter is logged at Warning level (R10.2); data-last in a pipe
 * (`pipe(notes, Notes.list(params, { selfUrl }))`); a span named `Notes.list`.
 *
 * @example
 * ```ts
 * import * as Effect from "effect/Effect"
 * import { Notes } from "payment-plan-engine"
 * const page = Effect.runSync(Notes.list(notes, { planId: "plan_1", pageSize: 2 }, { selfUrl: "/api/v2/plans/plan_1/notes" }))
 * page.links.next // "/api/v2/plans/plan_1/notes?pageSize=2&pageOffset=2"
 * ```
 * @category Notes
 * @since 0.1.0
 */
export const list: {
  (params: Input<PlanNotesParams> | URLSearchParams, options: ListPlanNotesOptions): <N extends PlanNoteResponse>(
    notes: ReadonlyArray<N>
  ) => Effect.Effect<PlanNotesPage<N>, ValidationError>
  <N extends PlanNoteResponse>(
    notes: ReadonlyArray<N>,
    params: Input<PlanNotesParams> | URLSearchParams,
    options: ListPlanNotesOptions
  ): Effect.Effect<PlanNotesPage<N>, ValidationError>
} = dual(
  3,
  <N extends PlanNoteResponse>(notes: ReadonlyArray<N>, params: unknown, options: ListPlanNotesOptions) =>
    calculation(LIST_SURFACE, options, () => listOutcome(notes, params, options))
)

const LIST_SURFACE = surface("Notes.list", LIST)

/**
 * A page of notes as every surface lists it: the page, and the warnings of its parameters
 * (unknown ones, R10.2).
 *
 * Shared with the facade, whose plain functions are built on it; no entry point exports it.
 */
export const listOutcome = <N extends PlanNoteResponse>(
  notes: ReadonlyArray<N>,
  params: unknown,
  options: ListPlanNotesOptions
): Outcome<PlanNotesPage<N>> => {
  const query = validateQueryResult(params)
  return outcome(
    listResult(notes, params as PlanNotesParams, options),
    Result.isSuccess(query) ? query.success.warnings : query.failure.warnings
  )
}
