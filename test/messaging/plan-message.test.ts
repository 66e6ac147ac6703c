/**
 * planMessage and renderPlanMessage: the documented example, the sentences of terms that cannot be
 * offered (R6.6), bad input as issues (never thrown), R10 for fields and options, and the element's
 * attribute reading against planMessage.
 */
import { describe, expect, it, vi } from "vitest"
import { forgetReportedWarnings } from "../../src/facade/plain.ts"
import { computePlanTermsResult } from "../../src/index.ts"
import { readAttributes } from "../../src/messaging/attributes.ts"
import { planMessage, renderPlanMessage } from "../../src/messaging/index.ts"

const NOW = "2026-11-22T09:30:00Z"
const ITEM = {
  currencyCode: "AUD",
  costPerItem: 1100,
  minimumDepositPerItem: { unit: "Currency", value: 280 },
  redemptionDate: "2027-02-11"
}
const OPTIONS = { now: NOW, timeZone: "Australia/Sydney", locale: "en-AU" }
const NBSP = "\u00a0"

describe("planMessage", () => {
  it("R5.2, R6: the first payment (deposit + remainder), the weekly instalments and the last date", () => {
    const message = planMessage(ITEM, OPTIONS)
    expect(message).toMatchObject({ ok: true, warnings: [] })
    if (!message.ok) return
    expect(message.value.text).toBe(
      `Pay AUD${NBSP}280.06 today, then 11 weekly payments of AUD${NBSP}74.54, the last on 7 February 2027`
    )
    const terms = computePlanTermsResult(
      { currencyCode: "AUD", items: [{ ...ITEM, quantity: 1 }] },
      { checkoutId: "x", type: "plan", timeZone: "Australia/Sydney" },
      { now: NOW }
    )
    expect(terms.ok && terms.value).toEqual(message.value.terms)
  })

  it("formats in the currency's own digits: JPY none, KWD three", () => {
    const yen = planMessage({ ...ITEM, currencyCode: "JPY", costPerItem: 110000, minimumDepositPerItem: undefined }, {
      ...OPTIONS,
      frequency: "Monthly",
      dayOfMonth: 31
    })
    expect(yen.ok && yen.value.text).toBe(
      `Pay JPY${NBSP}2 today, then 3 monthly payments of JPY${NBSP}36,666, the last on 31 January 2027`
    )
    const dinar = planMessage({ ...ITEM, currencyCode: "KWD", costPerItem: 10.001, minimumDepositPerItem: undefined }, {
      ...OPTIONS,
      locale: "en"
    })
    expect(dinar.ok && dinar.value.text).toMatch(
      /^Pay KWD\u00a00\.\d{3} today, then 11 weekly payments of KWD\u00a00\.909/
    )
  })

  it("R6.6: says when no plan can be offered, and the terms say why", () => {
    const soon = planMessage({ ...ITEM, redemptionDate: "2026-11-26" }, OPTIONS)
    expect(soon.ok && soon.value.text).toBe(
      "No payment plan is available for this purchase: the payments would have to be complete by 26 November 2026"
    )
    expect(soon.ok && soon.value.terms.installments.validation).toEqual([
      { key: "installments.unavailable", value: "2026-11-26" }
    ])
    const cheap = planMessage({ ...ITEM, costPerItem: 5, minimumDepositPerItem: undefined }, {
      ...OPTIONS,
      merchant: { currencies: [{ currencyCode: "AUD", minimumPaymentAmount: 10 }] }
    })
    expect(cheap.ok && cheap.value.text).toBe(
      "No payment plan is available for this purchase: the price is below the smallest amount a plan can take"
    )
  })

  it("R4.6, R4.4, R3.1, R6.2: bad input is every issue, never thrown", () => {
    const bad = planMessage(
      { ...ITEM, currencyCode: "AUX", costPerItem: -1, redemptionDate: "2026-01-01" },
      { ...OPTIONS, timeZone: "Mars/Base", frequency: "Daily" as never }
    )
    expect(bad.ok).toBe(false)
    if (bad.ok) return
    expect(bad.issues.map((i) => [i.path, i.code])).toEqual(expect.arrayContaining([
      ["checkout.currencyCode", "unknown_currency"],
      ["timeZone", "time_zone"],
      ["frequency", "enum"]
    ]))
    for (const input of [null, 42, "x", [], { items: "no" }]) {
      expect(planMessage(input as never, OPTIONS).ok).toBe(false)
    }
    expect(planMessage(ITEM, null as never).ok).toBe(false)
    const past = planMessage({ ...ITEM, redemptionDate: "2026-11-01" }, OPTIONS)
    expect(!past.ok && past.issues).toEqual([
      expect.objectContaining({ path: "checkout.redemptionDate", code: "past_date", rule: "R4.6" })
    ])
  })

  it("R10.2: an unknown field is a warning, an unknown option is refused", () => {
    const message = planMessage({ ...ITEM, colour: "red" } as never, { ...OPTIONS, timezone: "UTC" } as never)
    expect(message.ok).toBe(false)
    expect(message.warnings).toEqual([expect.objectContaining({ path: "checkout.colour", code: "unknown_field" })])
    expect(!message.ok && message.issues).toEqual([
      expect.objectContaining({ path: "options.timezone", code: "unknown_option" })
    ])
  })
})

