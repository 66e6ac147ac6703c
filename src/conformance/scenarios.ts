/**
 * What a conformance run sends, generated with fast-check from the run's seed:
 * checkouts (every currency of the merchant, so 0, 2 and 3 fraction digits
 * where the merchant has them; Currency and Percentage deposits in any case;
 * several items, policies and redemption dates, some on a refund policy's
 * exact day; `merchantOrderId`s and redirect URLs that reach the rare branches
 * of R4.2, R4.3 and R8.1), plan-terms requests for each cadence, invalid
 * variants of both (several breakages at once), and searches.
 *
 * Scenarios are plain records of small numbers, indexes and short strings,
 * turned into requests at the end (`map`, never `chain`), so fast-check shrinks
 * them well: fewer items, smaller amounts, shorter texts, index 0.
 *
 * The requests depend only on the seed, the merchant's configuration and the
 * anchor (a UTC day after the service's today): the same seed on the same day
 * sends the same requests.
 *
 * @module
 */
// Over 400 lines: what a run sends, one generator per kind of scenario the checks share.
import fc from "fast-check"
import type { CheckoutItem, CheckoutRequest } from "../core/checkout/index.ts"
import * as Currency from "../core/foundation/currency.ts"
import * as Money from "../core/foundation/money.ts"
import * as Time from "../core/foundation/time/index.ts"
import type { MerchantConfigurationResponse } from "../core/merchant/index.ts"
import * as PlanTerms from "../core/plan-terms/index.ts"
import { httpsUrl, patternText, refundPolicies, timeZone as someZone, weekdayName } from "../testing/arbitraries.ts"

/**
 * A plan's zone: the testing kit's, and the two furthest from UTC, so that at
 * any hour some zone's date differs from UTC's (a service taking dates in UTC
 * is seen whatever the time of the run).
 */
const timeZone = fc.oneof({ weight: 4, arbitrary: someZone }, fc.constantFrom("Etc/GMT+12", "Pacific/Kiritimati"))

/**
 * A currency the merchant takes, with its digits and payment bounds in minor units.
 *
 * @since 0.1.0
 */
export interface CurrencyInfo {
  readonly code: string
  readonly exponent: number
  readonly minimumMinor: number
  readonly maximumMinor: number | undefined
}

/**
 * What generation depends on besides the seed.
 *
 * @since 0.1.0
 */
export interface GenerationContext {
  /** Start of a UTC day at least one day after the service's now: redemption dates lie after it. */
  readonly anchor: number
  readonly merchantId: string
  /** `conformance-s<seed>-`: the start of every `merchantOrderId` of the run. */
  readonly orderPrefix: string
  readonly currencies: ReadonlyArray<CurrencyInfo>
  /** Sub-merchants' external codes the merchant lists (R4.5). */
  readonly externalCodes: ReadonlyArray<string>
  /** The days of the merchant's default refund policies, in their order (R7.2). */
  readonly defaultPolicyDays?: ReadonlyArray<number> | undefined
  /** The service's time now (epoch ms): redemption dates on a policy's exact day are counted from it. */
  readonly now?: (() => number) | undefined
  /** The zone the service reads a checkout's dates in (`--tz`): "today" for R4.6. */
  readonly timeZone?: string | undefined
  /** The service's merchant configuration (defaults of deposits, deadlines and policies), for steering. */
  readonly merchant?: MerchantConfigurationResponse | undefined
}

/** Currencies tried when the merchant's configuration lists none: 2, 0 and 3 digits. */
const FALLBACK_CURRENCIES = ["AUD", "JPY", "KWD"]

/**
 * The merchant's currencies, with their digits (a zero-decimal override
 * included, R1.2) and payment bounds (R6.4).
 *
 * @example
 * ```ts
 * currenciesOf({ currencies: [{ currencyCode: "JPY", minimumPaymentAmount: 100 }] })
 * // [{ code: "JPY", exponent: 0, minimumMinor: 100, maximumMinor: undefined }]
 * ```
 * @since 0.1.0
 */
export const currenciesOf = (merchant: MerchantConfigurationResponse | undefined): Array<CurrencyInfo> => {
  const listed = (merchant?.currencies ?? [])
    .map((c) => c?.currencyCode)
    .filter((code): code is string => typeof code === "string" && Currency.isActive(code))
  const codes = listed.length > 0 ? [...new Set(listed)] : FALLBACK_CURRENCIES
  return codes.map((code) => {
    const exponent = Currency.exponent(code, merchant as never) ?? 2
    const bounds = PlanTerms.paymentBounds(merchant, code, exponent)
    return { code, exponent, minimumMinor: bounds.minimum, maximumMinor: bounds.maximum }
  })
}

