/**
 * fast-check arbitraries for the service's resources: valid by construction, so
 * a property can start from a valid value and change one thing.
 *
 * @since 0.1.0
 */
import fc from "fast-check"
import type { CheckoutItem, CheckoutRequest } from "../core/checkout/request.ts"
import * as Currency from "../core/currency.ts"
import type { MinimumDeposit } from "../core/deposit.ts"
import type { MerchantConfiguration } from "../core/merchant.ts"
import { fromMinorUnits } from "../core/money.ts"
import type { RefundPolicy } from "../core/refund/policy.ts"
import * as Time from "../core/time.ts"

const MS_PER_DAY = 86_400_000

/**
 * Active ISO 4217 codes, every exponent represented.
 *
 * @since 0.1.0
 */
export const currencyCode: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom("AUD", "USD", "EUR", "GBP", "NZD"),
  fc.constantFrom("JPY", "KRW", "VND", "CLP", "ISK", "PYG", "UGX", "XAF", "XOF"),
  fc.constantFrom("BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"),
  fc.constantFrom(...Currency.codes)
)

/**
 * An amount in major units with exactly the digits its exponent allows, from
 * integer minor units in `min..max`.
 *
 * @since 0.1.0
 */
export const amount = (exponent: number, minMinor = 0, maxMinor = 1_000_000_000): fc.Arbitrary<number> =>
  fc.integer({ min: minMinor, max: maxMinor }).map((minor) => fromMinorUnits(minor, exponent))

/**
 * Instants between 2000 and 2100, as epoch milliseconds.
 *
 * @since 0.1.0
 */
export const instant: fc.Arbitrary<number> = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) })

/**
 * IANA zones with interesting offsets and daylight-saving rules.
 *
 * @since 0.1.0
 */
export const timeZone: fc.Arbitrary<string> = fc.constantFrom(
  "UTC",
  "Australia/Sydney",
  "Australia/Lord_Howe",
  "America/Los_Angeles",
  "America/New_York",
  "Europe/London",
  "Europe/Berlin",
  "Asia/Kolkata",
  "Asia/Kathmandu",
  "Pacific/Auckland",
  "Pacific/Chatham",
  "Pacific/Kiritimati",
  "Pacific/Pago_Pago",
  "America/Sao_Paulo",
  "Africa/Casablanca"
)

const CHARACTER_EXCLUDED_BY_PATTERN = /[ \n\r\u2028\u2029]/

/**
 * Text of `min..max` code points that the service's no-space pattern accepts,
 * astral characters included.
 *
 * @since 0.1.0
 */
export const patternText = (minLength: number, maxLength: number): fc.Arbitrary<string> =>
  fc
    .array(
      fc.oneof(
        fc.constantFrom("a", "Z", "0", "_", "-", ".", "\t", "\u00a0", "é", "😀", "𝔸"),
        fc.string({ unit: "binary", minLength: 1, maxLength: 1 }).filter((c) => !CHARACTER_EXCLUDED_BY_PATTERN.test(c))
      ),
      { minLength, maxLength }
    )
    .map((chars) => chars.join(""))

/**
 * An absolute https URL.
 *
 * @since 0.1.0
 */
export const httpsUrl: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom("shop.example", "merchant.test", "example.com"), fc.stringMatching(/^[a-z0-9/_-]{0,30}$/))
  .map(([host, path]) => `https://${host}/${path}`)

/**
 * A refund policy.
 *
 * @since 0.1.0
 */
export const refundPolicy: fc.Arbitrary<RefundPolicy> = fc.record(
  {
    type: fc.constant("percentage_refundable_days_within_redemption_date" as const),
    daysWithinRedemptionDate: fc.integer({ min: 0, max: 400 }),
    refundablePercentage: fc.oneof(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 10_000 }).map((n) => n / 100))
  },
  { requiredKeys: ["daysWithinRedemptionDate", "refundablePercentage"] }
)

/**
 * An item's refund policies: distinct days (R4.6), in any order.
 *
 * @since 0.1.0
 */
export const refundPolicies: fc.Arbitrary<ReadonlyArray<RefundPolicy>> = fc.uniqueArray(refundPolicy, {
  maxLength: 4,
  selector: (p) => p.daysWithinRedemptionDate
})

/**
 * A minimum deposit per item valid in a currency of `exponent`.
 *
 * @since 0.1.0
 */
export const minimumDeposit = (exponent: number, costPerItemMinor: number): fc.Arbitrary<MinimumDeposit> =>
  fc.oneof(
    fc.record({
      unit: fc.constantFrom("Currency", "currency", "CURRENCY"),
      value: amount(exponent, 0, costPerItemMinor * 2)
    }),
    fc.record({
      unit: fc.constantFrom("Percentage", "percentage"),
      value: fc.oneof(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 10_000 }).map((n) => n / 100))
    })
  )

