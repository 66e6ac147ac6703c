import { describe, expect, it } from "vitest"
import { checkoutPagePolicy } from "../../../src/adapters/sandbox/widget/index.ts"
import { B, BASE, createCheckout, makeSandbox, NOW } from "./helpers.ts"

describe("sandbox: widget API", () => {
  it("serves the script at checkoutWorkflow.sdkWidget.scriptUrl and the hosted page", async () => {
    const t = makeSandbox()
    const checkout = await createCheckout(t)
    const script = await t.call("GET", new URL(checkout.checkoutWorkflow.sdkWidget.scriptUrl).pathname, { auth: null })
    expect(script.status).toBe(200)
    expect(script.headers.get("content-type")).toMatch(/^text\/javascript/)
    const page = await t.call("GET", `/widget/checkout/${checkout.id}`, { auth: null })
    expect(page.status).toBe(200)
    expect(page.headers.get("content-type")).toMatch(/^text\/html/)
    expect(page.body).toContain(checkout.id)
    // the page's policy also goes as a header: only its own inline script and style run
    expect(page.headers.get("content-security-policy")).toBe(checkoutPagePolicy(BASE))
    expect((await t.call("GET", "/widget/checkout/chk_unknown", { auth: null })).status).toBe(404)
  })

  it("GET /widget/api/checkouts/{id}: the checkout, the core's summary and the currency", async () => {
    const t = makeSandbox()
    const checkout = await createCheckout(t)
    const response = await t.call("GET", `/widget/api/checkouts/${checkout.id}`, { auth: null })
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({
      checkout: { id: checkout.id, totalCost: 1100 },
      summary: { currencyCode: "AUD", totalCost: 1100, totalMinimumDeposit: 280, completionDate: "2027-02-11" },
      currency: { currencyCode: "AUD", minimumPaymentAmount: 1, maximumPaymentAmount: 20000, digits: 2 },
      expired: false,
      status: "Open"
    })
    expect(Array.isArray(response.body.refundMilestones)).toBe(true)
    expect((await t.call("GET", "/widget/api/checkouts/chk_unknown", { auth: null })).status).toBe(404)
  })

  it("cancel: 200 with the redirect URL, deposit Rejected and no plan on retrieve", async () => {
    const t = makeSandbox()
    const checkout = await createCheckout(t)
    const response = await t.call("POST", `/widget/api/checkouts/${checkout.id}/cancel`, { auth: null })
    expect(response.status).toBe(200)
    const redirect = new URL(response.body.redirectUrl)
    expect(redirect.origin + redirect.pathname).toBe("https://shop.example/checkout/return")
    expect(redirect.searchParams.get("ref")).toBe("a")
    expect(redirect.searchParams.getAll("service_checkout_id")).toEqual([checkout.id])
    const retrieved = await t.call("GET", `/api/v2/checkout/${checkout.id}`)
    expect(retrieved.body.status).toBe("Rejected")
    expect(retrieved.body.plan.deposit.status).toBe("Rejected")
    expect(retrieved.body.plan.id).toBeUndefined()
    const widget = await t.call("GET", `/widget/api/checkouts/${checkout.id}`, { auth: null })
    expect(widget.body.status).toBe("Rejected")
    // cancelling again changes nothing
    expect((await t.call("POST", `/widget/api/checkouts/${checkout.id}/cancel`, { auth: null })).status).toBe(200)
  })

  it("an expired checkout says so (R4.7): expired true, status Expired, completion 410", async () => {
    const t = makeSandbox()
    const checkout = await createCheckout(t, { expiry: 30 })
    t.clock.now = NOW + 30 * 60_000 - 1
    expect((await t.call("GET", `/widget/api/checkouts/${checkout.id}`, { auth: null })).body.expired).toBe(false)
    t.clock.now = NOW + 30 * 60_000
    const widget = await t.call("GET", `/widget/api/checkouts/${checkout.id}`, { auth: null })
    expect(widget.body).toMatchObject({ expired: true, status: "Expired" })
    const complete = await t.call("POST", `/widget/api/checkouts/${checkout.id}/complete`, {
      auth: null,
      body: { card: "4242424242424242", planTerms: { checkoutId: checkout.id, type: "plan", timeZone: "UTC" } }
    })
    expect(complete.status).toBe(410)
    expect(complete.body.code).toBe("checkout_expired")
  })

  it("complete refuses an unknown test card and a missing planTerms with 422", async () => {
    const t = makeSandbox()
    const checkout = await createCheckout(t)
    const response = await t.call("POST", `/widget/api/checkouts/${checkout.id}/complete`, {
      auth: null,
      body: { card: "1234" }
    })
    expect(response.status).toBe(422)
    expect(response.body.issues.map((i: { path: string }) => i.path)).toEqual(["card", "planTerms"])
  })

  it("the widget API needs no credentials, and ignores a merchant's", async () => {
    const t = makeSandbox()
    const checkout = await createCheckout(t)
    expect((await t.call("GET", `/widget/api/checkouts/${checkout.id}`, { auth: B })).status).toBe(200)
  })
})
