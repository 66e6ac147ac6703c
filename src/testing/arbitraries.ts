/**
 * `payment-plan-engine/testing`: fast-check arbitraries for the service's
 * resources, valid by construction, so a property can start from a valid value
 * and change one thing (docs/testing.md). fast-check is an optional peer
 * dependency.
 *
 * @module payment-plan-engine/testing
 */
// Over 400 lines: payment-plan-engine/testing, one entry point: an arbitrary per resource of the service.
import * as Result from "effect/Result"
import fc from "fast-check"
import type { CheckoutItem, CheckoutRequest } from "../core/checkout/index.ts"
import type { MinimumDeposit } from "../core/deposit/index.ts"
import * as Currency from "../core/foundation/currency.ts"
import type { Issue } from "../core/foundation/issues.ts"
import * as Money from "../core/foundation/money.ts"
import { fromMinorUnits } from "../core/foundation/money.ts"
import * as Time from "../core/foundation/time/index.ts"
import type { MerchantConfiguration } from "../core/merchant/index.ts"
import {
  type Cadence,
  FREQUENCIES,
  type PlanTermsRequest,
  type ResolvedCadence,
  WEEKDAYS
} from "../core/plan-terms/index.ts"
import { PlanEvent as PlanEventData } from "../core/plan/index.ts"
import type { PlanEvent } from "../core/plan/index.ts"
import { CANCELLATION_REASONS, type Plan, type PlanSummary } from "../core/plan/index.ts"
import { summaryOf } from "../core/plan/index.ts"
import type { RefundPolicy } from "../core/refund/index.ts"
import { createResult } from "../facade/shared.ts"
import { applyResult } from "../facade/shared.ts"
import { type PlanReading, readPlanCurrency } from "../facade/shared.ts"
import { boundaryPercentage } from "./boundaries.ts"

/**
 * Active ISO 4217 codes, every exponent represented.
 *
 * @category Testing
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
 * @category Testing
 * @since 0.1.0
 */
export const amount = (exponent: number, minMinor = 0, maxMinor = 1_000_000_000): fc.Arbitrary<number> =>
  fc.integer({ min: minMinor, max: maxMinor }).map((minor) => fromMinorUnits(minor, exponent))

/**
 * Instants between 2000 and 2100, as epoch milliseconds.
 *
 * @category Testing
 * @since 0.1.0
 */
export const instant: fc.Arbitrary<number> = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) })

/**
 * IANA zones with interesting offsets and daylight-saving rules.
 *
 * @category Testing
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
 * @category Testing
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
 * @category Testing
 * @since 0.1.0
 */
export const httpsUrl: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom("shop.example", "merchant.test", "example.com"), fc.stringMatching(/^[a-z0-9/_-]{0,30}$/))
  .map(([host, path]) => `https://${host}/${path}`)

/**
 * A refund policy.
 *
 * @category Testing
 * @since 0.1.0
 */
export const refundPolicy: fc.Arbitrary<RefundPolicy> = fc.record(
  {
    type: fc.constant("percentage_refundable_days_within_redemption_date" as const),
    daysWithinRedemptionDate: fc.integer({ min: 0, max: 400 }),
    refundablePercentage: fc.oneof(
      fc.integer({ min: 0, max: 100 }),
      fc.integer({ min: 0, max: 10_000 }).map((n) => n / 100)
    )
  },
  { requiredKeys: ["daysWithinRedemptionDate", "refundablePercentage"] }
)

/**
 * An item's refund policies: distinct days (R4.6), in any order.
 *
 * @category Testing
 * @since 0.1.0
 */
export const refundPolicies: fc.Arbitrary<ReadonlyArray<RefundPolicy>> = fc.uniqueArray(refundPolicy, {
  maxLength: 4,
  selector: (p) => p.daysWithinRedemptionDate
})