// ---------------------------------------------------------------------------
// Checkouts

/**
 * A redirect URL: plain, or with a query, a fragment or both, so a redirect
 * built by appending `?service_checkout_id=…` to the text is caught (R8.1).
 *
 * @since 0.1.0
 */
export const redirectUrl: fc.Arbitrary<string> = fc.oneof(
  httpsUrl,
  fc.tuple(httpsUrl, fc.stringMatching(/^[a-z]{1,6}$/), fc.stringMatching(/^[a-z0-9]{0,6}$/))
    .map(([url, key, value]) => `${url}?${key}=${value}`),
  fc.tuple(httpsUrl, fc.stringMatching(/^[a-z0-9]{0,8}$/)).map(([url, fragment]) => `${url}#${fragment}`),
  fc.tuple(httpsUrl, fc.stringMatching(/^[a-z]{1,6}$/), fc.stringMatching(/^[a-z0-9]{1,8}$/))
    .map(([url, key, fragment]) => `${url}?${key}=1&lang=en#${fragment}`)
)

const ASTRAL = "@astral-"

/**
 * What follows the run's prefix in a `merchantOrderId`: letters and digits
 * mostly; tabs, no-break spaces and accents, which the pattern allows (R4.3);
 * or characters beyond the basic plane up to the 256 code points allowed, more
 * than 256 UTF-16 units (R4.2).
 *
 * @since 0.1.0
 */
export const orderSpec: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.stringMatching(/^[a-z0-9]{1,10}$/) },
  {
    weight: 2,
    arbitrary: fc.tuple(fc.stringMatching(/^[a-z0-9]{1,6}$/), patternText(1, 6))
      .map(([a, b]) => `${a}${b}`)
  },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.stringMatching(/^[a-z0-9]{1,4}$/), fc.constantFrom("\t", "\u00a0"))
      .map(([a, c]) => `${a}${c}${a}`)
  },
  // a marker turned into characters beyond the basic plane filling the id up to `short` code points below 256
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 3 }).map((short) => `${ASTRAL}${short}`) }
)

/** The `merchantOrderId` of a spec's order under the run's prefix. */
const merchantOrderIdOf = (order: string, prefix: string): string => {
  if (!order.startsWith(ASTRAL)) return `${prefix}${order}`
  const room = 256 - prefix.length - Number(order.slice(ASTRAL.length))
  return `${prefix}x${"\u{1F600}".repeat(Math.max(1, room - 1))}`
}

/**
 * How big a checkout may be: `any` for the totals' arithmetic (large amounts,
 * 20 of an item, deadlines up to 60 days), `payable` for checkouts a customer
 * completes in the widget (amounts a plan takes, redemption far enough for
 * instalments).
 *
 * @since 0.1.0
 */
export type CheckoutSize = "any" | "payable"

const depositSpec = fc.oneof(
  fc.record({
    unit: fc.constantFrom("Currency", "currency", "CURRENCY"),
    /** the value as a share of the item's cost, in percent (above 100: capped by R2.2) */
    share: fc.integer({ min: 0, max: 200 })
  }),
  fc.record({
    unit: fc.constantFrom("Percentage", "percentage", "PERCENTAGE"),
    hundredths: fc.oneof(fc.integer({ min: 0, max: 100 }).map((n) => n * 100), fc.integer({ min: 0, max: 10_000 }))
  })
)

const itemSpec = (size: CheckoutSize) =>
  fc.record(
    {
      costMajor: size === "any" ? fc.integer({ min: 0, max: 1_000_000 }) : fc.integer({ min: 10, max: 2_000 }),
      costFraction: fc.nat({ max: 999 }),
      quantity: fc.integer({ min: 1, max: size === "any" ? 20 : 3 }),
      description: fc.string({ minLength: 1, maxLength: 30 }),
      sku: fc.string({ maxLength: 12 }),
      merchantProductURL: httpsUrl,
      deposit: depositSpec,
      depositRefundable: fc.boolean(),
      // payable: redemptions near (refunds inside a policy's window, paid in full or weekly) and far
      days: size === "any"
        ? fc.integer({ min: 2, max: 730 })
        : fc.oneof(fc.integer({ min: 40, max: 400 }), fc.integer({ min: 2, max: 39 })),
      /**
       * payable: redeemed on the day a refund policy of the item (its own, else the merchant's
       * defaults) becomes active, seen from today in the plan's zone, or a day either side (R7.2)
       */
      boundary: fc.record({ policy: fc.nat({ max: 7 }), shift: fc.constantFrom(0, 0, 1, 1, -1) }),
      /** a date-time instead of a date: seconds into the local day and the offset in quarter hours */
      time: fc.record({ seconds: fc.integer({ min: 0, max: 86_399 }), quarters: fc.integer({ min: -48, max: 56 }) }),
      paymentDeadline: fc.integer({ min: 0, max: size === "any" ? 60 : 14 }),
      refundPolicies
    },
    { requiredKeys: ["costMajor", "costFraction", "quantity", "description", "days"] }
  ).map((item) => (size === "any" ? { ...item, boundary: undefined } : item))

