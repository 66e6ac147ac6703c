/**
 * Plan notes: the note and the plan-notes list as the service returns them
 * (read tolerantly, R9), and listing a plan's notes a page at a time.
 *
 * @since 0.1.0
 */
import { Effect, Result, Schema } from "effect"
import { describe, fail, issue, type ValidationError } from "../foundation/issues.ts"
import { dateValue } from "../foundation/time/date-value.ts"
import { ParamReader, readParams } from "../internal/params.ts"
import { loose, LooseBoolean, LooseNumber, OpenStruct } from "../internal/schema-kit.ts"

const NoteUser = OpenStruct({ firstName: loose(Schema.String), lastName: loose(Schema.String) })

/**
 * A note on a plan.
 *
 * @since 0.1.0
 */
export const PlanNote = OpenStruct({
  id: Schema.String,
  note: loose(Schema.String),
  isPinned: loose(LooseBoolean),
  isSoftDeleted: loose(LooseBoolean),
  createdAt: loose(Schema.String),
  updatedAt: loose(Schema.String),
  softDeletedAt: loose(Schema.String),
  createdByUser: loose(NoteUser),
  modifiedByUser: loose(NoteUser),
  softDeletedByUser: loose(NoteUser)
})

/**
 * @since 0.1.0
 */
export type PlanNote = typeof PlanNote.Type

/**
 * A page of a plan's notes, with the pinned note apart.
 *
 * @since 0.1.0
 */
export const PlanNotesList = OpenStruct({
  pinnedPlanNote: loose(PlanNote),
  planNotes: loose(Schema.Array(PlanNote)),
  meta: loose(OpenStruct({ rowCount: loose(LooseNumber), pageSize: loose(LooseNumber), offset: loose(LooseNumber) })),
  links: loose(
    OpenStruct({
      self: loose(Schema.String),
      first: loose(Schema.String),
      prev: loose(Schema.String),
      next: loose(Schema.String),
      last: loose(Schema.String)
    })
  )
})

/**
 * @since 0.1.0
 */
export type PlanNotesList = typeof PlanNotesList.Type

// ---------------------------------------------------------------------------
// Listing a plan's notes

/**
 * The parameters of list plan notes, as the description names them.
 *
 * @since 0.1.0
 */
export interface ListPlanNotesParams {
  readonly planId: string
  /** default false: soft-deleted notes are hidden */
  readonly showSoftDeletedPlanNotes?: boolean | string
  /** notes per page, 1..100; default {@link DEFAULT_NOTES_PAGE_SIZE} */
  readonly pageSize?: number | string
  /** notes skipped, ≥ 0; default 0 */
  readonly pageOffset?: number | string
}

/**
 * Options of {@link listPlanNotes}.
 *
 * @since 0.1.0
 */
export interface ListPlanNotesOptions {
  /** The URL of this listing; `links` are built on it (absolute, or a path). */
  readonly selfUrl: string
}

/**
 * Notes per page when `pageSize` is not given.
 *
 * @since 0.1.0
 */
export const DEFAULT_NOTES_PAGE_SIZE = 20

/**
 * A page of a plan's notes: the {@link PlanNotesList} this library answers.
 *
 * @since 0.1.0
 */
export interface PlanNotesPage {
  readonly pinnedPlanNote: PlanNote | null
  readonly planNotes: ReadonlyArray<PlanNote>
  readonly meta: { readonly rowCount: number; readonly pageSize: number; readonly offset: number }
  readonly links: {
    readonly self: string
    readonly first: string
    readonly prev: string | null
    readonly next: string | null
    readonly last: string
  }
}

const RULE = "notes"
const KNOWN = new Set(["planId", "showSoftDeletedPlanNotes", "pageSize", "pageOffset"])

/** Newest first by `createdAt`; notes without one last; ties by `id`. */
const newestFirst = (a: PlanNote, b: PlanNote): number => {
  const x = dateValue(a.createdAt)
  const y = dateValue(b.createdAt)
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
 * {@link listPlanNotes} as a synchronous `Result`.
 *
 * @since 0.1.0
 */
export const listPlanNotesResult = (
  notes: ReadonlyArray<PlanNote>,
  params: ListPlanNotesParams,
  options: ListPlanNotesOptions
): Result.Result<PlanNotesPage, ValidationError> => {
  const given = readParams(params, KNOWN, RULE)
  if (given === undefined) {
    return fail([issue("", "type", RULE, `must be an object of parameters, got ${describe(params)}`)])
  }
  const read = new ParamReader(given.values, RULE)
  const planId = read.text("planId")
  if (!read.has("planId")) read.issues.push(issue("planId", "required", RULE, "is required"))
  const showSoftDeleted = read.flag("showSoftDeletedPlanNotes", false)
  const pageSize = read.whole("pageSize", 1, 100, DEFAULT_NOTES_PAGE_SIZE)
  const offset = read.whole("pageOffset", 0, Number.MAX_SAFE_INTEGER, 0)
  const selfUrl = options?.selfUrl
  if (typeof selfUrl !== "string" || (URL.parse(selfUrl) === null && !selfUrl.startsWith("/"))) {
    read.issues.push(issue("selfUrl", "format", RULE, `must be an absolute URL or a path, got ${describe(selfUrl)}`))
  }
  if (!Array.isArray(notes)) {
    read.issues.push(issue("notes", "type", RULE, `must be an array of plan notes, got ${describe(notes)}`))
  }
  const issues = [...given.issues, ...read.issues]
  if (issues.length > 0 || planId === undefined) return fail(issues)

  const visible = notes.filter((n) => showSoftDeleted || n.isSoftDeleted !== true)
  // the pinned note is shown apart: the most recently updated of the pinned ones
  let pinned: PlanNote | null = null
  for (const n of visible) {
    if (n.isPinned !== true) continue
    if (
      pinned === null ||
      (dateValue(n.updatedAt ?? n.createdAt) ?? -Infinity) >
        (dateValue(pinned.updatedAt ?? pinned.createdAt) ?? -Infinity)
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
 * `notes` are the plan's notes (the caller finds them by `planId`).
 *
 * @example
 * ```ts
 * import { Effect } from "effect"
 * import { Notes } from "payment-plan-engine"
 * const page = Effect.runSync(Notes.listPlanNotes(notes, { planId: "plan_1", pageSize: 2 }, { selfUrl: "/api/v2/plans/plan_1/notes" }))
 * page.links.next // "/api/v2/plans/plan_1/notes?pageSize=2&pageOffset=2"
 * ```
 * @since 0.1.0
 */
export const listPlanNotes = (
  notes: ReadonlyArray<PlanNote>,
  params: ListPlanNotesParams,
  options: ListPlanNotesOptions
): Effect.Effect<PlanNotesPage, ValidationError> => Effect.fromResult(listPlanNotesResult(notes, params, options))
