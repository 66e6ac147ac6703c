import { describe, expect, it } from "vitest"
import { decideDeposit } from "../../../src/index.ts"
import { B, C, createCheckout, makeSandbox, NOW, type TestSandbox } from "./helpers.ts"

const termsRequest = (checkoutId: string, extra: Record<string, unknown> = {}) => ({
  checkoutId,
  type: "plan",
  timeZone: "Australia/Sydney",
  installments: { cadence: { frequency: "Fortnightly", on: { dayOfWeek: "Friday" } } },
  ...extra
})

const complete = (t: TestSandbox, checkoutId: string, card = "4242424242424242", extra: Record<string, unknown> = {}) =>
  t.call("POST", `/widget/api/checkouts/${checkoutId}/complete`, {
    auth: null,
    body: { card, planTerms: termsRequest(checkoutId, extra) }
  })

const sum = (amounts: ReadonlyArray<number>) => amounts.reduce((a, b) => Math.round((a + b) * 100) / 100, 0)

/** A completed checkout and its plan. */
const planFor = async (t: TestSandbox, card = "4242424242424242") => {
  const checkout = await createCheckout(t)
  const completed = await complete(t, checkout.id, card)
  expect(completed.status).toBe(200)
  return { checkout, planId: completed.body.planId as string }
}

describe("sandbox: plan terms (R6)", () => {
  it("the merchant endpoint and the widget endpoint give the same terms, with a schedule summing to totalCost", async () => {
    const t = makeSandbox()
    const checkout = await createCheckout(t)
    const merchant = await t.call("POST", `/api/v2/checkout/${checkout.id}/to-plan/calculate`, {
      body: termsRequest(checkout.id)
    })
    expect(merchant.status).toBe(200)
    const widget = await t.call("POST", `/widget/api/checkouts/${checkout.id}/plan-terms`, {
      auth: null,
      body: termsRequest(checkout.id)
    })
    expect(widget.body).toEqual(merchant.body)
    const terms = merchant.body
    expect(terms).toMatchObject({
      type: "plan",
      planType: "Installment",
      totalCost: 1100,
      currencyCode: "AUD",
      deposit: { amount: 280, range: { min: 280 } }
    })
    expect(terms.installments.cadence).toEqual({ frequency: "Fortnightly", on: { dayOfWeek: "Friday" } })
    expect(terms.installments.count).toBeGreaterThan(0)
    expect(sum(terms.schedule.map((p: { amount: number }) => p.amount))).toBe(1100)
    expect(terms.schedule[0].date).toBe("2026-11-22")
    expect(terms.redirectURL).toBe(checkout.redirectURL)
  })

  it("422 for an invalid request or another checkout's id, 404 for another merchant, 410 once expired", async () => {
    const t = makeSandbox()
    const checkout = await createCheckout(t, { expiry: 60 })
    const path = `/api/v2/checkout/${checkout.id}/to-plan/calculate`
    const bad = await t.call("POST", path, {
      body: termsRequest(checkout.id, { timeZone: "Mars/Base", installments: { cadence: { frequency: "Daily" } } })
    })
    expect(bad.status).toBe(422)
    expect(bad.body.issues.map((i: { path: string }) => i.path)).toEqual(
      expect.arrayContaining(["timeZone", "installments.cadence.frequency"])
    )
    const other = await t.call("POST", path, { body: termsRequest("chk_other") })
    expect(other.status).toBe(422)
    expect(other.body.issues[0]).toMatchObject({ path: "checkoutId", code: "conflict" })
    expect((await t.call("POST", path, { body: termsRequest(checkout.id), auth: B })).status).toBe(404)
    t.clock.now = NOW + 60 * 60_000
    expect((await t.call("POST", path, { body: termsRequest(checkout.id) })).status).toBe(410)
  })
})