/**
 * A redemption date after `now`: a calendar date or a date-time with an offset.
 *
 * @since 0.1.0
 */
export const redemptionDate = (now: number): fc.Arbitrary<string> =>
  fc.oneof(
    fc.integer({ min: 2, max: 730 }).map((days) => Time.formatDate(Math.floor(now / MS_PER_DAY) + days)),
    fc
      .integer({ min: 60_000, max: 730 * MS_PER_DAY })
      .map((ahead) => new Date(Math.floor((now + ahead) / 1000) * 1000).toISOString().replace(".000Z", "Z"))
  )

/**
 * A valid checkout item in a currency of `exponent`, redeemed after `now`.
 *
 * @since 0.1.0
 */
export const checkoutItem = (exponent: number, now: number): fc.Arbitrary<CheckoutItem> =>
  fc.integer({ min: 1, max: 100_000_000 }).chain((costMinor) =>
    fc.record(
      {
        sku: fc.string({ maxLength: 12 }),
        merchantProductURL: httpsUrl,
        quantity: fc.integer({ min: 1, max: 20 }),
        description: fc.string({ minLength: 1, maxLength: 40 }),
        costPerItem: fc.constant(fromMinorUnits(costMinor, exponent)),
        minimumDepositPerItem: minimumDeposit(exponent, costMinor),
        depositRefundable: fc.boolean(),
        redemptionDate: redemptionDate(now),
        paymentDeadline: fc.integer({ min: 0, max: 60 }),
        refundPolicies: refundPolicies
      },
      { requiredKeys: ["quantity", "description", "costPerItem", "redemptionDate"] }
    )
  )

/**
 * Options of {@link checkoutRequest}.
 *
 * @since 0.1.0
 */
export interface CheckoutRequestOptions {
  /** Redemption dates lie after this instant; default 2026-11-22T00:00:00Z. */
  readonly now?: number
  readonly merchantId?: string
  readonly currencyCode?: fc.Arbitrary<string>
  readonly maxItems?: number
}

/**
 * A valid create-checkout request (R4).
 *
 * @since 0.1.0
 */
export const checkoutRequest = (options: CheckoutRequestOptions = {}): fc.Arbitrary<CheckoutRequest> => {
  const now = options.now ?? Date.UTC(2026, 10, 22)
  return (options.currencyCode ?? currencyCode).chain((code) => {
    const exponent = Currency.isoExponent(code)!
    return fc.record(
      {
        type: fc.constant("plan" as const),
        planType: fc.constantFrom("Installment" as const, "PayInFull" as const, "Custom" as const),
        merchantId: options.merchantId === undefined ? patternText(5, 40) : fc.constant(options.merchantId),
        externalCode: patternText(5, 20),
        merchantOrderId: patternText(1, 40),
        currencyCode: fc.constant(code),
        redirectURL: httpsUrl,
        expiry: fc.oneof(fc.integer({ min: -10, max: 100_000 }), fc.constant(0)),
        items: fc.array(checkoutItem(exponent, now), { minLength: 1, maxLength: options.maxItems ?? 4 }),
        merchantMetadata: fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 }), { maxKeys: 3 })
      },
      { requiredKeys: ["merchantId", "merchantOrderId", "currencyCode", "redirectURL", "items"] }
    )
  })
}

/**
 * A merchant configuration with defaults for deposits and deadlines, payment
 * bounds per currency, and optionally default refund policies.
 *
 * @since 0.1.0
 */
export const merchantConfiguration = (codes: ReadonlyArray<string> = ["AUD", "USD", "JPY"]): fc.Arbitrary<MerchantConfiguration> =>
  fc.record(
    {
      defaultPaymentDeadline: fc.integer({ min: 0, max: 30 }),
      defaultMinDepositType: fc.constantFrom("Currency", "Percentage"),
      defaultMinDepositValue: fc.integer({ min: 0, max: 50 }),
      currencies: fc.tuple(
        ...codes.map((code) =>
          fc.record({
            currencyCode: fc.constant(code),
            minimumPaymentAmount: amount(Currency.isoExponent(code)!, 1, 500),
            maximumPaymentAmount: amount(Currency.isoExponent(code)!, 100_000, 100_000_000),
            isZeroDecimal: fc.constant(Currency.isoExponent(code) === 0)
          })
        )
      ),
      defaultRefundPolicies: refundPolicies
    },
    { requiredKeys: ["currencies"] }
  )