/**
 * A generated checkout before it is a request.
 *
 * @since 0.1.0
 */
export interface CheckoutSpec {
  readonly size?: CheckoutSize
  readonly currency: number
  readonly planType?: "Installment" | "PayInFull" | "Custom"
  readonly order: string
  readonly redirectURL: string
  readonly expiry?: number
  readonly externalCode?: number
  readonly merchantMetadata?: Readonly<Record<string, string>>
  readonly items: ReadonlyArray<ItemSpec>
  /** Boundary classes the request is steered onto (targets.ts). */
  readonly targets?: ReadonlyArray<string>
}

/**
 * @since 0.1.0
 */
export type ItemSpec = ReturnType<typeof itemSpec> extends fc.Arbitrary<infer I> ? I : never

/**
 * Generated checkouts of `size`.
 *
 * @since 0.1.0
 */
export const checkoutSpec = (size: CheckoutSize): fc.Arbitrary<CheckoutSpec> =>
  fc.record(
    {
      size: fc.constant(size),
      currency: fc.nat({ max: 63 }),
      planType: size === "any"
        ? fc.constantFrom("Installment" as const, "PayInFull" as const, "Custom" as const)
        : fc.constantFrom("Installment" as const, "Custom" as const),
      order: orderSpec,
      redirectURL: redirectUrl,
      // payable checkouts must outlive a slow run: at least an hour
      expiry: size === "any" ? fc.integer({ min: -10, max: 100_000 }) : fc.integer({ min: 60, max: 100_000 }),
      externalCode: fc.nat({ max: 63 }),
      merchantMetadata: fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 }), { maxKeys: 3 }),
      items: fc.array(itemSpec(size), { minLength: 1, maxLength: size === "any" ? 4 : 3 })
    },
    { requiredKeys: ["size", "currency", "order", "redirectURL", "items"] }
  ) as fc.Arbitrary<CheckoutSpec>

const pad = (n: number) => String(n).padStart(2, "0")

const offsetText = (quarters: number): string => {
  if (quarters === 0) return "Z"
  const minutes = Math.abs(quarters) * 15
  return `${quarters < 0 ? "-" : "+"}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`
}

/** The item's redemption date: a calendar date, or a local date-time with an offset. */
const redemptionOf = (item: ItemSpec, anchor: number): string => {
  const day = Time.utcDay(anchor) + item.days
  if (item.time === undefined) return Time.formatDate(day)
  const s = item.time.seconds
  return `${Time.formatDate(day)}T${pad(Math.floor(s / 3600))}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}${
    offsetText(item.time.quarters)
  }`
}

/** The currency a checkout targeting `targets` is written in: one with a maximum payment for R6.4's cap. */
const currencyIndexFor = (targets: ReadonlyArray<string>, currencies: ReadonlyArray<CurrencyInfo>, index: number) => {
  if (!targets.includes("R6.4/max-capped")) return index
  const capped = currencies.findIndex((c) => c.maximumMinor !== undefined)
  return capped < 0 ? index : capped
}

/** The currency a spec names (one with a maximum payment where it targets R6.4's cap). */
export const currencyOfSpec = (spec: CheckoutSpec, context: GenerationContext): CurrencyInfo =>
  context.currencies[
    currencyIndexFor(spec.targets ?? [], context.currencies, spec.currency % context.currencies.length)
  ]!

/**
 * The redemption day of an item redeemed on one of its policies' exact day
 * (R7.2) as seen from today in `zone`, or undefined when it has no policy or
 * that day would not lie after the service's today (R4.6).
 */
const boundaryDay = (item: ItemSpec, context: GenerationContext, zone: string | undefined): number | undefined => {
  if (item.boundary === undefined || zone === undefined || context.now === undefined) return undefined
  const own = item.refundPolicies ?? []
  const days = own.length > 0 ? own.map((p) => p.daysWithinRedemptionDate) : (context.defaultPolicyDays ?? [])
  if (days.length === 0) return undefined
  const day = Time.localDay(context.now(), zone) + days[item.boundary.policy % days.length]! + item.boundary.shift
  return day >= Time.utcDay(context.anchor) ? day : undefined
}

