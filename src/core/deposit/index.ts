/**
 * Deposits: the minimum deposit an item asks for (R2.2).
 *
 * @since 0.1.0
 */
export * from "./minimum-deposit.ts"
