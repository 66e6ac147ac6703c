/**
 * The faults the conformance kit is measured against: single, realistic
 * mistakes an implementation of the service could make, over R1–R9 and the
 * plan endpoints. Each is either patched into a copy of the sources the
 * sandbox runs on (`patches`), or rewritten into the sandbox's answers by a
 * proxy (`rewrite`). None of them is in the shipped sandbox.
 *
 * `rule` is the root cause a good report names; `accept` other numbers that
 * name it fairly (a field governed by two rules).
 */
import { type Answer, isService, type Patch } from "./service.ts"

export interface Fault {
  readonly name: string
  readonly rule: string
  readonly accept?: ReadonlyArray<string>
  readonly patches?: ReadonlyArray<Patch>
  readonly rewrite?: (answer: Answer) => void
}

const p = (file: string, find: string, replace: string): Patch => ({ file, find, replace })

const CURRENCY = "src/core/foundation/currency.ts"
const MONEY = "src/core/foundation/money.ts"
const ZONE = "src/core/foundation/time/zone.ts"
const CALENDAR = "src/core/foundation/time/calendar.ts"
const KIT = "src/core/internal/schema-kit.ts"
const REQUEST = "src/core/checkout/request.ts"
const TOTALS = "src/core/checkout/totals.ts"
// the minimum deposit's arithmetic and unit reader, Schema-free for the product-page element
const DEPOSIT = "src/core/deposit/unit-deposit.ts"
const POLICY = "src/core/refund-policy/policy.ts"
const SELECT = "src/core/refund/select.ts"
const CALCULATE = "src/core/refund/calculate.ts"
const CANCEL = "src/core/refund/cancel.ts"
// the plan terms' arithmetic, validation and schedule: the Schema-free kernel computeResult calls
const KERNEL = "src/core/plan-terms/kernel.ts"
// the past-date rule, Schema-free for the product-page element
const REDEMPTION = "src/core/checkout/redemption.ts"
const SCHEDULE = "src/core/plan-terms/schedule.ts"
// frequencies and weekdays in any case, Schema-free for the product-page element
const CADENCE_NAMES = "src/core/plan-terms/cadence-names.ts"
const LIFECYCLE = "src/core/plan/lifecycle.ts"
const CREATE_PLAN = "src/core/plan/create.ts"
const MERCHANT_ORDER = "src/core/plan/merchant-order.ts"
const NOTES = "src/core/plan/notes.ts"
const SEARCH = "src/core/search/evaluate.ts"
const CHECKOUTS = "src/adapters/sandbox/operations/checkouts.ts"
const PLANS = "src/adapters/sandbox/operations/plans.ts"
const ROUTER = "src/adapters/sandbox/routes/router.ts"

/** Adds up a create-checkout request's line totals in binary floating point, as a careless service would. */
const floatTotal = (request: unknown): number | undefined => {
  const items = (request as { items?: unknown })?.items
  if (!Array.isArray(items)) return undefined
  let sum = 0
  for (const item of items) sum += Number(item?.costPerItem) * Number(item?.quantity)
  return sum
}