describe("sandbox: completing in the widget", () => {
  it("accepts the deposit, creates the plan, and verification allocates (R8.2)", async () => {
    const t = makeSandbox()
    const checkout = await createCheckout(t)
    const completed = await complete(t, checkout.id)
    expect(completed.status).toBe(200)
    const redirect = new URL(completed.body.redirectUrl)
    expect(redirect.searchParams.get("service_checkout_id")).toBe(checkout.id)
    const retrieved = await t.call("GET", `/api/v2/checkout/${checkout.id}`)
    expect(retrieved.body.status).toBe("Completed")
    expect(retrieved.body.plan).toMatchObject({
      id: completed.body.planId,
      currencyCode: "AUD",
      deposit: { status: "Accepted" },
      instalments: { cadence: { frequency: "fortnightly", on: { dayOfWeek: "Friday" } } }
    })
    const decision = decideDeposit(retrieved.body, {
      checkoutId: checkout.id,
      merchantOrderId: "order-0001",
      currencyCode: "AUD"
    })
    expect(decision).toMatchObject({ allocate: true, planId: completed.body.planId })

    const plan = await t.call("GET", `/api/v2/plans/${completed.body.planId}`)
    expect(plan.status).toBe(200)
    expect(plan.body).toMatchObject({
      id: completed.body.planId,
      status: "OnSchedule",
      merchantId: "merchant-123",
      merchantOrderId: "order-0001",
      totalCost: 1100
    })
    expect(plan.body.totalPaid).toBe(retrieved.body.plan.deposit.amount)
    expect(plan.body.totalPaid + plan.body.remainingAmount).toBe(1100)
    expect(plan.body.userPaymentMethod.last4Digits).toBe("4242")

    // finished: a second completion or a cancellation is a conflict
    expect((await complete(t, checkout.id)).status).toBe(409)
    expect((await t.call("POST", `/widget/api/checkouts/${checkout.id}/cancel`, { auth: null })).status).toBe(409)
  })

  it("the declined card: 402 with the redirect, deposit Rejected, no plan (R8.2 refuses)", async () => {
    const t = makeSandbox()
    const checkout = await createCheckout(t)
    const declined = await complete(t, checkout.id, "4000 0000 0000 0002")
    expect(declined.status).toBe(402)
    expect(declined.body).toMatchObject({ code: "card_declined" })
    expect(new URL(declined.body.redirectUrl).searchParams.get("service_checkout_id")).toBe(checkout.id)
    const retrieved = await t.call("GET", `/api/v2/checkout/${checkout.id}`)
    expect(retrieved.body.plan.deposit.status).toBe("Rejected")
    expect(retrieved.body.plan.id).toBeUndefined()
    expect(decideDeposit(retrieved.body, { checkoutId: checkout.id })).toEqual({
      allocate: false,
      reason: "not_accepted"
    })
    expect((await t.call("GET", "/api/v2/plans")).status).not.toBe(500)
    expect((await complete(t, checkout.id)).status).toBe(409)
  })

  it("unacceptable terms (R6.6) cannot complete: 422, the checkout stays open", async () => {
    const t = makeSandbox()
    const checkout = await createCheckout(t)
    const response = await complete(t, checkout.id, "4242424242424242", { deposit: { amount: 10 } })
    expect(response.status).toBe(422)
    expect(response.body.issues[0]).toMatchObject({ path: "planTerms.deposit.amount", rule: "R6.6" })
    expect((await t.call("GET", `/widget/api/checkouts/${checkout.id}`, { auth: null })).body.status).toBe("Open")
  })

  it("the widget shows each item's refund milestones (R7.7)", async () => {
    const t = makeSandbox()
    const checkout = await createCheckout(t)
    const widget = await t.call("GET", `/widget/api/checkouts/${checkout.id}`, { auth: null })
    const [ticket, hotel] = widget.body.refundMilestones
    expect(ticket).toMatchObject({ itemId: checkout.items[0].id, name: "Festival ticket" })
    expect(ticket.policies).toHaveLength(2)
    // 75 % refundable of 100: 25 kept; 50 %: 50 kept
    expect(ticket.policies.map((p: { nonRefundableAmount: number }) => p.nonRefundableAmount)).toEqual([25, 50])
    expect(ticket.policies[0].activeFrom < ticket.policies[1].activeFrom).toBe(true)
    // the hotel has no policies of its own: the merchant's default (30 days, 50 %) applies (R7.2)
    expect(hotel.policies).toEqual([expect.objectContaining({ nonRefundableAmount: 500 })])
  })
})

