/**
 * The hosted page's controller (src/adapters/sandbox/widget/controller.ts), in
 * Node without a browser: its view is a plain object that keeps what each part
 * of the page was last given, its environment a fetch (the sandbox in-process,
 * or a script of answers), a timer the test runs by hand, and a record of
 * where the customer was sent. Every transition of the page: load, choose a
 * cadence, type a deposit, terms arriving or failing (and arriving late), pay,
 * declined, expired, cancel, redirect. The DOM side of the same page runs in
 * Chromium (test/adapters/sandbox/browser.test.ts).
 */
import { describe, expect, it } from "vitest"
import {
  type Buttons,
  type DepositField,
  type FetchedResponse,
  pageController,
  type PageEnvironment,
  type PageView,
  type Tone,
  TYPING_PAUSE_MS
} from "../../../../src/adapters/sandbox/widget/controller.ts"
import { formatDate } from "../../../../src/adapters/sandbox/widget/page.ts"
import { API_PATH, type PageConfig } from "../../../../src/adapters/sandbox/widget/protocol.ts"
import type {
  CadenceOption,
  MilestonesView,
  OrderView,
  ScheduleView
} from "../../../../src/adapters/sandbox/widget/screen.ts"
import { BASE, checkoutRequest, createCheckout, makeSandbox, type TestSandbox } from "../helpers.ts"

const AUD = (text: string) => `AUD\u00a0${text}`

/** A view that keeps what each part of the page was last given. */
const recordingView = () => {
  const shown = {
    message: { text: "", tone: undefined as Tone | undefined, link: undefined as string | undefined },
    messages: [] as Array<string>,
    app: undefined as boolean | undefined,
    order: undefined as OrderView | undefined,
    milestones: undefined as MilestonesView | undefined,
    plan: true,
    deposit: {} as DepositField,
    depositRange: "",
    depositError: "",
    cadences: [] as ReadonlyArray<CadenceOption>,
    schedule: { rows: [], chart: undefined } as ScheduleView,
    buttons: undefined as Buttons | undefined,
    cardError: "",
    locked: false
  }
  const view: PageView = {
    message: (text, tone, link) => {
      shown.message = { text, tone, link }
      shown.messages.push(text)
    },
    app: (app) => void (shown.app = app),
    order: (order) => void (shown.order = order),
    milestones: (milestones) => void (shown.milestones = milestones),
    plan: (plan) => void (shown.plan = plan),
    deposit: (field) => void (shown.deposit = { ...shown.deposit, ...field }),
    depositRange: (text) => void (shown.depositRange = text),
    depositError: (text) => void (shown.depositError = text),
    cadences: (options) => void (shown.cadences = options),
    schedule: (schedule) => void (shown.schedule = schedule),
    buttons: (buttons) => void (shown.buttons = buttons),
    cardError: (text) => void (shown.cardError = text),
    lock: () => void (shown.locked = true)
  }
  return { view, shown }
}

type Fetch = PageEnvironment["fetch"]

/** The page's environment: `fetch`, a timer run by hand, and where the customer was sent. */
const environment = (fetch: Fetch) => {
  const timers: Array<{ run: () => void; cancelled: boolean }> = []
  const left: Array<string> = []
  const requests: Array<{ method: string; path: string; body: unknown }> = []
  const env: PageEnvironment = {
    fetch: (url, init) => {
      requests.push({
        method: init.method,
        path: new URL(url).pathname,
        body: init.body === undefined ? undefined : JSON.parse(init.body)
      })
      return fetch(url, init)
    },
    timeZone: "Australia/Sydney",
    now: () => Date.parse("2026-11-22T00:00:00Z"),
    later: (run) => {
      const timer = { run, cancelled: false }
      timers.push(timer)
      return () => void (timer.cancelled = true)
    },
    href: `${BASE}/widget/checkout/chk`,
    leave: (url) => void left.push(url)
  }
  /** Runs the timers that are due (the customer stopped typing). */
  const pause = () => {
    for (const timer of timers.splice(0)) if (!timer.cancelled) timer.run()
  }
  return { env, left, requests, pause, pending: () => timers.filter((t) => !t.cancelled).length }
}

