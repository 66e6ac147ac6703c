/**
 * Executable specification of plan messaging: over random items, zones, cadences,
 * merchants and instants,
 * - R6, drift: `planMessage(...).value.terms` deep-equals `computePlanTerms` for the checkout of the
 *   item with the minimum deposit (R6.7);
 * - the sentence's amounts, count and last date, parsed back from the text in `en`, are those of
 *   `terms.schedule`, and a sentence says no plan is available exactly when the terms are not
 *   acceptable (R6.6);
 * - drift: the element's reading of the attributes `renderPlanMessage` writes gives the same terms
 *   and sentence as `planMessage` (the Chromium test shows the element itself on the same inputs);
 * - R10.2: renderPlanMessage writes no attribute the element does not know, and the element names
 *   its own attribute for any one-letter slip of it;
 * - anything at all as input: an answer, never a throw.
 */
import fc from "fast-check"
import { afterEach, describe, expect, it, vi } from "vitest"
import * as Currency from "../../src/core/foundation/currency.ts"
import * as Money from "../../src/core/foundation/money.ts"
import { computePlanTermsResult } from "../../src/facade/plan-terms.ts"
import { ATTRIBUTES, readAttributes, unknownAttributes } from "../../src/messaging/attributes.ts"
import { planMessage, renderPlanMessage } from "../../src/messaging/index.ts"
import { argument } from "./any-input.ts"
import { anyMerchant, attributesOf, type Case, caseOf, expressibleMerchant } from "./messaging-cases.ts"

/** computePlanTerms for the checkout of one item, with the minimum deposit. */
const computed = ({ item, options }: Case) => {
  const { currencyCode, quantity, ...rest } = item
  const cadence = {
    ...(options.frequency === undefined ? {} : { frequency: options.frequency }),
    ...(options.dayOfWeek === undefined && options.dayOfMonth === undefined ? {} : {
      on: {
        ...(options.dayOfWeek === undefined ? {} : { dayOfWeek: options.dayOfWeek }),
        ...(options.dayOfMonth === undefined ? {} : { dayOfMonth: options.dayOfMonth })
      }
    })
  }
  return computePlanTermsResult(
    { currencyCode, items: [{ ...rest, quantity: quantity ?? 1 }] },
    {
      checkoutId: "chk_message",
      type: "plan",
      timeZone: options.timeZone,
      ...(Object.keys(cadence).length === 0 ? {} : { installments: { cadence } })
    },
    { now: options.now, merchant: options.merchant, depositStrategy: "minimum" }
  )
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December"
]
const SENTENCE =
  /^Pay ([A-Z]{3})\u00a0([\d,]+(?:\.\d+)?) today, then (\d+) (weekly|fortnightly|monthly) payments? of ([A-Z]{3})\u00a0([\d,]+(?:\.\d+)?)(?:, the last on| on) ([A-Z][a-z]+) (\d{1,2}), (\d{4})$/

/** An amount written by the sentence, read back exactly in minor units. */
const minorOf = (text: string, exponent: number): number => {
  const [whole = "", fraction = ""] = text.replaceAll(",", "").split(".")
  expect(fraction.length).toBe(exponent)
  return Number(whole + fraction)
}

afterEach(() => vi.restoreAllMocks())