/**
 * A minimum deposit per item valid in a currency of `exponent`: a Percentage
 * on an exact half of a minor unit of the item's cost, of either parity, a
 * quarter of the time (R1.5).
 *
 * @category Testing
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
      // exact halves of a minor unit, of either parity, half of the time (R1.5)
      value: boundaryPercentage(costPerItemMinor)
    })
  )

/**
 * A redemption date after `now`: a calendar date or a date-time with an offset.
 *
 * @category Testing
 * @since 0.1.0
 */
export const redemptionDate = (now: number): fc.Arbitrary<string> =>
  fc.oneof(
    fc.integer({ min: 2, max: 730 }).map((days) => Time.formatDate(Math.floor(now / Time.MS_PER_DAY) + days)),
    fc
      .integer({ min: 60_000, max: 730 * Time.MS_PER_DAY })
      .map((ahead) => new Date(Math.floor((now + ahead) / 1000) * 1000).toISOString().replace(".000Z", "Z"))
  )

/**
 * A valid checkout item in a currency of `exponent`, redeemed after `now`.
 *
 * @category Testing
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
        refundPolicies
      },
      { requiredKeys: ["quantity", "description", "costPerItem", "redemptionDate"] }
    )
  )

/**
 * Options of {@link checkoutRequest}.
 *
 * @category Testing
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
 * @category Testing
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
 * @category Testing
 * @since 0.1.0
 */
export const merchantConfiguration = (
  codes: ReadonlyArray<string> = ["AUD", "USD", "JPY"]
): fc.Arbitrary<MerchantConfiguration> =>
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

// ---------------------------------------------------------------------------
// Plans

/**
 * A schedule of R6.9 for `totalMinor` minor units: a deposit of `depositMinor`
 * plus the split remainder on `planDay`, then `count` payments `stepDays` apart.
 *
 * @category Testing
 * @since 0.1.0
 */
export const scheduleOf = (
  totalMinor: number,
  depositMinor: number,
  count: number,
  exponent: number,
  planDay: Time.EpochDay,
  stepDays = 7
): Array<{ installmentNumber: number; date: string; amount: number }> => {
  const { each, remainder } = count === 0
    ? { each: 0, remainder: totalMinor - depositMinor }
    : Money.split(totalMinor - depositMinor, count)
  return [
    {
      installmentNumber: 1,
      date: Time.formatDate(planDay),
      amount: fromMinorUnits(depositMinor + remainder, exponent)
    },
    ...Array.from({ length: count }, (_, i) => ({
      installmentNumber: i + 2,
      date: Time.formatDate(planDay + (i + 1) * stepDays),
      amount: fromMinorUnits(each, exponent)
    }))
  ]
}

/**
 * Options of {@link managedPlan}.
 *
 * @category Testing
 * @since 0.1.0
 */
export interface ManagedPlanOptions {
  /** creation instants are drawn from here; default 2026-11-22T00:00:00Z */
  readonly now?: fc.Arbitrary<number>
  readonly merchantIds?: ReadonlyArray<string>
  readonly planId?: fc.Arbitrary<string>
  readonly currencyCode?: fc.Arbitrary<string>
}

const PEOPLE = [
  {
    id: "user_ada",
    firstName: "Ada",
    lastName: "Lovelace",
    emailAddress: "ada@example.com",
    phoneNumber: "+61400000001"
  },
  {
    id: "user_alan",
    firstName: "Alan",
    lastName: "Turing",
    emailAddress: "alan@example.org",
    phoneNumber: "+44700000002"
  },
  {
    id: "user_grace",
    firstName: "Grace",
    lastName: "Hopper",
    emailAddress: "GRACE@navy.example",
    phoneNumber: "+1555000003"
  },
  {
    id: "user_edsger",
    firstName: "Edsger",
    lastName: "Dijkstra",
    emailAddress: "ewd@example.nl",
    phoneNumber: "+31600000004"
  }
] as const

/**
 * A plan record fresh from `createPlanRecord` (status PendingDeposit): a valid
 * checkout, a schedule of 0..8 weekly instalments, a customer, a merchant of
 * `merchantIds` (with a group id).
 *
 * @category Testing
 * @since 0.1.0
 */
