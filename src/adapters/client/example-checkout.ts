/**
 * The service description's example checkout, as data: examples/checkout-request.json is its one
 * copy (shipped in the package), read here for the client's contract suite, the tests, the
 * examples and the doc fixtures. The contract suite runs against the real clock, and a service
 * refuses redemption dates that have passed (R4.6), so its dates can be moved to stand as far after
 * any day as they stand after the day they were written for.
 *
 * @internal
 * @module
 */
import * as Result from "effect/Result"
import example from "../../../examples/checkout-request.json" with { type: "json" }
import { type CheckoutRequest } from "../../core/checkout/index.ts"
import * as Time from "../../core/foundation/time/index.ts"
import { validateRequestResult } from "../../facade/shared.ts"

/** The instant the example is written for: the docs' and the tests' `now`, 99 days before its first redemption. */
export const EXAMPLE_NOW = "2026-11-22T00:00:00Z"

const WRITTEN_FOR: Time.EpochDay = Math.floor(Date.parse(EXAMPLE_NOW) / Time.MS_PER_DAY)

/** A date or an RFC 3339 date-time moved by `days` calendar days; its time of day and offset kept. */
const moved = (text: string, days: number): string =>
  Time.formatDate(Time.parseDate(text.slice(0, 10))! + days) + text.slice(10)

/**
 * A fresh copy of the example checkout, checked by the core's validator (a file with an issue or a
 * warning, an unknown field say, throws).
 * With `now` (epoch milliseconds), every redemption date moves by the days from {@link EXAMPLE_NOW}'s
 * day to `now`'s (in UTC), so it lies as many days after `now` as the file's lies after
 * {@link EXAMPLE_NOW}; the rest of the example is the file's.
 */
export const exampleCheckout = (now?: number): CheckoutRequest => {
  const read = validateRequestResult(structuredClone(example))
  if (Result.isFailure(read)) throw new Error(`examples/checkout-request.json: ${read.failure.message}`)
  const { value: request, warnings } = read.success
  if (warnings.length > 0) throw new Error(`examples/checkout-request.json: ${JSON.stringify(warnings)}`)
  if (now === undefined) return request
  const days = Math.floor(now / Time.MS_PER_DAY) - WRITTEN_FOR
  return {
    ...request,
    items: request.items.map((item) => ({ ...item, redemptionDate: moved(item.redemptionDate, days) }))
  }
}
