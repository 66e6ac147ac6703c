/**
 * What the core shares with the package's own layers (the sandbox, the command line, the client,
 * messaging, the testing kit, the conformance kit) but not with its users: each operation's
 * synchronous `…Result` twin (Effect's `Result`, which the route table and the sandbox answer with)
 * and the few readers those layers need. An outer layer imports a concept through its `index.ts`
 * (its public names) or through this list, never a concept's file by its path
 * (`outer-layers-import-a-concept-through-its-index` in .dependency-cruiser.cjs), and never a
 * name marked `@internal` (test/core/layers.test.ts). No package entry point exports this module.
 *
 * @module
 */
export { redemptionNotAfter } from "../core/checkout/redemption.ts"
export { validateRequestResult } from "../core/checkout/request.ts"
export { priceResult, summarizeResult } from "../core/checkout/totals.ts"
export { decodeResult, MerchantOption, merchantOptionWarnings, readResult } from "../core/merchant/configuration.ts"
export {
  addInDigits,
  addSum,
  compareInDigits,
  rescale,
  runningTotals,
  type Sum,
  total,
  zero
} from "../core/money/sum.ts"
export { computeResult } from "../core/plan-terms/terms.ts"
export { createResult } from "../core/plan/create.ts"
export { applyResult } from "../core/plan/lifecycle.ts"
export { validateMerchantOrderResult } from "../core/plan/merchant-order.ts"
export { listResult } from "../core/plan/notes.ts"
export { type PlanReading, readPlanCurrency, readPlanPayments } from "../core/plan/reading.ts"
export { planStatusOf } from "../core/plan/record.ts"
export {
  type CalculateInputs,
  calculateResult,
  calculateTotalsResult,
  CALCULATION_READING
} from "../core/refund/calculate.ts"
export { validateCancelRequestResult } from "../core/refund/cancel.ts"
export { normalizeResult } from "../core/search/normalize.ts"
export { readEventResult } from "../core/webhook/catalogue.ts"
export { validateEndpointResult } from "../core/webhook/message.ts"
