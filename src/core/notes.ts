/**
 * Plan notes and the plan-notes list, read tolerantly (R9).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { loose, LooseBoolean, LooseNumber, OpenStruct } from "./schema.ts"

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
