/**
 * Every namespace operation is a span named for it (`Refund.calculate`) when a tracer is installed:
 * a test tracer sees each one, ended with the operation's exit, and a user's own span is its
 * parent. Every Effect of every namespace is held to it by test/properties/surface.property.test.ts.
 */
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Option from "effect/Option"
import * as Tracer from "effect/Tracer"
import { describe, expect, it } from "vitest"
import { Checkout, Merchant, Money, Notes, Plan, PlanTerms, Refund, Search } from "../../src/index.ts"
import { exampleRequest, NOW, ticketPlan } from "../fixtures.ts"
import { examplePlan, exampleTerms } from "./plan/fixtures.ts"

interface Seen {
  readonly name: string
  readonly parent: string | undefined
  readonly exit: string | undefined
}

/** A tracer that keeps each span's name, its parent's name and how it ended. */
const recording = () => {
  const seen: Array<Seen> = []
  const tracer = Tracer.make({
    span(options) {
      const span = new Tracer.NativeSpan(options)
      const end = span.end.bind(span)
      span.end = (endTime, exit) => {
        const parent = Option.getOrUndefined(options.parent)
        seen.push({
          name: options.name,
          parent: parent?._tag === "Span" ? parent.name : undefined,
          exit: Exit.isSuccess(exit) ? "success" : "failure"
        })
        end(endTime, exit)
      }
      return span
    }
  })
  return { seen, tracer }
}

const AT = "2027-01-20T09:00:00+11:00"
const terms = { checkoutId: "chk_7Hq2LmX9", type: "plan", timeZone: "UTC" } as const

describe("every namespace operation is a span named for it", () => {
  it("the reported operations, and the rest of the namespaces' Effects, each open one span", () => {
    const { seen, tracer } = recording()
    const operations: ReadonlyArray<readonly [string, Effect.Effect<unknown, unknown>]> = [
      ["Refund.calculate", Refund.calculate(ticketPlan(), { at: AT })],
      ["Refund.calculateTotals", Refund.calculateTotals(ticketPlan(), { at: AT })],
      ["Refund.validateCancelPlanRequest", Refund.validateCancelPlanRequest({}, {})],
      ["Checkout.summarize", Checkout.summarize(exampleRequest(), { now: NOW })],
      ["Checkout.price", Checkout.price(exampleRequest())],
      ["Checkout.validateRequest", Checkout.validateRequest(exampleRequest())],
      ["PlanTerms.compute", PlanTerms.compute(exampleRequest(), terms, { now: NOW })],
      ["PlanTerms.validateRequest", PlanTerms.validateRequest(terms)],
      ["Plan.create", Plan.create(exampleRequest(), exampleTerms(), { now: NOW, planId: "plan_1" })],
      ["Plan.apply", Plan.apply(examplePlan(), Plan.PlanEvent.DepositAccepted({ at: "2026-11-22T10:00:00Z" }))],
      ["Plan.validateSetMerchantOrder", Plan.validateSetMerchantOrder({})],
      ["Notes.list", Notes.list([], { planId: "plan_1" }, { selfUrl: "/notes" })],
      ["Notes.validateQuery", Notes.validateQuery({ planId: "plan_1" })],
      ["Search.normalize", Search.normalize({})],
      ["Search.validateQuery", Search.validateQuery({})],
      ["Money.splitInstallments", Money.splitInstallments(100, 3, "AUD")],
      ["Merchant.read", Merchant.read({ currencies: [] })]
    ]
    for (const [, operation] of operations) Effect.runSyncExit(Effect.withTracer(operation, tracer))
    expect(seen.map((s) => s.name)).toEqual(operations.map(([name]) => name))
  })

  it("a span ends with the operation's exit, under the caller's span", () => {
    const { seen, tracer } = recording()
    const program = Effect.withSpan(
      Effect.all([
        Refund.calculate(ticketPlan(), { at: AT }),
        Effect.exit(Refund.calculate(ticketPlan(), { at: "x" }))
      ]),
      "checkout-page"
    )
    Effect.runSync(Effect.withTracer(program, tracer))
    expect(seen).toEqual([
      { name: "Refund.calculate", parent: "checkout-page", exit: "success" },
      { name: "Refund.calculate", parent: "checkout-page", exit: "failure" },
      { name: "checkout-page", parent: undefined, exit: "success" }
    ])
  })

  it("with the tracer disabled, none is made", () => {
    const { seen, tracer } = recording()
    Effect.runSync(
      Effect.withTracerEnabled(Effect.withTracer(Refund.calculate(ticketPlan(), { at: AT }), tracer), false)
    )
    expect(seen).toEqual([])
  })
})
