/**
 * `npm start`: a short tour of the core on the files beside this one.
 * It validates a create-checkout request, prints its totals, then decides
 * whether a retrieved checkout lets the merchant allocate inventory.
 */
import { readFileSync } from "node:fs"
import { checkoutIdFromRedirect, decideDeposit, summarizeCheckout, validateCheckoutRequest } from "../src/index.ts"

const read = (name: string): unknown => JSON.parse(readFileSync(new URL(name, import.meta.url), "utf8"))
// The demonstration pins its clock so it prints the same every time; real callers pass the current instant.
const now = "2026-11-22T09:30:00Z"

const request = read("./checkout-request.json")
console.log("1. Validate the create-checkout request (examples/checkout-request.json)")
const validation = validateCheckoutRequest(request, { merchantId: "merchant-123", now })
if (!validation.ok) {
  for (const issue of validation.issues) {
    console.log(`   ✗ ${issue.path}: ${issue.message} [${issue.code}, ${issue.rule}]`)
  }
  process.exit(1)
}
console.log(`   ✓ valid, ${validation.warnings.length} warning(s)`)
for (const warning of validation.warnings) console.log(`   ! ${warning.path}: ${warning.message}`)

console.log("\n2. What the service will compute for it (R2)")
const summary = summarizeCheckout(validation.value, { now, timeZone: "Australia/Sydney" })
// Display only: Intl knows each currency's digits.
const format = new Intl.NumberFormat("en-AU", {
  style: "currency",
  currency: summary.currencyCode,
  currencyDisplay: "code"
})
const money = (n: number) => format.format(n)
validation.value.items.forEach((item, i) => {
  const line = summary.items[i]!
  console.log(
    `   ${item.description.padEnd(20)} ${String(item.quantity).padStart(2)} × ${money(item.costPerItem).padStart(11)}` +
      ` = ${money(line.lineTotal).padStart(12)}   minimum deposit ${money(line.minimumDeposit).padStart(11)}` +
      `   pay by ${line.deadlineDate}`
  )
})
console.log(
  `   ${"Total".padEnd(20)} ${"".padStart(16)} = ${money(summary.totalCost).padStart(12)}   minimum deposit ${
    money(summary.totalMinimumDeposit).padStart(11)
  }`
)
console.log(`   Plan completes by ${summary.completionDate}; the checkout expires at ${summary.expiresAt}`)

console.log("\n3. The customer comes back; verify before allocating inventory (R8)")
const redirect = "https://shop.example/checkout/return?service_checkout_id=chk_7Hq2LmX9"
console.log(`   redirect: ${redirect}`)
const id = checkoutIdFromRedirect(redirect)
if (!id.ok) {
  console.log(`   ✗ no usable checkout id: ${id.code}`)
  process.exit(1)
}
const retrieved = read("./retrieved-checkout.json")
const decision = decideDeposit(retrieved, {
  checkoutId: id.checkoutId,
  merchantOrderId: "order-0001",
  currencyCode: "AUD"
})
console.log(
  decision.allocate
    ? `   ✓ allocate: deposit ${decision.depositStatus} on plan ${decision.planId} for checkout ${decision.checkoutId}`
    : `   ✗ do not allocate: ${decision.reason}`
)
const spoofed = decideDeposit({ ...(retrieved as object), id: "chk_other" }, { checkoutId: id.checkoutId })
console.log(`   (a response for another checkout is refused: ${spoofed.allocate ? "allocate" : spoofed.reason})`)
