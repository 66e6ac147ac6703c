/**
 * The testing kit's arbitraries in the form Effect's own property testing
 * takes: `@effect/vitest`'s `it.effect.prop` and `it.prop`, and
 * `Arbitrary.checkEffect`, take Schemas or Effect's `Arbitrary`, not
 * fast-check's. {@link toEffectArbitrary} turns any fast-check arbitrary (the
 * kit's, or yours) into one, so the values stay the kit's: valid by
 * construction.
 *
 * @module
 */
import * as Arbitrary from "effect/Arbitrary"
import * as Schema from "effect/Schema"
import fc from "fast-check"

/** fast-check's seeds: 32-bit integers. */
const Seed = Arbitrary.schema(Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 0x7fff_ffff })))

/**
 * A fast-check arbitrary as Effect's `Arbitrary`, for `it.effect.prop` and
 * `it.prop` of `@effect/vitest`: Effect draws a seed, and the fast-check
 * arbitrary generates the value from it (the same seed, the same value). A
 * failing case shrinks through the seed, to other values the arbitrary
 * generates, never to a value it could not (an invalid request, say); use
 * fast-check's `fc.assert` where you want its own shrinking.
 *
 * @example
 * ```ts
 * import { it } from "@effect/vitest"
 * import * as Effect from "effect/Effect"
 * import { Checkout } from "payment-plan-engine"
 * import { checkoutRequest, toEffectArbitrary } from "payment-plan-engine/testing"
 *
 * const now = Date.UTC(2026, 10, 22)
 * it.effect.prop("every generated request is valid", [toEffectArbitrary(checkoutRequest({ now }))], ([request]) =>
 *   Effect.map(Checkout.validateRequest(request, { now }), ({ value }) => value.items.length > 0))
 * ```
 * @category Testing
 * @since 0.2.0
 */
export const toEffectArbitrary = <A>(arbitrary: fc.Arbitrary<A>): Arbitrary.Arbitrary<A> =>
  Arbitrary.map(Seed, (seed) => fc.sample(arbitrary, { seed, numRuns: 1 })[0]!)
