/**
 * Why an operation refuses, as typed values: a resource that is not there,
 * input the core (or the sandbox) finds invalid, a state that forbids the
 * request, an expired checkout. A refused plan transition is the core's own
 * `PlanTransitionError`. The routes turn each into its HTTP answer; operations
 * throw them, so the writes of the transaction they run in are undone.
 *
 * @module
 */
import * as Data from "effect/Data"
import type { Issue } from "../../../core/foundation/issues.ts"
import * as Time from "../../../core/foundation/time/index.ts"

/** The resource does not exist, or belongs to another merchant (the same answer, so ids reveal nothing). */
export class NotFound extends Data.TaggedError("NotFound")<{ readonly what: string }> {
  override get message(): string {
    return `${this.what} was not found`
  }
}

/** Input refused with every issue found (and the warnings seen on the way). */
export class InvalidInput extends Data.TaggedError("InvalidInput")<{
  readonly issues: ReadonlyArray<Issue>
  readonly warnings: ReadonlyArray<Issue>
  readonly message: string
}> {}

/** Input refused: `new InvalidInput` with its usual message and no warnings. */
export const invalid = (issues: ReadonlyArray<Issue>, message = "The request is invalid"): InvalidInput =>
  new InvalidInput({ issues, warnings: [], message })

/** The resource's state forbids the request (a finished checkout completed again). */
export class StateConflict extends Data.TaggedError("StateConflict")<{ readonly message: string }> {}

/** An open checkout past its expiry can no longer complete (R4.7). */
export class CheckoutExpired extends Data.TaggedError("CheckoutExpired")<{
  readonly checkoutId: string
  /** epoch milliseconds */
  readonly expiresAt: number
}> {
  override get message(): string {
    return `Checkout ${this.checkoutId} expired at ${
      Time.formatInstant(this.expiresAt)
    } and can no longer complete (R4.7)`
  }
}

/** What an operation may throw of its own. */
export type SandboxFailure = NotFound | InvalidInput | StateConflict | CheckoutExpired