const itemOf = (
  item: ItemSpec,
  currency: CurrencyInfo,
  context: GenerationContext,
  size: CheckoutSize,
  zone: string | undefined
): CheckoutItem => {
  const anchor = context.anchor
  const onBoundary = boundaryDay(item, context, zone)
  const unit = 10 ** currency.exponent
  // a payable item costs whole minimum payments (100 JPY, 0.5 KWD, …) so its plan has instalments
  const major = size === "payable" ? Math.max(unit, currency.minimumMinor) : unit
  const costMinor = Math.max(1, item.costMajor * major + (item.costFraction % unit))
  const deposit = item.deposit === undefined
    ? undefined
    : "share" in item.deposit
    ? {
      unit: item.deposit.unit,
      value: Money.fromMinorUnits(Math.floor((costMinor * item.deposit.share) / 100), currency.exponent)
    }
    : { unit: item.deposit.unit, value: item.deposit.hundredths / 100 }
  return {
    ...(item.sku === undefined ? {} : { sku: item.sku }),
    ...(item.merchantProductURL === undefined ? {} : { merchantProductURL: item.merchantProductURL }),
    quantity: item.quantity,
    description: item.description,
    costPerItem: Money.fromMinorUnits(costMinor, currency.exponent),
    ...(deposit === undefined ? {} : { minimumDepositPerItem: deposit }),
    ...(item.depositRefundable === undefined ? {} : { depositRefundable: item.depositRefundable }),
    redemptionDate: onBoundary === undefined ? redemptionOf(item, anchor) : Time.formatDate(onBoundary),
    ...(item.paymentDeadline === undefined ? {} : { paymentDeadline: item.paymentDeadline }),
    ...(item.refundPolicies === undefined ? {} : { refundPolicies: item.refundPolicies })
  } as CheckoutItem
}

/**
 * The create-checkout request of a spec: the merchant's id, a
 * `merchantOrderId` starting with the run's `conformance-` prefix.
 *
 * @example
 * ```ts
 * const context: GenerationContext = {
 *   anchor: Date.UTC(2026, 10, 24), // a day after the service's today
 *   merchantId: "merchant-123",
 *   orderPrefix: "conformance-s42-",
 *   currencies: currenciesOf({ currencies: [{ currencyCode: "AUD", minimumPaymentAmount: 1 }] }),
 *   externalCodes: []
 * }
 * const spec: CheckoutSpec = {
 *   currency: 0,
 *   order: "k3j9",
 *   redirectURL: "https://shop.example/",
 *   items: [{ costMajor: 50, costFraction: 0, quantity: 2, description: "Festival ticket", days: 97 }]
 * }
 * const request = checkoutRequestOf(spec, context)
 * request.merchantOrderId // "conformance-s42-k3j9"
 * request.items[0]?.costPerItem // 50
 * request.items[0]?.redemptionDate // "2027-03-01"
 * ```
 * @since 0.1.0
 */
export const checkoutRequestOf = (
  spec: CheckoutSpec,
  context: GenerationContext,
  /** the zone of the plan to be (the terms' `timeZone`): items on a policy's boundary count their days in it */
  planZone?: string
): CheckoutRequest => {
  const size: CheckoutSize = spec.size ?? "any"
  const currency = currencyOfSpec(spec, context)
  const externalCode = spec.externalCode === undefined || context.externalCodes.length === 0
    ? undefined
    : context.externalCodes[spec.externalCode % context.externalCodes.length]
  return {
    type: "plan",
    ...(spec.planType === undefined ? {} : { planType: spec.planType }),
    merchantId: context.merchantId,
    ...(externalCode === undefined ? {} : { externalCode }),
    merchantOrderId: merchantOrderIdOf(spec.order, context.orderPrefix),
    currencyCode: currency.code,
    redirectURL: spec.redirectURL,
    ...(spec.expiry === undefined ? {} : { expiry: spec.expiry }),
    items: spec.items.map((item) => itemOf(item, currency, context, size, planZone)),
    ...(spec.merchantMetadata === undefined ? {} : { merchantMetadata: spec.merchantMetadata })
  } as CheckoutRequest
}

// ---------------------------------------------------------------------------
// Invalid checkouts (R4)

/**
 * One way to break a valid checkout; the core says which rule it breaks. A
 * scenario breaks a checkout one to sixteen ways at once, so a service that
 * reports only the first violation is seen (R4.1) and few requests try them all.
 *
 * @since 0.1.0
 */