/** `fetch` answered by the sandbox in-process. */
const sandboxFetch = (t: TestSandbox): Fetch => (url, init) =>
  t.sandbox.fetch(
    new Request(url, { method: init.method, headers: init.headers, ...(init.body ? { body: init.body } : {}) })
  )

/** Lets the promises the controller started settle: a few turns of the event loop. */
const settle = async () => {
  for (let turn = 0; turn < 10; turn++) await new Promise<void>((resolve) => setTimeout(resolve, 0))
}

const configOf = (checkoutId: string): PageConfig => ({ checkoutId, baseUrl: BASE, apiPath: API_PATH })

/** A page on a new checkout of the sandbox in-process, loaded. */
const loadedPage = async (overrides: Record<string, unknown> = {}) => {
  const t = makeSandbox()
  const checkout = await createCheckout(t, overrides)
  const { view, shown } = recordingView()
  const browser = environment(sandboxFetch(t))
  const page = pageController(configOf(checkout.id), browser.env, view)
  await page.load()
  return { t, checkout, page, shown, ...browser }
}

/** The merchant's own compute-plan-terms answer for the checkout: what the page must show. */
const merchantTerms = async (t: TestSandbox, checkoutId: string, installments?: unknown, deposit?: number) =>
  (await t.call("POST", `/api/v2/checkout/${checkoutId}/to-plan/calculate`, {
    body: {
      checkoutId,
      type: "plan",
      timeZone: "Australia/Sydney",
      ...(installments === undefined ? {} : { installments }),
      ...(deposit === undefined ? {} : { deposit: { amount: deposit } })
    }
  })).body

/** A response of a scripted fetch. */
const answer = (status: number, body: unknown): FetchedResponse => ({
  status,
  ok: status >= 200 && status < 300,
  text: async () => (body === undefined ? "" : JSON.stringify(body))
})

