/**
 * A conformance property: an arbitrary of scenarios and how one scenario is
 * run against the service and compared with the engine.
 *
 * @module
 */
import type * as Effect from "effect/Effect"
import type fc from "fast-check"
import type { CheckGroup } from "./config.ts"
import type { Halt, Outcome } from "./session.ts"

/**
 * One property of a group.
 *
 * @since 0.1.0
 */
export interface Property<T> {
  /** `create`, `create.invalid`, `terms`, … */
  readonly name: string
  readonly group: CheckGroup
  readonly arbitrary: fc.Arbitrary<T>
  readonly evaluate: (input: T) => Effect.Effect<Outcome, Halt>
  /** What the property's setup checked and sent, reported like a scenario (never shrunk). */
  readonly setup?: Outcome | undefined
  /**
   * Whether a disagreement's request lists the setup's requests before its own
   * (the one checkout invalid plan-terms requests are sent for); a search's
   * setup (the plans it searches) is left out.
   */
  readonly setupInRequest?: boolean | undefined
  /** Its share of the group's runs. */
  readonly weight: number
  /**
   * The boundary classes its first runs target, one slot a run in order
   * (later runs draw a slot at random), and its scenarios steered onto a
   * slot's targets (targets.ts).
   */
  readonly slots?: ReadonlyArray<ReadonlyArray<string>> | undefined
  readonly targeted?: ((targets: ReadonlyArray<string>) => fc.Arbitrary<T>) | undefined
  /** The boundary classes a scenario reaches when it compares something (testing/boundaries.ts). */
  readonly classes?: ((input: T) => ReadonlyArray<string>) | undefined
}

/**
 * A property ready to run, or why its group cannot run here.
 *
 * @since 0.1.0
 */
export type Prepared =
  | { readonly _tag: "Ready"; readonly property: Property<any> }
  | { readonly _tag: "Skipped"; readonly group: CheckGroup; readonly name: string; readonly reason: string }

/**
 * @since 0.1.0
 */
export const ready = <T>(property: Property<T>): Prepared => ({ _tag: "Ready", property })

/**
 * @since 0.1.0
 */
export const skipped = (group: CheckGroup, name: string, reason: string): Prepared => ({
  _tag: "Skipped",
  group,
  name,
  reason
})
