/**
 * The namespaces keep every promise the plain functions keep (R10.2): one input contract per
 * operation, applied by the root function, its `…Result` twin and the namespace's Effect. An unknown
 * option is a typed failure (`unknown_option`, naming the nearest option); an unknown field of the
 * data is logged at Warning level through Effect's own logging, annotated with its path, code and
 * rule and suggesting the field meant, unless `unknownFields: "ignore"` (`"error"` refuses it); the
 * operations that take a subject and options have a data-last form (`dual`) equal to the data-first.
 */
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import { pipe } from "effect/Function"
import { readdirSync, readFileSync } from "node:fs"
import { afterEach, describe, expect, it, vi } from "vitest"
import {
  calculateRefundResult,
  Checkout,
  type Issue,
  Notes,
  Plan,
  PlanTerms,
  Refund,
  ValidationError
} from "../../src/index.ts"
import { exampleRequest, NOW, ticketPlan, ticketPolicies } from "../fixtures.ts"
import { withLogs } from "../logs.ts"
import { examplePlan, exampleTerms } from "./plan/fixtures.ts"

const AT = "2027-01-20T09:00:00+11:00"

const policies = ticketPolicies()
const plan = ticketPlan()
const { refundPolicies: _, ...item } = plan.items[0]!
/** The reported typo: `refundPolicy` for `refundPolicies`. */
const typo = { ...plan, items: [{ ...item, refundPolicy: policies }] }

const termsRequest = {
  checkoutId: "chk_7Hq2LmX9",
  type: "plan" as const,
  timeZone: "Australia/Sydney",
  installments: { cadence: { frequency: "Weekly" as const, on: { dayOfWeek: "Monday" as const } } }
}

const failureOf = <A, E>(exit: Exit.Exit<A, E>): E => {
  if (Exit.isSuccess(exit)) throw new Error(`expected a failure, got ${JSON.stringify(exit.value)}`)
  const error = exit.cause.reasons.find((r) => r._tag === "Fail")
  if (error === undefined) throw new Error(`expected a typed failure, got ${String(exit.cause)}`)
  return (error as { readonly error: E }).error
}

const valueOf = <A, E>(exit: Exit.Exit<A, E>): A => {
  if (Exit.isFailure(exit)) throw new Error(`expected a success, got ${String(exit.cause)}`)
  return exit.value
}

const codes = (issues: ReadonlyArray<Issue>) => issues.map((i) => `${i.path}:${i.code}:${i.rule}`)

afterEach(() => vi.restoreAllMocks())

describe("R10.2 the namespaces refuse an unknown option (unknown_option), naming the nearest", () => {
  it("the reported reproduction: Refund.calculate(plan, { at, timezone }) no longer calculates in the plan's zone", () => {
    const error = failureOf(Effect.runSyncExit(Refund.calculate(plan, { at: AT, timezone: "UTC" } as never)))
    expect(error).toBeInstanceOf(ValidationError)
    expect(error.issues).toEqual([{
      path: "options.timezone",
      code: "unknown_option",
      rule: "R10.2",
      message:
        "is not an option of Refund.calculate (did you mean \"timeZone\"?); its options are at, timeZone, merchant, unknownFields"
    }])
  })

  it("the reported reproductions: Checkout.summarize, Checkout.validateRequest and PlanTerms.compute", () => {
    const summarize = failureOf(Effect.runSyncExit(Checkout.summarize(exampleRequest(), {
      now: NOW,
      timezone: "UTC"
    } as never)))
    expect(codes(summarize.issues)).toEqual(["options.timezone:unknown_option:R10.2"])
    expect(summarize.issues[0]?.message).toContain("(did you mean \"timeZone\"?)")
    const validate = failureOf(
      Effect.runSyncExit(Checkout.validateRequest(exampleRequest(), { merchantID: "merchant-123" } as never))
    )
    expect(codes(validate.issues)).toEqual(["options.merchantID:unknown_option:R10.2"])
    expect(validate.issues[0]?.message).toContain("(did you mean \"merchantId\"?)")
    const compute = failureOf(
      Effect.runSyncExit(
        PlanTerms.compute(exampleRequest(), termsRequest, { now: NOW, depositStrategi: "even" } as never)
      )
    )
    expect(codes(compute.issues)).toEqual(["options.depositStrategi:unknown_option:R10.2"])
    expect(compute.issues[0]?.message).toContain("(did you mean \"depositStrategy\"?)")
  })

  it("unknownFields: \"ignore\" does not let an unknown option through, and a bad mode is refused", () => {
    const error = failureOf(
      Effect.runSyncExit(Refund.calculate(plan, { at: AT, timezone: "UTC", unknownFields: "ignore" } as never))
    )
    expect(codes(error.issues)).toEqual(["options.timezone:unknown_option:R10.2"])
    const mode = failureOf(Effect.runSyncExit(Refund.calculate(plan, { at: AT, unknownFields: "loud" } as never)))
    expect(codes(mode.issues)).toEqual(["options.unknownFields:enum:R10.2"])
  })
})