describe("the page's controller, without a browser", () => {
  it("loads the checkout: the order, the milestones, the default deposit (R6.4) and each cadence's terms", async () => {
    const { t, checkout, page, shown } = await loadedPage()
    expect(shown.app).toBe(true)
    expect(shown.order).toMatchObject({
      total: AUD("1,100.00"),
      minimum: AUD("280.00"),
      completion: formatDate(checkout["completionDate"]),
      merchantOrder: checkout["merchantOrderId"]
    })
    expect(shown.order!.rows.map((row) => row[0])).toEqual(["Festival ticket", "Hotel, two nights"])
    expect(shown.milestones!.items.length).toBeGreaterThan(0)
    expect(shown.deposit).toMatchObject({ step: "0.01", currency: "AUD", value: "280.00", min: "280.00" })
    expect(shown.depositRange).toBe(`Between ${AUD("280.00")} and ${AUD("1,099.00")}.`)
    expect(shown.cadences.map((o) => o.cadence)).toEqual(["Weekly", "Fortnightly", "Monthly"])
    // the first acceptable cadence is chosen, its schedule shown, and the button names its first payment
    const weekly = await merchantTerms(t, checkout.id)
    expect(page.state.frequency).toBe("Weekly")
    expect(shown.cadences[0]).toMatchObject({ checked: true, disabled: false, unavailable: false })
    expect(shown.cadences[0]!.terms).toBe(
      `${weekly.installments.count} weekly payments of ${AUD(weekly.installments.amount.toFixed(2))} after the deposit`
    )
    expect(shown.schedule.rows).toHaveLength(weekly.schedule.length)
    expect(shown.schedule.rows[0]).toEqual([
      "1 (deposit)",
      "Sun 22 Nov 2026",
      AUD(weekly.schedule[0].amount.toFixed(2))
    ])
    expect(shown.buttons).toEqual({
      pay: { text: `Pay ${AUD(weekly.schedule[0].amount.toFixed(2))} today`, disabled: false },
      cancelDisabled: false
    })
  })

  it("choosing a cadence shows its schedule and names its first payment", async () => {
    const { t, checkout, page, shown } = await loadedPage()
    page.chooseCadence("Monthly")
    const monthly = await merchantTerms(t, checkout.id, { cadence: { frequency: "Monthly" } })
    expect(shown.schedule.rows).toHaveLength(monthly.schedule.length)
    expect(shown.schedule.chart?.points).toHaveLength(monthly.schedule.length)
    expect(shown.buttons!.pay.text).toBe(`Pay ${AUD(monthly.schedule[0].amount.toFixed(2))} today`)
  })

  it("typing a deposit: refused at once when it cannot be one, else computed once the customer pauses", async () => {
    const { t, checkout, page, shown, requests, pause, pending } = await loadedPage()
    const asked = requests.length
    page.typeDeposit("280.001")
    expect(shown.depositError).toBe("Enter an amount with at most 2 decimal places.")
    expect(shown.buttons!.pay.disabled).toBe(true)
    page.typeDeposit("100")
    expect(shown.depositError).toBe(`The deposit must be at least ${AUD("280.00")}.`)
    expect(pending()).toBe(0)
    expect(requests).toHaveLength(asked)

    page.typeDeposit("500")
    expect(shown.depositError).toBe("")
    // busy until the terms of the new deposit arrive: the old terms are not paid
    expect(shown.buttons!.pay.disabled).toBe(true)
    expect(pending()).toBe(1)
    pause()
    // the same amount again (a change event after the input event): the calculation under way is kept
    page.typeDeposit("500.00")
    expect(pending()).toBe(0)
    await settle()
    expect(requests.slice(asked).map((r) => (r.body as { deposit?: unknown }).deposit)).toEqual([
      { amount: 500 },
      { amount: 500 },
      { amount: 500 }
    ])
    const weekly = await merchantTerms(t, checkout.id, undefined, 500)
    expect(shown.buttons).toMatchObject({
      pay: { text: `Pay ${AUD(weekly.schedule[0].amount.toFixed(2))} today`, disabled: false }
    })
    expect(TYPING_PAUSE_MS).toBe(250)
  })

  it("an answer to an older deposit, arriving after the newer one's, is dropped", async () => {
    const t = makeSandbox()
    const checkout = await createCheckout(t)
    const real = sandboxFetch(t)
    // the answers to the deposit of 400 are held back until the test lets them go
    const held: Array<() => Promise<FetchedResponse>> = []
    const fetch: Fetch = (url, init) =>
      init.body?.includes("\"amount\":400") ?
        new Promise((resolve) =>
          held.push(() => {
            const response = real(url, init)
            resolve(response)
            return response
          })
        ) :
        real(url, init)
    const { view, shown } = recordingView()
    const browser = environment(fetch)
    const page = pageController(configOf(checkout.id), browser.env, view)
    await page.load()
    page.typeDeposit("400")
    browser.pause()
    page.typeDeposit("600")
    browser.pause()
    await settle()
    expect(page.state.deposit).toBe(60000)
    const first = shown.buttons!.pay.text
    expect(held).toHaveLength(3)
    await Promise.all(held.map((release) => release()))
    await settle()
    expect(page.state.deposit).toBe(60000)
    expect(shown.buttons!.pay.text).toBe(first)
    expect(shown.buttons!.pay.disabled).toBe(false)
  })

  it("terms that cannot be computed are said; a sandbox that cannot be reached too; an expired checkout closes the page", async () => {
    const t = makeSandbox()
    const checkout = await createCheckout(t)
    const real = sandboxFetch(t)
    let termsAnswer: () => Promise<FetchedResponse> = async () => answer(500, { message: "boom" })
    const fetch: Fetch = (url, init) => (url.endsWith("/plan-terms") ? termsAnswer() : real(url, init))
    const { view, shown } = recordingView()
    const browser = environment(fetch)
    const page = pageController(configOf(checkout.id), browser.env, view)
    await page.load()
    expect(shown.message).toMatchObject({ text: "The plan could not be calculated: boom", tone: "bad" })
    expect(shown.buttons!.pay.disabled).toBe(true)

    termsAnswer = () => Promise.reject(new TypeError("fetch failed"))
    page.typeDeposit("300")
    browser.pause()
    await settle()
    expect(shown.message.text).toBe("The sandbox could not be reached. Check that it is running and try again.")
    expect(page.state.busy).toBe(false)

    termsAnswer = async () => answer(410, { code: "checkout_expired", message: "expired" })
    page.typeDeposit("310")
    browser.pause()
    await settle()
    expect(shown.message).toMatchObject({
      text: "This checkout has expired and can no longer be completed.",
      tone: "bad"
    })
    expect(shown.locked).toBe(true)
    expect(shown.buttons).toEqual({ pay: { text: "Pay", disabled: true }, cancelDisabled: false })
  })

  it("pays the terms shown: the card checked first, then the first payment charged and the customer sent back", async () => {
    const { t, checkout, page, shown, requests, left } = await loadedPage()
    page.chooseCadence("Fortnightly")
    await page.submit("4242")
    expect(shown.cardError).toBe("Enter a card number of 12 to 19 digits.")
    expect(requests.some((r) => r.path.endsWith("/complete"))).toBe(false)

    const fortnightly = await merchantTerms(t, checkout.id, { cadence: { frequency: "Fortnightly" } })
    await page.submit("4242 4242 4242 4242")
    expect(shown.cardError).toBe("")
    const completion = requests.find((r) => r.path.endsWith("/complete"))!.body as Record<string, any>
    expect(completion).toMatchObject({
      card: "4242424242424242",
      firstPayment: fortnightly.schedule[0].amount,
      planTerms: { checkoutId: checkout.id, installments: { cadence: { frequency: "Fortnightly" } } }
    })
    expect(shown.messages).toContain("Processing your payment…")
    const back = new URL(checkoutRequest().redirectURL)
    back.searchParams.set("service_checkout_id", checkout.id)
    expect(left).toEqual([back.href])
    expect(shown.message).toEqual({
      text: "Payment accepted. Your plan is set up; returning you to the merchant…",
      tone: "good",
      link: back.href
    })
    expect(shown.buttons).toMatchObject({ pay: { disabled: true }, cancelDisabled: true })
    // the plan paid is the one shown
    const verified = (await t.call("GET", `/api/v2/checkout/${checkout.id}`)).body
    expect(verified.plan.deposit).toMatchObject({ status: "Accepted", amount: fortnightly.schedule[0].amount })
  })

  it("a declined card sends the customer back with the refusal (R8.2)", async () => {
    const { t, checkout, page, shown, left } = await loadedPage()
    await page.submit("4000 0000 0000 0002")
    expect(shown.message.text).toBe("The card was declined; no plan was created Returning you to the merchant…")
    expect(shown.message.tone).toBe("bad")
    expect(left).toHaveLength(1)
    expect(new URL(left[0]!).searchParams.get("service_checkout_id")).toBe(checkout.id)
    expect((await t.call("GET", `/api/v2/checkout/${checkout.id}`)).body.plan.deposit.status).toBe("Rejected")
  })

  it("terms that changed since they were shown are not charged: the new ones are shown to pay again (R6.9)", async () => {
    const { t, page, shown, left } = await loadedPage({ expiry: 14 * 1440 })
    const before = shown.buttons!.pay.text
    t.clock.now += 7 * 86_400_000
    await page.submit("4242424242424242")
    await settle()
    expect(shown.messages).toContain("The amount due today has changed. Check the new schedule and pay again.")
    expect(left).toEqual([])
    expect(shown.buttons!.pay.text).not.toBe(before)
    expect(shown.buttons!.pay.disabled).toBe(false)
  })

  it("R4.7: a checkout expired when loaded is closed, and one that expires before paying refuses the payment", async () => {
    const t = makeSandbox()
    const checkout = await createCheckout(t, { expiry: 10 })
    t.clock.now += 10 * 60_000
    const { view, shown } = recordingView()
    await pageController(configOf(checkout.id), environment(sandboxFetch(t)).env, view).load()
    expect(shown.message.text).toBe(
      "This checkout has expired and can no longer be completed. Ask the merchant for a new one."
    )
    expect(shown.plan).toBe(false)
    expect(shown.locked).toBe(true)
    expect(shown.buttons!.pay.disabled).toBe(true)

    const later = await loadedPage({ expiry: 10 })
    later.t.clock.now += 10 * 60_000
    await later.page.submit("4242424242424242")
    expect(later.shown.message.text).toBe("This checkout has expired and can no longer be completed.")
    expect(later.shown.locked).toBe(true)
    expect(later.left).toEqual([])
  })

  it("cancelling sends the customer back; a finished checkout says so and stays closed", async () => {
    const { t, checkout, page, shown, left } = await loadedPage()
    await page.cancel()
    expect(shown.message.text).toBe("Checkout cancelled; returning you to the merchant…")
    expect(left).toHaveLength(1)

    const { view, shown: again } = recordingView()
    await pageController(configOf(checkout.id), environment(sandboxFetch(t)).env, view).load()
    expect(again.message.text).toBe("This checkout was already declined or cancelled.")
    expect(again.plan).toBe(false)
    expect(again.buttons).toEqual({ pay: { text: "Pay", disabled: true }, cancelDisabled: true })
  })

  it("R6.8: a pay-in-full checkout offers one option, its whole cost today, with the deposit fixed", async () => {
    const { page, shown } = await loadedPage({ planType: "PayInFull" })
    expect(shown.cadences.map((o) => [o.cadence, o.label])).toEqual([["PayInFull", "Pay in full"]])
    expect(shown.deposit).toMatchObject({ readOnly: true, value: "1100.00" })
    expect(shown.depositRange).toBe("Paid in full today.")
    expect(shown.buttons!.pay).toEqual({ text: `Pay in full: ${AUD("1,100.00")}`, disabled: false })
    expect(page.state.frequency).toBe("PayInFull")
  })

  it("follows only an http(s) redirect; a checkout that does not load, or a sandbox that cannot be reached, is said", async () => {
    const t = makeSandbox()
    const checkout = await createCheckout(t)
    const real = sandboxFetch(t)
    const fetch: Fetch = (url, init) =>
      url.endsWith("/cancel") ? Promise.resolve(answer(200, { redirectUrl: "javascript:alert(1)" })) : real(url, init)
    const { view, shown } = recordingView()
    const browser = environment(fetch)
    const page = pageController(configOf(checkout.id), browser.env, view)
    await page.load()
    await page.cancel()
    expect(shown.message).toMatchObject({ text: "The merchant's return address is not valid.", tone: "bad" })
    expect(browser.left).toEqual([])

    const missing = recordingView()
    await pageController(configOf("chk_missing"), environment(real).env, missing.view).load()
    expect(missing.shown.app).toBe(false)
    expect(missing.shown.message.text).toBe("This checkout does not exist.")

    const away = recordingView()
    await pageController(configOf(checkout.id), environment(() => Promise.reject(new TypeError("down"))).env, away.view)
      .load()
    expect(away.shown.message.text).toBe("The sandbox could not be reached. Check that it is running and try again.")
  })
})
