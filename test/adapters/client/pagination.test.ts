/**
 * Auto-pagination: every page of a search and of a plan's notes as one
 * sequence, an Effect `Stream` and a Promise `for await`, one page at a time
 * through the client's retries (a 429's `Retry-After` is waited out), and no
 * request past the last page.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Exit, Stream } from "effect"
import { createClient } from "../../../src/adapters/client/index.ts"
import { make } from "../../../src/adapters/client/service.ts"
import { fakeTransport, type Recorded, type Step } from "./fake-transport.ts"
import { fixedRandom, options, runWithClock, testNow } from "./helpers.ts"

const plans = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `plan_${i + 1}`, status: "OnSchedule" }))

/** The service's search, paged by `page` (from 0) and `limit` (default 50); `total` false leaves totalRowCount out. */
const searchService = (all: ReadonlyArray<unknown>, total = true) => (request: Recorded): Step => {
  const limit = Number(request.url.searchParams.get("limit") ?? 50)
  const page = Number(request.url.searchParams.get("page") ?? 0)
  const slice = all.slice(page * limit, page * limit + limit)
  return {
    kind: "json",
    body: { nextCursor: null, plans: slice, ...(total ? { totalRowCount: all.length } : {}) }
  }
}

const notes = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `note_${i + 1}`, note: `note ${i + 1}` }))

/** The service's notes listing, paged by `pageSize` and `pageOffset`, with its meta and links. */
const notesService = (all: ReadonlyArray<unknown>) => (request: Recorded): Step => {
  const size = Number(request.url.searchParams.get("pageSize") ?? 20)
  const offset = Number(request.url.searchParams.get("pageOffset") ?? 0)
  const link = (at: number) => `/api/v2/plans/plan_1/notes?pageSize=${size}&pageOffset=${at}`
  return {
    kind: "json",
    body: {
      pinnedPlanNote: null,
      planNotes: all.slice(offset, offset + size),
      meta: { rowCount: all.length, pageSize: size, offset },
      links: {
        self: link(offset),
        first: link(0),
        prev: offset === 0 ? null : link(Math.max(0, offset - size)),
        next: offset + size < all.length ? link(offset + size) : null,
        last: link(Math.max(0, Math.floor((all.length - 1) / size) * size))
      }
    }
  }
}

const pagesAsked = (requests: ReadonlyArray<Recorded>, name: string) =>
  requests.map((r) => r.url.searchParams.get(name))

describe("searchAllPlans: every page of a search as one Stream", () => {
  it.effect("reads the pages in order and stops at the last one (totalRowCount)", () =>
    Effect.gen(function*() {
      // the first page is the query as given (no page: the service's first)
      for (const [count, pages] of [[5, [null, "1", "2"]], [4, [null, "1"]], [0, [null]]] as const) {
        const transport = fakeTransport(searchService(plans(count)))
        const client = yield* make(options(transport.fetch, { retry: false }))
        const all = yield* Stream.runCollect(
          client.searchAllPlans({ limit: 2, filterField: "status", filterValue: "OnSchedule" })
        )
        expect(all.map((p) => p.id)).toEqual(plans(count).map((p) => p.id))
        expect(pagesAsked(transport.requests, "page")).toEqual(pages)
        // the query is kept on every page
        for (const r of transport.requests) expect(r.url.searchParams.get("filterValue")).toBe("OnSchedule")
      }
    }))

  it.effect("without totalRowCount (R9: every field may be missing) a short page is the last", () =>
    Effect.gen(function*() {
      const transport = fakeTransport(searchService(plans(5), false))
      const client = yield* make(options(transport.fetch, { retry: false }))
      const all = yield* Stream.runCollect(client.searchAllPlans({ limit: 2 }))
      expect(all.length).toBe(5)
      expect(pagesAsked(transport.requests, "page")).toEqual([null, "1", "2"])
    }))

  it.effect("starts at the page asked for, with the service's default page size when none is given", () =>
    Effect.gen(function*() {
      const transport = fakeTransport(searchService(plans(120)))
      const client = yield* make(options(transport.fetch, { retry: false }))
      const all = yield* Stream.runCollect(client.searchAllPlans({ page: 1 }))
      expect(all.map((p) => p.id)).toEqual(plans(120).slice(50).map((p) => p.id))
      expect(pagesAsked(transport.requests, "page")).toEqual(["1", "2"])
    }))

  it.effect("is lazy: taking 3 plans of pages of 2 asks for 2 pages", () =>
    Effect.gen(function*() {
      const transport = fakeTransport(searchService(plans(10)))
      const client = yield* make(options(transport.fetch, { retry: false }))
      yield* Stream.runCollect(Stream.take(client.searchAllPlans({ limit: 2 }), 3))
      expect(transport.requests).toHaveLength(2)
    }))

  it.effect("within the client's rate limit: one page at a time, a 429's Retry-After waited out before the next try", () =>
    Effect.gen(function*() {
      const serve = searchService(plans(5))
      const transport = fakeTransport(
        (request, index) =>
          index === 1 ? { kind: "json", status: 429, body: {}, headers: { "retry-after": "3" } } : serve(request),
        yield* testNow
      )
      let inFlight = 0
      let most = 0
      const counted = async (request: Request) => {
        most = Math.max(most, ++inFlight)
        try {
          return await transport.fetch(request)
        } finally {
          inFlight--
        }
      }
      const client = yield* make(options(counted))
      const exit = yield* runWithClock(Stream.runCollect(client.searchAllPlans({ limit: 2 })).pipe(fixedRandom(0.5)))
      expect(Exit.isSuccess(exit) && exit.value.length).toBe(5)
      expect(transport.requests.map((r) => [r.url.searchParams.get("page"), r.at])).toEqual([
        [null, 0],
        ["1", 0],
        ["1", 3_000],
        ["2", 3_000]
      ])
      expect(most).toBe(1)
    }))

  it.effect("a failure ends the stream with the client's typed error", () =>
    Effect.gen(function*() {
      const serve = searchService(plans(5))
      const transport = fakeTransport((request, index) =>
        index === 1 ? { kind: "json", status: 401, body: {}, headers: { "request-id": "req-401" } } : serve(request)
      )
      const client = yield* make(options(transport.fetch, { retry: false }))
      const error = yield* Effect.flip(Stream.runCollect(client.searchAllPlans({ limit: 2 })))
      expect(error).toMatchObject({ _tag: "UnauthorizedError", requestId: "req-401" })
    }))

  it.effect("a query the core refuses fails before anything is sent", () =>
    Effect.gen(function*() {
      const transport = fakeTransport(searchService(plans(5)))
      const client = yield* make(options(transport.fetch, { retry: false }))
      const error = yield* Effect.flip(Stream.runCollect(client.searchAllPlans({ limit: 500 })))
      expect(error._tag).toBe("RequestValidationError")
      expect(transport.requests).toHaveLength(0)
    }))
})

