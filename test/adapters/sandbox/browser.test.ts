/**
 * The customer's flow in a real browser: Playwright (playwright-core) drives
 * Chromium, headless with background networking off, against the sandbox
 * started in-process on 127.0.0.1. The merchant's site is faked inside the
 * browser (`page.route`), so nothing leaves the machine.
 *
 * The last test pays with the page while the merchant's webhook endpoint (set
 * at run time) points at a receiver on 127.0.0.1, and checks the events of the
 * whole flow with the `standardwebhooks` package directly.
 *
 * Chromium is found by scripts/chromium.ts: CHROMIUM_PATH, Debian's
 * /usr/bin/chromium (which `npm test`'s pretest step installs where it can), or
 * playwright-core's own browser. Without one this file fails with instructions:
 * it never skips.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type BrowserContext, chromium, type Page } from "playwright-core"
import { Webhook } from "standardwebhooks"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { CHROMIUM_ARGS, findChromium } from "../../../scripts/chromium.ts"
import { type Client, createClient } from "../../../src/adapters/client/index.ts"
import { loadMerchants, type RunningSandbox, startSandbox } from "../../../src/adapters/sandbox/index.ts"
import * as Money from "../../../src/core/foundation/money.ts"
import { exampleRequest } from "../../fixtures.ts"
import { waitFor } from "../../wait.ts"
import { expectedLabels, labelOf } from "./webhooks/load.ts"
import { startReceiver } from "./webhooks/receiver.ts"

const CHROMIUM = findChromium()

const MERCHANT = { id: "merchant-123", apiKey: "key-browser-0123456789" }
// the webhook test's merchant: its own test clock, which the test advances, and its own endpoint
const HOOKS_MERCHANT = { id: "merchant-hooks", apiKey: "key-hooks-0123456789" }
const merchants = loadMerchants({
  merchants: [
    {
      id: MERCHANT.id,
      name: "Browser Shop",
      apiKey: MERCHANT.apiKey,
      timeZone: "Australia/Sydney",
      currencies: [
        { currencyCode: "AUD", minimumPaymentAmount: 1, maximumPaymentAmount: 20000 },
        { currencyCode: "JPY", minimumPaymentAmount: 100, isZeroDecimal: true }
      ]
    },
    {
      id: HOOKS_MERCHANT.id,
      name: "Webhook Shop",
      apiKey: HOOKS_MERCHANT.apiKey,
      timeZone: "Australia/Sydney",
      currencies: [{ currencyCode: "AUD", minimumPaymentAmount: 1, maximumPaymentAmount: 20000 }]
    }
  ]
})

// The sandbox's clock: fixed, so the fixture's redemption dates stay ahead and terms stay the same.
const NOW = Date.parse("2026-11-22T00:00:00Z")
const clock = { now: NOW }
const SHOP = "shop.example"
const HOSTILE_NAME = `<img src=x onerror="window.__xss = 1">Festival ticket`

let sandbox: RunningSandbox
let client: Client
let context: BrowserContext | undefined
let profile: string | undefined

/** A new tab; without Chromium every test fails with the search's instructions, never skips. */
const newPage = (): Promise<Page> => {
  if (!CHROMIUM.found) throw new Error(CHROMIUM.message)
  if (context === undefined) throw new Error("Chromium did not start")
  return context.newPage()
}

