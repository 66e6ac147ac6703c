/**
 * The plan-terms kernel (kernel.ts) is Schema-free and is what computeResult computes with:
 * bundled alone it carries no module of effect, and it answers what computeResult answers.
 */
import * as Result from "effect/Result"
import { build } from "esbuild"
import { readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import * as Time from "../../../src/core/foundation/time/index.ts"
import { paymentBounds, planDayOrIssue, termsOf } from "../../../src/core/plan-terms/kernel.ts"
import { computeResult } from "../../../src/core/plan-terms/terms.ts"
import { exampleRequest } from "../../fixtures.ts"

const ROOT = fileURLToPath(new URL("../../../", import.meta.url))

/** The files that put bytes into a minified bundle of `names` from the kernel. */
const bundledInputs = async (names: string): Promise<Array<string>> => {
  const result = await build({
    stdin: { contents: `export { ${names} } from "./src/core/plan-terms/kernel.ts"`, resolveDir: ROOT, loader: "ts" },
    bundle: true,
    write: false,
    format: "esm",
    minify: true,
    metafile: true,
    logLevel: "silent"
  })
  return Object.values(result.metafile.outputs).flatMap((output) =>
    Object.entries(output.inputs).filter(([, used]) => used.bytesInOutput > 0).map(([path]) => path)
  )
}

describe("the plan-terms kernel", () => {
  it("bundles without effect: no Schema, no DateTime (the element's budget rests on it)", async () => {
    const inputs = await bundledInputs("termsOf, planDayOrIssue, requestedDeposit, paymentBounds")
    // Stryker's mutation runs instrument a mutated module (every function body behind a mutant
    // switch), which keeps its unused imports from being shaken out: the budget is the build's, not theirs
    const instrumented = inputs.some((path) =>
      !path.includes("node_modules") && readFileSync(`${ROOT}${path}`, "utf8").includes("stryMutAct_9fa48")
    )
    if (!instrumented) expect(inputs.filter((path) => path.includes("node_modules"))).toEqual([])
    expect(inputs.some((path) => path.endsWith("kernel.ts"))).toBe(true)
  }, 30_000)

  it("R6: termsOf from inputs read by hand answers what computeResult answers for the example checkout", () => {
    const now = Date.parse("2026-11-22T09:30:00Z")
    const request = exampleRequest()
    const computed = computeResult(request, {
      checkoutId: "chk_1",
      type: "plan",
      timeZone: "Australia/Sydney",
      installments: { cadence: { frequency: "fortnightly", on: { dayOfWeek: "friday" } } }
    }, { now })
    if (Result.isFailure(computed)) throw new Error("the example checkout has terms")
    const planDay = planDayOrIssue(now, "Australia/Sydney")
    if (typeof planDay !== "number") throw new Error("a plan date")
    const terms = termsOf({
      planType: "Installment",
      checkout: {
        id: undefined,
        currencyCode: "AUD",
        exponent: 2,
        totalCost: Math.round(computed.success.totalCost * 100),
        totalMinimumDeposit: 28000,
        completionDay: Math.min(
          ...request.items.map((item) =>
            Time.parseDate(item.redemptionDate.slice(0, 10))! - (item.paymentDeadline ?? 0)
          )
        ),
        redirectURL: request.redirectURL
      },
      planDay,
      cadence: { frequency: "fortnightly", on: { dayOfWeek: "friday" } },
      bounds: paymentBounds(undefined, "AUD", 2),
      requested: undefined,
      strategy: "minimum"
    })
    expect(terms).toEqual(computed.success)
  })

  it("R3.1: a plan date outside 0001..9999 in the zone is an issue, not millions of dates", () => {
    expect(planDayOrIssue(Date.parse("9999-12-31T23:00:00Z"), "Pacific/Kiritimati")).toMatchObject({
      path: "now",
      code: "range",
      rule: "R3.1"
    })
  })
})
