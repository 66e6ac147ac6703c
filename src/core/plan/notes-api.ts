/**
 * Plan notes: the note and a page of a plan's notes, each declared once,
 * strictly (`PlanNote`, `PlanNotes`: what this library answers) and read
 * tolerantly (`PlanNoteResponse`, `PlanNotesResponse`, R9); the
 * list-plan-notes parameters (`PlanNotesQuery`); and listing a plan's notes a
 * page at a time.
 *
 * The package root's `Notes`: what notes.ts offers users, each operation one
 * Effect; its synchronous readers stay in the core.
 *
 * @module
 */
export {
  DEFAULT_NOTES_PAGE_SIZE,
  list,
  type ListPlanNotesOptions,
  NoteUser,
  PlanNote,
  PlanNoteResponse,
  PlanNotes,
  type PlanNotesPage,
  type PlanNotesParams,
  PlanNotesQuery,
  PlanNotesResponse,
  validateQuery,
  type ValidateQueryOptions
} from "./notes.ts"
