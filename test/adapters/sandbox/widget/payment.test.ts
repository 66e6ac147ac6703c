/**
 * One amount per payment: what the hosted page's pay button shows is
 * the first payment of the schedule it shows, the deposit with the split's
 * remainder (R5.2, R6.9), and the sandbox charges exactly that: the plan
 * record, the verification, the webhook events. The page's own modules
 * (src/adapters/sandbox/widget/page.ts, payment.ts, money.ts) build every
 * request and every word here, against the sandbox in-process; the DOM side
 * runs in Chromium (test/adapters/sandbox/browser.test.ts, the 1000.01 / 100
 * example).
 */
import { Decimal } from "decimal.js"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { createSandbox, loadMerchants, sqliteStore } from "../../../../src/adapters/sandbox/index.ts"
import { minorOf, minorOfText, type PageCurrency } from "../../../../src/adapters/sandbox/widget/money.ts"
import {
  type Choice,
  type Frequency,
  planTermsRequest,
  type PlanType
} from "../../../../src/adapters/sandbox/widget/page.ts"
import {
  canPay,
  completionBody,
  firstPayment,
  isAcceptable,
  PAY,
  payButtonText,
  type Terms
} from "../../../../src/adapters/sandbox/widget/payment.ts"
import * as Money from "../../../../src/core/foundation/money.ts"
import { checkoutRequest, credentials, NOW } from "../helpers.ts"

const AUD: PageCurrency = { currencyCode: "AUD", digits: 2 }
const JPY: PageCurrency = { currencyCode: "JPY", digits: 0 }

const MERCHANT = { id: "merchant-pay", apiKey: "key-pay-0123456789" }
const AUTH = credentials(MERCHANT.id, MERCHANT.apiKey)
/** The merchant's currencies: two, zero and three digits, and a zero-decimal override of a two-digit one (R1.2). */
const CURRENCIES = [
  { currencyCode: "AUD", minimumPaymentAmount: 1, maximumPaymentAmount: 20000 },
  { currencyCode: "JPY", minimumPaymentAmount: 100 },
  { currencyCode: "KWD", minimumPaymentAmount: 0.5 },
  { currencyCode: "HUF", minimumPaymentAmount: 50, isZeroDecimal: true }
] as const
const merchants = loadMerchants({
  merchants: [{
    ...MERCHANT,
    name: "Pay Shop",
    timeZone: "Australia/Sydney",
    currencies: CURRENCIES,
    // webhooks are written to the store's outbox, where this test reads them; deliveries go nowhere (a
    // loopback target, as the sandbox allows by default; the fetch below answers for it)
    webhook: { url: "http://127.0.0.1:9/payments", secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" }
  }]
})

const CARDS = { pays: "4242424242424242", declined: "4000000000000002", failsLater: "4000000000000341" } as const

/** The sandbox in-process, answering in JSON, with its store's outbox at hand. */
const sandbox = () => {
  const store = sqliteStore(":memory:")
  const instance = createSandbox({
    store,
    merchants,
    now: () => NOW,
    onError: (error) => console.error(error),
    webhooks: { fetch: async () => new Response(null, { status: 204 }) }
  })
  const call = async (method: string, path: string, body?: unknown, auth: string | null = null) => {
    const headers: Record<string, string> = {}
    if (auth !== null) headers["authorization"] = auth
    if (body !== undefined) headers["content-type"] = "application/json"
    const response = await instance.fetch(
      new Request(`http://sandbox.test${path}`, {
        method,
        headers,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {})
      })
    )
    const text = await response.text()
    return { status: response.status, body: text === "" ? undefined : JSON.parse(text) }
  }
  /** The webhook events written for a checkout and its plan, oldest first. */
  const events = (checkoutId: string, planId?: string) =>
    store.webhooks!.listMessages(MERCHANT.id, 500).map((m) => JSON.parse(m.body)).filter((e) =>
      e.data.checkoutId === checkoutId || (planId !== undefined && e.data.planId === planId)
    ).reverse()
  return { call, events, close: () => instance.close() }
}

