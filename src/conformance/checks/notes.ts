/**
 * Plan notes (`GET /api/v2/plans/{planId}/notes`): listings of a plan's notes
 * compared with the engine's over the same notes (`listPlanNotes`: the
 * pinned note apart, soft-deleted notes hidden unless asked for, newest
 * first, paged with links). The notes are the run's own, added to a plan of
 * its own through the sandbox's `POST /sandbox/plans/{planId}/notes` (pinned,
 * soft-deleted, plain); in read-only mode, those of the merchant's plans.
 * Their semantics are the engine's (docs/plans.md), read by R9.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import fc from "fast-check"
import * as Time from "../../core/foundation/time/index.ts"
import type { PlanNoteResponse, PlanNotesParams } from "../../core/plan/notes-api.ts"
import { expandPath, withRoutes } from "../../core/wire/routes.ts"
import { listPlanNotesResult } from "../../facade/index.ts"
import { type Prepared, type Property, ready, skipped } from "../property.ts"
import { type CheckoutSpec, checkoutSpec, type CustomerChoice, customerChoice } from "../scenarios.ts"
import { at, call, type Check, Checks, type Halt, type Outcome, send, type Session } from "../session.ts"
import type { Exchange } from "../transport.ts"
import { refusalCheck, refusalIssues } from "./create.ts"
import { listCheck } from "./terms.ts"
import { NO_WIDGET, paidPlan } from "./widget.ts"

/** The notes the setup adds, in order: which are pinned and which soft-deleted. */
export const NOTES_ADDED: ReadonlyArray<{ readonly isPinned: boolean; readonly isSoftDeleted: boolean }> = [
  { isPinned: false, isSoftDeleted: false },
  { isPinned: true, isSoftDeleted: false },
  { isPinned: false, isSoftDeleted: true },
  { isPinned: false, isSoftDeleted: false },
  { isPinned: true, isSoftDeleted: true },
  { isPinned: false, isSoftDeleted: false },
  { isPinned: false, isSoftDeleted: false }
]

/** The setup's checkout and the customer's choice, from the run's seed. */
export const notesSetup = fc.record({ checkout: checkoutSpec("payable"), choice: customerChoice })

const LAST_PAGE = "last"

/**
 * A listing: the parameters as a URL's query gives them (`pageOffset` `"last"`:
 * the offset of the last full page, where a `next` link must stop), or broken
 * ones (refused with the engine's issues).
 */
const notesQuery = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.tuple(
      fc.record({ showSoftDeletedPlanNotes: fc.constantFrom("true", "false") }, { requiredKeys: [] }),
      fc.oneof(
        fc.constant({}),
        fc.record({
          pageSize: fc.integer({ min: 1, max: 8 }).map(String),
          pageOffset: fc.integer({ min: 0, max: 8 }).map(String)
        }, { requiredKeys: [] }),
        fc.record({ pageSize: fc.integer({ min: 1, max: 4 }).map(String), pageOffset: fc.constant(LAST_PAGE) })
      )
    ).map(([show, page]): Record<string, string> => ({ ...show, ...page }))
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom<Record<string, string>>(
      { pageSize: "0" },
      { pageSize: "101" },
      { pageOffset: "-1" },
      { pageSize: "2.5", showSoftDeletedPlanNotes: "perhaps" }
    )
  }
)

/** The query of a listing, its `pageOffset` of the last full page worked out over the notes listed. */
const queryOf = (query: Record<string, string>, notes: ReadonlyArray<PlanNoteResponse>): Record<string, string> => {
  if (query["pageOffset"] !== LAST_PAGE) return query
  const showDeleted = query["showSoftDeletedPlanNotes"] === "true"
  const rows = notes.filter((n) => showDeleted || n.isSoftDeleted !== true).length -
    (pinnedCandidates(notes, showDeleted).length > 0 ? 1 : 0)
  const size = Number(query["pageSize"] ?? 20)
  return { ...query, pageOffset: String(Math.max(0, rows - size)) }
}

const notesPath = (session: Session, planId: string) =>
  expandPath(withRoutes(session.config.routes).listPlanNotes, { planId })