describe("R10.2 the namespaces report an unknown field of the data through Effect's logging", () => {
  it("the reported reproduction: refundPolicy for refundPolicies is logged at Warning level, with its suggestion", () => {
    const { exit, logged } = withLogs(Refund.calculate(typo, { at: AT }))
    // left out, as every surface leaves it out: the item has no policies of its own (R7.2)
    expect(valueOf(exit).suggestedRefundAmount).toBe(400)
    expect(logged).toEqual([{
      level: "Warn",
      message:
        "Refund.calculate: items[0].refundPolicy is not a field of this resource and was left out (did you mean \"refundPolicies\"?)",
      annotations: {
        operation: "Refund.calculate",
        path: "items[0].refundPolicy",
        code: "unknown_field",
        rule: "R10.2"
      }
    }])
    // the plan as meant: 275 (R7.6)
    expect(valueOf(withLogs(Refund.calculate(plan, { at: AT })).exit).suggestedRefundAmount).toBe(275)
  })

  it("unknownFields: \"error\" refuses the field (a typed failure), \"ignore\" says nothing", () => {
    const refused = failureOf(withLogs(Refund.calculate(typo, { at: AT, unknownFields: "error" })).exit)
    expect(refused).toBeInstanceOf(ValidationError)
    expect(codes(refused.issues)).toEqual(["items[0].refundPolicy:unknown_field:R10.2"])
    const ignored = withLogs(Refund.calculate(typo, { at: AT, unknownFields: "ignore" }))
    expect(valueOf(ignored.exit).suggestedRefundAmount).toBe(400)
    expect(ignored.logged).toEqual([])
  })

  it("a plan without unknown fields logs nothing", () => {
    expect(withLogs(Refund.calculate(plan, { at: AT })).logged).toEqual([])
    expect(withLogs(Checkout.summarize(exampleRequest(), { now: NOW })).logged).toEqual([])
  })

  it("a merchant configuration's fields count as data: logged under merchant.", () => {
    const merchant = { currencies: [], defaultRefundPolicy: policies }
    const { logged } = withLogs(Refund.calculate(plan, { at: AT, merchant }))
    expect(logged.map((l) => l.annotations["path"])).toEqual(["merchant.defaultRefundPolicy"])
    expect(String(logged[0]?.message)).toContain("(did you mean \"defaultRefundPolicies\"?)")
  })

  it("Checkout.summarize and PlanTerms.compute log a stray field of the request", () => {
    const request = { ...exampleRequest(), itmes: [] }
    expect(withLogs(Checkout.summarize(request as never, { now: NOW })).logged.map((l) => l.message)).toEqual([
      "Checkout.summarize: itmes is not a field of this resource and was left out (did you mean \"items\"?)"
    ])
    const terms = withLogs(
      PlanTerms.compute(exampleRequest(), { ...termsRequest, timezone: "UTC" } as never, { now: NOW })
    )
    expect(terms.logged.map((l) => l.annotations["path"])).toEqual(["timezone"])
  })

  it("a validator answers its warnings in its value, with the suggestion, and refuses them on request", () => {
    const request = { ...exampleRequest(), merchantOrderID: "order-1" }
    const { exit, logged } = withLogs(Checkout.validateRequest(request, { merchantId: "merchant-123" }))
    expect(valueOf(exit).warnings.map((w) => `${w.path}: ${w.message}`)).toEqual([
      "merchantOrderID: is not a field of this resource and was left out (did you mean \"merchantOrderId\"?)"
    ])
    expect(logged).toEqual([])
    const refused = failureOf(
      Effect.runSyncExit(Checkout.validateRequest(request, { merchantId: "merchant-123", unknownFields: "error" }))
    )
    expect(codes(refused.issues)).toContain("merchantOrderID:unknown_field:R10.2")
    const ignored = valueOf(
      Effect.runSyncExit(Checkout.validateRequest(request, { merchantId: "merchant-123", unknownFields: "ignore" }))
    )
    expect(ignored.warnings).toEqual([])
  })
})

