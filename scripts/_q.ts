import { Checkout } from "../src/index.ts"
import { compileGuard } from "../src/core/internal/validator.ts"
const checkout = { merchantId: "merchant-123", merchantOrderId: "order-0001", currencyCode: "AUD", redirectURL: "https://shop.example/checkout/return",
  items: [{ quantity: 2, description: "Season pass", costPerItem: 1234.57, minimumDepositPerItem: { unit: "Percentage", value: 10 }, redemptionDate: "2027-11-21T10:00:00+11:00", paymentDeadline: 0 }] }
const guard = compileGuard(Checkout.CheckoutRequest)
const t = (name: string, f: () => unknown, n = 300000) => { for (let i = 0; i < 5000; i++) f(); const s = performance.now(); for (let i = 0; i < n; i++) f(); return (performance.now() - s) * 1e6 / n }
for (let r = 0; r < 3; r++) console.log("walk", t("w", () => Checkout.requestUnknownFields(checkout)).toFixed(0), "guard", t("g", () => guard(checkout)).toFixed(0), "keys", t("k", () => Object.keys(checkout).length + Object.keys(checkout.items[0]!).length).toFixed(0))