beforeAll(async () => {
  sandbox = await startSandbox({ merchants, database: ":memory:", host: "127.0.0.1", port: 0, now: () => clock.now })
  client = createClient({ baseUrl: sandbox.url, merchantId: MERCHANT.id, apiKey: MERCHANT.apiKey })
  if (!CHROMIUM.found) return
  profile = mkdtempSync(join(tmpdir(), "ppe-chromium-"))
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM.path,
    headless: true,
    args: [...CHROMIUM_ARGS],
    timezoneId: "Australia/Sydney",
    // The merchant's https page loads the widget from 127.0.0.1: Chrome's Local Network Access asks the customer first.
    permissions: ["local-network-access"],
    locale: "en-AU",
    viewport: { width: 820, height: 1000 }
  })
  context.setDefaultTimeout(15_000)
  // The merchant's site lives only inside the browser.
  await context.route(
    (url) => url.hostname === SHOP,
    (route) => {
      const url = new URL(route.request().url())
      if (url.pathname === "/checkout") {
        const id = url.searchParams.get("id") ?? ""
        return route.fulfill({
          contentType: "text/html",
          body: `<!doctype html><title>Shop checkout</title><h1>Shop</h1><div id="plan"></div>
<script src="${sandbox.url}/widget/sdk.js" data-checkout-id="${id}" data-status="201" data-container="#plan"></script>`
        })
      }
      return route.fulfill({
        contentType: "text/html",
        body: "<!doctype html><title>Back at the shop</title><h1>Thank you</h1>"
      })
    }
  )
})

afterAll(async () => {
  await context?.close()
  await sandbox?.close()
  if (profile) rmSync(profile, { recursive: true, force: true })
})

const createCheckout = async (merchantOrderId: string, overrides: Record<string, unknown> = {}) => {
  const request = exampleRequest()
  const items = request.items.map((item, i) => (i === 0 ? { ...item, description: HOSTILE_NAME } : item))
  const outcome = await client.createCheckout({ ...request, merchantOrderId, items, ...overrides })
  if (!outcome.ok) throw new Error(`create checkout failed: ${String(outcome.error)}`)
  return outcome.checkout as typeof outcome.checkout & {
    id: string
    redirectURL: string
    checkoutWorkflow: { sdkWidget: { scriptUrl: string } }
  }
}

/** What the merchant's back end does on its redirect URL: verify through the client (R8). */
const verify = (page: Page, merchantOrderId: string, currencyCode = "AUD") =>
  client.verifyCheckout(page.url(), { merchantOrderId, currencyCode })

const returnedId = (page: Page) => new URL(page.url()).searchParams.getAll("service_checkout_id")