describe("sandbox: plans of a merchant", () => {
  it("isolation: another merchant's plan is 404 on every plan endpoint", async () => {
    const t = makeSandbox()
    const { planId } = await planFor(t)
    const other = [
      t.call("GET", `/api/v2/plans/${planId}`, { auth: B }),
      t.call("GET", `/api/v2/plans/${planId}/cancellation-summary`, { auth: B }),
      t.call("POST", `/api/v2/plans/${planId}/cancel`, {
        auth: B,
        body: { planId, refundableAmount: 0, reason: "Other" }
      }),
      t.call("PUT", `/api/v2/plans/${planId}/merchant-order`, { auth: B, body: { planId, merchantOrderId: "x" } }),
      t.call("POST", `/sandbox/plans/${planId}/notes`, { auth: B, body: { note: "x" } }),
      t.call("POST", `/sandbox/plans/${planId}/card`, { auth: B, body: { card: "4242424242424242" } })
    ]
    for (const response of await Promise.all(other)) {
      expect(response.status).toBe(404)
      expect(response.body).toEqual({ code: "not_found", message: `Plan ${planId} was not found` })
    }
    expect((await t.call("GET", `/api/v2/plans/${planId}`)).status).toBe(200)
  })

  it("sets the merchant order through the core lifecycle", async () => {
    const t = makeSandbox()
    const { planId } = await planFor(t)
    const set = await t.call("PUT", `/api/v2/plans/${planId}/merchant-order`, {
      body: { planId, merchantOrderId: "order-0001-b" }
    })
    expect(set).toMatchObject({ status: 200, body: { planId, merchantOrderId: "order-0001-b" } })
    expect((await t.call("GET", `/api/v2/plans/${planId}`)).body.merchantOrderId).toBe("order-0001-b")
    const invalid = await t.call("PUT", `/api/v2/plans/${planId}/merchant-order`, {
      body: { planId, merchantOrderId: "has space" }
    })
    expect(invalid.status).toBe(422)
    expect(invalid.body.issues[0].path).toBe("merchantOrderId")
    const mismatch = await t.call("PUT", `/api/v2/plans/${planId}/merchant-order`, {
      body: { planId: "plan_other", merchantOrderId: "o" }
    })
    expect(mismatch.status).toBe(422)
  })

  it("calculates the refund (R7) within what was paid", async () => {
    const t = makeSandbox()
    const { planId } = await planFor(t)
    const plan = (await t.call("GET", `/api/v2/plans/${planId}`)).body
    const calculation = await t.call("GET", `/api/v2/plans/${planId}/cancellation-summary`)
    expect(calculation.status).toBe(200)
    expect(calculation.body).toMatchObject({
      planTotalCost: 1100,
      totalPaymentsPaid: plan.totalPaid,
      currencyCode: "AUD"
    })
    expect(calculation.body.suggestedRefundAmount).toBe(
      Math.max(0, Math.round((plan.totalPaid - calculation.body.totalNonRefundableAmount) * 100) / 100)
    )
    // 101 days before the ticket's redemption no policy is active; its deposit (40) is not refundable (R7.4, R7.5)
    expect(calculation.body.items[0]).toMatchObject({
      activeRefundPolicyIndex: -1,
      minNonRefundableDeposit: 40,
      nonRefundableAmount: 40
    })
  })

  it("cancels once (R7.8): a second cancellation is 409, an amount above what was paid is 422", async () => {
    const t = makeSandbox()
    const { planId } = await planFor(t)
    const paid = (await t.call("GET", `/api/v2/plans/${planId}`)).body.totalPaid
    const above = await t.call("POST", `/api/v2/plans/${planId}/cancel`, {
      body: { planId, refundableAmount: paid + 1, reason: "CustomerRequest" }
    })
    expect(above.status).toBe(422)
    expect(above.body.issues[0]).toMatchObject({ path: "refundableAmount", code: "range" })
    const reason = await t.call("POST", `/api/v2/plans/${planId}/cancel`, {
      body: { planId, refundableAmount: 1, reason: "Bored" }
    })
    expect(reason.status).toBe(422)
    const cancel = await t.call("POST", `/api/v2/plans/${planId}/cancel`, {
      body: { planId, refundableAmount: 100, reason: "CustomerRequest", details: "changed plans" }
    })
    expect(cancel).toMatchObject({ status: 200, body: { result: "Success" } })
    const plan = (await t.call("GET", `/api/v2/plans/${planId}`)).body
    expect(plan).toMatchObject({
      status: "Cancelled",
      cancellationReason: "CustomerRequest",
      cancellationDetails: "changed plans",
      refundAmount: 100
    })
    const again = await t.call("POST", `/api/v2/plans/${planId}/cancel`, {
      body: { planId, refundableAmount: 100, reason: "CustomerRequest" }
    })
    expect(again.status).toBe(409)
    expect(again.body.code).toBe("conflict")
  })

  it("two concurrent cancellations of one plan: one 200, one 409, one refund", async () => {
    const t = makeSandbox()
    const { planId } = await planFor(t)
    const body = { planId, refundableAmount: 50, reason: "MerchantRequest" }
    const [a, b] = await Promise.all([
      t.call("POST", `/api/v2/plans/${planId}/cancel`, { body }),
      t.call("POST", `/api/v2/plans/${planId}/cancel`, { body })
    ])
    expect([a.status, b.status].sort()).toEqual([200, 409])
    const plan = (await t.call("GET", `/api/v2/plans/${planId}`)).body
    expect(plan.refundAmount).toBe(50)
    expect(plan.status).toBe("Cancelled")
  })

  it("adds notes (sandbox-only), validated", async () => {
    const t = makeSandbox()
    const { planId } = await planFor(t)
    const note = await t.call("POST", `/sandbox/plans/${planId}/notes`, {
      body: { note: "Customer called", isPinned: true }
    })
    expect(note.status).toBe(201)
    expect(note.body).toMatchObject({
      note: "Customer called",
      isPinned: true,
      isSoftDeleted: false,
      createdAt: new Date(NOW).toISOString()
    })
    const bad = await t.call("POST", `/sandbox/plans/${planId}/notes`, {
      body: { note: "", isPinned: "yes", isSoftDeleted: 1 }
    })
    expect(bad.status).toBe(422)
    expect(bad.body.issues.map((i: { path: string }) => i.path)).toEqual(["note", "isPinned", "isSoftDeleted"])
  })

  it("adds a soft-deleted note, listed only with showSoftDeletedPlanNotes", async () => {
    const t = makeSandbox()
    const { planId } = await planFor(t)
    const deleted = await t.call("POST", `/sandbox/plans/${planId}/notes`, {
      body: { note: "Wrong plan", isSoftDeleted: true }
    })
    expect(deleted.status).toBe(201)
    expect(deleted.body).toMatchObject({
      isSoftDeleted: true,
      softDeletedAt: new Date(NOW).toISOString(),
      softDeletedByUser: { firstName: "Sandbox" }
    })
    await t.call("POST", `/sandbox/plans/${planId}/notes`, { body: { note: "Kept" } })
    const notesOf = async (query: string) =>
      (await t.call("GET", `/api/v2/plans/${planId}/notes${query}`)).body.planNotes.map((n: { note: string }) => n.note)
    expect(await notesOf("")).toEqual(["Kept"])
    expect((await notesOf("?showSoftDeletedPlanNotes=true")).sort()).toEqual(["Kept", "Wrong plan"])
  })
})