export const CHECKOUT_BREAKAGES = [
  "missing merchantOrderId",
  "missing currencyCode",
  "missing redirectURL",
  "missing items",
  "no items",
  "empty merchantOrderId",
  "merchantOrderId not text",
  "merchantOrderId too long",
  "merchantOrderId of 257 code points",
  "space in merchantOrderId",
  "line break in merchantOrderId",
  "lower-case currencyCode",
  "unknown currencyCode",
  "relative redirectURL",
  "ftp redirectURL",
  "unknown planType",
  "another merchantId",
  "unknown externalCode",
  "zero quantity",
  "fractional quantity",
  "negative costPerItem",
  "zero costPerItem",
  "costPerItem with too many digits",
  "past redemptionDate",
  "redemptionDate today",
  "empty description",
  "unknown deposit unit",
  "percentage above 100",
  "negative paymentDeadline",
  "refundable percentage above 100",
  "duplicate policy days",
  "fractional expiry",
  "metadata not text",
  "body not an object",
  "body null",
  "body a string"
] as const

/**
 * @since 0.1.0
 */
export type CheckoutBreakage = (typeof CHECKOUT_BREAKAGES)[number]

/** Breakages that hide the others (no body to break, no items to break): tried alone. */
const ALONE: ReadonlyArray<CheckoutBreakage> = [
  "body not an object",
  "body null",
  "body a string",
  "missing items",
  "no items"
]

/**
 * A valid checkout and how to break it: one to sixteen ways, each at an item,
 * or one of those that hide the others alone.
 *
 * @since 0.1.0
 */
export const invalidCheckoutSpec: fc.Arbitrary<
  {
    readonly spec: CheckoutSpec
    readonly breakages: ReadonlyArray<{ readonly breakage: CheckoutBreakage; readonly item: number }>
  }
> = fc.record({
  // several at once, so one request tries several rules and a service reporting only the first is seen (R4.1);
  // a body that is not an object, or one without items, hides the others, so it goes alone
  breakages: fc.oneof(
    {
      weight: 12,
      arbitrary: fc.uniqueArray(
        fc.record({
          breakage: fc.constantFrom(...CHECKOUT_BREAKAGES.filter((b) => !ALONE.includes(b))),
          item: fc.nat({ max: 7 })
        }),
        { minLength: 1, maxLength: 16, selector: (b) => b.breakage }
      )
    },
    { weight: 1, arbitrary: fc.constantFrom(...ALONE).map((breakage) => [{ breakage, item: 0 }]) }
  ),
  spec: checkoutSpec("any")
})

/** What a breakage is given: the body, the item it breaks, and what generation knows. */
interface Breaking {
  readonly body: Record<string, unknown>
  readonly item: Record<string, unknown>
  readonly context: GenerationContext
  /** the currency's fraction digits */
  readonly exponent: number
  /** the service's today, in the run's zone */
  readonly today: number
}

/** Each breakage: what it does to the body or its item, or the shape it gives the whole body. */
const BREAKS: { readonly [B in CheckoutBreakage]: ((breaking: Breaking) => void) | "array" | "null" | "string" } = {
  "missing merchantOrderId": ({ body }) => {
    delete body["merchantOrderId"]
  },
  "missing currencyCode": ({ body }) => {
    delete body["currencyCode"]
  },
  "missing redirectURL": ({ body }) => {
    delete body["redirectURL"]
  },
  "missing items": ({ body }) => {
    delete body["items"]
  },
  "no items": ({ body }) => {
    body["items"] = []
  },
  "empty merchantOrderId": ({ body }) => {
    body["merchantOrderId"] = ""
  },
  "merchantOrderId not text": ({ body }) => {
    body["merchantOrderId"] = 12345
  },
  "merchantOrderId too long": ({ body, context }) => {
    body["merchantOrderId"] = `${context.orderPrefix}${"x".repeat(257)}`
  },
  "merchantOrderId of 257 code points": ({ body, context }) => {
    body["merchantOrderId"] = `${context.orderPrefix}${"\u{1F600}".repeat(257 - context.orderPrefix.length)}`
  },
  "space in merchantOrderId": ({ body, context }) => {
    body["merchantOrderId"] = `${context.orderPrefix}a b`
  },
  "line break in merchantOrderId": ({ body, context }) => {
    body["merchantOrderId"] = `${context.orderPrefix}a\nb`
  },
  "lower-case currencyCode": ({ body }) => {
    body["currencyCode"] = String(body["currencyCode"]).toLowerCase()
  },
  "unknown currencyCode": ({ body }) => {
    body["currencyCode"] = "ZZZ"
  },
  "relative redirectURL": ({ body }) => {
    body["redirectURL"] = "/checkout/return"
  },
  "ftp redirectURL": ({ body }) => {
    body["redirectURL"] = "ftp://shop.example/return"
  },
  "unknown planType": ({ body }) => {
    body["planType"] = "Layaway"
  },
  "another merchantId": ({ body, context }) => {
    body["merchantId"] = `${context.merchantId}-other`
  },
  "unknown externalCode": ({ body }) => {
    body["externalCode"] = "no-such-store"
  },
  "zero quantity": ({ item }) => {
    item["quantity"] = 0
  },
  "fractional quantity": ({ item }) => {
    item["quantity"] = 1.5
  },
  "negative costPerItem": ({ item }) => {
    item["costPerItem"] = -Math.abs(Number(item["costPerItem"] ?? 1))
  },
  "zero costPerItem": ({ item }) => {
    item["costPerItem"] = 0
  },
  "costPerItem with too many digits": ({ item, exponent }) => {
    item["costPerItem"] = Number(item["costPerItem"] ?? 1) + 10 ** -(exponent + 1)
  },
  "past redemptionDate": ({ item, context }) => {
    item["redemptionDate"] = Time.formatDate(Time.utcDay(context.anchor) - 10)
  },
  "redemptionDate today": ({ item, today }) => {
    item["redemptionDate"] = Time.formatDate(today)
  },
  "empty description": ({ item }) => {
    item["description"] = ""
  },
  "unknown deposit unit": ({ item }) => {
    item["minimumDepositPerItem"] = { unit: "Bananas", value: 1 }
  },
  "percentage above 100": ({ item }) => {
    item["minimumDepositPerItem"] = { unit: "Percentage", value: 100.5 }
  },
  "negative paymentDeadline": ({ item }) => {
    item["paymentDeadline"] = -1
  },
  "refundable percentage above 100": ({ item }) => {
    item["refundPolicies"] = [{ daysWithinRedemptionDate: 10, refundablePercentage: 150 }]
  },
  "duplicate policy days": ({ item }) => {
    item["refundPolicies"] = [
      { daysWithinRedemptionDate: 10, refundablePercentage: 50 },
      { daysWithinRedemptionDate: 10, refundablePercentage: 20 }
    ]
  },
  "fractional expiry": ({ body }) => {
    body["expiry"] = 90.5
  },
  "metadata not text": ({ body }) => {
    body["merchantMetadata"] = { channel: 7 }
  },
  "body not an object": "array",
  "body null": "null",
  "body a string": "string"
}

