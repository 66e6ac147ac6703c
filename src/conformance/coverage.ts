/**
 * A run's reach: which boundary classes of the testing kit
 * (`testing/boundaries.ts`) its scenarios reached, decided from what was sent
 * as the engine reads it (a checkout's totals, the terms of a plan-terms
 * request, the calculation of a plan paid), and the coverage table of the report:
 * per class, how often it was reached, and whether the run could reach it at
 * all (a group not selected, a merchant without default policies that tie, a
 * service reading dates in UTC).
 *
 * @module
 */
import type { CheckoutRequest } from "../core/checkout/index.ts"
import * as Money from "../core/foundation/money.ts"
import * as Time from "../core/foundation/time/index.ts"
import { type PlanTerms, WEEKDAYS } from "../core/plan-terms/index.ts"
import { computePlanTermsResult, summarizeCheckoutResult } from "../facade/index.ts"
import {
  applicable,
  BOUNDARY_CLASSES,
  checkoutBoundaries,
  refundBoundaries,
  termsBoundaries
} from "../testing/boundaries.ts"
import type { CheckGroup } from "./config.ts"
import type { ClassTally } from "./report.ts"
import type { CurrencyInfo, GenerationContext } from "./scenarios.ts"
import type { Session } from "./session.ts"
import { CREATE_SLOTS, engineCalculation, PLANS_SLOTS, REFUND_SLOTS, TERMS_SLOTS, VERIFY_SLOTS } from "./targets.ts"

/** What classification needs of a session: generation's context, the merchant, the zone and the clock. */
export interface Reach {
  readonly context: GenerationContext
  readonly merchant: unknown
  /** The zone the service reads a checkout's date-times in. */
  readonly timeZone: string
  readonly now: () => number
}

/** What classification needs of a session. */
export const reachOf = (session: Session): Reach => ({
  context: session.context,
  merchant: session.merchant,
  timeZone: session.timeZone,
  now: session.clock.now
})

/** The classes of R1.5, R2.2–R2.4 a created checkout reaches. */
export const checkoutClasses = (reach: Reach, request: CheckoutRequest): Array<string> =>
  checkoutBoundaries(request, { merchant: reach.merchant as never, timeZone: reach.timeZone })

const minorOf = (n: unknown, exponent: number): number => Money.toMinorUnits(n, exponent) as number

/** The classes of R5, R6.2–R6.5 a plan-terms request for `checkout` reaches, as the engine computes it now. */
export const termsClasses = (
  reach: Reach,
  checkout: CheckoutRequest,
  request: { readonly timeZone: string; readonly installments?: { readonly cadence?: unknown } | undefined },
  currency: CurrencyInfo
): Array<string> => {
  const now = reach.now()
  const merchant = reach.merchant as never
  const answer = computePlanTermsResult(checkout, request, { now, merchant })
  if (!answer.ok) return []
  const terms: PlanTerms = answer.value
  const summary = summarizeCheckoutResult(checkout, { now, merchant, timeZone: request.timeZone })
  const completion = summary.ok ? Time.parseDate(summary.value.completionDate) : undefined
  if (completion === undefined) return []
  const e = currency.exponent
  const cadence = terms.installments.cadence
  // the count without R6.5's dropping: a minimum payment of nothing drops nothing
  const lowered = merchant === undefined ? undefined : {
    ...(merchant as Record<string, unknown>),
    currencies: ((merchant as { currencies?: ReadonlyArray<unknown> }).currencies ?? []).map((c) =>
      typeof c === "object" && c !== null ? { ...c, minimumPaymentAmount: 0 } : c
    )
  }
  const undropped = computePlanTermsResult(checkout, request, { now, merchant: lowered as never })
  return termsBoundaries({
    planType: terms.planType,
    asked: request.installments?.cadence as never,
    cadence: cadence.frequency === "Monthly"
      ? { frequency: "Monthly", dayOfMonth: (cadence.on as { dayOfMonth: number }).dayOfMonth }
      : {
        frequency: cadence.frequency,
        dayOfWeek: Math.max(
          0,
          (WEEKDAYS as ReadonlyArray<string>).indexOf((cadence.on as { dayOfWeek: string }).dayOfWeek)
        )
      },
    planDay: Time.localDay(now, request.timeZone),
    completionDay: completion,
    dates: terms.schedule.slice(1).map((p) => Time.parseDate(p.date)!),
    count: terms.installments.count,
    remainder: minorOf(terms.installments.remainder, e),
    deposit: minorOf(terms.deposit.amount, e),
    rangeMin: minorOf(terms.deposit.range.min, e),
    rangeMax: minorOf(terms.deposit.range.max, e),
    totalCost: minorOf(terms.totalCost, e),
    minimumPayment: currency.minimumMinor,
    maximumPayment: currency.maximumMinor,
    undropped: undropped.ok ? undropped.value.installments.count : undefined,
    firstPayment: minorOf(terms.schedule[0]?.amount, e),
    each: minorOf(terms.installments.amount, e)
  })
}

