/**
 * Plan notes in the sandbox: adding one (sandbox-only) and the service's
 * paged listing, by the core's `Notes`. No HTTP here: the routes call these.
 *
 * @module
 */
import * as Result from "effect/Result"
import { isRecord } from "../../../core/foundation/input.ts"
import type { Issue } from "../../../core/foundation/issues.ts"
import { issue } from "../../../core/foundation/issues.ts"
import * as Time from "../../../core/foundation/time/index.ts"
import type * as Notes from "../../../core/plan/notes-api.ts"
import { listResult } from "../../../facade/shared.ts"
import type { SandboxMerchant } from "../merchants.ts"
import type { StoredNote } from "../store.ts"
import type { SandboxEnvironment } from "./environment.ts"
import { invalid } from "./failures.ts"
import { planOf } from "./plans.ts"

/** Every write of a note: inside the request's transaction. */
const saveNote = (env: SandboxEnvironment, note: StoredNote): void => {
  env.store.putNote(note)
}

/**
 * Adds a note to the merchant's plan: `{ note, isPinned?, isSoftDeleted? }`, written by the merchant at its
 * sandbox time (a soft-deleted note is deleted at once, so listings with and without
 * `showSoftDeletedPlanNotes` can be tried).
 */
export const addPlanNote = (
  env: SandboxEnvironment,
  merchant: SandboxMerchant,
  planId: string,
  body: unknown
): Notes.PlanNote => {
  const plan = planOf(env, planId, merchant)
  if (!isRecord(body)) throw invalid([issue("", "type", "sandbox", "must be an object { note, isPinned? }")])
  const issues: Array<Issue> = []
  const text = body["note"]
  if (typeof text !== "string" || text.trim() === "") {
    issues.push(
      issue("note", typeof text === "string" ? "too_short" : "required", "sandbox", "must be a non-empty string")
    )
  }
  const pinned = body["isPinned"]
  if (pinned !== undefined && typeof pinned !== "boolean") {
    issues.push(issue("isPinned", "type", "sandbox", "must be a boolean"))
  }
  const deleted = body["isSoftDeleted"]
  if (deleted !== undefined && typeof deleted !== "boolean") {
    issues.push(issue("isSoftDeleted", "type", "sandbox", "must be a boolean"))
  }
  if (issues.length > 0 || typeof text !== "string") throw invalid(issues)
  const now = env.now(merchant.id)
  const at = Time.formatInstant(now)
  const author = { firstName: "Sandbox", lastName: merchant.name }
  const note: Notes.PlanNote = {
    id: env.newId("note"),
    note: text,
    isPinned: pinned === true,
    isSoftDeleted: deleted === true,
    createdAt: at,
    updatedAt: at,
    softDeletedAt: deleted === true ? at : null,
    createdByUser: author,
    modifiedByUser: author,
    softDeletedByUser: deleted === true ? author : null
  }
  saveNote(env, { id: note.id, planId: plan.id, merchantId: merchant.id, createdAt: now, note })
  return note
}

/**
 * A page of the plan's notes, by the core (`showSoftDeletedPlanNotes`,
 * `pageSize`, `pageOffset` from the query), its links built on `selfUrl`.
 */
export const listPlanNotes = (
  env: SandboxEnvironment,
  merchant: SandboxMerchant,
  planId: string,
  query: URLSearchParams,
  selfUrl: string
) => {
  const plan = planOf(env, planId, merchant)
  const params = new URLSearchParams(query)
  // the path names the plan; a planId in the query cannot name another
  params.set("planId", plan.id)
  const notes = env.store.listNotes(plan.id).map((n) => n.note)
  const page = listResult(notes, params as unknown as Notes.PlanNotesParams, { selfUrl })
  if (Result.isFailure(page)) throw invalid(page.failure.issues, "The notes query is invalid")
  return page.success
}