/**
 * The checkout request, broken the ways given (in order; a body that is not
 * an object is an array of the body broken the other ways).
 *
 * @since 0.1.0
 */
export const breakCheckout = (
  request: CheckoutRequest,
  breakages: ReadonlyArray<{ readonly breakage: CheckoutBreakage; readonly item: number }>,
  context: GenerationContext
): unknown => {
  const body: Record<string, unknown> = JSON.parse(JSON.stringify(request))
  const exponent = Currency.isoExponent(String(body["currencyCode"])) ?? 2
  const today = Time.localDay(context.now?.() ?? context.anchor, context.timeZone ?? "UTC")
  let shape: "object" | "array" | "null" | "string" = "object"
  for (const { breakage, item: itemIndex } of breakages) {
    const items = Array.isArray(body["items"]) ? (body["items"] as Array<Record<string, unknown>>) : []
    const item: Record<string, unknown> = items[itemIndex % Math.max(1, items.length)] ?? {}
    const breaks = BREAKS[breakage]
    if (typeof breaks === "string") shape = breaks
    else breaks({ body, item, context, exponent, today })
  }
  return shape === "array" ? [body] : shape === "null" ? null : shape === "string" ? JSON.stringify(body) : body
}

// ---------------------------------------------------------------------------
// Plan terms (R6)

/** A cadence on the completion date's weekday and day of month. */
export const ON_COMPLETION_DAY = "the completion day"

/**
 * The day of a cadence: a weekday, a day of month, both or neither (R6.2), or
 * the completion date's own, so the last instalment falls on the completion
 * date exactly (R6.3: "on or before").
 */
const cadenceOn = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      dayOfWeek: weekdayName,
      // days 29–31 often: a month shorter than the day pays on its last day (R6.3)
      dayOfMonth: fc.oneof(fc.integer({ min: 1, max: 31 }), fc.integer({ min: 29, max: 31 }))
    }, { requiredKeys: [] })
  },
  { weight: 1, arbitrary: fc.constant(ON_COMPLETION_DAY) }
)

/**
 * A plan-terms request before it names its checkout: plan type, deposit as a
 * share of the total (none: the default deposit, R6.4), zone, and the day of
 * the cadence.
 *
 * @since 0.1.0
 */
export const termsSpec = fc.record(
  {
    planType: fc.constantFrom("Installment" as const, "PayInFull" as const, "Custom" as const),
    depositShare: fc.integer({ min: 0, max: 100 }),
    timeZone,
    lowerCase: fc.boolean(),
    on: cadenceOn
  },
  { requiredKeys: ["timeZone", "lowerCase"] }
)

/**
 * @since 0.1.0
 */