export const managedPlan = (options: ManagedPlanOptions = {}): fc.Arbitrary<Plan> =>
  fc
    .record({
      now: options.now ?? fc.constant(Date.UTC(2026, 10, 22)),
      merchantId: fc.constantFrom(...(options.merchantIds ?? ["merchant-a", "merchant-b", "merchant-c"])),
      planId: options.planId ?? fc.uuid(),
      user: fc.option(fc.constantFrom(...PEOPLE), { nil: undefined }),
      count: fc.integer({ min: 0, max: 8 }),
      depositShare: fc.integer({ min: 0, max: 100 })
    })
    .chain(({ now, merchantId, planId, user, count, depositShare }) =>
      checkoutRequest({ now, merchantId, currencyCode: options.currencyCode ?? currencyCode, maxItems: 3 }).map(
        (checkout) => {
          const exponent = Currency.isoExponent(checkout.currencyCode)!
          const total = checkout.items.reduce(
            (sum, i) => sum + (Money.toMinorUnits(i.costPerItem, exponent) as number) * i.quantity,
            0
          )
          const n = Math.min(count, total)
          const deposit = n === 0 ? total : Math.floor(((total - n) * depositShare) / 100)
          const terms = {
            planType: n === 0 ? "PayInFull" : "Installment",
            schedule: scheduleOf(total, deposit, n, exponent, Math.floor(now / Time.MS_PER_DAY))
          }
          const created = createResult(checkout, terms, {
            now,
            planId,
            user: user === undefined ? undefined : { ...user, status: "Active" },
            planMerchant: {
              id: merchantId,
              name: `Merchant ${merchantId.slice(-1).toUpperCase()}`,
              merchantGroupId: merchantId === "merchant-c" ? "group-2" : "group-1"
            }
          })
          if (Result.isFailure(created)) {
            throw new Error(`managedPlan: ${created.failure.message}`)
          }
          return created.success
        }
      )
    )

/** How the library reads a plan here: a record, its problems named under `plan.`. */
const RECORD: PlanReading = { prefix: "plan.", rule: "R1.2", merchantPath: "merchant", recordsOnly: true }

/**
 * The digits `plan`'s amounts are written in, as the library's one reader of a plan reads them
 * (R1.2), so the events drawn for it are in its currency's precision.
 */
const digitsOf = (plan: Plan): number => {
  const issues: Array<Issue> = []
  const currency = readPlanCurrency(plan as unknown as Record<string, unknown>, undefined, RECORD, issues, undefined)
  if (currency === undefined) throw new Error(`the plan's currency cannot be read: ${JSON.stringify(issues)}`)
  return currency.exponent
}

/**
 * An event for `plan`, drawn so that most are allowed in its state and some
 * are not (a second deposit, a payment of a paid instalment, a refund above
 * what was paid, an event before `updatedAt`).
 *
 * @category Testing
 * @since 0.1.0
 */
