/**
 * Auto-pagination: where the next page of a search or of a plan's notes is,
 * read from the page just answered, so both faces of the client (an Effect
 * `Stream`, a Promise async iterator) walk every page the same way, one page
 * at a time through the client's retries, and stop at the last. Only the
 * types of what they give are public.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Stream from "effect/Stream"
import type { OperationAnswer, OperationInput } from "../../core/wire/routes.ts"

/** The search parameters the client takes. */
type SearchQuery = NonNullable<OperationInput<"searchPlans">[0]>

/** The notes parameters the client takes. */
type NotesQuery = OperationInput<"listPlanNotes">[0]

/**
 * A plan as a search answers it (R9).
 *
 * @category Client
 * @since 0.2.0
 */
export type SearchedPlan = NonNullable<OperationAnswer<"searchPlans">["plans"]>[number]

/**
 * A note as a page of a plan's notes answers it (R9).
 *
 * @category Client
 * @since 0.2.0
 */
export type ListedPlanNote = NonNullable<OperationAnswer<"listPlanNotes">["planNotes"]>[number]

/** The page size of a search when none is given (the service description's default). */
const SEARCH_PAGE_SIZE = 50

/** The notes of a page when `pageSize` is not given (the core's `Notes.DEFAULT_NOTES_PAGE_SIZE`). */
const NOTES_PAGE_SIZE = 20

/** A parameter as a whole number: given as one or as its text; `fallback` otherwise. */
const wholeOf = (value: unknown, fallback: number): number => {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value
  return typeof n === "number" && Number.isSafeInteger(n) && n >= 0 ? n : fallback
}

/**
 * One walk over pages: the items of a page and the query of the next one
 * (none after the last page).
 *
 * @internal
 */
export interface Pager<Q, P, I> {
  readonly items: (page: P) => ReadonlyArray<I>
  readonly next: (query: Q, page: P) => Option.Option<Q>
}

/**
 * A search's pages: the next is `page + 1` until a page is empty, reaches
 * `totalRowCount`, or, without a count (R9: every field may be missing), is
 * shorter than the page size.
 *
 * @internal
 */
export const SEARCH_PAGES: Pager<SearchQuery | undefined, OperationAnswer<"searchPlans">, SearchedPlan> = {
  items: (page) => page.plans ?? [],
  next: (query, answer) => {
    const limit = wholeOf(query?.limit, SEARCH_PAGE_SIZE)
    const page = wholeOf(query?.page, 0)
    const read = (answer.plans ?? []).length
    const total = answer.totalRowCount
    const last = read === 0 || (typeof total === "number" ? page * limit + read >= total : read < limit)
    return last ? Option.none() : Option.some({ ...query, page: page + 1 })
  }
}

/**
 * A plan's notes' pages: the next starts where this one ended, until a page is
 * empty, `links.next` is null, or, without links, `meta.rowCount` is reached
 * (or, without either, a page is short).
 *
 * @internal
 */
export const NOTES_PAGES: Pager<NotesQuery, OperationAnswer<"listPlanNotes">, ListedPlanNote> = {
  items: (page) => page.planNotes ?? [],
  next: (query, answer) => {
    const size = wholeOf(query.pageSize, NOTES_PAGE_SIZE)
    const offset = wholeOf(query.pageOffset, 0)
    const read = (answer.planNotes ?? []).length
    const following = answer.links?.next
    const rowCount = answer.meta?.rowCount
    const last = read === 0 ||
      (following === null ||
        (following === undefined &&
          (typeof rowCount === "number" ? offset + read >= rowCount : read < size)))
    return last ? Option.none() : Option.some({ ...query, pageOffset: offset + read })
  }
}

/**
 * Every item of every page, as a `Stream`: one page asked at a time, lazily,
 * each through `page` (the client's call, with its retries).
 *
 * @internal
 */
export const streamPages = <Q, P, I, E>(
  pager: Pager<Q, P, I>,
  first: Q,
  page: (query: Q) => Effect.Effect<P, E>
): Stream.Stream<I, E> =>
  Stream.paginate(
    first,
    (query: Q) => Effect.map(page(query), (answer) => [pager.items(answer), pager.next(query, answer)] as const)
  )

/**
 * Every item of every page, for `for await`: one page asked at a time, only
 * when the items before it have been taken (a `break` asks for no more).
 *
 * @internal
 */
export async function* iteratePages<Q, P, I>(
  pager: Pager<Q, P, I>,
  first: Q,
  page: (query: Q) => Promise<P>
): AsyncGenerator<I, void, undefined> {
  let query: Option.Option<Q> = Option.some(first)
  while (Option.isSome(query)) {
    const answer = await page(query.value)
    yield* pager.items(answer)
    query = pager.next(query.value, answer)
  }
}
