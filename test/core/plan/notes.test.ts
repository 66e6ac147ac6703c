/**
 * Listing a plan's notes: the pinned note apart, soft-deleted notes hidden,
 * pages and links.
 */
import { Result } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { listResult, type PlanNote, type PlanNotes } from "../../../src/core/plan/notes.ts"

const note = (id: string, day: number, extra: Partial<PlanNote> = {}): PlanNote => ({
  id,
  note: `note ${id}`,
  isPinned: false,
  isSoftDeleted: false,
  createdAt: `2026-11-${String(day).padStart(2, "0")}T09:00:00.000Z`,
  updatedAt: `2026-11-${String(day).padStart(2, "0")}T09:00:00.000Z`,
  softDeletedAt: null,
  createdByUser: { firstName: "Ada", lastName: "Lovelace" },
  modifiedByUser: null,
  softDeletedByUser: null,
  ...extra
})

const notes = [
  note("n1", 1),
  note("n2", 2, { isPinned: true }),
  note("n3", 3, { isSoftDeleted: true, softDeletedAt: "2026-11-04T00:00:00.000Z" }),
  note("n4", 4),
  note("n5", 5),
  note("n6", 6, { isPinned: true, updatedAt: "2026-11-20T00:00:00.000Z" })
]

const list = (params: Record<string, unknown>, selfUrl = "/api/v2/plans/plan_1/notes"): PlanNotes => {
  const r = listResult(notes, { planId: "plan_1", ...params } as never, { selfUrl })
  if (Result.isFailure(r)) throw r.failure
  return r.success
}

describe("listPlanNotes", () => {
  it("shows the most recently updated pinned note apart and the others newest first, soft-deleted hidden", () => {
    const page = list({})
    expect(page.pinnedPlanNote?.id).toBe("n6")
    expect(page.planNotes.map((n) => n.id)).toEqual(["n5", "n4", "n2", "n1"])
    expect(page.meta).toEqual({ rowCount: 4, pageSize: 20, offset: 0 })
    expect(page.links).toEqual({
      self: "/api/v2/plans/plan_1/notes?pageSize=20&pageOffset=0",
      first: "/api/v2/plans/plan_1/notes?pageSize=20&pageOffset=0",
      prev: null,
      next: null,
      last: "/api/v2/plans/plan_1/notes?pageSize=20&pageOffset=0"
    })
  })

  it("shows soft-deleted notes when asked", () => {
    expect(list({ showSoftDeletedPlanNotes: "true" }).planNotes.map((n) => n.id)).toEqual([
      "n5",
      "n4",
      "n3",
      "n2",
      "n1"
    ])
  })

  it("pages by offset with links on an absolute URL, keeping its other parameters", () => {
    const page = list(
      { pageSize: "2", pageOffset: "2", showSoftDeletedPlanNotes: true },
      "https://api.example/api/v2/plans/plan_1/notes?showSoftDeletedPlanNotes=true"
    )
    expect(page.planNotes.map((n) => n.id)).toEqual(["n3", "n2"])
    expect(page.meta).toEqual({ rowCount: 5, pageSize: 2, offset: 2 })
    const base = "https://api.example/api/v2/plans/plan_1/notes?showSoftDeletedPlanNotes=true"
    expect(page.links).toEqual({
      self: `${base}&pageSize=2&pageOffset=2`,
      first: `${base}&pageSize=2&pageOffset=0`,
      prev: `${base}&pageSize=2&pageOffset=0`,
      next: `${base}&pageSize=2&pageOffset=4`,
      last: `${base}&pageSize=2&pageOffset=4`
    })
  })

  it("has no pinned note when none is pinned and visible", () => {
    const r = listResult([note("a", 1), note("b", 2, { isPinned: true, isSoftDeleted: true })], {
      planId: "p"
    }, { selfUrl: "/n" })
    expect(Result.isSuccess(r) && [r.success.pinnedPlanNote, r.success.planNotes.map((n) => n.id)]).toEqual([null, [
      "a"
    ]])
  })

  it("reports every bad parameter", () => {
    const r = listResult(
      notes,
      { pageSize: "0", pageOffset: "-2", showSoftDeletedPlanNotes: "maybe" } as never,
      { selfUrl: "not a url" }
    )
    expect(Result.isFailure(r) && r.failure.issues.map((i) => `${i.path}:${i.code}`)).toEqual([
      "planId:required",
      "showSoftDeletedPlanNotes:type",
      "pageSize:range",
      "pageOffset:range",
      "selfUrl:format"
    ])
  })

  it("names every element of the list that is not a note, with the bad parameters, and never reads it", () => {
    // found by R10.2's every-surface property: listPlanNotesResult([null], …) threw a TypeError
    const r = listResult([null, note("n1", 1), 7] as never, { planId: "plan_1", pageSize: "0" } as never, {
      selfUrl: "/api/v2/plans/plan_1/notes"
    })
    expect(Result.isFailure(r) && r.failure.issues.map((i) => `${i.path}:${i.code}:${i.rule}`)).toEqual([
      "pageSize:range:notes",
      "notes.0:type:notes",
      "notes.2:type:notes"
    ])
  })

  it("pages partition the visible notes, whatever the page size", () => {
    const arbNotes = fc.uniqueArray(
      fc.record({
        id: fc.string({ minLength: 1, maxLength: 4 }),
        day: fc.integer({ min: 1, max: 28 }),
        isPinned: fc.boolean(),
        isSoftDeleted: fc.boolean()
      }),
      { selector: (n) => n.id, maxLength: 30 }
    )
    fc.assert(
      fc.property(arbNotes, fc.integer({ min: 1, max: 7 }), fc.boolean(), (raw, pageSize, showSoftDeletedPlanNotes) => {
        const all = raw.map((n) => note(n.id, n.day, { isPinned: n.isPinned, isSoftDeleted: n.isSoftDeleted }))
        const seen: Array<string> = []
        let pinned: string | undefined
        for (let offset = 0;; offset += pageSize) {
          const r = listResult(all, { planId: "p", pageSize, pageOffset: offset, showSoftDeletedPlanNotes }, {
            selfUrl: "/notes"
          })
          if (Result.isFailure(r)) throw r.failure
          pinned = r.success.pinnedPlanNote?.id
          seen.push(...r.success.planNotes.map((n) => n.id))
          if (r.success.links.next === null) break
        }
        const visible = all.filter((n) => showSoftDeletedPlanNotes || !n.isSoftDeleted)
        expect([...seen, ...(pinned === undefined ? [] : [pinned])].sort()).toEqual(visible.map((n) => n.id).sort())
        expect(new Set(seen).size).toBe(seen.length)
        expect(pinned === undefined).toBe(!visible.some((n) => n.isPinned))
      })
    )
  })
})