export const planEvent = (plan: Plan): fc.Arbitrary<PlanEvent> => {
  const updated = Time.parseDateTime(plan.updatedAt)!
  const exponent = digitsOf(plan)
  const paid = Money.toMinorUnits(plan.totalPaid, exponent) as number
  const at = fc.oneof(
    { weight: 9, arbitrary: fc.integer({ min: 0, max: 60 * Time.MS_PER_DAY }).map((d) => updated + d) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: Time.MS_PER_DAY }).map((d) => updated - d) }
  )
  const number = fc.option(fc.integer({ min: 1, max: plan.installments.length + 1 }), { nil: undefined })
  const amountOf = (n: number | undefined) => {
    const i = n === undefined
      ? plan.installments.find((x) => x.status === "MISSED" || x.status === "UPCOMING")
      : plan.installments[n - 1]
    return fc.option(
      fc.constantFrom(
        i?.amount ?? 0,
        plan.remainingAmount,
        fromMinorUnits((Money.toMinorUnits(plan.remainingAmount, exponent) as number) + 1, exponent)
      ),
      { nil: undefined, freq: 2 }
    )
  }
  return fc.oneof(
    at.map((a) => PlanEventData.DepositAccepted({ at: a })),
    fc.tuple(at, number).chain(([a, n]) =>
      amountOf(n).map((amount) =>
        PlanEventData.InstallmentPaid({
          at: a,
          ...(n === undefined ? {} : { installmentNumber: n }),
          ...(amount === undefined ? {} : { amount })
        })
      )
    ),
    fc.tuple(at, number).map(([a, n]) =>
      PlanEventData.InstallmentMissed({ at: a, ...(n === undefined ? {} : { installmentNumber: n }) })
    ),
    fc.tuple(at, fc.integer({ min: 1, max: 40 * Time.MS_PER_DAY })).map(([a, d]) =>
      PlanEventData.PaymentPaused({ at: a, until: a + d })
    ),
    fc
      .tuple(
        at,
        fc.constantFrom(...CANCELLATION_REASONS),
        fc.option(fc.string({ maxLength: 20 }), { nil: undefined }),
        fc.integer({ min: 0, max: paid + 1 })
      )
      .map(([a, reason, details, refund]) =>
        PlanEventData.PlanCancelled({
          at: a,
          reason,
          refundAmount: fromMinorUnits(refund, exponent),
          ...(details === undefined ? {} : { details })
        })
      ),
    fc.tuple(at, patternText(1, 20)).map(([a, merchantOrderId]) =>
      PlanEventData.MerchantOrderSet({ at: a, merchantOrderId })
    )
  )
}

/** One move of {@link evolvedPlan}: which event, and numbers it is built from. */
const planMove = fc.record({
  kind: fc.integer({ min: 0, max: 9 }),
  hours: fc.integer({ min: 0, max: 24 * 21 }),
  n: fc.integer({ min: 0, max: 9 }),
  share: fc.integer({ min: 0, max: 100 })
})

/** The event a move makes of a plan: mostly payments, now and then a miss, a pause or a cancellation. */
const eventOfMove = (plan: Plan, move: typeof planMove extends fc.Arbitrary<infer M> ? M : never): PlanEvent => {
  const at = Time.parseDateTime(plan.updatedAt)! + move.hours * 3_600_000
  const unpaid = plan.installments.filter((i) => i.status === "UPCOMING" || i.status === "MISSED")
  const target = unpaid[move.n % Math.max(1, unpaid.length)]
  switch (move.kind) {
    case 0:
    case 1:
    case 2:
      return plan.status === "PendingDeposit"
        ? PlanEventData.DepositAccepted({ at })
        : PlanEventData.InstallmentPaid({ at, ...(target ? { installmentNumber: target.installmentNumber } : {}) })
    case 3:
    case 4:
      return PlanEventData.InstallmentPaid({ at })
    case 5:
    case 6:
      return PlanEventData.InstallmentMissed({ at: at + 14 * Time.MS_PER_DAY })
    case 7:
      return PlanEventData.PaymentPaused({ at, until: at + (move.n + 1) * Time.MS_PER_DAY })
    case 8: {
      const exponent = digitsOf(plan)
      const paid = Money.toMinorUnits(plan.totalPaid, exponent) as number
      const refund = fromMinorUnits(Math.floor((paid * move.share) / 100), exponent)
      return PlanEventData.PlanCancelled({
        at,
        reason: CANCELLATION_REASONS[move.n % CANCELLATION_REASONS.length]!,
        refundAmount: refund
      })
    }
    default:
      return PlanEventData.MerchantOrderSet({ at, merchantOrderId: `order-${move.n}-${move.share}` })
  }
}

/**
 * A plan after a random run of events (refused ones skipped): every status
 * is reached.
 *
 * @category Testing
 * @since 0.1.0
 */
