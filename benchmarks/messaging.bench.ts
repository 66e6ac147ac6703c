/**
 * Budgets of plan messaging:
 * - `planMessage` within 1.5× `computePlanTerms` on the same input: both cases in the table, and
 *   the ratio measured again in interleaved rounds (a note with its budget), so a burst of load on
 *   the shared machine falls on both;
 * - rendering 100 `<payment-plan-message>` elements (100 different products) at most 20 ms in
 *   total in headless Chromium, with the time of a plain `textContent` write of the same 100
 *   sentences as the baseline ratio (a note with its budget).
 */
import { fromMinorUnits } from "../src/core/foundation/money.ts"
import { type CheckoutRequest, computePlanTerms } from "../src/index.ts"
import { planMessage } from "../src/messaging/index.ts"
import type { Note, Suite } from "./harness.ts"

const now = "2026-11-22T09:30:00Z"
const merchant = { currencies: [{ currencyCode: "AUD", minimumPaymentAmount: 1, maximumPaymentAmount: 10_000 }] }
const item = {
  currencyCode: "AUD",
  costPerItem: 1234.57,
  quantity: 2,
  minimumDepositPerItem: { unit: "Percentage", value: 10 },
  // 52 Sundays from 29 Nov 2026 to 21 Nov 2027
  redemptionDate: "2027-11-21T10:00:00+11:00",
  paymentDeadline: 0
}
const { currencyCode, ...rest } = item
// the item as a checkout: what planMessage prices (computePlanTerms reads only these fields of a request)
const checkout = { currencyCode, items: [rest] } as unknown as CheckoutRequest
const request = {
  checkoutId: "chk_message",
  type: "plan",
  timeZone: "Australia/Sydney",
  installments: { cadence: { frequency: "Weekly", on: { dayOfWeek: "Sunday" } } }
} as const
const options = {
  now,
  timeZone: "Australia/Sydney",
  frequency: "Weekly",
  dayOfWeek: "Sunday",
  merchant,
  locale: "en-AU"
} as const

const message = planMessage(item, options)
const terms = computePlanTerms(checkout, request, { now, merchant })
if (!message.ok || JSON.stringify(message.value.terms) !== JSON.stringify(terms) || terms.installments.count !== 52) {
  throw new Error("the benchmark's message must carry computePlanTerms' 52 weekly instalments")
}

let price = 0
/** A new price each call: the formatting caches miss, as for a page of many products. */
const newPrice = () => {
  price = (price + 1) % 100_000
  const answer = planMessage({ ...item, costPerItem: fromMinorUnits(100_000 + price, 2) }, options)
  if (!answer.ok) throw new Error(JSON.stringify(answer.issues))
  return answer
}
let basePrice = 0
/** The same for computePlanTerms: its baseline. */
const newPriceTerms = () => {
  basePrice = (basePrice + 1) % 100_000
  const priced = {
    currencyCode,
    items: [{ ...rest, costPerItem: fromMinorUnits(100_000 + basePrice, 2) }]
  } as unknown as CheckoutRequest
  return computePlanTerms(priced, request, { now, merchant })
}

const median = (values: Array<number>): number => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/**
 * planMessage ÷ computePlanTerms in 61 interleaved pairs of rounds of 1,000 calls each: the
 * median of the pairs' ratios (a burst of load on the shared machine falls on both halves of a
 * pair), and the ratio of the fastest rounds (what each costs when nothing else runs).
 */
const interleavedRatio = (): Note => {
  const round = (f: () => unknown) => {
    const start = process.hrtime.bigint()
    for (let i = 0; i < 1_000; i++) f()
    return Number(process.hrtime.bigint() - start) / 1_000
  }
  const base: Array<number> = []
  const messaging: Array<number> = []
  const ratios: Array<number> = []
  for (let r = 0; r < 61; r++) {
    base.push(round(() => computePlanTerms(checkout, request, { now, merchant })))
    messaging.push(round(() => planMessage(item, options)))
    ratios.push(messaging.at(-1)! / base.at(-1)!)
  }
  const paired = median(ratios)
  const fastest = Math.min(...messaging) / Math.min(...base)
  return {
    text:
      `planMessage ÷ computePlanTerms on the same item, 61 interleaved pairs of 1,000 calls: median of the pairs' ratios ${
        paired.toFixed(2)
      }× (budget ≤ 1.5×); fastest rounds ${fastest.toFixed(2)}× (${(Math.min(...messaging) / 1000).toFixed(2)} µs ÷ ${
        (Math.min(...base) / 1000).toFixed(2)
      } µs)`,
    pass: paired <= 1.5
  }
}

/**
 * 100 elements rendered in headless Chromium (dom/rendering.ts: its page callback names the DOM, which
 * this program's tsconfig leaves out, so it is loaded by a path the compiler does not follow).
 */
const rendering = async (): Promise<Array<Note>> => {
  const module: { rendering: () => Promise<Array<Note>> } = await import(
    new URL("./dom/rendering.ts", import.meta.url).href
  )
  return module.rendering()
}

export const suite: Suite = {
  title: "Plan messaging: planMessage and the <payment-plan-message> element",
  budgetsOf: "plan messaging",
  cases: [
    {
      name: "computePlanTerms (one item, 52 weekly)",
      run: () => computePlanTerms(checkout, request, { now, merchant })
    },
    {
      name: "planMessage (the same item)",
      run: () => planMessage(item, options),
      compareWith: ["computePlanTerms (one item, 52 weekly)"]
    },
    { name: "computePlanTerms (a new price each call)", run: newPriceTerms },
    {
      name: "planMessage (a new price each call)",
      run: newPrice,
      compareWith: ["computePlanTerms (a new price each call)"]
    }
  ],
  notes: async () => [interleavedRatio(), ...(await rendering())]
}
