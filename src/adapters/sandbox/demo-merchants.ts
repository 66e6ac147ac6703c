/**
 * The demo merchants: what `payment-plan serve` starts without a merchants
 * file and what `npm start` reads from examples/sandbox-merchants.json (a
 * test holds the two together). Their keys are plain, so they can be printed,
 * and published: anyone has them.
 *
 * @module
 */

/**
 * The demo merchants, published with the package as
 * examples/sandbox-merchants.json (a test holds the two together): what
 * `payment-plan serve` starts without a merchants file, as `npm start` does
 * with the file. Their keys are plain so they can be printed, and anyone has
 * them: a sandbox listening beyond loopback with them warns.
 *
 * @example
 * ```ts
 * import { DEMO_MERCHANTS, loadMerchants, startSandbox } from "payment-plan-engine/sandbox"
 * const running = await startSandbox({ merchants: loadMerchants(DEMO_MERCHANTS), port: 0 })
 * DEMO_MERCHANTS.merchants.map((m) => `${m.id}:${m.apiKey}`) // the credentials to print
 * ```
 * @category Sandbox
 * @since 0.2.0
 */
export const DEMO_MERCHANTS = {
  merchants: [
    {
      id: "merchant-123",
      name: "Demo Festival Shop",
      apiKey: "sk_sandbox_demo_0123456789",
      merchantGroupId: "group-demo",
      timeZone: "Australia/Sydney",
      defaultPaymentDeadline: 7,
      defaultMinDepositType: "Percentage",
      defaultMinDepositValue: 10,
      currencies: [
        { currencyCode: "AUD", minimumPaymentAmount: 1, maximumPaymentAmount: 20000 },
        { currencyCode: "NZD", minimumPaymentAmount: 1, maximumPaymentAmount: 20000 },
        { currencyCode: "USD", minimumPaymentAmount: 1 },
        { currencyCode: "JPY", minimumPaymentAmount: 100, isZeroDecimal: true }
      ],
      defaultRefundPolicies: [
        {
          type: "percentage_refundable_days_within_redemption_date",
          daysWithinRedemptionDate: 30,
          refundablePercentage: 50
        },
        {
          type: "percentage_refundable_days_within_redemption_date",
          daysWithinRedemptionDate: 7,
          refundablePercentage: 0
        }
      ],
      subMerchants: [
        { id: "sub-sydney", externalCode: "store-sydney", name: "Sydney store" },
        { id: "sub-melbourne", externalCode: "store-melbourne", name: "Melbourne store" }
      ],
      companyEmail: "shop@example.com",
      customerSupportEmail: "help@example.com",
      merchantPageUrl: "https://shop.example",
      countryAlpha3Code: "AUS"
    },
    {
      id: "merchant-456",
      name: "Demo Travel Agency",
      apiKey: "sk_sandbox_demo_9876543210",
      merchantGroupId: "group-demo",
      timeZone: "Pacific/Auckland",
      defaultPaymentDeadline: 14,
      currencies: [{ currencyCode: "NZD", minimumPaymentAmount: 5 }]
    }
  ]
} as const

/**
 * The API keys published with the package ({@link DEMO_MERCHANTS}): anyone
 * has them. A sandbox listening beyond loopback with one of them warns.
 */
export const DEMO_API_KEYS: ReadonlySet<string> = new Set(DEMO_MERCHANTS.merchants.map((m) => m.apiKey))