export const evolvedPlan = (options: ManagedPlanOptions = {}, maxEvents = 12): fc.Arbitrary<Plan> =>
  fc.tuple(managedPlan(options), fc.array(planMove, { maxLength: maxEvents })).map(([plan, moves]) => {
    let current = plan
    for (const move of moves) {
      const next = applyResult(current, eventOfMove(current, move))
      if (Result.isSuccess(next)) current = next.success
    }
    return current
  })

/**
 * Plan summaries of evolved plans with distinct ids, created over a year.
 *
 * @category Testing
 * @since 0.1.0
 */
export const planSummaries = (maxLength = 40, minLength = 0): fc.Arbitrary<Array<PlanSummary>> =>
  fc.uniqueArray(
    evolvedPlan({
      now: fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2026, 11, 31) }).map((ms) =>
        Math.floor(ms / 1000) * 1000
      )
    }, 6).map(
      summaryOf
    ),
    { minLength, maxLength, selector: (s) => s.id }
  )

// Refunds (R7)

/**
 * Refund policies whose refundable percentage never grows as the window
 * shrinks (the nearer the redemption date, the less is refundable), in any order.
 *
 * @category Testing
 * @since 0.1.0
 */
export const tighteningRefundPolicies: fc.Arbitrary<ReadonlyArray<RefundPolicy>> = fc
  .uniqueArray(fc.integer({ min: 0, max: 400 }), { minLength: 1, maxLength: 4 })
  .chain((days) =>
    fc
      .array(fc.integer({ min: 0, max: 10_000 }).map((n) => n / 100), {
        minLength: days.length,
        maxLength: days.length
      })
      .chain((percentages) => {
        const ascending = [...days].sort((a, b) => a - b)
        const growing = [...percentages].sort((a, b) => a - b)
        const policies = ascending.map((d, i) => ({ daysWithinRedemptionDate: d, refundablePercentage: growing[i]! }))
        return fc.shuffledSubarray(policies, { minLength: policies.length, maxLength: policies.length })
      })
  )

// built once: a regex arbitrary costs milliseconds to construct
const itemId = fc.stringMatching(/^item_[a-z0-9]{1,8}$/)

/**
 * An item of a plan whose refund is calculated (R7.1), in a currency of `exponent`, redeemed
 * within two years of `now`: a checkout item with an `id`, a `name` and `policies`.
 *
 * @category Testing
 * @since 0.1.0
 */
export const refundPlanItem = (
  exponent: number,
  now: number,
  policies: fc.Arbitrary<ReadonlyArray<RefundPolicy>> = refundPolicies
) =>
  fc
    .tuple(checkoutItem(exponent, now), itemId, policies)
    .map(([item, id, refundPolicies]) => ({ ...item, id, name: item.description, refundPolicies }))

/**
 * Options of {@link refundPlan}.
 *
 * @category Testing
 * @since 0.1.0
 */
export interface RefundPlanOptions {
  /** Redemption dates lie within two years after this instant; default 2026-11-22T00:00:00Z. */
  readonly now?: number
  readonly currencyCode?: fc.Arbitrary<string>
  readonly maxItems?: number
  readonly policies?: fc.Arbitrary<ReadonlyArray<RefundPolicy>>
}

/**
 * A plan to calculate a refund for (R7.1): currency, what was paid (up to a little
 * more than the plan's cost), the plan's zone, and its items.
 *
 * @category Testing
 * @since 0.1.0
 */
export const refundPlan = (options: RefundPlanOptions = {}) => {
  const now = options.now ?? Date.UTC(2026, 10, 22)
  return (options.currencyCode ?? currencyCode).chain((code) => {
    const exponent = Currency.isoExponent(code)!
    return fc
      .record({
        currencyCode: fc.constant(code),
        timeZone,
        items: fc.array(refundPlanItem(exponent, now, options.policies), {
          minLength: 1,
          maxLength: options.maxItems ?? 4
        })
      })
      .chain((plan) => {
        const cost = plan.items.reduce(
          (sum, item) => sum + (Money.toMinorUnits(item.costPerItem, exponent) as number) * item.quantity,
          0
        )
        return amount(exponent, 0, Math.min(Math.floor(cost * 1.1), Money.MAX_MINOR_UNITS)).map((
          totalPaymentsPaid
        ) => ({ ...plan, totalPaymentsPaid }))
      })
  })
}