export type TermsSpec = typeof termsSpec extends fc.Arbitrary<infer T> ? T : never

/**
 * The plan-terms request of a spec for a checkout of `totalMinor` minor units.
 *
 * @since 0.1.0
 */
export const termsRequestOf = (
  spec: Pick<TermsSpec, "planType" | "depositShare" | "timeZone" | "lowerCase" | "on">,
  frequency: PlanTerms.Frequency,
  checkoutId: string,
  currency: CurrencyInfo,
  totalMinor: number,
  /** the checkout's completion date, for a cadence on its day */
  completionDay?: Time.EpochDay
): PlanTerms.PlanTermsRequest => {
  const on = spec.on !== ON_COMPLETION_DAY
    ? spec.on
    : completionDay === undefined
    ? undefined
    : { dayOfWeek: PlanTerms.WEEKDAYS[Time.weekday(completionDay)], dayOfMonth: Time.civil(completionDay).day }
  return ({
    checkoutId,
    type: "plan",
    ...(spec.planType === undefined ? {} : { planType: spec.planType }),
    ...(spec.depositShare === undefined
      ? {}
      : {
        deposit: { amount: Money.fromMinorUnits(Math.floor((totalMinor * spec.depositShare) / 100), currency.exponent) }
      }),
    installments: {
      cadence: {
        frequency: spec.lowerCase ? frequency.toLowerCase() : frequency,
        ...(on === undefined ? {} : { on })
      }
    },
    timeZone: spec.timeZone
  }) as PlanTerms.PlanTermsRequest
}

/**
 * Ways to break a plan-terms request; the core says which rule each breaks
 * (one it computes anyway, a deposit's precision say, is not sent as invalid).
 *
 * @since 0.1.0
 */
export const TERMS_BREAKAGES = [
  "unknown frequency",
  "unknown weekday",
  "day of month 0",
  "day of month 32",
  "fractional day of month",
  "unknown time zone",
  "missing time zone",
  "missing checkoutId",
  "type not plan",
  "unknown planType",
  "negative deposit",
  "deposit not a number"
] as const

/**
 * @since 0.1.0
 */
export type TermsBreakage = (typeof TERMS_BREAKAGES)[number]

/**
 * A plan-terms request broken the ways given.
 *
 * @since 0.1.0
 */
export const breakTerms = (
  request: PlanTerms.PlanTermsRequest,
  breakages: ReadonlyArray<TermsBreakage>
): unknown => {
  const body: Record<string, any> = JSON.parse(JSON.stringify(request))
  const cadence = (body["installments"] ??= {}).cadence ??= { frequency: "Weekly" }
  for (const breakage of breakages) breakTermsOnce(body, cadence, breakage)
  return body
}

const breakTermsOnce = (body: Record<string, any>, cadence: Record<string, any>, breakage: TermsBreakage): void => {
  switch (breakage) {
    case "unknown frequency":
      cadence.frequency = "Daily"
      break
    case "unknown weekday":
      cadence.on = { dayOfWeek: "Funday" }
      break
    case "day of month 0":
      cadence.frequency = "Monthly"
      cadence.on = { dayOfMonth: 0 }
      break
    case "day of month 32":
      cadence.frequency = "Monthly"
      cadence.on = { dayOfMonth: 32 }
      break
    case "fractional day of month":
      cadence.frequency = "Monthly"
      cadence.on = { dayOfMonth: 1.5 }
      break
    case "unknown time zone":
      body["timeZone"] = "Mars/Olympus_Mons"
      break
    case "missing time zone":
      delete body["timeZone"]
      break
    case "missing checkoutId":
      delete body["checkoutId"]
      break
    case "type not plan":
      body["type"] = "loan"
      break
    case "unknown planType":
      body["planType"] = "Layaway"
      break
    case "negative deposit":
      body["deposit"] = { amount: -1 }
      break
    case "deposit not a number":
      body["deposit"] = { amount: "lots" }
      break
  }
}

/**
 * A plan-terms request to break, and how: one to six ways at once.
 *
 * @since 0.1.0
 */
export const invalidTermsSpec = fc.record({
  breakages: fc.uniqueArray(fc.constantFrom(...TERMS_BREAKAGES), { minLength: 1, maxLength: 6 }),
  spec: termsSpec
})

// ---------------------------------------------------------------------------
// The customer's choice in the widget (R8, and the plans refunds are calculated for)

/**
 * What the customer does with a payable checkout: the cadence and deposit it
 * picks, and whether it pays, pays with a card that will miss, is declined, or
 * cancels.
 *
 * @since 0.1.0
 */
