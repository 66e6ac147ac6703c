/**
 * The rule name webhook issues cite (`WEBHOOK_RULE`).
 *
 * @module
 */

/**
 * The rule webhook issues cite: the catalogue of docs/webhooks.md (the
 * service shows none, so rules.md has no number for it).
 *
 * @internal
 */
export const WEBHOOK_RULE = "webhooks"
