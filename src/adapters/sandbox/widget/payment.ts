/**
 * What the hosted page charges: one amount per payment. The customer pays
 * today the first payment of the schedule the page shows, the deposit with the
 * split's remainder (R5.2, R6.9), never an amount the page works out itself.
 * The pay button shows it, and paying sends the very request that computed the
 * shown terms with that amount, which the sandbox charges or refuses
 * (docs/decisions/0024-one-amount-per-payment.md).
 *
 * Browser code, bundled into the page's script; tests import it as the page
 * does (test/adapters/sandbox/widget/payment.test.ts).
 *
 * @module
 */
import { fromMinorUnits } from "../../../core/foundation/money.ts"
import { formatMinor, minorOf, type PageCurrency } from "./money.ts"
import type { CompletionBody, Received, WidgetPlanTerms } from "./protocol.ts"

/** The plan-terms answer as the page reads it: the core's `PlanTerms`, received tolerantly. */
export type Terms = Received<WidgetPlanTerms>

/** One payment of a schedule (R6.9), received tolerantly. */
export type SchedulePayment = NonNullable<NonNullable<Terms["schedule"]>[number]>

export type { CompletionBody }

/** Terms with nothing that makes them unacceptable (R6.6): no `installments.validation` entry. */
export const isAcceptable = (terms: Terms | undefined | null): boolean => {
  const list = terms?.installments?.validation
  return !Array.isArray(list) || list.length === 0
}

/**
 * What the customer pays today for `terms`, in minor units: payment 1 of the
 * schedule, the deposit with the split's remainder (R5.2, R6.9). Null when the
 * terms have no such payment, or one the currency cannot hold (R1.3).
 */
export const firstPayment = (terms: Terms | undefined | null, digits: number): number | null => {
  const first = Array.isArray(terms?.schedule) ? terms.schedule[0] : undefined
  return first !== undefined && Number(first.installmentNumber) === 1 ? minorOf(first.amount, digits) : null
}

/** What the pay button says before there are terms to pay. */
export const PAY = "Pay"

/**
 * The pay button's words for the terms shown: "Pay AUD 100.01 today" (the first
 * payment, which is more than the deposit when the split leaves a remainder),
 * "Pay in full: AUD 1,100.00" (R6.8), or {@link PAY} while there is no amount.
 */
export const payButtonText = (terms: Terms | undefined | null, currency: PageCurrency, payInFull: boolean): string => {
  const minor = firstPayment(terms, currency.digits)
  if (minor === null) return PAY
  const amount = formatMinor(minor, currency)
  return payInFull ? `Pay in full: ${amount}` : `Pay ${amount} today`
}

/**
 * Whether the customer can pay the terms shown: they are acceptable (R6.6),
 * have a first payment, and were computed for the deposit the customer entered
 * (in minor units; null while the entry is invalid). Terms of an earlier
 * deposit, still shown while new ones are computed or after that failed, are
 * not paid.
 */
export const canPay = (terms: Terms | undefined | null, deposit: number | null, digits: number): boolean =>
  isAcceptable(terms) && firstPayment(terms, digits) !== null && deposit !== null &&
  minorOf(terms?.deposit?.amount, digits) === deposit

/**
 * What paying sends: the card, the request that computed the terms shown, and
 * their first payment. Null when the terms have no first payment to pay.
 */
export const completionBody = <R>(
  card: string,
  planTerms: R,
  terms: Terms | undefined | null,
  digits: number
): CompletionBody<R> | null => {
  const minor = firstPayment(terms, digits)
  return minor === null ? null : { card, planTerms, firstPayment: fromMinorUnits(minor, digits) }
}
