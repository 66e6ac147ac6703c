/**
 * The sandbox's test cards: one that pays, one that is declined, one whose
 * deposit passes and whose later instalments fail.
 *
 * @module
 */
import { type Issue, issue } from "../../core/foundation/issues.ts"

/**
 * The test card numbers.
 *
 * @category Sandbox
 * @since 0.1.0
 */
export const TEST_CARDS = {
  succeeds: "4242424242424242",
  declined: "4000000000000002",
  failsLater: "4000000000000341"
} as const

/**
 * What a test card does: the keys of `TEST_CARDS`.
 *
 * @category Sandbox
 * @since 0.1.0
 */
export type CardBehaviour = keyof typeof TEST_CARDS

/** What a test card does, or the issue with the number (spaces and dashes are ignored). */
export const cardBehaviour = (card: unknown, path = "card"): CardBehaviour | Issue => {
  if (typeof card !== "string") return issue(path, "type", "sandbox", "must be a test card number as a string")
  const digits = card.replace(/[\s-]/g, "")
  for (const [behaviour, number] of Object.entries(TEST_CARDS)) if (digits === number) return behaviour as CardBehaviour
  return issue(
    path,
    "enum",
    "sandbox",
    `must be a sandbox test card: ${TEST_CARDS.succeeds} (succeeds), ${TEST_CARDS.declined} (declined) or ${TEST_CARDS.failsLater} (later instalments fail)`
  )
}

/** The last four digits, as a plan's payment method shows them. */
export const last4 = (behaviour: CardBehaviour): string => TEST_CARDS[behaviour].slice(-4)