describe("listAllPlanNotes: every page of a plan's notes as one Stream", () => {
  it.effect("follows the pages by pageOffset and stops where links.next is null", () =>
    Effect.gen(function*() {
      for (const [count, offsets] of [[5, [null, "2", "4"]], [4, [null, "2"]], [0, [null]]] as const) {
        const transport = fakeTransport(notesService(notes(count)))
        const client = yield* make(options(transport.fetch, { retry: false }))
        const all = yield* Stream.runCollect(client.listAllPlanNotes({ planId: "plan_1", pageSize: 2 }))
        expect(all.map((n) => n.id)).toEqual(notes(count).map((n) => n.id))
        expect(pagesAsked(transport.requests, "pageOffset")).toEqual(offsets)
        for (const r of transport.requests) expect(r.url.pathname).toBe("/api/v2/plans/plan_1/notes")
      }
    }))
})

describe("the Promise client: for await over every page", () => {
  it("searchAllPlans and listAllPlanNotes are async iterables", async () => {
    const search = fakeTransport(searchService(plans(5)))
    const seen: Array<string> = []
    for await (const plan of createClient(options(search.fetch, { retry: false })).searchAllPlans({ limit: 2 })) {
      seen.push(String(plan.id))
    }
    expect(seen).toEqual(plans(5).map((p) => p.id))
    expect(search.requests).toHaveLength(3)

    const listing = fakeTransport(notesService(notes(3)))
    const read: Array<string> = []
    const client = createClient(options(listing.fetch, { retry: false }))
    for await (const note of client.listAllPlanNotes({ planId: "plan_1", pageSize: 2 })) read.push(String(note.id))
    expect(read).toEqual(["note_1", "note_2", "note_3"])
  })

  it("breaking out of the loop asks for no further page", async () => {
    const search = fakeTransport(searchService(plans(10)))
    const client = createClient(options(search.fetch, { retry: false }))
    for await (const plan of client.searchAllPlans({ limit: 2 })) {
      if (plan.id === "plan_3") break
    }
    expect(search.requests).toHaveLength(2)
  })

  it("a failure rejects the loop with the client's error", async () => {
    const serve = searchService(plans(5))
    const search = fakeTransport((request, index) =>
      index === 1 ? { kind: "json", status: 404, body: {} } : serve(request)
    )
    const client = createClient(options(search.fetch, { retry: false }))
    const seen: Array<string> = []
    const loop = async () => {
      for await (const plan of client.searchAllPlans({ limit: 2 })) seen.push(String(plan.id))
    }
    await expect(loop()).rejects.toMatchObject({ _tag: "NotFoundError", code: "not_found" })
    expect(seen).toEqual(["plan_1", "plan_2"])
  })

  it("an AbortSignal stops the iteration", async () => {
    const search = fakeTransport(searchService(plans(10)))
    const client = createClient(options(search.fetch, { retry: false }))
    const controller = new AbortController()
    const loop = async () => {
      for await (const plan of client.searchAllPlans({ limit: 2 }, { signal: controller.signal })) {
        if (plan.id === "plan_2") controller.abort(new Error("enough"))
      }
    }
    await expect(loop()).rejects.toThrow("enough")
    expect(search.requests).toHaveLength(1)
  })
})
