/**
 * Budgets of the foundation: splitting, checkout validation and totals,
 * the deposit decision.
 */
import { allocate, dinero } from "dinero.js"
import { AUD } from "dinero.js/currencies"
import { Schema } from "effect"
import { readFileSync } from "node:fs"
import { decideDeposit, splitInstallments, summarizeCheckout, validateCheckoutRequest } from "../src/index.ts"
import type { Suite } from "./harness.ts"

const request = JSON.parse(readFileSync(new URL("../examples/checkout-request.json", import.meta.url), "utf8"))
// a third item, so the request is the 3-item request of the budget
request.items.push({
  sku: "PARKING",
  quantity: 1,
  description: "Parking pass",
  costPerItem: 35.5,
  minimumDepositPerItem: { unit: "Percentage", value: 20 },
  depositRefundable: true,
  redemptionDate: "2027-02-26",
  refundPolicies: [{ daysWithinRedemptionDate: 14, refundablePercentage: 0 }]
})
const retrieved = JSON.parse(readFileSync(new URL("../examples/retrieved-checkout.json", import.meta.url), "utf8"))
const now = "2026-11-22T09:30:00Z"

// The same object decoded by a bare schema: types and structure, no custom checks.
const BarePolicy = Schema.Struct({
  type: Schema.optionalKey(Schema.String),
  daysWithinRedemptionDate: Schema.Number,
  refundablePercentage: Schema.Number
})
const BareRequest = Schema.Struct({
  type: Schema.optionalKey(Schema.String),
  planType: Schema.optionalKey(Schema.String),
  merchantId: Schema.String,
  externalCode: Schema.optionalKey(Schema.String),
  merchantOrderId: Schema.String,
  currencyCode: Schema.String,
  redirectURL: Schema.String,
  callbackURL: Schema.optionalKey(Schema.String),
  expiry: Schema.optionalKey(Schema.Number),
  items: Schema.Array(
    Schema.Struct({
      sku: Schema.optionalKey(Schema.String),
      merchantProductURL: Schema.optionalKey(Schema.String),
      quantity: Schema.Number,
      description: Schema.String,
      costPerItem: Schema.Number,
      minimumDepositPerItem: Schema.optionalKey(Schema.Struct({ unit: Schema.String, value: Schema.Number })),
      depositRefundable: Schema.optionalKey(Schema.Boolean),
      redemptionDate: Schema.String,
      paymentDeadline: Schema.optionalKey(Schema.Number),
      refundPolicies: Schema.optionalKey(Schema.Array(BarePolicy))
    })
  ),
  merchantMetadata: Schema.optionalKey(Schema.Record(Schema.String, Schema.String))
})
const bareDecode = Schema.decodeUnknownResult(BareRequest)

// Baseline of the money functions: the same split in integer minor units, nothing else.
const plainSplit = (minor: number, n: number) => {
  const each = Math.trunc(minor / n)
  return { each, remainder: minor - each * n }
}
let amount = 123457

if (!validateCheckoutRequest(request, { now }).ok) throw new Error("the benchmark request must be valid")

export const suite: Suite = {
  title: "Foundation: money, checkout validation and totals, verification",
  budgetsOf: "the foundation",
  cases: [
    { name: "baseline: integer split", run: () => plainSplit(amount = (amount + 1) % 1e9, 7) },
    {
      name: "peer: dinero.js allocate (7 parts)",
      run: () => allocate(dinero({ amount: 123457, currency: AUD }), [1, 1, 1, 1, 1, 1, 1])
    },
    {
      name: "splitInstallments(1234.57, 7, AUD)",
      run: () => splitInstallments(1234.57, 7, "AUD"),
      budget: { minOpsPerSecond: 5_000_000 },
      compareWith: ["baseline: integer split", "peer: dinero.js allocate (7 parts)"]
    },
    { name: "baseline: bare Schema decode (3 items)", run: () => bareDecode(request) },
    {
      name: "validateCheckoutRequest (3 items)",
      run: () => validateCheckoutRequest(request, { now }),
      budget: { minOpsPerSecond: 100_000 },
      compareWith: ["baseline: bare Schema decode (3 items)"]
    },
    {
      name: "summarizeCheckout (3 items)",
      run: () => summarizeCheckout(request, { now }),
      budget: { minOpsPerSecond: 200_000 },
      compareWith: ["baseline: bare Schema decode (3 items)", "baseline: integer split"]
    },
    {
      name: "decideDeposit",
      run: () =>
        decideDeposit(retrieved, { checkoutId: "chk_7Hq2LmX9", merchantOrderId: "order-0001", currencyCode: "AUD" }),
      budget: { minOpsPerSecond: 2_000_000 },
      compareWith: ["baseline: integer split"]
    }
  ]
}
