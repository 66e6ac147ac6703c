import { computePlanTerms, PlanTerms, Checkout } from "../src/index.ts"
import { decodeResult } from "../src/core/merchant/configuration.ts"
const now = "2026-11-22T09:30:00Z"
const checkout = { merchantId: "merchant-123", merchantOrderId: "order-0001", currencyCode: "AUD", redirectURL: "https://shop.example/checkout/return",
  items: [{ quantity: 2, description: "Season pass", costPerItem: 1234.57, minimumDepositPerItem: { unit: "Percentage", value: 10 }, redemptionDate: "2027-11-21T10:00:00+11:00", paymentDeadline: 0 }] }
const request = { checkoutId: "chk_7Hq2LmX9", type: "plan", timeZone: "Australia/Sydney", installments: { cadence: { frequency: "Weekly", on: { dayOfWeek: "Sunday" } } } }
const merchant = { currencies: [{ currencyCode: "AUD", minimumPaymentAmount: 1, maximumPaymentAmount: 10_000 }] }
const t = (name: string, f: () => unknown, n = 100000) => { for (let i = 0; i < 2000; i++) f(); const s = performance.now(); for (let i = 0; i < n; i++) f(); console.log(name, ((performance.now() - s) * 1e6 / n).toFixed(0), "ns") }
const m = (decodeResult(merchant) as any).success
t("facade", () => computePlanTerms(checkout, request, { now, merchant }))
t("core", () => PlanTerms.computeResult(checkout, request, { now, merchant: m }))
t("decodeMerchant", () => decodeResult(merchant))
t("checkoutUnknown", () => Checkout.requestUnknownFields(checkout))
t("termsUnknown", () => PlanTerms.requestUnknownFields(request))
t("isResponse", () => PlanTerms.isCheckoutResponse(checkout))
import { computePlanTermsResult } from "../src/index.ts"
import { unknownOptions } from "../src/core/foundation/issues.ts"
t("facadeResult", () => computePlanTermsResult(checkout, request, { now, merchant }))
t("core+undefined ds", () => PlanTerms.computeResult(checkout, request, { now, merchant: m, depositStrategy: undefined }))
t("opts", () => unknownOptions({ now, merchant }, new Set(["now", "merchant", "depositStrategy"])))