describe("sandbox: the test clock moves plans through the lifecycle", () => {
  it("Late when an instalment is missed, OnSchedule when caught up, Completed after the last", async () => {
    const t = makeSandbox()
    const { planId } = await planFor(t, "4000000000000341")
    const plan = async () => (await t.call("GET", `/api/v2/plans/${planId}`)).body
    const start = await plan()
    expect(start.status).toBe("OnSchedule")
    const instalments = start.installments as Array<
      { installmentNumber: number; date: string; amount: number; status: string }
    >
    expect(instalments.length).toBeGreaterThan(2)

    // the first instalment falls due: the failing card misses it
    const advanced = await t.call("POST", "/sandbox/clock/advance", { body: { to: instalments[1]!.date } })
    expect(advanced.body.settledInstallments).toBe(1)
    const late = await plan()
    expect(late.status).toBe("Late")
    expect(late.installments[1].status).toBe("MISSED")
    expect(late.totalPaid).toBe(start.totalPaid)

    // a paying card catches up at once
    const card = await t.call("POST", `/sandbox/plans/${planId}/card`, { body: { card: "4242424242424242" } })
    expect(card.body).toMatchObject({ status: "OnSchedule", paidInstallments: 1 })
    const caughtUp = await plan()
    expect(caughtUp.status).toBe("OnSchedule")
    expect(caughtUp.totalPaid).toBe(Math.round((start.totalPaid + instalments[1]!.amount) * 100) / 100)

    // past the last date everything is paid
    await t.call("POST", "/sandbox/clock/advance", { body: { to: instalments.at(-1)!.date } })
    const done = await plan()
    expect(done.status).toBe("Completed")
    expect(done.totalPaid).toBe(1100)
    expect(done.remainingAmount).toBe(0)
    expect(done.installments.every((i: { status: string }) => i.status === "PAID")).toBe(true)
    // a completed plan has nothing left to settle
    expect((await t.call("POST", "/sandbox/clock/advance", { body: { days: 30 } })).body.settledInstallments).toBe(0)
  })

  it("a paying card pays each instalment as it falls due; other merchants' plans do not move", async () => {
    const t = makeSandbox()
    const { planId } = await planFor(t)
    const start = (await t.call("GET", `/api/v2/plans/${planId}`)).body
    await t.call("POST", "/sandbox/clock/advance", { body: { to: start.installments[2].date } })
    const after = (await t.call("GET", `/api/v2/plans/${planId}`)).body
    expect(after.status).toBe("OnSchedule")
    expect(after.installments.slice(0, 3).map((i: { status: string }) => i.status)).toEqual(["PAID", "PAID", "PAID"])
    expect(after.installments[3].status).toBe("UPCOMING")
    // merchant B advancing its own clock leaves A's plan alone
    await t.call("POST", "/sandbox/clock/advance", { body: { days: 400 }, auth: B })
    expect((await t.call("GET", `/api/v2/plans/${planId}`)).body.numPaidInstallments).toBe(3)
  })

  it("a replaced card pays what is overdue at once, at the sandbox's now, not at the next advance", async () => {
    const t = makeSandbox()
    const { planId } = await planFor(t, "4000000000000341")
    const start = (await t.call("GET", `/api/v2/plans/${planId}`)).body
    const missedDate = start.installments[1].date as string
    await t.call("POST", "/sandbox/clock/advance", { body: { to: missedDate } })
    await t.call("POST", "/sandbox/clock/advance", { body: { hours: 1 } })
    const clock = (await t.call("GET", "/sandbox/clock")).body
    expect((await t.call("GET", `/api/v2/plans/${planId}`)).body.status).toBe("Late")

    const card = await t.call("POST", `/sandbox/plans/${planId}/card`, { body: { card: "4242424242424242" } })
    expect(card.body).toEqual({ planId, card: "4242", status: "OnSchedule", paidInstallments: 1 })
    // nothing advanced: the clock is where it was, and the plan shows the payment already
    expect((await t.call("GET", "/sandbox/clock")).body).toEqual(clock)
    const paid = (await t.call("GET", `/api/v2/plans/${planId}`)).body
    expect(paid.installments[1].status).toBe("PAID")
    expect(paid.updatedAt).toBe(clock.now)
    expect(paid.userPaymentMethod.last4Digits).toBe("4242")
  })

  it("the card endpoint refuses the declined card and unknown numbers", async () => {
    const t = makeSandbox()
    const { planId } = await planFor(t)
    expect((await t.call("POST", `/sandbox/plans/${planId}/card`, { body: { card: "4000000000000002" } })).status).toBe(
      422
    )
    expect((await t.call("POST", `/sandbox/plans/${planId}/card`, { body: { card: "1111" } })).status).toBe(422)
  })
})

