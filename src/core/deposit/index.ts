/**
 * Deposits: the minimum deposit an item asks for (R2.2).
 *
 * @module
 */
export {
  type DepositDefaults,
  depositUnit,
  MINIMUM_DEPOSIT_UNITS,
  MinimumDeposit,
  unitMinimumDeposit,
  unitMinimumDepositOf
} from "./minimum-deposit.ts"
