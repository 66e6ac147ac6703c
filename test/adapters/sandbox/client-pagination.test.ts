/**
 * The client's auto-pagination against the sandbox in process: a search of
 * more plans than a page holds and a plan with more notes than a page, read
 * whole, as a Stream and with `for await`.
 */
import { Effect, Stream } from "effect"
import { describe, expect, it } from "vitest"
import { createClient } from "../../../src/adapters/client/index.ts"
import { BASE, createCheckout, makeSandbox, type TestSandbox } from "./helpers.ts"

/** A completed checkout of `t`'s first merchant, and its plan's id. */
const acceptedPlan = async (t: TestSandbox, order: string): Promise<string> => {
  const checkout = await createCheckout(t, { merchantOrderId: order })
  const completed = await t.call("POST", `/widget/api/checkouts/${checkout.id}/complete`, {
    auth: null,
    body: {
      card: "4242424242424242",
      planTerms: { checkoutId: checkout.id, type: "plan", timeZone: "Australia/Sydney" }
    }
  })
  expect(completed.status).toBe(200)
  return completed.body.planId as string
}

describe("auto-pagination against the sandbox", () => {
  it("every plan of a search and every note of a plan, across pages, in order", async () => {
    const t = makeSandbox()
    const planIds: Array<string> = []
    for (let i = 0; i < 5; i++) planIds.push(await acceptedPlan(t, `order-page-${i}`))
    for (let i = 0; i < 5; i++) {
      const added = await t.call("POST", `/sandbox/plans/${planIds[0]}/notes`, { body: { note: `note ${i}` } })
      expect(added.status).toBe(201)
    }
    const client = createClient({
      baseUrl: BASE,
      merchantId: "merchant-123",
      apiKey: "key-a-0123456789",
      fetch: t.sandbox.fetch,
      retry: false
    })

    const found = await Effect.runPromise(
      Stream.runCollect(client.effect.searchAllPlans({ limit: 2, sortField: "merchantOrderId", sortDirection: "asc" }))
    )
    expect(found.map((p) => p.id)).toEqual(planIds)

    const iterated: Array<string> = []
    for await (const plan of client.searchAllPlans({ limit: 2 })) iterated.push(String(plan.id))
    expect([...iterated].sort()).toEqual([...planIds].sort())

    const notes: Array<string> = []
    for await (const note of client.listAllPlanNotes({ planId: planIds[0]!, pageSize: 2 })) {
      notes.push(String(note.note))
    }
    expect(notes.sort()).toEqual(["note 0", "note 1", "note 2", "note 3", "note 4"])
  })
})
