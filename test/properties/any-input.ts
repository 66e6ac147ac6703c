/**
 * Inputs of any shape for the surface's properties (R4.9, R10.2): `fc.anything()` mixed with
 * near-valid values of the testing kit (requests, plans, events, configurations, options), and
 * near-valid values changed at one place.
 */
import fc from "fast-check"
import * as Root from "../../src/index.ts"
import {
  checkoutRequest,
  instant,
  managedPlan,
  merchantConfiguration,
  planEvent,
  planSummaries,
  planTermsRequest,
  refundPlan,
  refundPolicies,
  timeZone
} from "../../src/testing/arbitraries.ts"

export const NOW = Date.UTC(2026, 10, 22)

export const isPlainObject = (u: unknown): u is Record<string, unknown> =>
  typeof u === "object" && u !== null && Object.getPrototypeOf(u) === Object.prototype

/** Every place of a JSON-like value where a value can be put: its containers and their keys. */
const places = (value: unknown, found: Array<[Record<string, unknown> | Array<unknown>, string | number]> = []) => {
  if (Array.isArray(value)) {
    value.forEach((v, i) => {
      found.push([value, i])
      places(v, found)
    })
  } else if (isPlainObject(value)) {
    for (const key of Object.keys(value)) {
      found.push([value, key])
      places(value[key], found)
    }
  }
  return found
}

/** A copy of the arrays and plain objects of a value (anything else is shared). */
const copied = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(copied)
    : isPlainObject(value)
    ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copied(v)]))
    : value

/** `value` with the value at one of its places replaced (or a key added at the top). */
const mutated = (value: unknown, at: number, replacement: unknown, key: string): unknown => {
  const copy = copied(value)
  const all = places(copy)
  if (all.length === 0) return isPlainObject(copy) ? { [key]: replacement } : copy
  const [container, k] = all[at % all.length]!
  ;(container as Record<string | number, unknown>)[k] = replacement
  if (at % 7 === 0 && isPlainObject(copy)) copy[key] = replacement
  return copy
}

/** Options as the plain functions take them, some keys of each, `unknownFields` of every kind. */
export const options = fc.record(
  {
    at: fc.oneof(instant, fc.constant("2027-01-20T09:00:00+11:00")),
    now: fc.oneof(instant, fc.constant(NOW)),
    timeZone,
    merchant: merchantConfiguration(),
    planId: fc.constantFrom("plan_1", ""),
    selfUrl: fc.constantFrom("/api/v2/plans/plan_1/notes", "https://x.example/notes"),
    merchantId: fc.constantFrom("merchant-a", "merchant-123"),
    checkoutId: fc.constantFrom("chk_1", "chk_7Hq2LmX9"),
    unknownFields: fc.constantFrom("warn", "error", "ignore", "loud")
  },
  { requiredKeys: [] }
)

/** Options of one function each: what a caller writes (`at` and `timeZone` for a calculation, …). */
const optionsOfOne = fc.oneof(
  fc.record({
    at: fc.constant("2027-01-20T09:00:00+11:00"),
    timeZone,
    unknownFields: fc.constantFrom("warn", "ignore")
  }, {
    requiredKeys: ["at"]
  }),
  fc.record({ now: fc.constant(NOW), timeZone, merchant: merchantConfiguration() }, { requiredKeys: ["now"] }),
  fc.record({ now: fc.constant(NOW), planId: fc.constant("plan_1") }),
  fc.record({ selfUrl: fc.constant("/api/v2/plans/plan_1/notes") }),
  fc.record({ merchantId: fc.constantFrom("merchant-a", "merchant-123") })
)

/** Values of the testing kit a function may be given. */
export const nearValid: fc.Arbitrary<unknown> = fc.oneof(
  optionsOfOne,
  checkoutRequest({ now: NOW }),
  checkoutRequest({ now: NOW }).map((request) => ({ ...request, id: "chk_1" })),
  refundPlan({ now: NOW }),
  managedPlan(),
  managedPlan().chain((plan) => planEvent(plan)),
  merchantConfiguration(),
  planTermsRequest(),
  refundPolicies,
  planSummaries(4),
  options,
  fc.record({ limit: fc.constantFrom("5", 500, -1), filters: fc.constant([]), page: fc.integer() }, {
    requiredKeys: []
  }),
  fc.record({ planId: fc.constant("plan_1"), pageSize: fc.constantFrom("10", 0) }, { requiredKeys: [] }),
  fc.constantFrom(
    "AUD",
    "JPY",
    "Australia/Sydney",
    "2027-03-01",
    "https://shop.example/return?service_checkout_id=chk_1",
    new URLSearchParams("limit=2&sortField=nope"),
    100,
    3,
    0.5
  ),
  instant
)

/** One argument of any shape. */
export const argument: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 2, arbitrary: fc.anything() },
  { weight: 3, arbitrary: nearValid },
  {
    weight: 3,
    arbitrary: fc.tuple(nearValid, fc.nat(), fc.anything(), fc.constantFrom("zz", "timezone", "refundPolicy")).map((
      [value, at, replacement, key]
    ) => mutated(value, at, replacement, key))
  }
)