describe("the hosted checkout page in Chromium", () => {
  it("pays a fortnightly plan with the test card, returns to the merchant, and the deposit lets it allocate (R8.2)", async () => {
    const checkout = await createCheckout("order-browser-1")
    // the merchant's view of the same terms, to compare with the plan the page creates
    const fortnightly = await client.computePlanTerms({
      checkoutId: checkout.id,
      type: "plan",
      installments: { cadence: { frequency: "Fortnightly" } },
      timeZone: "Australia/Sydney"
    })
    const count = fortnightly.installments!.count!
    expect(count).toBeGreaterThan(0)

    const page = await newPage()
    const errors: Array<string> = []
    page.on("pageerror", (error) => errors.push(error.message))
    await page.goto(
      checkout.checkoutWorkflow.sdkWidget.scriptUrl.replace(/\/widget\/sdk\.js$/, `/widget/checkout/${checkout.id}`)
    )

    // merchant strings are text, never markup
    await expect.poll(() => page.getByRole("cell", { name: HOSTILE_NAME }).count()).toBe(1)
    expect(await page.evaluate(() => (globalThis as { __xss?: number }).__xss)).toBeUndefined()
    await expect.poll(() => page.locator("#total").textContent()).toBe("AUD\u00a01,100.00")

    // the deposit starts at the minimum (R6.4) and stays within the range
    const deposit = page.getByLabel(/^Deposit/)
    await expect.poll(() => deposit.inputValue()).toBe("280.00")
    await deposit.fill("100")
    await expect.poll(() => page.locator("#deposit-error").textContent()).toBe(
      "The deposit must be at least AUD\u00a0280.00."
    )
    expect(await page.getByRole("button", { name: /^Pay\b/ }).isDisabled()).toBe(true)
    await deposit.fill("280.001")
    await expect.poll(() => page.locator("#deposit-error").textContent()).toBe(
      "Enter an amount with at most 2 decimal places."
    )
    await deposit.fill("280")
    await expect.poll(() => page.locator("#deposit-error").textContent()).toBe("")
    const option = page.getByRole("radio", { name: /^Fortnightly/ })
    await option.check()
    const terms = await page.locator("#cadence-fortnightly-terms").textContent()
    expect(terms).toContain(`${count} fortnightly payment`)
    expect(await page.locator("#schedule tr").count()).toBe(count + 1)
    // the button names the schedule's first payment (R5.2, R6.9)
    const firstRow = await page.locator("#schedule tr").first().locator("td").last().textContent()
    await expect.poll(() => page.locator("#pay").textContent()).toBe(`Pay ${firstRow} today`)
    expect(await page.locator("#schedule-chart svg").count()).toBe(1)
    expect(await page.locator("#milestones table").count()).toBeGreaterThan(0)

    await page.getByLabel("Card number").fill("4242 4242 4242 4242")
    await page.getByRole("button", { name: /^Pay\b/ }).click()
    await page.waitForURL((url) => url.hostname === SHOP)
    expect(page.url()).toContain(new URL(checkout.redirectURL).pathname)
    expect(returnedId(page)).toEqual([checkout.id])
    expect(errors).toEqual([])

    const verified = await verify(page, "order-browser-1")
    expect(verified).toMatchObject({ allocate: true, checkoutId: checkout.id })
    const plan = verified.checkout!.plan!
    expect(verified.allocate && verified.planId).toBe(plan.id)
    expect(plan.deposit).toMatchObject({ status: "Accepted", amount: 280 })
    expect(String(plan.instalments!.cadence!.frequency).toLowerCase()).toBe("fortnightly")
    expect(plan.instalments!.count).toBe(count)
    expect(plan.instalments!.amount).toBe(fortnightly.installments!.amount)
    await page.close()
  })

  it("R5.2, R6.9: the pay button shows what is charged, the schedule's first payment (deposit + remainder), and the plan's totalPaid is that", async () => {
    // 1000.01 with a Currency minimum deposit of 100: 900.01 over the weekly instalments leaves a remainder,
    // paid with the first payment (100.01), not the deposit (100.00)
    const checkout = await createCheckout("order-browser-7", {
      items: [{
        ...exampleRequest().items[0]!,
        quantity: 1,
        costPerItem: 1000.01,
        minimumDepositPerItem: { unit: "Currency", value: 100 }
      }]
    })
    const weekly = await client.computePlanTerms({
      checkoutId: checkout.id,
      type: "plan",
      timeZone: "Australia/Sydney"
    })
    expect(weekly.deposit!.amount).toBe(100)
    expect(weekly.installments!.remainder).toBeGreaterThan(0)
    const first = weekly.schedule![0]!.amount
    expect(first).toBe(100.01)

    const page = await newPage()
    await page.goto(`${sandbox.url}/widget/checkout/${checkout.id}`)
    const pay = page.locator("#pay")
    await expect.poll(() => pay.textContent()).toBe("Pay AUD\u00a0100.01 today")
    expect(await page.getByRole("radio", { name: /^Weekly/ }).isChecked()).toBe(true)
    expect(await page.locator("#schedule tr").first().locator("td").last().textContent()).toBe("AUD\u00a0100.01")
    await page.getByLabel("Card number").fill("4242424242424242")
    await pay.click()
    await page.waitForURL((url) => url.hostname === SHOP)
    const verified = await verify(page, "order-browser-7")
    expect(verified).toMatchObject({ allocate: true, checkoutId: checkout.id })
    const planId = verified.allocate ? verified.planId : undefined
    if (planId === undefined) throw new Error("no plan after paying")
    const plan = await client.retrievePlan(planId)
    expect(plan.totalPaid).toBe(first)
    expect(plan.installments![0]).toMatchObject({ installmentNumber: 1, status: "PAID", amount: first })
    expect(verified.checkout!.plan!.deposit).toMatchObject({ status: "Accepted", amount: first })
    await page.close()
  })

  it("R5.2, R6.9: terms that changed after they were shown are not charged; the page shows the new first payment, which is then paid", async () => {
    const checkout = await createCheckout("order-browser-8", {
      expiry: 14 * 1440,
      items: [{
        ...exampleRequest().items[0]!,
        quantity: 1,
        costPerItem: 1000.01,
        minimumDepositPerItem: { unit: "Currency", value: 100 }
      }]
    })
    const page = await newPage()
    await page.goto(`${sandbox.url}/widget/checkout/${checkout.id}`)
    const pay = page.locator("#pay")
    await expect.poll(() => pay.textContent()).toBe("Pay AUD\u00a0100.01 today")
    // a week passes before the customer pays: one weekly instalment fewer, another remainder
    clock.now = NOW + 7 * 86_400_000
    try {
      const weekly = await client.computePlanTerms({
        checkoutId: checkout.id,
        type: "plan",
        timeZone: "Australia/Sydney"
      })
      const now = weekly.schedule![0]!.amount!
      expect(now).not.toBe(100.01)
      const text = `AUD\u00a0${Money.toDecimalText(Money.toMinorUnits(now, 2) as number, 2)}`
      await page.getByLabel("Card number").fill("4242424242424242")
      await pay.click()
      await expect.poll(() => page.getByRole("status").textContent()).toBe(
        "The amount due today has changed. Check the new schedule and pay again."
      )
      await expect.poll(() => pay.textContent()).toBe(`Pay ${text} today`)
      expect(await page.locator("#schedule tr").first().locator("td").last().textContent()).toBe(text)
      await pay.click()
      await page.waitForURL((url) => url.hostname === SHOP)
      const verified = await verify(page, "order-browser-8")
      const planId = verified.allocate ? verified.planId : undefined
      if (planId === undefined) throw new Error("no plan after paying")
      expect((await client.retrievePlan(planId)).totalPaid).toBe(now)
    } finally {
      clock.now = NOW
    }
    await page.close()
  })

  it("embedded on the merchant's page, a declined card returns the customer with a refusal (R8.2, R8.3)", async () => {
    const checkout = await createCheckout("order-browser-2")
    const page = await newPage()
    await page.goto(`https://${SHOP}/checkout?id=${checkout.id}`)
    const frame = page.frameLocator("#plan iframe")
    await frame.getByRole("radio", { name: /^Fortnightly/ }).check()
    await frame.getByLabel("Card number").fill("4000000000000002")
    await frame.getByRole("button", { name: /^Pay\b/ }).click()
    await page.waitForURL((url) => url.hostname === SHOP && url.pathname !== "/checkout")
    expect(returnedId(page)).toEqual([checkout.id])

    const verified = await verify(page, "order-browser-2")
    expect(verified).toMatchObject({ allocate: false, reason: "not_accepted" })
    expect(verified.checkout!.plan!.deposit!.status).toBe("Rejected")
    expect(verified.checkout!.plan!.id).toBeUndefined()
    await page.close()
  })

  it("cancelling returns the customer with a refusal and no plan", async () => {
    const checkout = await createCheckout("order-browser-3")
    const page = await newPage()
    await page.goto(`${sandbox.url}/widget/checkout/${checkout.id}`)
    await page.getByRole("button", { name: "Cancel and return to the merchant" }).click()
    await page.waitForURL((url) => url.hostname === SHOP)
    expect(returnedId(page)).toEqual([checkout.id])
    expect(await verify(page, "order-browser-3")).toMatchObject({ allocate: false, reason: "not_accepted" })
    // coming back to a finished checkout: nothing more to do there
    await page.goto(`${sandbox.url}/widget/checkout/${checkout.id}`)
    await expect.poll(() => page.getByRole("status").textContent()).toBe(
      "This checkout was already declined or cancelled."
    )
    expect(await page.getByRole("button", { name: /^Pay\b/ }).isDisabled()).toBe(true)
    expect(await page.getByRole("button", { name: "Cancel and return to the merchant" }).isDisabled()).toBe(true)
    await page.close()
  })

  it("R6.8: a pay-in-full checkout takes the whole cost today and creates a plan without instalments", async () => {
    const checkout = await createCheckout("order-browser-6", { planType: "PayInFull" })
    const page = await newPage()
    await page.goto(`${sandbox.url}/widget/checkout/${checkout.id}`)
    const pay = page.getByRole("button", { name: /^Pay in full/ })
    await expect.poll(() => pay.textContent()).toBe("Pay in full: AUD\u00a01,100.00")
    expect(await page.getByLabel(/^Deposit/).inputValue()).toBe("1100.00")
    expect(await page.getByLabel(/^Deposit/).getAttribute("readonly")).not.toBeNull()
    expect(await page.getByRole("radio").count()).toBe(1)
    expect(await page.locator("#schedule tr").count()).toBe(1)
    await page.getByLabel("Card number").fill("4242424242424242")
    await pay.click()
    await page.waitForURL((url) => url.hostname === SHOP)
    const verified = await verify(page, "order-browser-6")
    expect(verified).toMatchObject({ allocate: true, checkoutId: checkout.id })
    expect(verified.checkout!.plan!.deposit).toMatchObject({ status: "Accepted", amount: 1100 })
    expect(verified.checkout!.plan!.instalments!.count).toBe(0)
    await page.close()
  })

  it("R1.2: shows a zero-decimal currency without decimals", async () => {
    const checkout = await createCheckout("order-browser-5", { currencyCode: "JPY" })
    const page = await newPage()
    await page.goto(`${sandbox.url}/widget/checkout/${checkout.id}`)
    await expect.poll(() => page.locator("#total").textContent()).toBe("JPY\u00a01,100")
    expect(await page.locator("#minimum").textContent()).toBe("JPY\u00a0280")
    expect(await page.getByLabel(/^Deposit/).getAttribute("step")).toBe("1")
    await page.close()
  })

  it("R4.7: an expired checkout says so and cannot be paid", async () => {
    const checkout = await createCheckout("order-browser-4", { expiry: 10 })
    clock.now = NOW + 10 * 60_000
    try {
      const page = await newPage()
      await page.goto(`${sandbox.url}/widget/checkout/${checkout.id}`)
      await expect.poll(() => page.getByRole("status").textContent()).toMatch(/expired/)
      expect(await page.getByRole("button", { name: /^Pay\b/ }).isDisabled()).toBe(true)
      expect(await page.locator("#plan-section").isHidden()).toBe(true)
      await page.close()
      // nor behind the page's back
      const complete = await fetch(`${sandbox.url}/widget/api/checkouts/${checkout.id}/complete`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          card: "4242424242424242",
          planTerms: { checkoutId: checkout.id, type: "plan", timeZone: "UTC" }
        })
      })
      expect(complete.status).toBe(410)
    } finally {
      clock.now = NOW
    }
    const redirect = new URL(checkout.redirectURL)
    redirect.searchParams.set("service_checkout_id", checkout.id)
    expect(await client.verifyCheckout(redirect, { merchantOrderId: "order-browser-4" })).toMatchObject({
      allocate: false,
      reason: "missing_plan"
    })
  })

  it("webhooks: create → pay in Chromium → clock advance → cancel sends the expected events in order, each verified by standardwebhooks", async () => {
    const receiver = await startReceiver()
    const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
    const auth = `Basic ${Buffer.from(`${HOOKS_MERCHANT.id}:${HOOKS_MERCHANT.apiKey}`).toString("base64")}`
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${sandbox.url}${path}`, {
        method,
        headers: { authorization: auth, ...(body === undefined ? {} : { "content-type": "application/json" }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) })
      })
      const text = await response.text()
      return { status: response.status, body: text === "" ? undefined : JSON.parse(text) }
    }
    try {
      expect((await call("PUT", "/sandbox/webhook", { url: receiver.url, secret })).status).toBe(200)
      const hooks = createClient({ baseUrl: sandbox.url, merchantId: HOOKS_MERCHANT.id, apiKey: HOOKS_MERCHANT.apiKey })
      const created = await hooks.createCheckout({
        ...exampleRequest(),
        merchantId: HOOKS_MERCHANT.id,
        merchantOrderId: "order-browser-hooks"
      })
      if (!created.ok) throw new Error(`create checkout failed: ${String(created.error)}`)
      const checkoutId = (created.checkout as { id: string }).id

      // the customer pays the deposit with the card whose later instalments fail
      const page = await newPage()
      await page.goto(`${sandbox.url}/widget/checkout/${checkoutId}`)
      await page.getByRole("radio", { name: /^Fortnightly/ }).check()
      await page.getByLabel("Card number").fill("4000 0000 0000 0341")
      await page.getByRole("button", { name: /^Pay\b/ }).click()
      await page.waitForURL((url) => url.hostname === SHOP)
      const verified = await hooks.verifyCheckout(page.url(), { merchantOrderId: "order-browser-hooks" })
      await page.close()
      expect(verified).toMatchObject({ allocate: true, checkoutId })
      const planId = verified.allocate ? verified.planId : undefined
      if (planId === undefined) throw new Error("no plan after the deposit")

      // the merchant's clock passes instalments that fall due, then the merchant cancels
      const advanced = await call("POST", "/sandbox/clock/advance", { days: 33 })
      expect(advanced.status).toBe(200)
      const settled = advanced.body.settledInstallments as number
      expect(settled).toBeGreaterThanOrEqual(1)
      const calculation = await call("GET", `/api/v2/plans/${planId}/cancellation-summary`)
      const refund = calculation.body.suggestedRefundAmount as number
      const cancelled = await call("POST", `/api/v2/plans/${planId}/cancel`, {
        planId,
        refundableAmount: refund,
        reason: "CustomerRequest"
      })
      expect(cancelled.status).toBe(200)

      // checkout.completed, the deposit paid, OnSchedule, each missed instalment (Late after the first),
      // plan.cancelled, Late → Cancelled
      const expected = expectedLabels({ merchantId: HOOKS_MERCHANT.id, planId, card: "failsLater", settled })
      expect(expected.slice(0, 5)).toEqual([
        "checkout.completed",
        "plan.installment_paid#1",
        "plan.status_changed:PendingDeposit>OnSchedule",
        "plan.installment_failed#2",
        "plan.status_changed:OnSchedule>Late"
      ])
      await receiver.waitFor(expected.length)
      // every delivery settled: nothing more will reach the receiver
      await waitFor(
        async () =>
          ((await call("GET", "/sandbox/webhook/deliveries?limit=500")).body.deliveries as Array<{ state: string }>)
            .every((d) => d.state !== "pending"),
        { what: "no pending delivery" }
      )
      const webhook = new Webhook(secret)
      const events = receiver.received.map((r) =>
        webhook.verify(r.body, {
          "webhook-id": r.id,
          "webhook-timestamp": r.timestamp,
          "webhook-signature": r.signature
        }) as { type: string; timestamp: string; data: Record<string, unknown> }
      )
      expect(events.map(labelOf)).toEqual(expected)
      expect(new Set(receiver.received.map((r) => r.id)).size).toBe(expected.length)
      expect(events.every((e) => e.data["planId"] === planId)).toBe(true)
      expect(events[0]!.data).toMatchObject({ checkoutId, merchantOrderId: "order-browser-hooks", depositAmount: 280 })
      expect(events.at(-2)!.data).toMatchObject({ refundAmount: refund, reason: "CustomerRequest" })
      // a tampered body or another secret fails the same check
      const [first] = receiver.received
      const headers = {
        "webhook-id": first!.id,
        "webhook-timestamp": first!.timestamp,
        "webhook-signature": first!.signature
      }
      expect(() => webhook.verify(first!.body.replace("280", "281"), headers)).toThrow()
      expect(() =>
        new Webhook("whsec_" + Buffer.from("another secret").toString("base64")).verify(first!.body, headers)
      )
        .toThrow()
    } finally {
      await call("DELETE", "/sandbox/webhook")
      await receiver.close()
    }
  })
})