export const FAULTS: ReadonlyArray<Fault> = [
  // R1 Money
  {
    name: "three-digit currencies read with two digits",
    rule: "R1.2",
    patches: [p(CURRENCY, "isZeroDecimal === true ? 0 : iso", "isZeroDecimal === true ? 0 : Math.min(iso, 2)")]
  },
  {
    name: "the merchant's isZeroDecimal ignored",
    rule: "R1.2",
    patches: [p(CURRENCY, "isZeroDecimal === true ? 0 : iso", "isZeroDecimal === true ? iso : iso")]
  },
  {
    name: "totalCost added up in binary floating point",
    rule: "R1.4",
    accept: ["R1.1"],
    rewrite: (a) => {
      if (a.method === "POST" && a.path === "/api/v2/checkout" && a.status === 201) {
        const sum = floatTotal(a.requestBody)
        if (sum !== undefined) a.body.totalCost = sum
      }
    }
  },
  {
    // differs from half-up only on an exact half of a minor unit whose quotient is even
    name: "a Percentage minimum deposit rounded half-even",
    rule: "R1.5",
    accept: ["R2.2", "R2.3"],
    patches: [
      p(
        DEPOSIT,
        "      minor = percentageOf(costPerItem, Math.min(value, 100))\n",
        "      minor = percentageOf(costPerItem, Math.min(value, 100))\n" +
          "      {\n" +
          "        const scaled = toMinorUnits(Math.min(value, 100), 8)\n" +
          "        const exact = typeof scaled === \"number\" ? BigInt(costPerItem) * BigInt(scaled) : 0n\n" +
          "        if (exact % 10_000_000_000n === 5_000_000_000n && minor % 2 === 1) minor -= 1\n" +
          "      }\n"
      )
    ]
  },
  {
    name: "halves rounded down (R1.5 says half-up)",
    rule: "R1.5",
    patches: [p(MONEY, "(2 * remainder >= d ? 1 : 0)", "(2 * remainder > d ? 1 : 0)")]
  },

  // R2 Checkout totals
  {
    name: "totalCost ignores the quantity",
    rule: "R2.1",
    patches: [p(TOTALS, "const lineTotal = cost * item.quantity", "const lineTotal = cost")]
  },
  {
    name: "a Currency minimum deposit not capped at the item's cost",
    rule: "R2.2",
    accept: ["R2.3"],
    patches: [p(DEPOSIT, "return Math.min(minor, costPerItem)", "return minor")]
  },
  {
    name: "the deposit unit read case-sensitively",
    rule: "R2.2",
    accept: ["R2.3"],
    patches: [
      // the one case-insensitive reader of units, made to compare as written
      p(
        DEPOSIT,
        "export const minimumDepositUnitOf = caseInsensitive(MINIMUM_DEPOSIT_UNITS)",
        "export const minimumDepositUnitOf = (text: string): (typeof MINIMUM_DEPOSIT_UNITS)[number] | undefined =>\n" +
          "  (MINIMUM_DEPOSIT_UNITS as ReadonlyArray<string>).includes(text) ? (text as (typeof MINIMUM_DEPOSIT_UNITS)[number]) : undefined"
      )
    ]
  },
  {
    name: "the merchant's default minimum deposit ignored",
    rule: "R2.2",
    accept: ["R2.3"],
    patches: [p(DEPOSIT, "const unit = ownUnit ?? merchant?.defaultMinDepositType", "const unit = ownUnit")]
  },
  {
    name: "the minimum deposit not multiplied by the quantity",
    rule: "R2.3",
    accept: ["R2.2"],
    patches: [p(TOTALS, "totalMinimumDeposit += unitDeposit * item.quantity", "totalMinimumDeposit += unitDeposit")]
  },
  {
    name: "completionDate the latest deadline, not the earliest",
    rule: "R2.4",
    patches: [
      p(
        TOTALS,
        "if (deadlineDay < completionDay) completionDay = deadlineDay",
        "if (completionDay === Infinity || deadlineDay > completionDay) completionDay = deadlineDay"
      )
    ]
  },
  {
    name: "the merchant's default payment deadline ignored",
    rule: "R2.4",
    patches: [
      p(
        TOTALS,
        "(typeof defaultDeadline === \"number\" && defaultDeadline >= 0 ? Math.floor(defaultDeadline) : 0)",
        "0"
      )
    ]
  },
  {
    name: "a checkout's date-times read in UTC, not the merchant's zone",
    rule: "R2.5",
    accept: ["R2.4"],
    patches: [
      p(
        CHECKOUTS,
        "    timeZone: merchant.timeZone\n  })\n  if (Result.isFailure(summary))",
        "    timeZone: \"UTC\"\n  })\n  if (Result.isFailure(summary))"
      )
    ]
  },

  // R3 Time
  {
    name: "an unknown time zone read as UTC",
    rule: "R3.1",
    patches: [
      p(ZONE, "typeof name === \"string\" && zone(name) !== undefined", "typeof name === \"string\""),
      p(
        ZONE,
        "if (z === undefined) throw new RangeError(`Unknown time zone ${timeZone}`)",
        "if (z === undefined) return zone(\"UTC\")!"
      )
    ]
  },
  {
    name: "days remaining counted one short",
    rule: "R3.2",
    accept: ["R7.1", "R7.2"],
    patches: [
      p(
        CALENDAR,
        "export const daysBetween = (a: EpochDay, b: EpochDay): number => b - a",
        "export const daysBetween = (a: EpochDay, b: EpochDay): number => b - a - 1"
      )
    ]
  },

  // R4 Checkout request validation
  {
    name: "only the first violation reported",
    rule: "R4.1",
    patches: [p(ROUTER, "issues: e.issues,", "issues: e.issues.slice(0, 1),")]
  },
  {
    name: "merchantOrderId not validated",
    rule: "R4.1",
    accept: ["R4.3"],
    patches: [p(REQUEST, "    merchantOrderId: PatternText(1, 256),", "    merchantOrderId: Schema.String,")]
  },
  {
    name: "lengths counted in UTF-16 units",
    rule: "R4.2",
    patches: [
      p(
        KIT,
        "const atMost = (s: string, max: number) => s.length <= max || codePointLength(s) <= max",
        "const atMost = (s: string, max: number) => s.length <= max"
      )
    ]
  },
  {
    name: "tabs and no-break spaces refused (\\s for the space)",
    rule: "R4.3",
    patches: [p(KIT, "if (c === 0x20 || c === 0x0a", "if (c === 0x09 || c === 0xa0 || c === 0x20 || c === 0x0a")]
  },
  {
    name: "line breaks accepted by the pattern",
    rule: "R4.3",
    patches: [
      p(
        KIT,
        "if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x2028 || c === 0x2029) return false",
        "if (c === 0x20) return false"
      )
    ]
  },
  {
    name: "a relative redirectURL accepted",
    rule: "R4.4",
    patches: [
      p(
        KIT,
        "const protocol = URL.parse(s)?.protocol",
        "const protocol = URL.parse(s, \"https://relative.example\")?.protocol"
      )
    ]
  },
  {
    name: "another merchant's merchantId accepted",
    rule: "R4.5",
    patches: [
      p(
        REQUEST,
        "if (options?.merchantId !== undefined && typeof merchantId === \"string\" && merchantId !== options.merchantId) {",
        "if (false) {"
      )
    ]
  },
  {
    name: "externalCode not checked against the merchant's sub-merchants",
    rule: "R4.5",
    patches: [p(REQUEST, "    Array.isArray(subMerchants) && typeof externalCode === \"string\" &&", "    false &&")]
  },
  {
    name: "a redemption date of today accepted",
    rule: "R4.6",
    patches: [
      p(
        REDEMPTION,
        "redemption._tag === \"Date\" ? redemption.day <= today : redemption.ms <= now",
        "redemption._tag === \"Date\" ? redemption.day < today : redemption.ms < now"
      )
    ]
  },
  {
    name: "two refund policies with the same days accepted",
    rule: "R4.6",
    patches: [
      p(
        POLICY,
        "const repeatedDays = (policies: ReadonlyArray<RefundPolicy>, found: Found): void => {",
        "const repeatedDays = (policies: ReadonlyArray<RefundPolicy>, found: Found): void => {\n  if (policies.length >= 0) return"
      )
    ]
  },
  {
    name: "a quantity of 0 accepted",
    rule: "R4.6",
    patches: [p(REQUEST, "    quantity: WholeNumber(1, \"R4.6\"),", "    quantity: WholeNumber(0, \"R4.6\"),")]
  },
  {
    name: "the default expiry 60 minutes, not 1440",
    rule: "R4.7",
    patches: [
      p(
        REQUEST,
        "expiry === undefined || expiry <= 0 ? DEFAULT_EXPIRY_MINUTES : expiry",
        "expiry === undefined || expiry <= 0 ? 60 : expiry"
      )
    ]
  },
  {
    name: "a fractional expiry accepted",
    rule: "R4.7",
    patches: [
      p(
        REQUEST,
        "const wholeMinutesOrDefault = (n: number): boolean => n <= 0 || Number.isInteger(n)",
        "const wholeMinutesOrDefault = (_n: number): boolean => true"
      )
    ]
  },
  {
    name: "a body that is not an object answered with a 500",
    rule: "R4.9",
    rewrite: (a) => {
      if (a.method === "POST" && a.path === "/api/v2/checkout" && Array.isArray(a.requestBody)) {
        a.status = 500
        a.body = { code: "internal_error", message: "Cannot read properties of undefined (reading 'items')" }
      }
    }
  },

  // R5 Splitting
  {
    name: "instalments rounded half-up instead of truncated",
    rule: "R5.1",
    patches: [
      p(
        MONEY,
        "let each = Math.trunc(minor / count)",
        "let each = Math.round(minor / count)\n  if (minor >= 0) return { each, remainder: minor - each * count }"
      )
    ]
  },
  {
    name: "the remainder paid with the last instalment",
    rule: "R5.2",
    patches: [
      p(
        KERNEL,
        "const firstPayment = Math.min(deposit, totalCost) + remainder",
        "const firstPayment = Math.min(deposit, totalCost) + (count === 0 ? remainder : 0)"
      ),
      p(
        KERNEL,
        "date: formatDate(dates[i]!), amount: each }",
        "date: formatDate(dates[i]!), amount: i === t.count - 1 ? fromMinorUnits(t.each + t.remainder, exponent) : each }"
      )
    ]
  },

  // R6 Plan terms
  {
    name: "the plan date taken in UTC, not the request's zone",
    rule: "R6.1",
    patches: [
      p(KERNEL, "const planDay = localDay(now, timeZone)", "const planDay = localDay(now, \"UTC\")")
    ]
  },
  {
    name: "the frequency read case-sensitively",
    rule: "R6.2",
    patches: [
      p(
        CADENCE_NAMES,
        "export const frequencyOf: (text: string) => Frequency | undefined = caseInsensitive(FREQUENCIES)",
        "export const frequencyOf: (text: string) => Frequency | undefined = (text) =>\n" +
          "  (FREQUENCIES as ReadonlyArray<string>).includes(text) ? (text as Frequency) : undefined"
      )
    ]
  },
  {
    name: "a missing weekday read as Monday, not the plan date's",
    rule: "R6.2",
    patches: [p(SCHEDULE, "dayOfWeek: dayOfWeek ?? Time.weekday(planDay)", "dayOfWeek: dayOfWeek ?? 1")]
  },
  {
    name: "the first weekly instalment more than 7 days after the plan date",
    rule: "R6.3",
    patches: [
      p(
        SCHEDULE,
        "const earliest = planDay + (cadence.frequency === \"Weekly\" ? 7 : 14)",
        "const earliest = planDay + 1 + (cadence.frequency === \"Weekly\" ? 7 : 14)"
      )
    ]
  },
  {
    // a plan date's own day of month (or a cadence without its day) pays its first instalment that day
    name: "a monthly plan's first instalment on the plan date (day D today)",
    rule: "R6.3",
    patches: [p(SCHEDULE, "return inPlanMonth > planDay", "return inPlanMonth >= planDay")]
  },
  {
    name: "day D of a short month not clamped to its last day",
    rule: "R6.3",
    patches: [p(SCHEDULE, "Math.min(dayOfMonth, Time.daysInMonth(year, month))", "dayOfMonth")]
  },
  {
    name: "instalments strictly before the completion date",
    rule: "R6.3",
    patches: [
      p(SCHEDULE, "for (; date <= completionDay; date += step)", "for (; date < completionDay; date += step)"),
      p(SCHEDULE, "while (date <= completionDay) {", "while (date < completionDay) {")
    ]
  },
  {
    name: "the deposit range ignores maximumPaymentAmount",
    rule: "R6.4",
    patches: [
      p(
        KERNEL,
        "Math.max(0, Math.min(totalCost - bounds.minimum, bounds.maximum ?? Infinity))",
        "Math.max(0, totalCost - bounds.minimum)"
      )
    ]
  },
  {
    name: "no instalment dropped below the minimum payment",
    rule: "R6.5",
    patches: [
      p(KERNEL, "count = Math.min(input.dateCount, Math.trunc(rest / bounds.minimum))", "count = input.dateCount")
    ]
  },
  {
    name: "a payment above maximumPaymentAmount not reported",
    rule: "R6.6",
    patches: [
      p(KERNEL, "if (aboveMaximumPayment(firstPayment) || (count > 0 && aboveMaximumPayment(each))) {", "if (false) {")
    ]
  },
  {
    name: "PayInFull unavailable (computed as instalments)",
    rule: "R6.8",
    patches: [p(KERNEL, "if (input.planType === \"PayInFull\") {", "if (false) {")]
  },
  {
    name: "plan record: due instants at midnight UTC, not in the plan's zone",
    rule: "R6.9",
    patches: [p(CREATE_PLAN, "due: instantOf(date, zone)", "due: instantOf(date, \"UTC\")")]
  },

  // R7 Refunds
  {
    name: "days remaining counted in UTC, not the plan's zone",
    rule: "R7.1",
    accept: ["R7.2"],
    patches: [p(CALCULATE, "const today = Time.localDay(at, zone)", "const today = Time.localDay(at, \"UTC\")")]
  },
  {
    name: "a tie of policies settled by the last one",
    rule: "R7.2",
    patches: [
      p(
        SELECT,
        "if (days >= daysRemaining && days < activeDays) {",
        "if (days >= daysRemaining && days <= activeDays) {"
      )
    ]
  },
  {
    name: "a policy not active on its exact day (> for >=)",
    rule: "R7.2",
    patches: [
      p(SELECT, "if (days >= daysRemaining && days < activeDays) {", "if (days > daysRemaining && days < activeDays) {")
    ]
  },
  {
    name: "the merchant's default refund policies ignored",
    rule: "R7.2",
    patches: [
      p(
        CALCULATE,
        "own === undefined || own.length === 0 ? defaults : own",
        "own === undefined || own.length === 0 ? EMPTY : own"
      )
    ]
  },
  {
    name: "the refundable part truncated, not rounded",
    rule: "R7.3",
    accept: ["R1.5"],
    patches: [
      p(
        CALCULATE,
        ": lineTotal - percentageOf(lineTotal, policies[active]!.refundablePercentage)",
        ": lineTotal - Math.trunc((lineTotal * policies[active]!.refundablePercentage) / 100)"
      ),
      p(
        CALCULATE,
        ": lineTotal - percentageOf(lineTotal, policy.refundablePercentage)",
        ": lineTotal - Math.trunc((lineTotal * policy.refundablePercentage) / 100)"
      )
    ]
  },
  {
    name: "depositRefundable ignored",
    rule: "R7.4",
    patches: [
      p(
        CALCULATE,
        "const minDeposit = item.depositRefundable === false",
        "const minDeposit = false && item.depositRefundable === false"
      )
    ]
  },
  {
    name: "the deposit and the policy added, not the greater of them",
    rule: "R7.5",
    patches: [
      p(
        CALCULATE,
        "minDeposit > policyNonRefundable ? minDeposit : policyNonRefundable",
        "minDeposit + policyNonRefundable"
      )
    ]
  },
  {
    name: "a negative suggested refund",
    rule: "R7.6",
    patches: [
      p(
        CALCULATE,
        "paidMinor > totalNonRefundable ? paidMinor - totalNonRefundable : 0",
        "paidMinor - totalNonRefundable"
      )
    ]
  },
  {
    name: "a policy's activeFrom at midnight UTC",
    rule: "R7.7",
    patches: [
      p(
        CALCULATE,
        "activeFrom: activeFrom(redemption - days, zone),",
        "activeFrom: activeFrom(redemption - days, \"UTC\"),"
      )
    ]
  },
  {
    // the bound is checked where the request is read and where the plan moves: both off by one
    name: "a refund one minor unit above what was paid accepted",
    rule: "R7.8",
    patches: [
      p(CANCEL, "else if (paid !== undefined && minor > paid) {", "else if (paid !== undefined && minor - 1 > paid) {"),
      p(LIFECYCLE, "if (refund > paid) {", "if (refund - 1 > paid) {")
    ]
  },
  {
    name: "a cancelled plan cancelled again",
    rule: "R7.8",
    patches: [
      p(CANCEL, "if (typeof status === \"string\" && planStatusOf(status) === \"Cancelled\") {", "if (false) {"),
      p(LIFECYCLE, "if (plan.status === \"Cancelled\" && read.tag !== \"MerchantOrderSet\") {", "if (false) {"),
      p(
        LIFECYCLE,
        "PlanCancelled: [\"PendingDeposit\", \"OnSchedule\", \"Late\", \"Completed\"],",
        "PlanCancelled: [\"PendingDeposit\", \"OnSchedule\", \"Late\", \"Completed\", \"Cancelled\"],"
      )
    ]
  },

  // R8 Verification and redirect
  {
    name: "the redirect URL built by string concatenation",
    rule: "R8.1",
    patches: [
      p(
        CHECKOUTS,
        "  const url = new URL(checkout.request.redirectURL)\n  url.searchParams.set(CHECKOUT_ID_PARAMETER, checkout.id)\n  return url.toString()",
        "  return `${checkout.request.redirectURL}?${CHECKOUT_ID_PARAMETER}=${checkout.id}`"
      )
    ]
  },
  {
    name: "a declined deposit retrieved as Accepted",
    rule: "R8.2",
    patches: [
      p(
        CHECKOUTS,
        "deposit: { amount: checkout.deposit.amount, status: \"Rejected\" } } }",
        "deposit: { amount: checkout.deposit.amount, status: \"Accepted\" } } }"
      )
    ]
  },

  // R9: search, notes, plan records and merchant orders (their semantics are the engine's, read by R9)
  {
    name: "search: ties of a descending sort by id descending",
    rule: "R9",
    patches: [
      p(
        SEARCH,
        "return x < y ? -1 : x > y ? 1 : index - b.index",
        "return (x < y ? -1 : x > y ? 1 : 0) * direction || index - b.index"
      )
    ]
  },
  {
    name: "search: gte read as gt",
    rule: "R9",
    patches: [p(SEARCH, "return (k) => k >= target", "return (k) => k > target")]
  },
  {
    name: "search: totalRowCount counts the page",
    rule: "R9",
    patches: [p(SEARCH, "totalRowCount: total,", "totalRowCount: page.length,")]
  },
  {
    name: "notes: soft-deleted notes listed",
    rule: "R9",
    patches: [p(NOTES, "showSoftDeleted || n.isSoftDeleted !== true", "showSoftDeleted || n.isSoftDeleted !== 1")]
  },
  {
    name: "notes: the pinned note repeated in the list",
    rule: "R9",
    patches: [
      p(
        NOTES,
        "const rows = visible.filter((n) => n !== pinned).sort(newestFirst)",
        "const rows = visible.filter(() => true).sort(newestFirst)"
      )
    ]
  },
  {
    name: "notes: a next link on the last page",
    rule: "R9",
    patches: [p(NOTES, "next: offset + pageSize < rowCount ?", "next: offset + pageSize <= rowCount ?")]
  },
  {
    name: "merchant order: answered but not saved",
    rule: "R9",
    patches: [
      p(
        PLANS,
        "  savePlan(env, { ...plan, record })\n  return { planId: request.planId, merchantOrderId: request.merchantOrderId }",
        "  return { planId: request.planId, merchantOrderId: request.merchantOrderId }"
      )
    ]
  },
  {
    name: "merchant order: a space in merchantOrderId accepted",
    rule: "R4.3",
    accept: ["R4.1"],
    patches: [p(MERCHANT_ORDER, "    merchantOrderId: MerchantOrderId\n", "    merchantOrderId: Schema.String\n")]
  }
]

