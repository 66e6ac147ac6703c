/**
 * Exact money (R1) and splitting into instalments (R5).
 *
 * Inside the engine an amount is an integer count of minor units held in a JS
 * number (always a safe integer), which keeps the hot paths at integer speed.
 * A JSON number in major units is converted exactly, and refused when it has more
 * fraction digits than its currency allows. Percentages are applied as exact
 * rationals, with bigint taking over when a product would leave the safe
 * integer range.
 *
 * The package root's `Money`: what foundation/money.ts offers users (its issue helpers stay in
 * the core), and the split of an amount as an operation with its contract (split.ts), which reads
 * a merchant configuration and so sits above the foundation.
 *
 * @module
 */
export {
  type AmountProblem,
  divideHalfUp,
  fromMinorUnits,
  type InstallmentSplit,
  MAX_MINOR_UNITS,
  percentageOf,
  type Split,
  split,
  toDecimalText,
  toMinorUnits
} from "../foundation/money.ts"
export { splitInstallments, type SplitOptions } from "./split.ts"