describe("plan messaging", () => {
  it("R6, drift: planMessage's terms are computePlanTerms' with the minimum deposit", () => {
    let compared = 0
    fc.assert(
      fc.property(caseOf(anyMerchant), (c) => {
        const message = planMessage(c.item, c.options)
        const terms = computed(c)
        expect(message.ok).toBe(terms.ok)
        if (message.ok && terms.ok) {
          expect(message.value.terms).toStrictEqual(terms.value)
          compared++
        }
      }),
      { numRuns: 300 }
    )
    expect(compared).toBe(300)
  })

  it("R5.2, R6.6, R6.9: the sentence's amounts, count and last date are the schedule's, parsed back from the text", () => {
    let offeredCount = 0
    let refused = 0
    fc.assert(
      fc.property(caseOf(anyMerchant), (c) => {
        const message = planMessage(c.item, c.options)
        if (!message.ok) throw new Error(JSON.stringify(message.issues))
        const { terms, text } = message.value
        const offered = terms.installments.validation.length === 0 && terms.installments.count > 0
        expect(text.startsWith("No payment plan is available for this purchase: ")).toBe(!offered)
        if (!offered) {
          refused++
          return
        }
        offeredCount++
        const match = SENTENCE.exec(text)
        if (match === null) throw new Error(`not the sentence: ${text}`)
        const [, code, first, count, cadence, code2, each, month, day, year] = match
        const exponent = Currency.exponent(terms.currencyCode, c.options.merchant as never)!
        const { schedule } = terms
        expect([code, code2]).toEqual([terms.currencyCode, terms.currencyCode])
        expect(minorOf(first!, exponent)).toBe(Money.toMinorUnits(schedule[0]!.amount, exponent))
        expect(Number(count)).toBe(schedule.length - 1)
        for (const payment of schedule.slice(1)) {
          expect(minorOf(each!, exponent)).toBe(Money.toMinorUnits(payment.amount, exponent))
        }
        expect(cadence).toBe(terms.installments.cadence.frequency.toLowerCase())
        const date = `${year}-${String(MONTHS.indexOf(month!) + 1).padStart(2, "0")}-${day!.padStart(2, "0")}`
        expect(date).toBe(schedule.at(-1)!.date)
      }),
      { numRuns: 300 }
    )
    // both kinds of sentence are exercised
    expect(offeredCount).toBeGreaterThan(50)
    expect(refused).toBeGreaterThan(5)
  })

  it("drift: the element's reading of renderPlanMessage's attributes gives planMessage's terms and sentence", () => {
    let read = 0
    fc.assert(
      fc.property(
        caseOf(expressibleMerchant),
        fc.constantFrom("en", "en-AU", "de-DE", "ja-JP", "ar-EG"),
        (c, locale) => {
          const options = { ...c.options, locale }
          const message = planMessage(c.item, options)
          const attributes = attributesOf(renderPlanMessage(c.item, options))
          const reading = readAttributes((name) => attributes[name] ?? null, {
            now: c.options.now,
            timeZone: "UTC",
            locale: "en"
          })
          expect(reading.ok).toBe(message.ok)
          expect(unknownAttributes(Object.keys(attributes))).toEqual([])
          if (reading.ok && message.ok) {
            expect(reading.terms).toStrictEqual(message.value.terms)
            expect(reading.text).toBe(message.value.text)
            read++
          }
        }
      ),
      { numRuns: 300 }
    )
    expect(read).toBe(300)
  })

  it("R10.2: a one-letter slip of an attribute is left out with the attribute it slipped from as the suggestion", () => {
    const slip = fc.record({
      attribute: fc.constantFrom(...ATTRIBUTES),
      at: fc.nat(),
      edit: fc.constantFrom("insert", "delete", "replace"),
      letter: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz-_0123456789")
    }).map(({ attribute, at, edit, letter }) => {
      const i = at % (attribute.length + 1)
      const name = edit === "insert"
        ? attribute.slice(0, i) + letter + attribute.slice(i)
        : attribute.slice(0, Math.min(i, attribute.length - 1)) + (edit === "replace" ? letter : "") +
          attribute.slice(Math.min(i, attribute.length - 1) + 1)
      return { attribute, name }
    })
    let slips = 0
    fc.assert(
      fc.property(slip, ({ attribute, name }) => {
        const warnings = unknownAttributes([name])
        // a slip may land back on an attribute of the element, or on an event handler's name (`onow`)
        if ((ATTRIBUTES as ReadonlyArray<string>).includes(name) || name.startsWith("on")) {
          expect(warnings).toEqual([])
          return
        }
        slips++
        expect(warnings).toEqual([{
          path: name,
          code: "unknown_field",
          rule: "R10.2",
          message: `is not an attribute of payment-plan-message and was left out (did you mean "${attribute}"?)`
        }])
      }),
      { numRuns: 300 }
    )
    expect(slips).toBeGreaterThan(250)
  })

  it("never throws: anything as the checkout or the options is an answer", () => {
    // renderPlanMessage reports unknown options and fields as process warnings: kept out of the output
    vi.spyOn(process, "emitWarning").mockImplementation(() => undefined)
    fc.assert(
      fc.property(argument, argument, (checkout, options) => {
        const message = planMessage(checkout as never, options as never)
        expect(typeof message.ok).toBe("boolean")
        expect(typeof renderPlanMessage(checkout as never, options as never)).toBe("string")
      }),
      { numRuns: 300 }
    )
  })
})