/** Every note of a plan, as the service lists them with soft-deleted ones, 100 at a time (the pinned one included once). */
const readAll = (
  session: Session,
  planId: string
): Effect.Effect<
  { readonly notes: Array<PlanNoteResponse>; readonly exchange: Exchange } | { readonly failed: Exchange },
  Halt
> =>
  Effect.gen(function*() {
    const result = yield* call(
      session,
      session.client.listPlanNotes({ planId, showSoftDeletedPlanNotes: true, pageSize: 100 })
    )
    const exchange = session.transport.last()!
    if (!result.ok) return { failed: exchange }
    const body = result.value
    const listed = at(body, "planNotes")
    const pinned = at(body, "pinnedPlanNote")
    const notes: Array<PlanNoteResponse> = []
    const ids = new Set<string>()
    for (const n of [pinned, ...(Array.isArray(listed) ? listed : [])]) {
      const id = at(n, "id")
      if (typeof id !== "string" || ids.has(id)) continue
      ids.add(id)
      notes.push(n as PlanNoteResponse)
    }
    return { notes, exchange }
  })

/** Pinned notes tied for the most recent update among those a listing shows: any of them may be the one shown apart. */
const pinnedCandidates = (notes: ReadonlyArray<PlanNoteResponse>, showDeleted: boolean): Array<string> => {
  const pinned = notes.filter((n) => n.isPinned === true && (showDeleted || n.isSoftDeleted !== true))
  const time = (n: PlanNoteResponse) => Time.dateValue(n.updatedAt ?? n.createdAt) ?? -Infinity
  const latest = Math.max(...pinned.map(time))
  return pinned.filter((n) => time(n) === latest).map((n) => n.id)
}

/** A link's `pageOffset`, `pageSize`, or its absence. */
const linkParams = (link: unknown): string | null => {
  if (typeof link !== "string") return null
  const url = URL.parse(link, "http://relative.invalid")
  return url === null
    ? link
    : `pageSize=${url.searchParams.get("pageSize")}&pageOffset=${url.searchParams.get("pageOffset")}`
}

/** The checks of a listing against the engine's over `notes`. */
const listingChecks = (
  notes: ReadonlyArray<PlanNoteResponse>,
  planId: string,
  selfPath: string,
  query: Record<string, string>,
  exchange: Exchange,
  /** the answer read tolerantly (R9), when it is one */
  body: unknown
): ReadonlyArray<Check> => {
  const operation = "listPlanNotes"
  const params = new URLSearchParams({ planId, ...query })
  const showDeleted = query["showSoftDeletedPlanNotes"] === "true"
  // a tie for the pinned note: the engine is asked with the service's choice pinned
  const answeredPinned = at(body, "pinnedPlanNote.id")
  const tied = pinnedCandidates(notes, showDeleted)
  const pool = tied.length > 1 && typeof answeredPinned === "string" && tied.includes(answeredPinned)
    ? notes.map((n) => (tied.includes(n.id) && n.id !== answeredPinned ? { ...n, isPinned: false } : n))
    : notes
  const engine = listPlanNotesResult(pool, params, { selfUrl: selfPath })
  if (!engine.ok) {
    // the notes' own rules are unnumbered ("notes"): cited by R9, as the search's
    const cited = (c: Check): Check => (/^R\d/.test(c.rule) ? c : { ...c, rule: "R9" })
    return [
      cited(refusalCheck(engine.issues[0]?.rule ?? "R9", operation, exchange)),
      ...refusalIssues(operation, engine.issues, exchange).map(cited)
    ]
  }
  const expected = engine.value
  const checks = new Checks({
    pinnedPlanNote: expected.pinnedPlanNote?.id ?? null,
    planNotes: expected.planNotes.map((n) => n.id),
    meta: expected.meta
  })
  const base = { rule: "R9", operation, exchange }
  if (exchange.status !== 200 || body === undefined) {
    checks.add({ ...base, field: "status", expected: "2xx", actual: exchange.status, agrees: false })
    return checks.list
  }
  checks.add({
    ...base,
    field: "pinnedPlanNote.id",
    expected: expected.pinnedPlanNote?.id ?? null,
    actual: answeredPinned ?? null
  })
  listCheck(
    checks,
    { ...base, field: "planNotes.id" },
    "planNotes",
    expected.planNotes.map((n) => n.id),
    (Array.isArray(at(body, "planNotes")) ? (at(body, "planNotes") as Array<unknown>) : []).map((n) => at(n, "id")),
    (a, b) => a === b
  )
  for (const key of ["rowCount", "pageSize", "offset"] as const) {
    checks.add({ ...base, field: `meta.${key}`, expected: expected.meta[key], actual: at(body, `meta.${key}`) })
  }
  for (const key of ["first", "prev", "next", "last"] as const) {
    checks.add({
      ...base,
      field: `links.${key}`,
      expected: linkParams(expected.links[key]),
      actual: linkParams(at(body, `links.${key}`))
    })
  }
  return checks.list
}

