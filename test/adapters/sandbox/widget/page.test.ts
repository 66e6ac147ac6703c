/**
 * The hosted page's logic, imported as the modules the page bundle is built
 * from (src/adapters/sandbox/widget/page.ts and money.ts). Its DOM side runs in Chromium
 * (test/adapters/sandbox/browser.test.ts).
 */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { formatMinor, formatMoney, minorOf, minorOfText } from "../../../../src/adapters/sandbox/widget/money.ts"
import {
  cumulative,
  describeTerms,
  formatDate,
  planTermsRequest,
  safeRedirect,
  timeOf,
  validationMessages
} from "../../../../src/adapters/sandbox/widget/page.ts"
import * as Money from "../../../../src/core/foundation/money.ts"

const AUD = { currencyCode: "AUD", digits: 2 }
const JPY = { currencyCode: "JPY", digits: 0 }
const KWD = { currencyCode: "KWD", digits: 3 }

describe("the page's money is the core's (R1)", () => {
  it("reads the API's amounts with Money.toMinorUnits: exactly, and never more digits than the currency has (R1.3)", () => {
    expect(minorOf(280.5, 2)).toBe(28050)
    expect(minorOf(0.1, 2)).toBe(10)
    expect(minorOf(0.29, 2)).toBe(29)
    expect(minorOf(10.005, 2)).toBeNull()
    expect(minorOf(100.5, 0)).toBeNull()
    expect(minorOf(10000, 0)).toBe(10000)
    expect(minorOf(1.234, 3)).toBe(1234)
    expect(minorOf(-1.5, 2)).toBe(-150)
    expect(minorOf(Number.NaN, 2)).toBeNull()
    expect(minorOf("280.50", 2)).toBeNull()
    // beyond the core's exact range (R1.1): not an amount
    expect(minorOf(1e21, 0)).toBeNull()
    fc.assert(
      fc.property(fc.anything(), fc.integer({ min: 0, max: 3 }), (value, digits) => {
        const core = Money.toMinorUnits(value, digits)
        expect(minorOf(value, digits)).toBe(typeof core === "number" ? core : null)
      })
    )
  })

  it("reads what the customer types only when it reads back exactly", () => {
    expect(minorOfText("280", 2)).toBe(28000)
    expect(minorOfText(" 280.50 ", 2)).toBe(28050)
    expect(minorOfText("007.5", 2)).toBe(750)
    expect(minorOfText("280.", 2)).toBe(28000)
    expect(minorOfText("0.05", 2)).toBe(5)
    expect(minorOfText("280.001", 2)).toBeNull()
    expect(minorOfText("280.0000000000000001", 2)).toBeNull()
    expect(minorOfText("100.5", 0)).toBeNull()
    expect(minorOfText("1e3", 2)).toBeNull()
    expect(minorOfText("-5", 2)).toBeNull()
    expect(minorOfText("", 2)).toBeNull()
    expect(minorOfText("1,000", 2)).toBeNull()
  })

  it("every amount the page writes reads back to the same minor units", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 0, max: Money.MAX_MINOR_UNITS }),
        (digits, minor) => {
          expect(minorOfText(Money.toDecimalText(minor, digits), digits)).toBe(minor)
          const shown = formatMinor(minor, { currencyCode: "XTS", digits })
          const number = shown.replace("XTS\u00a0", "").replace(/,/g, "")
          expect(number.split(".")[1]?.length ?? 0).toBe(digits)
          expect(minorOfText(number, digits)).toBe(minor)
        }
      )
    )
  })

  it("R1.2: shows the currency's digits, zero-decimal currencies too", () => {
    expect(formatMoney(1234.5, AUD)).toBe("AUD\u00a01,234.50")
    expect(formatMoney(0, AUD)).toBe("AUD\u00a00.00")
    expect(formatMoney(0.05, AUD)).toBe("AUD\u00a00.05")
    expect(formatMoney(1234567, JPY)).toBe("JPY\u00a01,234,567")
    expect(formatMoney(1.5, KWD)).toBe("KWD\u00a01.500")
    expect(formatMoney(-12.3, AUD)).toBe("-AUD\u00a012.30")
    // an amount the currency cannot hold is shown as received, never rounded into another amount
    expect(formatMoney(100.5, JPY)).toBe("100.5")
  })

  it("sums a schedule exactly", () => {
    const schedule = [
      { installmentNumber: 1, date: "2026-11-23", amount: 280.52 },
      ...Array.from({ length: 12 }, (_, i) => ({ installmentNumber: i + 2, date: "2026-12-01", amount: 68.29 }))
    ]
    const points = cumulative(schedule, 2)
    expect(points).toHaveLength(13)
    expect(points[12]!.v).toBe(110000)
    expect(points[0]!.t).toBe(Date.UTC(2026, 10, 23))
    // an amount the currency cannot hold is left out, never rounded in
    expect(cumulative([{ date: "2026-11-23", amount: 1.005 }], 2)).toEqual([])
  })
})