/** Answers that differ from the sandbox's only in ways R9 tolerates: no report may disagree with them. */
export const TOLERATED: ReadonlyArray<{ readonly name: string; readonly rewrite?: (answer: Answer) => void }> = [
  { name: "the sandbox as it is" },
  {
    name: "every number of the service's answers sent as a string",
    rewrite: (a) => {
      if (isService(a)) a.body = deep(a.body, (v) => (typeof v === "number" ? String(v) : v))
    }
  },
  {
    name: "an unknown field added to every object of the service's answers",
    rewrite: (a) => {
      if (isService(a)) {
        // an object of the service's answers, not a map of the merchant's own (its metadata)
        a.body = deep(
          a.body,
          (v, key) =>
            typeof v === "object" && v !== null && !Array.isArray(v) && key !== "merchantMetadata"
              ? { ...v, extensionField: { added: true } }
              : v
        )
      }
    }
  }
]

/** `f` applied to every value of a JSON tree, bottom up, with the key it is under. */
const deep = (value: unknown, f: (v: unknown, key?: string) => unknown, key?: string): unknown => {
  if (Array.isArray(value)) return f(value.map((v) => deep(v, f)), key)
  if (typeof value === "object" && value !== null) {
    return f(Object.fromEntries(Object.entries(value).map(([k, v]) => [k, deep(v, f, k)])), key)
  }
  return f(value, key)
}