/** The classes of R1.5 (halves of refundable parts), R7.2–R7.6 a plan of `request` paid `paid` minor units reaches. */
export const refundClasses = (
  reach: Reach,
  request: CheckoutRequest,
  paid: number,
  zone: string,
  currency: CurrencyInfo
): Array<string> => {
  const now = reach.now()
  const calculation = engineCalculation(request, paid, currency.exponent, zone, now, reach.merchant)
  if (calculation === undefined) return []
  const defaults = ((reach.merchant as { defaultRefundPolicies?: unknown } | undefined)?.defaultRefundPolicies ??
    []) as ReadonlyArray<{ daysWithinRedemptionDate: number; refundablePercentage: number }>
  const redemptionDays = request.items.map((item) => {
    const parsed = Time.parseDateOrInstant(item.redemptionDate)
    return parsed === undefined ? Number.NaN : parsed._tag === "Date" ? parsed.day : Time.localDay(parsed.ms, zone)
  })
  return refundBoundaries({
    exponent: currency.exponent,
    calculation,
    daysRemaining: redemptionDays.map((day) => day - Time.localDay(now, zone)),
    utcDaysRemaining: redemptionDays.map((day) => day - Time.utcDay(now)),
    policies: request.items.map((item) =>
      item.refundPolicies !== undefined && item.refundPolicies.length > 0 ? item.refundPolicies : defaults
    )
  })
}

/** The groups whose slots target each class (search and notes classes: their own group). */
const TARGETED_BY: ReadonlyMap<string, ReadonlySet<CheckGroup>> = (() => {
  const map = new Map<string, Set<CheckGroup>>()
  const add = (group: CheckGroup, slots: ReadonlyArray<ReadonlyArray<string>>) => {
    for (const slot of slots) {
      for (const target of slot) {
        const id = target.replace(/^\d:/, "")
        map.set(id, (map.get(id) ?? new Set()).add(group))
      }
    }
  }
  add("create", CREATE_SLOTS)
  add("terms", TERMS_SLOTS)
  add("refund", REFUND_SLOTS)
  add("verify", VERIFY_SLOTS)
  add("plans", PLANS_SLOTS)
  for (const c of BOUNDARY_CLASSES) {
    if (c.rule === "search" || c.rule === "notes") map.set(c.id, new Set([c.rule]))
  }
  return map
})()

/**
 * The coverage table of a run: each class, how often it was reached, and
 * whether the run was expected to reach it (a group targeting it ran, and
 * the merchant's configuration and the service's zone allow it).
 *
 * @since 0.2.0
 */
export const coverageTallies = (
  reached: ReadonlyMap<string, number>,
  ran: ReadonlyArray<CheckGroup>,
  merchant: unknown,
  serviceZone: string
): Array<ClassTally> =>
  BOUNDARY_CLASSES.map((c) => {
    const groups = [...(TARGETED_BY.get(c.id) ?? [])]
    const selected = groups.some((g) => ran.includes(g))
    const possible = applicable(c.id, merchant as never, serviceZone)
    return {
      rule: c.rule,
      class: c.id.slice(c.rule.length + 1),
      description: c.description,
      reached: reached.get(c.id) ?? 0,
      expected: selected && possible,
      ...(selected && possible
        ? {}
        : {
          why: !selected
            ? `no group that targets it ran (${groups.join(", ")})`
            : "the merchant's configuration or the service's zone rules it out"
        })
    }
  })