/** The amount a pay button names, read back as the customer reads it, in minor units. */
const amountOnButton = (text: string, currency: PageCurrency): number | null => {
  const match = /^Pay (?:in full: )?([A-Z]{3})\u00a0([\d,]+(?:\.\d+)?)(?: today)?$/.exec(text)
  if (match === null || match[1] !== currency.currencyCode) return null
  return minorOfText(match[2]!.replace(/,/g, ""), currency.digits)
}

describe("the pay button (R5.2, R6.9)", () => {
  const terms = (deposit: number, first: number): Terms => ({
    deposit: { amount: deposit },
    installments: { amount: 69.23, count: 13, validation: [] },
    schedule: [
      { installmentNumber: 1, date: "2026-11-22", amount: first },
      { installmentNumber: 2, date: "2026-11-29", amount: 69.23 }
    ]
  })

  it("names the schedule's first payment, the deposit with the split's remainder, not the deposit", () => {
    const shown = terms(100, 100.01)
    expect(firstPayment(shown, 2)).toBe(10001)
    expect(payButtonText(shown, AUD, false)).toBe("Pay AUD\u00a0100.01 today")
    expect(payButtonText({ ...shown, schedule: [{ installmentNumber: 1, amount: 1100 }] }, AUD, true)).toBe(
      "Pay in full: AUD\u00a01,100.00"
    )
    expect(payButtonText({ schedule: [{ installmentNumber: 1, amount: 12345 }] }, JPY, false)).toBe(
      "Pay JPY\u00a012,345 today"
    )
  })

  it("says only Pay while there is no first payment to name", () => {
    expect(payButtonText(undefined, AUD, false)).toBe(PAY)
    expect(payButtonText({ deposit: { amount: 100 } }, AUD, false)).toBe(PAY)
    // a schedule that does not start with payment 1, or an amount the currency cannot hold (R1.3)
    expect(payButtonText({ schedule: [{ installmentNumber: 2, amount: 5 }] }, AUD, false)).toBe(PAY)
    expect(payButtonText({ schedule: [{ installmentNumber: 1, amount: 100.5 }] }, JPY, false)).toBe(PAY)
    expect(completionBody("4242424242424242", {}, { deposit: { amount: 100 } }, 2)).toBeNull()
  })

  it("pays only acceptable terms computed for the deposit entered (R6.6)", () => {
    const shown = terms(100, 100.01)
    expect(canPay(shown, 10000, 2)).toBe(true)
    // terms of an earlier deposit, still shown after the entry changed
    expect(canPay(shown, 12000, 2)).toBe(false)
    expect(canPay(shown, null, 2)).toBe(false)
    const refused = { ...shown, installments: { validation: [{ key: "deposit.below_minimum", value: "280" }] } }
    expect(isAcceptable(refused)).toBe(false)
    expect(canPay(refused, 10000, 2)).toBe(false)
    expect(canPay(undefined, 10000, 2)).toBe(false)
  })

  it("sends the request of the terms shown with their first payment, a JSON number (R1.4)", () => {
    const request = { checkoutId: "chk_1", type: "plan", timeZone: "UTC" }
    expect(completionBody("4242424242424242", request, terms(100, 100.01), 2)).toEqual({
      card: "4242424242424242",
      planTerms: request,
      firstPayment: 100.01
    })
  })
})