describe("renderPlanMessage", () => {
  it("writes the element with its attributes and the sentence as declarative shadow DOM, escaped", () => {
    const html = renderPlanMessage(ITEM, OPTIONS)
    expect(html).toMatch(
      /^<payment-plan-message currency="AUD" amount="1100" deposit="280" redemption-date="2027-02-11" time-zone="Australia\/Sydney" locale="en-AU"><template shadowrootmode="open"><style>/
    )
    const message = planMessage(ITEM, OPTIONS)
    expect(html).toContain(
      `aria-live="polite">${message.ok ? message.value.text : "?"}</p></template></payment-plan-message>`
    )
    const hostile = renderPlanMessage({ ...ITEM, redemptionDate: `"><script>alert(1)</script>` }, OPTIONS)
    expect(hostile).not.toContain("<script>")
    expect(hostile).toContain("aria-live=\"polite\"></p>")
  })
  it("R10.2: an unknown option or field of the item, which the HTML cannot carry, is a process warning, once per path", () => {
    forgetReportedWarnings()
    const emitted: Array<string> = []
    const spy = vi.spyOn(process, "emitWarning").mockImplementation(
      ((w: Error & { code?: string }) => void emitted.push(`${w.code}: ${w.message}`)) as typeof process.emitWarning
    )
    try {
      const typo = { ...OPTIONS, timezone: "UTC" } as never
      expect(renderPlanMessage(ITEM, typo)).toContain("aria-live=\"polite\"></p>")
      renderPlanMessage(ITEM, typo)
      expect(renderPlanMessage({ ...ITEM, colour: "red" } as never, OPTIONS)).toContain("Pay AUD")
      renderPlanMessage({ ...ITEM, colour: "red" } as never, { ...OPTIONS, unknownFields: "ignore" })
      renderPlanMessage(ITEM, OPTIONS)
    } finally {
      spy.mockRestore()
    }
    expect(emitted).toEqual([
      "PAYMENT_PLAN_UNKNOWN_OPTION: renderPlanMessage: options.timezone is not an option of renderPlanMessage (did you mean \"timeZone\"?); its options are now, timeZone, frequency, dayOfWeek, dayOfMonth, merchant, locale, unknownFields (unknown_option, R10.2)",
      "PAYMENT_PLAN_UNKNOWN_FIELD: renderPlanMessage: checkout.colour is not a field of a plan message's item and was left out (unknown_field, R10.2); pass unknownFields: \"error\" to refuse it, \"ignore\" to silence this warning"
    ])
  })

  it("R2.2: the deposit attribute reads the unit as the core does, in any case of its letters", () => {
    const percent = (unit: string) =>
      renderPlanMessage({ ...ITEM, minimumDepositPerItem: { unit, value: 25 } }, OPTIONS).match(/ deposit="([^"]*)"/)
        ?.[1]
    expect(percent("PERCENTAGE")).toBe("25%")
    expect(percent("percentage")).toBe("25%")
    expect(percent("Currency")).toBe("25")
  })
})

describe("the element's reading of its attributes", () => {
  const read = (attributes: Record<string, string>) =>
    readAttributes((name) => attributes[name] ?? null, { now: Date.parse(NOW), timeZone: "UTC", locale: "en" })

  it("gives planMessage's terms and sentence for the same product", () => {
    const reading = read({
      currency: "AUD",
      amount: "1100",
      deposit: "280",
      "redemption-date": "2027-02-11",
      "time-zone": "Australia/Sydney",
      locale: "en-AU"
    })
    const message = planMessage(ITEM, OPTIONS)
    expect(reading.ok && message.ok && [reading.terms, reading.text]).toEqual(
      message.ok && [message.value.terms, message.value.text]
    )
  })

  it("bad attributes: a negative amount, an unknown currency, a past date, deposit 110%", () => {
    const reading = read({ currency: "XYZ", amount: "-5", deposit: "110%", "redemption-date": "2020-01-01" })
    expect(!reading.ok && reading.issues.map((i) => [i.path, i.code, i.rule])).toEqual([
      ["currency", "unknown_currency", "R4.4"],
      ["amount", "range", "R4.6"],
      ["deposit", "range", "R4.6"],
      ["redemption-date", "past_date", "R4.6"]
    ])
  })
})
