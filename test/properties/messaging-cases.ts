/**
 * Random plan-message cases for the messaging property (messaging.property.test.ts) and the
 * Chromium test (test/messaging/chromium.test.ts): items of currencies with 0, 2 and 3 digits,
 * zones, cadences, merchants and instants, and the attributes renderPlanMessage writes.
 */
import fc from "fast-check"
import * as Currency from "../../src/core/foundation/currency.ts"
import * as Money from "../../src/core/foundation/money.ts"
import * as Time from "../../src/core/foundation/time/index.ts"
import type { PlanMessageItem, PlanMessageOptions } from "../../src/messaging/index.ts"
import { timeZone } from "../../src/testing/arbitraries.ts"

const DAY = 86_400_000
const CODES = ["AUD", "USD", "EUR", "GBP", "NZD", "JPY", "KRW", "KWD", "BHD", "CHF", "ISK", "CLP"]

/** A merchant that only the element's attributes can express too: a minimum payment, default deposit and deadline. */
export const expressibleMerchant = (code: string, exponent: number) =>
  fc.option(
    fc.record({
      currencies: fc.tuple(fc.record({
        currencyCode: fc.constant(code),
        minimumPaymentAmount: fc.integer({ min: 1, max: 5_000 }).map((m) => Money.fromMinorUnits(m, exponent))
      })),
      defaultMinDepositType: fc.constantFrom("Currency", "Percentage", "percentage"),
      defaultMinDepositValue: fc.integer({ min: 0, max: 60 }),
      defaultPaymentDeadline: fc.integer({ min: 0, max: 20 })
    }, { requiredKeys: ["currencies"] }),
    { nil: undefined }
  )

/** Any merchant configuration the service could send for the currency, maximum and zero decimals included. */
export const anyMerchant = (code: string) =>
  fc.option(
    fc.record({
      currencies: fc.tuple(fc.record({
        currencyCode: fc.constant(code),
        minimumPaymentAmount: fc.integer({ min: 0, max: 5_000 }),
        maximumPaymentAmount: fc.integer({ min: 100, max: 100_000 }),
        isZeroDecimal: fc.boolean()
      }, { requiredKeys: ["currencyCode"] }))
    }),
    { nil: undefined }
  )

export interface Case {
  readonly item: PlanMessageItem
  readonly options: PlanMessageOptions & { readonly now: number; readonly merchant: unknown }
}

export const caseOf = (merchantOf: (code: string, exponent: number) => fc.Arbitrary<unknown>): fc.Arbitrary<Case> =>
  fc.constantFrom(...CODES).chain((currencyCode) => {
    const iso = Currency.isoExponent(currencyCode)!
    return merchantOf(currencyCode, iso).chain((merchant) => {
      const zeroDecimal = JSON.stringify(merchant ?? {}).includes("\"isZeroDecimal\":true")
      const exponent = zeroDecimal ? 0 : iso
      return fc.record({
        costMinor: fc.integer({ min: 1, max: 50_000_000 }),
        quantity: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
        deposit: fc.option(
          fc.oneof(
            fc.integer({ min: 0, max: 100 }).map((value) => ({ unit: "Percentage", value })),
            fc.integer({ min: 0, max: 60_000_000 }).map((m) => ({
              unit: "Currency",
              value: Money.fromMinorUnits(m, exponent)
            }))
          ),
          { nil: undefined }
        ),
        now: fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2032, 0, 1) }),
        // at least two days ahead: after now in every zone (R4.6)
        days: fc.integer({ min: 2, max: 500 }),
        dateTime: fc.boolean(),
        paymentDeadline: fc.option(fc.integer({ min: 0, max: 30 }), { nil: undefined }),
        timeZone,
        frequency: fc.option(fc.constantFrom("Weekly", "Fortnightly", "Monthly" as const), { nil: undefined }),
        dayOfWeek: fc.option(fc.constantFrom("Monday", "friday", "SUNDAY", "Wednesday"), { nil: undefined }),
        dayOfMonth: fc.option(fc.integer({ min: 1, max: 31 }), { nil: undefined })
      }).map((c): Case => {
        const redemption = c.now + c.days * DAY
        return {
          item: {
            currencyCode,
            costPerItem: Money.fromMinorUnits(c.costMinor, exponent),
            ...(c.quantity === undefined ? {} : { quantity: c.quantity }),
            ...(c.deposit === undefined ? {} : { minimumDepositPerItem: c.deposit }),
            redemptionDate: c.dateTime ? Time.formatInstant(redemption) : Time.formatDate(Time.utcDay(redemption)),
            ...(c.paymentDeadline === undefined ? {} : { paymentDeadline: c.paymentDeadline })
          },
          options: {
            now: c.now,
            timeZone: c.timeZone,
            merchant,
            ...(c.frequency === undefined ? {} : { frequency: c.frequency }),
            ...(c.dayOfWeek === undefined ? {} : { dayOfWeek: c.dayOfWeek }),
            ...(c.dayOfMonth === undefined ? {} : { dayOfMonth: c.dayOfMonth })
          }
        }
      })
    })
  })

/** The attributes of renderPlanMessage's element, unescaped. */
export const attributesOf = (html: string): Record<string, string> => {
  const start = html.slice(0, html.indexOf(">"))
  const attributes: Record<string, string> = {}
  for (const [, name, value] of start.matchAll(/ ([a-z-]+)="([^"]*)"/g)) {
    attributes[name!] = value!.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
  }
  return attributes
}