// ---------------------------------------------------------------------------
// Plan terms

/**
 * A weekday name in any case (R6.2).
 *
 * @category Testing
 * @since 0.1.0
 */
export const weekdayName: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(...WEEKDAYS), fc.constantFrom("as is", "lower", "upper"))
  .map(([name, style]) => (style === "lower" ? name.toLowerCase() : style === "upper" ? name.toUpperCase() : name))

/**
 * A valid cadence of a plan-terms request (R6.2): a frequency in any case or
 * none, a weekday, a day of month 1..31, both or neither.
 *
 * @category Testing
 * @since 0.1.0
 */
export const cadence: fc.Arbitrary<Cadence> = fc.record(
  {
    frequency: fc
      .tuple(fc.constantFrom(...FREQUENCIES), fc.boolean())
      .map(([f, lower]) => (lower ? f.toLowerCase() : f)),
    on: fc.record({ dayOfWeek: weekdayName, dayOfMonth: fc.integer({ min: 1, max: 31 }) }, { requiredKeys: [] })
  },
  { requiredKeys: [] }
)

/**
 * A cadence with its day resolved, as the schedule works with it.
 *
 * @category Testing
 * @since 0.1.0
 */
export const resolvedCadence: fc.Arbitrary<ResolvedCadence> = fc.oneof(
  fc.record({
    frequency: fc.constantFrom("Weekly" as const, "Fortnightly" as const),
    dayOfWeek: fc.integer({ min: 0, max: 6 })
  }),
  fc.record({ frequency: fc.constant("Monthly" as const), dayOfMonth: fc.integer({ min: 1, max: 31 }) })
)

/**
 * Options of {@link planTermsRequest}.
 *
 * @category Testing
 * @since 0.1.0
 */
export interface PlanTermsRequestOptions {
  readonly checkoutId?: string
  readonly timeZone?: fc.Arbitrary<string>
  /** the currency's exponent, for deposits with its digits; default 2 */
  readonly exponent?: number
  /** largest deposit in minor units; default 10^9 */
  readonly maxDepositMinor?: number
  /** the deposit amounts to draw from, instead of `0..maxDepositMinor` */
  readonly deposit?: fc.Arbitrary<number>
}

/**
 * A valid compute-plan-terms request (R6.2, R3.1): any plan type, an optional
 * deposit in the currency's digits, an optional cadence, a named zone.
 *
 * @category Testing
 * @since 0.1.0
 */
export const planTermsRequest = (options: PlanTermsRequestOptions = {}): fc.Arbitrary<PlanTermsRequest> =>
  fc.record(
    {
      checkoutId: options.checkoutId === undefined
        ? fc.stringMatching(/^chk_[A-Za-z0-9]{1,12}$/)
        : fc.constant(options.checkoutId),
      type: fc.constant("plan" as const),
      planType: fc.constantFrom("Installment" as const, "PayInFull" as const, "Custom" as const),
      deposit: fc.record({
        amount: options.deposit ?? amount(options.exponent ?? 2, 0, options.maxDepositMinor ?? 1_000_000_000)
      }, { requiredKeys: [] }),
      installments: fc.record({ cadence }, { requiredKeys: [] }),
      timeZone: options.timeZone ?? timeZone
    },
    { requiredKeys: ["checkoutId", "type", "timeZone"] }
  )

// the same arbitraries in the form Effect's property testing (`@effect/vitest`'s `it.effect.prop`) takes
export { toEffectArbitrary } from "./effect-arbitrary.ts"
