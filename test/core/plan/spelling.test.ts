/**
 * A plan record spells the service's enumerations as the service does, whatever case the
 * checkout and the terms used (R2.2, R6.2): the one case-insensitive reader gives the
 * canonical name, and the record keeps it: a checkout whose spellings differ only in case
 * makes the same record.
 */
import { describe, expect, it } from "vitest"
import type { CheckoutRequest } from "../../../src/core/checkout/request.ts"
import { createResult } from "../../../src/core/plan/create.ts"
import { exampleRequest, NOW } from "../../fixtures.ts"
import { exampleTerms, unwrap } from "./fixtures.ts"

const withUnits = (units: ReadonlyArray<string>): CheckoutRequest => {
  const request = exampleRequest()
  return {
    ...request,
    items: request.items.map((item, i) => ({
      ...item,
      minimumDepositPerItem: { unit: units[i]!, value: item.minimumDepositPerItem!.value }
    }))
  }
}

describe("a plan record spells enumerations as the service does", () => {
  it("R2.2: a minimum deposit's unit given in any case is recorded as Currency or Percentage", () => {
    for (
      const [given, recorded] of [
        [["currency", "CURRENCY"], ["Currency", "Currency"]],
        [["cUrReNcY", "Currency"], ["Currency", "Currency"]],
        [["percentage", "CURRENCY"], ["Percentage", "Currency"]],
        [["PeRcEnTaGe", "currency"], ["Percentage", "Currency"]]
      ] as const
    ) {
      const plan = unwrap(createResult(withUnits(given), exampleTerms(), { now: NOW, planId: "p" }))
      expect(plan.items.map((item) => item.minimumDepositPerItemType), given.join(", ")).toEqual(recorded)
    }
  })

  it("R2.2: a checkout whose units differ only in case makes the same record", () => {
    const spelled = unwrap(createResult(withUnits(["CURRENCY", "currency"]), exampleTerms(), { now: NOW, planId: "p" }))
    const canonical = unwrap(
      createResult(withUnits(["Currency", "Currency"]), exampleTerms(), { now: NOW, planId: "p" })
    )
    expect(spelled).toEqual(canonical)
  })

  it("R6.2: a cadence's frequency and weekday given in any case are recorded as Weekly and Sunday", () => {
    const terms = exampleTerms()
    for (const [frequency, dayOfWeek] of [["weekly", "sunday"], ["WEEKLY", "SUNDAY"], ["wEeKlY", "SuNdAy"]]) {
      const spelled = { ...terms, installments: { ...terms.installments, cadence: { frequency, on: { dayOfWeek } } } }
      const plan = unwrap(createResult(exampleRequest(), spelled, { now: NOW, planId: "p" }))
      expect([plan.installmentFrequency, plan.cadenceOnDayOfWeek], `${frequency} ${dayOfWeek}`).toEqual([
        "Weekly",
        "Sunday"
      ])
    }
  })
})