describe("the page's requests", () => {
  it("R6: asks for the chosen cadence and deposit, the deposit as the JSON number of its minor units (R1.4)", () => {
    const request = planTermsRequest("chk_1", {
      planType: "Installment",
      frequency: "Fortnightly",
      deposit: 28050,
      digits: 2,
      timeZone: "Australia/Sydney"
    })
    expect(JSON.parse(JSON.stringify(request))).toEqual({
      checkoutId: "chk_1",
      type: "plan",
      planType: "Installment",
      timeZone: "Australia/Sydney",
      deposit: { amount: 280.5 },
      installments: { cadence: { frequency: "Fortnightly" } }
    })
    expect(JSON.stringify(request)).toContain("\"amount\":280.5")
  })

  it("R1.4: any deposit goes out as the JSON number the core reads back exactly", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 0, max: Money.MAX_MINOR_UNITS }),
        (digits, minor) => {
          const request = planTermsRequest("chk_1", { deposit: minor, digits, timeZone: "UTC" })
          const amount = JSON.parse(JSON.stringify(request)).deposit.amount
          expect(Money.toMinorUnits(amount, digits)).toBe(minor)
        }
      )
    )
  })

  it("R6.4, R6.8: leaves the deposit to the default before the customer picks one, and has no cadence when paying in full", () => {
    expect(planTermsRequest("chk_1", { frequency: "Weekly", deposit: null, digits: 0, timeZone: "UTC" })).toEqual({
      checkoutId: "chk_1",
      type: "plan",
      timeZone: "UTC",
      installments: { cadence: { frequency: "Weekly" } }
    })
    expect(
      planTermsRequest("chk_1", { planType: "PayInFull", frequency: null, deposit: 110000, digits: 0, timeZone: "UTC" })
    ).toEqual({
      checkoutId: "chk_1",
      type: "plan",
      planType: "PayInFull",
      timeZone: "UTC",
      deposit: { amount: 110000 }
    })
  })

  it("follows only http(s) redirects", () => {
    expect(safeRedirect("https://shop.example/return?service_checkout_id=chk_1")).toBe(
      "https://shop.example/return?service_checkout_id=chk_1"
    )
    expect(safeRedirect("javascript:alert(1)")).toBeNull()
    expect(safeRedirect("data:text/html,<script>alert(1)</script>")).toBeNull()
    expect(safeRedirect("not a url")).toBeNull()
    expect(safeRedirect(undefined)).toBeNull()
    expect(safeRedirect("/return", "http://127.0.0.1:4010/widget/checkout/x")).toBe("http://127.0.0.1:4010/return")
  })

  it("R6.6: describes terms, and says why terms are unacceptable", () => {
    const terms = { deposit: { amount: 280.5 }, installments: { amount: 136.58, count: 6, validation: [] } }
    expect(describeTerms(terms, AUD, "Fortnightly")).toBe("6 fortnightly payments of AUD\u00a0136.58 after the deposit")
    expect(describeTerms({ installments: { count: 1, amount: 5000 } }, JPY, "Monthly")).toBe(
      "1 monthly payment of JPY\u00a05,000 after the deposit"
    )
    const unavailable = { installments: { count: 0, validation: [{ key: "installments.unavailable", value: "0" }] } }
    expect(describeTerms(unavailable, AUD, "Weekly")).toMatch(/^Not available: No instalment/)
    expect(describeTerms({ installments: { count: 0, validation: [] } }, AUD, "Weekly")).toBe("Pay in full today")
    expect(validationMessages({ installments: { validation: [{ key: "something.new", value: "7" }, null] } }))
      .toEqual(["something.new: 7", ""])
    expect(validationMessages(undefined)).toEqual([])
  })

  it("writes dates as the calendar date given, with the core's calendar", () => {
    expect(formatDate("2027-02-11")).toBe("Thu 11 Feb 2027")
    expect(formatDate("2026-12-31T00:00:00.000Z")).toBe("Thu 31 Dec 2026")
    expect(formatDate("2028-02-29")).toBe("Tue 29 Feb 2028")
    expect(formatDate("2026-02-29")).toBe("2026-02-29")
    expect(formatDate("soon")).toBe("soon")
    fc.assert(
      fc.property(
        fc.date({ min: new Date("1970-01-01"), max: new Date("2400-12-31"), noInvalidDate: true }),
        (date) => {
          const iso = date.toISOString().slice(0, 10)
          const [weekday, day, month, year] = formatDate(iso).split(" ")
          const expected = new Intl.DateTimeFormat("en-US", {
            timeZone: "UTC",
            weekday: "short",
            day: "numeric",
            month: "short",
            year: "numeric"
          }).formatToParts(date)
          const part = (type: string) => expected.find((p) => p.type === type)!.value
          expect([weekday, day, month, year]).toEqual([part("weekday"), part("day"), part("month"), part("year")])
          expect(timeOf(iso)).toBe(Date.parse(iso))
        }
      )
    )
  })
})
