/**
 * A property's runs in order of its slots: run `i` of a property with slots
 * generates a scenario steered onto slot `i` (targets.ts), so every slot, and
 * every boundary class its slots name, is tried in each run that has as many
 * scenarios as slots; later runs draw a slot at random. fast-check gives each
 * generation its run's index; the scenario keeps its slot through shrinking,
 * so a counterexample stays in the classes it was steered onto.
 *
 * @module
 */
import fc from "fast-check"
import type { Property } from "./property.ts"

/** A value's slot and the context its slot's arbitrary shrinks it with. */
interface SlotContext {
  readonly slot: number
  readonly context: unknown
}

/** Generates from the slot of the run being generated (`run`, set before each generation). */
class Scheduled<T> extends fc.Arbitrary<T> {
  run = 0
  private readonly cache = new Map<number, fc.Arbitrary<T>>()
  private readonly slots: ReadonlyArray<ReadonlyArray<string>>
  private readonly targeted: (targets: ReadonlyArray<string>) => fc.Arbitrary<T>

  constructor(
    slots: ReadonlyArray<ReadonlyArray<string>>,
    targeted: (targets: ReadonlyArray<string>) => fc.Arbitrary<T>
  ) {
    super()
    this.slots = slots
    this.targeted = targeted
  }

  /** The arbitrary of a slot; -1 for a slot drawn at random (or none). */
  private of(slot: number): fc.Arbitrary<T> {
    let arbitrary = this.cache.get(slot)
    if (arbitrary === undefined) {
      arbitrary = slot >= 0
        ? this.targeted(this.slots[slot]!)
        : fc.oneof(...this.slots.map((s) => this.targeted(s)), this.targeted([]))
      this.cache.set(slot, arbitrary)
    }
    return arbitrary
  }

  generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<T> {
    const slot = this.run < this.slots.length ? this.run : -1
    const value = this.of(slot).generate(mrng, biasFactor)
    return new fc.Value(value.value_, { slot, context: value.context } satisfies SlotContext)
  }

  canShrinkWithoutContext(_value: unknown): _value is T {
    return false
  }

  shrink(value: T, context: unknown): fc.Stream<fc.Value<T>> {
    if (context === undefined) return fc.Stream.nil()
    const { context: inner, slot } = context as SlotContext
    return this.of(slot).shrink(value, inner).map((v) =>
      new fc.Value(v.value_, { slot, context: v.context } satisfies SlotContext)
    )
  }
}

/**
 * The fast-check property of a conformance property: its runs follow its
 * slots when it has some, else its arbitrary as it is.
 *
 * @since 0.2.0
 */
export const scheduledProperty = <T>(
  property: Property<T>,
  predicate: (input: T) => Promise<boolean>
): fc.IRawProperty<[T], true> => {
  if (property.slots === undefined || property.targeted === undefined || property.slots.length === 0) {
    return fc.asyncProperty(property.arbitrary, predicate)
  }
  const arbitrary = new Scheduled(property.slots, property.targeted)
  const base = fc.asyncProperty(arbitrary, predicate)
  return {
    isAsync: () => true,
    generate: (mrng, runId) => {
      arbitrary.run = runId ?? 0
      return base.generate(mrng, runId)
    },
    shrink: (value) => base.shrink(value),
    run: (value) => base.run(value),
    runBeforeEach: () => base.runBeforeEach(),
    runAfterEach: () => base.runAfterEach()
  }
}

/**
 * The scenarios a property's run of `runs` generates at `seed`, as
 * fast-check gives them to it (no request sent): for a run's coverage decided
 * before anything is sent.
 *
 * @since 0.2.0
 */
export const scenariosOf = <T>(property: Property<T>, seed: number, runs: number): Array<T> =>
  fc.sample(scheduledProperty(property, async () => true), { seed, numRuns: runs }).map(([input]) => input)
