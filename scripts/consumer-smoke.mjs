// Imports the built package by its name, as a consumer does (package self-reference
// through "exports"), and calls the public surface once.
const engine = await import("payment-plan-engine")
const expected = [
  "validateCheckoutRequest",
  "summarizeCheckout",
  "splitInstalments",
  "checkoutIdFromRedirect",
  "decideDeposit",
  "shouldDisplayWidget"
]
const missing = expected.filter((name) => typeof engine[name] !== "function")
if (missing.length > 0) throw new Error(`missing exports: ${missing.join(", ")}`)
const split = engine.splitInstalments(1234.57, 7, "AUD")
if (split.amount !== 176.36 || split.remainder !== 0.05) throw new Error(`unexpected split ${JSON.stringify(split)}`)
console.log("consumer import of dist/ works:", Object.keys(engine).length, "exports")