describe("R10.2 a field's report suggests the field meant, on every surface", () => {
  it("the plain twin's warning and the namespace's log say the same", () => {
    const answer = calculateRefundResult(typo, { at: AT })
    expect(answer.warnings.map((w) => w.message)).toEqual([
      "is not a field of this resource and was left out (did you mean \"refundPolicies\"?)"
    ])
  })

  it("a field with no near name gets no suggestion", () => {
    const answer = calculateRefundResult({ ...plan, zzUnrelated: 1 }, { at: AT })
    expect(answer.warnings.map((w) => w.message)).toEqual(["is not a field of this resource and was left out"])
  })

  it("an event's field, a search filter's field and a note query's parameter", () => {
    const event = { _tag: "InstallmentMissed", at: "2026-12-01T00:00:00Z", installmentNumbr: 2 }
    const applied = withLogs(Plan.apply(examplePlan(), event as never))
    expect(applied.logged.map((l) => l.message)).toEqual([
      "Plan.apply: event.installmentNumbr is not a field of this event and was left out (did you mean \"installmentNumber\"?)"
    ])
    const query = valueOf(Effect.runSyncExit(Notes.validateQuery({ planId: "plan_1", pagesize: "5" })))
    expect(query.warnings.map((w) => w.message)).toEqual([
      "is not a field of this resource and was left out (did you mean \"pageSize\"?)"
    ])
  })
})

describe("data-last forms: pipe(subject, Operation(options)) equals Operation(subject, options)", () => {
  const same = <A, E>(first: Effect.Effect<A, E>, last: Effect.Effect<A, E>) =>
    expect(Effect.runSyncExit(last)).toEqual(Effect.runSyncExit(first))

  it("Refund.calculate and Refund.calculateTotals", () => {
    same(Refund.calculate(plan, { at: AT }), pipe(plan, Refund.calculate({ at: AT })))
    same(Refund.calculateTotals(plan, { at: AT }), pipe(plan, Refund.calculateTotals({ at: AT })))
    // refusals too
    same(
      Refund.calculate(plan, { at: "not an instant" }),
      pipe(plan, Refund.calculate({ at: "not an instant" }))
    )
  })

  it("Checkout.summarize, PlanTerms.compute, Plan.create, Plan.apply and Notes.list", () => {
    const request = exampleRequest()
    same(Checkout.summarize(request, { now: NOW }), pipe(request, Checkout.summarize({ now: NOW })))
    same(
      PlanTerms.compute(request, termsRequest, { now: NOW }),
      pipe(request, PlanTerms.compute(termsRequest, { now: NOW }))
    )
    const options = { now: NOW, planId: "plan_1" }
    same(Plan.create(request, exampleTerms(), options), pipe(request, Plan.create(exampleTerms(), options)))
    const event = Plan.PlanEvent.DepositAccepted({ at: "2026-11-22T10:00:00Z" })
    same(Plan.apply(examplePlan(), event), pipe(examplePlan(), Plan.apply(event)))
    const notes = [{ id: "n1", note: "first", createdAt: "2026-11-22T10:00:00Z" }]
    const params = { planId: "plan_1", pageSize: 1 }
    const listing = { selfUrl: "/api/v2/plans/plan_1/notes" }
    same(Notes.list(notes, params, listing), pipe(notes, Notes.list(params, listing)))
  })
})

describe("option lists are derived from each operation's contract, never written twice", () => {
  it("no plain function spells its option names as strings", () => {
    const facade = new URL("../../src/facade/", import.meta.url)
    const spelled = readdirSync(facade)
      .filter((f) => f.endsWith(".ts"))
      .flatMap((f) =>
        [...readFileSync(new URL(f, facade), "utf8").matchAll(/plainFunction\(\s*"[^"]+",\s*\[[^\]]*"/g)].map((m) =>
          `${f}: ${m[0]}`
        )
      )
    expect(spelled).toEqual([])
  })
})