export const customerChoice = fc.record({
  outcome: fc.constantFrom("pay" as const, "pay-then-miss" as const, "decline" as const, "cancel" as const),
  frequency: fc.nat({ max: 2 }),
  depositShare: fc.integer({ min: 0, max: 100 }),
  timeZone,
  on: cadenceOn
})

/**
 * @since 0.1.0
 */
export type CustomerChoice = typeof customerChoice extends fc.Arbitrary<infer T> ? T : never

// ---------------------------------------------------------------------------
// Search

/** Statuses of the description, for filters. */
const STATUSES = ["OnSchedule", "Late", "Completed", "Cancelled", "PendingDeposit"] as const

/**
 * A search over the run's plans: sort, page, and at most one filter.
 *
 * @since 0.1.0
 */
export const searchSpec = (
  context: GenerationContext,
  /** values the plans searched have, so a filter can sit exactly on one (`gte` against `gt`) */
  values: { readonly [field in "totalPaid" | "remainingBalance" | "completionDate"]?: ReadonlyArray<string> } = {}
) => {
  const onValue = (field: "totalPaid" | "remainingBalance" | "completionDate", other: fc.Arbitrary<string>) => {
    const known = values[field] ?? []
    return known.length === 0 ? other : fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...known) }, other)
  }
  return fc.record(
    {
      // fields where plans tie (status, currency, …) often: a tie must be settled by id in either direction
      sortField: fc.oneof(
        fc.constantFrom("status", "currencyCode", "totalPaid", "completionDate", "planType"),
        fc.constantFrom("createdAt", "updatedAt", "remainingBalance", "merchantOrderId", "id")
      ),
      sortDirection: fc.constantFrom("asc", "desc"),
      limit: fc.integer({ min: 1, max: 10 }),
      page: fc.integer({ min: 0, max: 4 }),
      // numbers and dates compared on a plan's own value (`gte` against `gt`) most often
      filter: fc.oneof(
        {
          weight: 1,
          arbitrary: fc.record({
            filterField: fc.constant("status"),
            filterOperator: fc.constantFrom("equals", "not", "in", "notIn"),
            filterValue: fc.subarray([...STATUSES], { minLength: 1, maxLength: 3 }).map((s) => s.join(","))
          })
        },
        {
          weight: 1,
          arbitrary: fc.record({
            filterField: fc.constant("currencyCode"),
            filterOperator: fc.constantFrom("equals", "not", "in"),
            filterValue: fc.constantFrom(...context.currencies.map((c) => c.code))
          })
        },
        ...(["totalPaid", "remainingBalance"] as const).map((field) => ({
          weight: 1,
          arbitrary: fc.record({
            filterField: fc.constant(field),
            filterOperator: fc.constantFrom("gt", "gte", "lt", "lte"),
            filterValue: onValue(field, fc.integer({ min: 0, max: 3_000 }).map(String))
          })
        })),
        {
          weight: 1,
          arbitrary: fc.record({
            filterField: fc.constant("merchantOrderId"),
            filterOperator: fc.constantFrom("contains", "endsWith", "startsWith"),
            filterValue: fc.constantFrom(...`${context.orderPrefix}abc0123456789`.split(""), context.orderPrefix)
          })
        },
        {
          weight: 2,
          arbitrary: fc.record({
            filterField: fc.constant("completionDate"),
            filterOperator: fc.constantFrom("lt", "lte", "gt", "gte"),
            filterValue: onValue(
              "completionDate",
              fc.integer({ min: 0, max: 400 }).map((d) => Time.formatDate(Time.utcDay(context.anchor) + d))
            )
          })
        }
      )
    },
    { requiredKeys: [] }
  )
}

/**
 * @since 0.1.0
 */
export type SearchSpec = ReturnType<typeof searchSpec> extends fc.Arbitrary<infer T> ? T : never

/**
 * The query string parameters of a search over the plans whose
 * `merchantOrderId` (or id, or customer) contains `scope` (the quick filter).
 *
 * @since 0.1.0
 */
export const searchQueryOf = (spec: SearchSpec, scope: string): Record<string, string> => ({
  useQuickFilter: "true",
  quickFilterValue: scope,
  ...(spec.sortField === undefined ? {} : { sortField: spec.sortField }),
  ...(spec.sortDirection === undefined ? {} : { sortDirection: spec.sortDirection }),
  ...(spec.limit === undefined ? {} : { limit: String(spec.limit) }),
  ...(spec.page === undefined ? {} : { page: String(spec.page) }),
  ...(spec.filter ?? {})
})

/** Minor units of a checkout request's total (R2.1). */
export const totalMinorOf = (request: CheckoutRequest, currency: CurrencyInfo): number =>
  request.items.reduce(
    (sum, item) => sum + (Money.toMinorUnits(item.costPerItem, currency.exponent) as number) * item.quantity,
    0
  )