/** The paging classes a listing reaches, as the engine lists `notes` for it. */
const notesClasses = (
  notes: ReadonlyArray<PlanNoteResponse>,
  planId: string,
  selfPath: string,
  query: Record<string, string>
): Array<string> => {
  const engine = listPlanNotesResult(notes, new URLSearchParams({ planId, ...query }), { selfUrl: selfPath })
  if (!engine.ok) return []
  const { links, meta, planNotes } = engine.value
  const reached: Array<string> = []
  if (planNotes.length > 0 && planNotes.length === meta.pageSize && links.next == null && meta.offset > 0) {
    reached.push("notes/last-full-page")
  }
  if (planNotes.length === 0 && meta.rowCount > 0 && meta.offset >= meta.rowCount) reached.push("notes/beyond-last")
  if (query["showSoftDeletedPlanNotes"] === "true" && planNotes.some((n) => n.isSoftDeleted === true)) {
    reached.push("notes/soft-deleted-shown")
  }
  return reached
}

/** The listings the first scenarios make, one per paging class (the last full page, beyond it, deleted notes shown). */
const NOTES_SLOTS: ReadonlyArray<ReadonlyArray<string>> = [
  ["notes/last-full-page"],
  ["notes/beyond-last"],
  ["notes/soft-deleted-shown"]
]

const steerListing = (query: Record<string, string>, targets: ReadonlyArray<string>): Record<string, string> => {
  let steered = query
  for (const target of targets) {
    if (target === "notes/last-full-page") {
      steered = { pageSize: String(1 + (Number(query["pageSize"] ?? 1) % 3)), pageOffset: LAST_PAGE }
    }
    if (target === "notes/beyond-last") steered = { pageSize: "2", pageOffset: "40" }
    if (target === "notes/soft-deleted-shown") steered = { showSoftDeletedPlanNotes: "true", pageSize: "20" }
  }
  return steered
}

/** The notes property over the notes of `plans` (one plan's, or the merchant's plans' in read-only mode). */
const property = (
  session: Session,
  universes: Map<string, ReadonlyArray<PlanNoteResponse>>,
  planIds: ReadonlyArray<string>,
  setup: Outcome | undefined
): Property<{ readonly plan: number; readonly query: Record<string, string> }> => ({
  name: "notes",
  group: "notes",
  weight: 1,
  ...(setup === undefined ? {} : { setup }),
  arbitrary: fc.record({ plan: fc.nat({ max: Math.max(0, planIds.length - 1) }), query: notesQuery }),
  slots: NOTES_SLOTS,
  targeted: (targets) =>
    fc.record({ plan: fc.nat({ max: Math.max(0, planIds.length - 1) }), query: notesQuery }).map((input) => ({
      ...input,
      query: steerListing(input.query, targets)
    })),
  evaluate: ({ plan, query }) =>
    Effect.gen(function*() {
      const planId = planIds[plan % planIds.length]!
      let notes = universes.get(planId)
      if (notes === undefined) {
        const all = yield* readAll(session, planId)
        if ("failed" in all) {
          return {
            checks: [],
            exchanges: session.transport.takeExchanges(),
            skipped: `the notes of plan ${planId} could not be read (${all.failed.status})`
          }
        }
        notes = all.notes
        universes.set(planId, notes)
      }
      const params = queryOf(query, notes)
      const selfPath = notesPath(session, planId)
      let exchange: Exchange
      let body: unknown
      if (listPlanNotesResult([], { planId, ...params }, { selfUrl: selfPath }).ok) {
        // through the client, which reads the answer tolerantly (R9: numbers as text, unknown fields)
        const result = yield* call(session, session.client.listPlanNotes({ planId, ...params } as PlanNotesParams))
        exchange = session.transport.last()!
        body = result.ok ? result.value : undefined
      } else {
        const search = new URLSearchParams(params).toString()
        exchange = yield* send(session, "GET", `${selfPath}?${search}`)
      }
      const checks = listingChecks(notes, planId, selfPath, params, exchange, body)
      return {
        checks,
        exchanges: session.transport.takeExchanges(),
        reached: notesClasses(notes, planId, selfPath, params)
      }
    })
})