/** Argument lists of up to one more than `length` arguments. */
export const argumentLists = (length: number) =>
  fc.array(argument, { minLength: 0, maxLength: Math.max(length, 1) + 1 })

// ---------------------------------------------------------------------------
// Calls that work, then changed at one place

const notes = fc.array(
  fc.record({
    id: fc.stringMatching(/^n[0-9]{1,3}$/),
    note: fc.string({ maxLength: 20 }),
    createdAt: instant.map((ms) => new Date(ms).toISOString()),
    isPinned: fc.boolean(),
    isSoftDeleted: fc.boolean()
  }, { requiredKeys: ["id", "note"] }),
  { maxLength: 6 }
)

/**
 * For each calculation of the root, argument lists that compute (mostly): a request, a plan, an
 * event and the options a caller writes. A calculation without an entry is given arbitrary
 * arguments by the properties.
 */
export const workingCalls: Readonly<Record<string, fc.Arbitrary<Array<unknown>>>> = {
  summarizeCheckout: fc.tuple(
    checkoutRequest({ now: NOW }),
    fc.record({ now: fc.constant(NOW), timeZone, merchant: merchantConfiguration() }, { requiredKeys: ["now"] })
  ),
  splitInstallments: fc.tuple(
    fc.integer({ min: 0, max: 10_000_000 }).map((minor) => minor / 100),
    fc.integer({ min: 1, max: 24 }),
    fc.constantFrom("AUD", "USD", "JPY"),
    fc.record({ merchant: merchantConfiguration() }, { requiredKeys: [] })
  ),
  computePlanTerms: checkoutRequest({ now: NOW }).chain((request) =>
    fc.tuple(fc.constant(request), planTermsRequest(), fc.constant({ now: NOW }))
  ),
  createPlanRecord: fc.tuple(
    checkoutRequest({ now: NOW, currencyCode: fc.constant("AUD") }),
    fc.constantFrom("Weekly", "Fortnightly", "Monthly"),
    timeZone
  ).map(([request, frequency, zone]) => {
    const terms = Root.computePlanTermsResult(request, {
      checkoutId: "chk_1",
      type: "plan",
      timeZone: zone,
      installments: { cadence: { frequency } }
    }, { now: NOW })
    return [request, terms.ok ? terms.value : {}, { now: NOW, planId: "plan_1", timeZone: zone }]
  }),
  // the event as plain data (so a stray field can land in it), and the options it takes
  applyPlanEvent: managedPlan().chain((plan) =>
    fc.tuple(fc.constant(plan), planEvent(plan).map((event) => ({ ...event })), fc.constant({}))
  ),
  searchPlans: fc.tuple(
    planSummaries(6),
    fc.record({ limit: fc.constantFrom("2", 10), sortDirection: fc.constantFrom("asc", "desc") }, { requiredKeys: [] }),
    fc.record({ merchantId: fc.constantFrom("merchant-a", "merchant-b") })
  ),
  listPlanNotes: fc.tuple(
    notes,
    fc.record({ planId: fc.constant("plan_1"), pageSize: fc.constantFrom("2", 10) }, { requiredKeys: ["planId"] }),
    fc.constant({ selfUrl: "/api/v2/plans/plan_1/notes" })
  ),
  selectRefundPolicy: fc.tuple(refundPolicies, fc.integer({ min: 0, max: 500 })),
  calculateRefund: fc.tuple(
    refundPlan({ now: NOW }),
    fc.record({ at: fc.constant("2027-01-20T09:00:00+11:00"), timeZone }, { requiredKeys: ["at"] })
  )
}

/**
 * A working call of `name` changed at one place, or not at all: a stray field added to its data
 * (a typo's shape), a value replaced by anything, or `unknownFields` set in its options.
 */
export const perturbedCall = (name: string, length: number): fc.Arbitrary<Array<unknown>> => {
  const working = workingCalls[name]
  if (working === undefined) return argumentLists(length)
  return fc.tuple(
    working,
    fc.nat(),
    fc.constantFrom("none", "stray", "replace", "mode"),
    fc.stringMatching(/^zz[a-z]{1,6}$/),
    fc.anything(),
    fc.constantFrom("warn", "error", "ignore")
  ).map(([args, at, how, key, replacement, mode]) => {
    if (how === "none") return args
    const last = args.length - 1
    if (how === "mode") {
      const options = args[last]
      return isPlainObject(options) ? [...args.slice(0, last), { ...options, unknownFields: mode }] : args
    }
    const index = at % Math.max(1, last)
    const data = copied(args[index])
    const all = places(data).filter(([container]) => !Array.isArray(container))
    if (how === "stray") {
      const target = all.length === 0 ? data : all[at % all.length]![0]
      if (isPlainObject(target)) target[key] = 1
    } else {
      return args.map((a, i) => (i === index ? mutated(a, at, replacement, key) : a))
    }
    return args.map((a, i) => (i === index ? data : a))
  })
}
