/**
 * What the sandbox's operations work with: the store, the merchants, the
 * sandbox time and new ids. Operations (checkouts, plans, notes, the clock)
 * know no HTTP: they take plain values, return typed results and refuse with
 * the failures of `failures.ts` or the core's typed errors.
 *
 * @module
 */
import type { MerchantDirectory } from "../merchants.ts"
import type { SandboxStore } from "../store.ts"
import type { SandboxWebhooks } from "../webhooks/hooks.ts"

/** What the sandbox's operations work with. */
export interface SandboxEnvironment {
  readonly store: SandboxStore
  readonly merchants: MerchantDirectory
  /** The sandbox time of a merchant (epoch milliseconds): the base clock plus its test-clock offset. */
  readonly now: (merchantId: string) => number
  /** A new id, `prefix_…`. */
  readonly newId: (prefix: string) => string
  /** The webhook outbox and its delivery (docs/webhooks.md); none without a store that keeps one. */
  readonly webhooks?: SandboxWebhooks | undefined
}