/**
 * The notes property: its setup pays a checkout of its own and adds the notes
 * of {@link NOTES_ADDED} through the sandbox (each found back with its flags,
 * R9), then generated listings are compared with the engine's. In read-only
 * mode, the notes of the merchant's plans `planIds`.
 *
 * @since 0.1.0
 */
export const notesProperty = (
  session: Session,
  setupSpec: { readonly checkout: CheckoutSpec; readonly choice: CustomerChoice },
  planIds: ReadonlyArray<string>
): Effect.Effect<Prepared, Halt> =>
  Effect.gen(function*() {
    const universes = new Map<string, ReadonlyArray<PlanNoteResponse>>()
    if (session.config.readOnly) {
      if (planIds.length === 0) return skipped("notes", "notes", "the merchant has no plans whose notes to list")
      return ready(property(session, universes, planIds, undefined))
    }
    if (session.widget === "unavailable") return skipped("notes", "notes", NO_WIDGET)
    const plan = yield* paidPlan(session, setupSpec.checkout, setupSpec.choice)
    if (plan.outcome !== undefined) {
      return skipped("notes", "notes", plan.outcome.skipped ?? "its checkout could not be paid for a plan")
    }
    const { planId } = plan
    const added: Array<{ readonly id: unknown; readonly isPinned: boolean; readonly isSoftDeleted: boolean }> = []
    for (const [i, flags] of NOTES_ADDED.entries()) {
      const note = yield* send(
        session,
        "POST",
        `/sandbox/plans/${encodeURIComponent(planId)}/notes`,
        { note: `${session.context.orderPrefix}note ${i + 1}`, ...flags }
      )
      if (note.status !== 201 && note.status !== 200) {
        return skipped(
          "notes",
          "notes",
          `the service offers no way to add notes from a program (POST /sandbox/plans/{planId}/notes answered ${note.status})`
        )
      }
      added.push({ id: at(note.responseBody, "id"), ...flags })
    }
    const all = yield* readAll(session, planId)
    // the checkout's totals, then the notes found back
    const checks = plan.checks
    if ("failed" in all) {
      checks.add({
        rule: "R9",
        operation: "listPlanNotes",
        field: "status",
        expected: "2xx",
        actual: all.failed.status,
        agrees: false,
        exchange: all.failed
      })
      return ready(
        property(session, universes, [planId], { checks: checks.list, exchanges: session.transport.takeExchanges() })
      )
    }
    for (const note of added) {
      const found = all.notes.find((n) => n.id === note.id)
      checks.add({
        rule: "R9",
        operation: "listPlanNotes",
        field: "note (added)",
        expected: { id: note.id, isPinned: note.isPinned, isSoftDeleted: note.isSoftDeleted },
        actual: found === undefined
          ? `no note ${String(note.id)} among ${all.notes.length}`
          : { id: found.id, isPinned: found.isPinned, isSoftDeleted: found.isSoftDeleted },
        exchange: all.exchange
      })
    }
    universes.set(planId, all.notes)
    return ready(
      property(session, universes, [planId], { checks: checks.list, exchanges: session.transport.takeExchanges() })
    )
  })