describe("the sandbox charges what the page shows (R5.2, R6.9)", () => {
  const item = (costPerItem: number, minimum: number) => ({
    ...checkoutRequest().items[0]!,
    quantity: 1,
    costPerItem,
    minimumDepositPerItem: { unit: "Currency", value: minimum }
  })

  it("the 1000.01 / 100 example: the button names 100.01 and the plan's totalPaid is 100.01", async () => {
    const t = sandbox()
    try {
      const created = await t.call(
        "POST",
        "/api/v2/checkout",
        checkoutRequest({ merchantId: MERCHANT.id, items: [item(1000.01, 100)] }),
        AUTH
      )
      expect(created.status).toBe(201)
      const id = created.body.id as string
      const request = planTermsRequest(id, {
        frequency: "Weekly",
        deposit: null,
        digits: 2,
        timeZone: "Australia/Sydney"
      })
      const terms = (await t.call("POST", `/widget/api/checkouts/${id}/plan-terms`, request)).body as Terms
      expect(terms.deposit!.amount).toBe(100)
      expect(payButtonText(terms, AUD, false)).toBe("Pay AUD\u00a0100.01 today")

      // a first payment other than the terms' is refused, and nothing is charged
      const stale = { ...completionBody(CARDS.pays, request, terms, 2)!, firstPayment: 100 }
      const refused = await t.call("POST", `/widget/api/checkouts/${id}/complete`, stale)
      expect(refused.status).toBe(422)
      expect(refused.body.issues).toEqual([
        expect.objectContaining({ path: "firstPayment", code: "conflict", rule: "R6.9" })
      ])
      const precise = { ...stale, firstPayment: 100.001 }
      expect((await t.call("POST", `/widget/api/checkouts/${id}/complete`, precise)).body.issues).toEqual([
        expect.objectContaining({ path: "firstPayment", code: "precision" })
      ])
      expect((await t.call("GET", `/widget/api/checkouts/${id}`)).body.status).toBe("Open")

      const paid = await t.call(
        "POST",
        `/widget/api/checkouts/${id}/complete`,
        completionBody(CARDS.pays, request, terms, 2)
      )
      expect(paid.status).toBe(200)
      const plan = (await t.call("GET", `/api/v2/plans/${paid.body.planId}`, undefined, AUTH)).body
      expect(plan.totalPaid).toBe(100.01)
      expect(plan.installments[0]).toMatchObject({ installmentNumber: 1, amount: 100.01, status: "PAID" })
    } finally {
      t.close()
    }
  })

  /** A checkout of the merchant: 1 to 3 items in one of its currencies, with or without minimum deposits. */
  const checkouts = fc.constantFrom(...CURRENCIES).chain((currency) => {
    const digits = currency.currencyCode === "AUD" ? 2 : currency.currencyCode === "KWD" ? 3 : 0
    const unit = 10 ** digits
    const minimum = fc.oneof(
      fc.constant(undefined),
      fc.integer({ min: 0, max: 3000 * unit }).map((m) => ({
        unit: "Currency",
        value: Money.fromMinorUnits(m, digits)
      })),
      fc.integer({ min: 0, max: 100 }).map((value) => ({ unit: "percentage", value }))
    )
    const items = fc.array(
      fc.record({
        cost: fc.integer({ min: 1, max: 3000 * unit }),
        quantity: fc.integer({ min: 1, max: 3 }),
        minimum,
        days: fc.integer({ min: 2, max: 400 }),
        deadline: fc.integer({ min: 0, max: 30 })
      }),
      { minLength: 1, maxLength: 3 }
    )
    return fc.record({
      currency: fc.constant({ currencyCode: currency.currencyCode, digits }),
      planType: fc.constantFrom<PlanType>("Installment", "PayInFull", "Custom"),
      items
    })
  })

  /** What the customer does in the page: a cadence, the default deposit or one between 0 and the total, a card. */
  const choices = fc.record({
    frequency: fc.constantFrom<Frequency>("Weekly", "Fortnightly", "Monthly"),
    // per mille of the way from the range's minimum to its maximum; beyond 1000, above it; null: the default
    deposit: fc.option(fc.integer({ min: -200, max: 1200 }), { freq: 3 }),
    card: fc.constantFrom<keyof typeof CARDS>("pays", "pays", "failsLater", "declined"),
    timeZone: fc.constantFrom("Australia/Sydney", "UTC", "America/Los_Angeles", "Pacific/Kiritimati")
  })

  it("property: over random checkouts and choices, the button's amount is the schedule's first payment, deposit + remainder, and exactly that is charged, recorded, verified and sent in the webhooks", async () => {
    const t = sandbox()
    const counts = { paid: 0, declined: 0, refused: 0, remainder: 0 }
    try {
      await fc.assert(
        fc.asyncProperty(checkouts, choices, async (generated, choice) => {
          const { digits } = generated.currency
          const created = await t.call(
            "POST",
            "/api/v2/checkout",
            checkoutRequest({
              merchantId: MERCHANT.id,
              currencyCode: generated.currency.currencyCode,
              planType: generated.planType,
              items: generated.items.map((i) => ({
                ...checkoutRequest().items[1]!,
                quantity: i.quantity,
                costPerItem: Money.fromMinorUnits(i.cost, digits),
                ...(i.minimum === undefined
                  ? { minimumDepositPerItem: undefined }
                  : { minimumDepositPerItem: i.minimum }),
                redemptionDate: new Date(NOW + i.days * 86_400_000).toISOString().slice(0, 10),
                paymentDeadline: i.deadline
              }))
            }),
            AUTH
          )
          expect(created.status).toBe(201)
          const id = created.body.id as string
          const api = `/widget/api/checkouts/${id}`

          // what the page reads, as it reads it
          const data = (await t.call("GET", api)).body
          const currency: PageCurrency = {
            currencyCode: String(data.currency.currencyCode),
            digits: Number(data.currency.digits)
          }
          expect(currency).toEqual(generated.currency)
          const planType = data.checkout.planType as PlanType
          const payInFull = planType === "PayInFull"
          const pageChoice = (deposit: number | null): Choice => ({
            planType,
            frequency: payInFull ? null : choice.frequency,
            deposit,
            digits,
            timeZone: choice.timeZone
          })

          // first the default deposit (R6.4), then the customer's own
          let request = planTermsRequest(id, pageChoice(null))
          let terms = (await t.call("POST", `${api}/plan-terms`, request)).body as Terms
          let deposit = minorOf(terms.deposit?.amount, digits)
          if (choice.deposit !== null && !payInFull) {
            const min = minorOf(terms.deposit!.range!.min, digits)!
            const max = minorOf(terms.deposit!.range!.max, digits)!
            deposit = Math.max(0, min + Math.trunc(((max - min) * choice.deposit) / 1000))
            request = planTermsRequest(id, pageChoice(deposit))
            terms = (await t.call("POST", `${api}/plan-terms`, request)).body as Terms
          }

          // the button names the schedule's first payment: the deposit with the split's remainder (R5.2, R6.9)
          const shown = amountOnButton(payButtonText(terms, currency, payInFull), currency)
          const first = terms.schedule![0]!
          expect(first.installmentNumber).toBe(1)
          expect(shown).toBe(Money.toMinorUnits(first.amount, digits))
          // the page does not read `remainder`; the oracle does
          const { remainder } = terms.installments as { readonly remainder: number }
          const oracle = new Decimal(String(terms.deposit!.amount)).plus(String(remainder))
          if (isAcceptable(terms)) expect(new Decimal(String(first.amount)).equals(oracle)).toBe(true)
          if (!new Decimal(String(first.amount)).equals(String(terms.deposit!.amount))) counts.remainder++

          const body = completionBody(CARDS[choice.card], request, terms, digits)
          const answer = await t.call("POST", `${api}/complete`, body)
          // the page offers to pay exactly what the sandbox accepts (R6.6)
          if (!canPay(terms, deposit, digits)) {
            counts.refused++
            expect(answer.status).toBe(422)
            expect((await t.call("GET", api)).body.status).toBe("Open")
            return
          }
          const amount = Money.fromMinorUnits(shown!, digits)
          const verified = (await t.call("GET", `/api/v2/checkout/${id}`, undefined, AUTH)).body
          if (choice.card === "declined") {
            counts.declined++
            expect(answer.status).toBe(402)
            expect(verified.plan.deposit).toEqual({ amount, status: "Rejected" })
            expect(t.events(id).map((e) => [e.type, e.data.depositAmount])).toEqual([["checkout.declined", amount]])
            return
          }
          counts.paid++
          expect(answer.status).toBe(200)
          const planId = answer.body.planId as string
          const plan = (await t.call("GET", `/api/v2/plans/${planId}`, undefined, AUTH)).body
          expect(plan.totalPaid).toBe(amount)
          expect(plan.installments[0]).toMatchObject({ installmentNumber: 1, amount, status: "PAID" })
          expect(verified.plan.deposit).toEqual({ amount, status: "Accepted" })
          const events = t.events(id, planId)
          const completed = events.find((e) => e.type === "checkout.completed")
          const paid = events.find((e) => e.type === "plan.installment_paid")
          expect(completed?.data.depositAmount).toBe(amount)
          expect(paid?.data).toMatchObject({ installmentNumber: 1, amount, totalPaid: amount })
        }),
        { numRuns: 200 }
      )
    } finally {
      t.close()
    }
    // the runs reach every outcome, and first payments above the deposit
    expect(Object.values(counts).every((n) => n > 0)).toBe(true)
  })
})