describe("sandbox: search and notes", () => {
  it("searches the merchant's plans; includeAllBrands spans its merchant group, never beyond", async () => {
    const t = makeSandbox()
    const a1 = await planFor(t)
    const a2checkout = await createCheckout(t, { merchantOrderId: "order-0002" })
    const a2 = (await complete(t, a2checkout.id)).body.planId
    const bCheckout = await createCheckout(t, { merchantId: "merchant-456" }, B)
    const b = (await complete(t, bCheckout.id)).body.planId
    const cCheckout = await createCheckout(t, { merchantId: "merchant-789" }, C)
    await complete(t, cCheckout.id)

    const mine = await t.call("GET", "/api/v2/plans")
    expect(mine.status).toBe(200)
    expect(mine.body.totalRowCount).toBe(2)
    expect(mine.body.plans.map((p: { id: string }) => p.id).sort()).toEqual([a1.planId, a2].sort())
    expect(mine.body.plans[0].installments).toBeUndefined()

    const filtered = await t.call(
      "GET",
      "/api/v2/plans?filterField=merchantOrderId&filterValue=order-0002&includeInstallments=true"
    )
    expect(filtered.body.plans.map((p: { id: string }) => p.id)).toEqual([a2])
    expect(filtered.body.plans[0].installments.length).toBeGreaterThan(1)

    const group = await t.call("GET", "/api/v2/plans?includeAllBrands=true&sortField=createdAt&sortDirection=asc")
    expect(group.body.plans.map((p: { id: string }) => p.id).sort()).toEqual([a1.planId, a2, b].sort())
    // asking for another merchant by id does not reach beyond the caller's own plans
    expect((await t.call("GET", "/api/v2/plans?merchantId=merchant-789")).body.totalRowCount).toBe(0)

    const bad = await t.call("GET", "/api/v2/plans?limit=500&sortDirection=up")
    expect(bad.status).toBe(422)
    expect(bad.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(["limit", "sortDirection"])
  })

  it("lists a plan's notes with the pinned one apart, paged with links", async () => {
    const t = makeSandbox()
    const { planId } = await planFor(t)
    for (const [i, note] of ["first", "second", "third"].entries()) {
      t.clock.now = NOW + i * 60_000
      await t.call("POST", `/sandbox/plans/${planId}/notes`, { body: { note, isPinned: note === "second" } })
    }
    const page = await t.call("GET", `/api/v2/plans/${planId}/notes?pageSize=1&pageOffset=0`)
    expect(page.status).toBe(200)
    expect(page.body.pinnedPlanNote.note).toBe("second")
    expect(page.body.planNotes.map((n: { note: string }) => n.note)).toEqual(["third"])
    expect(page.body.meta).toEqual({ rowCount: 2, pageSize: 1, offset: 0 })
    expect(page.body.links.next).toBe(`http://sandbox.test/api/v2/plans/${planId}/notes?pageSize=1&pageOffset=1`)
    expect((await t.call("GET", `/api/v2/plans/${planId}/notes?pageSize=0`)).status).toBe(422)
    expect((await t.call("GET", `/api/v2/plans/${planId}/notes`, { auth: B })).status).toBe(404)
  })
})
