/**
 * Resetting a merchant's sandbox data. No HTTP here: the routes call it.
 *
 * @module
 */
import type { SandboxEnvironment } from "./environment.ts"

/** Deletes the merchant's checkouts, plans, notes, idempotency keys and clock offset; other merchants keep theirs. */
export const resetMerchant = (env: SandboxEnvironment, merchantId: string) => {
  env.store.reset(merchantId)
  return { reset: true as const, merchantId }
}
