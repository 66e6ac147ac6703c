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
 * The package root's `Money`: what money.ts offers users; its issue helpers stay in the core.
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
  splitInstallments,
  type SplitOptions,
  toDecimalText,
  toMinorUnits
} from "./money.ts"
